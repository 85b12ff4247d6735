/* SPDX-License-Identifier: GPL-2.0 */
/* tsv.h - reading the lab's tab-separated files: header, lines, fields. */
#ifndef COMPARE_TSV_H
#define COMPARE_TSV_H

#include <stdbool.h>
#include <stdio.h>

#define MAX_FIELDS	8	/* more than any file has: counts the rest */

/* Drop the line end (\n, \r\n) of @s. */
void chomp(char *s);

/* Split @s at tabs in place; returns the number of fields (may exceed @max). */
int split_tabs(char *s, char **field, int max);

/* A round: a non-negative decimal integer. */
bool parse_round(const char *s, long *round);

/*
 * Open @path and check that its first line is @header, else exit 1.
 * *@empty: the file has no line at all. NULL when @optional and missing.
 */
FILE *open_tsv(const char *path, const char *header, bool optional,
	       bool *empty);

#endif
