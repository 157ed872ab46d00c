/*
 * regress.c - `qibench regress`: is the working tree's engine a regression
 * against the engine at a base git revision?
 *
 *   Part I    options and usage
 *   Part II   child processes (fork/exec with argument vectors, never a shell)
 *   Part III  git and the two builds
 *   Part IV   bench: node signatures and the speed ratio
 *   Part V    the SPRT match, run as `qibench match` in a child process
 *   Part VI   the verdict, regress.json and the command itself
 *
 * The match runs as a child `qibench match` (this same executable), so this
 * file depends only on match's command line and exit status, not on its code.
 */
#include "regress.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "json.h"
#include "openings.h"
#include "spec.h"
#include "stats.h"

#define PATH_BYTES 1024
#define MAX_RUNS 100
#define MAX_BOOK_WORDS 16
#define LOG_TAIL_LINES 15

/* Exit statuses, also in the usage text and the README. */
enum { REGRESS_PASS = 0, REGRESS_H0 = 1, REGRESS_SETUP = 2, REGRESS_ERROR = 3 };

/* ================================================================ */
/* Part I: options and usage                                        */
/* ================================================================ */

typedef struct {
    const char *base_rev;     /* --base, required */
    const char *repo;         /* --repo, default "." (its git top level is used) */
    const char *candidate;    /* --candidate binary; NULL: build the working tree */
    const char *tc;           /* --tc instead of --nodes */
    const char *variant;      /* --search: Search option and bench variant; NULL: engine default */
    const char *results, *name;
    const char *book[MAX_BOOK_WORDS]; /* --openings KEY=VALUE words; none: the repo's bench.epd */
    int nbook;
    SprtParams sprt;
    long nodes;
    int rounds;               /* 0: one pair per opening at fixed nodes, DEFAULT_TC_ROUNDS with --tc */
    int concurrency, jobs, bench_depth, bench_runs;
    bool keep, no_match;
} RegressOptions;

#define DEFAULT_NODES 5000
#define DEFAULT_TC_ROUNDS 500
#define DEFAULT_BENCH_DEPTH 5
#define DEFAULT_BENCH_RUNS 5
/*
 * Non-regression: H0 "new is 60 normalized Elo worse" against H1 "new is no
 * worse". The window is wide because the default match is short: at fixed
 * nodes a book gives only two distinct games per opening (a repeated pair
 * would replay the same games; 60 for the 30 of bench.epd). That catches a large regression (an
 * evaluation without its piece-square tables: H0 in about 40 games); a finer
 * test (elo0=-10) needs a bigger book or --tc, and thousands of games.
 */
#define DEFAULT_ELO0 -60.0
#define DEFAULT_ELO1 0.0

static void usage(FILE *f)
{
    fprintf(f,
            "usage: qibench regress --base REV [OPTIONS]\n\n"
            "Builds the engine at git revision REV in a temporary directory and the working tree's\n"
            "engine (make bin/xiangqi-engine in the repository), then (a) runs both benches\n"
            "interleaved and compares node signatures and speed, (b) plays an SPRT match new vs base.\n\n"
            "  --base REV           base revision (commit, tag, branch; required)\n"
            "  --repo DIR           git repository (default: the top level of the current directory)\n"
            "  --candidate PATH     test this engine binary instead of building the working tree\n"
            "  --jobs N             make -jN for the builds (default 2)\n"
            "  --bench-depth N      bench depth (default %d)\n"
            "  --bench-runs N       bench runs of each engine, interleaved (default %d)\n"
            "  --search VARIANT     search variant for bench and match (default: the engine's)\n"
            "  --nodes N            match: nodes per move (default %d)\n"
            "  --tc TC              match: time control instead, e.g. 10+0.1 (seconds)\n"
            "  --openings KEY=VALUE...  as in match (default: REPO/positions/xiangqi/openings.epd,\n"
            "                       or bench.epd where there is none)\n"
            "  --rounds N           match: at most N game pairs (default: one per opening at fixed\n"
            "                       nodes, where games are deterministic; %d with --tc)\n"
            "  --concurrency N      match: games at a time (default 1)\n"
            "  --sprt KEY=VALUE...  elo0= elo1= alpha= beta= model=normalized|logistic\n"
            "                       (default elo0=%g elo1=%g alpha=0.05 beta=0.05 model=normalized)\n"
            "  --no-match           bench only\n"
            "  --results DIR        results root (default results); --name RUN (default regress-DATE-TIME)\n"
            "  --keep               keep the temporary base tree and build logs\n\n"
            "Exit status: 0 pass (SPRT accepted H1, or the match ended without accepting H0),\n"
            "1 regression (SPRT accepted H0), 2 usage or setup error (bad revision, failed build),\n"
            "3 error during the run (a bench failed or was not deterministic, the match stopped on errors).\n",
            DEFAULT_BENCH_DEPTH, DEFAULT_BENCH_RUNS, DEFAULT_NODES, DEFAULT_TC_ROUNDS, DEFAULT_ELO0, DEFAULT_ELO1);
}

static bool parse_long(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < min || v > max) return false;
    *out = v;
    return true;
}

/* One SPRT KEY=VALUE onto p; returns 0 or -1. */
static int sprt_set(SprtParams *p, const char *word)
{
    const char *eq = strchr(word, '=');
    if (!eq) return -1;
    const char *value = eq + 1;
    size_t klen = (size_t)(eq - word);
    if (klen == 5 && strncmp(word, "model", 5) == 0) {
        if (strcmp(value, "normalized") == 0) p->model = SPRT_NORMALIZED;
        else if (strcmp(value, "logistic") == 0) p->model = SPRT_LOGISTIC;
        else return -1;
        return 0;
    }
    char *end;
    double v = strtod(value, &end);
    if (end == value || *end || !isfinite(v)) return -1;
    if (klen == 4 && strncmp(word, "elo0", 4) == 0) p->elo0 = v;
    else if (klen == 4 && strncmp(word, "elo1", 4) == 0) p->elo1 = v;
    else if (klen == 5 && strncmp(word, "alpha", 5) == 0) p->alpha = v;
    else if (klen == 4 && strncmp(word, "beta", 4) == 0) p->beta = v;
    else return -1;
    return 0;
}

/* The KEY=VALUE words after --sprt / --openings (up to the next '-' word). */
static int key_words(int argc, char **argv, int *i, RegressOptions *o, bool sprt)
{
    const char *flag = argv[*i];
    for ((*i)++; *i < argc && argv[*i][0] != '-'; (*i)++) {
        if (sprt ? sprt_set(&o->sprt, argv[*i]) != 0 : !strchr(argv[*i], '=') || o->nbook == MAX_BOOK_WORDS) {
            fprintf(stderr, "qibench regress: %s: bad KEY=VALUE '%s'\n", flag, argv[*i]);
            return -1;
        }
        if (!sprt) o->book[o->nbook++] = argv[*i];
    }
    return 0;
}

/* One option with a value at argv[*i]; returns 0 or -1 after printing the error. */
static int value_option(int argc, char **argv, int *i, RegressOptions *o)
{
    const char *flag = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    long v;
    if (!value) return fprintf(stderr, "qibench regress: %s needs a value\n", flag), -1;
    *i += 2;
    if (strcmp(flag, "--base") == 0 && value[0]) o->base_rev = value;
    else if (strcmp(flag, "--repo") == 0 && value[0]) o->repo = value;
    else if (strcmp(flag, "--candidate") == 0 && value[0]) o->candidate = value;
    else if (strcmp(flag, "--tc") == 0 && value[0]) o->tc = value;
    else if (strcmp(flag, "--search") == 0 && value[0]) o->variant = value;
    else if (strcmp(flag, "--results") == 0 && value[0]) o->results = value;
    else if (strcmp(flag, "--name") == 0 && value[0] && !strchr(value, '/')) o->name = value;
    else if (strcmp(flag, "--nodes") == 0 && parse_long(value, 1, 1000000000000L, &v)) o->nodes = v;
    else if (strcmp(flag, "--rounds") == 0 && parse_long(value, 1, 10000000, &v)) o->rounds = (int)v;
    else if (strcmp(flag, "--concurrency") == 0 && parse_long(value, 1, 256, &v)) o->concurrency = (int)v;
    else if (strcmp(flag, "--jobs") == 0 && parse_long(value, 1, 256, &v)) o->jobs = (int)v;
    else if (strcmp(flag, "--bench-depth") == 0 && parse_long(value, 1, 64, &v)) o->bench_depth = (int)v;
    else if (strcmp(flag, "--bench-runs") == 0 && parse_long(value, 1, MAX_RUNS, &v)) o->bench_runs = (int)v;
    else return fprintf(stderr, "qibench regress: bad option %s %s (see qibench regress --help)\n", flag, value), -1;
    return 0;
}

/* Fills o from argv; returns 0, 1 after --help, or -1 after printing the error. */
static int parse_options(int argc, char **argv, RegressOptions *o)
{
    bool nodes_given = false;
    *o = (RegressOptions){.repo = ".", .results = "results", .nodes = DEFAULT_NODES, .concurrency = 1, .jobs = 2,
                          .bench_depth = DEFAULT_BENCH_DEPTH, .bench_runs = DEFAULT_BENCH_RUNS,
                          .sprt = {DEFAULT_ELO0, DEFAULT_ELO1, 0.05, 0.05, SPRT_NORMALIZED}};
    for (int i = 1; i < argc;) {
        const char *flag = argv[i];
        int rc = 0;
        if (strcmp(flag, "--help") == 0 || strcmp(flag, "-h") == 0) return usage(stdout), 1;
        if (strcmp(flag, "--keep") == 0) o->keep = true, i++;
        else if (strcmp(flag, "--no-match") == 0) o->no_match = true, i++;
        else if (strcmp(flag, "--sprt") == 0) rc = key_words(argc, argv, &i, o, true);
        else if (strcmp(flag, "--openings") == 0) rc = key_words(argc, argv, &i, o, false);
        else if (strncmp(flag, "--", 2) == 0) {
            nodes_given |= strcmp(flag, "--nodes") == 0;
            rc = value_option(argc, argv, &i, o);
        } else {
            fprintf(stderr, "qibench regress: unexpected argument '%s' (see qibench regress --help)\n", flag);
            return -1;
        }
        if (rc) return -1;
    }
    char err[256];
    TimeControl tc;
    if (!o->base_rev) return fprintf(stderr, "qibench regress: --base REV is required (see qibench regress --help)\n"), -1;
    if (o->tc && nodes_given) return fprintf(stderr, "qibench regress: give --nodes or --tc, not both\n"), -1;
    if (o->tc && spec_parse_tc(o->tc, &tc) != 0) return fprintf(stderr, "qibench regress: bad --tc '%s'\n", o->tc), -1;
    if (stats_sprt_check(&o->sprt, err, sizeof err)) return fprintf(stderr, "qibench regress: --sprt: %s\n", err), -1;
    return 0;
}

/* ================================================================ */
/* Part II: child processes                                         */
/* ================================================================ */

/*
 * Starts argv (argv[0] looked up in PATH) with standard output and error on
 * out_fd / err_fd (-1: inherited). With clean_make, make's variables from a
 * calling make (MAKEFLAGS, MAKEOVERRIDES, ...) are removed, so both builds use
 * the Makefile's defaults. Returns the pid, or -1 with the error printed.
 */
static pid_t child_start(char *const argv[], int out_fd, int err_fd, bool clean_make)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "qibench regress: fork for %s: %s\n", argv[0], strerror(errno));
        return -1;
    }
    if (pid == 0) {
        if ((out_fd >= 0 && dup2(out_fd, STDOUT_FILENO) < 0) || (err_fd >= 0 && dup2(err_fd, STDERR_FILENO) < 0))
            _exit(127);
        if (clean_make) {
            unsetenv("MAKEFLAGS");
            unsetenv("MFLAGS");
            unsetenv("MAKELEVEL");
            unsetenv("MAKEOVERRIDES");
        }
        execvp(argv[0], argv);
        dprintf(STDERR_FILENO, "qibench regress: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    return pid;
}

/* Waits for pid. Returns its exit status, 128 + the signal that killed it,
 * or -1 if waitpid failed (printed). */
static int child_wait(pid_t pid, const char *what)
{
    int st;
    while (waitpid(pid, &st, 0) < 0) {
        if (errno == EINTR) continue;
        fprintf(stderr, "qibench regress: waiting for %s: %s\n", what, strerror(errno));
        return -1;
    }
    return WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
}

/* "exit status N" or "killed by signal N" for a child_wait result. */
static const char *status_text(int status, char *buf, size_t len)
{
    if (status > 128) snprintf(buf, len, "killed by signal %d", status - 128);
    else snprintf(buf, len, "exit status %d", status);
    return buf;
}

static int cloexec_pipe(int fds[2])
{
    if (pipe(fds) < 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

/* Runs argv with stdout and stderr appended to log_path. Returns the child_wait
 * result, or -1 with the error printed. */
static int run_logged(char *const argv[], const char *log_path, bool clean_make)
{
    int fd = open(log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    if (fd < 0) return fprintf(stderr, "qibench regress: cannot open %s: %s\n", log_path, strerror(errno)), -1;
    pid_t pid = child_start(argv, fd, fd, clean_make);
    close(fd);
    return pid < 0 ? -1 : child_wait(pid, argv[0]);
}

/* Runs argv with stdout read into out (NUL-terminated, truncated to len - 1)
 * and stderr on err_fd (-1: inherited). Returns the child_wait result or -1. */
static int run_capture(char *const argv[], char *out, size_t len, int err_fd)
{
    int fds[2];
    if (cloexec_pipe(fds)) return fprintf(stderr, "qibench regress: pipe: %s\n", strerror(errno)), -1;
    pid_t pid = child_start(argv, fds[1], err_fd, false);
    close(fds[1]);
    size_t used = 0;
    char scratch[4096];
    for (;;) {
        char *dst = used + 1 < len ? out + used : scratch;
        size_t room = used + 1 < len ? len - 1 - used : sizeof scratch;
        ssize_t n = read(fds[0], dst, room);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        if (dst == out + used) used += (size_t)n;
    }
    close(fds[0]);
    out[used] = '\0';
    return pid < 0 ? -1 : child_wait(pid, argv[0]);
}

/* Prints the last lines of a log file to stderr, indented. */
static void print_log_tail(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) return;
    char ring[LOG_TAIL_LINES][256];
    int n = 0;
    while (fgets(ring[n % LOG_TAIL_LINES], sizeof ring[0], f)) n++;
    fclose(f);
    for (int i = n > LOG_TAIL_LINES ? n - LOG_TAIL_LINES : 0; i < n; i++) {
        const char *line = ring[i % LOG_TAIL_LINES];
        fprintf(stderr, "  | %s%s", line, strchr(line, '\n') ? "" : "\n");
    }
}

/* ================================================================ */
/* Part III: git and the two builds                                 */
/* ================================================================ */

/* Runs `git -C dir ARGS...` and keeps the first line of its output in out.
 * Returns 0, or -1 (git's own message is on stderr). */
static int git_line(const char *dir, char *out, size_t len, const char *a1, const char *a2, const char *a3)
{
    char *argv[] = {"git", "-C", (char *)dir, (char *)a1, (char *)a2, (char *)a3, NULL};
    int status = run_capture(argv, out, len, -1);
    out[strcspn(out, "\n")] = '\0';
    return status == 0 && out[0] ? 0 : -1;
}

/* Extracts commit into dir with `git archive` (tracked files only) and tar.
 * Returns 0 or -1 with the error printed. */
static int extract_commit(const char *repo, const char *commit, const char *tmp, const char *dir)
{
    char tarball[PATH_BYTES], logp[PATH_BYTES], buf[64];
    snprintf(tarball, sizeof tarball, "%.900s/base.tar", tmp);
    snprintf(logp, sizeof logp, "%.900s/extract.log", tmp);
    char *archive[] = {"git", "-C", (char *)repo, "archive", "--format=tar", "-o", tarball, (char *)commit, NULL};
    char *untar[] = {"tar", "-x", "-f", tarball, "-C", (char *)dir, NULL};
    if (mkdir(dir, 0777) < 0) return fprintf(stderr, "qibench regress: cannot create %s: %s\n", dir, strerror(errno)), -1;
    int status = run_logged(archive, logp, false);
    if (status == 0) status = run_logged(untar, logp, false);
    if (status != 0) {
        fprintf(stderr, "qibench regress: extracting %s into %s failed (%s)\n", commit, dir,
                status < 0 ? "could not run" : status_text(status, buf, sizeof buf));
        print_log_tail(logp);
        return -1;
    }
    unlink(tarball);
    return 0;
}

/* `make -C dir -jN bin/xiangqi-engine`, output to log_path. Returns 0, or -1
 * with the error and the log's last lines printed. */
static int build_engine(const char *dir, int jobs, const char *log_path, const char *what)
{
    char jflag[16], buf[64];
    const char *make = getenv("MAKE") && getenv("MAKE")[0] ? getenv("MAKE") : "make";
    snprintf(jflag, sizeof jflag, "-j%d", jobs);
    char *argv[] = {(char *)make, "-C", (char *)dir, jflag, "bin/xiangqi-engine", NULL};
    fprintf(stderr, "regress: building %s (make -C %s %s bin/xiangqi-engine)\n", what, dir, jflag);
    int status = run_logged(argv, log_path, true);
    if (status == 0) return 0;
    fprintf(stderr, "qibench regress: building %s failed (%s); the end of %s:\n", what,
            status < 0 ? "could not run make" : status_text(status, buf, sizeof buf), log_path);
    print_log_tail(log_path);
    return -1;
}

/* Removes the temporary tree with `rm -rf`. */
static void remove_tree(const char *dir)
{
    char *argv[] = {"rm", "-rf", "--", (char *)dir, NULL};
    pid_t pid = child_start(argv, -1, -1, false);
    if (pid < 0 || child_wait(pid, "rm") != 0) fprintf(stderr, "qibench regress: could not remove %s\n", dir);
}

/* ================================================================ */
/* Part IV: bench                                                   */
/* ================================================================ */

typedef struct {
    const char *label;         /* "base" or "new" */
    const char *path;          /* engine binary */
    uint64_t nodes[MAX_RUNS];  /* "Nodes searched" per run */
    double nps[MAX_RUNS];      /* nodes per second of the bench process's CPU time (user + system) */
    double wall_nps[MAX_RUNS]; /* nodes * 1000 / the engine's "Total time (ms)" */
} BenchSide;

typedef struct {
    BenchSide side[2];         /* [0] base, [1] new */
    int runs, depth;
    bool deterministic[2];     /* same node count in every run of that engine */
    double ratio_mean, ratio_sd, ratio_min, ratio_max; /* new/base CPU nps over the runs */
    double wall_ratio_mean;    /* the same from the engines' own wall-clock times */
} BenchReport;

/* The number after "label :" at the start of a line of text; false if absent. */
static bool bench_field(const char *text, const char *label, uint64_t *out)
{
    size_t n = strlen(label);
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        if (strncmp(p, label, n) != 0) continue;
        p += n;
        p += strspn(p, " ");
        if (*p++ != ':') return false;
        char *end;
        errno = 0;
        unsigned long long v = strtoull(p, &end, 10);
        if (errno || end == p || (*end && *end != '\n' && *end != '\r')) return false;
        *out = v;
        return true;
    }
    return false;
}

/* User + system CPU seconds of the waited-for children so far. */
static double children_cpu(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_CHILDREN, &ru) != 0) return 0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec
           + ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) / 1e6;
}

/*
 * One `ENGINE bench DEPTH [VARIANT]` run into side->nodes/nps/wall_nps[run].
 * Speed is nodes per CPU second of the bench process (getrusage of the
 * waited-for child), which a busy machine disturbs far less than wall-clock
 * time. Returns 0 or -1 with the error printed (the engine's stderr is in
 * err_path).
 */
static int bench_once(BenchSide *side, int run, int depth, const char *variant, const char *err_path)
{
    char out[4096], dbuf[16], sbuf[64];
    snprintf(dbuf, sizeof dbuf, "%d", depth);
    char *argv[] = {(char *)side->path, "bench", dbuf, (char *)variant, NULL};
    int fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return fprintf(stderr, "qibench regress: cannot open %s: %s\n", err_path, strerror(errno)), -1;
    double cpu0 = children_cpu();
    int status = run_capture(argv, out, sizeof out, fd);
    double cpu = children_cpu() - cpu0;
    close(fd);
    uint64_t nodes, ms;
    if (status != 0) {
        fprintf(stderr, "qibench regress: %s bench failed (%s): %s bench %s\n", side->label,
                status < 0 ? "could not run" : status_text(status, sbuf, sizeof sbuf), side->path, dbuf);
        print_log_tail(err_path);
        return -1;
    }
    if (!bench_field(out, "Nodes searched", &nodes) || !bench_field(out, "Total time (ms)", &ms))
        return fprintf(stderr, "qibench regress: %s bench printed no \"Nodes searched\" / \"Total time (ms)\" line\n",
                       side->label), -1;
    side->nodes[run] = nodes;
    side->wall_nps[run] = (double)nodes * 1000.0 / (double)(ms > 0 ? ms : 1);
    side->nps[run] = (double)nodes / (cpu > 1e-6 ? cpu : 1e-6);
    return 0;
}

/* Mean, sample standard deviation, min and max of the per-run speed ratios. */
static void bench_ratios(BenchReport *r)
{
    double sum = 0, sq = 0;
    r->ratio_min = INFINITY, r->ratio_max = -INFINITY;
    for (int i = 0; i < r->runs; i++) {
        double q = r->side[1].nps[i] / r->side[0].nps[i];
        sum += q;
        r->ratio_min = fmin(r->ratio_min, q);
        r->ratio_max = fmax(r->ratio_max, q);
    }
    r->ratio_mean = sum / r->runs;
    for (int i = 0; i < r->runs; i++) {
        double d = r->side[1].nps[i] / r->side[0].nps[i] - r->ratio_mean;
        sq += d * d;
    }
    r->ratio_sd = r->runs > 1 ? sqrt(sq / (r->runs - 1)) : 0;
    sum = 0;
    for (int i = 0; i < r->runs; i++) sum += r->side[1].wall_nps[i] / r->side[0].wall_nps[i];
    r->wall_ratio_mean = sum / r->runs;
}

enum { BENCH_OK = 0, BENCH_VARIES = -1, BENCH_FAILED = -2 };

/*
 * Runs both benches `runs` times, interleaved and alternating which goes
 * first (base,new then new,base, ...) so that a drift in machine speed falls
 * on both alike. Returns BENCH_OK, BENCH_FAILED if a run failed, or
 * BENCH_VARIES if an engine gave different node counts in two runs (printed).
 */
static int bench_compare(BenchReport *r, const RegressOptions *o, const char *tmp)
{
    char err_path[PATH_BYTES];
    snprintf(err_path, sizeof err_path, "%.900s/bench.stderr", tmp);
    for (int i = 0; i < r->runs; i++) {
        for (int k = 0; k < 2; k++) {
            BenchSide *s = &r->side[(i + k) % 2];
            if (bench_once(s, i, r->depth, o->variant, err_path)) return BENCH_FAILED;
        }
        fprintf(stderr, "regress: bench run %d/%d: base %.0f, new %.0f nodes per CPU second\n", i + 1, r->runs,
                r->side[0].nps[i], r->side[1].nps[i]);
    }
    int rc = BENCH_OK;
    for (int k = 0; k < 2; k++) {
        r->deterministic[k] = true;
        for (int i = 1; i < r->runs; i++)
            if (r->side[k].nodes[i] != r->side[k].nodes[0]) r->deterministic[k] = false;
        if (!r->deterministic[k]) {
            fprintf(stderr, "qibench regress: %s bench is not deterministic: %llu nodes in run 1, other counts later\n",
                    r->side[k].label, (unsigned long long)r->side[k].nodes[0]);
            rc = BENCH_VARIES;
        }
    }
    bench_ratios(r);
    return rc;
}

static double mean_of(const double *v, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s / n;
}

static void bench_print(const BenchReport *r)
{
    printf("\nbench (depth %d, %d runs of each engine, interleaved):\n", r->depth, r->runs);
    for (int k = 0; k < 2; k++)
        printf("  %-4s nodes %llu%s, %.0f nodes per CPU second (mean)\n", r->side[k].label,
               (unsigned long long)r->side[k].nodes[0], r->deterministic[k] ? "" : " (NOT the same in every run)",
               mean_of(r->side[k].nps, r->runs));
    if (r->side[0].nodes[0] == r->side[1].nodes[0])
        printf("  signature: identical, no functional change\n");
    else
        printf("  signature: changed (base %llu, new %llu): a functional change\n",
               (unsigned long long)r->side[0].nodes[0], (unsigned long long)r->side[1].nodes[0]);
    printf("  speed new/base: %.3f +/- %.3f (mean +/- sd of %d per-run ratios of nodes per CPU second; min %.3f, "
           "max %.3f; wall clock %.3f)\n",
           r->ratio_mean, r->ratio_sd, r->runs, r->ratio_min, r->ratio_max, r->wall_ratio_mean);
    printf("Bench: %llu\n", (unsigned long long)r->side[1].nodes[0]);
}

/* ================================================================ */
/* Part V: the match                                                */
/* ================================================================ */

/* The book's KEY=VALUE words (the user's, or the repository's
 * positions/xiangqi/openings.epd, or its bench.epd when it has none) and how
 * many openings it holds; returns the count, or -1 with the error printed. */
static int book_words(const RegressOptions *o, const char *top, char words[][PATH_BYTES], int *nwords)
{
    BookOptions b = {game_default(), NULL, BOOK_EPD, ORDER_SEQUENTIAL, 0, 0, 1};
    OpeningBook book;
    char err[512];
    long v;
    *nwords = 0;
    if (o->nbook == 0) {
        char path[PATH_BYTES];
        snprintf(path, sizeof path, "%.900s/positions/xiangqi/openings.epd", top);
        if (access(path, R_OK) != 0) snprintf(path, sizeof path, "%.900s/positions/xiangqi/bench.epd", top);
        snprintf(words[(*nwords)++], PATH_BYTES, "file=%.1000s", path);
        snprintf(words[(*nwords)++], PATH_BYTES, "format=epd");
    }
    for (int i = 0; i < o->nbook; i++) snprintf(words[(*nwords)++], PATH_BYTES, "%s", o->book[i]);
    for (int i = 0; i < *nwords; i++) {
        const char *w = words[i], *value = strchr(w, '=') + 1;
        if (strncmp(w, "file=", 5) == 0) b.file = value;
        else if (strcmp(w, "format=pgn") == 0) b.format = BOOK_PGN;
        else if (strncmp(w, "plies=", 6) == 0 && parse_long(value, 0, OPENING_MAX_PLIES, &v)) b.plies = (int)v;
        else if (strncmp(w, "start=", 6) == 0 && parse_long(value, 1, 1000000, &v)) b.start = (int)v;
    }
    if (book_load(&b, &book, err, sizeof err)) return fprintf(stderr, "qibench regress: --openings: %s\n", err), -1;
    int count = book.count;
    book_free(&book);
    return count;
}

typedef struct {
    int status;          /* qibench match's child_wait result */
    char sprt[256];      /* its last "SPRT ..." line, or "" */
    char result[256];    /* its "new vs base: ..." line, or "" */
} MatchReport;

/* Copies the match's stdout to ours line by line, keeping the lines the verdict needs. */
static void match_tee(int fd, MatchReport *m)
{
    FILE *in = fdopen(fd, "r");
    if (!in) {
        close(fd);
        return;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, in)) != -1) {
        fwrite(line, 1, (size_t)n, stdout);
        fflush(stdout);
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "SPRT", 4) == 0) snprintf(m->sprt, sizeof m->sprt, "%s", line);
        if (strncmp(line, "new vs base:", 12) == 0) snprintf(m->result, sizeof m->result, "%s", line);
    }
    free(line);
    fclose(in);
}

/* The `qibench match` command line and the buffers its words live in. */
typedef struct {
    char ebase[PATH_BYTES + 48], enew[PATH_BYTES + 48], limit[64], each[128], rounds[32], conc[16];
    char elo0[40], elo1[40], alpha[40], beta[40];
    char *argv[64];
} MatchArgs;

/* Fills a->argv: new (first, so Elo and SPRT are from its side) against base. */
static void match_args(MatchArgs *a, const RegressOptions *o, const char *self, const char *base, const char *cand,
                       char (*words)[PATH_BYTES], int nwords, int rounds, const char *run_name)
{
    int n = 0;
    snprintf(a->enew, sizeof a->enew, "cmd=%.1000s", cand);
    snprintf(a->ebase, sizeof a->ebase, "cmd=%.1000s", base);
    if (o->tc) snprintf(a->limit, sizeof a->limit, "tc=%.50s", o->tc);
    else snprintf(a->limit, sizeof a->limit, "nodes=%ld", o->nodes);
    snprintf(a->each, sizeof a->each, "option.Search=%.100s", o->variant ? o->variant : "");
    snprintf(a->rounds, sizeof a->rounds, "%d", rounds);
    snprintf(a->conc, sizeof a->conc, "%d", o->concurrency);
    snprintf(a->elo0, sizeof a->elo0, "elo0=%.17g", o->sprt.elo0);
    snprintf(a->elo1, sizeof a->elo1, "elo1=%.17g", o->sprt.elo1);
    snprintf(a->alpha, sizeof a->alpha, "alpha=%.17g", o->sprt.alpha);
    snprintf(a->beta, sizeof a->beta, "beta=%.17g", o->sprt.beta);
    char *head[] = {(char *)self, "match", "-engine", "name=new", a->enew, "-engine", "name=base", a->ebase,
                    "-each", a->limit};
    for (size_t i = 0; i < sizeof head / sizeof *head; i++) a->argv[n++] = head[i];
    if (o->variant) a->argv[n++] = a->each;
    a->argv[n++] = "--openings";
    for (int i = 0; i < nwords; i++) a->argv[n++] = words[i];
    char *tail[] = {"--rounds", a->rounds, "--concurrency", a->conc, "--sprt", a->elo0, a->elo1, a->alpha, a->beta,
                    o->sprt.model == SPRT_LOGISTIC ? "model=logistic" : "model=normalized",
                    "--results", (char *)o->results, "--name", (char *)run_name, NULL};
    for (size_t i = 0; i < sizeof tail / sizeof *tail; i++) a->argv[n++] = tail[i];
}

/* Runs `qibench match` (self) new against base with count openings in the
 * book, its stdout copied to ours. Returns 0 with m filled, or -1 if it could
 * not be started (printed). */
static int match_run_child(const RegressOptions *o, const char *self, const char *base, const char *cand,
                           char (*words)[PATH_BYTES], int nwords, int count, const char *run_name, MatchReport *m)
{
    static MatchArgs a;
    int rounds = o->rounds ? o->rounds : o->tc ? DEFAULT_TC_ROUNDS : count;
    if (!o->tc && rounds > count)
        fprintf(stderr, "regress: warning: %d rounds but %d openings: at fixed nodes the pairs after %d repeat games\n",
                rounds, count, count);
    match_args(&a, o, self, base, cand, words, nwords, rounds, run_name);
    printf("\nmatch: new vs base, %s per move, at most %d game pairs, SPRT elo0 %g elo1 %g (%s)\n", a.limit, rounds,
           o->sprt.elo0, o->sprt.elo1, o->sprt.model == SPRT_LOGISTIC ? "logistic" : "normalized");
    int fds[2];
    if (cloexec_pipe(fds)) return fprintf(stderr, "qibench regress: pipe: %s\n", strerror(errno)), -1;
    pid_t pid = child_start(a.argv, fds[1], -1, false);
    close(fds[1]);
    match_tee(fds[0], m);
    if (pid < 0) return -1;
    m->status = child_wait(pid, "qibench match");
    return 0;
}

/* ================================================================ */
/* Part VI: verdict, regress.json, the command                      */
/* ================================================================ */

typedef struct {
    char top[PATH_BYTES];        /* repository top level */
    char commit[64];             /* full hash of --base */
    char describe[128];          /* the candidate: `git describe --always --dirty` or the path */
    char tmp[PATH_BYTES];        /* temporary directory */
    char base_bin[PATH_BYTES + 32], new_bin[2 * PATH_BYTES + 32];
    char run_dir[PATH_BYTES + 256], run_name[128];
    char book[MAX_BOOK_WORDS + 2][PATH_BYTES]; /* --openings words for the match */
    int nbook, book_count;       /* the words, and the openings in the book */
    BenchReport bench;
    bool bench_ok, match_ran;
    MatchReport match;
} RegressRun;

/* What the match's status and SPRT line say; sets *status. */
static const char *verdict(const RegressRun *r, int *status)
{
    const MatchReport *m = &r->match;
    size_t n = strlen(m->sprt);
    *status = r->bench_ok ? REGRESS_PASS : REGRESS_ERROR;
    if (!r->match_ran) return r->bench_ok ? "pass (bench only)" : "error: a bench failed or was not deterministic";
    if (m->status == 2) return *status = REGRESS_SETUP, "error: qibench match failed to set up (exit status 2)";
    if (m->status != 0 && m->status != 1) return *status = REGRESS_ERROR, "error: the match stopped on errors";
    if (!r->bench_ok) return "error: a bench was not deterministic";
    if (m->status == 1) return *status = REGRESS_H0, "regression (SPRT accepted H0)";
    if (n >= 3 && strcmp(m->sprt + n - 3, " H1") == 0) return "pass (SPRT accepted H1)";
    return "pass (no regression found: the SPRT did not decide within the rounds)";
}

static void write_json(const RegressRun *r, const RegressOptions *o, const char *text, int status)
{
    char path[PATH_BYTES + 300];
    snprintf(path, sizeof path, "%.1200s/regress.json", r->run_dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "qibench regress: cannot write %s: %s\n", path, strerror(errno));
        return;
    }
    const BenchReport *b = &r->bench;
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_string(&j, "base", o->base_rev);
    json_string(&j, "base_commit", r->commit);
    json_string(&j, "candidate", r->describe);
    json_begin_object(&j, "bench");
    json_int(&j, "depth", b->depth);
    json_int(&j, "runs", b->runs);
    json_bool(&j, "ok", r->bench_ok);
    json_uint(&j, "base_nodes", b->side[0].nodes[0]);
    json_uint(&j, "new_nodes", b->side[1].nodes[0]);
    json_bool(&j, "same_signature", r->bench_ok && b->side[0].nodes[0] == b->side[1].nodes[0]);
    json_double(&j, "speed_ratio", r->bench_ok ? b->ratio_mean : NAN);
    json_double(&j, "speed_ratio_sd", r->bench_ok ? b->ratio_sd : NAN);
    json_double(&j, "speed_ratio_min", r->bench_ok ? b->ratio_min : NAN);
    json_double(&j, "speed_ratio_max", r->bench_ok ? b->ratio_max : NAN);
    json_double(&j, "wall_speed_ratio", r->bench_ok ? b->wall_ratio_mean : NAN);
    json_begin_array(&j, "base_nps");
    for (int i = 0; i < b->runs; i++) json_double(&j, NULL, b->side[0].nps[i]);
    json_end_array(&j);
    json_begin_array(&j, "new_nps");
    for (int i = 0; i < b->runs; i++) json_double(&j, NULL, b->side[1].nps[i]);
    json_end_array(&j);
    json_end_object(&j);
    json_begin_object(&j, "match");
    json_bool(&j, "ran", r->match_ran);
    json_int(&j, "status", r->match.status);
    json_string(&j, "result", r->match.result[0] ? r->match.result : NULL);
    json_string(&j, "sprt", r->match.sprt[0] ? r->match.sprt : NULL);
    json_end_object(&j);
    json_string(&j, "verdict", text);
    json_int(&j, "exit_status", status);
    json_end_object(&j);
    if (json_write_line(&j, f) | fclose(f)) fprintf(stderr, "qibench regress: cannot write %s\n", path);
    json_free(&j);
}

/* mkdir -p; returns 0 or -1 with errno. */
static int make_dirs(const char *path)
{
    char buf[PATH_BYTES + 300];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0777) && errno != EEXIST) return -1;
            *p = '/';
        }
    return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

/* Resolves the repository, the base commit, the candidate and the run folder;
 * creates the temporary directory. Returns 0 or -1 (printed). */
static int setup(RegressRun *r, const RegressOptions *o)
{
    char spec[300];
    if (git_line(o->repo, r->top, sizeof r->top, "rev-parse", "--show-toplevel", NULL))
        return fprintf(stderr, "qibench regress: %s is not inside a git repository\n", o->repo), -1;
    snprintf(spec, sizeof spec, "%.280s^{commit}", o->base_rev);
    if (git_line(r->top, r->commit, sizeof r->commit, "rev-parse", "--verify", spec))
        return fprintf(stderr, "qibench regress: --base %s is not a commit in %s\n", o->base_rev, r->top), -1;
    if ((r->book_count = book_words(o, r->top, r->book, &r->nbook)) < 0) return -1;
    if (o->candidate) {
        char cwd[PATH_BYTES];
        if (access(o->candidate, X_OK) != 0 || (o->candidate[0] != '/' && !getcwd(cwd, sizeof cwd)))
            return fprintf(stderr, "qibench regress: --candidate %s: %s\n", o->candidate, strerror(errno)), -1;
        /* Absolute, so that exec does not look a bare name up in PATH. */
        snprintf(r->new_bin, sizeof r->new_bin, "%.1000s%s%.1000s", o->candidate[0] == '/' ? "" : cwd,
                 o->candidate[0] == '/' ? "" : "/", o->candidate);
        snprintf(r->describe, sizeof r->describe, "%.120s", o->candidate);
    } else if (git_line(r->top, r->describe, sizeof r->describe, "describe", "--always", "--dirty")) {
        snprintf(r->describe, sizeof r->describe, "working tree");
    }
    time_t t = time(NULL);
    strftime(r->run_name, sizeof r->run_name, "regress-%Y%m%d-%H%M%S", localtime(&t));
    if (o->name) snprintf(r->run_name, sizeof r->run_name, "%.120s", o->name);
    snprintf(r->run_dir, sizeof r->run_dir, "%.900s/%s", o->results, r->run_name);
    const char *tmpdir = getenv("TMPDIR") && getenv("TMPDIR")[0] ? getenv("TMPDIR") : "/tmp";
    snprintf(r->tmp, sizeof r->tmp, "%.900s/qibench-regress-XXXXXX", tmpdir);
    if (!mkdtemp(r->tmp)) return fprintf(stderr, "qibench regress: mkdtemp %s: %s\n", r->tmp, strerror(errno)), -1;
    return 0;
}

/* Builds base (and the candidate unless --candidate). Returns 0 or -1 (printed). */
static int build_both(RegressRun *r, const RegressOptions *o)
{
    char dir[PATH_BYTES + 16], logp[PATH_BYTES + 32], what[128];
    snprintf(dir, sizeof dir, "%.900s/base", r->tmp);
    if (extract_commit(r->top, r->commit, r->tmp, dir)) return -1;
    snprintf(logp, sizeof logp, "%.900s/build-base.log", r->tmp);
    snprintf(what, sizeof what, "base %.12s", r->commit);
    if (build_engine(dir, o->jobs, logp, what)) return -1;
    snprintf(r->base_bin, sizeof r->base_bin, "%.900s/bin/xiangqi-engine", dir);
    if (o->candidate) return 0; /* new_bin is set by setup */
    snprintf(logp, sizeof logp, "%.900s/build-new.log", r->tmp);
    snprintf(what, sizeof what, "new (%.100s)", r->describe);
    if (build_engine(r->top, o->jobs, logp, what)) return -1;
    snprintf(r->new_bin, sizeof r->new_bin, "%.900s/bin/xiangqi-engine", r->top);
    return 0;
}

/* The path of this executable, for the `qibench match` child. */
static int self_path(char *out, size_t len)
{
    ssize_t n = readlink("/proc/self/exe", out, len - 1);
    if (n <= 0) return fprintf(stderr, "qibench regress: cannot read /proc/self/exe: %s\n", strerror(errno)), -1;
    out[n] = '\0';
    return 0;
}

int regress_command(int argc, char **argv)
{
    RegressOptions o;
    static RegressRun r;
    char self[PATH_BYTES];
    int pr = parse_options(argc, argv, &o);
    if (pr) return pr > 0 ? REGRESS_PASS : REGRESS_SETUP;
    memset(&r, 0, sizeof r);
    if (self_path(self, sizeof self) || setup(&r, &o)) return REGRESS_SETUP;
    int rc = build_both(&r, &o);
    if (rc == 0 && make_dirs(r.run_dir) != 0) {
        fprintf(stderr, "qibench regress: cannot create %s: %s\n", r.run_dir, strerror(errno));
        rc = -1;
    }
    if (rc != 0) {
        if (!o.keep) remove_tree(r.tmp);
        return REGRESS_SETUP;
    }
    printf("regress: base %s (%.12s) against new %s\n", o.base_rev, r.commit, r.describe);
    printf("  base engine: %s\n  new engine:  %s\n", r.base_bin, r.new_bin);
    r.bench = (BenchReport){.side = {{.label = "base", .path = r.base_bin}, {.label = "new", .path = r.new_bin}},
                            .runs = o.bench_runs, .depth = o.bench_depth};
    int bench_rc = bench_compare(&r.bench, &o, r.tmp);
    r.bench_ok = bench_rc == 0;
    if (bench_rc != BENCH_FAILED) bench_print(&r.bench);
    int status = REGRESS_PASS;
    /* A bench that failed skips the match; one that varied does not. */
    if (!o.no_match && bench_rc != BENCH_FAILED) {
        r.match_ran = true;
        if (match_run_child(&o, self, r.base_bin, r.new_bin, r.book, r.nbook, r.book_count, r.run_name, &r.match))
            r.match.status = -1;
    }
    const char *text = verdict(&r, &status);
    write_json(&r, &o, text, status);
    printf("\nverdict: %s\nregress: exit status %d; results in %s\n", text, status, r.run_dir);
    if (o.keep) printf("regress: kept %s\n", r.tmp);
    else remove_tree(r.tmp);
    return status;
}
