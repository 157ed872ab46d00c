/*
 * proc/proc_impl.h - private to proc/proc.c (starting processes) and proc/io.c (an
 * engine's pipes, its exit and shutdown): the body of Proc and what the
 * two share. Nothing else includes it.
 */
#ifndef HARNESS_PROC_IMPL_H
#define HARNESS_PROC_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#define PROC_CHUNK_BYTES 4096     /* one read() */
#define PROC_LINE_BYTES 65536     /* longest line kept; the rest is cut */
#define PROC_WAIT_STEP_MAX_MS 10  /* waitpid polling interval, grows to this */
#define PROC_TEXT_BYTES 64
#define PROC_ERR_BYTES 512

struct Proc {
    pid_t pid;
    int to_fd;        /* the engine's stdin; -1 once closed */
    int from_fd;      /* the engine's stdout; -1 once closed */
    int lifeline_fd;  /* the write end of its guard's pipe (proc/proc.c child_guard); closed by proc_free */
    bool reaped;      /* waitpid collected it: pid must not be signalled */
    bool eof;         /* read() returned 0 */
    bool cut;         /* the line being assembled overflowed line[] */
    FILE *log;
    char *name;
    size_t chunk_pos, chunk_len;
    size_t line_len;
    char exit_text[PROC_TEXT_BYTES];
    char err[PROC_ERR_BYTES];
    char chunk[PROC_CHUNK_BYTES];
    char line[PROC_LINE_BYTES];
};

/* Takes pid out of proc_kill_all's table (just before it is reaped, so a
 * reused pid is never signalled). Unknown pids are ignored. */
void proc_untrack_pid(pid_t pid);

#endif
