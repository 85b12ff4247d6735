/* SPDX-License-Identifier: GPL-2.0 */
/* csv.h - the csv output. */
#ifndef COMPARE_CSV_H
#define COMPARE_CSV_H

#include "results.h"

/* A header and a row per shown (metric, variant) on stdout. */
void print_csv(const struct results *r, double alpha);

#endif
