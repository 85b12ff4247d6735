// SPDX-License-Identifier: GPL-2.0
/*
 * plot.c - --plot: PREFIX.dat (the numbers), PREFIX.gp (a gnuplot script:
 * one picture, a panel per shown metric, 1 to 3 columns), then gnuplot
 * run on them to make PREFIX.svg and PREFIX.png.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "compare.h"
#include "tool.h"

/*
 * Spread a variant's dots by up to +/-0.15 along x. A fixed xorshift
 * sequence, so that the same input gives the same picture every time.
 */
static double jitter(void)
{
	static uint32_t x = 2463534242u;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return ((double)(x % 10001) / 10000.0 - 0.5) * 0.3;
}

/*
 * Two gnuplot data sets per shown metric, in order: every sample as
 * (row + jitter, value), then each variant's (row, mean, stddev).
 */
static void write_data(FILE *f, const struct results *r)
{
	size_t m, i;

	for (m = 0; m < r->nmetrics; m++) {
		if (!r->metrics[m].selected)
			continue;
		fprintf(f, "# %s: samples (x y)\n", r->metrics[m].name);
		for (i = 0; i < r->nsamples; i++)
			if (r->samples[i].metric == (int)m)
				fprintf(f, "%.4f %.10g\n",
					r->row[r->samples[i].variant] + jitter(),
					r->samples[i].value);
		fprintf(f, "\n\n# %s: mean and stddev (x mean sd)\n",
			r->metrics[m].name);
		for (i = 0; i < r->nvariants; i++) {
			const struct stats *s = stats_at(r, (int)m, r->order[i]);

			if (s->n)
				fprintf(f, "%zu %.10g %.10g\n", i, s->mean,
					isfinite(s->sd) ? s->sd : 0.0);
		}
		fputs("\n\n", f);
	}
}

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

/* The script names PREFIX.dat, .svg and .png by @prefix as given. */
static void write_script(FILE *f, const struct results *r, const char *prefix)
{
	char *dat = xprintf("%s.dat", prefix);
	char *svg = xprintf("%s.svg", prefix);
	char *png = xprintf("%s.png", prefix);
	int k = 0, cols, rows, w, h;
	size_t m;

	for (m = 0; m < r->nmetrics; m++)
		k += r->metrics[m].selected;
	cols = k == 1 ? 1 : k <= 4 ? 2 : 3;
	rows = (k + cols - 1) / cols;
	w = cols * 520;
	h = rows * 400;
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

/* @prog is an executable in some folder of PATH (empty entries: "."). */
static bool in_path(const char *prog)
{
	const char *path = getenv("PATH"), *p, *colon;
	bool found = false;

	for (p = path ? path : ""; !found && *p; p = *colon ? colon + 1 : colon) {
		char *file;
		int len;

		colon = strchr(p, ':');
		if (!colon)
			colon = p + strlen(p);
		len = (int)(colon - p);
		file = len ? xprintf("%.*s/%s", len, p, prog) : xprintf("./%s", prog);
		found = access(file, X_OK) == 0;
		free(file);
	}
	return found;
}

static FILE *create(const char *prefix, const char *ext, char **path)
{
	FILE *f;

	*path = xprintf("%s%s", prefix, ext);
	f = fopen(*path, "w");
	if (!f)
		die(1, "%s: %s", *path, strerror(errno));
	return f;
}

static void close_file(FILE *f, const char *path)
{
	if (ferror(f) | fclose(f))
		die(1, "%s: write error", path);
}

static void run_gnuplot(const char *gp)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		die(1, "fork: %s", strerror(errno));
	if (!pid) {
		/* gnuplot's own messages go to our stderr, not the table */
		dup2(STDERR_FILENO, STDOUT_FILENO);
		execlp("gnuplot", "gnuplot", gp, (char *)NULL);
		fprintf(stderr, "compare: gnuplot: %s\n", strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		die(1, "waitpid: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		die(1, "gnuplot %s failed", gp);
}

void plot(const struct results *r, const char *prefix)
{
	char *dat, *gp;
	FILE *f;

	f = create(prefix, ".dat", &dat);
	write_data(f, r);
	close_file(f, dat);
	f = create(prefix, ".gp", &gp);
	write_script(f, r, prefix);
	close_file(f, gp);
	/* the files are useful without gnuplot: say so, but after writing them */
	if (!in_path("gnuplot"))
		die(1, "gnuplot not found in PATH: wrote %s and %s but no %s.svg/.png",
		    dat, gp, prefix);
	run_gnuplot(gp);
	free(dat);
	free(gp);
}
