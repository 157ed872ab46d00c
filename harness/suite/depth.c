/*
 * suite/depth.c - per-depth statistics of a suite run (see suite/depth.h),
 * computed from the searches' iterations (the engines' `info depth ...
 * nodes ... time ... pv ...` lines).
 */
#include "suite/depth.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Median and quartiles of a sample (n 0: NAN). */
typedef struct {
    int n;
    double median, q1, q3;
} Spread;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double suite_depth_quantile(const double *x, int n, double q)
{
    if (n <= 0) return NAN;
    double h = (n - 1) * q;
    int lo = (int)floor(h);
    if (lo >= n - 1) return x[n - 1];
    return x[lo] + (h - lo) * (x[lo + 1] - x[lo]);
}

static Spread spread(double *x, int n)
{
    qsort(x, (size_t)n, sizeof *x, cmp_double);
    return (Spread){n, suite_depth_quantile(x, n, 0.5), suite_depth_quantile(x, n, 0.25),
                    suite_depth_quantile(x, n, 0.75)};
}

/* Iteration of depth d in r, or NULL. */
static const Iteration *iteration(const EngineReply *r, int d)
{
    for (int i = 0; r && i < r->niter; i++)
        if (r->iter[i].depth == d) return &r->iter[i];
    return NULL;
}

/* The nodes of iteration d alone: its count less the one before it (the
 * counts are cumulative); the first iteration's is its own. -1 when
 * iteration d is missing or follows a gap (depth d-1 missing). */
static double iteration_nodes(const EngineReply *r, int d)
{
    const Iteration *it = iteration(r, d);
    if (!it) return -1;
    if (it == &r->iter[0]) return (double)it->nodes;
    const Iteration *prev = it - 1;
    if (prev->depth != d - 1 || prev->nodes > it->nodes) return -1;
    return (double)(it->nodes - prev->nodes);
}

typedef struct {
    int positions, compared, same_move;
    Spread time_ms, nodes, bf, vs_baseline;
} DepthRow;

static const EngineReply *reply_at(const DepthInput *in, int e, int p)
{
    return in->reply[e * in->npositions + p];
}

/* Engine e's row at depth d; x holds room for npositions values. */
static DepthRow depth_row(const DepthInput *in, int e, int d, double *x)
{
    DepthRow row = {0, 0, 0, {0, NAN, NAN, NAN}, {0, NAN, NAN, NAN}, {0, NAN, NAN, NAN}, {0, NAN, NAN, NAN}};
    int n = 0;
    for (int p = 0; p < in->npositions; p++) {
        const Iteration *it = iteration(reply_at(in, e, p), d);
        if (it) x[n++] = (double)it->time_ms;
    }
    row.positions = n;
    row.time_ms = spread(x, n);
    n = 0;
    for (int p = 0; p < in->npositions; p++) {
        const Iteration *it = iteration(reply_at(in, e, p), d);
        if (it) x[n++] = (double)it->nodes;
    }
    row.nodes = spread(x, n);
    n = 0;
    for (int p = 0; p < in->npositions; p++) {
        double now = iteration_nodes(reply_at(in, e, p), d), before = iteration_nodes(reply_at(in, e, p), d - 1);
        if (now >= 0 && before > 0) x[n++] = now / before;
    }
    row.bf = spread(x, n);
    n = 0;
    for (int p = 0; in->baseline >= 0 && p < in->npositions; p++) {
        const Iteration *it = iteration(reply_at(in, e, p), d), *base = iteration(reply_at(in, in->baseline, p), d);
        if (it && base && base->nodes > 0) x[n++] = (double)it->nodes / (double)base->nodes;
    }
    row.vs_baseline = spread(x, n);
    for (int p = 0; p < in->npositions; p++) {
        const Iteration *it = iteration(reply_at(in, e, p), d), *ref = iteration(reply_at(in, in->reference, p), d);
        if (!it || !ref || !it->move[0] || !ref->move[0]) continue;
        row.compared++;
        row.same_move += strcmp(it->move, ref->move) == 0;
    }
    return row;
}

/* The deepest iteration any search of engine e reported. */
static int max_depth(const DepthInput *in, int e)
{
    int most = 0;
    for (int p = 0; p < in->npositions; p++) {
        const EngineReply *r = reply_at(in, e, p);
        for (int i = 0; r && i < r->niter; i++)
            if (r->iter[i].depth > most && r->iter[i].depth < 1000) most = r->iter[i].depth;
    }
    return most;
}

/* "median [q1, q3]" or "-". */
static void put_spread(FILE *f, const char *fmt, Spread s, int width)
{
    char buf[96];
    if (!s.n) snprintf(buf, sizeof buf, "-");
    else {
        char m[24], a[24], b[24];
        snprintf(m, sizeof m, fmt, s.median);
        snprintf(a, sizeof a, fmt, s.q1);
        snprintf(b, sizeof b, fmt, s.q3);
        snprintf(buf, sizeof buf, "%s [%s, %s]", m, a, b);
    }
    fprintf(f, " %*s", width, buf);
}

void suite_depth_print(const DepthInput *in, FILE *f)
{
    double *x = malloc(sizeof(double) * (size_t)(in->npositions + 1));
    if (!x) return;
    fprintf(f, "\nper depth, over the positions: median [first quartile, third quartile]\n");
    fprintf(f, "  %-14s %5s %5s %24s %30s %20s %20s %9s\n", "engine", "depth", "pos", "time ms", "nodes to depth",
            "BF N(d)/N(d-1)", in->baseline >= 0 ? "nodes / baseline" : "", "same move");
    for (int e = 0; e < in->nengines; e++)
        for (int d = 1, most = max_depth(in, e); d <= most; d++) {
            DepthRow row = depth_row(in, e, d, x);
            if (!row.positions) continue;
            fprintf(f, "  %-14s %5d %5d", in->names[e], d, row.positions);
            put_spread(f, "%.0f", row.time_ms, 24);
            put_spread(f, "%.0f", row.nodes, 30);
            put_spread(f, "%.2f", row.bf, 20);
            if (in->baseline >= 0) put_spread(f, "%.3f", row.vs_baseline, 20);
            else fprintf(f, " %20s", "");
            if (row.compared) fprintf(f, " %8.0f%%\n", 100.0 * row.same_move / row.compared);
            else fprintf(f, " %9s\n", "-");
        }
    fprintf(f, "time: the engine's own, to the end of iteration d; nodes to depth: the engine's count at iteration d;\n"
               "BF: the nodes of iteration d alone over those of iteration d-1; nodes / baseline: nodes to depth d over\n"
               "%s's on the same position; same move: iteration d's first PV move is %s's at depth d.\n",
            in->baseline >= 0 ? in->names[in->baseline] : "the baseline's (--baseline NAME)", in->names[in->reference]);
    free(x);
}

static void json_spread(Json *j, const char *key, Spread s)
{
    if (!s.n) {
        json_null(j, key);
        return;
    }
    json_begin_object(j, key);
    json_int(j, "n", s.n);
    json_double(j, "median", s.median);
    json_double(j, "q1", s.q1);
    json_double(j, "q3", s.q3);
    json_end_object(j);
}

int suite_depth_json(const DepthInput *in, Json *j, const char *key)
{
    double *x = malloc(sizeof(double) * (size_t)(in->npositions + 1));
    if (!x) return -1;
    json_begin_object(j, key);
    json_string(j, "baseline", in->baseline >= 0 ? in->names[in->baseline] : NULL);
    json_string(j, "reference", in->names[in->reference]);
    json_begin_array(j, "rows");
    for (int e = 0; e < in->nengines; e++)
        for (int d = 1, most = max_depth(in, e); d <= most; d++) {
            DepthRow row = depth_row(in, e, d, x);
            if (!row.positions) continue;
            json_begin_object(j, NULL);
            json_string(j, "engine", in->names[e]);
            json_int(j, "depth", d);
            json_int(j, "positions", row.positions);
            json_spread(j, "time_ms", row.time_ms);
            json_spread(j, "nodes", row.nodes);
            json_spread(j, "bf", row.bf);
            json_spread(j, "vs_baseline", row.vs_baseline);
            json_int(j, "compared", row.compared);
            json_double(j, "same_move", row.compared ? (double)row.same_move / row.compared : NAN);
            json_end_object(j);
        }
    json_end_array(j);
    json_end_object(j);
    free(x);
    return 0;
}
