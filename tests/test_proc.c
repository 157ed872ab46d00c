/*
 * test_proc.c - the engine process layer (harness/proc/proc.c) against the
 * scripted mock engine (tests/mock_engine.c) and small sh/awk children:
 *  - handshake, moves, quit, exit texts ("exit 3", "signal 11 (SIGSEGV)");
 *  - read timeouts measured on the clock, also under a storm of signals,
 *    and partial lines kept across a timeout;
 *  - hung engines killed by SIGTERM, engines ignoring SIGTERM by SIGKILL,
 *    and afterwards no process and no zombie;
 *  - start failures with their one-line reasons; working directory;
 *  - stderr file (appended), traffic log format, no descriptor leaks,
 *    no SIGPIPE after the engine exited, over-long lines cut;
 *  - proc_run: exit codes and signals, stdout into a buffer (cut), lines
 *    as they come, a log file for both streams (appended), stderr to a
 *    file (emptied), working directory, variables removed, start failures,
 *    timeouts killed and reaped, no descriptor leaks.
 * Usage: test_proc [MOCK_ENGINE] (default build/release/tests/mock_engine).
 * Linux: descriptor and signal checks read /proc.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "proc/affinity.h"
#include "proc/proc.h"
#include "testhelp.h"

#define DEFAULT_MOCK "build/release/tests/mock_engine"
#define REPLY_MS 3000   /* generous: a reply that should come at once */
#define SLACK_MS 500    /* allowed lateness of a timeout or a kill */
#define MAX_ARGS 16
#define LINE_BYTES 512
#define FD_CYCLES 20

static char mock[PATH_MAX];
static char tmpdir[] = "/tmp/test_proc.XXXXXX";

/* ----------------------------------------------------------------------
 * Helpers
 * -------------------------------------------------------------------- */

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void tmp_path(char *out, size_t len, const char *name)
{
    snprintf(out, len, "%s/%s", tmpdir, name);
}

/* Starts the mock with the given flags (NULL-terminated list). */
static Proc *start_mock_with(const char *const *flags, const char *stderr_path, FILE *log)
{
    char *argv[MAX_ARGS] = {mock};
    int n = 1;
    for (; flags && *flags && n < MAX_ARGS - 1; flags++) argv[n++] = (char *)*flags;
    argv[n] = NULL;
    ProcSpec spec = {mock, argv, NULL, stderr_path, log, "mock", NULL};
    char err[256];
    Proc *p = proc_start(&spec, err, sizeof err);
    CHECK(p != NULL, "cannot start the mock: %s", err);
    return p;
}

static Proc *start_mock(const char *const *flags)
{
    return start_mock_with(flags, NULL, NULL);
}

/* Runs /bin/sh -c script. */
static Proc *start_sh(const char *script, const char *dir)
{
    char *argv[] = {"sh", "-c", (char *)script, NULL};
    ProcSpec spec = {"sh", argv, dir, NULL, NULL, "sh", NULL};
    char err[256];
    Proc *p = proc_start(&spec, err, sizeof err);
    CHECK(p != NULL, "cannot start sh: %s", err);
    return p;
}

/* Reads lines until one starts with prefix (the line is left in buf).
 * Returns PROC_LINE on a match, else what ended the wait. */
static ProcRead read_until(Proc *p, const char *prefix, char *buf, size_t len, int timeout_ms)
{
    int64_t deadline = now_ms() + timeout_ms;
    for (;;) {
        int left = (int)(deadline - now_ms());
        ProcRead r = proc_read_line(p, buf, len, left > 0 ? left : 0);
        if (r != PROC_LINE) return r;
        if (strncmp(buf, prefix, strlen(prefix)) == 0) return PROC_LINE;
    }
}

static bool handshake(Proc *p)
{
    char line[LINE_BYTES];
    bool ok = proc_send(p, "uci") == 0 && read_until(p, "uciok", line, sizeof line, REPLY_MS) == PROC_LINE;
    ok = ok && proc_send(p, "isready") == 0 && read_until(p, "readyok", line, sizeof line, REPLY_MS) == PROC_LINE;
    CHECK(ok, "uci/isready handshake failed");
    return ok;
}

/* Sends go and returns the bestmove text (static), or "" on failure. */
static const char *go(Proc *p)
{
    static char line[LINE_BYTES];
    if (proc_send(p, "go depth 1") != 0) return "";
    if (read_until(p, "bestmove ", line, sizeof line, REPLY_MS) != PROC_LINE) return "";
    return line + strlen("bestmove ");
}

/* Waits (up to REPLY_MS) for proc_exited. */
static bool exits_soon(Proc *p)
{
    int64_t deadline = now_ms() + REPLY_MS;
    while (!proc_exited(p) && now_ms() < deadline) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
    }
    return proc_exited(p);
}

/* The process no longer exists and left no zombie behind. */
static bool is_gone(pid_t pid)
{
    errno = 0;
    bool no_process = kill(pid, 0) == -1 && errno == ESRCH;
    errno = 0;
    bool no_zombie = waitpid(pid, NULL, WNOHANG) == -1 && errno == ECHILD;
    return no_process && no_zombie;
}

/* No child of ours is left, running or zombie. */
static bool no_children(void)
{
    errno = 0;
    return waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD;
}

/* Open descriptors of process pid (0: this one, not counting the
 * directory stream used to count), or -1 without /proc. */
static int count_fds(pid_t pid)
{
    char dir[64];
    if (pid) snprintf(dir, sizeof dir, "/proc/%ld/fd", (long)pid);
    else snprintf(dir, sizeof dir, "/proc/self/fd");
    DIR *d = opendir(dir);
    int n = 0;
    if (!d) return -1;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') n++;
    closedir(d);
    return pid ? n : n - 1;
}

/* Reads a whole small file into buf; returns its length or -1. */
static long slurp(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = '\0';
    fclose(f);
    return (long)n;
}

/* ----------------------------------------------------------------------
 * Tests
 * -------------------------------------------------------------------- */

static void test_handshake_and_moves(void)
{
    Proc *p = start_mock(NULL);
    if (!p) return;
    char line[LINE_BYTES];
    CHECK(proc_send(p, "uci") == 0, "send uci");
    CHECK(proc_read_line(p, line, sizeof line, REPLY_MS) == PROC_LINE && strcmp(line, "id name mock") == 0,
          "first uci line: '%s'", line);
    CHECK(read_until(p, "option name UCI_Variant", line, sizeof line, REPLY_MS) == PROC_LINE, "variant option");
    CHECK(read_until(p, "uciok", line, sizeof line, REPLY_MS) == PROC_LINE && strcmp(line, "uciok") == 0, "uciok");
    CHECK(proc_send(p, "isready") == 0, "send isready");
    CHECK(proc_read_line(p, line, sizeof line, REPLY_MS) == PROC_LINE && strcmp(line, "readyok") == 0,
          "readyok: '%s'", line);
    proc_send(p, "position startpos");
    CHECK(proc_send(p, "go depth 1") == 0, "send go");
    CHECK(proc_read_line(p, line, sizeof line, REPLY_MS) == PROC_LINE
              && strcmp(line, "info depth 1 score cp 0 nodes 1 time 0 pv h2e2") == 0,
          "info line: '%s'", line);
    CHECK(proc_read_line(p, line, sizeof line, REPLY_MS) == PROC_LINE && strcmp(line, "bestmove h2e2") == 0,
          "bestmove: '%s'", line);
    proc_send(p, "position startpos moves h2e2");
    CHECK(strcmp(go(p), "h9g7") == 0, "second move of the list");
    CHECK(!proc_exited(p) && strcmp(proc_exit_text(p), "running") == 0, "still running: %s", proc_exit_text(p));
    int64_t t0 = now_ms();
    proc_stop(p, "quit", 2000);
    CHECK(now_ms() - t0 < 1000, "quit honoured at once (%lld ms)", (long long)(now_ms() - t0));
    CHECK(strcmp(proc_exit_text(p), "exit 0") == 0, "exit text after quit: %s", proc_exit_text(p));
    CHECK(proc_exited(p) && is_gone(proc_pid(p)), "reaped after quit");
    proc_stop(p, "quit", 100); /* twice is harmless */
    CHECK(proc_read_line(p, line, sizeof line, 10) == PROC_EOF, "read after stop is EOF");
    CHECK(proc_send(p, "isready") == -1, "send after stop fails");
    proc_free(p);
}

static void test_long_command(void)
{
    Proc *p = start_mock(NULL);
    if (!p || !handshake(p)) goto done;
    enum { PLIES = 1000 };
    char *cmd = malloc(PLIES * 5 + 32);
    if (!cmd) goto done;
    size_t n = (size_t)sprintf(cmd, "position startpos moves");
    for (int i = 0; i < PLIES; i++) n += (size_t)sprintf(cmd + n, " %s", i % 2 ? "h9g7" : "h2e2");
    CHECK(proc_send(p, "%s", cmd) == 0, "send a %zu-byte command", n);
    free(cmd);
    /* the mock answers moves[plies % 6] = moves[4] */
    CHECK(strcmp(go(p), "i0h0") == 0, "the long command arrived whole");
done:
    proc_free(p);
}

static volatile sig_atomic_t alarms;
static void on_alarm(int sig)
{
    (void)sig;
    alarms++;
}

static void test_read_timeout(void)
{
    const char *flags[] = {"--no-uciok", NULL};
    Proc *p = start_mock(flags);
    if (!p) return;
    char line[LINE_BYTES];
    proc_send(p, "uci");
    int64_t t0 = now_ms();
    ProcRead r = proc_read_line(p, line, sizeof line, 250);
    int64_t took = now_ms() - t0;
    CHECK(r == PROC_TIMEOUT && line[0] == '\0', "silent engine: timeout (got %d '%s')", (int)r, line);
    CHECK(took >= 250 && took < 250 + SLACK_MS, "timeout of 250 ms took %lld ms", (long long)took);
    t0 = now_ms();
    CHECK(proc_read_line(p, line, sizeof line, 0) == PROC_TIMEOUT && now_ms() - t0 < 50, "timeout 0 returns at once");

    /* A signal every 10 ms interrupts poll(): the wait must still last. */
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm; /* no SA_RESTART */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, &old);
    struct itimerval every = {{0, 10000}, {0, 10000}}, off = {{0, 0}, {0, 0}};
    alarms = 0;
    setitimer(ITIMER_REAL, &every, NULL);
    t0 = now_ms();
    r = proc_read_line(p, line, sizeof line, 300);
    took = now_ms() - t0;
    setitimer(ITIMER_REAL, &off, NULL);
    sigaction(SIGALRM, &old, NULL);
    CHECK(r == PROC_TIMEOUT, "timeout under signals (got %d)", (int)r);
    CHECK(took >= 300 && took < 300 + SLACK_MS, "300 ms under signals took %lld ms", (long long)took);
    CHECK(alarms >= 5, "the signals did arrive (%d)", (int)alarms);
    proc_free(p);
}

static void test_partial_line(void)
{
    Proc *p = start_sh("printf abc; sleep 1; printf 'def\\n'", NULL);
    if (!p) return;
    char line[LINE_BYTES];
    CHECK(proc_read_line(p, line, sizeof line, 200) == PROC_TIMEOUT, "half a line is not a line");
    CHECK(proc_read_line(p, line, sizeof line, REPLY_MS) == PROC_LINE && strcmp(line, "abcdef") == 0,
          "the partial line was kept: '%s'", line);
    CHECK(proc_read_line(p, line, sizeof line, REPLY_MS) == PROC_EOF, "EOF after sh exits");
    CHECK(exits_soon(p) && strcmp(proc_exit_text(p), "exit 0") == 0, "sh exit: %s", proc_exit_text(p));
    proc_free(p);
}

static void test_crash_on_go(void)
{
    const char *flags[] = {"--crash-on-go", "2", NULL};
    Proc *p = start_mock(flags);
    if (!p || !handshake(p)) goto done;
    CHECK(strcmp(go(p), "h2e2") == 0, "first go answered");
    char line[LINE_BYTES];
    proc_send(p, "go depth 1");
    ProcRead r = read_until(p, "bestmove", line, sizeof line, REPLY_MS);
    CHECK(r == PROC_EOF, "crash gives EOF (got %d)", (int)r);
    CHECK(proc_exited(p), "crashed engine already reaped at EOF");
    CHECK(strcmp(proc_exit_text(p), "signal 11 (SIGSEGV)") == 0, "crash text: %s", proc_exit_text(p));
    CHECK(proc_send(p, "isready") == -1, "send to a crashed engine fails (and no SIGPIPE)");
    CHECK(proc_error(p)[0] != '\0', "and says why");
    pid_t pid = proc_pid(p);
    proc_stop(p, "quit", 100);
    CHECK(is_gone(pid), "crashed engine gone");
done:
    proc_free(p);
}

static void test_exit_on_go(void)
{
    const char *flags[] = {"--exit-on-go", "1", NULL};
    Proc *p = start_mock(flags);
    if (!p || !handshake(p)) goto done;
    char line[LINE_BYTES];
    proc_send(p, "go depth 1");
    CHECK(read_until(p, "bestmove", line, sizeof line, REPLY_MS) == PROC_EOF, "exit gives EOF");
    CHECK(proc_exited(p) && strcmp(proc_exit_text(p), "exit 3") == 0, "exit text at EOF: %s", proc_exit_text(p));
    for (int i = 0; i < 3; i++) CHECK(proc_send(p, "isready") == -1, "send %d after exit returns -1", i);
done:
    proc_free(p);
}

static void test_exit_at_startup(void)
{
    const char *flags[] = {"--exit-at-startup", NULL};
    Proc *p = start_mock(flags);
    if (!p) return;
    char line[LINE_BYTES];
    proc_send(p, "uci");
    CHECK(read_until(p, "uciok", line, sizeof line, REPLY_MS) == PROC_EOF, "early exit gives EOF");
    CHECK(proc_exited(p) && strcmp(proc_exit_text(p), "exit 1") == 0, "exit text at EOF: %s", proc_exit_text(p));
    proc_free(p);
}

static void test_slow_start(void)
{
    const char *flags[] = {"--slow-start", "400", NULL};
    Proc *p = start_mock(flags);
    if (!p) return;
    char line[LINE_BYTES];
    proc_send(p, "uci");
    CHECK(proc_read_line(p, line, sizeof line, 100) == PROC_TIMEOUT, "slow start: nothing after 100 ms");
    CHECK(proc_read_line(p, line, sizeof line, REPLY_MS) == PROC_LINE && strcmp(line, "id name mock") == 0,
          "slow start: answers later: '%s'", line);
    proc_free(p);
}

static void test_stall_killed(void)
{
    const char *flags[] = {"--stall-after-go", "2", NULL};
    Proc *p = start_mock(flags);
    if (!p || !handshake(p)) goto done;
    CHECK(strcmp(go(p), "h2e2") == 0, "first go answered");
    char line[LINE_BYTES];
    proc_send(p, "go depth 1");
    CHECK(proc_read_line(p, line, sizeof line, 300) == PROC_TIMEOUT, "stalled engine times out");
    pid_t pid = proc_pid(p);
    int64_t t0 = now_ms();
    proc_stop(p, "quit", 200);
    int64_t took = now_ms() - t0;
    CHECK(took >= 200 && took < 200 + SLACK_MS, "SIGTERM after one grace period (%lld ms)", (long long)took);
    CHECK(strcmp(proc_exit_text(p), "signal 15 (SIGTERM)") == 0, "stall text: %s", proc_exit_text(p));
    CHECK(is_gone(pid), "stalled engine gone, no zombie");
done:
    proc_free(p);
}

static void test_ignore_quit_killed(void)
{
    const char *flags[] = {"--ignore-quit", NULL};
    Proc *p = start_mock(flags);
    if (!p || !handshake(p)) goto done;
    pid_t pid = proc_pid(p);
    int64_t t0 = now_ms();
    proc_stop(p, "quit", 300);
    int64_t took = now_ms() - t0;
    CHECK(took >= 600 && took < 600 + SLACK_MS, "SIGKILL after two grace periods (%lld ms)", (long long)took);
    CHECK(strcmp(proc_exit_text(p), "signal 9 (SIGKILL)") == 0, "text: %s", proc_exit_text(p));
    CHECK(is_gone(pid), "stubborn engine gone, no zombie");
done:
    proc_free(p);
}

static void test_free_running(void)
{
    Proc *p = start_mock(NULL);
    if (!p) return;
    pid_t pid = proc_pid(p);
    CHECK(pid > 0, "pid %ld", (long)pid);
    proc_free(p);
    CHECK(is_gone(pid), "proc_free kills and reaps");
    proc_free(NULL);
    proc_stop(NULL, "quit", 10);
    CHECK(proc_exited(NULL) && strcmp(proc_exit_text(NULL), "") == 0 && proc_pid(NULL) == -1, "NULL is harmless");
}

/* proc_start must fail with exactly `want`, leaving no child behind. */
static void expect_start_failure(const ProcSpec *spec, const char *want)
{
    char err[512];
    Proc *p = proc_start(spec, err, sizeof err);
    CHECK(p == NULL, "start of '%s' should fail", spec->cmd ? spec->cmd : "(null)");
    CHECK(strcmp(err, want) == 0, "message '%s', want '%s'", err, want);
    CHECK(no_children(), "no zombie after a failed start of '%s'", spec->cmd ? spec->cmd : "(null)");
    proc_free(p);
}

static void test_start_failures(void)
{
    ProcSpec spec = {"/nonexistent/qibench-engine", NULL, NULL, NULL, NULL, "x", NULL};
    expect_start_failure(&spec, "cannot run '/nonexistent/qibench-engine': No such file or directory");
    spec.cmd = "qibench-no-such-engine";
    expect_start_failure(&spec, "cannot run 'qibench-no-such-engine': No such file or directory");
    char path[PATH_MAX], want[PATH_MAX + 64];
    tmp_path(path, sizeof path, "not-executable");
    FILE *f = fopen(path, "w");
    if (f) fclose(f);
    spec.cmd = path;
    snprintf(want, sizeof want, "cannot run '%s': Permission denied", path);
    expect_start_failure(&spec, want);
    unlink(path);
    spec.cmd = mock;
    spec.dir = "/nonexistent/dir";
    expect_start_failure(&spec, "cannot enter directory '/nonexistent/dir': No such file or directory");
    spec.dir = NULL;
    spec.stderr_path = "/nonexistent/dir/err.log";
    expect_start_failure(&spec, "cannot open stderr file '/nonexistent/dir/err.log': No such file or directory");
    spec.cmd = NULL;
    expect_start_failure(&spec, "no program to run");
    spec.cmd = "/nonexistent/qibench-engine";
    spec.stderr_path = NULL;
    CHECK(proc_start(&spec, NULL, 0) == NULL, "a NULL err buffer is allowed");
}

static void test_working_dir(void)
{
    char real[PATH_MAX], here[PATH_MAX];
    /* the physical path of tmpdir, as `pwd -P` prints it */
    if (!getcwd(here, sizeof here) || chdir(tmpdir) != 0 || !getcwd(real, sizeof real) || chdir(here) != 0) {
        CHECK(false, "cannot resolve %s", tmpdir);
        return;
    }
    Proc *p = start_sh("pwd -P", tmpdir);
    if (!p) return;
    char line[PATH_MAX];
    CHECK(proc_read_line(p, line, sizeof line, REPLY_MS) == PROC_LINE && strcmp(line, real) == 0,
          "child runs in '%s', not '%s'", real, line);
    proc_free(p);
}

/* --use-affinity: the child pinned to spec.cpus between fork and exec (its
 * /proc/self/status says so); a CPU the system lacks: the start fails
 * with one line, no zombie left. */
static void test_affinity(void)
{
    CpuList allowed, one;
    char err[256], line[256], want[64];
    if (affinity_allowed(&allowed, err, sizeof err) != 0) return; /* not Linux */
    one.n = 1;
    one.cpu[0] = allowed.cpu[allowed.n - 1];
    char *argv[] = {"sh", "-c", "grep Cpus_allowed_list: /proc/self/status", NULL};
    ProcSpec spec = {"sh", argv, NULL, NULL, NULL, "sh", &one};
    Proc *p = proc_start(&spec, err, sizeof err);
    CHECK(p != NULL, "cannot start a pinned sh: %s", err);
    snprintf(want, sizeof want, "Cpus_allowed_list:\t%d", one.cpu[0]);
    CHECK(p && proc_read_line(p, line, sizeof line, REPLY_MS) == PROC_LINE && strcmp(line, want) == 0,
          "pinned to CPU %d: '%s'", one.cpu[0], p ? line : "");
    proc_free(p);
    one.cpu[0] = AFFINITY_MAX_CPUS - 1;
    spec.cpus = &one;
    expect_start_failure(&spec, "cannot pin 'sh' to its CPUs (sched_setaffinity): Invalid argument");
}

static void test_stderr_file(void)
{
    char path[PATH_MAX], text[4096];
    tmp_path(path, sizeof path, "engine.err");
    FILE *f = fopen(path, "w");
    if (f) {
        fputs("earlier run\n", f);
        fclose(f);
    }
    const char *flags[] = {"--stderr-noise", NULL};
    Proc *p = start_mock_with(flags, path, NULL);
    if (!p) return;
    char line[LINE_BYTES];
    proc_send(p, "uci");
    bool clean = true;
    while (proc_read_line(p, line, sizeof line, REPLY_MS) == PROC_LINE && strcmp(line, "uciok") != 0)
        if (strncmp(line, "mock:", 5) == 0) clean = false;
    CHECK(clean, "stderr noise stays out of the protocol stream");
    proc_stop(p, "quit", 1000);
    proc_free(p);
    CHECK(slurp(path, text, sizeof text) > 0, "stderr file readable");
    CHECK(strncmp(text, "earlier run\n", 12) == 0, "stderr file appended to, not truncated");
    CHECK(strstr(text, "mock: starting") && strstr(text, "mock: got 'uci'") && strstr(text, "mock: got 'quit'"),
          "engine stderr in the file: '%s'", text);
    unlink(path);

    p = start_mock(flags); /* stderr to /dev/null */
    if (p && handshake(p)) proc_stop(p, "quit", 1000);
    CHECK(p && strcmp(proc_exit_text(p), "exit 0") == 0, "noise to /dev/null is harmless");
    proc_free(p);
}

/* "HH:MM:SS.mmm " */
static bool has_timestamp(const char *s)
{
    static const char shape[] = "99:99:99.999 ";
    for (size_t i = 0; shape[i]; i++) {
        if (shape[i] == '9' ? !(s[i] >= '0' && s[i] <= '9') : s[i] != shape[i]) return false;
    }
    return true;
}

static void test_traffic_log(void)
{
    char path[PATH_MAX];
    tmp_path(path, sizeof path, "traffic.log");
    FILE *log = fopen(path, "w+");
    if (!log) {
        CHECK(false, "cannot create %s", path);
        return;
    }
    Proc *p = start_mock_with(NULL, NULL, log);
    if (p && handshake(p)) proc_stop(p, "quit", 1000);
    proc_free(p);
    rewind(log);
    char line[LINE_BYTES];
    int lines = 0, stamped = 0, uci_at = -1, uciok_at = -1, ready_at = -1, quit_at = -1;
    while (fgets(line, sizeof line, log)) {
        line[strcspn(line, "\n")] = '\0';
        stamped += has_timestamp(line);
        const char *rest = line + strlen("HH:MM:SS.mmm ");
        if (strcmp(rest, "mock > uci") == 0) uci_at = lines;
        if (strcmp(rest, "mock < uciok") == 0) uciok_at = lines;
        if (strcmp(rest, "mock < readyok") == 0) ready_at = lines;
        if (strcmp(rest, "mock > quit") == 0) quit_at = lines;
        lines++;
    }
    fclose(log);
    unlink(path);
    CHECK(lines >= 8 && stamped == lines, "%d of %d log lines have a timestamp", stamped, lines);
    CHECK(uci_at == 0, "first logged line is the sent uci (%d)", uci_at);
    CHECK(uciok_at > uci_at && ready_at > uciok_at && quit_at > ready_at,
          "sent and received lines in order: %d %d %d %d", uci_at, uciok_at, ready_at, quit_at);
}

static void test_no_fd_leak(void)
{
    int before = count_fds(0);
    if (before < 0) {
        printf("SKIP fd leak test: no /proc/self/fd\n");
        return;
    }
    for (int i = 0; i < FD_CYCLES; i++) {
        Proc *p = start_mock(NULL);
        if (p && handshake(p)) proc_stop(p, "quit", 1000);
        proc_free(p);
    }
    ProcSpec bad = {"/nonexistent/qibench-engine", NULL, NULL, NULL, NULL, "x", NULL};
    for (int i = 0; i < 5; i++) proc_free(proc_start(&bad, NULL, 0));
    int after = count_fds(0);
    CHECK(after == before, "descriptors: %d before, %d after %d cycles", before, after, FD_CYCLES);
    CHECK(no_children(), "no child left after the cycles");

    /* A second engine must not inherit the first one's pipes, nor a file
     * the harness opened without close-on-exec, nor anything the harness
     * itself inherited: exactly stdin, stdout and stderr. */
    int plain = open("/dev/null", O_RDONLY);
    Proc *a = start_mock(NULL), *b = start_mock(NULL);
    if (plain >= 0) close(plain);
    if (a && b && handshake(a) && handshake(b)) {
        int want = 3;
        int fds_a = count_fds(proc_pid(a)), fds_b = count_fds(proc_pid(b));
        CHECK(fds_b == want, "second engine has %d descriptors, want %d", fds_b, want);
        CHECK(fds_a == want, "first engine has %d descriptors, want %d", fds_a, want);
    }
    proc_free(a);
    proc_free(b);
}

/* Bit for sig in a /proc/PID/status "SigIgn:" mask, or -1 if unknown. */
static int ignores_signal(pid_t pid, int sig)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
    FILE *f = fopen(path, "r");
    int result = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "SigIgn:", 7) == 0) result = (int)((strtoull(line + 7, NULL, 16) >> (sig - 1)) & 1);
    fclose(f);
    return result;
}

static void test_sigpipe(void)
{
    Proc *p = start_mock(NULL);
    if (!p || !handshake(p)) goto done;
    struct sigaction now;
    sigaction(SIGPIPE, NULL, &now);
    CHECK(now.sa_handler == SIG_IGN, "the harness ignores SIGPIPE");
    int child = ignores_signal(proc_pid(p), SIGPIPE);
    if (child >= 0) CHECK(child == 0, "the engine gets SIGPIPE back at its default");
done:
    proc_free(p);
}

static void test_long_lines(void)
{
    Proc *p = start_sh("awk 'BEGIN { for (i = 0; i < 100000; i++) printf \"x\"; print \"\"; print \"after\" }';"
                       " printf 'a\\r\\nlast'",
                       NULL);
    if (!p) return;
    char small[64];
    ProcRead r = proc_read_line(p, small, sizeof small, REPLY_MS);
    bool all_x = strspn(small, "x") == strlen(small);
    CHECK(r == PROC_LINE && strlen(small) == sizeof small - 1 && all_x, "cut to 63: %zu", strlen(small));
    CHECK(proc_read_line(p, small, sizeof small, REPLY_MS) == PROC_LINE && strcmp(small, "after") == 0,
          "the rest was discarded: '%s'", small);
    CHECK(proc_read_line(p, small, sizeof small, REPLY_MS) == PROC_LINE && strcmp(small, "a") == 0,
          "\\r stripped: '%s'", small);
    CHECK(proc_read_line(p, small, sizeof small, REPLY_MS) == PROC_LINE && strcmp(small, "last") == 0,
          "final unterminated line: '%s'", small);
    CHECK(proc_read_line(p, small, sizeof small, REPLY_MS) == PROC_EOF, "then EOF");
    proc_free(p);

    p = start_sh("awk 'BEGIN { for (i = 0; i < 100000; i++) printf \"y\"; print \"\"; print \"after\" }'", NULL);
    if (!p) return;
    size_t big_len = 200000;
    char *big = malloc(big_len);
    if (big) {
        r = proc_read_line(p, big, big_len, REPLY_MS);
        size_t n = strlen(big);
        CHECK(r == PROC_LINE && n >= 4096 && n < 100000 && strspn(big, "y") == n, "big buffer: cut at %zu", n);
        CHECK(proc_read_line(p, big, big_len, REPLY_MS) == PROC_LINE && strcmp(big, "after") == 0, "then 'after'");
    }
    free(big);
    proc_free(p);
}

static void test_mock_scripts(void)
{
    const char *f1[] = {"--illegal", "1", NULL};
    const char *f2[] = {"--garbage", "1", NULL};
    const char *f3[] = {"--fairy", "--moves", "h2e2,h9g7", NULL};
    Proc *p = start_mock(f1);
    if (p && handshake(p)) CHECK(strcmp(go(p), "a0a9") == 0, "--illegal");
    proc_free(p);
    p = start_mock(f2);
    if (p && handshake(p)) CHECK(strcmp(go(p), "zz99") == 0, "--garbage");
    proc_free(p);
    p = start_mock(f3);
    if (p && handshake(p)) {
        proc_send(p, "position startpos moves h2e2");
        CHECK(strcmp(go(p), "h10g8") == 0, "--fairy --moves");
    }
    proc_free(p);
}

/* ----------------------------------------------------------------------
 * proc_run
 * -------------------------------------------------------------------- */

/* Runs sh -c script with the rest of spec as given; returns proc_run's result. */
static int run_sh(const char *script, ProcRunSpec *spec, int *status, char *err, size_t errlen)
{
    static char *argv[] = {"sh", "-c", NULL, NULL};
    argv[2] = (char *)script;
    spec->argv = argv;
    return proc_run(spec, status, err, errlen);
}

static void test_run_status(void)
{
    ProcRunSpec spec = {0};
    int status = -7;
    char err[256] = "x";
    CHECK(run_sh("exit 0", &spec, &status, err, sizeof err) == 0 && status == 0, "exit 0: status %d", status);
    CHECK(err[0] == '\0', "no error text after a run: '%s'", err);
    CHECK(run_sh("exit 3", &spec, &status, err, sizeof err) == 0 && status == 3, "exit 3: status %d", status);
    CHECK(run_sh("kill -SEGV $$", &spec, &status, err, sizeof err) == 0 && status == 128 + SIGSEGV,
          "killed by SIGSEGV: status %d", status);
    CHECK(run_sh("exit 5", &spec, NULL, NULL, 0) == 0, "exit_status and err may be NULL");
    char *missing[] = {"/nonexistent/qibench-program", NULL};
    ProcRunSpec bad = {.argv = missing};
    CHECK(proc_run(&bad, &status, err, sizeof err) == -1 && strstr(err, "cannot run '/nonexistent/qibench-program'"),
          "a missing program: -1 and '%s'", err);
    ProcRunSpec nodir = {.dir = "/nonexistent-dir"};
    CHECK(run_sh("exit 0", &nodir, &status, err, sizeof err) == -1 && strstr(err, "cannot enter directory"),
          "a missing folder: -1 and '%s'", err);
    ProcRunSpec empty = {0};
    CHECK(proc_run(&empty, &status, err, sizeof err) == -1 && strstr(err, "no program"), "no argv: '%s'", err);
    CHECK(no_children(), "no child left after proc_run");
}

static void test_run_capture(void)
{
    char out[16], big[8], err[256];
    int status;
    ProcRunSpec spec = {.out = out, .out_len = sizeof out, .err_path = "/dev/null"};
    CHECK(run_sh("echo hello; echo world >&2; echo there", &spec, &status, err, sizeof err) == 0
              && strcmp(out, "hello\nthere\n") == 0, "stdout captured, stderr not: '%s'", out);
    spec = (ProcRunSpec){.out = big, .out_len = sizeof big};
    /* 300 KB: more than a pipe holds, so the child blocks unless it is read to the end. */
    CHECK(run_sh("i=0; while [ $i -lt 3000 ]; do echo 0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789; i=$((i+1)); done",
                 &spec, &status, err, sizeof err) == 0 && status == 0 && strcmp(big, "0123456") == 0,
          "a long output is cut to the buffer and read to the end: '%s', status %d", big, status);
    spec = (ProcRunSpec){.out = out, .out_len = sizeof out};
    CHECK(run_sh("true", &spec, &status, err, sizeof err) == 0 && out[0] == '\0', "no output: empty buffer");
    char dir[PATH_MAX];
    spec = (ProcRunSpec){.dir = tmpdir, .out = dir, .out_len = sizeof dir};
    char want[PATH_MAX];
    CHECK(realpath(tmpdir, want) && run_sh("pwd -P", &spec, &status, err, sizeof err) == 0
              && strncmp(dir, want, strlen(want)) == 0 && dir[strlen(want)] == '\n',
          "runs in dir: '%s'", dir);
}

typedef struct {
    int n;
    char text[256];
} Lines;

static void on_line(void *ctx, const char *line, size_t len)
{
    Lines *l = ctx;
    l->n++;
    CHECK(strlen(line) == len, "line length %zu for '%s'", len, line);
    size_t used = strlen(l->text);
    snprintf(l->text + used, sizeof l->text - used, "[%s]", line);
}

static void test_run_lines(void)
{
    Lines lines = {0, ""};
    char err[256];
    int status;
    ProcRunSpec spec = {.on_line = on_line, .ctx = &lines};
    CHECK(run_sh("echo one; sleep 0.05; printf 'two\\nthree'", &spec, &status, err, sizeof err) == 0
              && lines.n == 3 && strcmp(lines.text, "[one\n][two\n][three]") == 0,
          "lines as they come, the last without a newline: %d '%s'", lines.n, lines.text);
}

static void test_run_files(void)
{
    char log[PATH_MAX], errp[PATH_MAX], buf[256], out[64], err[256];
    int status;
    tmp_path(log, sizeof log, "run.log");
    tmp_path(errp, sizeof errp, "run.err");
    ProcRunSpec spec = {.log_path = log};
    run_sh("echo out1; echo err1 >&2", &spec, &status, err, sizeof err);
    run_sh("echo out2; echo err2 >&2", &spec, &status, err, sizeof err);
    CHECK(slurp(log, buf, sizeof buf) > 0 && strcmp(buf, "out1\nerr1\nout2\nerr2\n") == 0,
          "both streams appended to the log: '%s'", buf);
    spec = (ProcRunSpec){.err_path = errp, .out = out, .out_len = sizeof out};
    run_sh("echo first >&2", &spec, &status, err, sizeof err);
    run_sh("echo o; echo second >&2", &spec, &status, err, sizeof err);
    CHECK(slurp(errp, buf, sizeof buf) > 0 && strcmp(buf, "second\n") == 0 && strcmp(out, "o\n") == 0,
          "stderr file emptied at each run: '%s', stdout '%s'", buf, out);
    ProcRunSpec nofile = {.log_path = "/nonexistent-dir/x.log"};
    CHECK(run_sh("true", &nofile, &status, err, sizeof err) == -1 && strstr(err, "cannot open /nonexistent-dir/x.log"),
          "an unwritable log: -1 and '%s'", err);
    unlink(log);
    unlink(errp);
}

static void test_run_env(void)
{
    const char *unset[] = {"QB_TEST_A", "QB_TEST", NULL};
    char out[64], err[256];
    int status;
    setenv("QB_TEST_A", "a", 1);
    setenv("QB_TEST_AB", "ab", 1);
    ProcRunSpec spec = {.out = out, .out_len = sizeof out, .unset_env = unset};
    CHECK(run_sh("echo ${QB_TEST_A-unset} ${QB_TEST_AB-unset}", &spec, &status, err, sizeof err) == 0
              && strcmp(out, "unset ab\n") == 0, "only the named variables removed: '%s'", out);
    spec.unset_env = NULL;
    CHECK(run_sh("echo ${QB_TEST_A-unset}", &spec, &status, err, sizeof err) == 0 && strcmp(out, "a\n") == 0,
          "otherwise inherited: '%s'", out);
    CHECK(getenv("QB_TEST_A") && strcmp(getenv("QB_TEST_A"), "a") == 0, "our own environment is unchanged");
    unsetenv("QB_TEST_A");
    unsetenv("QB_TEST_AB");
}

static void test_run_timeout(void)
{
    char out[64], err[256];
    int status;
    ProcRunSpec spec = {.timeout_ms = 200};
    int64_t t0 = now_ms();
    int rc = run_sh("exec sleep 10", &spec, &status, err, sizeof err);
    int64_t took = now_ms() - t0;
    CHECK(rc == 1 && status == 128 + SIGKILL && strstr(err, "timed out after 200 ms"),
          "a hung program: rc %d, status %d, '%s'", rc, status, err);
    CHECK(took >= 190 && took < 200 + SLACK_MS, "killed at its timeout: %lld ms", (long long)took);
    CHECK(no_children(), "the killed child is reaped");
    spec = (ProcRunSpec){.out = out, .out_len = sizeof out, .timeout_ms = 200};
    rc = run_sh("echo started; exec sleep 10", &spec, &status, err, sizeof err);
    CHECK(rc == 1 && strcmp(out, "started\n") == 0, "timeout while reading: rc %d, output '%s'", rc, out);
    rc = run_sh("exec >&-; exec sleep 10", &spec, &status, err, sizeof err);
    CHECK(rc == 1, "timeout after the output closed: rc %d", rc);
    spec.timeout_ms = 5000;
    t0 = now_ms();
    CHECK(run_sh("echo quick", &spec, &status, err, sizeof err) == 0 && status == 0 && now_ms() - t0 < SLACK_MS,
          "a quick program under a timeout is not kept waiting");
    CHECK(no_children(), "no child left after the timeouts");
}

static void test_run_no_fd_leak(void)
{
    int before = count_fds(0);
    if (before < 0) return;
    char out[64], log[PATH_MAX];
    tmp_path(log, sizeof log, "leak.log");
    ProcRunSpec cap = {.out = out, .out_len = sizeof out}, logged = {.log_path = log}, timed = {.timeout_ms = 50};
    for (int i = 0; i < FD_CYCLES; i++) {
        run_sh("ls /proc/self/fd | wc -l", &cap, NULL, NULL, 0);
        run_sh("true", &logged, NULL, NULL, 0);
        run_sh("exec sleep 5", &timed, NULL, NULL, 0);
    }
    /* sh, ls and wc see 0, 1, 2 (and ls its own directory): the harness's descriptors stay its own. */
    CHECK(atoi(out) == 4, "the child sees only 0, 1, 2: %d entries", atoi(out));
    CHECK(count_fds(0) == before, "descriptors: %d before, %d after", before, count_fds(0));
    unlink(log);
}

/* Finds the mock (made absolute: test_working_dir runs children
 * elsewhere) and makes the scratch directory. Returns false on failure. */
static bool setup(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : DEFAULT_MOCK;
    char here[PATH_MAX];
    if (path[0] == '/' || !getcwd(here, sizeof here)) snprintf(mock, sizeof mock, "%s", path);
    else if (snprintf(mock, sizeof mock, "%s/%s", here, path) >= (int)sizeof mock) mock[0] = '\0';
    if (access(mock, X_OK) != 0) {
        CHECK(false, "mock engine '%s' not found (build it first)", path);
        return false;
    }
    if (!mkdtemp(tmpdir)) {
        CHECK(false, "mkdtemp: %s", strerror(errno));
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    if (!setup(argc, argv)) return TEST_REPORT();
    test_handshake_and_moves();
    test_long_command();
    test_read_timeout();
    test_partial_line();
    test_crash_on_go();
    test_exit_on_go();
    test_exit_at_startup();
    test_slow_start();
    test_stall_killed();
    test_ignore_quit_killed();
    test_free_running();
    test_start_failures();
    test_working_dir();
    test_affinity();
    test_stderr_file();
    test_traffic_log();
    test_no_fd_leak();
    test_sigpipe();
    test_long_lines();
    test_mock_scripts();
    test_run_status();
    test_run_capture();
    test_run_lines();
    test_run_files();
    test_run_env();
    test_run_timeout();
    test_run_no_fd_leak();
    CHECK(no_children(), "no child process left at the end");
    rmdir(tmpdir);
    return TEST_REPORT();
}
