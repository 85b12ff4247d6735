// SPDX-License-Identifier: GPL-2.0
/*
 * xml.c - the JUnit XML: any bytes made into text that XML 1.0 accepts,
 * then written with libxml2's xmlTextWriter, which does all the escaping.
 */
#define _POSIX_C_SOURCE 200809L	/* open_memstream */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "junit.h"
#include "tool.h"

#define REPLACEMENT	"\xef\xbf\xbd"	/* U+FFFD in UTF-8 */

/*
 * The well-formed UTF-8 sequences by their first byte (The Unicode
 * Standard, table 3-7): how many bytes, the bits the first byte gives,
 * and the range of the second byte, which rules out overlong forms,
 * surrogates and code points above U+10FFFF. Later bytes are 80..BF.
 */
static const struct lead {
	unsigned char first, last, len, mask, lo, hi;
} leads[] = {
	{ 0xc2, 0xdf, 2, 0x1f, 0x80, 0xbf },
	{ 0xe0, 0xe0, 3, 0x0f, 0xa0, 0xbf },
	{ 0xe1, 0xec, 3, 0x0f, 0x80, 0xbf },
	{ 0xed, 0xed, 3, 0x0f, 0x80, 0x9f },
	{ 0xee, 0xef, 3, 0x0f, 0x80, 0xbf },
	{ 0xf0, 0xf0, 4, 0x07, 0x90, 0xbf },
	{ 0xf1, 0xf3, 4, 0x07, 0x80, 0xbf },
	{ 0xf4, 0xf4, 4, 0x07, 0x80, 0x8f },
};

/* Length of the UTF-8 sequence at @s (@len bytes left), 0 if invalid. */
static size_t utf8_seq(const unsigned char *s, size_t len, unsigned long *cp)
{
	const struct lead *l = NULL;
	size_t i;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	for (i = 0; i < sizeof(leads) / sizeof(leads[0]); i++)
		if (s[0] >= leads[i].first && s[0] <= leads[i].last)
			l = &leads[i];
	if (!l || len < l->len || s[1] < l->lo || s[1] > l->hi)
		return 0;
	*cp = s[0] & l->mask;
	for (i = 1; i < l->len; i++) {
		if (i > 1 && (s[i] < 0x80 || s[i] > 0xbf))
			return 0;
		*cp = *cp << 6 | (s[i] & 0x3f);
	}
	return l->len;
}

/* XML 1.0's Char production, less \r */
static bool xml_char(unsigned long cp)
{
	if (cp < 0x20)
		return cp == '\t' || cp == '\n';
	return cp <= 0xd7ff || (cp >= 0xe000 && cp <= 0xfffd) ||
	       (cp >= 0x10000 && cp <= 0x10ffff);
}

char *clean(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, kept = 0, n, size;
	unsigned long cp;
	char *out;
	FILE *f = open_memstream(&out, &size);

	if (!f)
		die(1, "out of memory");
	/* bytes s[kept..i) are good and not written yet */
	while (i < len) {
		n = utf8_seq(u + i, len - i, &cp);
		if (n && xml_char(cp)) {
			i += n;
			continue;
		}
		fwrite(s + kept, 1, i - kept, f);
		if (!n)
			fputs(REPLACEMENT, f);
		i += n ? n : 1;
		kept = i;
	}
	fwrite(s + kept, 1, i - kept, f);
	if (ferror(f) | fclose(f))
		die(1, "out of memory");
	return out;
}

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

/* @value must be clean(): the writer escapes, it does not check */
static void attr(xmlTextWriterPtr w, const char *name, const char *value)
{
	ok(xmlTextWriterWriteAttribute(w, BAD_CAST name, BAD_CAST value));
}

static void attr_time(xmlTextWriterPtr w, bool timed, double secs)
{
	if (timed)
		ok(xmlTextWriterWriteFormatAttribute(w, BAD_CAST "time",
						     "%.3f", secs));
}

static void counts(xmlTextWriterPtr w, const struct tally *t)
{
	ok(xmlTextWriterWriteFormatAttribute(w, BAD_CAST "tests", "%zu", t->tests));
	ok(xmlTextWriterWriteFormatAttribute(w, BAD_CAST "failures", "%zu",
					     t->failures));
	ok(xmlTextWriterWriteFormatAttribute(w, BAD_CAST "skipped", "%zu",
					     t->skipped));
}

/* <ELEMENT message="@message">@text</ELEMENT>; NULL or "": left out */
static void outcome(xmlTextWriterPtr w, const char *element,
		    const char *message, const char *text)
{
	start(w, element);
	if (message)
		attr(w, "message", message);
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
		outcome(w, "failure", d.first, d.text);
	else if (c->status == STATUS_SKIP)
		outcome(w, "skipped", d.first, NULL);
	else if (d.text)
		outcome(w, "system-out", NULL, d.text);
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
	char *clean_name = clean(name, strlen(name));
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
