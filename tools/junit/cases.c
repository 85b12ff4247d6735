// SPDX-License-Identifier: GPL-2.0
/*
 * cases.c - CASES.tsv: "suite case status seconds detail-file" a line.
 * Every malformed line is named before the tool exits: one run shows them all.
 */
#define _DEFAULT_SOURCE	/* getline, strsep */

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "junit.h"
#include "tool.h"

enum field { F_SUITE, F_CASE, F_STATUS, F_SECONDS, F_DETAIL, NFIELDS };

static bool parse_status(const char *s, enum status *status)
{
	static const char *const names[] = {
		[STATUS_PASS] = "pass",
		[STATUS_FAIL] = "fail",
		[STATUS_SKIP] = "skip",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(s, names[i])) {
			*status = (enum status)i;
			return true;
		}
	}
	return false;
}

/* Empty (unknown), or digits and at most one '.': no sign, exponent, inf */
static bool parse_seconds(const char *s, struct tcase *c)
{
	bool digit = false, dot = false;
	const char *p;

	c->timed = *s;
	if (!*s)
		return true;
	for (p = s; *p; p++) {
		if (isdigit((unsigned char)*p))
			digit = true;
		else if (*p == '.' && !dot)
			dot = true;
		else
			return false;
	}
	errno = 0;
	c->secs = strtod(s, NULL);
	return digit && !errno && isfinite(c->secs);
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

/* The suite named @raw once clean: names that clean alike are one suite. */
static size_t suite_index(struct cases *cs, const char *raw)
{
	char *name = clean(raw, strlen(raw));
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

static void add_case(struct cases *cs, char **field, const struct tcase *parsed)
{
	struct tcase *c;

	cs->v = xrealloc(cs->v, (cs->n + 1) * sizeof(*cs->v));
	c = &cs->v[cs->n++];
	*c = *parsed;
	c->suite = suite_index(cs, field[F_SUITE]);
	c->name = clean(field[F_CASE], strlen(field[F_CASE]));
	c->detail = *field[F_DETAIL] ? xstrdup(field[F_DETAIL]) : NULL;
	count(&cs->suites[c->suite].tally, c);
	count(&cs->total, c);
}

static void parse_line(struct cases *cs, const char *path, size_t at,
		       char *line)
{
	char *field[NFIELDS], *tok;
	struct tcase c = { 0 };
	int n = 0;

	while ((tok = strsep(&line, "\t"))) {
		if (n < NFIELDS)
			field[n] = tok;
		n++;
	}
	if (n != NFIELDS)
		malformed(path, at, "expected %d tab-separated fields (suite, case, status, seconds, detail file), got %d",
			  NFIELDS, n);
	else if (!*field[F_SUITE] || !*field[F_CASE])
		malformed(path, at, "empty %s name", *field[F_SUITE] ? "case" : "suite");
	else if (!parse_status(field[F_STATUS], &c.status))
		malformed(path, at, "unknown status '%.40s' (pass, fail or skip)",
			  field[F_STATUS]);
	else if (!parse_seconds(field[F_SECONDS], &c))
		malformed(path, at, "seconds '%.40s' is not a non-negative decimal number (or empty)",
			  field[F_SECONDS]);
	else
		add_case(cs, field, &c);
}

void read_cases(const char *path, struct cases *cs)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0, at = 0;
	ssize_t len;

	*cs = (struct cases){ 0 };
	if (!f)
		die(1, "%s: %s", path, strerror(errno));
	while ((len = getline(&line, &cap, f)) >= 0) {
		at++;
		if (memchr(line, '\0', (size_t)len)) {
			malformed(path, at, "NUL byte in the line");
			continue;
		}
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		if (len && line[0] != '#')
			parse_line(cs, path, at, line);
	}
	free(line);
	if (ferror(f))
		die(1, "%s: %s", path, strerror(errno));
	fclose(f);
	if (malformed_lines)
		die(1, "%s: %zu malformed line%s, no output written", path,
		    malformed_lines, malformed_lines == 1 ? "" : "s");
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
