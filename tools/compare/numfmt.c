// SPDX-License-Identifier: GPL-2.0
/* numfmt.c - how the table writes numbers, changes and p-values. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"

void fmt_num(char *buf, size_t size, double x, int sig)
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

void fmt_pct(char *buf, size_t size, double base, double v)
{
	double pct = pct_change(base, v);

	if (isnan(pct))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%+.2f%%", pct);
}

void fmt_p(char *buf, size_t size, const struct ptest *pt, double alpha)
{
	if (pt->note == P_FEW)
		snprintf(buf, size, "n<3");
	else if (pt->note != P_OK)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%.2g%s", pt->p,
			 significant(pt, alpha) ? " *" : "");
}
