/* SPDX-License-Identifier: GPL-2.0 */
/* options.h - the command line. */
#ifndef COMPARE_OPTIONS_H
#define COMPARE_OPTIONS_H

#include <stddef.h>

#include "results.h"

enum format { FORMAT_TABLE, FORMAT_CSV, FORMAT_JSON };

struct options {
	const char *baseline;	/* --baseline, NULL: the first variant */
	enum format format;
	double alpha;		/* significance level of the " *" mark */
	const char *plot;	/* --plot file name prefix, NULL: no plot */
	const char **metrics;	/* --metric names, in the order given */
	size_t nmetrics;
	const char *dirs[MAX_DIRS];
	int ndirs;
};

/* Fill @opt from the command line. --help exits 0, a usage error exits 2. */
void parse_args(int argc, char **argv, struct options *opt);

#endif
