/*
 * bench.c - `qibench bench`.
 */
#include "bench/bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/json.h"
#include "proc/proc.h"
#include "util/util.h"

#define BENCH_TIMEOUT_MS (3600 * 1000)

typedef struct {
    uint64_t nodes, nps;
    int64_t time_ms;
    int depth;
    bool ok;
    bool expected_known;
    uint64_t expected;
} BenchResult;

/* The depth the --expect file gives for this engine's variant (or name). */
static bool expected_for(const char *path, const char *name, int *depth, uint64_t *nodes)
{
    FILE *f = path ? fopen(path, "r") : NULL;
    char line[256], variant[64];
    bool found = false;
    if (f) util_skip_bom(f);
    while (f && !found && fgets(line, sizeof line, f)) {
        unsigned long long n;
        if (line[0] != '#' && sscanf(line, "%63s %d %llu", variant, depth, &n) == 3 && strcmp(variant, name) == 0) {
            *nodes = n;
            found = true;
        }
    }
    if (f) fclose(f);
    return found;
}

/* Runs `cmd [args] bench DEPTH [VARIANT]` and reads the three totals. */
static BenchResult run_one(const EngineEntry *e, int depth)
{
    BenchResult r;
    char *argv[SPEC_MAX_ARGS + 5], depth_text[16], line[512], err[256];
    int n = 0;
    memset(&r, 0, sizeof r);
    r.depth = depth;
    argv[n++] = (char *)e->spec.cmd;
    for (int i = 0; i < e->spec.nargs; i++) argv[n++] = (char *)e->spec.args[i];
    argv[n++] = "bench";
    snprintf(depth_text, sizeof depth_text, "%d", depth);
    if (depth > 0) argv[n++] = depth_text;
    if (e->spec.variant[0]) argv[n++] = (char *)e->spec.variant;
    argv[n] = NULL;
    ProcSpec ps = {e->spec.cmd, argv, e->spec.dir[0] ? e->spec.dir : NULL, NULL, NULL, e->spec.name, NULL};
    Proc *p = proc_start(&ps, err, sizeof err);
    if (!p) {
        fprintf(stderr, "qibench bench: %s\n", err);
        return r;
    }
    int found = 0;
    while (proc_read_line(p, line, sizeof line, BENCH_TIMEOUT_MS) == PROC_LINE) {
        unsigned long long v;
        if (sscanf(line, "Nodes searched : %llu", &v) == 1) r.nodes = v, found |= 1;
        else if (sscanf(line, "Total time (ms) : %llu", &v) == 1) r.time_ms = (int64_t)v, found |= 2;
        else if (sscanf(line, "Nodes/second : %llu", &v) == 1) r.nps = v, found |= 4;
    }
    proc_stop(p, NULL, 1000);
    r.ok = found == 7 && strcmp(proc_exit_text(p), "exit 0") == 0;
    if (!r.ok) fprintf(stderr, "qibench bench: %s: no bench totals (%s)\n", e->spec.name, proc_exit_text(p));
    proc_free(p);
    return r;
}

static int write_json(const char *path, const EngineList *list, const BenchResult *res)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_string(&j, "tool", "qibench bench");
    json_begin_array(&j, "results");
    for (int e = 0; e < list->count; e++) {
        json_begin_object(&j, NULL);
        json_string(&j, "engine", list->engines[e].spec.name);
        json_string(&j, "variant", list->engines[e].spec.variant[0] ? list->engines[e].spec.variant : NULL);
        json_int(&j, "depth", res[e].depth);
        json_bool(&j, "ok", res[e].ok);
        json_uint(&j, "nodes", res[e].nodes);
        json_int(&j, "time_ms", res[e].time_ms);
        json_uint(&j, "nps", res[e].nps);
        if (res[e].expected_known) json_uint(&j, "expected_nodes", res[e].expected);
        json_end_object(&j);
    }
    json_end_array(&j);
    json_end_object(&j);
    int rc = json_write_line(&j, f);
    json_free(&j);
    return fclose(f) || rc ? -1 : 0;
}

int bench_run(const BenchOptions *opt)
{
    const EngineList *list = opt->engines;
    BenchResult res[MAX_ENGINES];
    int status = 0;
    printf("%-16s %6s %14s %10s %12s  %s\n", "engine", "depth", "nodes", "time(ms)", "nodes/s", "signature");
    for (int e = 0; e < list->count; e++) {
        const EngineEntry *ee = &list->engines[e];
        const char *key = ee->spec.variant[0] ? ee->spec.variant : ee->spec.name;
        int depth = opt->depth;
        uint64_t expected = 0;
        int file_depth = 0;
        bool known = expected_for(opt->expect, key, &file_depth, &expected);
        if (known && depth == 0) depth = file_depth;
        known = known && depth == file_depth;
        res[e] = run_one(ee, depth);
        res[e].expected_known = known;
        res[e].expected = expected;
        const char *verdict = !opt->expect ? "" : !known ? "not in file" : res[e].nodes == expected ? "ok" : "DIFFERS";
        printf("%-16s %6d %14llu %10lld %12llu  %s\n", ee->spec.name, depth, (unsigned long long)res[e].nodes,
               (long long)res[e].time_ms, (unsigned long long)res[e].nps, verdict);
        if (!res[e].ok) status = 1;
        if (opt->expect && !known) {
            fprintf(stderr, "qibench bench: %s: no line for it at depth %d in %s\n", key, depth, opt->expect);
            status = 1;
        } else if (opt->expect && res[e].nodes != expected) {
            fprintf(stderr, "qibench bench: %s: %llu nodes, expected %llu (%s)\n", key,
                    (unsigned long long)res[e].nodes, (unsigned long long)expected, opt->expect);
            status = 1;
        }
    }
    if (opt->json_path && write_json(opt->json_path, list, res)) {
        fprintf(stderr, "qibench bench: cannot write %s: %s\n", opt->json_path, strerror(errno));
        status = 1;
    }
    return status;
}
