/* SPDX-License-Identifier: GPL-2.0 */
/* samples.h - reading a results folder's samples.tsv. */
#ifndef COMPARE_SAMPLES_H
#define COMPARE_SAMPLES_H

#include "results.h"

/*
 * Add DIR/samples.tsv's samples as folder @d. A malformed line is reported
 * and skipped; a missing folder or file, or no valid sample, exits 1.
 */
void read_samples(struct results *r, const char *dir, int d);

#endif
