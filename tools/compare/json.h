/* SPDX-License-Identifier: GPL-2.0 */
/* json.h - the json output. */
#ifndef COMPARE_JSON_H
#define COMPARE_JSON_H

#include "results.h"

/* An array with an object per shown (metric, variant) on stdout. */
void print_json(const struct results *r, double alpha);

#endif
