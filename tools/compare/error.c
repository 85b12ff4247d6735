// SPDX-License-Identifier: GPL-2.0
/* error.c - compare's error messages and exits. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"

static size_t malformed_lines;

void finish(int code)
{
	if (malformed_lines)
		fprintf(stderr, "compare: %zu malformed lines skipped\n",
			malformed_lines);
	exit(code);
}

void die(int code, const char *fmt, ...)
{
	va_list ap;

	/* the message follows the output it interrupts, not the other way round */
	fflush(stdout);
	fputs("compare: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	finish(code);
}

void malformed(const char *path, size_t line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "compare: %s:%zu: ", path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	malformed_lines++;
}
