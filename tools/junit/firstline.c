// SPDX-License-Identifier: GPL-2.0
/* firstline.c - a file's first non-blank line, fed chunk by chunk. */
#include <stdlib.h>
#include <string.h>

#include "clean.h"
#include "detail.h"
#include "firstline.h"

/* raw bytes kept of a line: MESSAGE_CHARS characters even if all are 4 bytes */
#define LINE_BYTES	(4 * MESSAGE_CHARS + 4)

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* @s, clean and trimmed, as a new string; NULL when nothing is left. */
static char *clean_trimmed(const char *s, size_t len)
{
	struct buf b = { 0 };
	size_t start = 0;

	clean_text(&b, s, len);
	while (b.len && blank(b.p[b.len - 1]))
		b.p[--b.len] = '\0';
	while (start < b.len && blank(b.p[start]))
		start++;
	if (start == b.len) {
		free(b.p);
		return NULL;
	}
	memmove(b.p, b.p + start, b.len - start + 1);
	return b.p;
}

/* A line ended: keep it if it is not blank, else start the next one. */
static void end_line(struct first_line *fl)
{
	char *s = clean_trimmed(fl->line.p ? fl->line.p : "", fl->line.len);

	if (s) {
		free(s);
		fl->done = true;
		return;
	}
	fl->line.len = 0;
	fl->long_line = false;
}

void first_line_feed(struct first_line *fl, const char *s, size_t n)
{
	size_t i, room;

	for (i = 0; i < n && !fl->done; i++) {
		if (s[i] == '\n') {
			end_line(fl);
			continue;
		}
		room = LINE_BYTES - fl->line.len;
		if (room)
			buf_add(&fl->line, s + i, 1);
		else
			fl->long_line = true;
	}
}

char *first_line_take(struct first_line *fl)
{
	char *s = clean_trimmed(fl->line.p ? fl->line.p : "", fl->line.len);
	struct buf b = { 0 };

	if (!s)
		return NULL;
	if (!cut_chars(s, MESSAGE_CHARS) && !fl->long_line)
		return s;
	buf_adds(&b, s);
	buf_adds(&b, "...");
	free(s);
	return buf_take(&b);
}

void first_line_free(struct first_line *fl)
{
	free(fl->line.p);
	*fl = (struct first_line){ 0 };
}
