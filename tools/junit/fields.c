// SPDX-License-Identifier: GPL-2.0
/* fields.c - one line of CASES.tsv taken apart and checked. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"

bool split_fields(char *line, char **field, char *why)
{
	int n = 0;
	char *s = line, *tab;

	for (;;) {
		tab = strchr(s, '\t');
		if (n < NFIELDS)
			field[n] = s;
		n++;
		if (!tab)
			break;
		*tab = '\0';
		s = tab + 1;
	}
	if (n != NFIELDS) {
		snprintf(why, WHY_LEN, "expected %d tab-separated fields (suite, case, status, seconds, detail file), got %d",
			 NFIELDS, n);
		return false;
	}
	if (!*field[F_SUITE] || !*field[F_CASE]) {
		snprintf(why, WHY_LEN, "empty %s name",
			 *field[F_SUITE] ? "case" : "suite");
		return false;
	}
	return true;
}

bool parse_status(const char *s, enum status *status, char *why)
{
	static const char *const names[] = {
		[STATUS_PASS] = "pass",
		[STATUS_FAIL] = "fail",
		[STATUS_SKIP] = "skip",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(s, names[i])) {
			*status = (enum status)i;
			return true;
		}
	}
	snprintf(why, WHY_LEN, "unknown status '%.40s' (pass, fail or skip)", s);
	return false;
}

/* digits, at most one '.', at least one digit: what strtod may then read */
static bool decimal(const char *s)
{
	bool digit = false, dot = false;

	for (; *s; s++) {
		if (isdigit((unsigned char)*s))
			digit = true;
		else if (*s == '.' && !dot)
			dot = true;
		else
			return false;
	}
	return digit;
}

bool parse_seconds(const char *s, struct tcase *c, char *why)
{
	c->timed = *s;
	if (!*s)
		return true;
	errno = 0;
	if (decimal(s)) {
		c->secs = strtod(s, NULL);
		if (!errno && isfinite(c->secs))
			return true;
	}
	snprintf(why, WHY_LEN, "seconds '%.40s' is not a non-negative decimal number (or empty)", s);
	return false;
}
