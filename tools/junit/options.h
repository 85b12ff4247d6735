/* SPDX-License-Identifier: GPL-2.0 */
/* options.h - the command line. */
#ifndef JUNIT_OPTIONS_H
#define JUNIT_OPTIONS_H

#include <stddef.h>

#define DEFAULT_MAX_EXCERPT	16384
#define LIMIT_MAX_EXCERPT	(1UL << 30)

struct options {
	const char *name;	/* --name, the <testsuites> name */
	size_t max_excerpt;	/* --max-excerpt BYTES */
	const char *out;	/* -o OUT.xml */
	const char *cases;	/* CASES.tsv */
};

/* Fill @opt from the command line. --help exits 0, a usage error exits 2. */
void parse_args(int argc, char **argv, struct options *opt);

#endif
