// SPDX-License-Identifier: GPL-2.0
/* stats.c - per (metric, variant) statistics and Welch's t-test, with GSL. */
#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "compare.h"
#include "tool.h"

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

void compute_stats(struct results *r)
{
	double *buf = xrealloc(NULL, r->nsamples * sizeof(*buf));
	size_t i, j;

	/* GSL's default handler aborts; the inputs here are checked already */
	gsl_set_error_handler_off();
	qsort(r->samples, r->nsamples, sizeof(*r->samples), sample_cmp);
	r->stats = calloc(r->nmetrics * r->nvariants, sizeof(*r->stats));
	if (!r->stats)
		die(1, "out of memory");
	for (i = 0; i < r->nsamples; i = j) {
		const struct sample *s = &r->samples[i];

		for (j = i; j < r->nsamples && r->samples[j].metric == s->metric &&
			    r->samples[j].variant == s->variant; j++)
			buf[j - i] = r->samples[j].value;
		stats_of(buf, j - i,
			 &r->stats[(size_t)s->metric * r->nvariants + s->variant]);
	}
	free(buf);
}

const struct stats *stats_at(const struct results *r, int metric, int variant)
{
	return &r->stats[(size_t)metric * r->nvariants + variant];
}

struct ptest welch(const struct stats *a, const struct stats *b)
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

bool significant(const struct ptest *pt, double alpha)
{
	return pt->note == P_OK && pt->p < alpha;
}

double pct_change(double base, double v)
{
	double pct;

	if (!isfinite(base) || !isfinite(v))
		return NAN;
	if (base == 0)
		return v == 0 ? 0.0 : NAN;
	pct = (v - base) / fabs(base) * 100;
	/* what would print as -0.00% or +0.00% is no change */
	return fabs(pct) < 0.005 ? 0.0 : pct;
}
