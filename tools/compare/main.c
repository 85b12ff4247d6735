// SPDX-License-Identifier: GPL-2.0
/*
 * compare - summarise the lab's benchmark samples per metric and variant.
 *
 * Reads RESULTS_DIR/samples.tsv (and status.tsv, meta when present), prints
 * count/min/max/mean/median/stddev per (metric, variant), the change of
 * every column against a baseline variant and a two-sided Welch t-test
 * p-value of the means. Table (the slab mailing list form), CSV or JSON;
 * optionally a gnuplot picture of every sample. See README.md.
 *
 * This file: the command line, what --metric and --baseline select, and
 * the order of the steps.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "tool.h"

const char tool_name[] = "compare";
const char tool_usage[] = "usage: compare [--baseline VARIANT] [--format table|csv|json] [--alpha A] [--plot PREFIX] [--metric NAME]... RESULTS_DIR [RESULTS_DIR2]";

enum format { FORMAT_TABLE, FORMAT_CSV, FORMAT_JSON };

struct options {
	const char *baseline;	/* --baseline, NULL: the first variant */
	enum format format;
	double alpha;		/* significance level of the " *" mark */
	const char *plot;	/* --plot file name prefix, NULL: no plot */
	const char **metrics;	/* --metric names, in the order given */
	size_t nmetrics;
	const char *dirs[MAX_DIRS];
	int ndirs;
};

/* also when die() ends the run: the count explains a short table */
static void say_skipped(void)
{
	if (malformed_lines)
		fprintf(stderr, "%s: %zu malformed lines skipped\n", tool_name,
			malformed_lines);
}

/* Exit with @code; first says how many malformed lines were skipped, if any. */
static _Noreturn void finish(int code)
{
	say_skipped();
	exit(code);
}

static enum format parse_format(const char *v)
{
	static const char *const names[] = {
		[FORMAT_TABLE] = "table", [FORMAT_CSV] = "csv", [FORMAT_JSON] = "json",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(v, names[i]))
			return (enum format)i;
	usage_error("unknown format '%s' (table, csv or json)", v);
}

static double parse_alpha(const char *v)
{
	double a;
	char *end;

	errno = 0;
	a = strtod(v, &end);
	if (errno || end == v || *end || !(a > 0 && a < 1))
		usage_error("--alpha needs a number between 0 and 1, not '%s'", v);
	return a;
}

static void parse_args(int argc, char **argv, struct options *opt)
{
	static const struct option longs[] = {
		{ "baseline", required_argument, NULL, 'b' },
		{ "format", required_argument, NULL, 'f' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "plot", required_argument, NULL, 'p' },
		{ "metric", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*opt = (struct options){ .format = FORMAT_TABLE, .alpha = 0.05 };
	while ((c = next_arg(argc, argv, "-:h", longs)) != -1) {
		switch (c) {
		case 'b':
			opt->baseline = optarg;
			break;
		case 'f':
			opt->format = parse_format(optarg);
			break;
		case 'a':
			opt->alpha = parse_alpha(optarg);
			break;
		case 'p':
			if (!*optarg)
				usage_error("--plot needs a file name prefix");
			opt->plot = optarg;
			break;
		case 'm':
			if (!*optarg)
				usage_error("--metric needs a name");
			opt->metrics = xrealloc(opt->metrics, (opt->nmetrics + 1) *
						sizeof(*opt->metrics));
			opt->metrics[opt->nmetrics++] = optarg;
			break;
		default:	/* 1: a results folder */
			if (opt->ndirs == MAX_DIRS)
				usage_error("at most %d results folders", MAX_DIRS);
			opt->dirs[opt->ndirs++] = optarg;
		}
	}
	if (!opt->ndirs)
		usage_error("no results folder given");
}

/* Show only the metrics named (all when @n is 0); an unknown one exits 1. */
static void select_metrics(struct results *r, const char *const *names,
			   size_t n)
{
	size_t i;

	if (!n)
		return;
	for (i = 0; i < r->nmetrics; i++)
		r->metrics[i].selected = false;
	for (i = 0; i < n; i++) {
		int m = find_metric(r, names[i]);

		if (m < 0)
			die(1, "no samples for metric '%s'", names[i]);
		r->metrics[m].selected = true;
	}
}

/* The variant --baseline names; an unknown one exits 2. */
static int baseline_variant(const struct results *r, const char *baseline)
{
	size_t i;
	int v;

	if (!baseline)
		return 0;
	v = find_variant(r, baseline);
	if (v < 0 && r->ndirs > 1) {
		/* a bare name in a two-folder comparison: the first folder's */
		char *label = variant_label(r, baseline, 0);

		v = find_variant(r, label);
		free(label);
	}
	if (v >= 0)
		return v;
	fprintf(stderr, "compare: unknown baseline variant '%s' (variants:",
		baseline);
	for (i = 0; i < r->nvariants; i++)
		fprintf(stderr, " %s", r->variants[i].label);
	fprintf(stderr, ")\n");
	finish(2);
}

/* r->order and r->row: the baseline first, the others in file order. */
static void order_variants(struct results *r, const char *baseline)
{
	int base = baseline_variant(r, baseline);
	size_t i, n = 0;

	r->order = xrealloc(NULL, r->nvariants * sizeof(*r->order));
	r->row = xrealloc(NULL, r->nvariants * sizeof(*r->row));
	r->order[n++] = base;
	for (i = 0; i < r->nvariants; i++)
		if ((int)i != base)
			r->order[n++] = (int)i;
	for (i = 0; i < n; i++)
		r->row[r->order[i]] = (int)i;
}

int main(int argc, char **argv)
{
	struct options opt;
	struct results r = { 0 };
	int d;

	parse_args(argc, argv, &opt);
	on_die(say_skipped);
	r.ndirs = opt.ndirs;
	for (d = 0; d < opt.ndirs; d++)
		r.dirs[d] = opt.dirs[d];
	/* both folders' samples first: variants met only in status.tsv come last */
	for (d = 0; d < r.ndirs; d++)
		read_samples(&r, r.dirs[d], d);
	for (d = 0; d < r.ndirs; d++) {
		read_status(&r, r.dirs[d], d);
		read_meta(&r, r.dirs[d], d);
	}
	select_metrics(&r, opt.metrics, opt.nmetrics);
	order_variants(&r, opt.baseline);
	compute_stats(&r);
	switch (opt.format) {
	case FORMAT_TABLE:
		print_table(&r, opt.alpha);
		break;
	case FORMAT_CSV:
		print_csv(&r, opt.alpha);
		print_notes(&r);
		break;
	case FORMAT_JSON:
		print_json(&r, opt.alpha);
		print_notes(&r);
		break;
	}
	if (opt.plot)
		plot(&r, opt.plot);
	fflush(stdout);
	finish(0);
}
