// SPDX-License-Identifier: GPL-2.0
/* options.c - the command line: -o OUT, --opt VALUE or --opt=VALUE. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

#define USAGE "usage: junit [--name RUN-NAME] [--max-excerpt BYTES] -o OUT.xml CASES.tsv"

__attribute__((format(printf, 1, 2)))
static _Noreturn void usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("junit: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n%s\n", USAGE);
	exit(2);
}

/* "NAME VALUE" or "NAME=VALUE"; NULL when argv[*i] is not NAME. */
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
static bool parse_option(struct options *opt, int argc, char **argv, int *i)
{
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

void parse_args(int argc, char **argv, struct options *opt)
{
	bool options = true;
	int i;

	*opt = (struct options){ .max_excerpt = DEFAULT_MAX_EXCERPT };
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
		if (opt->cases)
			usage_error("one CASES.tsv only ('%s' and '%s' given)",
				    opt->cases, a);
		opt->cases = a;
	}
	if (!opt->out)
		usage_error("no output file given (-o OUT.xml)");
	if (!opt->cases)
		usage_error("no CASES.tsv given");
	if (!opt->name)
		opt->name = default_name(opt->cases);
}
