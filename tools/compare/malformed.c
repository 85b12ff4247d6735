// SPDX-License-Identifier: GPL-2.0
/* malformed.c - input lines compare skips: each said, all counted at exit. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "malformed.h"

static size_t malformed_lines;

/* also when die() ends the run: the count explains a short table */
static void say_skipped(void)
{
	if (malformed_lines)
		fprintf(stderr, "%s: %zu malformed lines skipped\n", tool_name,
			malformed_lines);
}

void finish(int code)
{
	say_skipped();
	exit(code);
}

void malformed(const char *path, size_t line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: %s:%zu: ", tool_name, path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (!malformed_lines++)
		on_die(say_skipped);
}
