// SPDX-License-Identifier: GPL-2.0
/* csv.c - the csv output: RFC 4180 quoting, numbers to 10 significant digits. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "export.h"

static void csv_str(const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, stdout);
		return;
	}
	putchar('"');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

/* ",NUMBER", or an empty field when undefined */
static void csv_num(double x)
{
	putchar(',');
	if (isfinite(x))
		printf("%.10g", x);
}

static const char *csv_significant(const struct ptest *pt, double alpha)
{
	const char *note = p_note_text(pt->note);

	if (pt->note == P_OK)
		return significant(pt, alpha) ? "yes" : "no";
	return note ? note : "";
}

static void csv_row(const struct results *r, const struct export_row *row,
		    void *arg)
{
	const struct metric *mt = &r->metrics[row->metric];
	const double *alpha = arg;

	csv_str(mt->name);
	putchar(',');
	csv_str(mt->unit);
	putchar(',');
	csv_str(r->variants[row->variant].label);
	printf(",%zu", row->count);
	csv_num(row->min);
	csv_num(row->max);
	csv_num(row->mean);
	csv_num(row->median);
	csv_num(row->stddev);
	csv_num(row->delta_mean_pct);
	csv_num(row->pt.p);
	printf(",%s\n", csv_significant(&row->pt, *alpha));
}

void print_csv(const struct results *r, double alpha)
{
	puts("metric,unit,variant,count,min,max,mean,median,stddev,"
	     "delta_mean_pct,p_value,significant");
	for_each_export_row(r, csv_row, &alpha);
}
