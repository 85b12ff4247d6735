// SPDX-License-Identifier: GPL-2.0
/* xalloc.c - memory and strings that cannot fail: out of memory exits 1. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"
#include "error.h"

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		die(1, "out of memory");
	return p;
}

char *xstrdup(const char *s)
{
	size_t len = strlen(s) + 1;

	return memcpy(xrealloc(NULL, len), s, len);
}

char *xprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (len < 0)
		die(1, "out of memory");
	s = xrealloc(NULL, (size_t)len + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)len + 1, fmt, ap);
	va_end(ap);
	return s;
}

char *path_join(const char *dir, const char *name)
{
	return xprintf("%s/%s", dir, name);
}

void *grow(void *p, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 16;
	if (*cap > SIZE_MAX / size)
		die(1, "out of memory");
	return xrealloc(p, *cap * size);
}
