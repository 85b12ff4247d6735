// SPDX-License-Identifier: GPL-2.0
/* error.c - junit's messages and exits. */
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

	fputs("junit: ", stderr);
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

	fputs("junit: warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
