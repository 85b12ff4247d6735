/* SPDX-License-Identifier: GPL-2.0 */
/* stats.h - per (metric, variant) statistics and Welch's t-test. */
#ifndef COMPARE_STATS_H
#define COMPARE_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "results.h"

struct stats {
	size_t n;
	double min, max, mean, median, sd;	/* sd NAN when n < 2 */
};

/* What a p-value cell holds besides a number. */
enum pnote {
	P_BASELINE,	/* the baseline is not tested against itself */
	P_OK,		/* p is set */
	P_FEW,		/* a side has fewer than 3 samples */
	P_ZEROVAR,	/* both sides have zero variance: the test is undefined */
};

struct ptest {
	enum pnote note;
	double p;	/* NAN unless note is P_OK */
};

/*
 * Fill r->stats for every (metric, variant). Sorts r->samples by metric,
 * then variant, keeping file order within each.
 */
void compute_stats(struct results *r);

/* The statistics of @variant's samples of @metric (n 0 when it has none). */
const struct stats *stats_at(const struct results *r, int metric, int variant);

/* Two-sided Welch t-test of the means of @a and @b. */
struct ptest welch(const struct stats *a, const struct stats *b);

/* p is below @alpha (never true without a p-value). */
bool significant(const struct ptest *pt, double alpha);

/* % change from @base to @v; NAN when undefined (@base 0 and @v not). */
double pct_change(double base, double v);

#endif
