// SPDX-License-Identifier: GPL-2.0
/*
 * detail.c - a case's detail file: its last lines (where a failure is
 * usually explained) and its first non-blank line (the message), read in
 * one pass with memory bounded by the excerpt, whatever the file's size.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "junit.h"
#include "tool.h"

#define CHUNK		65536
/* raw bytes kept of a line: MESSAGE_CHARS characters even if all are 4 bytes */
#define LINE_BYTES	(4 * MESSAGE_CHARS + 4)

/* The last bytes read: at most @keep once trim() ran. */
struct tail {
	char *p;
	size_t len, cap;
	size_t keep;		/* max + 1: the byte before the excerpt too */
	unsigned long long total;	/* bytes in the file */
};

/* The first non-blank line, fed chunk by chunk. */
struct first_line {
	char line[LINE_BYTES];	/* the raw line so far */
	size_t len;
	bool long_line;		/* it had more than LINE_BYTES */
	bool done;		/* line holds a non-blank line */
};

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

/* @s clean and trimmed, as a new string; NULL when nothing is left. */
static char *clean_trimmed(const char *s, size_t len)
{
	char *c = clean(s, len);
	size_t start = 0;

	len = strlen(c);
	while (len && blank(c[len - 1]))
		c[--len] = '\0';
	while (start < len && blank(c[start]))
		start++;
	if (start == len) {
		free(c);
		return NULL;
	}
	memmove(c, c + start, len - start + 1);
	return c;
}

static void first_line_feed(struct first_line *fl, const char *s, size_t n)
{
	size_t i;
	char *line;

	for (i = 0; i < n && !fl->done; i++) {
		if (s[i] != '\n') {
			if (fl->len < LINE_BYTES)
				fl->line[fl->len++] = s[i];
			else
				fl->long_line = true;
			continue;
		}
		/* a line ended: keep it if it is not blank, else start anew */
		line = clean_trimmed(fl->line, fl->len);
		fl->done = line != NULL;
		free(line);
		if (!fl->done) {
			fl->len = 0;
			fl->long_line = false;
		}
	}
}

/* The line cut after MESSAGE_CHARS characters, "..." when it had more. */
static char *first_line_take(const struct first_line *fl)
{
	char *s = clean_trimmed(fl->line, fl->len), *cut;
	bool more = fl->long_line;
	size_t i, chars = 0;

	if (!s)
		return NULL;
	for (i = 0; s[i]; i++) {
		/* clean UTF-8: every byte but 80..BF starts a character */
		if (((unsigned char)s[i] & 0xc0) != 0x80 &&
		    chars++ == MESSAGE_CHARS) {
			s[i] = '\0';
			more = true;
		}
	}
	if (!more)
		return s;
	cut = xprintf("%s...", s);
	free(s);
	return cut;
}

static void trim(struct tail *t)
{
	if (t->len <= t->keep)
		return;
	memmove(t->p, t->p + t->len - t->keep, t->keep);
	t->len = t->keep;
}

/* Read all of @f into @t and @fl; 0, or the errno of a failed read. */
static int read_all(FILE *f, struct tail *t, struct first_line *fl)
{
	size_t n;

	do {
		/* memory stays near max + 2 chunks whatever the file's size */
		if (t->len > t->keep + CHUNK)
			trim(t);
		if (t->cap - t->len < CHUNK) {
			t->cap = 2 * t->len + CHUNK;
			t->p = xrealloc(t->p, t->cap);
		}
		n = fread(t->p + t->len, 1, CHUNK, f);
		first_line_feed(fl, t->p + t->len, n);
		t->len += n;
		t->total += n;
	} while (n);
	trim(t);
	return ferror(f) ? (errno ? errno : EIO) : 0;
}

/*
 * Where the excerpt starts in the @max bytes at @w (@w[-1] is the byte
 * before them): after the first line end, unless @w[-1] ends a line.
 * A last line longer than @max is cut inside, at a character start.
 */
static size_t excerpt_start(const char *w, size_t max)
{
	const char *nl;
	size_t i;

	if (w[-1] == '\n')
		return 0;
	nl = max > 1 ? memchr(w, '\n', max - 1) : NULL;
	if (nl)
		return (size_t)(nl - w) + 1;
	for (i = 0; i < max && i < 3 && ((unsigned char)w[i] & 0xc0) == 0x80; i++)
		;
	return i;
}

/* The last @max bytes, from a line start, after "[... N bytes cut]" if cut. */
static char *excerpt(const struct tail *t, size_t max)
{
	const char *w = t->p + 1;
	size_t start;
	char *kept, *text;

	if (t->total <= max)
		return clean(t->p, t->len);
	start = excerpt_start(w, max);
	kept = clean(w + start, max - start);
	text = xprintf("[... %llu bytes cut]\n%s", t->total - (max - start), kept);
	free(kept);
	return text;
}

static void cannot_read(const char *path, int err, struct detail *d)
{
	char *p = clean(path, strlen(path));

	fprintf(stderr, "%s: warning: %s: %s\n", tool_name, path, strerror(err));
	d->text = xprintf("detail file %s: %s (%s)",
			  err == ENOENT ? "missing" : "unreadable", p, strerror(err));
	d->first = xstrdup(d->text);
	free(p);
}

void read_detail(const char *path, size_t max, struct detail *d)
{
	struct tail t = { .keep = max + 1 };
	struct first_line fl = { 0 };
	FILE *f = fopen(path, "rb");
	int err;

	*d = (struct detail){ 0 };
	if (!f) {
		cannot_read(path, errno, d);
		return;
	}
	errno = 0;
	err = read_all(f, &t, &fl);
	fclose(f);
	if (err) {
		cannot_read(path, err, d);
	} else {
		d->text = excerpt(&t, max);
		d->first = first_line_take(&fl);
	}
	free(t.p);
}

void free_detail(struct detail *d)
{
	free(d->text);
	free(d->first);
	*d = (struct detail){ 0 };
}
