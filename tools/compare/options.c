// SPDX-License-Identifier: GPL-2.0
/* options.c - the command line: --opt VALUE or --opt=VALUE, anywhere. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "options.h"

#define USAGE "usage: compare [--baseline VARIANT] [--format table|csv|json] [--alpha A] [--plot PREFIX] [--metric NAME]... RESULTS_DIR [RESULTS_DIR2]"

__attribute__((format(printf, 1, 2)))
static _Noreturn void usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("compare: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n%s\n", USAGE);
	exit(2);
}

/* "--name value" or "--name=value"; NULL when argv[*i] is not --name. */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
	const char *a = argv[*i];
	size_t len = strlen(name);

	if (strncmp(a, name, len))
		return NULL;
	if (a[len] == '=')
		return a + len + 1;
	if (a[len])
		return NULL;
	if (*i + 1 >= argc)
		usage_error("%s needs a value", name);
	return argv[++*i];
}

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

static void add_dir(struct options *opt, const char *v)
{
	if (opt->ndirs == MAX_DIRS)
		usage_error("at most %d results folders", MAX_DIRS);
	opt->dirs[opt->ndirs++] = v;
}

/* false when argv[*i] is no option we know */
static bool parse_option(struct options *opt, int argc, char **argv, int *i)
{
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

void parse_args(int argc, char **argv, struct options *opt)
{
	bool options = true;
	int i;

	*opt = (struct options){ .format = FORMAT_TABLE, .alpha = 0.05 };
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (options && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
			printf("%s\n", USAGE);
			exit(0);
		}
		if (options && !strcmp(a, "--")) {
			options = false;
			continue;
		}
		if (options && a[0] == '-' && a[1]) {
			if (!parse_option(opt, argc, argv, &i))
				usage_error("unknown option '%s'", a);
			continue;
		}
		add_dir(opt, a);
	}
	if (!opt->ndirs)
		usage_error("no results folder given");
}
