// SPDX-License-Identifier: GPL-2.0
/* rows.c - which metrics and variants are shown, in which order, as what. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"
#include "error.h"
#include "malformed.h"
#include "rows.h"
#include "stats.h"

void select_metrics(struct results *r, const char *const *names, size_t n)
{
	size_t i;

	if (!n)
		return;
	for (i = 0; i < r->nmetrics; i++)
		r->metrics[i].selected = false;
	for (i = 0; i < n; i++) {
		int m = find_metric(r, names[i]);

		if (m < 0)
			die(1, "no samples for metric '%s'", names[i]);
		r->metrics[m].selected = true;
	}
}

size_t selected_metrics(const struct results *r)
{
	size_t i, k = 0;

	for (i = 0; i < r->nmetrics; i++)
		k += r->metrics[i].selected;
	return k;
}

static _Noreturn void unknown_baseline(const struct results *r,
				       const char *baseline)
{
	size_t i;

	fprintf(stderr, "compare: unknown baseline variant '%s' (variants:",
		baseline);
	for (i = 0; i < r->nvariants; i++)
		fprintf(stderr, " %s", r->variants[i].label);
	fprintf(stderr, ")\n");
	finish(2);
}

static int baseline_variant(const struct results *r, const char *baseline)
{
	int v;

	if (!baseline)
		return 0;
	v = find_variant(r, baseline);
	if (v < 0 && r->ndirs > 1) {
		/* a bare name in a two-folder comparison: the first folder's */
		char *label = variant_label(r, baseline, 0);

		v = find_variant(r, label);
		free(label);
	}
	if (v < 0)
		unknown_baseline(r, baseline);
	return v;
}

void order_variants(struct results *r, const char *baseline)
{
	int base = baseline_variant(r, baseline);
	size_t i, n = 0;

	r->order = xrealloc(NULL, r->nvariants * sizeof(*r->order));
	r->row = xrealloc(NULL, r->nvariants * sizeof(*r->row));
	r->order[n++] = base;
	for (i = 0; i < r->nvariants; i++)
		if ((int)i != base)
			r->order[n++] = (int)i;
	for (i = 0; i < n; i++)
		r->row[r->order[i]] = (int)i;
}

bool shown(const struct results *r, int metric, int variant)
{
	const struct variant *v = &r->variants[variant];

	return r->row[variant] == 0 || stats_at(r, metric, variant)->n ||
	       (v->failure >= 0 && (r->metrics[metric].dirs >> v->dir & 1));
}

void row_letter(char *buf, size_t size, int row)
{
	char tmp[16];
	int n = 0;

	do {
		tmp[n++] = (char)('A' + row % 26);
		row = row / 26 - 1;
	} while (row >= 0 && n < (int)sizeof(tmp) - 1);
	if (size <= (size_t)n)
		n = (int)size - 1;
	buf[n] = '\0';
	for (int j = 0; j < n; j++)
		buf[j] = tmp[n - 1 - j];
}

char *variant_title(const struct results *r, int variant)
{
	char letter[16];

	row_letter(letter, sizeof(letter), r->row[variant]);
	return xprintf("(%s) %s", letter, r->variants[variant].label);
}

char *metric_title(const struct results *r, int metric)
{
	const struct metric *mt = &r->metrics[metric];

	if (*mt->unit)
		return xprintf("%s (%s)", mt->name, mt->unit);
	return xstrdup(mt->name);
}
