/* SPDX-License-Identifier: GPL-2.0 */
/* plot_data.h - PREFIX.dat, the numbers gnuplot draws. */
#ifndef COMPARE_PLOT_DATA_H
#define COMPARE_PLOT_DATA_H

#include <stdio.h>

#include "results.h"

/*
 * Two gnuplot data sets per shown metric, in order: every sample as
 * (row + jitter, value), then each variant's (row, mean, stddev).
 */
void write_plot_data(FILE *f, const struct results *r);

#endif
