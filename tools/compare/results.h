/* SPDX-License-Identifier: GPL-2.0 */
/*
 * results.h - what compare knows about one or two results folders: their
 * samples, metrics, variants and failed boots, and what is derived from them.
 */
#ifndef COMPARE_RESULTS_H
#define COMPARE_RESULTS_H

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

struct stats;

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

	/* set by order_variants() (rows.c) */
	int *order;		/* variants in row order, baseline first */
	int *row;		/* variant -> row position */
	/* set by compute_stats() (stats.c) */
	struct stats *stats;	/* [metric * nvariants + variant] */
};

/* The label of variant @name of folder @dir: NAME@DIR+1 with two folders. */
char *variant_label(const struct results *r, const char *name, int dir);
/* Index of the variant labelled @label, or -1. */
int find_variant(const struct results *r, const char *label);
/* Index of variant @name of folder @dir, added when new. */
int variant_index(struct results *r, const char *name, int dir);

/* Index of metric @name, or -1. */
int find_metric(const struct results *r, const char *name);
int add_metric(struct results *r, const char *name, const char *unit,
	       enum better better);

void add_sample(struct results *r, int metric, int variant, double value);
void add_failure(struct results *r, int variant, long round,
		 const char *status, const char *log);

#endif
