// SPDX-License-Identifier: GPL-2.0
/* buf.c - growing byte strings. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "error.h"
#include "xalloc.h"

void buf_add(struct buf *b, const void *s, size_t n)
{
	if (n >= SIZE_MAX / 2 - b->len)
		die(1, "out of memory");
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->p = xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

char *buf_take(struct buf *b)
{
	char *s = b->p ? b->p : xstrdup("");

	*b = (struct buf){ 0 };
	return s;
}
