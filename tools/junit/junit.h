/* SPDX-License-Identifier: GPL-2.0 */
/* junit.h - what junit's units share: the cases and the text they hold. */
#ifndef JUNIT_H
#define JUNIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define MESSAGE_CHARS	200	/* a detail's first line is cut after this */

enum status { STATUS_PASS, STATUS_FAIL, STATUS_SKIP };

struct tcase {
	size_t suite;		/* index into cases.suites */
	char *name;		/* clean() */
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
	char *name;		/* clean() */
	struct tally tally;
};

struct cases {
	struct tcase *v;
	size_t n;
	struct suite *suites;	/* in the order first seen */
	size_t nsuites;
	struct tally total;
};

/* What a case's detail file gives its XML. */
struct detail {
	char *text;	/* at most max bytes from its end, clean() */
	char *first;	/* first non-blank line, clean() and trimmed; NULL: none */
};

/* cases.c: read CASES.tsv; if any line is malformed, name each and exit 1. */
void read_cases(const char *path, struct cases *cs);
void free_cases(struct cases *cs);

/*
 * detail.c: read the file @path. A file that cannot be read is no error:
 * both strings say so, and a warning names it on stderr.
 */
void read_detail(const char *path, size_t max, struct detail *d);
void free_detail(struct detail *d);

/*
 * xml.c: @s[0..@len) as a new string of UTF-8 that XML 1.0 allows: each
 * byte that starts no valid UTF-8 sequence becomes U+FFFD, characters
 * XML 1.0 forbids and \r are dropped.
 */
char *clean(const char *s, size_t len);

/* xml.c: the report, detail files cut to @max_excerpt bytes; exit 1 on error */
void write_report(FILE *f, const char *name, const struct cases *cs,
		  size_t max_excerpt);

#endif
