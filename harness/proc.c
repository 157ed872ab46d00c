/*
 * proc.c - an engine as a child process (../shared/DESIGN.md "Harness").
 *
 * Layout: start (descriptors, fork, exec status), write (proc_send),
 * read (line buffer, poll with a monotonic deadline), exit and shutdown.
 *
 * Descriptors: every descriptor the parent keeps is close-on-exec, so an
 * engine never inherits another engine's pipes; an engine whose stdout
 * pipe had leaked into a sibling would never give EOF. pipe2() is not in
 * POSIX 2008, so pipe() plus FD_CLOEXEC is used, and the window between
 * the two is closed with a lock held from pipe creation until fork:
 * proc_start is then the only way the harness forks, which must hold.
 *
 * SIGPIPE: the first proc_start sets SIGPIPE to SIG_IGN for the whole
 * program when its disposition is still SIG_DFL (a handler installed by
 * the program is left alone), so a write to an engine that exited fails
 * with EPIPE instead of killing the harness. The child puts SIGPIPE back
 * to SIG_DFL and unblocks every signal before exec.
 *
 * Working directory: the child changes to spec->dir before exec, so a
 * relative cmd containing a '/' is resolved from dir; a bare name is
 * looked up in PATH (execvp).
 */
#include "proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROC_CHUNK_BYTES 4096     /* one read() */
#define PROC_LINE_BYTES 65536     /* longest line kept; the rest is cut */
#define PROC_SEND_STACK_BYTES 1024
#define PROC_SEND_TIMEOUT_MS 10000 /* a full stdin pipe that never drains */
#define PROC_WAIT_STEP_MAX_MS 10   /* waitpid polling interval, grows to this */
#define PROC_EOF_SETTLE_MS 200     /* after EOF, time given to the exit to complete */
#define PROC_DRAIN_MAX_LINES 10000 /* per drain: an engine flooding its output cannot hold the harness */
#define PROC_TEXT_BYTES 64
#define PROC_ERR_BYTES 512

struct Proc {
    pid_t pid;
    int to_fd;        /* the engine's stdin; -1 once closed */
    int from_fd;      /* the engine's stdout; -1 once closed */
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

/* What the child reports through the status pipe when it cannot exec. */
enum { STAGE_DUP = 1, STAGE_CHDIR, STAGE_EXEC };

/* The descriptors of one start: the child's ends and the parent's ends. */
typedef struct {
    int child_in, child_out, child_err; /* become the child's 0, 1, 2 */
    int parent_in, parent_out;          /* kept by the parent */
    int status_read, status_write;      /* exec-failure report */
    int max_fd;                         /* the child closes 3 .. max_fd - 1 (but status_write) */
} StartFds;

static bool wait_exit(Proc *p, int grace_ms, bool drain);

static pthread_mutex_t fork_lock = PTHREAD_MUTEX_INITIALIZER;

/* The engines running now, for proc_kill_all (a signal handler): lock-free
 * atomic slots, 0 = free. A pid leaves its slot just before it is reaped. */
#define PROC_MAX_LIVE 1024
static atomic_int live_pids[PROC_MAX_LIVE];

static void track_pid(pid_t pid)
{
    for (int i = 0; i < PROC_MAX_LIVE; i++) {
        int zero = 0;
        if (atomic_compare_exchange_strong(&live_pids[i], &zero, (int)pid)) return;
    }
}

static void untrack_pid(pid_t pid)
{
    for (int i = 0; i < PROC_MAX_LIVE; i++) {
        int want = (int)pid;
        if (atomic_compare_exchange_strong(&live_pids[i], &want, 0)) return;
    }
}

/* Async-signal-safe: SIGKILL to every engine's process group, then reaps them. */
void proc_kill_all(void)
{
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
 * Time and the traffic log
 * -------------------------------------------------------------------- */

static int64_t monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Milliseconds left until deadline (never negative); -1 stays "forever". */
static int remaining_ms(int64_t deadline)
{
    if (deadline < 0) return -1;
    int64_t left = deadline - monotonic_ms();
    if (left <= 0) return 0;
    return left > INT32_MAX ? INT32_MAX : (int)left;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

/* Writes "HH:MM:SS.mmm name D text" (local time) per line of text (a send
 * may hold several lines) and flushes. */
static void log_line(const Proc *p, char dir, const char *text, size_t len)
{
    if (!p->log) return;
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    time_t secs = ts.tv_sec;
    localtime_r(&secs, &tm);
    for (size_t start = 0; start <= len;) {
        const char *nl = memchr(text + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - text) : len;
        fprintf(p->log, "%02d:%02d:%02d.%03ld %s %c %.*s\n", tm.tm_hour, tm.tm_min, tm.tm_sec,
                ts.tv_nsec / 1000000, p->name, dir, (int)(end - start), text + start);
        start = end + 1;
    }
    fflush(p->log);
}

static void set_error(Proc *p, const char *what)
{
    snprintf(p->err, sizeof p->err, "%s: %s", what, strerror(errno));
}

/* ----------------------------------------------------------------------
 * Start
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

/* Opens the stderr target (appended) and the three pipes. Called under
 * fork_lock. Returns 0, or -1 with err set. */
static int open_start_fds(StartFds *f, const char *stderr_path, char *err, size_t errlen)
{
    const char *path = stderr_path ? stderr_path : "/dev/null";
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0 || (f->child_err = keep_private(fd)) < 0) {
        snprintf(err, errlen, "cannot open stderr file '%s': %s", path, strerror(errno));
        return -1;
    }
    if (make_pipe(&f->child_in, &f->parent_in) != 0 || make_pipe(&f->parent_out, &f->child_out) != 0
        || make_pipe(&f->status_read, &f->status_write) != 0) {
        snprintf(err, errlen, "cannot create pipes: %s", strerror(errno));
        return -1;
    }
    if (fcntl(f->parent_in, F_SETFL, O_NONBLOCK) != 0 || fcntl(f->parent_out, F_SETFL, O_NONBLOCK) != 0) {
        snprintf(err, errlen, "cannot make pipes non-blocking: %s", strerror(errno));
        return -1;
    }
    return 0;
}

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

static void child_exec(const StartFds *f, const char *cmd, char *const *argv, const char *dir)
    __attribute__((noreturn));
static void child_exec(const StartFds *f, const char *cmd, char *const *argv, const char *dir)
{
    if (dup2(f->child_in, 0) < 0 || dup2(f->child_out, 1) < 0 || dup2(f->child_err, 2) < 0)
        child_fail(f->status_write, STAGE_DUP);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    setpgid(0, 0); /* its own process group: a Ctrl-C at the terminal reaches the harness only */
    /* Nothing but 0, 1, 2 reaches the engine: not the harness's results
     * files, not what the harness itself inherited. (status_write is
     * close-on-exec and must stay open until exec.) */
    for (int fd = 3; fd < f->max_fd; fd++)
        if (fd != f->status_write) close(fd);
    if (dir && chdir(dir) != 0) child_fail(f->status_write, STAGE_CHDIR);
    execvp(cmd, argv);
    child_fail(f->status_write, STAGE_EXEC);
}

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
static int read_exec_status(pid_t pid, int fd, const ProcSpec *spec, char *err, size_t errlen)
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
    if (got < sizeof msg) {
        snprintf(err, errlen, "cannot run '%s': the child died before exec", spec->cmd);
    } else if (msg[0] == STAGE_CHDIR) {
        snprintf(err, errlen, "cannot enter directory '%s': %s", spec->dir, strerror(msg[1]));
    } else if (msg[0] == STAGE_DUP) {
        snprintf(err, errlen, "cannot set up the standard streams of '%s': %s", spec->cmd, strerror(msg[1]));
    } else {
        snprintf(err, errlen, "cannot run '%s': %s", spec->cmd, strerror(msg[1]));
    }
    return -1;
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

/* Creates the descriptors and forks, all under fork_lock. Returns the
 * child's pid, or -1 with err set; on success f holds only the parent's
 * ends and the status pipe's read end. */
static pid_t spawn(StartFds *f, const ProcSpec *spec, char *err, size_t errlen)
{
    char *default_argv[2] = {(char *)spec->cmd, NULL};
    char *const *argv = spec->argv ? spec->argv : default_argv;
    pthread_mutex_lock(&fork_lock);
    ignore_sigpipe_once();
    pid_t pid = -1;
    if (open_start_fds(f, spec->stderr_path, err, errlen) == 0) {
        f->max_fd = highest_fd() + 1;
        pid = fork();
        if (pid == 0) child_exec(f, spec->cmd, argv, spec->dir);
        if (pid < 0) snprintf(err, errlen, "cannot fork: %s", strerror(errno));
        else setpgid(pid, pid), track_pid(pid); /* setpgid here too: no window before the child's own call */
    }
    close_fd(&f->child_in);
    close_fd(&f->child_out);
    close_fd(&f->child_err);
    close_fd(&f->status_write);
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
    StartFds f = {-1, -1, -1, -1, -1, -1, -1, 0};
    if (!p || !name) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    pid_t pid = spawn(&f, spec, err, errlen);
    if (pid < 0 || read_exec_status(pid, f.status_read, spec, err, errlen) != 0) goto fail;
    close_fd(&f.status_read);
    p->pid = pid;
    p->to_fd = f.parent_in;
    p->from_fd = f.parent_out;
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
 * Write
 * -------------------------------------------------------------------- */

/* Writes all of data, waiting for room at most PROC_SEND_TIMEOUT_MS.
 * Returns 0 or -1 with err set. */
static int write_all(Proc *p, const char *data, size_t len)
{
    int64_t deadline = monotonic_ms() + PROC_SEND_TIMEOUT_MS;
    while (len > 0) {
        ssize_t n = write(p->to_fd, data, len);
        if (n > 0) {
            data += n;
            len -= (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            set_error(p, "cannot write to the engine");
            return -1;
        }
        int wait = remaining_ms(deadline);
        struct pollfd pfd = {p->to_fd, POLLOUT, 0};
        if (wait == 0) {
            snprintf(p->err, sizeof p->err, "cannot write to the engine: it does not read its input");
            return -1;
        }
        if (poll(&pfd, 1, wait) < 0 && errno != EINTR) {
            set_error(p, "poll");
            return -1;
        }
    }
    return 0;
}

/*
 * Formats one line, appends '\n', logs it as "name > line" and writes it.
 * Returns 0, or -1 when the process cannot be written to any more (exited,
 * stdin closed, or not reading for PROC_SEND_TIMEOUT_MS); no SIGPIPE is
 * raised. p NULL returns -1.
 */
int proc_send(Proc *p, const char *fmt, ...)
{
    if (!p) return -1;
    if (p->to_fd < 0) {
        snprintf(p->err, sizeof p->err, "cannot write to the engine: its input is closed");
        return -1;
    }
    char stack[PROC_SEND_STACK_BYTES];
    char *text = stack;
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(stack, sizeof stack - 1, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n >= sizeof stack - 1) {
        text = malloc((size_t)n + 2);
        if (text) vsnprintf(text, (size_t)n + 1, fmt, ap2);
    }
    va_end(ap2);
    if (n < 0 || !text) {
        snprintf(p->err, sizeof p->err, n < 0 ? "cannot format the command" : "out of memory");
        return -1;
    }
    log_line(p, '>', text, (size_t)n);
    text[n] = '\n';
    int rc = write_all(p, text, (size_t)n + 1);
    if (text != stack) free(text);
    return rc;
}

/* ----------------------------------------------------------------------
 * Read
 * -------------------------------------------------------------------- */

/* Hands the assembled line to the caller (cut to buflen - 1, trailing \r
 * removed), logs it, and starts a new one. */
static void deliver_line(Proc *p, char *buf, size_t buflen)
{
    size_t len = p->line_len;
    if (len > 0 && p->line[len - 1] == '\r') len--;
    log_line(p, '<', p->line, len);
    if (buflen > 0) {
        size_t copy = len < buflen - 1 ? len : buflen - 1;
        memcpy(buf, p->line, copy);
        buf[copy] = '\0';
    }
    p->line_len = 0;
    p->cut = false;
}

/* Moves buffered bytes into the line until a newline. Returns true when a
 * whole line was delivered; at EOF a final unterminated line counts. */
static bool take_line(Proc *p, char *buf, size_t buflen)
{
    while (p->chunk_pos < p->chunk_len) {
        const char *start = p->chunk + p->chunk_pos;
        size_t avail = p->chunk_len - p->chunk_pos;
        const char *nl = memchr(start, '\n', avail);
        size_t take = nl ? (size_t)(nl - start) : avail;
        size_t room = sizeof p->line - 1 - p->line_len;
        size_t copy = take < room ? take : room;
        memcpy(p->line + p->line_len, start, copy);
        p->line_len += copy;
        if (copy < take) p->cut = true;
        p->chunk_pos += take + (nl ? 1 : 0);
        if (nl) {
            deliver_line(p, buf, buflen);
            return true;
        }
    }
    p->chunk_pos = p->chunk_len = 0;
    if (p->eof && (p->line_len > 0 || p->cut)) {
        deliver_line(p, buf, buflen);
        return true;
    }
    return false;
}

/* One read() into the chunk buffer. Returns 1 (data or EOF seen), 0 (try
 * again), -1 (error, err set). */
static int fill_chunk(Proc *p)
{
    ssize_t n = read(p->from_fd, p->chunk, sizeof p->chunk);
    if (n > 0) {
        p->chunk_pos = 0;
        p->chunk_len = (size_t)n;
        return 1;
    }
    if (n == 0) {
        /* The kernel closes the pipe a moment before the exit status is
         * ready: wait for it, so proc_exit_text can say how it ended. */
        p->eof = true;
        wait_exit(p, PROC_EOF_SETTLE_MS, false);
        return 1;
    }
    if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) return 0;
    set_error(p, "cannot read from the engine");
    return -1;
}

/*
 * Reads the next line into buf (NUL-terminated, newline and trailing \r
 * removed, cut to buflen - 1 characters and to PROC_LINE_BYTES - 1; the
 * rest of an over-long line is discarded), waiting at most timeout_ms on
 * the monotonic clock (negative: forever; 0: only what is already there).
 * A partial line stays buffered across a PROC_TIMEOUT. On PROC_EOF the
 * process is given up to PROC_EOF_SETTLE_MS to finish exiting and is then
 * normally reaped, so proc_exit_text says how it ended (a process that
 * closed its stdout and lives on stays "running"). Returns PROC_LINE,
 * PROC_TIMEOUT, PROC_EOF (also for p NULL or after proc_stop), or
 * PROC_ERROR (proc_error says why).
 */
ProcRead proc_read_line(Proc *p, char *buf, size_t buflen, int timeout_ms)
{
    if (buf && buflen > 0) buf[0] = '\0';
    if (!p || p->from_fd < 0) return PROC_EOF;
    int64_t deadline = timeout_ms < 0 ? -1 : monotonic_ms() + timeout_ms;
    for (;;) {
        if (take_line(p, buf, buf ? buflen : 0)) return PROC_LINE;
        if (p->eof) return PROC_EOF;
        int r = fill_chunk(p);
        if (r < 0) return PROC_ERROR;
        if (r > 0 && deadline >= 0 && !p->eof && remaining_ms(deadline) == 0) /* endless output without a newline */
            return take_line(p, buf, buf ? buflen : 0) ? PROC_LINE : PROC_TIMEOUT;
        if (r > 0) continue;
        int wait = remaining_ms(deadline);
        if (wait == 0) return PROC_TIMEOUT;
        struct pollfd pfd = {p->from_fd, POLLIN, 0};
        if (poll(&pfd, 1, wait) < 0 && errno != EINTR) {
            set_error(p, "poll");
            return PROC_ERROR;
        }
    }
}

/* ----------------------------------------------------------------------
 * Exit and shutdown
 * -------------------------------------------------------------------- */

static const char *signal_name(int sig)
{
    static const struct {
        int sig;
        const char *name;
    } names[] = {
        {SIGABRT, "SIGABRT"}, {SIGALRM, "SIGALRM"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},
        {SIGHUP, "SIGHUP"},   {SIGILL, "SIGILL"},   {SIGINT, "SIGINT"},   {SIGKILL, "SIGKILL"},
        {SIGPIPE, "SIGPIPE"}, {SIGQUIT, "SIGQUIT"}, {SIGSEGV, "SIGSEGV"}, {SIGSYS, "SIGSYS"},
        {SIGTERM, "SIGTERM"}, {SIGTRAP, "SIGTRAP"}, {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"},
        {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].sig == sig) return names[i].name;
    return strsignal(sig);
}

static void record_exit(Proc *p, int status)
{
    p->reaped = true;
    if (WIFEXITED(status))
        snprintf(p->exit_text, sizeof p->exit_text, "exit %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(p->exit_text, sizeof p->exit_text, "signal %d (%s)", WTERMSIG(status), signal_name(WTERMSIG(status)));
    else
        snprintf(p->exit_text, sizeof p->exit_text, "status %d", status);
}

/* waitpid with flags; returns true once the process is reaped. ECHILD
 * (someone else reaped it, or SIGCHLD is ignored) counts as reaped. */
static bool reap(Proc *p, int flags)
{
    if (p->reaped) return true;
    int status;
    pid_t r;
    /* Peek first (the child stays a zombie, so its pid cannot be reused)
     * and untrack it, so proc_kill_all never signals a reused pid. */
    siginfo_t info;
    int w;
    memset(&info, 0, sizeof info);
    do {
        w = waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOWAIT | (flags & WNOHANG));
    } while (w < 0 && errno == EINTR);
    if (w == 0 && info.si_pid == p->pid) untrack_pid(p->pid);
    do {
        r = waitpid(p->pid, &status, flags);
    } while (r < 0 && errno == EINTR);
    if (r == p->pid) {
        record_exit(p, status);
    } else if (r < 0) {
        untrack_pid(p->pid);
        set_error(p, "waitpid");
        p->reaped = true;
        snprintf(p->exit_text, sizeof p->exit_text, "unknown (already reaped)");
    }
    return p->reaped;
}

/* Returns true when the process has exited, reaping it without blocking.
 * p NULL counts as exited. */
bool proc_exited(Proc *p)
{
    return !p || reap(p, WNOHANG);
}

/* Reads and logs whatever output is waiting, so an engine blocked on a
 * full stdout pipe can get to its quit handling. */
static void drain_output(Proc *p)
{
    char scratch[256];
    for (int n = 0; n < PROC_DRAIN_MAX_LINES && proc_read_line(p, scratch, sizeof scratch, 0) == PROC_LINE; n++) {}
}

/* Polls for the exit for up to grace_ms, reading and dropping output
 * meanwhile if drain is set. Returns true once reaped. */
static bool wait_exit(Proc *p, int grace_ms, bool drain)
{
    int64_t deadline = monotonic_ms() + (grace_ms > 0 ? grace_ms : 0);
    int step = 1;
    for (;;) {
        if (reap(p, WNOHANG)) return true;
        if (drain) drain_output(p);
        int left = remaining_ms(deadline);
        if (left == 0) return false;
        sleep_ms(step < left ? step : left);
        if (step < PROC_WAIT_STEP_MAX_MS) step *= 2;
    }
}

/*
 * Ends the process: sends quit_line (if not NULL) and closes its stdin,
 * waits up to grace_ms, then SIGTERM, waits up to grace_ms again, then
 * SIGKILL and a blocking waitpid. Output arriving meanwhile is logged and
 * dropped. Afterwards every descriptor is closed and proc_exit_text tells
 * how it ended. Safe to call twice; p NULL is a no-op.
 */
void proc_stop(Proc *p, const char *quit_line, int grace_ms)
{
    if (!p) return;
    if (!p->reaped && quit_line && p->to_fd >= 0) proc_send(p, "%s", quit_line);
    close_fd(&p->to_fd);
    if (!wait_exit(p, grace_ms, true)) {
        kill(p->pid, SIGTERM);
        if (!wait_exit(p, grace_ms, true)) {
            kill(-p->pid, SIGKILL); /* its process group: a wrapper script's children too */
            kill(p->pid, SIGKILL);
            reap(p, 0);
        }
    }
    close_fd(&p->from_fd);
}

/* "exit N", "signal N (SIGNAME)", or "running" while not reaped. The
 * string belongs to p. */
const char *proc_exit_text(const Proc *p)
{
    if (!p) return "";
    return p->reaped ? p->exit_text : "running";
}

/* The last system error text ("" if none); the string belongs to p. */
const char *proc_error(const Proc *p)
{
    return p ? p->err : "";
}

/* The child's pid (still returned after it was reaped; do not signal it
 * then: the number may belong to another process). -1 for NULL. */
pid_t proc_pid(const Proc *p)
{
    return p ? p->pid : -1;
}

/* Kills (SIGTERM, then SIGKILL at once) and reaps a running process,
 * closes its descriptors and frees p. NULL is a no-op. */
void proc_free(Proc *p)
{
    if (!p) return;
    proc_stop(p, NULL, 0);
    free(p->name);
    free(p);
}
