// SPDX-License-Identifier: GPL-2.0
/* options.c - the command line (the syntax is tools/lib/args.h). */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "options.h"

#define USAGE "usage: junit [--name RUN-NAME] [--max-excerpt BYTES] -o OUT.xml CASES.tsv"

static void set_once(const char **slot, const char *v, const char *what)
{
	if (*slot)
		usage_error("%s given twice", what);
	if (!*v)
		usage_error("%s needs a value, not an empty string", what);
	*slot = v;
}

static void set_max_excerpt(struct options *opt, const char *v)
{
	unsigned long n;
	char *end;

	errno = 0;
	n = strtoul(v, &end, 10);
	if (!isdigit((unsigned char)*v) || *end || errno ||
	    n > LIMIT_MAX_EXCERPT)
		usage_error("--max-excerpt needs a number of bytes from 0 to %lu, not '%s'",
			    LIMIT_MAX_EXCERPT, v);
	opt->max_excerpt = n;
}

/* false when argv[*i] is no option we know */
static bool parse_option(void *ctx, int argc, char **argv, int *i)
{
	struct options *opt = ctx;
	const char *v = opt_value(argc, argv, i, "-o");

	if (v) {
		set_once(&opt->out, v, "-o");
		return true;
	}
	v = opt_value(argc, argv, i, "--name");
	if (v) {
		set_once(&opt->name, v, "--name");
		return true;
	}
	v = opt_value(argc, argv, i, "--max-excerpt");
	if (v) {
		set_max_excerpt(opt, v);
		return true;
	}
	return false;
}

/* CASES.tsv's file name without its folder and .tsv */
static const char *default_name(const char *cases)
{
	const char *base = strrchr(cases, '/');
	static char name[256];
	size_t len;

	base = base ? base + 1 : cases;
	len = strlen(base);
	if (len > 4 && !strcmp(base + len - 4, ".tsv"))
		len -= 4;
	snprintf(name, sizeof(name), "%.*s", (int)len, base);
	return name;
}

static void set_cases(void *ctx, const char *v)
{
	struct options *opt = ctx;

	if (opt->cases)
		usage_error("one CASES.tsv only ('%s' and '%s' given)",
			    opt->cases, v);
	opt->cases = v;
}

void parse_args(int argc, char **argv, struct options *opt)
{
	static const struct args_spec spec = {
		.usage = USAGE,
		.option = parse_option,
		.operand = set_cases,
	};

	*opt = (struct options){ .max_excerpt = DEFAULT_MAX_EXCERPT };
	args_parse(&spec, opt, argc, argv);
	if (!opt->out)
		usage_error("no output file given (-o OUT.xml)");
	if (!opt->cases)
		usage_error("no CASES.tsv given");
	if (!opt->name)
		opt->name = default_name(opt->cases);
}
