/* SPDX-License-Identifier: GPL-2.0 */
/*
 * args.h - a tool's command line: options anywhere, as --opt VALUE or
 * --opt=VALUE, -h or --help, and "--" before operands that start with '-'.
 */
#ifndef TOOLS_ARGS_H
#define TOOLS_ARGS_H

#include <stdbool.h>

struct args_spec {
	const char *usage;	/* the usage line: --help, usage errors */
	/* false when argv[*i] is no option it knows; may step *i over a value */
	bool (*option)(void *ctx, int argc, char **argv, int *i);
	void (*operand)(void *ctx, const char *arg);
};

/* Walk argv. --help prints the usage and exits 0. */
void args_parse(const struct args_spec *spec, void *ctx, int argc, char **argv);

/* "NAME VALUE" or "NAME=VALUE": the value; NULL when argv[*i] is not NAME. */
const char *opt_value(int argc, char **argv, int *i, const char *name);

/* "NAME: MESSAGE" and the usage line on stderr; exit 2. */
_Noreturn void usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

#endif
