// SPDX-License-Identifier: GPL-2.0
/* args.c - a tool's command line (see args.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "error.h"

static const char *usage_line;

void usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("", fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s\n", usage_line ? usage_line : "");
	exit(2);
}

const char *opt_value(int argc, char **argv, int *i, const char *name)
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

void args_parse(const struct args_spec *spec, void *ctx, int argc, char **argv)
{
	bool options = true;
	int i;

	usage_line = spec->usage;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (options && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
			printf("%s\n", spec->usage);
			exit(0);
		}
		if (options && !strcmp(a, "--")) {
			options = false;
			continue;
		}
		if (options && a[0] == '-' && a[1]) {
			if (!spec->option(ctx, argc, argv, &i))
				usage_error("unknown option '%s'", a);
			continue;
		}
		spec->operand(ctx, a);
	}
}
