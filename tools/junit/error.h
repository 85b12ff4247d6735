/* SPDX-License-Identifier: GPL-2.0 */
/* error.h - junit's messages and exits. */
#ifndef JUNIT_ERROR_H
#define JUNIT_ERROR_H

/* @fn runs before die() exits: it removes a half-written output file. */
void on_die(void (*fn)(void));

/* "junit: MESSAGE" on stderr, then exit with @code. */
_Noreturn void die(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* "junit: warning: MESSAGE" on stderr. */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
