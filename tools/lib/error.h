/* SPDX-License-Identifier: GPL-2.0 */
/* error.h - a tool's messages and exits, each starting with its name. */
#ifndef TOOLS_ERROR_H
#define TOOLS_ERROR_H

#include <stdarg.h>

/* The tool's name, defined once in its main.c. */
extern const char tool_name[];

/* @fn runs when die() exits, after the message (one hook a tool). */
void on_die(void (*fn)(void));

/* "NAME: MESSAGE" on stderr, after what stdout holds so far; exit @code. */
_Noreturn void die(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* "NAME: PREFIXMESSAGE" and a newline on stderr: every message's form. */
void vmessage(const char *prefix, const char *fmt, va_list ap);

/* "NAME: warning: MESSAGE" on stderr. */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
