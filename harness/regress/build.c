/*
 * regress/build.c - see regress/build.h: git, tar, make and rm for
 * `qibench regress`, each started through proc_run (argument vectors,
 * never a shell).
 */
#include "regress/build.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PATH_BYTES 1024
#define LOG_TAIL_LINES 15

int regress_run(const ProcRunSpec *spec)
{
    char err[512];
    int status;
    if (proc_run(spec, &status, err, sizeof err) != 0) return fprintf(stderr, "qibench regress: %s\n", err), -1;
    return status;
}

const char *regress_status_text(int status, char *buf, size_t len)
{
    if (status > 128) snprintf(buf, len, "killed by signal %d", status - 128);
    else snprintf(buf, len, "exit status %d", status);
    return buf;
}

void regress_log_tail(const char *path)
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

/* Runs argv with stdout and stderr appended to log_path (without make's
 * variables when clean_make). Returns the regress_run result. */
static int run_logged(char *const argv[], const char *log_path, bool clean_make)
{
    static const char *const MAKE_VARIABLES[] = {"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", NULL};
    ProcRunSpec spec = {.argv = argv, .log_path = log_path, .unset_env = clean_make ? MAKE_VARIABLES : NULL};
    return regress_run(&spec);
}

int regress_git_line(const char *dir, char *out, size_t len, const char *a1, const char *a2, const char *a3)
{
    char *argv[] = {"git", "-C", (char *)dir, (char *)a1, (char *)a2, (char *)a3, NULL};
    ProcRunSpec spec = {.argv = argv, .out = out, .out_len = len};
    int status = regress_run(&spec);
    out[strcspn(out, "\n")] = '\0';
    return status == 0 && out[0] ? 0 : -1;
}

int regress_extract_commit(const char *repo, const char *commit, const char *tmp, const char *dir)
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
                status < 0 ? "could not run" : regress_status_text(status, buf, sizeof buf));
        regress_log_tail(logp);
        return -1;
    }
    unlink(tarball);
    return 0;
}

int regress_build_engine(const char *dir, const char *engine, int jobs, const char *log_path, const char *what)
{
    char jflag[16], buf[64], target[128];
    const char *make = getenv("MAKE") && getenv("MAKE")[0] ? getenv("MAKE") : "make";
    snprintf(jflag, sizeof jflag, "-j%d", jobs);
    snprintf(target, sizeof target, "bin/%.100s", engine);
    char *argv[] = {(char *)make, "-C", (char *)dir, jflag, target, NULL};
    fprintf(stderr, "regress: building %s (make -C %s %s %s)\n", what, dir, jflag, target);
    int status = run_logged(argv, log_path, true);
    if (status == 0) return 0;
    fprintf(stderr, "qibench regress: building %s failed (%s); the end of %s:\n", what,
            status < 0 ? "could not run make" : regress_status_text(status, buf, sizeof buf), log_path);
    regress_log_tail(log_path);
    return -1;
}

void regress_remove_tree(const char *dir)
{
    char *argv[] = {"rm", "-rf", "--", (char *)dir, NULL};
    ProcRunSpec spec = {.argv = argv};
    if (regress_run(&spec) != 0) fprintf(stderr, "qibench regress: could not remove %s\n", dir);
}
