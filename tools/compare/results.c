// SPDX-License-Identifier: GPL-2.0
/* results.c - adding to and looking up in struct results. */
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"
#include "results.h"

const char *const better_name[BETTER_COUNT] = {
	"lower", "higher", "none",
};

char *variant_label(const struct results *r, const char *name, int dir)
{
	if (r->ndirs > 1)
		return xprintf("%s@%d", name, dir + 1);
	return xstrdup(name);
}

int find_variant(const struct results *r, const char *label)
{
	size_t i;

	for (i = 0; i < r->nvariants; i++)
		if (!strcmp(r->variants[i].label, label))
			return (int)i;
	return -1;
}

int variant_index(struct results *r, const char *name, int dir)
{
	char *label = variant_label(r, name, dir);
	int v = find_variant(r, label);
	struct variant *var;

	if (v >= 0) {
		free(label);
		return v;
	}
	r->variants = grow(r->variants, r->nvariants, &r->variants_cap,
			   sizeof(*r->variants));
	var = &r->variants[r->nvariants];
	var->label = label;
	var->dir = dir;
	var->failure = -1;
	return (int)r->nvariants++;
}

int find_metric(const struct results *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nmetrics; i++)
		if (!strcmp(r->metrics[i].name, name))
			return (int)i;
	return -1;
}

int add_metric(struct results *r, const char *name, const char *unit,
	       enum better better)
{
	struct metric *m;

	r->metrics = grow(r->metrics, r->nmetrics, &r->metrics_cap,
			  sizeof(*r->metrics));
	m = &r->metrics[r->nmetrics];
	m->name = xstrdup(name);
	m->unit = xstrdup(unit);
	m->better = better;
	m->selected = true;
	m->count = 0;
	m->dirs = 0;
	return (int)r->nmetrics++;
}

void add_sample(struct results *r, int metric, int variant, double value)
{
	struct sample *s;

	r->samples = grow(r->samples, r->nsamples, &r->samples_cap,
			  sizeof(*r->samples));
	s = &r->samples[r->nsamples];
	s->metric = metric;
	s->variant = variant;
	s->value = value;
	s->seq = r->nsamples++;
	r->metrics[metric].count++;
}

void add_failure(struct results *r, int variant, long round,
		 const char *status, const char *log)
{
	struct failure *fl;

	r->failures = grow(r->failures, r->nfailures, &r->failures_cap,
			   sizeof(*r->failures));
	fl = &r->failures[r->nfailures];
	fl->variant = variant;
	fl->round = round;
	fl->status = xstrdup(status);
	fl->log = xstrdup(log);
	if (r->variants[variant].failure < 0)
		r->variants[variant].failure = (int)r->nfailures;
	r->nfailures++;
}
