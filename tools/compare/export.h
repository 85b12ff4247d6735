/* SPDX-License-Identifier: GPL-2.0 */
/* export.h - the rows csv and json write: one per shown (metric, variant). */
#ifndef COMPARE_EXPORT_H
#define COMPARE_EXPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "results.h"
#include "stats.h"

struct export_row {
	int metric, variant;
	bool baseline;
	size_t count;
	double min, max, mean, median, stddev;	/* NAN when undefined */
	double delta_mean_pct;			/* NAN for the baseline */
	struct ptest pt;
};

typedef void export_row_fn(const struct results *r,
			   const struct export_row *row, void *arg);

/* Call @fn for every shown row: metrics in file order, variants in row order. */
void for_each_export_row(const struct results *r, export_row_fn *fn, void *arg);

/* "n<3", "zero variance", or NULL when the row has a p-value or is the baseline. */
const char *p_note_text(enum pnote note);

#endif
