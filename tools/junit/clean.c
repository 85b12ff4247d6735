// SPDX-License-Identifier: GPL-2.0
/* clean.c - any bytes made into text that XML 1.0 accepts. */
#include <string.h>

#include "clean.h"

#define REPLACEMENT	"\xef\xbf\xbd"	/* U+FFFD in UTF-8 */

/*
 * The well-formed UTF-8 sequences by their first byte (The Unicode
 * Standard, table 3-7): how many bytes, the bits the first byte gives,
 * and the range of the second byte, which rules out overlong forms,
 * surrogates and code points above U+10FFFF. Later bytes are 80..BF.
 */
static const struct lead {
	unsigned char first, last, len, mask, lo, hi;
} leads[] = {
	{ 0xc2, 0xdf, 2, 0x1f, 0x80, 0xbf },
	{ 0xe0, 0xe0, 3, 0x0f, 0xa0, 0xbf },
	{ 0xe1, 0xec, 3, 0x0f, 0x80, 0xbf },
	{ 0xed, 0xed, 3, 0x0f, 0x80, 0x9f },
	{ 0xee, 0xef, 3, 0x0f, 0x80, 0xbf },
	{ 0xf0, 0xf0, 4, 0x07, 0x90, 0xbf },
	{ 0xf1, 0xf3, 4, 0x07, 0x80, 0xbf },
	{ 0xf4, 0xf4, 4, 0x07, 0x80, 0x8f },
};

static const struct lead *find_lead(unsigned char c)
{
	size_t i;

	for (i = 0; i < sizeof(leads) / sizeof(leads[0]); i++)
		if (c >= leads[i].first && c <= leads[i].last)
			return &leads[i];
	return NULL;
}

/* Length of the UTF-8 sequence at @s (@len bytes left), 0 if invalid. */
static size_t utf8_seq(const unsigned char *s, size_t len, unsigned long *cp)
{
	const struct lead *l;
	size_t i;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	l = find_lead(s[0]);
	if (!l || len < l->len || s[1] < l->lo || s[1] > l->hi)
		return 0;
	*cp = s[0] & l->mask;
	for (i = 1; i < l->len; i++) {
		if (i > 1 && (s[i] < 0x80 || s[i] > 0xbf))
			return 0;
		*cp = *cp << 6 | (s[i] & 0x3f);
	}
	return l->len;
}

/* XML 1.0's Char production, less \r */
static int xml_char(unsigned long cp)
{
	if (cp < 0x20)
		return cp == '\t' || cp == '\n';
	return cp <= 0xd7ff || (cp >= 0xe000 && cp <= 0xfffd) ||
	       (cp >= 0x10000 && cp <= 0x10ffff);
}

void clean_text(struct buf *out, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned long cp;
	size_t i = 0, n;

	/* the empty string is a string too: out->p is never left NULL */
	buf_add(out, "", 0);
	while (i < len) {
		n = utf8_seq(u + i, len - i, &cp);
		if (!n) {
			buf_add(out, REPLACEMENT, 3);
			i++;
			continue;
		}
		if (xml_char(cp))
			buf_add(out, s + i, n);
		i += n;
	}
}

char *clean_str(const char *s)
{
	struct buf b = { 0 };

	clean_text(&b, s, strlen(s));
	return buf_take(&b);
}

int cut_chars(char *s, size_t max)
{
	size_t i, chars = 0;

	/* clean UTF-8: every byte but 80..BF starts a character */
	for (i = 0; s[i]; i++) {
		if (((unsigned char)s[i] & 0xc0) == 0x80)
			continue;
		if (chars++ == max) {
			s[i] = '\0';
			return 1;
		}
	}
	return 0;
}
