// SPDX-License-Identifier: GPL-2.0
/* error.c - a tool's messages and exits, each starting with its name. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"

static void (*die_hook)(void);

void vmessage(const char *prefix, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: %s", tool_name, prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void on_die(void (*fn)(void))
{
	die_hook = fn;
}

void die(int code, const char *fmt, ...)
{
	va_list ap;

	/* the message follows the output it interrupts, not the other way round */
	fflush(stdout);
	va_start(ap, fmt);
	vmessage("", fmt, ap);
	va_end(ap);
	if (die_hook)
		die_hook();
	exit(code);
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("warning: ", fmt, ap);
	va_end(ap);
}
