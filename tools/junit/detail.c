// SPDX-License-Identifier: GPL-2.0
/* detail.c - a case's detail file: its last lines and its first line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "clean.h"
#include "detail.h"
#include "error.h"
#include "xalloc.h"
#include "firstline.h"

#define CHUNK	65536

/* The last bytes read: at most @keep once trim_tail() ran. */
struct tail {
	struct buf b;
	size_t keep;		/* max + 1: the byte before the excerpt too */
	unsigned long long total;	/* bytes in the file */
};

static void trim_tail(struct tail *t)
{
	size_t drop;

	if (t->b.len <= t->keep)
		return;
	drop = t->b.len - t->keep;
	memmove(t->b.p, t->b.p + drop, t->keep);
	t->b.len = t->keep;
}

/* Read all of @f into @t and @fl; 0, or the errno of a failed read. */
static int read_all(FILE *f, struct tail *t, struct first_line *fl)
{
	char chunk[CHUNK];
	size_t n;

	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		buf_add(&t->b, chunk, n);
		first_line_feed(fl, chunk, n);
		t->total += n;
		/* memory stays near max + 2 chunks whatever the file's size */
		if (t->b.len > t->keep + CHUNK)
			trim_tail(t);
	}
	trim_tail(t);
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

static char *excerpt(struct tail *t, size_t max)
{
	struct buf out = { 0 };
	const char *w;
	size_t start;
	char note[64];

	if (t->total <= max) {
		clean_text(&out, t->b.p ? t->b.p : "", t->b.len);
		return buf_take(&out);
	}
	w = t->b.p + 1;
	start = excerpt_start(w, max);
	snprintf(note, sizeof(note), "[... %llu bytes cut]\n",
		 t->total - (max - start));
	buf_adds(&out, note);
	clean_text(&out, w + start, max - start);
	return buf_take(&out);
}

static void cannot_read(const char *path, int err, struct detail *d)
{
	char *p = clean_str(path);
	struct buf b = { 0 };

	warning("%s: %s", path, strerror(err));
	buf_adds(&b, err == ENOENT ? "detail file missing: " :
				     "detail file unreadable: ");
	buf_adds(&b, p);
	buf_adds(&b, " (");
	buf_adds(&b, strerror(err));
	buf_adds(&b, ")");
	free(p);
	d->text = buf_take(&b);
	d->first = xstrdup(d->text);
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
	free(t.b.p);
	first_line_free(&fl);
}

void free_detail(struct detail *d)
{
	free(d->text);
	free(d->first);
	*d = (struct detail){ 0 };
}
