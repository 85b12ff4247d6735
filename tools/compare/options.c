// SPDX-License-Identifier: GPL-2.0
/* options.c - the command line (the syntax is tools/lib/args.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "options.h"
#include "xalloc.h"

#define USAGE "usage: compare [--baseline VARIANT] [--format table|csv|json] [--alpha A] [--plot PREFIX] [--metric NAME]... RESULTS_DIR [RESULTS_DIR2]"

static void set_format(struct options *opt, const char *v)
{
	if (!strcmp(v, "table"))
		opt->format = FORMAT_TABLE;
	else if (!strcmp(v, "csv"))
		opt->format = FORMAT_CSV;
	else if (!strcmp(v, "json"))
		opt->format = FORMAT_JSON;
	else
		usage_error("unknown format '%s' (table, csv or json)", v);
}

static void set_alpha(struct options *opt, const char *v)
{
	char *end;

	errno = 0;
	opt->alpha = strtod(v, &end);
	if (errno || end == v || *end || !(opt->alpha > 0 && opt->alpha < 1))
		usage_error("--alpha needs a number between 0 and 1, not '%s'", v);
}

static void set_plot(struct options *opt, const char *v)
{
	if (!*v)
		usage_error("--plot needs a file name prefix");
	opt->plot = v;
}

static void add_metric_name(struct options *opt, const char *v)
{
	static size_t cap;

	if (!*v)
		usage_error("--metric needs a name");
	opt->metrics = grow(opt->metrics, opt->nmetrics, &cap,
			    sizeof(*opt->metrics));
	opt->metrics[opt->nmetrics++] = v;
}

/* false when argv[*i] is no option we know */
static bool parse_option(void *ctx, int argc, char **argv, int *i)
{
	struct options *opt = ctx;
	const char *v;

	if ((v = opt_value(argc, argv, i, "--baseline")))
		opt->baseline = v;
	else if ((v = opt_value(argc, argv, i, "--format")))
		set_format(opt, v);
	else if ((v = opt_value(argc, argv, i, "--alpha")))
		set_alpha(opt, v);
	else if ((v = opt_value(argc, argv, i, "--plot")))
		set_plot(opt, v);
	else if ((v = opt_value(argc, argv, i, "--metric")))
		add_metric_name(opt, v);
	else
		return false;
	return true;
}

static void add_dir(void *ctx, const char *v)
{
	struct options *opt = ctx;

	if (opt->ndirs == MAX_DIRS)
		usage_error("at most %d results folders", MAX_DIRS);
	opt->dirs[opt->ndirs++] = v;
}

void parse_args(int argc, char **argv, struct options *opt)
{
	static const struct args_spec spec = {
		.usage = USAGE,
		.option = parse_option,
		.operand = add_dir,
	};

	*opt = (struct options){ .format = FORMAT_TABLE, .alpha = 0.05 };
	args_parse(&spec, opt, argc, argv);
	if (!opt->ndirs)
		usage_error("no results folder given");
}
