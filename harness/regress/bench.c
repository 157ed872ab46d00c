/*
 * regress/bench.c - see regress/bench.h: `ENGINE bench DEPTH [VARIANT]`
 * through proc_run, the "Nodes searched" / "Total time (ms)" lines read
 * back, nodes per CPU second of the child from getrusage.
 */
#include "regress/bench.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "regress/build.h"

#define PATH_BYTES 1024

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
    ProcRunSpec spec = {.argv = argv, .out = out, .out_len = sizeof out, .err_path = err_path};
    double cpu0 = children_cpu();
    int status = regress_run(&spec);
    double cpu = children_cpu() - cpu0;
    uint64_t nodes, ms;
    if (status != 0) {
        fprintf(stderr, "qibench regress: %s bench failed (%s): %s bench %s\n", side->label,
                status < 0 ? "could not run" : regress_status_text(status, sbuf, sizeof sbuf), side->path, dbuf);
        regress_log_tail(err_path);
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

/* Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom (the
 * standard table; 1.96 beyond). */
static double t975(int df)
{
    static const double T[30] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                 2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                 2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    return df >= 1 && df <= 30 ? T[df - 1] : 1.96;
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
    double half = r->runs > 1 ? t975(r->runs - 1) * r->ratio_sd / sqrt(r->runs) : NAN;
    r->ratio_low = r->ratio_mean - half;
    r->ratio_high = r->ratio_mean + half;
    sum = 0;
    for (int i = 0; i < r->runs; i++) sum += r->side[1].wall_nps[i] / r->side[0].wall_nps[i];
    r->wall_ratio_mean = sum / r->runs;
}

int regress_bench_compare(BenchReport *r, const char *variant, const char *tmp)
{
    char err_path[PATH_BYTES];
    snprintf(err_path, sizeof err_path, "%.900s/bench.stderr", tmp);
    for (int i = 0; i < r->runs; i++) {
        for (int k = 0; k < 2; k++) {
            BenchSide *s = &r->side[(i + k) % 2];
            if (bench_once(s, i, r->depth, variant, err_path)) return BENCH_FAILED;
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

void regress_bench_print(const BenchReport *r)
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
    if (r->runs > 1) printf("  speed 95%% interval: [%.3f, %.3f] (t with %d degrees of freedom)\n", r->ratio_low,
                            r->ratio_high, r->runs - 1);
    printf("Bench: %llu\n", (unsigned long long)r->side[1].nodes[0]);
}
