/* SPDX-License-Identifier: GPL-2.0 */
/* numfmt.h - how the table writes numbers, changes and p-values. */
#ifndef COMPARE_NUMFMT_H
#define COMPARE_NUMFMT_H

#include <stddef.h>

#include "stats.h"

/*
 * @sig significant digits, fixed point for ordinary magnitudes (1e-4 to
 * 1e10), no trailing zeros; "-" when undefined.
 */
void fmt_num(char *buf, size_t size, double x, int sig);

/* "+12.34%" from @base to @v, "-" when undefined. */
void fmt_pct(char *buf, size_t size, double base, double v);

/* "0.016 *" (significant at @alpha), "0.16", "n<3" or "-". */
void fmt_p(char *buf, size_t size, const struct ptest *pt, double alpha);

#endif
