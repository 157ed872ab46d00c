/*
 * proc/stopsig.h - the one signal contract of suite, match, tournament and
 * regress. The first SIGINT asks for a soft stop: nothing new starts, what
 * is running finishes and is written, exit 130. A second SIGINT, or
 * SIGTERM, or SIGHUP, is a hard stop: every engine is killed at once (and
 * no engine started from then on), what had finished is written, exit
 * 128 + that signal. The handler only sets flags, kills and writes one
 * line; the command notices, finishes its files and returns the status.
 * A signal sent with kill() is passed on to the program proc_run is
 * running (regress's `qibench match`, which keeps the same contract); a
 * Ctrl-C at the terminal reaches it directly.
 *
 * A session at the terminal (play) has nothing in progress worth waiting
 * for: there the first SIGINT also kills the engines (a search stops at
 * once; the session saves its game and exits 130), and a second SIGINT
 * leaves at once (exit 130).
 */
#ifndef HARNESS_STOPSIG_H
#define HARNESS_STOPSIG_H

#include <stdbool.h>

/* Installs the handlers for SIGINT, SIGTERM and SIGHUP (and SIGALRM: a
 * hard stop that has not ended within STOPSIG_GRACE_S seconds exits at
 * once), resetting the count, and ignores SIGXFSZ (a write past
 * RLIMIT_FSIZE then fails with EFBIG). what ("games", "searches") goes in the
 * first Ctrl-C's message. Undo with stopsig_restore. */
void stopsig_install(const char *what);
void stopsig_restore(void);

/* As stopsig_install, for a session at the terminal: the first SIGINT says
 * "qibench: interrupted: WHAT (Ctrl-C again to leave at once)" and kills
 * every engine (proc_kill_all; level 1 all the same), a second SIGINT
 * exits at once with 130. SIGTERM and SIGHUP are hard stops as above. */
void stopsig_install_session(const char *what);

/* 0 running, 1 soft stop asked, 2 hard stop (the engines were killed). */
int stopsig_level(void);

/* The exit status the stop asks for: 0 without one, 130 for a soft stop,
 * 128 + the signal of a hard stop. */
int stopsig_status(void);

#define STOPSIG_GRACE_S 5

#endif
