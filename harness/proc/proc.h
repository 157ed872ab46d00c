/*
 * proc/proc.h - child processes, the only way the harness starts one: an engine
 * (fork/exec with pipes, line reads with poll-based timeouts, traffic log,
 * stderr log, shutdown and reaping) and a program run to its end with its
 * output in a file or a buffer (proc_run).
 */
#ifndef HARNESS_PROC_H
#define HARNESS_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

typedef struct Proc Proc;

/* Results of reading a line. */
typedef enum {
    PROC_LINE = 0,  /* a line was read */
    PROC_TIMEOUT,   /* nothing complete arrived in time (the process may be hung) */
    PROC_EOF,       /* the process closed its output or exited (crash or exit) */
    PROC_ERROR      /* a system call failed (errno-style message in proc_error) */
} ProcRead;

typedef struct {
    const char *cmd;          /* program path (execvp semantics: PATH is searched without a '/') */
    char *const *argv;        /* argv for the program, NULL-terminated; NULL = {cmd, NULL} */
    const char *dir;          /* working directory, or NULL for the current one */
    const char *stderr_path;  /* file that receives the engine's stderr (appended), or NULL = /dev/null */
    FILE *log;                /* traffic log (shared, may be NULL): one line per message */
    const char *name;         /* engine name used in the traffic log */
} ProcSpec;

/*
 * Starts the process. Returns NULL when it could not be started (fork
 * failed, the directory or the program does not exist or is not
 * executable): err then says why in one line. The spec's strings are copied.
 */
Proc *proc_start(const ProcSpec *spec, char *err, size_t errlen);

/*
 * Sends one line (a newline is added). Returns 0, or -1 when the process
 * can no longer be written to (it exited): no SIGPIPE is raised.
 */
int proc_send(Proc *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * Sends text as it is: len bytes of whole lines, the last ending in a
 * newline (a long command that need not be formatted again, such as a UCI
 * position line kept by its client). Logged and failing like proc_send.
 */
int proc_send_text(Proc *p, const char *text, size_t len);

/*
 * Reads the next line (without its newline, \r stripped) into buf, waiting
 * at most timeout_ms (negative: forever). Over-long lines are cut to
 * buflen - 1 characters and the rest is discarded.
 */
ProcRead proc_read_line(Proc *p, char *buf, size_t buflen, int timeout_ms);

/* Has the process exited? (Reaps it if so, without blocking.) */
bool proc_exited(Proc *p);

/*
 * Ends the process: optionally sends quit_line, waits up to grace_ms for it
 * to exit, then SIGTERM, then after grace_ms SIGKILL; always reaps it and
 * closes every descriptor. Safe to call twice.
 */
void proc_stop(Proc *p, const char *quit_line, int grace_ms);

/* Exit description after the process ended: "exit 0", "signal 11 (SIGSEGV)"... */
const char *proc_exit_text(const Proc *p);

/* The last system error text, or "". */
const char *proc_error(const Proc *p);

pid_t proc_pid(const Proc *p);

/* The time p's threads have spent runnable but waiting for a CPU, summed,
 * in microseconds (Linux /proc/PID/task/TID/schedstat; 0 where the system
 * does not say). The difference over a move is what a busy machine held
 * the engine back (proc/sched.c). */
int64_t proc_run_delay_us(const Proc *p);
/* The same for the calling thread of this process. */
int64_t proc_self_run_delay_us(void);
/* The least steal time of any CPU so far, in microseconds: what a virtual
 * machine's host took from all of them at once, so from whatever CPU an
 * engine ran on (Linux /proc/stat, counted in clock ticks; 0 where the
 * system does not say). Its difference over a move is excused like the
 * run delay: a stalled guest's engines and harness all stand still. */
int64_t proc_steal_us(void);

/* Stops (kill, reap) if still running and frees. NULL is a no-op. */
void proc_free(Proc *p);

/* SIGKILL to every running engine and its process group (engines run in
 * their own group, so a Ctrl-C at the terminal reaches only the harness).
 * Async-signal-safe: for a second Ctrl-C or SIGTERM. From then on no
 * engine is started (proc_start fails with "the harness is stopping");
 * proc_run still runs programs (regress cleans up with them). */
void proc_kill_all(void);

/* Sends sig to the program proc_run is running now, if any (regress
 * passes a signal sent to it on to its `qibench match`). Async-signal-safe. */
void proc_signal_run(int sig);

/* A program run to its end (proc_run): where its output goes, how long it may take. */
typedef struct {
    char *const *argv;          /* NULL-terminated; argv[0] is looked up in PATH without a '/' */
    const char *dir;            /* working directory, or NULL for the current one */
    const char *log_path;       /* stdout and stderr appended to this file (created), or NULL: */
    char *out;                  /*   stdout captured here (NUL-terminated, cut to out_len - 1 bytes; */
    size_t out_len;             /*   the rest is read and dropped), or NULL */
    void (*on_line)(void *ctx, const char *line, size_t len); /* and/or each stdout line as it comes
                                   (with its '\n'; longer than 4095 bytes: in pieces), or NULL */
    void *ctx;                  /* for on_line */
    const char *err_path;       /* without log_path: stderr to this file (created or emptied), or NULL */
    const char *const *unset_env; /* NULL-terminated names removed from the child's environment, or NULL */
    int timeout_ms;             /* > 0: killed (SIGKILL) and reaped after this long; <= 0: no limit */
} ProcRunSpec;

/*
 * Runs spec->argv to its end. stdin, and stdout and stderr where spec
 * names no target, are this program's; the child stays in this process
 * group (a Ctrl-C at the terminal reaches it). stdout and stderr are
 * flushed first, so the child's output comes after what was printed.
 * Returns 0 when it ran and ended: *exit_status (may be NULL) is its exit
 * code, or 128 + the signal that killed it. Returns 1 when it was killed at
 * timeout_ms (*exit_status 128 + SIGKILL), and -1 when it could not be
 * started (the program or dir does not exist, a file cannot be opened) or
 * waited for; err (may be NULL) then says why in one line. Not for engines
 * (see proc_start); not async-signal-safe.
 */
int proc_run(const ProcRunSpec *spec, int *exit_status, char *err, size_t errlen);

#endif
