/* SPDX-License-Identifier: GPL-2.0 */
/* firstline.h - a file's first non-blank line, fed chunk by chunk. */
#ifndef JUNIT_FIRSTLINE_H
#define JUNIT_FIRSTLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

struct first_line {
	struct buf line;	/* the raw line so far, at most LINE_BYTES */
	bool long_line;		/* it had more */
	bool done;		/* line holds a non-blank line */
};

/* The next @n bytes of the file. */
void first_line_feed(struct first_line *fl, const char *s, size_t n);

/*
 * After the last chunk: the line, clean (clean.h), without leading and
 * trailing blanks, cut after MESSAGE_CHARS characters with "..." added;
 * NULL when the file has no non-blank line. The caller frees it.
 */
char *first_line_take(struct first_line *fl);

void first_line_free(struct first_line *fl);

#endif
