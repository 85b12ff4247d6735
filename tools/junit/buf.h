/* SPDX-License-Identifier: GPL-2.0 */
/* buf.h - growing byte strings. */
#ifndef JUNIT_BUF_H
#define JUNIT_BUF_H

#include <stddef.h>

/* Bytes @p[0..@len), always followed by a NUL once anything was added. */
struct buf {
	char *p;
	size_t len;
	size_t cap;
};

/* Append @n bytes of @s to @b. */
void buf_add(struct buf *b, const void *s, size_t n);
void buf_adds(struct buf *b, const char *s);

/* The string @b holds ("" when nothing), which the caller now owns. */
char *buf_take(struct buf *b);

#endif
