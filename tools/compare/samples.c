// SPDX-License-Identifier: GPL-2.0
/*
 * samples.c - what a results folder holds: samples.tsv ("round variant
 * metric value unit better", one sample a line), status.tsv ("round
 * variant status log", one boot a line) and meta (accel=). A malformed
 * line is said and skipped; the count of them is said at exit.
 */
#define _DEFAULT_SOURCE	/* getline, strsep */

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare.h"
#include "tool.h"

#define SAMPLES_HEADER	"round\tvariant\tmetric\tvalue\tunit\tbetter"
#define SAMPLES_FIELDS	6
#define STATUS_HEADER	"round\tvariant\tstatus\tlog"
#define STATUS_FIELDS	4
#define MAX_FIELDS	8	/* more than any file has: counts the rest */

const char *const better_name[BETTER_COUNT] = {
	"lower", "higher", "none",
};

/* A tab-separated file being read: its lines after the header. */
struct tsv {
	const char *path;
	FILE *f;
	char *line;
	size_t cap;
	size_t lineno;
};

/* Drop the line end (\n, \r\n) of @s. */
static void chomp(char *s)
{
	size_t len = strlen(s);

	while (len && (s[len - 1] == '\n' || s[len - 1] == '\r'))
		s[--len] = '\0';
}

/* Split @s at tabs in place; the number of fields (may exceed MAX_FIELDS). */
static int split_tabs(char *s, char **field)
{
	char *tok;
	int n = 0;

	while ((tok = strsep(&s, "\t"))) {
		if (n < MAX_FIELDS)
			field[n] = tok;
		n++;
	}
	return n;
}

/* A round: a non-negative decimal integer. */
static bool parse_round(const char *s, long *round)
{
	char *end;

	errno = 0;
	*round = strtol(s, &end, 10);
	return !errno && end != s && !*end && *round >= 0;
}

/*
 * Open @path and check that its first line is @header, else exit 1.
 * False when @optional and missing.
 */
static bool open_tsv(struct tsv *t, const char *path, const char *header,
		     bool optional)
{
	char want[64];
	size_t i, j = 0;

	*t = (struct tsv){ .path = path, .lineno = 1 };
	t->f = fopen(path, "r");
	if (!t->f) {
		if (optional && errno == ENOENT)
			return false;
		die(1, "%s: %s", path, strerror(errno));
	}
	if (getline(&t->line, &t->cap, t->f) < 0) {
		if (ferror(t->f))
			die(1, "%s: %s", path, strerror(errno));
		return true;	/* empty: no lines follow either */
	}
	chomp(t->line);
	if (!strcmp(t->line, header))
		return true;
	/* the header as the message shows it: tabs written as \t */
	for (i = 0; header[i] && j + 3 < sizeof(want); i++) {
		if (header[i] == '\t') {
			want[j++] = '\\';
			want[j++] = 't';
		} else {
			want[j++] = header[i];
		}
	}
	want[j] = '\0';
	die(1, "%s:1: wrong header (expected '%s')", path, want);
}

/* The next line that is not blank, without its line end; NULL at the end. */
static char *next_line(struct tsv *t)
{
	while (getline(&t->line, &t->cap, t->f) >= 0) {
		t->lineno++;
		chomp(t->line);
		if (*t->line)
			return t->line;
	}
	return NULL;
}

static void close_tsv(struct tsv *t)
{
	fclose(t->f);
	free(t->line);
}

char *variant_label(const struct results *r, const char *name, int dir)
{
	if (r->ndirs > 1)
		return xprintf("%s@%d", name, dir + 1);
	return xstrdup(name);
}

int find_variant(const struct results *r, const char *label)
{
	size_t i;

	for (i = 0; i < r->nvariants; i++)
		if (!strcmp(r->variants[i].label, label))
			return (int)i;
	return -1;
}

int find_metric(const struct results *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nmetrics; i++)
		if (!strcmp(r->metrics[i].name, name))
			return (int)i;
	return -1;
}

/* Make room for one more element of @size in @p, which holds @n of *@cap. */
static void *grow(void *p, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 16;
	if (*cap > SIZE_MAX / size)
		die(1, "out of memory");
	return xrealloc(p, *cap * size);
}

/* Index of variant @name of folder @dir, added when new. */
static int variant_index(struct results *r, const char *name, int dir)
{
	char *label = variant_label(r, name, dir);
	int v = find_variant(r, label);

	if (v >= 0) {
		free(label);
		return v;
	}
	r->variants = grow(r->variants, r->nvariants, &r->variants_cap,
			   sizeof(*r->variants));
	r->variants[r->nvariants] = (struct variant){
		.label = label, .dir = dir, .failure = -1,
	};
	return (int)r->nvariants++;
}

/* NULL when @s is a finite number, else why not. */
static const char *parse_value(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (end == s || *end)
		return "non-numeric value";
	if (isnan(*v) || isinf(*v))
		return "value is not finite";
	return NULL;
}

static int parse_better(const char *s)
{
	int b;

	for (b = 0; b < BETTER_COUNT; b++)
		if (!strcmp(s, better_name[b]))
			return b;
	return -1;
}

/* The metric of a sample line: new, or one whose unit and better agree. */
static int sample_metric(struct results *r, char **f, enum better b,
			 const struct tsv *t)
{
	int m = find_metric(r, f[2]);

	if (m >= 0) {
		if (!strcmp(r->metrics[m].unit, f[4]) && r->metrics[m].better == b)
			return m;
		malformed(t->path, t->lineno, "metric '%s' is '%s'/%s, not '%s'/%s",
			  f[2], r->metrics[m].unit,
			  better_name[r->metrics[m].better], f[4], f[5]);
		return -1;
	}
	r->metrics = grow(r->metrics, r->nmetrics, &r->metrics_cap,
			  sizeof(*r->metrics));
	r->metrics[r->nmetrics] = (struct metric){
		.name = xstrdup(f[2]), .unit = xstrdup(f[4]), .better = b,
		.selected = true,
	};
	return (int)r->nmetrics++;
}

/* One data line; true when it gave a sample. */
static bool sample_line(struct results *r, char *line, const struct tsv *t,
			int dir)
{
	char *f[MAX_FIELDS];
	const char *err;
	double value;
	long round;
	int n, b, m;

	n = split_tabs(line, f);
	if (n != SAMPLES_FIELDS) {
		malformed(t->path, t->lineno,
			  "expected %d tab-separated fields, got %d",
			  SAMPLES_FIELDS, n);
		return false;
	}
	if (!parse_round(f[0], &round)) {
		malformed(t->path, t->lineno, "bad round '%s'", f[0]);
		return false;
	}
	if (!*f[1] || !*f[2]) {
		malformed(t->path, t->lineno, "empty %s name",
			  *f[1] ? "metric" : "variant");
		return false;
	}
	err = parse_value(f[3], &value);
	if (err) {
		malformed(t->path, t->lineno, "%s '%s'", err, f[3]);
		return false;
	}
	b = parse_better(f[5]);
	if (b < 0) {
		malformed(t->path, t->lineno,
			  "unknown better '%s' (lower, higher or none)", f[5]);
		return false;
	}
	m = sample_metric(r, f, (enum better)b, t);
	if (m < 0)
		return false;
	r->metrics[m].dirs |= 1u << dir;
	r->metrics[m].count++;
	r->samples = grow(r->samples, r->nsamples, &r->samples_cap,
			  sizeof(*r->samples));
	r->samples[r->nsamples] = (struct sample){
		.metric = m, .variant = variant_index(r, f[1], dir),
		.value = value, .seq = r->nsamples,
	};
	r->nsamples++;
	return true;
}

void read_samples(struct results *r, const char *dir, int d)
{
	char *path = xprintf("%s/samples.tsv", dir);
	size_t valid = 0;
	struct stat st;
	struct tsv t;
	char *line;

	if (stat(dir, &st))
		die(1, "%s: %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		die(1, "%s: not a directory", dir);
	open_tsv(&t, path, SAMPLES_HEADER, false);
	while ((line = next_line(&t)))
		valid += sample_line(r, line, &t, d);
	if (ferror(t.f))
		die(1, "%s: %s", path, strerror(errno));
	close_tsv(&t);
	if (!valid)
		die(1, "%s: no samples", path);
	free(path);
}

static bool status_known(const char *s)
{
	return !strcmp(s, "ok") || !strcmp(s, "crashed") ||
	       !strcmp(s, "timeout") || !strcmp(s, "failed");
}

static void status_line(struct results *r, char *line, const struct tsv *t,
			int dir)
{
	struct failure *fl;
	char *f[MAX_FIELDS];
	long round;
	int n, v;

	n = split_tabs(line, f);
	if (n != STATUS_FIELDS) {
		malformed(t->path, t->lineno,
			  "expected %d tab-separated fields, got %d",
			  STATUS_FIELDS, n);
		return;
	}
	if (!parse_round(f[0], &round)) {
		malformed(t->path, t->lineno, "bad round '%s'", f[0]);
		return;
	}
	if (!*f[1]) {
		malformed(t->path, t->lineno, "empty variant name");
		return;
	}
	if (!status_known(f[2])) {
		malformed(t->path, t->lineno,
			  "unknown status '%s' (ok, crashed, timeout or failed)",
			  f[2]);
		return;
	}
	if (!strcmp(f[2], "ok"))
		return;
	v = variant_index(r, f[1], dir);
	r->failures = grow(r->failures, r->nfailures, &r->failures_cap,
			   sizeof(*r->failures));
	fl = &r->failures[r->nfailures];
	*fl = (struct failure){
		.variant = v, .round = round,
		.status = xstrdup(f[2]), .log = xstrdup(f[3]),
	};
	if (r->variants[v].failure < 0)
		r->variants[v].failure = (int)r->nfailures;
	r->nfailures++;
}

void read_status(struct results *r, const char *dir, int d)
{
	char *path = xprintf("%s/status.tsv", dir);
	struct tsv t;
	char *line;

	if (open_tsv(&t, path, STATUS_HEADER, true)) {
		while ((line = next_line(&t)))
			status_line(r, line, &t, d);
		close_tsv(&t);
	}
	free(path);
}

void read_meta(struct results *r, const char *dir, int d)
{
	char *path = xprintf("%s/meta", dir);
	char *line = NULL;
	size_t cap = 0, len;
	FILE *f = fopen(path, "r");

	free(path);
	if (!f)
		return;
	while (getline(&line, &cap, f) >= 0) {
		chomp(line);
		len = strlen(line);
		while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
			line[--len] = '\0';
		if (!strncmp(line, "accel=", 6) && !r->accel[d])
			r->accel[d] = xstrdup(line + 6);
	}
	free(line);
	fclose(f);
}
