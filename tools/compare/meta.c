// SPDX-License-Identifier: GPL-2.0
/* meta.c - a results folder's meta file: how the guests were run. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"
#include "meta.h"
#include "tsv.h"

void read_meta(struct results *r, const char *dir, int d)
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
		if (!strncmp(line, "accel=", 6) && !r->accel[d])
			r->accel[d] = xstrdup(line + 6);
	}
	free(line);
	fclose(f);
}

bool ran_under_tcg(const struct results *r)
{
	int d;

	for (d = 0; d < r->ndirs; d++)
		if (r->accel[d] && !strcmp(r->accel[d], "tcg"))
			return true;
	return false;
}

bool accel_differs(const struct results *r)
{
	return r->ndirs > 1 && r->accel[0] && r->accel[1] &&
	       strcmp(r->accel[0], r->accel[1]);
}
