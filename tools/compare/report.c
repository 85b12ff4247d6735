// SPDX-License-Identifier: GPL-2.0
/* report.c - the lines around the numbers: what was read, how, what failed. */
#include <stdbool.h>
#include <stdlib.h>

#include "meta.h"
#include "report.h"
#include "rows.h"

#define TCG_NOTE "measured under TCG emulation: absolute numbers are emulated; compare ratios within one run"

void print_preamble(const struct results *r, FILE *f, enum report_style style)
{
	const char *prefix = style == AS_TABLE ? "# " : "compare: ";
	size_t i, n = 0, k = 0;

	for (i = 0; i < r->nmetrics; i++) {
		if (r->metrics[i].selected) {
			n += r->metrics[i].count;
			k++;
		}
	}
	if (style == AS_TABLE) {
		fprintf(f, "# %zu samples, %zu variants, %zu metrics from %s",
			n, r->nvariants, k, r->dirs[0]);
		if (r->ndirs > 1)
			fprintf(f, " and %s", r->dirs[1]);
		fputc('\n', f);
	}
	if (ran_under_tcg(r))
		fprintf(f, "%s%s\n", prefix, TCG_NOTE);
	if (accel_differs(r))
		fprintf(f, "%swarning: %s ran with accel=%s, %s with accel=%s\n",
			prefix, r->dirs[0], r->accel[0], r->dirs[1], r->accel[1]);
}

void print_failed_boots(const struct results *r, FILE *f,
			enum report_style style, int label_width)
{
	size_t i;

	if (!r->nfailures)
		return;
	if (style == AS_TABLE)
		fprintf(f, "\nFailed boots:\n");
	for (i = 0; i < r->nfailures; i++) {
		const struct failure *fl = &r->failures[i];
		char *title = variant_title(r, fl->variant);

		if (style == AS_TABLE)
			fprintf(f, "  %-*s| ", label_width, title);
		else
			fprintf(f, "compare: %s ", title);
		fprintf(f, "%s in round %ld", fl->status, fl->round);
		if (*fl->log)
			fprintf(f, " (see %s)", fl->log);
		fputc('\n', f);
		free(title);
	}
}

void print_notes(const struct results *r)
{
	fflush(stdout);
	print_preamble(r, stderr, AS_MESSAGES);
	print_failed_boots(r, stderr, AS_MESSAGES, 0);
}
