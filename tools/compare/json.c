// SPDX-License-Identifier: GPL-2.0
/*
 * json.c - the json output, built and written with jansson: an array of
 * objects with the csv columns and a few more (see README.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "error.h"
#include "export.h"
#include "json.h"
#include "rows.h"

/* the csv's precision; jansson writes 17 digits by default */
#define JSON_FLAGS	(JSON_INDENT(2) | JSON_REAL_PRECISION(10))

/*
 * JSON text is UTF-8 and jansson takes no other string. Names come from
 * the lab's own files; one that is not UTF-8 is refused, not mangled.
 */
static json_t *text(const char *s)
{
	json_t *j = json_string(s);

	if (!j)
		die(1, "cannot write '%s' as JSON: not UTF-8", s);
	return j;
}

/* JSON has no NaN: an undefined number is null. */
static json_t *number(double x)
{
	return isfinite(x) ? json_real(x) : json_null();
}

/* jansson returns NULL when out of memory, and set_new() then fails. */
static void set(json_t *object, const char *key, json_t *value)
{
	if (json_object_set_new(object, key, value))
		die(1, "out of memory");
}

static json_t *failure_object(const struct results *r, int variant)
{
	const struct failure *fl;
	json_t *o;

	if (r->variants[variant].failure < 0)
		return json_null();
	fl = &r->failures[r->variants[variant].failure];
	o = json_object();
	set(o, "status", text(fl->status));
	set(o, "round", json_integer(fl->round));
	set(o, "log", text(fl->log));
	return o;
}

struct json_rows {
	json_t *array;
	double alpha;
};

static void json_row(const struct results *r, const struct export_row *row,
		     void *arg)
{
	const struct metric *mt = &r->metrics[row->metric];
	const struct json_rows *rows = arg;
	const char *note = p_note_text(row->pt.note);
	json_t *o = json_object();
	char letter[16];

	row_letter(letter, sizeof(letter), r->row[row->variant]);
	set(o, "metric", text(mt->name));
	set(o, "unit", text(mt->unit));
	set(o, "better", text(better_name[mt->better]));
	set(o, "row", text(letter));
	set(o, "variant", text(r->variants[row->variant].label));
	set(o, "baseline", json_boolean(row->baseline));
	set(o, "count", json_integer((json_int_t)row->count));
	set(o, "min", number(row->min));
	set(o, "max", number(row->max));
	set(o, "mean", number(row->mean));
	set(o, "median", number(row->median));
	set(o, "stddev", number(row->stddev));
	set(o, "delta_mean_pct", number(row->delta_mean_pct));
	set(o, "p_value", number(row->pt.p));
	set(o, "significant", row->pt.note == P_OK ?
	    json_boolean(significant(&row->pt, rows->alpha)) : json_null());
	set(o, "p_note", note ? text(note) : json_null());
	set(o, "failure", failure_object(r, row->variant));
	if (json_array_append_new(rows->array, o))
		die(1, "out of memory");
}

void print_json(const struct results *r, double alpha)
{
	struct json_rows rows = { json_array(), alpha };

	for_each_export_row(r, json_row, &rows);
	if (json_dumpf(rows.array, stdout, JSON_FLAGS))
		die(1, "writing the json output failed");
	putchar('\n');
	json_decref(rows.array);
}
