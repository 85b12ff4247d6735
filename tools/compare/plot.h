/* SPDX-License-Identifier: GPL-2.0 */
/* plot.h - --plot: write PREFIX.dat and PREFIX.gp, then run gnuplot on them. */
#ifndef COMPARE_PLOT_H
#define COMPARE_PLOT_H

#include "results.h"

/*
 * Writes PREFIX.dat and PREFIX.gp, then gnuplot makes PREFIX.svg and
 * PREFIX.png. Exits 1 when a file cannot be written, gnuplot is not in
 * PATH (after writing both files) or gnuplot fails.
 */
void plot(const struct results *r, const char *prefix);

#endif
