/* SPDX-License-Identifier: GPL-2.0 */
/* cases.h - CASES.tsv: suite, case, status, seconds, detail file. */
#ifndef JUNIT_CASES_H
#define JUNIT_CASES_H

#include <stdbool.h>
#include <stddef.h>

enum status { STATUS_PASS, STATUS_FAIL, STATUS_SKIP };

struct tcase {
	size_t suite;		/* index into cases.suites */
	char *name;		/* clean (clean.h) */
	enum status status;
	bool timed;		/* false: seconds field empty, time unknown */
	double secs;
	char *detail;		/* path to open as given, NULL: none */
};

/* Counts of a suite or of the whole run; time sums the known times. */
struct tally {
	size_t tests, failures, skipped;
	bool timed;		/* at least one case had a time */
	double secs;
};

struct suite {
	char *name;		/* clean */
	struct tally tally;
};

struct cases {
	struct tcase *v;
	size_t n;
	struct suite *suites;	/* in the order first seen */
	size_t nsuites;
	struct tally total;
};

/*
 * Read @path into @cs. Malformed lines are named on stderr as
 * "FILE:LINE: what is wrong"; if there was any, exit 1.
 */
void read_cases(const char *path, struct cases *cs);

void free_cases(struct cases *cs);

#endif
