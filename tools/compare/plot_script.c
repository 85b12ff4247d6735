// SPDX-License-Identifier: GPL-2.0
/* plot_script.c - PREFIX.gp, the gnuplot script: multiplot, 1 to 3 columns. */
#include <math.h>
#include <stdlib.h>

#include "xalloc.h"
#include "plot_script.h"
#include "rows.h"
#include "stats.h"

/* gnuplot single-quoted string: only ' needs doubling */
static void gp_str(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

/* y range of a panel: every sample and mean +/- sd, with a margin. */
static void gp_yrange(FILE *f, const struct results *r, int m)
{
	double lo = INFINITY, hi = -INFINITY, pad;
	size_t v;

	for (v = 0; v < r->nvariants; v++) {
		const struct stats *s = stats_at(r, m, (int)v);
		double sd = isfinite(s->sd) ? s->sd : 0.0;

		if (!s->n)
			continue;
		lo = fmin(lo, fmin(s->min, s->mean - sd));
		hi = fmax(hi, fmax(s->max, s->mean + sd));
	}
	pad = (hi - lo) * 0.08;
	if (pad == 0)
		pad = lo != 0 ? fabs(lo) * 0.05 : 1.0;
	fprintf(f, "set yrange [%.10g:%.10g]\n", lo - pad, hi + pad);
}

/* Panel @index draws data sets 2 * index (samples) and 2 * index + 1 (means). */
static void gp_panel(FILE *f, const struct results *r, const char *dat,
		     int m, int index)
{
	const struct metric *mt = &r->metrics[m];
	char *title = metric_title(r, m);
	size_t i;

	fputs("set title ", f);
	gp_str(f, title);
	fprintf(f, " . ', %s'\n",
		mt->better == BETTER_LOWER ? "lower is better" :
		mt->better == BETTER_HIGHER ? "higher is better" : "no direction");
	fputs("set ylabel ", f);
	gp_str(f, mt->unit);
	fputc('\n', f);
	gp_yrange(f, r, m);
	fprintf(f, "set xrange [-0.5:%zu.5]\nset xtics (", r->nvariants - 1);
	for (i = 0; i < r->nvariants; i++) {
		char *vt = variant_title(r, r->order[i]);

		fputs(i ? ", " : "", f);
		gp_str(f, vt);
		fprintf(f, " %zu", i);
		free(vt);
	}
	fprintf(f, ")%s\n", r->nvariants > 3 ? " rotate by -25" : " norotate");
	fputs("plot ", f);
	gp_str(f, dat);
	fprintf(f, " index %d using 1:2 with points pt 7 ps 0.6 lc rgb '#4477aa'"
		" title 'samples', \\\n     '' index %d using 1:2:3 with yerrorbars"
		" pt 5 ps 1.2 lw 2 lc rgb '#cc3311' title 'mean +/- stddev'\n",
		2 * index, 2 * index + 1);
	free(title);
}

static void gp_picture(FILE *f, const struct results *r, const char *dat,
		       const char *out, int rows, int cols)
{
	size_t m;
	int index = 0;

	fputs("set termoption noenhanced\nset output ", f);
	gp_str(f, out);
	fprintf(f, "\nset multiplot layout %d,%d\n", rows, cols);
	for (m = 0; m < r->nmetrics; m++)
		if (r->metrics[m].selected)
			gp_panel(f, r, dat, (int)m, index++);
	fputs("unset multiplot\nset output\n", f);
}

void write_plot_script(FILE *f, const struct results *r, const char *prefix)
{
	int k = (int)selected_metrics(r);
	int cols = k == 1 ? 1 : k <= 4 ? 2 : 3;
	int rows = (k + cols - 1) / cols;
	int w = cols * 520, h = rows * 400;
	char *dat = xprintf("%s.dat", prefix);
	char *svg = xprintf("%s.svg", prefix);
	char *png = xprintf("%s.png", prefix);

	fputs("# written by tools/compare/compare; gnuplot this file\n"
	      "set grid ytics\nset key below\nset bars small\n", f);
	fprintf(f, "set terminal svg size %d,%d font 'sans,11' background '#ffffff'\n",
		w, h);
	gp_picture(f, r, dat, svg, rows, cols);
	/* not every gnuplot build has cairo */
	fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
		"\tset terminal pngcairo size %d,%d font 'sans,10'\n"
		"} else {\n\tset terminal png size %d,%d\n}\n", w, h, w, h);
	gp_picture(f, r, dat, png, rows, cols);
	free(png);
	free(svg);
	free(dat);
}
