/* SPDX-License-Identifier: GPL-2.0 */
/* status.h - reading a results folder's status.tsv: how each boot ended. */
#ifndef COMPARE_STATUS_H
#define COMPARE_STATUS_H

#include "results.h"

/*
 * Add the failed boots of DIR/status.tsv, if it exists, as folder @d.
 * A malformed line is reported and skipped; a wrong header exits 1.
 */
void read_status(struct results *r, const char *dir, int d);

#endif
