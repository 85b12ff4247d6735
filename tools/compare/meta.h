/* SPDX-License-Identifier: GPL-2.0 */
/* meta.h - a results folder's meta file: how the guests were run. */
#ifndef COMPARE_META_H
#define COMPARE_META_H

#include <stdbool.h>

#include "results.h"

/* Keep the first accel= value of DIR/meta, if the file has one, as folder @d's. */
void read_meta(struct results *r, const char *dir, int d);

/* Some folder was measured under TCG, so absolute numbers are emulated. */
bool ran_under_tcg(const struct results *r);

/* The two folders name different accelerators. */
bool accel_differs(const struct results *r);

#endif
