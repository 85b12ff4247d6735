// SPDX-License-Identifier: GPL-2.0
/* export.c - the rows csv and json write: one per shown (metric, variant). */
#include <math.h>

#include "export.h"
#include "rows.h"

static struct export_row export_row_of(const struct results *r, int m, int v)
{
	const struct stats *s = stats_at(r, m, v);
	const struct stats *base = stats_at(r, m, r->order[0]);
	struct export_row row = {
		.metric = m, .variant = v, .baseline = r->row[v] == 0,
		.count = s->n,
		/* a variant without samples has zeroes there, not numbers */
		.min = s->n ? s->min : NAN,
		.max = s->n ? s->max : NAN,
		.mean = s->n ? s->mean : NAN,
		.median = s->n ? s->median : NAN,
		.stddev = s->n ? s->sd : NAN,
		.delta_mean_pct = NAN,
		.pt = { P_BASELINE, NAN },
	};

	if (!row.baseline && s->n) {
		row.delta_mean_pct = pct_change(base->mean, s->mean);
		row.pt = welch(base, s);
	}
	return row;
}

void for_each_export_row(const struct results *r, export_row_fn *fn, void *arg)
{
	size_t m, i;

	for (m = 0; m < r->nmetrics; m++) {
		if (!r->metrics[m].selected)
			continue;
		for (i = 0; i < r->nvariants; i++) {
			struct export_row row;

			if (!shown(r, (int)m, r->order[i]))
				continue;
			row = export_row_of(r, (int)m, r->order[i]);
			fn(r, &row, arg);
		}
	}
}

const char *p_note_text(enum pnote note)
{
	switch (note) {
	case P_FEW:
		return "n<3";
	case P_ZEROVAR:
		return "zero variance";
	default:
		return NULL;
	}
}
