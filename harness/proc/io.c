/*
 * proc/io.c - an engine's pipes once proc/proc.c started it
 * (../shared/DESIGN.md "Harness"): write (proc_send), read (line buffer,
 * poll with a monotonic deadline), exit and shutdown (reap, SIGTERM,
 * SIGKILL) and the traffic log. Nothing here forks.
 */
#include "proc/proc.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc/proc_impl.h"
#include "util/util.h"

#define PROC_SEND_STACK_BYTES 1024
#define PROC_SEND_TIMEOUT_MS 10000 /* a full stdin pipe that never drains */
#define PROC_EOF_SETTLE_MS 200     /* after EOF, time given to the exit to complete */
#define PROC_DRAIN_MAX_LINES 10000 /* per drain: an engine flooding its output cannot hold the harness */

static bool wait_exit(Proc *p, int grace_ms, bool drain);

/* ----------------------------------------------------------------------
 * The traffic log and errors
 * -------------------------------------------------------------------- */

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

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* ----------------------------------------------------------------------
 * Write
 * -------------------------------------------------------------------- */

/* Writes all of data, waiting for room at most PROC_SEND_TIMEOUT_MS.
 * Returns 0 or -1 with err set. */
static int write_all(Proc *p, const char *data, size_t len)
{
    int64_t deadline = util_monotonic_ms() + PROC_SEND_TIMEOUT_MS;
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
        int wait = util_remaining_ms(deadline);
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
    text[n] = '\n';
    int rc = proc_send_text(p, text, (size_t)n + 1);
    if (text != stack) free(text);
    return rc;
}

int proc_send_text(Proc *p, const char *text, size_t len)
{
    if (!p) return -1;
    if (p->to_fd < 0) {
        snprintf(p->err, sizeof p->err, "cannot write to the engine: its input is closed");
        return -1;
    }
    log_line(p, '>', text, len > 0 && text[len - 1] == '\n' ? len - 1 : len);
    return write_all(p, text, len);
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
    int64_t deadline = timeout_ms < 0 ? -1 : util_monotonic_ms() + timeout_ms;
    for (;;) {
        if (take_line(p, buf, buf ? buflen : 0)) return PROC_LINE;
        if (p->eof) return PROC_EOF;
        int r = fill_chunk(p);
        if (r < 0) return PROC_ERROR;
        if (r > 0 && deadline >= 0 && !p->eof && util_remaining_ms(deadline) == 0) /* endless output without a newline */
            return take_line(p, buf, buf ? buflen : 0) ? PROC_LINE : PROC_TIMEOUT;
        if (r > 0) continue;
        int wait = util_remaining_ms(deadline);
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
    if (w == 0 && info.si_pid == p->pid) proc_untrack_pid(p->pid);
    do {
        r = waitpid(p->pid, &status, flags);
    } while (r < 0 && errno == EINTR);
    if (r == p->pid) {
        record_exit(p, status);
    } else if (r < 0) {
        proc_untrack_pid(p->pid);
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
    int64_t deadline = util_monotonic_ms() + (grace_ms > 0 ? grace_ms : 0);
    int step = 1;
    for (;;) {
        if (reap(p, WNOHANG)) return true;
        if (drain) drain_output(p);
        int left = util_remaining_ms(deadline);
        if (left == 0) return false;
        util_sleep_ms(step < left ? step : left);
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
    if (p->lifeline_fd >= 0) close(p->lifeline_fd); /* the guard kills what is left of the group */
    free(p->name);
    free(p);
}
