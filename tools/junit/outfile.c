// SPDX-License-Identifier: GPL-2.0
/* outfile.c - the output written beside its place, renamed when complete. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "error.h"
#include "outfile.h"

static char *tmp_path;	/* the file being written, NULL: none */
static const char *out_path;

static void discard(void)
{
	if (tmp_path)
		unlink(tmp_path);
	tmp_path = NULL;
}

FILE *outfile_open(const char *path)
{
	struct buf b = { 0 };
	mode_t mask;
	FILE *f;
	int fd;

	buf_adds(&b, path);
	buf_adds(&b, ".XXXXXX");
	tmp_path = buf_take(&b);
	out_path = path;
	fd = mkstemp(tmp_path);
	if (fd < 0)
		die(1, "%s: cannot create a file in its folder: %s", path,
		    strerror(errno));
	on_die(discard);
	/* mkstemp() makes it 0600: give it a new file's usual mode */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask))
		die(1, "%s: %s", tmp_path, strerror(errno));
	f = fdopen(fd, "w");
	if (!f)
		die(1, "%s: %s", tmp_path, strerror(errno));
	return f;
}

void outfile_commit(FILE *f)
{
	int err = 0;

	errno = 0;
	if (fflush(f) || ferror(f))
		err = errno ? errno : EIO;
	if (fclose(f) && !err)
		err = errno;
	if (err)
		die(1, "%s: %s", tmp_path, strerror(err));
	if (rename(tmp_path, out_path))
		die(1, "%s: %s", out_path, strerror(errno));
	free(tmp_path);
	tmp_path = NULL;
}
