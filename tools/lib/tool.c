// SPDX-License-Identifier: GPL-2.0
/* tool.c - messages and exits, allocation, the command line (see tool.h). */
#define _GNU_SOURCE	/* vasprintf */

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

static void (*die_hook)(void);
size_t malformed_lines;

/* "NAME: MESSAGE", or "NAME: PATH:LINE: MESSAGE" when @path */
static void vmessage(const char *path, size_t line, const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", tool_name);
	if (path)
		fprintf(stderr, "%s:%zu: ", path, line);
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
	vmessage(NULL, 0, fmt, ap);
	va_end(ap);
	if (die_hook)
		die_hook();
	exit(code);
}

void malformed(const char *path, size_t line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(path, line, fmt, ap);
	va_end(ap);
	malformed_lines++;
}

void usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(NULL, 0, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s\n", tool_usage);
	exit(2);
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		die(1, "out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		die(1, "out of memory");
	return d;
}

char *xprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int len;

	va_start(ap, fmt);
	len = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (len < 0)
		die(1, "out of memory");
	return s;
}

/*
 * @arg, the argv element getopt_long() read option @c from, spells it
 * out: --NAME, or -C alone or, when C takes a value, as -C=VALUE. The
 * tools never took abbreviations (--base), clusters (-ho) or -oVALUE, so
 * a script's typo stays an error instead of meaning something else.
 */
static bool spelled_out(const char *arg, int c, const char *shorts,
			const struct option *longs)
{
	const char *s = strchr(shorts + 2, c);
	size_t len;

	if (arg[1] != '-')
		return arg[1] == c && (!arg[2] || (arg[2] == '=' && s[1] == ':'));
	for (; longs->name; longs++) {
		len = strlen(longs->name);
		if (longs->val == c && !strncmp(arg + 2, longs->name, len) &&
		    (!arg[2 + len] || arg[2 + len] == '='))
			return true;
	}
	return false;
}

int next_arg(int argc, char **argv, const char *shorts,
	     const struct option *longs)
{
	static bool operands_only;	/* after "--" */
	char *arg;
	int c;

	if (!operands_only) {
		/* "-" in @shorts: getopt_long() permutes nothing, so this is it */
		arg = optind < argc ? argv[optind] : NULL;
		c = getopt_long(argc, argv, shorts, longs, NULL);
		if (c == 1)
			return 1;
		if (c == '?' || (c != -1 &&
		    !spelled_out(arg, c == ':' ? optopt : c, shorts, longs)))
			usage_error("unknown option '%s'", arg);
		if (c == ':')
			usage_error("%s needs a value", arg);
		if (c == 'h') {
			printf("%s\n", tool_usage);
			exit(0);
		}
		if (c != -1) {
			/* -C=VALUE, where getopt_long() gives "=VALUE" */
			if (arg[1] != '-' && arg[2] == '=')
				optarg = arg + 3;
			return c;
		}
		operands_only = true;
	}
	if (optind >= argc)
		return -1;
	optarg = argv[optind++];
	return 1;
}
