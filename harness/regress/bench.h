/*
 * regress/bench.h - `qibench regress`, part two: both engines' `bench`
 * run interleaved, their node signatures compared and the speed ratio
 * new/base measured in nodes per CPU second.
 */
#ifndef HARNESS_REGRESS_BENCH_H
#define HARNESS_REGRESS_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#define REGRESS_MAX_RUNS 100

typedef struct {
    const char *label;         /* "base" or "new" */
    const char *path;          /* engine binary */
    uint64_t nodes[REGRESS_MAX_RUNS];  /* "Nodes searched" per run */
    double nps[REGRESS_MAX_RUNS];      /* nodes per second of the bench process's CPU time (user + system) */
    double wall_nps[REGRESS_MAX_RUNS]; /* nodes * 1000 / the engine's "Total time (ms)" */
} BenchSide;

typedef struct {
    BenchSide side[2];         /* [0] base, [1] new */
    int runs, depth;
    bool deterministic[2];     /* same node count in every run of that engine */
    double ratio_mean, ratio_sd, ratio_min, ratio_max; /* new/base CPU nps over the runs */
    /* The 95% confidence interval of the mean ratio: mean -+ t(0.975, runs-1)
     * sd / sqrt(runs) (Student's t); NAN with one run. */
    double ratio_low, ratio_high;
    double wall_ratio_mean;    /* the same from the engines' own wall-clock times */
} BenchReport;

/* regress_bench_compare's results. */
enum { BENCH_OK = 0, BENCH_VARIES = -1, BENCH_FAILED = -2 };

/*
 * Runs both benches r->runs times at r->depth (with variant as the bench's
 * search variant, NULL: the engine's default), interleaved and alternating
 * which goes first (base,new then new,base, ...) so that a drift in machine
 * speed falls on both alike; the engines' stderr goes to tmp/bench.stderr.
 * r->side[k].label and .path must be set. Returns BENCH_OK, BENCH_FAILED if
 * a run failed, or BENCH_VARIES if an engine gave different node counts in
 * two runs (printed).
 */
int regress_bench_compare(BenchReport *r, const char *variant, const char *tmp);

/* Prints the bench table, the signature verdict, the speed ratio and the
 * "Bench: N" line (the new engine's nodes) on stdout. */
void regress_bench_print(const BenchReport *r);

#endif
