/*
 * bench.h - `qibench bench`: the engine's own `bench` once per variant (or
 * per engine), a table, JSON, and a node-signature check for CI.
 */
#ifndef HARNESS_BENCH_H
#define HARNESS_BENCH_H

#include "cli/spec.h"

typedef struct {
    EngineList *engines;
    int depth;              /* 0 = the engine's default (or the --expect file's) */
    const char *expect;     /* file of "variant depth nodes" lines, or NULL */
    const char *json_path;  /* where to write the results, or NULL */
} BenchOptions;

/* Runs the benches; prints the table. Returns 0, or 1 on a signature
 * mismatch (each named on stderr) or when a bench cannot be run. */
int bench_run(const BenchOptions *opt);

#endif
