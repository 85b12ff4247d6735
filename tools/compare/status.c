// SPDX-License-Identifier: GPL-2.0
/* status.c - reading status.tsv: "round variant status log", one boot a line. */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"
#include "error.h"
#include "malformed.h"
#include "status.h"
#include "tsv.h"

#define STATUS_HEADER	"round\tvariant\tstatus\tlog"
#define STATUS_FIELDS	4

static bool status_known(const char *s)
{
	return !strcmp(s, "ok") || !strcmp(s, "crashed") ||
	       !strcmp(s, "timeout") || !strcmp(s, "failed");
}

static void status_line(struct results *r, char *line, const char *path,
			size_t lineno, int dir)
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
		add_failure(r, variant_index(r, f[1], dir), round, f[2], f[3]);
}

void read_status(struct results *r, const char *dir, int d)
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
			status_line(r, line, path, lineno, d);
	}
	if (f)
		fclose(f);
	free(line);
	free(path);
}
