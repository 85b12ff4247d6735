// SPDX-License-Identifier: GPL-2.0
/*
 * report.c - the outputs: the table (the form used on the Linux slab
 * list), csv and json, with the lines around the numbers. Every output
 * shows the same rows: per shown metric, (A) the baseline, then the other
 * variants in file order.
 */
#define _POSIX_C_SOURCE 200809L	/* open_memstream */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "compare.h"
#include "tool.h"

#define TCG_NOTE "measured under TCG emulation: absolute numbers are emulated; compare ratios within one run"

/*
 * @variant has a row in @metric's table: the baseline, a variant with
 * samples, or a failed one whose folder measured the metric at all.
 */
static bool shown(const struct results *r, int metric, int variant)
{
	const struct variant *v = &r->variants[variant];

	return r->row[variant] == 0 || stats_at(r, metric, variant)->n ||
	       (v->failure >= 0 && (r->metrics[metric].dirs >> v->dir & 1));
}

/* "A".."Z", "AA".. for row @row */
static void row_letter(char *buf, size_t size, int row)
{
	char tmp[16];
	int n = 0;

	do {
		tmp[n++] = (char)('A' + row % 26);
		row = row / 26 - 1;
	} while (row >= 0 && n < (int)sizeof(tmp) - 1);
	if (size <= (size_t)n)
		n = (int)size - 1;
	buf[n] = '\0';
	for (int j = 0; j < n; j++)
		buf[j] = tmp[n - 1 - j];
}

char *variant_title(const struct results *r, int variant)
{
	char letter[16];

	row_letter(letter, sizeof(letter), r->row[variant]);
	return xprintf("(%s) %s", letter, r->variants[variant].label);
}

char *metric_title(const struct results *r, int metric)
{
	const struct metric *mt = &r->metrics[metric];

	if (*mt->unit)
		return xprintf("%s (%s)", mt->name, mt->unit);
	return xstrdup(mt->name);
}

/*
 * The lines around the numbers: what was read, how it was measured, which
 * boots failed. The table prints them as "# " lines and a "Failed boots:"
 * section; csv and json send them to stderr as "compare: " messages, so
 * that stdout stays machine-readable.
 */
enum report_style { AS_TABLE, AS_MESSAGES };

static bool ran_under_tcg(const struct results *r)
{
	int d;

	for (d = 0; d < r->ndirs; d++)
		if (r->accel[d] && !strcmp(r->accel[d], "tcg"))
			return true;
	return false;
}

/* The sample count line (table only), the TCG note and the accel warning. */
static void print_preamble(const struct results *r, FILE *f,
			   enum report_style style)
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
	if (r->ndirs > 1 && r->accel[0] && r->accel[1] &&
	    strcmp(r->accel[0], r->accel[1]))
		fprintf(f, "%swarning: %s ran with accel=%s, %s with accel=%s\n",
			prefix, r->dirs[0], r->accel[0], r->dirs[1], r->accel[1]);
}

/* Every boot that was not ok; the table aligns them to @label_width. */
static void print_failed_boots(const struct results *r, FILE *f,
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

/* ---- the table */

#define LABEL_MIN	30
#define NCELLS		8
#define NUMBUF		48

static const char *const direction_text[BETTER_COUNT] = {
	"- is good", "+ is good", "<not defined>",
};

/* COUNT .. P-VALUE; the last one is not padded */
static const int cell_width[NCELLS] = { 5, 10, 10, 10, 10, 9, 13, 0 };

struct table {
	const struct results *r;
	double alpha;
	int label_width;
};

/*
 * @sig significant digits, fixed point for ordinary magnitudes (1e-4 to
 * 1e10), no trailing zeros; "-" when undefined.
 */
static void fmt_num(char *buf, size_t size, double x, int sig)
{
	int e, dec;
	char *dot, *end;

	if (!isfinite(x)) {
		snprintf(buf, size, "-");
		return;
	}
	if (x == 0) {
		snprintf(buf, size, "0");
		return;
	}
	e = (int)floor(log10(fabs(x)));
	if (e >= 10 || e < -4) {
		snprintf(buf, size, "%.*g", sig, x);
		return;
	}
	dec = sig - 1 - e;
	snprintf(buf, size, "%.*f", dec > 0 ? dec : 0, x);
	dot = strchr(buf, '.');
	if (!dot)
		return;
	end = buf + strlen(buf);
	while (end > dot + 1 && end[-1] == '0')
		*--end = '\0';
	if (end == dot + 1)
		*dot = '\0';
}

/* "+12.34%" from @base to @v, "-" when undefined. */
static void fmt_pct(char *buf, size_t size, double base, double v)
{
	double pct = pct_change(base, v);

	if (isnan(pct))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%+.2f%%", pct);
}

/* "0.016 *" (significant at @alpha), "0.16", "n<3" or "-". */
static void fmt_p(char *buf, size_t size, const struct ptest *pt, double alpha)
{
	if (pt->note == P_FEW)
		snprintf(buf, size, "n<3");
	else if (pt->note != P_OK)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.2g%s", pt->p,
			 significant(pt, alpha) ? " *" : "");
}

/* At least LABEL_MIN, and one blank after the longest label. */
static int label_width(const struct results *r)
{
	size_t i;
	int w = LABEL_MIN;

	for (i = 0; i < r->nvariants; i++) {
		char *t = variant_title(r, (int)i);

		if ((int)strlen(t) >= w)
			w = (int)strlen(t) + 1;
		free(t);
	}
	for (i = 0; i < r->nmetrics; i++) {
		char *t;

		if (!r->metrics[i].selected)
			continue;
		t = metric_title(r, (int)i);
		if ((int)strlen(t) >= w)
			w = (int)strlen(t) + 1;
		free(t);
	}
	return w;
}

/* One table line; @cell ends early at a NULL; trailing blanks dropped. */
static void table_row(const struct table *t, const char *label,
		      const char *const *cell, int ncells)
{
	char *buf = NULL;
	size_t size = 0, len;
	FILE *f = open_memstream(&buf, &size);
	int i;

	if (!f)
		die(1, "out of memory");
	fprintf(f, "  %-*s", t->label_width, label);
	for (i = 0; i < ncells && cell[i]; i++)
		fprintf(f, "| %-*s ", cell_width[i], cell[i]);
	fclose(f);
	len = strlen(buf);
	while (len && buf[len - 1] == ' ')
		buf[--len] = '\0';
	puts(buf);
	free(buf);
}

static void table_header(const struct table *t)
{
	int w = t->label_width + 2, left = (w - 5 + 1) / 2, i;

	printf("%*s%-*s", left, "", w - left, "LABEL");
	puts("| COUNT |    MIN     |    MAX     |    MEAN    |   MEDIAN   |"
	     "  STDDEV   |   DIRECTION   | P-VALUE");
	for (i = 0; i < w; i++)
		putchar('-');
	puts("+-------+------------+------------+------------+------------+"
	     "-----------+---------------+---------");
}

static const char *no_samples_text(const struct results *r, int variant)
{
	int f = r->variants[variant].failure;

	if (f < 0)
		return "no samples";
	if (!strcmp(r->failures[f].status, "crashed"))
		return "no samples (crashed)";
	if (!strcmp(r->failures[f].status, "timeout"))
		return "no samples (timeout)";
	return "no samples (failed)";
}

static void table_variant(const struct table *t, int m, int v)
{
	const struct stats *s = stats_at(t->r, m, v);
	char b[6][NUMBUF];
	const char *c[NCELLS] = { b[0], b[1], b[2], b[3], b[4], b[5], "", "" };
	char *title = variant_title(t->r, v);

	snprintf(b[0], NUMBUF, "%zu", s->n);
	if (!s->n) {
		c[1] = no_samples_text(t->r, v);
		table_row(t, title, c, 2);
		free(title);
		return;
	}
	fmt_num(b[1], NUMBUF, s->min, 4);
	fmt_num(b[2], NUMBUF, s->max, 4);
	fmt_num(b[3], NUMBUF, s->mean, 4);
	fmt_num(b[4], NUMBUF, s->median, 4);
	fmt_num(b[5], NUMBUF, s->sd, 5);
	table_row(t, title, c, NCELLS);
	free(title);
}

/* Under a variant's row: the change of each column against the baseline. */
static void table_delta(const struct table *t, int m, int v, int base)
{
	const struct stats *s = stats_at(t->r, m, v), *a = stats_at(t->r, m, base);
	struct ptest pt = welch(a, s);
	char b[6][NUMBUF];
	const char *c[NCELLS] = { "", b[0], b[1], b[2], b[3], b[4],
				  direction_text[t->r->metrics[m].better], b[5] };

	fmt_pct(b[0], NUMBUF, a->min, s->min);
	fmt_pct(b[1], NUMBUF, a->max, s->max);
	fmt_pct(b[2], NUMBUF, a->mean, s->mean);
	fmt_pct(b[3], NUMBUF, a->median, s->median);
	fmt_pct(b[4], NUMBUF, a->sd, s->sd);
	fmt_p(b[5], NUMBUF, &pt, t->alpha);
	table_row(t, "", c, NCELLS);
}

static void table_metric(const struct table *t, int m)
{
	static const char *const empty[NCELLS] = { "", "", "", "", "", "", "", "" };
	const struct results *r = t->r;
	char *title = metric_title(r, m);
	size_t i;

	table_header(t);
	table_row(t, title, empty, NCELLS);
	free(title);
	for (i = 0; i < r->nvariants; i++) {
		int v = r->order[i];

		if (!shown(r, m, v))
			continue;
		table_variant(t, m, v);
		if (i && stats_at(r, m, v)->n)
			table_delta(t, m, v, r->order[0]);
	}
}

void print_table(const struct results *r, double alpha)
{
	struct table t = { r, alpha, label_width(r) };
	size_t i;

	print_preamble(r, stdout, AS_TABLE);
	for (i = 0; i < r->nmetrics; i++) {
		if (!r->metrics[i].selected)
			continue;
		putchar('\n');
		table_metric(&t, (int)i);
	}
	print_failed_boots(r, stdout, AS_TABLE, t.label_width);
}

/* ---- csv and json: a row per shown (metric, variant), numbers unformatted */

struct export_row {
	int metric, variant;
	bool baseline;
	size_t count;
	double min, max, mean, median, stddev;	/* NAN when undefined */
	double delta_mean_pct;			/* NAN for the baseline */
	struct ptest pt;
};

typedef void export_row_fn(const struct results *r,
			   const struct export_row *row, void *arg);

static struct export_row export_row_of(const struct results *r, int m, int v)
{
	const struct stats *s = stats_at(r, m, v);
	const struct stats *base = stats_at(r, m, r->order[0]);
	struct export_row row = {
		.metric = m, .variant = v, .baseline = r->row[v] == 0,
		.count = s->n,
		/* a variant without samples has zeroes there, not numbers */
		.min = s->n ? s->min : NAN,
		.max = s->n ? s->max : NAN,
		.mean = s->n ? s->mean : NAN,
		.median = s->n ? s->median : NAN,
		.stddev = s->n ? s->sd : NAN,
		.delta_mean_pct = NAN,
		.pt = { P_BASELINE, NAN },
	};

	if (!row.baseline && s->n) {
		row.delta_mean_pct = pct_change(base->mean, s->mean);
		row.pt = welch(base, s);
	}
	return row;
}

/* Call @fn for every shown row: metrics in file order, variants in row order. */
static void for_each_export_row(const struct results *r, export_row_fn *fn,
				void *arg)
{
	size_t m, i;

	for (m = 0; m < r->nmetrics; m++) {
		if (!r->metrics[m].selected)
			continue;
		for (i = 0; i < r->nvariants; i++) {
			struct export_row row;

			if (!shown(r, (int)m, r->order[i]))
				continue;
			row = export_row_of(r, (int)m, r->order[i]);
			fn(r, &row, arg);
		}
	}
}

/* "n<3", "zero variance", or NULL when the row has a p-value or is the baseline. */
static const char *p_note_text(enum pnote note)
{
	switch (note) {
	case P_FEW:
		return "n<3";
	case P_ZEROVAR:
		return "zero variance";
	default:
		return NULL;
	}
}

/* RFC 4180: quoted when it holds a comma, quote or line end */
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

/* ",NUMBER" to 10 significant digits, or an empty field when undefined */
static void csv_num(double x)
{
	putchar(',');
	if (isfinite(x))
		printf("%.10g", x);
}

static void csv_row(const struct results *r, const struct export_row *row,
		    void *arg)
{
	const struct metric *mt = &r->metrics[row->metric];
	const char *note = p_note_text(row->pt.note);
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
	if (row->pt.note == P_OK)
		note = significant(&row->pt, *alpha) ? "yes" : "no";
	printf(",%s\n", note ? note : "");
}

void print_csv(const struct results *r, double alpha)
{
	puts("metric,unit,variant,count,min,max,mean,median,stddev,"
	     "delta_mean_pct,p_value,significant");
	for_each_export_row(r, csv_row, &alpha);
}

/* the csv's precision; jansson writes 17 digits by default */
#define JSON_FLAGS	(JSON_INDENT(2) | JSON_REAL_PRECISION(10))

/*
 * JSON text is UTF-8 and jansson takes no other string. Names come from
 * the lab's own files; one that is not UTF-8 is refused, not mangled.
 */
static json_t *text(const char *s)
{
	json_t *j = json_string(s);

	if (!j)
		die(1, "cannot write '%s' as JSON: not UTF-8", s);
	return j;
}

/* JSON has no NaN: an undefined number is null. */
static json_t *number(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

/* jansson returns NULL when out of memory, and set_new() then fails. */
static void set(json_t *object, const char *key, json_t *value)
{
	if (json_object_set_new(object, key, value))
		die(1, "out of memory");
}

static json_t *failure_object(const struct results *r, int variant)
{
	const struct failure *fl;
	json_t *o;

	if (r->variants[variant].failure < 0)
		return json_null();
	fl = &r->failures[r->variants[variant].failure];
	o = json_object();
	set(o, "status", text(fl->status));
	set(o, "round", json_integer(fl->round));
	set(o, "log", text(fl->log));
	return o;
}

struct json_rows {
	json_t *array;
	double alpha;
};

static void json_row(const struct results *r, const struct export_row *row,
		     void *arg)
{
	const struct metric *mt = &r->metrics[row->metric];
	const struct json_rows *rows = arg;
	const char *note = p_note_text(row->pt.note);
	json_t *o = json_object();
	char letter[16];

	row_letter(letter, sizeof(letter), r->row[row->variant]);
	set(o, "metric", text(mt->name));
	set(o, "unit", text(mt->unit));
	set(o, "better", text(better_name[mt->better]));
	set(o, "row", text(letter));
	set(o, "variant", text(r->variants[row->variant].label));
	set(o, "baseline", json_boolean(row->baseline));
	set(o, "count", json_integer((json_int_t)row->count));
	set(o, "min", number(row->min));
	set(o, "max", number(row->max));
	set(o, "mean", number(row->mean));
	set(o, "median", number(row->median));
	set(o, "stddev", number(row->stddev));
	set(o, "delta_mean_pct", number(row->delta_mean_pct));
	set(o, "p_value", number(row->pt.p));
	set(o, "significant", row->pt.note == P_OK ?
	    json_boolean(significant(&row->pt, rows->alpha)) : json_null());
	set(o, "p_note", note ? text(note) : json_null());
	set(o, "failure", failure_object(r, row->variant));
	if (json_array_append_new(rows->array, o))
		die(1, "out of memory");
}

void print_json(const struct results *r, double alpha)
{
	struct json_rows rows = { json_array(), alpha };

	for_each_export_row(r, json_row, &rows);
	if (json_dumpf(rows.array, stdout, JSON_FLAGS))
		die(1, "writing the json output failed");
	putchar('\n');
	json_decref(rows.array);
}
