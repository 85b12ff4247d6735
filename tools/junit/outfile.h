/* SPDX-License-Identifier: GPL-2.0 */
/* outfile.h - the output written beside its place, renamed when complete. */
#ifndef JUNIT_OUTFILE_H
#define JUNIT_OUTFILE_H

#include <stdio.h>

/*
 * Create "@path.XXXXXX" in @path's folder for writing. Until
 * outfile_commit(), die() removes it: a failed run leaves no file.
 */
FILE *outfile_open(const char *path);

/* Close the file and rename it to @path; exit 1 (and remove it) on error. */
void outfile_commit(FILE *f);

#endif
