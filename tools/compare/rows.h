/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rows.h - which metrics and variants every output shows, in which order,
 * under which names: (A) is the baseline, then file order.
 */
#ifndef COMPARE_ROWS_H
#define COMPARE_ROWS_H

#include <stdbool.h>
#include <stddef.h>

#include "results.h"

/* Show only the metrics named (all when @n is 0); an unknown one exits 1. */
void select_metrics(struct results *r, const char *const *names, size_t n);

/* How many metrics are shown. */
size_t selected_metrics(const struct results *r);

/*
 * Set r->order and r->row: @baseline (NULL: the first variant) first, the
 * others in file order. An unknown @baseline exits 2.
 */
void order_variants(struct results *r, const char *baseline);

/*
 * @variant has a row in @metric's table: the baseline, a variant with
 * samples, or a failed one whose folder measured the metric at all.
 */
bool shown(const struct results *r, int metric, int variant);

/* "A".."Z", "AA".. for row @row */
void row_letter(char *buf, size_t size, int row);

/* "(B) series-rt" */
char *variant_title(const struct results *r, int variant);

/* "name (unit)", or "name" without a unit */
char *metric_title(const struct results *r, int metric);

#endif
