/* SPDX-License-Identifier: GPL-2.0 */
/* report.h - the JUnit XML, written with libxml2's xmlTextWriter. */
#ifndef JUNIT_REPORT_H
#define JUNIT_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "cases.h"

/*
 * <testsuites> named @name, a <testsuite> per suite, a <testcase> per
 * case with its detail file's excerpt (at most @max_excerpt bytes of it).
 * Exits 1 when writing fails.
 */
void write_report(FILE *f, const char *name, const struct cases *cs,
		  size_t max_excerpt);

#endif
