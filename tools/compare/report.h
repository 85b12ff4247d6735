/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h - the lines around the numbers: what was read, how it was
 * measured, which boots failed. The table prints them as "# " lines and a
 * "Failed boots:" section; csv and json send them to stderr as "compare: "
 * messages, so that stdout stays machine-readable.
 */
#ifndef COMPARE_REPORT_H
#define COMPARE_REPORT_H

#include <stdio.h>

#include "results.h"

enum report_style { AS_TABLE, AS_MESSAGES };

/* The sample count line (table only), the TCG note and the accel warning. */
void print_preamble(const struct results *r, FILE *f, enum report_style style);

/* Every boot that was not ok; the table aligns them to @label_width. */
void print_failed_boots(const struct results *r, FILE *f,
			enum report_style style, int label_width);

/* For csv and json, after stdout: preamble and failed boots on stderr. */
void print_notes(const struct results *r);

#endif
