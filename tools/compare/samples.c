// SPDX-License-Identifier: GPL-2.0
/*
 * samples.c - reading samples.tsv: "round variant metric value unit better",
 * one sample a line. Every line of a metric must agree on unit and better.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "xalloc.h"
#include "error.h"
#include "malformed.h"
#include "samples.h"
#include "tsv.h"

#define SAMPLES_HEADER	"round\tvariant\tmetric\tvalue\tunit\tbetter"
#define SAMPLES_FIELDS	6

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

/* One data line; true when it gave a sample. */
static bool sample_line(struct results *r, char *line, const char *path,
			size_t lineno, int dir)
{
	char *f[MAX_FIELDS];
	const char *err;
	double value;
	long round;
	int n, b, m;

	n = split_tabs(line, f, MAX_FIELDS);
	if (n != SAMPLES_FIELDS) {
		malformed(path, lineno, "expected %d tab-separated fields, got %d",
			  SAMPLES_FIELDS, n);
		return false;
	}
	if (!parse_round(f[0], &round)) {
		malformed(path, lineno, "bad round '%s'", f[0]);
		return false;
	}
	if (!*f[1] || !*f[2]) {
		malformed(path, lineno, "empty %s name", *f[1] ? "metric" : "variant");
		return false;
	}
	err = parse_value(f[3], &value);
	if (err) {
		malformed(path, lineno, "%s '%s'", err, f[3]);
		return false;
	}
	b = parse_better(f[5]);
	if (b < 0) {
		malformed(path, lineno, "unknown better '%s' (lower, higher or none)",
			  f[5]);
		return false;
	}
	m = find_metric(r, f[2]);
	if (m < 0) {
		m = add_metric(r, f[2], f[4], b);
	} else if (strcmp(r->metrics[m].unit, f[4]) ||
		   r->metrics[m].better != (enum better)b) {
		malformed(path, lineno, "metric '%s' is '%s'/%s, not '%s'/%s",
			  f[2], r->metrics[m].unit,
			  better_name[r->metrics[m].better], f[4], f[5]);
		return false;
	}
	r->metrics[m].dirs |= 1u << dir;
	add_sample(r, m, variant_index(r, f[1], dir), value);
	return true;
}

void read_samples(struct results *r, const char *dir, int d)
{
	char *path = path_join(dir, "samples.tsv");
	char *line = NULL;
	size_t cap = 0, lineno = 1, valid = 0;
	struct stat st;
	bool empty;
	FILE *f;

	if (stat(dir, &st))
		die(1, "%s: %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		die(1, "%s: not a directory", dir);
	f = open_tsv(path, SAMPLES_HEADER, false, &empty);
	while (!empty && getline(&line, &cap, f) >= 0) {
		lineno++;
		chomp(line);
		if (!*line)
			continue;
		valid += sample_line(r, line, path, lineno, d);
	}
	if (ferror(f))
		die(1, "%s: %s", path, strerror(errno));
	fclose(f);
	free(line);
	if (!valid)
		die(1, "%s: no samples", path);
	free(path);
}
