// SPDX-License-Identifier: GPL-2.0
/*
 * junit - write a JUnit XML report from a TSV of test cases, for CI.
 *
 * Reads CASES.tsv (suite, case, status, seconds, detail file a line),
 * refuses it whole if a line is malformed, and writes OUT.xml: one
 * <testsuite> per suite, the failures' detail files as their text, made
 * safe for XML 1.0 whatever bytes they hold. See README.md.
 *
 * This file: the command line, and OUT.xml written beside its place and
 * renamed only when complete, so a failed run leaves no file.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/xmlversion.h>

#include "junit.h"
#include "tool.h"

#define DEFAULT_MAX_EXCERPT	16384
#define LIMIT_MAX_EXCERPT	(1UL << 30)

const char tool_name[] = "junit";
const char tool_usage[] = "usage: junit [--name RUN-NAME] [--max-excerpt BYTES] -o OUT.xml CASES.tsv";

struct options {
	const char *name;	/* --name, the <testsuites> name */
	size_t max_excerpt;	/* --max-excerpt BYTES */
	const char *out;	/* -o OUT.xml */
	const char *cases;	/* CASES.tsv */
};

static void set_once(const char **slot, const char *v, const char *what)
{
	if (*slot)
		usage_error("%s given twice", what);
	if (!*v)
		usage_error("%s needs a value, not an empty string", what);
	*slot = v;
}

static size_t parse_max_excerpt(const char *v)
{
	unsigned long n;
	char *end;

	errno = 0;
	n = strtoul(v, &end, 10);
	if (!isdigit((unsigned char)*v) || *end || errno ||
	    n > LIMIT_MAX_EXCERPT)
		usage_error("--max-excerpt needs a number of bytes from 0 to %lu, not '%s'",
			    LIMIT_MAX_EXCERPT, v);
	return n;
}

/* CASES.tsv's file name without its folder and .tsv */
static const char *default_name(const char *cases)
{
	const char *base = strrchr(cases, '/');
	size_t len;

	base = base ? base + 1 : cases;
	len = strlen(base);
	if (len > 4 && !strcmp(base + len - 4, ".tsv"))
		len -= 4;
	return xprintf("%.*s", (int)len, base);
}

static void parse_args(int argc, char **argv, struct options *opt)
{
	static const struct option longs[] = {
		{ "name", required_argument, NULL, 'n' },
		{ "max-excerpt", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*opt = (struct options){ .max_excerpt = DEFAULT_MAX_EXCERPT };
	while ((c = next_arg(argc, argv, "-:ho:", longs)) != -1) {
		if (c == 'o')
			set_once(&opt->out, optarg, "-o");
		else if (c == 'n')
			set_once(&opt->name, optarg, "--name");
		else if (c == 'm')
			opt->max_excerpt = parse_max_excerpt(optarg);
		else if (opt->cases)	/* 1: an operand */
			usage_error("one CASES.tsv only ('%s' and '%s' given)",
				    opt->cases, optarg);
		else
			opt->cases = optarg;
	}
	if (!opt->out)
		usage_error("no output file given (-o OUT.xml)");
	if (!opt->cases)
		usage_error("no CASES.tsv given");
	if (!opt->name)
		opt->name = default_name(opt->cases);
}

static char *tmp_path;	/* the file being written, NULL: none */

static void discard(void)
{
	if (tmp_path)
		unlink(tmp_path);
	tmp_path = NULL;
}

/* "@path.XXXXXX" in @path's folder; until commit(), die() removes it. */
static FILE *create(const char *path)
{
	mode_t mask;
	FILE *f;
	int fd;

	tmp_path = xprintf("%s.XXXXXX", path);
	fd = mkstemp(tmp_path);
	if (fd < 0)
		die(1, "%s: cannot create a file in its folder: %s", path,
		    strerror(errno));
	on_die(discard);
	/* mkstemp() makes it 0600: give it a new file's usual mode */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask))
		die(1, "%s: %s", tmp_path, strerror(errno));
	f = fdopen(fd, "w");
	if (!f)
		die(1, "%s: %s", tmp_path, strerror(errno));
	return f;
}

static void commit(FILE *f, const char *path)
{
	int err = 0;

	errno = 0;
	if (fflush(f) || ferror(f))
		err = errno ? errno : EIO;
	if (fclose(f) && !err)
		err = errno;
	if (err)
		die(1, "%s: %s", tmp_path, strerror(err));
	if (rename(tmp_path, path))
		die(1, "%s: %s", path, strerror(errno));
	free(tmp_path);
	tmp_path = NULL;
}

int main(int argc, char **argv)
{
	struct options opt;
	struct cases cs;
	FILE *f;

	LIBXML_TEST_VERSION;
	parse_args(argc, argv, &opt);
	read_cases(opt.cases, &cs);
	f = create(opt.out);
	write_report(f, opt.name, &cs, opt.max_excerpt);
	commit(f, opt.out);
	free_cases(&cs);
	return 0;
}
