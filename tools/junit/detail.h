/* SPDX-License-Identifier: GPL-2.0 */
/* detail.h - a case's detail file: its last lines and its first line. */
#ifndef JUNIT_DETAIL_H
#define JUNIT_DETAIL_H

#include <stddef.h>

#define MESSAGE_CHARS	200	/* the first line is cut after this */

struct detail {
	char *text;	/* at most max bytes from the end, clean (clean.h) */
	char *first;	/* first non-blank line, trimmed; NULL when none */
};

/*
 * Read the file @path: @d->text keeps its last @max bytes, starting at a
 * line start, after a line "[... N bytes cut]" when it had more. A file
 * that cannot be read is no error: both strings say so, and a warning
 * names it on stderr.
 */
void read_detail(const char *path, size_t max, struct detail *d);

void free_detail(struct detail *d);

#endif
