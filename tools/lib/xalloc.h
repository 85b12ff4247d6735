/* SPDX-License-Identifier: GPL-2.0 */
/* xalloc.h - memory and strings that cannot fail: out of memory exits 1. */
#ifndef TOOLS_XALLOC_H
#define TOOLS_XALLOC_H

#include <stddef.h>

void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

/* A new string, formatted as by printf. */
char *xprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "DIR/NAME" */
char *path_join(const char *dir, const char *name);

/* Make room for one more element of @size in @p, which holds @n of *@cap. */
void *grow(void *p, size_t n, size_t *cap, size_t size);

#endif
