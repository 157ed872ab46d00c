/*
 * suite/depth.h - `qibench suite`'s per-depth statistics for comparing
 * searches: per engine and iteration depth d, over the positions, the
 * time to finish depth d, the nodes to finish it, the per-iteration
 * branching factor N(d)/N(d-1) (N(d): the nodes of iteration d alone),
 * the nodes to depth d over a baseline engine's on the same position, as
 * median and interquartile range, and how often iteration d's move is the
 * reference engine's iteration-d move.
 */
#ifndef HARNESS_SUITE_DEPTH_H
#define HARNESS_SUITE_DEPTH_H

#include <stdio.h>

#include "results/json.h"
#include "players/player.h"

typedef struct {
    int nengines, npositions;
    const char *const *names;       /* engine names */
    const EngineReply *const *reply; /* [e * npositions + p]: the search's answer, NULL if it failed */
    int reference;                  /* engine index for the move agreement */
    int baseline;                   /* engine index for the node ratio, -1: none */
} DepthInput;

/*
 * The quantile q (0..1) of the n sorted values x, by linear interpolation
 * between the closest ranks (Hyndman & Fan type 7: h = (n-1) q, the
 * default of R, NumPy and Python's statistics.quantiles(method=
 * "inclusive")); NAN for n = 0.
 */
double suite_depth_quantile(const double *x, int n, double q);

/* The table on f: a line per engine and depth. */
void suite_depth_print(const DepthInput *in, FILE *f);

/* "by_depth": {"baseline", "reference", "rows": [{"engine", "depth",
 * "positions", "time_ms", "nodes", "bf", "vs_baseline": {"n", "median",
 * "q1", "q3"} (null where nothing was measured), "compared",
 * "same_move"}]}. Returns 0, or -1 out of memory. */
int suite_depth_json(const DepthInput *in, Json *j, const char *key);

#endif
