// SPDX-License-Identifier: GPL-2.0
/* plot.c - --plot: write PREFIX.dat and PREFIX.gp, then run gnuplot on them. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "xalloc.h"
#include "error.h"
#include "plot.h"
#include "plot_data.h"
#include "plot_script.h"

/* @prog is an executable in some folder of PATH (empty entries: "."). */
static bool in_path(const char *prog)
{
	const char *path = getenv("PATH"), *p, *colon;
	bool found = false;

	for (p = path ? path : ""; !found && *p; p = *colon ? colon + 1 : colon) {
		char *file;
		int len;

		colon = strchr(p, ':');
		if (!colon)
			colon = p + strlen(p);
		len = (int)(colon - p);
		file = len ? xprintf("%.*s/%s", len, p, prog) : path_join(".", prog);
		found = access(file, X_OK) == 0;
		free(file);
	}
	return found;
}

static FILE *create(const char *prefix, const char *ext, char **path)
{
	FILE *f;

	*path = xprintf("%s%s", prefix, ext);
	f = fopen(*path, "w");
	if (!f)
		die(1, "%s: %s", *path, strerror(errno));
	return f;
}

static void close_file(FILE *f, const char *path)
{
	if (ferror(f) | fclose(f))
		die(1, "%s: write error", path);
}

static void run_gnuplot(const char *gp)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		die(1, "fork: %s", strerror(errno));
	if (!pid) {
		/* gnuplot's own messages go to our stderr, not the table */
		dup2(STDERR_FILENO, STDOUT_FILENO);
		execlp("gnuplot", "gnuplot", gp, (char *)NULL);
		fprintf(stderr, "compare: gnuplot: %s\n", strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		die(1, "waitpid: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		die(1, "gnuplot %s failed", gp);
}

void plot(const struct results *r, const char *prefix)
{
	char *dat, *gp;
	FILE *f;

	f = create(prefix, ".dat", &dat);
	write_plot_data(f, r);
	close_file(f, dat);
	f = create(prefix, ".gp", &gp);
	write_plot_script(f, r, prefix);
	close_file(f, gp);
	/* the files are useful without gnuplot: say so, but after writing them */
	if (!in_path("gnuplot"))
		die(1, "gnuplot not found in PATH: wrote %s and %s but no %s.svg/.png",
		    dat, gp, prefix);
	run_gnuplot(gp);
	free(dat);
	free(gp);
}
