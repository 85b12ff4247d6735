// SPDX-License-Identifier: GPL-2.0
/* report.c - the JUnit XML, written with libxml2's xmlTextWriter. */
#include <stdlib.h>

#include <libxml/xmlwriter.h>

#include "cases.h"
#include "clean.h"
#include "detail.h"
#include "error.h"
#include "report.h"

/* Every writer call goes through here: -1 is a failed write. */
static void ok(int rc)
{
	if (rc < 0)
		die(1, "writing the XML failed");
}

static void start(xmlTextWriterPtr w, const char *element)
{
	ok(xmlTextWriterStartElement(w, BAD_CAST element));
}

static void end(xmlTextWriterPtr w)
{
	ok(xmlTextWriterEndElement(w));
}

/* @value must be clean (clean.h): the writer escapes, it does not check */
static void attr(xmlTextWriterPtr w, const char *name, const char *value)
{
	ok(xmlTextWriterWriteAttribute(w, BAD_CAST name, BAD_CAST value));
}

static void attr_count(xmlTextWriterPtr w, const char *name, size_t n)
{
	ok(xmlTextWriterWriteFormatAttribute(w, BAD_CAST name, "%zu", n));
}

static void attr_time(xmlTextWriterPtr w, bool timed, double secs)
{
	if (timed)
		ok(xmlTextWriterWriteFormatAttribute(w, BAD_CAST "time",
						     "%.3f", secs));
}

static void counts(xmlTextWriterPtr w, const struct tally *t)
{
	attr_count(w, "tests", t->tests);
	attr_count(w, "failures", t->failures);
	attr_count(w, "skipped", t->skipped);
}

/* <ELEMENT message="FIRST LINE">TEXT</ELEMENT>; @text NULL or "": none */
static void outcome(xmlTextWriterPtr w, const char *element,
		    const struct detail *d, const char *text)
{
	start(w, element);
	if (d->first)
		attr(w, "message", d->first);
	if (text && *text)
		ok(xmlTextWriterWriteString(w, BAD_CAST text));
	end(w);
}

static void write_case(xmlTextWriterPtr w, const struct cases *cs,
		       const struct tcase *c, size_t max_excerpt)
{
	struct detail d = { 0 };

	if (c->detail)
		read_detail(c->detail, max_excerpt, &d);
	start(w, "testcase");
	attr(w, "classname", cs->suites[c->suite].name);
	attr(w, "name", c->name);
	attr_time(w, c->timed, c->secs);
	if (c->status == STATUS_FAIL)
		outcome(w, "failure", &d, d.text);
	else if (c->status == STATUS_SKIP)
		outcome(w, "skipped", &d, NULL);
	else if (d.text)
		outcome(w, "system-out", &(struct detail){ 0 }, d.text);
	end(w);
	free_detail(&d);
}

static void write_suite(xmlTextWriterPtr w, const struct cases *cs,
			size_t s, size_t max_excerpt)
{
	const struct suite *suite = &cs->suites[s];
	size_t i;

	start(w, "testsuite");
	attr(w, "name", suite->name);
	counts(w, &suite->tally);
	attr(w, "errors", "0");
	attr_time(w, suite->tally.timed, suite->tally.secs);
	for (i = 0; i < cs->n; i++)
		if (cs->v[i].suite == s)
			write_case(w, cs, &cs->v[i], max_excerpt);
	end(w);
}

void write_report(FILE *f, const char *name, const struct cases *cs,
		  size_t max_excerpt)
{
	xmlOutputBufferPtr out = xmlOutputBufferCreateFile(f, NULL);
	xmlTextWriterPtr w = out ? xmlNewTextWriter(out) : NULL;
	char *clean_name = clean_str(name);
	size_t s;

	if (!w)
		die(1, "cannot start the XML writer");
	ok(xmlTextWriterSetIndent(w, 1));
	ok(xmlTextWriterStartDocument(w, "1.0", "UTF-8", NULL));
	start(w, "testsuites");
	attr(w, "name", clean_name);
	counts(w, &cs->total);
	attr_time(w, cs->total.timed, cs->total.secs);
	for (s = 0; s < cs->nsuites; s++)
		write_suite(w, cs, s, max_excerpt);
	end(w);
	ok(xmlTextWriterEndDocument(w));
	ok(xmlTextWriterFlush(w));
	xmlFreeTextWriter(w);
	free(clean_name);
}
