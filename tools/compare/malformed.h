/* SPDX-License-Identifier: GPL-2.0 */
/* malformed.h - input lines compare skips: each said, all counted at exit. */
#ifndef COMPARE_MALFORMED_H
#define COMPARE_MALFORMED_H

#include <stddef.h>

/* "compare: FILE:LINE: REASON" for an input line that is skipped; counted. */
void malformed(const char *path, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Exit with @code; first says how many malformed lines were skipped, if any. */
_Noreturn void finish(int code);

#endif
