// SPDX-License-Identifier: GPL-2.0
/* error.c - a tool's messages and exits, each starting with its name. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"

static void (*die_hook)(void);

void on_die(void (*fn)(void))
{
	die_hook = fn;
}

void die(int code, const char *fmt, ...)
{
	va_list ap;

	/* the message follows the output it interrupts, not the other way round */
	fflush(stdout);
	fprintf(stderr, "%s: ", tool_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (die_hook)
		die_hook();
	exit(code);
}

void warning(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: warning: ", tool_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
