// SPDX-License-Identifier: GPL-2.0
/* cases.c - CASES.tsv: suite, case, status, seconds, detail file. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cases.h"
#include "clean.h"
#include "error.h"
#include "xalloc.h"
#include "fields.h"

/* the line being read, for the messages */
struct where {
	const char *path;
	size_t line;
	size_t bad;		/* malformed lines so far */
};

__attribute__((format(printf, 2, 3)))
static void malformed(struct where *at, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "junit: %s:%zu: ", at->path, at->line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	at->bad++;
}

static void count(struct tally *t, const struct tcase *c)
{
	t->tests++;
	t->failures += c->status == STATUS_FAIL;
	t->skipped += c->status == STATUS_SKIP;
	if (c->timed) {
		t->timed = true;
		t->secs += c->secs;
	}
}

static size_t suite_index(struct cases *cs, const char *raw)
{
	char *name = clean_str(raw);
	size_t i;

	for (i = 0; i < cs->nsuites; i++) {
		if (!strcmp(cs->suites[i].name, name)) {
			free(name);
			return i;
		}
	}
	cs->suites = xrealloc(cs->suites, (i + 1) * sizeof(*cs->suites));
	cs->suites[i] = (struct suite){ .name = name };
	cs->nsuites++;
	return i;
}

static void add_case(struct cases *cs, char **field,
		     const struct tcase *parsed)
{
	struct tcase *c;

	cs->v = xrealloc(cs->v, (cs->n + 1) * sizeof(*cs->v));
	c = &cs->v[cs->n++];
	*c = *parsed;
	c->suite = suite_index(cs, field[F_SUITE]);
	c->name = clean_str(field[F_CASE]);
	c->detail = *field[F_DETAIL] ? xstrdup(field[F_DETAIL]) : NULL;
	count(&cs->suites[c->suite].tally, c);
	count(&cs->total, c);
}

static void parse_line(struct cases *cs, struct where *at, char *line)
{
	char *field[NFIELDS];
	struct tcase c = { 0 };
	char why[WHY_LEN];

	if (split_fields(line, field, why) &&
	    parse_status(field[F_STATUS], &c.status, why) &&
	    parse_seconds(field[F_SECONDS], &c, why))
		add_case(cs, field, &c);
	else
		malformed(at, "%s", why);
}

static void read_lines(FILE *f, struct cases *cs, struct where *at)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;

	while ((len = getline(&line, &cap, f)) >= 0) {
		at->line++;
		if (memchr(line, '\0', (size_t)len)) {
			malformed(at, "NUL byte in the line");
			continue;
		}
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		if (!len || line[0] == '#')
			continue;
		parse_line(cs, at, line);
	}
	free(line);
}

void read_cases(const char *path, struct cases *cs)
{
	struct where at = { .path = path };
	FILE *f = fopen(path, "r");

	*cs = (struct cases){ 0 };
	if (!f)
		die(1, "%s: %s", path, strerror(errno));
	read_lines(f, cs, &at);
	if (ferror(f))
		die(1, "%s: %s", path, strerror(errno));
	fclose(f);
	if (at.bad)
		die(1, "%s: %zu malformed line%s, no output written", path,
		    at.bad, at.bad == 1 ? "" : "s");
}

void free_cases(struct cases *cs)
{
	size_t i;

	for (i = 0; i < cs->n; i++) {
		free(cs->v[i].name);
		free(cs->v[i].detail);
	}
	for (i = 0; i < cs->nsuites; i++)
		free(cs->suites[i].name);
	free(cs->v);
	free(cs->suites);
	*cs = (struct cases){ 0 };
}
