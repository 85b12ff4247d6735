/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tool.h - what the lab's C tools share: messages and exits that start
 * with the tool's name, allocation that cannot fail, and one command line.
 */
#ifndef TOOLS_TOOL_H
#define TOOLS_TOOL_H

#include <getopt.h>
#include <stddef.h>

/* Each tool's main.c defines these. */
extern const char tool_name[];
extern const char tool_usage[];		/* "usage: NAME ..." */

/* "NAME: MESSAGE" on stderr, after what stdout holds so far; exit @code. */
_Noreturn void die(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* @fn runs when die() exits, after the message (one hook a tool). */
void on_die(void (*fn)(void));

/* "NAME: PATH:LINE: MESSAGE" on stderr for a line of input refused. */
void malformed(const char *path, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
extern size_t malformed_lines;		/* how many so far */

/* "NAME: MESSAGE" and the usage line on stderr; exit 2. */
_Noreturn void usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * The next option or operand, in argv order: getopt_long() with @shorts
 * starting "-:". Returns the option's val with its value in optarg, 1 for
 * an operand (in optarg), -1 at the end. -h/--help (val 'h') prints the
 * usage and exits 0; an unknown option or a missing value is a usage error.
 */
int next_arg(int argc, char **argv, const char *shorts,
	     const struct option *longs);

#endif
