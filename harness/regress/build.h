/*
 * regress/build.h - `qibench regress`, part one: the programs it runs (git,
 * tar, make, rm) through proc_run, and the build of the engine at the base
 * revision and in the working tree. Every function prints its own errors
 * ("qibench regress: ..." on stderr).
 */
#ifndef HARNESS_REGRESS_BUILD_H
#define HARNESS_REGRESS_BUILD_H

#include <stddef.h>

#include "proc/proc.h"

/*
 * Runs spec (proc_run, no timeout unless spec has one). Returns the exit
 * status (128 + the signal that killed it), or -1 when it could not be run
 * or was killed at its timeout, with the reason printed.
 */
int regress_run(const ProcRunSpec *spec);

/* "exit status N" or "killed by signal N" for a regress_run result, in buf. */
const char *regress_status_text(int status, char *buf, size_t len);

/* Prints the last lines of a log file to stderr, indented ("  | ..."); a
 * file that cannot be read prints nothing. */
void regress_log_tail(const char *path);

/*
 * Runs `git -C dir A1 A2 A3` and keeps the first line of its output in out
 * (git's own messages go to stderr). Returns 0, or -1 when git failed or
 * printed nothing.
 */
int regress_git_line(const char *dir, char *out, size_t len, const char *a1, const char *a2, const char *a3);

/* Extracts commit of repo into the new folder dir with `git archive`
 * (tracked files only) and tar, through tmp/base.tar (removed after).
 * Returns 0 or -1 with the error and the end of tmp/extract.log printed. */
int regress_extract_commit(const char *repo, const char *commit, const char *tmp, const char *dir);

/* `make -C dir -jN bin/ENGINE` (engine: the game's, "NAME-engine") without the calling make's variables
 * (MAKEFLAGS, ...), output appended to log_path; what names it in messages.
 * Returns 0, or -1 with the error and the log's last lines printed. */
int regress_build_engine(const char *dir, const char *engine, int jobs, const char *log_path, const char *what);

/* Removes dir and everything in it (`rm -rf`); a failure is printed. */
void regress_remove_tree(const char *dir);

#endif
