// SPDX-License-Identifier: GPL-2.0
/* plot_data.c - PREFIX.dat, the numbers gnuplot draws. */
#include <math.h>
#include <stdint.h>

#include "plot_data.h"
#include "stats.h"

/*
 * Spread a variant's dots by up to +/-0.15 along x. A fixed xorshift
 * sequence, so that the same input gives the same picture every time.
 */
static double jitter(void)
{
	static uint32_t x = 2463534242u;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return ((double)(x % 10001) / 10000.0 - 0.5) * 0.3;
}

void write_plot_data(FILE *f, const struct results *r)
{
	size_t m, i;

	for (m = 0; m < r->nmetrics; m++) {
		if (!r->metrics[m].selected)
			continue;
		fprintf(f, "# %s: samples (x y)\n", r->metrics[m].name);
		for (i = 0; i < r->nsamples; i++)
			if (r->samples[i].metric == (int)m)
				fprintf(f, "%.4f %.10g\n",
					r->row[r->samples[i].variant] + jitter(),
					r->samples[i].value);
		fprintf(f, "\n\n# %s: mean and stddev (x mean sd)\n",
			r->metrics[m].name);
		for (i = 0; i < r->nvariants; i++) {
			const struct stats *s = stats_at(r, (int)m, r->order[i]);

			if (s->n)
				fprintf(f, "%zu %.10g %.10g\n", i, s->mean,
					isfinite(s->sd) ? s->sd : 0.0);
		}
		fputs("\n\n", f);
	}
}
