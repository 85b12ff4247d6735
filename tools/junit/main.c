// SPDX-License-Identifier: GPL-2.0
/*
 * junit - write a JUnit XML report from a TSV of test cases, for CI.
 *
 * Reads CASES.tsv (suite, case, status, seconds, detail file a line),
 * refuses it whole if a line is malformed, and writes OUT.xml: one
 * <testsuite> per suite, the failures' detail files as their text, made
 * safe for XML 1.0 whatever bytes they hold. See README.md.
 */
#include <stdio.h>

#include <libxml/xmlversion.h>

#include "cases.h"
#include "error.h"
#include "options.h"
#include "outfile.h"
#include "report.h"

const char tool_name[] = "junit";

int main(int argc, char **argv)
{
	struct options opt;
	struct cases cs;
	FILE *f;

	LIBXML_TEST_VERSION;
	parse_args(argc, argv, &opt);
	read_cases(opt.cases, &cs);
	f = outfile_open(opt.out);
	write_report(f, opt.name, &cs, opt.max_excerpt);
	outfile_commit(f);
	free_cases(&cs);
	return 0;
}
