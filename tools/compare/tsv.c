// SPDX-License-Identifier: GPL-2.0
/* tsv.c - reading the lab's tab-separated files: header, lines, fields. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "tsv.h"

void chomp(char *s)
{
	size_t len = strlen(s);

	while (len && (s[len - 1] == '\n' || s[len - 1] == '\r'))
		s[--len] = '\0';
}

int split_tabs(char *s, char **field, int max)
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

bool parse_round(const char *s, long *round)
{
	char *end;

	errno = 0;
	*round = strtol(s, &end, 10);
	return !errno && end != s && !*end && *round >= 0;
}

/* The header as the message shows it: tabs written as \t. */
static _Noreturn void wrong_header(const char *path, const char *header)
{
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

FILE *open_tsv(const char *path, const char *header, bool optional,
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
	if (strcmp(line, header))
		wrong_header(path, header);
	free(line);
	return f;
}
