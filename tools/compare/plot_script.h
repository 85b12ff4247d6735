/* SPDX-License-Identifier: GPL-2.0 */
/* plot_script.h - PREFIX.gp, the gnuplot script. */
#ifndef COMPARE_PLOT_SCRIPT_H
#define COMPARE_PLOT_SCRIPT_H

#include <stdio.h>

#include "results.h"

/*
 * A script that draws PREFIX.dat as one picture, a panel per shown metric,
 * into PREFIX.svg and PREFIX.png. It names the files by @prefix as given.
 */
void write_plot_script(FILE *f, const struct results *r, const char *prefix);

#endif
