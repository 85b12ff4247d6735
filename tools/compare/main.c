// SPDX-License-Identifier: GPL-2.0
/*
 * compare - summarise the lab's benchmark samples per metric and variant.
 *
 * Reads RESULTS_DIR/samples.tsv (and status.tsv, meta when present), prints
 * count/min/max/mean/median/stddev per (metric, variant), the change of
 * every column against a baseline variant and a two-sided Welch t-test
 * p-value of the means. Table (the slab mailing list form), CSV or JSON;
 * optionally a gnuplot picture of every sample. See README.md.
 */
#include <stdio.h>

#include "csv.h"
#include "error.h"
#include "malformed.h"
#include "json.h"
#include "meta.h"
#include "options.h"
#include "plot.h"
#include "report.h"
#include "results.h"
#include "rows.h"
#include "samples.h"
#include "stats.h"
#include "status.h"
#include "table.h"

const char tool_name[] = "compare";

int main(int argc, char **argv)
{
	struct options opt;
	struct results r = { 0 };
	int d;

	parse_args(argc, argv, &opt);
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
