/* SPDX-License-Identifier: GPL-2.0 */
/* clean.h - any bytes made into text that XML 1.0 accepts. */
#ifndef JUNIT_CLEAN_H
#define JUNIT_CLEAN_H

#include <stddef.h>

#include "buf.h"

/*
 * Append @s[0..@len) to @out as UTF-8 that XML 1.0 allows: each byte that
 * starts no valid UTF-8 sequence becomes U+FFFD, characters XML 1.0
 * forbids (NUL, ESC and the other C0 controls, U+FFFE, U+FFFF) are
 * dropped, and so is \r; \t and \n stay.
 */
void clean_text(struct buf *out, const char *s, size_t len);

/* clean_text() of the string @s, as a new string. */
char *clean_str(const char *s);

/* Cut the clean string @s after @max characters; true when it did. */
int cut_chars(char *s, size_t max);

#endif
