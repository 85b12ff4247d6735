// SPDX-License-Identifier: GPL-2.0
/*
 * compare - summarise the lab's benchmark samples per metric and variant.
 *
 * Reads RESULTS_DIR/samples.tsv (and status.tsv, meta when present), prints
 * count/min/max/mean/median/stddev per (metric, variant), the change of
 * every column against a baseline variant and a two-sided Welch t-test
 * p-value of the means. Table (the slab mailing list form), CSV or JSON;
 * optionally a gnuplot picture of every sample. See README.md.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#define SAMPLES_HEADER	"round\tvariant\tmetric\tvalue\tunit\tbetter"
#define STATUS_HEADER	"round\tvariant\tstatus\tlog"
#define SAMPLES_FIELDS	6
#define STATUS_FIELDS	4
#define MAX_FIELDS	8
#define MAX_DIRS	2
#define LABEL_MIN	30
#define NCELLS		8
#define TCG_NOTE "measured under TCG emulation: absolute numbers are emulated; compare ratios within one run"
#define USAGE "usage: compare [--baseline VARIANT] [--format table|csv|json] [--alpha A] [--plot PREFIX] [--metric NAME]... RESULTS_DIR [RESULTS_DIR2]"

enum better { BETTER_LOWER, BETTER_HIGHER, BETTER_NONE, BETTER_COUNT };

static const char *const better_name[BETTER_COUNT] = {
	"lower", "higher", "none",
};

static const char *const direction_text[BETTER_COUNT] = {
	"- is good", "+ is good", "<not defined>",
};

enum format { FMT_TABLE, FMT_CSV, FMT_JSON };

enum pnote { P_BASELINE, P_OK, P_FEW, P_ZEROVAR };

struct sample {
	int metric;
	int variant;
	double value;
	size_t seq;
};

struct metric {
	char *name;
	char *unit;
	enum better better;
	bool selected;
	size_t count;
	unsigned int dirs;	/* bit d: folder d has samples of it */
};

struct variant {
	char *label;
	int dir;		/* results folder it came from */
	int failure;		/* first failed boot, -1 if none */
};

struct failure {
	int variant;
	long round;
	char *status;
	char *log;
};

struct stats {
	size_t n;
	double min, max, mean, median, sd;	/* sd NAN when n < 2 */
};

struct ptest {
	enum pnote note;
	double p;
};

static struct {
	const char *baseline;
	enum format format;
	double alpha;
	const char *plot;
	const char **metrics;
	size_t nmetrics;
	const char *dirs[MAX_DIRS];
	int ndirs;
} opt = { .alpha = 0.05 };

static struct {
	struct sample *samples;
	size_t nsamples, samples_cap;
	struct metric *metrics;
	size_t nmetrics, metrics_cap;
	struct variant *variants;
	size_t nvariants, variants_cap;
	struct failure *failures;
	size_t nfailures, failures_cap;
	int *order;		/* variants in row order, baseline first */
	int *row;		/* variant -> row position */
	struct stats *stats;	/* [metric * nvariants + variant] */
	size_t malformed;
	int label_width;
	char *accel[MAX_DIRS];
} g;

/* ---- errors and memory ---- */

static void finish(int code)
{
	if (g.malformed)
		fprintf(stderr, "compare: %zu malformed lines skipped\n",
			g.malformed);
	exit(code);
}

static void die(int code, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("compare: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	finish(code);
}

static void usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("compare: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n%s\n", USAGE);
	exit(2);
}

static void malformed(const char *path, size_t line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "compare: %s:%zu: ", path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	g.malformed++;
}

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		die(1, "out of memory");
	return p;
}

static char *xstrdup(const char *s)
{
	size_t len = strlen(s) + 1;

	return memcpy(xrealloc(NULL, len), s, len);
}

/* Make room for one more element of @size in @p holding @n of @*cap. */
static void *grow(void *p, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 16;
	if (*cap > SIZE_MAX / size)
		die(1, "out of memory");
	return xrealloc(p, *cap * size);
}

static char *path_join(const char *dir, const char *name)
{
	size_t len = strlen(dir) + strlen(name) + 2;
	char *p = xrealloc(NULL, len);

	snprintf(p, len, "%s/%s", dir, name);
	return p;
}

/* ---- arguments ---- */

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

static void set_format(const char *v)
{
	if (!strcmp(v, "table"))
		opt.format = FMT_TABLE;
	else if (!strcmp(v, "csv"))
		opt.format = FMT_CSV;
	else if (!strcmp(v, "json"))
		opt.format = FMT_JSON;
	else
		usage_error("unknown format '%s' (table, csv or json)", v);
}

static void set_alpha(const char *v)
{
	char *end;

	errno = 0;
	opt.alpha = strtod(v, &end);
	if (errno || end == v || *end || !(opt.alpha > 0 && opt.alpha < 1))
		usage_error("--alpha needs a number between 0 and 1, not '%s'", v);
}

static void set_plot(const char *v)
{
	if (!*v)
		usage_error("--plot needs a file name prefix");
	opt.plot = v;
}

static void add_metric_opt(const char *v)
{
	static size_t cap;

	if (!*v)
		usage_error("--metric needs a name");
	opt.metrics = grow(opt.metrics, opt.nmetrics, &cap, sizeof(*opt.metrics));
	opt.metrics[opt.nmetrics++] = v;
}

static void add_dir(const char *v)
{
	if (opt.ndirs == MAX_DIRS)
		usage_error("at most %d results folders", MAX_DIRS);
	opt.dirs[opt.ndirs++] = v;
}

static bool parse_option(int argc, char **argv, int *i)
{
	const char *v;

	if ((v = opt_value(argc, argv, i, "--baseline")))
		opt.baseline = v;
	else if ((v = opt_value(argc, argv, i, "--format")))
		set_format(v);
	else if ((v = opt_value(argc, argv, i, "--alpha")))
		set_alpha(v);
	else if ((v = opt_value(argc, argv, i, "--plot")))
		set_plot(v);
	else if ((v = opt_value(argc, argv, i, "--metric")))
		add_metric_opt(v);
	else
		return false;
	return true;
}

static void parse_args(int argc, char **argv)
{
	bool options = true;
	int i;

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
			if (!parse_option(argc, argv, &i))
				usage_error("unknown option '%s'", a);
			continue;
		}
		add_dir(a);
	}
	if (!opt.ndirs)
		usage_error("no results folder given");
}

/* ---- input ---- */

static void chomp(char *s)
{
	size_t len = strlen(s);

	while (len && (s[len - 1] == '\n' || s[len - 1] == '\r'))
		s[--len] = '\0';
}

/* Split @s at tabs in place; returns the number of fields (may exceed max). */
static int split_tabs(char *s, char **field, int max)
{
	int n = 0;

	for (;;) {
		char *tab = strchr(s, '\t');

		if (n < max)
			field[n] = s;
		n++;
		if (!tab)
			return n;
		*tab = '\0';
		s = tab + 1;
	}
}

static bool parse_round(const char *s, long *round)
{
	char *end;

	errno = 0;
	*round = strtol(s, &end, 10);
	return !errno && end != s && !*end && *round >= 0;
}

static const char *parse_value(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	if (end == s || *end)
		return "non-numeric value";
	if (isnan(*v) || isinf(*v))
		return "value is not finite";
	return NULL;
}

static int parse_better(const char *s)
{
	int b;

	for (b = 0; b < BETTER_COUNT; b++)
		if (!strcmp(s, better_name[b]))
			return b;
	return -1;
}

static char *variant_label(const char *name, int dir)
{
	size_t len = strlen(name) + 16;
	char *label = xrealloc(NULL, len);

	if (opt.ndirs > 1)
		snprintf(label, len, "%s@%d", name, dir + 1);
	else
		snprintf(label, len, "%s", name);
	return label;
}

static int find_variant(const char *label)
{
	size_t i;

	for (i = 0; i < g.nvariants; i++)
		if (!strcmp(g.variants[i].label, label))
			return (int)i;
	return -1;
}

/* Index of variant @name of folder @dir, added when @add and not known. */
static int lookup_variant(const char *name, int dir, bool add)
{
	char *label = variant_label(name, dir);
	int v = find_variant(label);

	if (v >= 0 || !add) {
		free(label);
		return v;
	}
	g.variants = grow(g.variants, g.nvariants, &g.variants_cap,
			  sizeof(*g.variants));
	g.variants[g.nvariants].label = label;
	g.variants[g.nvariants].dir = dir;
	g.variants[g.nvariants].failure = -1;
	return (int)g.nvariants++;
}

static int find_metric(const char *name)
{
	size_t i;

	for (i = 0; i < g.nmetrics; i++)
		if (!strcmp(g.metrics[i].name, name))
			return (int)i;
	return -1;
}

static int add_metric(const char *name, const char *unit, enum better b)
{
	struct metric *m;

	g.metrics = grow(g.metrics, g.nmetrics, &g.metrics_cap,
			 sizeof(*g.metrics));
	m = &g.metrics[g.nmetrics];
	m->name = xstrdup(name);
	m->unit = xstrdup(unit);
	m->better = b;
	m->selected = true;
	m->count = 0;
	m->dirs = 0;
	return (int)g.nmetrics++;
}

static void add_sample(int metric, int variant, double value)
{
	struct sample *s;

	g.samples = grow(g.samples, g.nsamples, &g.samples_cap,
			 sizeof(*g.samples));
	s = &g.samples[g.nsamples];
	s->metric = metric;
	s->variant = variant;
	s->value = value;
	s->seq = g.nsamples++;
	g.metrics[metric].count++;
}

/* One data line of samples.tsv; true when it gave a sample. */
static bool sample_line(char *line, const char *path, size_t lineno, int dir)
{
	char *f[MAX_FIELDS];
	const char *err;
	double value;
	long round;
	int n, b, m;

	n = split_tabs(line, f, MAX_FIELDS);
	if (n != SAMPLES_FIELDS) {
		malformed(path, lineno, "expected %d tab-separated fields, got %d",
			  SAMPLES_FIELDS, n);
		return false;
	}
	if (!parse_round(f[0], &round)) {
		malformed(path, lineno, "bad round '%s'", f[0]);
		return false;
	}
	if (!*f[1] || !*f[2]) {
		malformed(path, lineno, "empty %s name", *f[1] ? "metric" : "variant");
		return false;
	}
	err = parse_value(f[3], &value);
	if (err) {
		malformed(path, lineno, "%s '%s'", err, f[3]);
		return false;
	}
	b = parse_better(f[5]);
	if (b < 0) {
		malformed(path, lineno, "unknown better '%s' (lower, higher or none)",
			  f[5]);
		return false;
	}
	m = find_metric(f[2]);
	if (m < 0) {
		m = add_metric(f[2], f[4], b);
	} else if (strcmp(g.metrics[m].unit, f[4]) || g.metrics[m].better != (enum better)b) {
		malformed(path, lineno, "metric '%s' is '%s'/%s, not '%s'/%s",
			  f[2], g.metrics[m].unit,
			  better_name[g.metrics[m].better], f[4], f[5]);
		return false;
	}
	g.metrics[m].dirs |= 1u << dir;
	add_sample(m, lookup_variant(f[1], dir, true), value);
	return true;
}

static FILE *open_tsv(const char *path, const char *header, bool optional,
		      bool *empty)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;

	*empty = false;
	if (!f) {
		if (optional && errno == ENOENT)
			return NULL;
		die(1, "%s: %s", path, strerror(errno));
	}
	if (getline(&line, &cap, f) < 0) {
		if (ferror(f))
			die(1, "%s: %s", path, strerror(errno));
		*empty = true;
		free(line);
		return f;
	}
	chomp(line);
	if (strcmp(line, header)) {
		char want[64];
		size_t i, j = 0;

		for (i = 0; header[i] && j + 3 < sizeof(want); i++) {
			if (header[i] == '\t') {
				want[j++] = '\\';
				want[j++] = 't';
			} else {
				want[j++] = header[i];
			}
		}
		want[j] = '\0';
		die(1, "%s:1: wrong header (expected '%s')", path, want);
	}
	free(line);
	return f;
}

static void read_samples(const char *dir, int d)
{
	char *path = path_join(dir, "samples.tsv");
	char *line = NULL;
	size_t cap = 0, lineno = 1, valid = 0;
	struct stat st;
	bool empty;
	FILE *f;

	if (stat(dir, &st))
		die(1, "%s: %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		die(1, "%s: not a directory", dir);
	f = open_tsv(path, SAMPLES_HEADER, false, &empty);
	while (!empty && getline(&line, &cap, f) >= 0) {
		lineno++;
		chomp(line);
		if (!*line)
			continue;
		valid += sample_line(line, path, lineno, d);
	}
	if (ferror(f))
		die(1, "%s: %s", path, strerror(errno));
	fclose(f);
	free(line);
	if (!valid)
		die(1, "%s: no samples", path);
	free(path);
}

static bool status_known(const char *s)
{
	return !strcmp(s, "ok") || !strcmp(s, "crashed") ||
	       !strcmp(s, "timeout") || !strcmp(s, "failed");
}

static void add_failure(int variant, long round, const char *status,
			const char *log)
{
	struct failure *fl;

	g.failures = grow(g.failures, g.nfailures, &g.failures_cap,
			  sizeof(*g.failures));
	fl = &g.failures[g.nfailures];
	fl->variant = variant;
	fl->round = round;
	fl->status = xstrdup(status);
	fl->log = xstrdup(log);
	if (g.variants[variant].failure < 0)
		g.variants[variant].failure = (int)g.nfailures;
	g.nfailures++;
}

static void status_line(char *line, const char *path, size_t lineno, int dir)
{
	char *f[MAX_FIELDS];
	long round;
	int n;

	n = split_tabs(line, f, MAX_FIELDS);
	if (n != STATUS_FIELDS) {
		malformed(path, lineno, "expected %d tab-separated fields, got %d",
			  STATUS_FIELDS, n);
		return;
	}
	if (!parse_round(f[0], &round)) {
		malformed(path, lineno, "bad round '%s'", f[0]);
		return;
	}
	if (!*f[1]) {
		malformed(path, lineno, "empty variant name");
		return;
	}
	if (!status_known(f[2])) {
		malformed(path, lineno,
			  "unknown status '%s' (ok, crashed, timeout or failed)", f[2]);
		return;
	}
	if (strcmp(f[2], "ok"))
		add_failure(lookup_variant(f[1], dir, true), round, f[2], f[3]);
}

static void read_status(const char *dir, int d)
{
	char *path = path_join(dir, "status.tsv");
	char *line = NULL;
	size_t cap = 0, lineno = 1;
	bool empty;
	FILE *f;

	f = open_tsv(path, STATUS_HEADER, true, &empty);
	while (f && !empty && getline(&line, &cap, f) >= 0) {
		lineno++;
		chomp(line);
		if (*line)
			status_line(line, path, lineno, d);
	}
	if (f)
		fclose(f);
	free(line);
	free(path);
}

/* The accel= line of DIR/meta, if any. */
static void read_meta(const char *dir, int d)
{
	char *path = path_join(dir, "meta");
	char *line = NULL;
	size_t cap = 0;
	FILE *f = fopen(path, "r");

	free(path);
	if (!f)
		return;
	while (getline(&line, &cap, f) >= 0) {
		size_t len;

		chomp(line);
		len = strlen(line);
		while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
			line[--len] = '\0';
		if (!strncmp(line, "accel=", 6) && !g.accel[d])
			g.accel[d] = xstrdup(line + 6);
	}
	free(line);
	fclose(f);
}

/* ---- selection, order and statistics ---- */

static void select_metrics(void)
{
	size_t i;

	if (!opt.nmetrics)
		return;
	for (i = 0; i < g.nmetrics; i++)
		g.metrics[i].selected = false;
	for (i = 0; i < opt.nmetrics; i++) {
		int m = find_metric(opt.metrics[i]);

		if (m < 0)
			die(1, "no samples for metric '%s'", opt.metrics[i]);
		g.metrics[m].selected = true;
	}
}

static int baseline_variant(void)
{
	char *label;
	int v;

	if (!opt.baseline)
		return 0;
	v = find_variant(opt.baseline);
	if (v < 0 && opt.ndirs > 1) {
		/* a bare name in a two-folder comparison: the first folder's */
		label = variant_label(opt.baseline, 0);
		v = find_variant(label);
		free(label);
	}
	if (v < 0) {
		size_t i;

		fprintf(stderr, "compare: unknown baseline variant '%s' (variants:",
			opt.baseline);
		for (i = 0; i < g.nvariants; i++)
			fprintf(stderr, " %s", g.variants[i].label);
		fprintf(stderr, ")\n");
		finish(2);
	}
	return v;
}

static void order_variants(void)
{
	int base = baseline_variant();
	size_t i, n = 0;

	g.order = xrealloc(NULL, g.nvariants * sizeof(*g.order));
	g.row = xrealloc(NULL, g.nvariants * sizeof(*g.row));
	g.order[n++] = base;
	for (i = 0; i < g.nvariants; i++)
		if ((int)i != base)
			g.order[n++] = (int)i;
	for (i = 0; i < n; i++)
		g.row[g.order[i]] = (int)i;
}

static int sample_cmp(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;

	if (x->metric != y->metric)
		return x->metric < y->metric ? -1 : 1;
	if (x->variant != y->variant)
		return x->variant < y->variant ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* @v is sorted in place. */
static void stats_of(double *v, size_t n, struct stats *s)
{
	gsl_sort(v, 1, n);
	s->n = n;
	s->min = v[0];
	s->max = v[n - 1];
	s->median = gsl_stats_median_from_sorted_data(v, 1, n);
	if (s->min == s->max) {
		/* exact, where summing would leave rounding noise */
		s->mean = s->min;
		s->sd = n > 1 ? 0.0 : NAN;
		return;
	}
	s->mean = gsl_stats_mean(v, 1, n);
	s->sd = gsl_stats_sd_m(v, 1, n, s->mean);
}

static struct stats *cell(int metric, int variant)
{
	return &g.stats[(size_t)metric * g.nvariants + variant];
}

static void compute_stats(void)
{
	double *buf = xrealloc(NULL, g.nsamples * sizeof(*buf));
	size_t i, j, k;

	qsort(g.samples, g.nsamples, sizeof(*g.samples), sample_cmp);
	g.stats = calloc(g.nmetrics * g.nvariants, sizeof(*g.stats));
	if (!g.stats)
		die(1, "out of memory");
	for (i = 0; i < g.nsamples; i = j) {
		const struct sample *s = &g.samples[i];

		for (j = i; j < g.nsamples && g.samples[j].metric == s->metric &&
			    g.samples[j].variant == s->variant; j++)
			buf[j - i] = g.samples[j].value;
		k = j - i;
		stats_of(buf, k, cell(s->metric, s->variant));
	}
	free(buf);
}

static struct ptest welch(const struct stats *a, const struct stats *b)
{
	struct ptest r = { P_FEW, NAN };
	double va, vb, se2, t, dof;

	if (a->n < 3 || b->n < 3)
		return r;
	if (a->sd == 0 && b->sd == 0) {
		r.note = P_ZEROVAR;
		return r;
	}
	va = a->sd * a->sd / a->n;
	vb = b->sd * b->sd / b->n;
	se2 = va + vb;
	t = fabs(a->mean - b->mean) / sqrt(se2);
	dof = se2 * se2 / (va * va / (a->n - 1) + vb * vb / (b->n - 1));
	if (isfinite(dof))
		r.p = 2 * gsl_cdf_tdist_Q(t, dof);
	else
		r.p = 2 * gsl_cdf_ugaussian_Q(t);
	if (r.p > 1)
		r.p = 1;
	r.note = P_OK;
	return r;
}

static bool significant(const struct ptest *pt)
{
	return pt->note == P_OK && pt->p < opt.alpha;
}

/*
 * Rows shown for a metric: the baseline, variants with samples, and failed
 * variants whose results folder measured the metric at all.
 */
static bool shown(int metric, int variant)
{
	const struct variant *v = &g.variants[variant];

	return g.row[variant] == 0 || cell(metric, variant)->n ||
	       (v->failure >= 0 && (g.metrics[metric].dirs >> v->dir & 1));
}

static const char *no_samples_text(int variant)
{
	int f = g.variants[variant].failure;

	if (f < 0)
		return "no samples";
	if (!strcmp(g.failures[f].status, "crashed"))
		return "no samples (crashed)";
	if (!strcmp(g.failures[f].status, "timeout"))
		return "no samples (timeout)";
	return "no samples (failed)";
}

/* ---- number formatting ---- */

/* @sig significant digits, fixed point for ordinary magnitudes, no trailing zeros. */
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

static double pct_change(double base, double v)
{
	double pct;

	if (!isfinite(base) || !isfinite(v))
		return NAN;
	if (base == 0)
		return v == 0 ? 0.0 : NAN;
	pct = (v - base) / fabs(base) * 100;
	return fabs(pct) < 0.005 ? 0.0 : pct;
}

static void fmt_pct(char *buf, size_t size, double base, double v)
{
	double pct = pct_change(base, v);

	if (isnan(pct))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%+.2f%%", pct);
}

static void fmt_p(char *buf, size_t size, const struct ptest *pt)
{
	if (pt->note == P_FEW)
		snprintf(buf, size, "n<3");
	else if (pt->note != P_OK)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.2g%s", pt->p, significant(pt) ? " *" : "");
}

/* "A".."Z", "AA".. for row @i */
static void row_letter(char *buf, size_t size, int i)
{
	char tmp[16];
	int n = 0;

	do {
		tmp[n++] = (char)('A' + i % 26);
		i = i / 26 - 1;
	} while (i >= 0 && n < (int)sizeof(tmp) - 1);
	if (size <= (size_t)n)
		n = (int)size - 1;
	buf[n] = '\0';
	for (int j = 0; j < n; j++)
		buf[j] = tmp[n - 1 - j];
}

static char *variant_title(int variant)
{
	char letter[16];
	size_t len = strlen(g.variants[variant].label) + 24;
	char *s = xrealloc(NULL, len);

	row_letter(letter, sizeof(letter), g.row[variant]);
	snprintf(s, len, "(%s) %s", letter, g.variants[variant].label);
	return s;
}

static char *metric_title(int m)
{
	const struct metric *mt = &g.metrics[m];
	size_t len = strlen(mt->name) + strlen(mt->unit) + 4;
	char *s = xrealloc(NULL, len);

	if (*mt->unit)
		snprintf(s, len, "%s (%s)", mt->name, mt->unit);
	else
		snprintf(s, len, "%s", mt->name);
	return s;
}

/* ---- table ---- */

static const int cell_width[NCELLS] = { 5, 10, 10, 10, 10, 9, 13, 0 };

/* One table line; @cell ends early at a NULL; trailing blanks dropped. */
static void table_row(const char *label, const char *const *cell, int ncells)
{
	char *buf = NULL;
	size_t size = 0, len;
	FILE *f = open_memstream(&buf, &size);
	int i;

	if (!f)
		die(1, "out of memory");
	fprintf(f, "  %-*s", g.label_width, label);
	for (i = 0; i < ncells && cell[i]; i++)
		fprintf(f, "| %-*s ", cell_width[i], cell[i]);
	fclose(f);
	len = strlen(buf);
	while (len && buf[len - 1] == ' ')
		buf[--len] = '\0';
	puts(buf);
	free(buf);
}

static void table_header(void)
{
	int w = g.label_width + 2, left = (w - 5 + 1) / 2, i;

	printf("%*s%-*s", left, "", w - left, "LABEL");
	puts("| COUNT |    MIN     |    MAX     |    MEAN    |   MEDIAN   |"
	     "  STDDEV   |   DIRECTION   | P-VALUE");
	for (i = 0; i < w; i++)
		putchar('-');
	puts("+-------+------------+------------+------------+------------+"
	     "-----------+---------------+---------");
}

#define NUMBUF 48

static void table_variant(int m, int v)
{
	const struct stats *s = cell(m, v);
	char b[6][NUMBUF];
	const char *c[NCELLS] = { b[0], b[1], b[2], b[3], b[4], b[5], "", "" };
	char *title = variant_title(v);

	snprintf(b[0], NUMBUF, "%zu", s->n);
	if (!s->n) {
		c[1] = no_samples_text(v);
		table_row(title, c, 2);
		free(title);
		return;
	}
	fmt_num(b[1], NUMBUF, s->min, 4);
	fmt_num(b[2], NUMBUF, s->max, 4);
	fmt_num(b[3], NUMBUF, s->mean, 4);
	fmt_num(b[4], NUMBUF, s->median, 4);
	fmt_num(b[5], NUMBUF, s->sd, 5);
	table_row(title, c, NCELLS);
	free(title);
}

static void table_delta(int m, int v, int base)
{
	const struct stats *s = cell(m, v), *a = cell(m, base);
	struct ptest pt = welch(a, s);
	char b[6][NUMBUF];
	const char *c[NCELLS] = { "", b[0], b[1], b[2], b[3], b[4],
				  direction_text[g.metrics[m].better], b[5] };

	fmt_pct(b[0], NUMBUF, a->min, s->min);
	fmt_pct(b[1], NUMBUF, a->max, s->max);
	fmt_pct(b[2], NUMBUF, a->mean, s->mean);
	fmt_pct(b[3], NUMBUF, a->median, s->median);
	fmt_pct(b[4], NUMBUF, a->sd, s->sd);
	fmt_p(b[5], NUMBUF, &pt);
	table_row("", c, NCELLS);
}

static void table_metric(int m)
{
	static const char *const empty[NCELLS] = { "", "", "", "", "", "", "", "" };
	char *title = metric_title(m);
	size_t r;

	table_header();
	table_row(title, empty, NCELLS);
	free(title);
	for (r = 0; r < g.nvariants; r++) {
		int v = g.order[r];

		if (!shown(m, v))
			continue;
		table_variant(m, v);
		if (r && cell(m, v)->n)
			table_delta(m, v, g.order[0]);
	}
}

static void failed_boots(FILE *f, bool table)
{
	size_t i;

	if (!g.nfailures)
		return;
	if (table)
		fprintf(f, "\nFailed boots:\n");
	for (i = 0; i < g.nfailures; i++) {
		const struct failure *fl = &g.failures[i];
		char *title = variant_title(fl->variant);

		if (table)
			fprintf(f, "  %-*s| ", g.label_width, title);
		else
			fprintf(f, "compare: %s ", title);
		fprintf(f, "%s in round %ld", fl->status, fl->round);
		if (*fl->log)
			fprintf(f, " (see %s)", fl->log);
		fputc('\n', f);
		free(title);
	}
}

/* At least LABEL_MIN, and one blank after the longest label. */
static void set_label_width(void)
{
	size_t i;
	int w = LABEL_MIN;

	for (i = 0; i < g.nvariants; i++) {
		char *t = variant_title((int)i);

		if ((int)strlen(t) >= w)
			w = (int)strlen(t) + 1;
		free(t);
	}
	for (i = 0; i < g.nmetrics; i++) {
		char *t;

		if (!g.metrics[i].selected)
			continue;
		t = metric_title((int)i);
		if ((int)strlen(t) >= w)
			w = (int)strlen(t) + 1;
		free(t);
	}
	g.label_width = w;
}

static bool any_tcg(void)
{
	int d;

	for (d = 0; d < opt.ndirs; d++)
		if (g.accel[d] && !strcmp(g.accel[d], "tcg"))
			return true;
	return false;
}

static void print_preamble(FILE *f, bool table)
{
	size_t i, n = 0, k = 0;

	for (i = 0; i < g.nmetrics; i++) {
		if (g.metrics[i].selected) {
			n += g.metrics[i].count;
			k++;
		}
	}
	if (table) {
		fprintf(f, "# %zu samples, %zu variants, %zu metrics from %s",
			n, g.nvariants, k, opt.dirs[0]);
		if (opt.ndirs > 1)
			fprintf(f, " and %s", opt.dirs[1]);
		fputc('\n', f);
	}
	if (any_tcg())
		fprintf(f, "%s%s\n", table ? "# " : "compare: ", TCG_NOTE);
	if (opt.ndirs > 1 && g.accel[0] && g.accel[1] &&
	    strcmp(g.accel[0], g.accel[1]))
		fprintf(f, "%swarning: %s ran with accel=%s, %s with accel=%s\n",
			table ? "# " : "compare: ", opt.dirs[0], g.accel[0],
			opt.dirs[1], g.accel[1]);
}

static void print_table(void)
{
	size_t i;

	set_label_width();
	print_preamble(stdout, true);
	for (i = 0; i < g.nmetrics; i++) {
		if (!g.metrics[i].selected)
			continue;
		putchar('\n');
		table_metric((int)i);
	}
	failed_boots(stdout, true);
}

/* ---- csv and json ---- */

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

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c == '\n')
			fputs("\\n", stdout);
		else if (c == '\t')
			fputs("\\t", stdout);
		else if (c == '\r')
			fputs("\\r", stdout);
		else if (c < 0x20 || c == 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/* A number, or @none when undefined. */
static void put_num(double x, const char *none)
{
	if (isfinite(x))
		printf("%.10g", x);
	else
		fputs(none, stdout);
}

/* Everything one output row needs. */
struct result {
	int metric, variant;
	const struct stats *s;
	bool base;
	double delta;
	struct ptest pt;
};

static struct result result_of(int m, int v)
{
	struct result r = { m, v, cell(m, v), g.row[v] == 0, NAN,
			    { P_BASELINE, NAN } };
	const struct stats *a = cell(m, g.order[0]);

	if (!r.base && r.s->n) {
		r.delta = pct_change(a->mean, r.s->mean);
		r.pt = welch(a, r.s);
	}
	return r;
}

static const char *csv_significant(const struct ptest *pt)
{
	switch (pt->note) {
	case P_OK:
		return significant(pt) ? "yes" : "no";
	case P_FEW:
		return "n<3";
	case P_ZEROVAR:
		return "zero variance";
	default:
		return "";
	}
}

static void csv_row(const struct result *r)
{
	const struct metric *mt = &g.metrics[r->metric];
	const struct stats *s = r->s;

	csv_str(mt->name);
	putchar(',');
	csv_str(mt->unit);
	putchar(',');
	csv_str(g.variants[r->variant].label);
	printf(",%zu,", s->n);
	put_num(s->n ? s->min : NAN, "");
	putchar(',');
	put_num(s->n ? s->max : NAN, "");
	putchar(',');
	put_num(s->n ? s->mean : NAN, "");
	putchar(',');
	put_num(s->n ? s->median : NAN, "");
	putchar(',');
	put_num(s->n ? s->sd : NAN, "");
	putchar(',');
	put_num(r->delta, "");
	putchar(',');
	put_num(r->pt.p, "");
	printf(",%s\n", csv_significant(&r->pt));
}

static void json_field(const char *key, double x, bool more)
{
	printf("\"%s\": ", key);
	put_num(x, "null");
	fputs(more ? ", " : "", stdout);
}

static void json_failure(int v)
{
	const struct failure *fl;

	fputs("\"failure\": ", stdout);
	if (g.variants[v].failure < 0) {
		fputs("null", stdout);
		return;
	}
	fl = &g.failures[g.variants[v].failure];
	printf("{\"status\": ");
	json_str(fl->status);
	printf(", \"round\": %ld, \"log\": ", fl->round);
	json_str(fl->log);
	putchar('}');
}

static void json_row(const struct result *r, bool first)
{
	const struct metric *mt = &g.metrics[r->metric];
	const struct stats *s = r->s;
	char letter[16];

	row_letter(letter, sizeof(letter), g.row[r->variant]);
	printf("%s  {\"metric\": ", first ? "" : ",\n");
	json_str(mt->name);
	fputs(", \"unit\": ", stdout);
	json_str(mt->unit);
	printf(", \"better\": \"%s\", \"row\": \"%s\", \"variant\": ",
	       better_name[mt->better], letter);
	json_str(g.variants[r->variant].label);
	printf(", \"baseline\": %s, \"count\": %zu, ",
	       r->base ? "true" : "false", s->n);
	json_field("min", s->n ? s->min : NAN, true);
	json_field("max", s->n ? s->max : NAN, true);
	json_field("mean", s->n ? s->mean : NAN, true);
	json_field("median", s->n ? s->median : NAN, true);
	json_field("stddev", s->n ? s->sd : NAN, true);
	json_field("delta_mean_pct", r->delta, true);
	json_field("p_value", r->pt.p, true);
	printf("\"significant\": %s, \"p_note\": %s, ",
	       r->pt.note == P_OK ? (significant(&r->pt) ? "true" : "false") : "null",
	       r->pt.note == P_FEW ? "\"n<3\"" :
	       r->pt.note == P_ZEROVAR ? "\"zero variance\"" : "null");
	json_failure(r->variant);
	putchar('}');
}

static void print_rows(bool json)
{
	bool first = true;
	size_t m, r;

	if (json)
		fputs("[\n", stdout);
	else
		puts("metric,unit,variant,count,min,max,mean,median,stddev,"
		     "delta_mean_pct,p_value,significant");
	for (m = 0; m < g.nmetrics; m++) {
		if (!g.metrics[m].selected)
			continue;
		for (r = 0; r < g.nvariants; r++) {
			struct result res;

			if (!shown((int)m, g.order[r]))
				continue;
			res = result_of((int)m, g.order[r]);
			if (json)
				json_row(&res, first);
			else
				csv_row(&res);
			first = false;
		}
	}
	if (json)
		fputs(first ? "]\n" : "\n]\n", stdout);
	fflush(stdout);
	print_preamble(stderr, false);
	failed_boots(stderr, false);
}

/* ---- plot ---- */

/* gnuplot single-quoted string: only ' needs doubling */
static void gp_str(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

static double jitter(void)
{
	static uint32_t x = 2463534242u;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return ((double)(x % 10001) / 10000.0 - 0.5) * 0.3;
}

/* Two data sets per metric: samples (x, value) and summaries (x, mean, sd). */
static void write_dat(FILE *f)
{
	size_t m, i, r;

	for (m = 0; m < g.nmetrics; m++) {
		if (!g.metrics[m].selected)
			continue;
		fprintf(f, "# %s: samples (x y)\n", g.metrics[m].name);
		for (i = 0; i < g.nsamples; i++)
			if (g.samples[i].metric == (int)m)
				fprintf(f, "%.4f %.10g\n",
					g.row[g.samples[i].variant] + jitter(),
					g.samples[i].value);
		fprintf(f, "\n\n# %s: mean and stddev (x mean sd)\n",
			g.metrics[m].name);
		for (r = 0; r < g.nvariants; r++) {
			const struct stats *s = cell((int)m, g.order[r]);

			if (s->n)
				fprintf(f, "%zu %.10g %.10g\n", r, s->mean,
					isfinite(s->sd) ? s->sd : 0.0);
		}
		fputs("\n\n", f);
	}
}

/* y range of a panel: every sample and mean +/- sd, with a margin. */
static void gp_yrange(FILE *f, int m)
{
	double lo = INFINITY, hi = -INFINITY, pad;
	size_t v;

	for (v = 0; v < g.nvariants; v++) {
		const struct stats *s = cell(m, (int)v);
		double sd = isfinite(s->sd) ? s->sd : 0.0;

		if (!s->n)
			continue;
		lo = fmin(lo, fmin(s->min, s->mean - sd));
		hi = fmax(hi, fmax(s->max, s->mean + sd));
	}
	pad = (hi - lo) * 0.08;
	if (pad == 0)
		pad = lo != 0 ? fabs(lo) * 0.05 : 1.0;
	fprintf(f, "set yrange [%.10g:%.10g]\n", lo - pad, hi + pad);
}

static void gp_panel(FILE *f, const char *dat, int m, int index)
{
	const struct metric *mt = &g.metrics[m];
	char *title = metric_title(m);
	size_t r;

	fputs("set title ", f);
	gp_str(f, title);
	fprintf(f, " . ', %s'\n",
		mt->better == BETTER_LOWER ? "lower is better" :
		mt->better == BETTER_HIGHER ? "higher is better" : "no direction");
	fputs("set ylabel ", f);
	gp_str(f, mt->unit);
	fputc('\n', f);
	gp_yrange(f, m);
	fprintf(f, "set xrange [-0.5:%zu.5]\nset xtics (", g.nvariants - 1);
	for (r = 0; r < g.nvariants; r++) {
		char *vt = variant_title(g.order[r]);

		fputs(r ? ", " : "", f);
		gp_str(f, vt);
		fprintf(f, " %zu", r);
		free(vt);
	}
	fprintf(f, ")%s\n", g.nvariants > 3 ? " rotate by -25" : " norotate");
	fputs("plot ", f);
	gp_str(f, dat);
	fprintf(f, " index %d using 1:2 with points pt 7 ps 0.6 lc rgb '#4477aa'"
		" title 'samples', \\\n     '' index %d using 1:2:3 with yerrorbars"
		" pt 5 ps 1.2 lw 2 lc rgb '#cc3311' title 'mean +/- stddev'\n",
		2 * index, 2 * index + 1);
	free(title);
}

static void gp_picture(FILE *f, const char *dat, const char *out, int k)
{
	int cols = k == 1 ? 1 : k <= 4 ? 2 : 3;
	int rows = (k + cols - 1) / cols;
	size_t m;
	int index = 0;

	fputs("set termoption noenhanced\nset output ", f);
	gp_str(f, out);
	fprintf(f, "\nset multiplot layout %d,%d\n", rows, cols);
	for (m = 0; m < g.nmetrics; m++)
		if (g.metrics[m].selected)
			gp_panel(f, dat, (int)m, index++);
	fputs("unset multiplot\nset output\n", f);
}

static void write_gp(FILE *f, const char *prefix, int k)
{
	int cols = k == 1 ? 1 : k <= 4 ? 2 : 3;
	int w = cols * 520, h = (k + cols - 1) / cols * 400;
	size_t len = strlen(prefix) + 8;
	char *dat = xrealloc(NULL, len), *out = xrealloc(NULL, len);

	snprintf(dat, len, "%s.dat", prefix);
	fputs("# written by tools/compare/compare; gnuplot this file\n"
	      "set grid ytics\nset key below\nset bars small\n", f);
	fprintf(f, "set terminal svg size %d,%d font 'sans,11' background '#ffffff'\n",
		w, h);
	snprintf(out, len, "%s.svg", prefix);
	gp_picture(f, dat, out, k);
	fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
		"\tset terminal pngcairo size %d,%d font 'sans,10'\n"
		"} else {\n\tset terminal png size %d,%d\n}\n", w, h, w, h);
	snprintf(out, len, "%s.png", prefix);
	gp_picture(f, dat, out, k);
	free(out);
	free(dat);
}

static bool in_path(const char *prog)
{
	const char *path = getenv("PATH"), *p, *colon;
	bool found = false;

	for (p = path ? path : ""; !found && *p; p = *colon ? colon + 1 : colon) {
		size_t len;
		char *dir, *file;

		colon = strchr(p, ':');
		if (!colon)
			colon = p + strlen(p);
		len = (size_t)(colon - p);
		dir = xrealloc(NULL, len + 2);
		memcpy(dir, p, len);
		strcpy(dir + len, len ? "" : ".");
		file = path_join(dir, prog);
		found = access(file, X_OK) == 0;
		free(file);
		free(dir);
	}
	return found;
}

static FILE *create(const char *prefix, const char *ext, char **path)
{
	size_t len = strlen(prefix) + strlen(ext) + 1;
	FILE *f;

	*path = xrealloc(NULL, len);
	snprintf(*path, len, "%s%s", prefix, ext);
	f = fopen(*path, "w");
	if (!f)
		die(1, "%s: %s", *path, strerror(errno));
	return f;
}

static void close_file(FILE *f, const char *path)
{
	if (ferror(f) | fclose(f))
		die(1, "%s: write error", path);
}

static void run_gnuplot(const char *gp)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		die(1, "fork: %s", strerror(errno));
	if (!pid) {
		/* gnuplot's own messages go to our stderr, not the table */
		dup2(STDERR_FILENO, STDOUT_FILENO);
		execlp("gnuplot", "gnuplot", gp, (char *)NULL);
		fprintf(stderr, "compare: gnuplot: %s\n", strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		die(1, "waitpid: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		die(1, "gnuplot %s failed", gp);
}

static void plot(void)
{
	char *dat, *gp;
	FILE *f;
	size_t m;
	int k = 0;

	for (m = 0; m < g.nmetrics; m++)
		k += g.metrics[m].selected;
	f = create(opt.plot, ".dat", &dat);
	write_dat(f);
	close_file(f, dat);
	f = create(opt.plot, ".gp", &gp);
	write_gp(f, opt.plot, k);
	close_file(f, gp);
	if (!in_path("gnuplot"))
		die(1, "gnuplot not found in PATH: wrote %s and %s but no %s.svg/.png",
		    dat, gp, opt.plot);
	run_gnuplot(gp);
	free(dat);
	free(gp);
}

int main(int argc, char **argv)
{
	int d;

	gsl_set_error_handler_off();
	parse_args(argc, argv);
	for (d = 0; d < opt.ndirs; d++)
		read_samples(opt.dirs[d], d);
	for (d = 0; d < opt.ndirs; d++) {
		read_status(opt.dirs[d], d);
		read_meta(opt.dirs[d], d);
	}
	select_metrics();
	order_variants();
	compute_stats();
	if (opt.format == FMT_TABLE)
		print_table();
	else
		print_rows(opt.format == FMT_JSON);
	if (opt.plot)
		plot();
	fflush(stdout);
	finish(0);
	return 0;
}
