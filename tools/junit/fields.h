/* SPDX-License-Identifier: GPL-2.0 */
/* fields.h - one line of CASES.tsv taken apart and checked. */
#ifndef JUNIT_FIELDS_H
#define JUNIT_FIELDS_H

#include <stdbool.h>

#include "cases.h"

enum field { F_SUITE, F_CASE, F_STATUS, F_SECONDS, F_DETAIL, NFIELDS };

#define WHY_LEN	160	/* room for the reason a line is refused */

/*
 * Each returns false with the reason in @why when its field is wrong.
 * split_fields() splits @line at tabs in place: exactly NFIELDS, the
 * suite and case names not empty.
 */
bool split_fields(char *line, char **field, char *why);

/* pass, fail or skip */
bool parse_status(const char *s, enum status *status, char *why);

/* Empty (unknown) or a non-negative decimal: 12, 0.5, .5; into @c. */
bool parse_seconds(const char *s, struct tcase *c, char *why);

#endif
