// SPDX-License-Identifier: GPL-2.0
/*
 * table.c - the table output: per metric a header, a row per variant and
 * under each but the baseline its change against the baseline.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "numfmt.h"
#include "report.h"
#include "rows.h"
#include "stats.h"
#include "table.h"

#define LABEL_MIN	30
#define NCELLS		8
#define NUMBUF		48

static const char *const direction_text[BETTER_COUNT] = {
	"- is good", "+ is good", "<not defined>",
};

/* COUNT .. P-VALUE; the last one is not padded */
static const int cell_width[NCELLS] = { 5, 10, 10, 10, 10, 9, 13, 0 };

struct table {
	const struct results *r;
	double alpha;
	int label_width;
};

/* At least LABEL_MIN, and one blank after the longest label. */
static int label_width(const struct results *r)
{
	size_t i;
	int w = LABEL_MIN;

	for (i = 0; i < r->nvariants; i++) {
		char *t = variant_title(r, (int)i);

		if ((int)strlen(t) >= w)
			w = (int)strlen(t) + 1;
		free(t);
	}
	for (i = 0; i < r->nmetrics; i++) {
		char *t;

		if (!r->metrics[i].selected)
			continue;
		t = metric_title(r, (int)i);
		if ((int)strlen(t) >= w)
			w = (int)strlen(t) + 1;
		free(t);
	}
	return w;
}

/* One table line; @cell ends early at a NULL; trailing blanks dropped. */
static void table_row(const struct table *t, const char *label,
		      const char *const *cell, int ncells)
{
	char *buf = NULL;
	size_t size = 0, len;
	FILE *f = open_memstream(&buf, &size);
	int i;

	if (!f)
		die(1, "out of memory");
	fprintf(f, "  %-*s", t->label_width, label);
	for (i = 0; i < ncells && cell[i]; i++)
		fprintf(f, "| %-*s ", cell_width[i], cell[i]);
	fclose(f);
	len = strlen(buf);
	while (len && buf[len - 1] == ' ')
		buf[--len] = '\0';
	puts(buf);
	free(buf);
}

static void table_header(const struct table *t)
{
	int w = t->label_width + 2, left = (w - 5 + 1) / 2, i;

	printf("%*s%-*s", left, "", w - left, "LABEL");
	puts("| COUNT |    MIN     |    MAX     |    MEAN    |   MEDIAN   |"
	     "  STDDEV   |   DIRECTION   | P-VALUE");
	for (i = 0; i < w; i++)
		putchar('-');
	puts("+-------+------------+------------+------------+------------+"
	     "-----------+---------------+---------");
}

static const char *no_samples_text(const struct results *r, int variant)
{
	int f = r->variants[variant].failure;

	if (f < 0)
		return "no samples";
	if (!strcmp(r->failures[f].status, "crashed"))
		return "no samples (crashed)";
	if (!strcmp(r->failures[f].status, "timeout"))
		return "no samples (timeout)";
	return "no samples (failed)";
}

static void table_variant(const struct table *t, int m, int v)
{
	const struct stats *s = stats_at(t->r, m, v);
	char b[6][NUMBUF];
	const char *c[NCELLS] = { b[0], b[1], b[2], b[3], b[4], b[5], "", "" };
	char *title = variant_title(t->r, v);

	snprintf(b[0], NUMBUF, "%zu", s->n);
	if (!s->n) {
		c[1] = no_samples_text(t->r, v);
		table_row(t, title, c, 2);
		free(title);
		return;
	}
	fmt_num(b[1], NUMBUF, s->min, 4);
	fmt_num(b[2], NUMBUF, s->max, 4);
	fmt_num(b[3], NUMBUF, s->mean, 4);
	fmt_num(b[4], NUMBUF, s->median, 4);
	fmt_num(b[5], NUMBUF, s->sd, 5);
	table_row(t, title, c, NCELLS);
	free(title);
}

static void table_delta(const struct table *t, int m, int v, int base)
{
	const struct stats *s = stats_at(t->r, m, v), *a = stats_at(t->r, m, base);
	struct ptest pt = welch(a, s);
	char b[6][NUMBUF];
	const char *c[NCELLS] = { "", b[0], b[1], b[2], b[3], b[4],
				  direction_text[t->r->metrics[m].better], b[5] };

	fmt_pct(b[0], NUMBUF, a->min, s->min);
	fmt_pct(b[1], NUMBUF, a->max, s->max);
	fmt_pct(b[2], NUMBUF, a->mean, s->mean);
	fmt_pct(b[3], NUMBUF, a->median, s->median);
	fmt_pct(b[4], NUMBUF, a->sd, s->sd);
	fmt_p(b[5], NUMBUF, &pt, t->alpha);
	table_row(t, "", c, NCELLS);
}

static void table_metric(const struct table *t, int m)
{
	static const char *const empty[NCELLS] = { "", "", "", "", "", "", "", "" };
	const struct results *r = t->r;
	char *title = metric_title(r, m);
	size_t i;

	table_header(t);
	table_row(t, title, empty, NCELLS);
	free(title);
	for (i = 0; i < r->nvariants; i++) {
		int v = r->order[i];

		if (!shown(r, m, v))
			continue;
		table_variant(t, m, v);
		if (i && stats_at(r, m, v)->n)
			table_delta(t, m, v, r->order[0]);
	}
}

void print_table(const struct results *r, double alpha)
{
	struct table t = { r, alpha, label_width(r) };
	size_t i;

	print_preamble(r, stdout, AS_TABLE);
	for (i = 0; i < r->nmetrics; i++) {
		if (!r->metrics[i].selected)
			continue;
		putchar('\n');
		table_metric(&t, (int)i);
	}
	print_failed_boots(r, stdout, AS_TABLE, t.label_width);
}
