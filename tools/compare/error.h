/* SPDX-License-Identifier: GPL-2.0 */
/* error.h - compare's error messages and exits. */
#ifndef COMPARE_ERROR_H
#define COMPARE_ERROR_H

#include <stddef.h>

/* Exit with @code; first says how many malformed lines were skipped, if any. */
_Noreturn void finish(int code);

/* "compare: MESSAGE" on stderr (after what stdout holds so far), then finish(). */
_Noreturn void die(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* "compare: FILE:LINE: REASON" for an input line that is skipped; counted. */
void malformed(const char *path, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
