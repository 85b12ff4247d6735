/* SPDX-License-Identifier: GPL-2.0 */
/* table.h - the table output, in the form used on the Linux slab list. */
#ifndef COMPARE_TABLE_H
#define COMPARE_TABLE_H

#include "results.h"

/* Every shown metric's table on stdout; p below @alpha is marked " *". */
void print_table(const struct results *r, double alpha);

#endif
