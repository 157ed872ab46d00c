/*
 * proc/proc.c - child processes (../shared/DESIGN.md "Harness"): the only place
 * the harness forks. Two kinds: an engine (proc_start: pipes on its stdin
 * and stdout, read and ended through proc/io.c) and a program run to its
 * end (proc_run: git, make, tar, an engine's bench, a child qibench).
 *
 * Layout: the table of running engines (proc_kill_all), descriptors, the
 * child's side (dup2, signals, exec), fork, proc_start, proc_run.
 *
 * Descriptors: every descriptor the parent keeps is close-on-exec, so a
 * child never inherits another child's pipes; an engine whose stdout
 * pipe had leaked into a sibling would never give EOF. pipe2() is not in
 * POSIX 2008, so pipe() plus FD_CLOEXEC is used, and the window between
 * the two is closed with a lock held from pipe creation until fork:
 * this file is then the only place the harness forks, which must hold.
 *
 * SIGPIPE: the first proc_start sets SIGPIPE to SIG_IGN for the whole
 * program when its disposition is still SIG_DFL (a handler installed by
 * the program is left alone), so a write to an engine that exited fails
 * with EPIPE instead of killing the harness. The child puts SIGPIPE back
 * (and SIGXFSZ, which proc/stopsig.c ignores while results are written) to
 * SIG_DFL and unblocks every signal before exec. proc_run leaves the
 * program's SIGPIPE alone.
 *
 * Working directory: the child changes to spec->dir before exec, so a
 * relative cmd containing a '/' is resolved from dir; a bare name is
 * looked up in PATH (execvp).
 *
 * CPU affinity: an engine whose spec names cpus (--use-affinity: its game
 * slot's, proc/affinity.h) is pinned to them in the child before exec; a
 * pin that fails is reported as an exec failure is.
 */
#include "proc/proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc/affinity.h"
#include "proc/proc_impl.h"
#include "util/util.h"

#define PROC_RUN_LINE_BYTES 4096 /* proc_run's on_line: longer lines come in pieces */

extern char **environ;

/* What the child reports through the status pipe when it cannot exec. */
enum { STAGE_DUP = 1, STAGE_CHDIR, STAGE_EXEC, STAGE_PDEATHSIG, STAGE_AFFINITY };

/* The descriptors of one start: the child's ends and the parent's ends. */
typedef struct {
    int child_in, child_out, child_err; /* become the child's 0, 1, 2 (-1: it keeps the parent's) */
    int parent_in, parent_out;          /* kept by the parent */
    int status_read, status_write;      /* exec-failure report */
    int lifeline_read, lifeline_write;  /* engines: the guard's pipe (see child_guard) */
    int max_fd;                         /* the child closes 3 .. max_fd - 1 (but status_write) */
} StartFds;

#define START_FDS_NONE {-1, -1, -1, -1, -1, -1, -1, -1, -1, 0}

/* What the child runs, where, and how. */
typedef struct {
    const char *cmd;
    char *const *argv;
    const char *dir;   /* NULL: the current folder */
    char **envp;       /* NULL: the parent's environment */
    bool own_group;    /* a process group of its own (engines) */
    pid_t parent;      /* the harness (set by fork_child) */
    const CpuList *cpus; /* pinned to these CPUs before exec, or NULL */
} ChildPlan;

static pthread_mutex_t fork_lock = PTHREAD_MUTEX_INITIALIZER;

/* The engines running now, for proc_kill_all (a signal handler): lock-free
 * atomic slots, 0 = free. A pid leaves its slot just before it is reaped. */
#define PROC_MAX_LIVE 1024
static atomic_int live_pids[PROC_MAX_LIVE];
/* Set by proc_kill_all: a harness that is stopping starts no process. */
static atomic_bool starts_refused;
/* The program proc_run is running now (0: none), for proc_signal_run. */
static atomic_int run_pid;

void proc_signal_run(int sig)
{
    int pid = atomic_load(&run_pid);
    if (pid > 0) kill(pid, sig);
}

static void track_pid(pid_t pid)
{
    for (int i = 0; i < PROC_MAX_LIVE; i++) {
        int zero = 0;
        if (atomic_compare_exchange_strong(&live_pids[i], &zero, (int)pid)) return;
    }
}

void proc_untrack_pid(pid_t pid)
{
    for (int i = 0; i < PROC_MAX_LIVE; i++) {
        int want = (int)pid;
        if (atomic_compare_exchange_strong(&live_pids[i], &want, 0)) return;
    }
}

/* Async-signal-safe: SIGKILL to every engine's process group, then reaps them. */
void proc_kill_all(void)
{
    atomic_store(&starts_refused, true);
    for (int i = 0; i < PROC_MAX_LIVE; i++) {
        int pid = atomic_load(&live_pids[i]);
        if (pid > 0) kill(-pid, SIGKILL), kill(pid, SIGKILL);
    }
    for (int i = 0; i < PROC_MAX_LIVE; i++) { /* reap them: no zombie outlives the harness */
        int pid = atomic_load(&live_pids[i]);
        if (pid > 0) waitpid(pid, NULL, 0);
    }
}
static bool sigpipe_checked; /* under fork_lock */

/* ----------------------------------------------------------------------
 * Descriptors
 * -------------------------------------------------------------------- */

/* Marks fd close-on-exec and moves it to 3 or above, so that the child's
 * dup2 onto 0..2 always makes a fresh (inheritable) copy. Returns the
 * descriptor to use, or -1 (fd is then closed). */
static int keep_private(int fd)
{
    if (fd >= 3) {
        if (fcntl(fd, F_SETFD, FD_CLOEXEC) == 0) return fd;
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    int saved = errno;
    close(fd);
    errno = saved;
    return moved;
}

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

static void close_start_fds(StartFds *f)
{
    close_fd(&f->child_in);
    close_fd(&f->child_out);
    close_fd(&f->child_err);
    close_fd(&f->parent_in);
    close_fd(&f->parent_out);
    close_fd(&f->status_read);
    close_fd(&f->status_write);
    close_fd(&f->lifeline_read);
    close_fd(&f->lifeline_write);
}

/* One pipe, both ends private. Returns 0 or -1. */
static int make_pipe(int *read_end, int *write_end)
{
    int fds[2];
    if (pipe(fds) != 0) return -1;
    *read_end = keep_private(fds[0]);
    *write_end = keep_private(fds[1]);
    return *read_end >= 0 && *write_end >= 0 ? 0 : -1;
}

/* Opens path for writing (created 0666 less the umask, flags O_APPEND or
 * O_TRUNC) as a private descriptor of 3 or above. Returns it, or -1 with
 * errno set. */
static int open_private(const char *path, int flags, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | flags | O_CLOEXEC, mode);
    return fd < 0 ? -1 : keep_private(fd);
}

/* Opens the stderr target (appended) and the three pipes. Called under
 * fork_lock. Returns 0, or -1 with err set. */
static int open_start_fds(StartFds *f, const char *stderr_path, char *err, size_t errlen)
{
    const char *path = stderr_path ? stderr_path : "/dev/null";
    if ((f->child_err = open_private(path, O_APPEND, 0644)) < 0) {
        return util_fail(err, errlen, "cannot open stderr file '%s': %s", path, strerror(errno));
    }
    if (make_pipe(&f->child_in, &f->parent_in) != 0 || make_pipe(&f->parent_out, &f->child_out) != 0
        || make_pipe(&f->status_read, &f->status_write) != 0 || make_pipe(&f->lifeline_read, &f->lifeline_write) != 0) {
        return util_fail(err, errlen, "cannot create pipes: %s", strerror(errno));
    }
    if (fcntl(f->parent_in, F_SETFL, O_NONBLOCK) != 0 || fcntl(f->parent_out, F_SETFL, O_NONBLOCK) != 0) {
        return util_fail(err, errlen, "cannot make pipes non-blocking: %s", strerror(errno));
    }
    return 0;
}

/* ----------------------------------------------------------------------
 * The child, from fork to exec
 * -------------------------------------------------------------------- */

/* In the child: reports stage and errno to the parent and exits. Only
 * async-signal-safe calls from here to exec. */
static void child_fail(int status_fd, int stage) __attribute__((noreturn));
static void child_fail(int status_fd, int stage)
{
    int msg[2] = {stage, errno};
    ssize_t n;
    do {
        n = write(status_fd, msg, sizeof msg);
    } while (n < 0 && errno == EINTR);
    _exit(127);
}

/*
 * In the child (an engine, in its own process group), before exec: forks
 * a guard that holds only the read end of the lifeline, whose write end
 * only the harness holds. When the harness closes it (proc_free, after the
 * engine was reaped) or dies in any way, the guard reads end of file and
 * SIGKILLs the whole process group: whatever the engine started (a wrapper
 * script's engine, its helpers) goes with it, on any POSIX system. A guard
 * that cannot be forked leaves the engine without one. Async-signal-safe.
 */
static void child_guard(const StartFds *f)
{
    if (f->lifeline_read < 0 || fork() != 0) return;
    for (int fd = 0; fd < f->max_fd; fd++)
        if (fd != f->lifeline_read) close(fd);
    char byte;
    while (read(f->lifeline_read, &byte, 1) < 0 && errno == EINTR) {}
    kill(0, SIGKILL); /* the group: the engine's leftovers and the guard itself */
    _exit(0);
}

static void child_exec(const StartFds *f, const ChildPlan *c) __attribute__((noreturn));
static void child_exec(const StartFds *f, const ChildPlan *c)
{
    int fds[3] = {f->child_in, f->child_out, f->child_err};
    for (int i = 0; i < 3; i++)
        if (fds[i] >= 0 && dup2(fds[i], i) < 0) child_fail(f->status_write, STAGE_DUP);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
    sigaction(SIGXFSZ, &sa, NULL); /* the harness ignores it while it writes results */
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (c->own_group) setpgid(0, 0); /* a Ctrl-C at the terminal then reaches the harness only */
#ifdef __linux__
    /* Killed with the harness, however it dies (SIGKILL included). The
     * kernel sends it when the forking thread ends, so a thread keeps the
     * engines it started (match and suite workers free theirs). A harness
     * that died before this call is no longer our parent: go no further. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != c->parent)
        child_fail(f->status_write, STAGE_PDEATHSIG);
#endif
    /* --use-affinity: the engine (and its guard) on its game slot's CPUs. */
    if (c->cpus && affinity_pin(c->cpus) != 0) child_fail(f->status_write, STAGE_AFFINITY);
    if (c->own_group) child_guard(f);
    /* Nothing but 0, 1, 2 reaches the child: not the harness's results
     * files, not what the harness itself inherited. (status_write is
     * close-on-exec and must stay open until exec.) */
    for (int fd = 3; fd < f->max_fd; fd++)
        if (fd != f->status_write) close(fd);
    if (c->dir && chdir(c->dir) != 0) child_fail(f->status_write, STAGE_CHDIR);
    if (c->envp) environ = c->envp;
    execvp(c->cmd, c->argv);
    child_fail(f->status_write, STAGE_EXEC);
}

/* ----------------------------------------------------------------------
 * Fork
 * -------------------------------------------------------------------- */

/* Ignores SIGPIPE once, unless the program installed its own handler. */
static void ignore_sigpipe_once(void)
{
    if (sigpipe_checked) return;
    sigpipe_checked = true;
    struct sigaction old;
    if (sigaction(SIGPIPE, NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_IGN;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGPIPE, &sa, NULL);
    }
}

/* Waits for the child's exec verdict. Returns 0 when exec succeeded, or -1
 * with err set (the child has then exited and is reaped). */
static int read_exec_status(pid_t pid, int fd, const char *cmd, const char *dir, char *err, size_t errlen)
{
    int msg[2];
    size_t got = 0;
    while (got < sizeof msg) {
        ssize_t n = read(fd, (char *)msg + got, sizeof msg - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    if (got == 0) return 0;
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    if (got < sizeof msg) return util_fail(err, errlen, "cannot run '%s': the child died before exec", cmd);
    if (msg[0] == STAGE_CHDIR) return util_fail(err, errlen, "cannot enter directory '%s': %s", dir, strerror(msg[1]));
    if (msg[0] == STAGE_PDEATHSIG)
        return util_fail(err, errlen, "cannot tie '%s' to the harness's life (prctl): %s", cmd, strerror(msg[1]));
    if (msg[0] == STAGE_AFFINITY)
        return util_fail(err, errlen, "cannot pin '%s' to its CPUs (sched_setaffinity): %s", cmd, strerror(msg[1]));
    if (msg[0] == STAGE_DUP)
        return util_fail(err, errlen, "cannot set up the standard streams of '%s': %s", cmd, strerror(msg[1]));
    return util_fail(err, errlen, "cannot run '%s': %s", cmd, strerror(msg[1]));
}

/* The highest descriptor open in this process: from /proc/self/fd where
 * there is one, else the descriptor limit (at most 65536). */
static int highest_fd(void)
{
    int high = -1;
    DIR *d = opendir("/proc/self/fd");
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            int fd = atoi(e->d_name);
            if (fd > high) high = fd;
        }
        closedir(d);
        if (high >= 0) return high;
    }
    long max = sysconf(_SC_OPEN_MAX);
    return max > 0 && max <= 65536 ? (int)max - 1 : 65535;
}

/* Forks; the child execs c with f's child ends. Called under fork_lock
 * with f open. Returns the child's pid, or -1 with err set. */
static pid_t fork_child(StartFds *f, ChildPlan *c, char *err, size_t errlen)
{
    f->max_fd = highest_fd() + 1;
    if (c->own_group && atomic_load(&starts_refused)) { /* engines only: cleaning up goes on */
        snprintf(err, errlen, "not started: the harness is stopping");
        return -1;
    }
    c->parent = getpid();
    pid_t pid = fork();
    if (pid == 0) child_exec(f, c);
    if (pid < 0) snprintf(err, errlen, "cannot fork: %s", strerror(errno));
    else if (c->own_group) setpgid(pid, pid), track_pid(pid); /* here too: no window before the child's own call */
    return pid;
}

/* After the fork (or a failed set-up): the parent closes the child's ends. */
static void close_child_ends(StartFds *f)
{
    close_fd(&f->child_in);
    close_fd(&f->child_out);
    close_fd(&f->child_err);
    close_fd(&f->status_write);
    close_fd(&f->lifeline_read);
}

/* ----------------------------------------------------------------------
 * proc_start: an engine
 * -------------------------------------------------------------------- */

/* Creates the descriptors and forks, all under fork_lock. Returns the
 * child's pid, or -1 with err set; on success f holds only the parent's
 * ends and the status pipe's read end. */
static pid_t spawn(StartFds *f, const ProcSpec *spec, char *err, size_t errlen)
{
    char *default_argv[2] = {(char *)spec->cmd, NULL};
    ChildPlan plan = {spec->cmd, spec->argv ? spec->argv : default_argv, spec->dir, NULL, true, 0, spec->cpus};
    pthread_mutex_lock(&fork_lock);
    ignore_sigpipe_once();
    pid_t pid = -1;
    if (open_start_fds(f, spec->stderr_path, err, errlen) == 0) pid = fork_child(f, &plan, err, errlen);
    close_child_ends(f);
    pthread_mutex_unlock(&fork_lock);
    return pid;
}

/*
 * Starts spec->cmd with pipes on its stdin and stdout and its stderr
 * appended to spec->stderr_path. Returns a Proc owned by the caller (free
 * with proc_free), or NULL with a one-line reason in err (which may be
 * NULL; errlen 0 is allowed). spec->name and the log pointer are kept;
 * the log FILE stays the caller's.
 */
Proc *proc_start(const ProcSpec *spec, char *err, size_t errlen)
{
    char dummy[1];
    if (!err || errlen == 0) err = dummy, errlen = sizeof dummy;
    err[0] = '\0';
    if (!spec || !spec->cmd || !spec->cmd[0]) {
        snprintf(err, errlen, "no program to run");
        return NULL;
    }
    Proc *p = calloc(1, sizeof *p);
    char *name = strdup(spec->name ? spec->name : spec->cmd);
    StartFds f = START_FDS_NONE;
    if (!p || !name) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    pid_t pid = spawn(&f, spec, err, errlen);
    if (pid < 0 || read_exec_status(pid, f.status_read, spec->cmd, spec->dir, err, errlen) != 0) goto fail;
    close_fd(&f.status_read);
    p->pid = pid;
    p->to_fd = f.parent_in;
    p->from_fd = f.parent_out;
    p->lifeline_fd = f.lifeline_write;
    f.lifeline_write = -1;
    p->log = spec->log;
    p->name = name;
    return p;
fail:
    close_start_fds(&f);
    free(name);
    free(p);
    return NULL;
}

/* ----------------------------------------------------------------------
 * proc_run: a program run to its end
 * -------------------------------------------------------------------- */

/* Does the environment entry "NAME=VALUE" name one of names? */
static bool names_variable(const char *entry, const char *const *names)
{
    for (; *names; names++) {
        size_t len = strlen(*names);
        if (strncmp(entry, *names, len) == 0 && entry[len] == '=') return true;
    }
    return false;
}

/* The environment without the variables in unset: a new NULL-terminated
 * list of the same strings (free the list only), or NULL if out of memory. */
static char **environ_without(const char *const *unset)
{
    size_t n = 0, k = 0;
    while (environ && environ[n]) n++;
    char **out = malloc((n + 1) * sizeof *out);
    if (!out) return NULL;
    for (size_t i = 0; i < n; i++)
        if (!names_variable(environ[i], unset)) out[k++] = environ[i];
    out[k] = NULL;
    return out;
}

/* The child's 1 and 2 as spec says, and the status pipe. Called under
 * fork_lock. Returns 0, or -1 with err set. */
static int open_run_fds(StartFds *f, const ProcRunSpec *spec, char *err, size_t errlen)
{
    if (spec->log_path) {
        if ((f->child_out = open_private(spec->log_path, O_APPEND, 0666)) < 0
            || (f->child_err = fcntl(f->child_out, F_DUPFD_CLOEXEC, 3)) < 0)
            return util_fail(err, errlen, "cannot open %s: %s", spec->log_path, strerror(errno));
    } else {
        if (spec->err_path && (f->child_err = open_private(spec->err_path, O_TRUNC, 0666)) < 0)
            return util_fail(err, errlen, "cannot open %s: %s", spec->err_path, strerror(errno));
        if ((spec->out || spec->on_line) && make_pipe(&f->parent_out, &f->child_out) != 0)
            return util_fail(err, errlen, "cannot create pipes: %s", strerror(errno));
    }
    if (make_pipe(&f->status_read, &f->status_write) != 0)
        return util_fail(err, errlen, "cannot create pipes: %s", strerror(errno));
    return 0;
}

/* Where proc_run puts the child's stdout: spec->out and spec->on_line. */
typedef struct {
    const ProcRunSpec *spec;
    size_t used;                    /* bytes in spec->out */
    size_t line_len;
    char line[PROC_RUN_LINE_BYTES]; /* the line being assembled for on_line */
} RunSink;

static void sink_line(RunSink *s)
{
    s->line[s->line_len] = '\0';
    s->spec->on_line(s->spec->ctx, s->line, s->line_len);
    s->line_len = 0;
}

static void sink_bytes(RunSink *s, const char *data, size_t n)
{
    const ProcRunSpec *spec = s->spec;
    if (spec->out && spec->out_len > 0) {
        size_t room = spec->out_len - 1 - s->used, copy = n < room ? n : room;
        memcpy(spec->out + s->used, data, copy);
        s->used += copy;
        spec->out[s->used] = '\0';
    }
    for (size_t k = 0; spec->on_line && k < n; k++) {
        s->line[s->line_len++] = data[k];
        if (data[k] == '\n' || s->line_len == sizeof s->line - 1) sink_line(s);
    }
}

/* Reads fd into the sink until EOF. Returns 0 at EOF, 1 when the deadline
 * (negative: none) passed first, -1 with err set on an error. */
static int read_output(int fd, RunSink *s, int64_t deadline, char *err, size_t errlen)
{
    char buf[PROC_CHUNK_BYTES];
    for (;;) {
        int wait = util_remaining_ms(deadline);
        if (wait == 0) return 1;
        struct pollfd pfd = {fd, POLLIN, 0};
        int r = poll(&pfd, 1, wait);
        if (r < 0 && errno != EINTR) return util_fail(err, errlen, "poll: %s", strerror(errno));
        if (r <= 0) continue;
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return util_fail(err, errlen, "cannot read the output: %s", strerror(errno));
        if (n == 0) break;
        sink_bytes(s, buf, (size_t)n);
    }
    if (s->spec->on_line && s->line_len > 0) sink_line(s); /* a last line without its newline */
    return 0;
}

/* Waits for pid until the deadline (negative: none). Returns 0 with
 * *wstatus set, 1 when the deadline passed first, -1 with err set. */
static int wait_child(pid_t pid, int64_t deadline, int *wstatus, char *err, size_t errlen)
{
    int step = 1;
    for (;;) {
        pid_t r = waitpid(pid, wstatus, deadline < 0 ? 0 : WNOHANG);
        if (r == pid) return 0;
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return util_fail(err, errlen, "waitpid: %s", strerror(errno));
        int left = util_remaining_ms(deadline);
        if (left == 0) return 1;
        util_sleep_ms(step < left ? step : left);
        if (step < PROC_WAIT_STEP_MAX_MS) step *= 2;
    }
}

/* The exit code, or 128 + the signal that ended it. */
static int exit_code(int wstatus)
{
    return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : WIFSIGNALED(wstatus) ? 128 + WTERMSIG(wstatus) : -1;
}

/* Collects the output and the exit of a started child; kills and reaps it
 * on timeout or error. Returns as proc_run. */
static int finish_run(pid_t pid, int out_fd, const ProcRunSpec *spec, int *status, char *err, size_t errlen)
{
    RunSink sink = {.spec = spec};
    int64_t deadline = spec->timeout_ms > 0 ? util_monotonic_ms() + spec->timeout_ms : -1;
    int wstatus = 0;
    int rc = out_fd >= 0 ? read_output(out_fd, &sink, deadline, err, errlen) : 0;
    if (rc == 0) rc = wait_child(pid, deadline, &wstatus, err, errlen);
    if (rc != 0) {
        kill(pid, SIGKILL);
        while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {}
    }
    if (rc > 0) util_fail(err, errlen, "%s: timed out after %d ms (killed)", spec->argv[0], spec->timeout_ms);
    *status = exit_code(wstatus);
    return rc;
}

int proc_run(const ProcRunSpec *spec, int *exit_status, char *err, size_t errlen)
{
    char dummy[1];
    int ignored;
    if (!err || errlen == 0) err = dummy, errlen = sizeof dummy;
    if (!exit_status) exit_status = &ignored;
    err[0] = '\0';
    *exit_status = -1;
    if (!spec || !spec->argv || !spec->argv[0] || !spec->argv[0][0]) return util_fail(err, errlen, "no program to run");
    if (spec->out && spec->out_len > 0) spec->out[0] = '\0';
    char **envp = spec->unset_env ? environ_without(spec->unset_env) : NULL;
    if (spec->unset_env && !envp) return util_fail(err, errlen, "out of memory");
    ChildPlan plan = {spec->argv[0], spec->argv, spec->dir, envp, false, 0, NULL};
    StartFds f = START_FDS_NONE;
    fflush(stdout); /* what was printed comes before the child's output */
    fflush(stderr);
    pthread_mutex_lock(&fork_lock);
    pid_t pid = open_run_fds(&f, spec, err, errlen) == 0 ? fork_child(&f, &plan, err, errlen) : -1;
    close_child_ends(&f);
    pthread_mutex_unlock(&fork_lock);
    free(envp);
    int rc = -1;
    if (pid > 0) atomic_store(&run_pid, pid);
    if (pid >= 0 && read_exec_status(pid, f.status_read, spec->argv[0], spec->dir, err, errlen) == 0)
        rc = finish_run(pid, f.parent_out, spec, exit_status, err, errlen);
    atomic_store(&run_pid, 0); /* reaped by now: never signal a reused pid */
    close_start_fds(&f);
    return rc;
}
