/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare.h - what compare's units share: the samples, metrics, variants
 * and failed boots of one or two results folders, what is derived from
 * them, and the functions one unit calls in another.
 */
#ifndef COMPARE_H
#define COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#define MAX_DIRS	2	/* results folders one comparison reads */

enum better { BETTER_LOWER, BETTER_HIGHER, BETTER_NONE, BETTER_COUNT };

/* "lower", "higher", "none": the words of samples.tsv's better column */
extern const char *const better_name[BETTER_COUNT];

struct sample {
	int metric;
	int variant;
	double value;
	size_t seq;		/* position in the input, to keep file order */
};

struct metric {
	char *name;
	char *unit;
	enum better better;
	bool selected;		/* shown: no --metric, or named by one */
	size_t count;		/* samples */
	unsigned int dirs;	/* bit d: folder d has samples of it */
};

struct variant {
	char *label;		/* NAME, or NAME@1 / NAME@2 with two folders */
	int dir;		/* results folder it came from */
	int failure;		/* first failed boot, -1 if none */
};

struct failure {
	int variant;
	long round;
	char *status;		/* crashed, timeout or failed */
	char *log;
};

struct stats {
	size_t n;
	double min, max, mean, median, sd;	/* sd NAN when n < 2 */
};

/* What a p-value cell holds besides a number. */
enum pnote {
	P_BASELINE,	/* the baseline is not tested against itself */
	P_OK,		/* p is set */
	P_FEW,		/* a side has fewer than 3 samples */
	P_ZEROVAR,	/* both sides have zero variance: the test is undefined */
};

struct ptest {
	enum pnote note;
	double p;	/* NAN unless note is P_OK */
};

struct results {
	const char *dirs[MAX_DIRS];
	int ndirs;
	char *accel[MAX_DIRS];	/* meta's accel= value, NULL if none */

	struct sample *samples;
	size_t nsamples, samples_cap;
	struct metric *metrics;	/* in order of first appearance */
	size_t nmetrics, metrics_cap;
	struct variant *variants;	/* in order of first appearance */
	size_t nvariants, variants_cap;
	struct failure *failures;
	size_t nfailures, failures_cap;

	/* set by main.c from --baseline */
	int *order;		/* variants in row order, baseline first */
	int *row;		/* variant -> row position */
	/* set by compute_stats() */
	struct stats *stats;	/* [metric * nvariants + variant] */
};

/*
 * samples.c: add folder @d's samples.tsv, then its status.tsv and meta.
 * A malformed line is reported and skipped; a missing folder or
 * samples.tsv, a wrong header or no valid sample exits 1.
 */
void read_samples(struct results *r, const char *dir, int d);
void read_status(struct results *r, const char *dir, int d);
void read_meta(struct results *r, const char *dir, int d);
/* The label of variant @name of folder @dir: NAME@DIR+1 with two folders. */
char *variant_label(const struct results *r, const char *name, int dir);
/* Index of the variant labelled @label, or of metric @name; -1: none. */
int find_variant(const struct results *r, const char *label);
int find_metric(const struct results *r, const char *name);

/*
 * stats.c: fill r->stats for every (metric, variant); sorts r->samples
 * by metric, then variant, keeping file order within each.
 */
void compute_stats(struct results *r);
/* The statistics of @variant's samples of @metric (n 0 when it has none). */
const struct stats *stats_at(const struct results *r, int metric, int variant);
/* Two-sided Welch t-test of the means of @a and @b. */
struct ptest welch(const struct stats *a, const struct stats *b);
/* p is below @alpha (never true without a p-value). */
bool significant(const struct ptest *pt, double alpha);
/* % change from @base to @v; NAN when undefined (@base 0 and @v not). */
double pct_change(double base, double v);

/* report.c: the outputs on stdout; p below @alpha is significant. */
void print_table(const struct results *r, double alpha);
void print_csv(const struct results *r, double alpha);
void print_json(const struct results *r, double alpha);
/* For csv and json, after stdout: the TCG note and failed boots on stderr. */
void print_notes(const struct results *r);
/* "(B) series-rt" */
char *variant_title(const struct results *r, int variant);
/* "name (unit)", or "name" without a unit */
char *metric_title(const struct results *r, int metric);

/*
 * plot.c: PREFIX.dat and PREFIX.gp, then gnuplot makes PREFIX.svg and
 * PREFIX.png. Exits 1 when a file cannot be written, gnuplot is not in
 * PATH (after writing both files) or gnuplot fails.
 */
void plot(const struct results *r, const char *prefix);

#endif
