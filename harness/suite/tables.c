/*
 * suite/tables.c - the end of a `qibench suite` run: per engine the totals
 * of its searches (solved, nodes, time, EBF, agreement with the reference)
 * or of its playouts, printed as tables and written to summary.json.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "results/json.h"
#include "suite/depth.h"
#include "suite/suite_impl.h"

typedef struct {
    int searched, failed, unsearched, to_solve, solved, compared, same_move, same_score;
    uint64_t nodes;
    int64_t time_ms;
    double log_ebf_sum; /* sum of ln(nodes) / depth */
    int ebf_count;
} Totals;

static const Job *job_at(const Runner *run, int engine, int position)
{
    return &run->jobs[engine * run->suite.count + position];
}

/* Was the job searched, with an answer (CLIENT_OK), and stored? */
static bool searched_ok(const Job *j)
{
    return j->stored && j->status == CLIENT_OK;
}

static bool same_score(const EngineReply *a, const EngineReply *b)
{
    return a->has_score && b->has_score && a->mate == b->mate && a->score == b->score;
}

static Totals engine_totals(const Runner *run, int e, int ref)
{
    Totals t;
    memset(&t, 0, sizeof t);
    for (int p = 0; p < run->suite.count; p++) {
        const Job *j = job_at(run, e, p), *r = job_at(run, ref, p);
        if (!searched_ok(j)) {
            if (j->stored) t.failed++;
            else t.unsearched++;
            continue;
        }
        t.searched++;
        t.nodes += j->reply.nodes;
        t.time_ms += j->reply.time_ms > 0 ? j->reply.time_ms : j->reply.wall_ms;
        if (j->solved >= 0) t.to_solve++, t.solved += j->solved;
        if (j->reply.depth > 0 && j->reply.nodes > 1) {
            t.log_ebf_sum += log((double)j->reply.nodes) / j->reply.depth;
            t.ebf_count++;
        }
        if (searched_ok(r)) {
            t.compared++;
            t.same_move += j->reply.best == r->reply.best;
            t.same_score += same_score(&j->reply, &r->reply);
        }
    }
    return t;
}

static void print_table(const Runner *run, int ref)
{
    const EngineList *list = run->opt->engines;
    printf("\n%-16s %9s %8s %14s %10s %12s %6s %9s %9s %7s %10s\n", "engine", "positions", "solved", "nodes",
           "time(s)", "nodes/s", "EBF", "same-move", "same-score", "failed", "unsearched");
    for (int e = 0; e < list->count; e++) {
        Totals t = engine_totals(run, e, ref);
        char solved[32], ebf[16], move[16], score[16];
        snprintf(solved, sizeof solved, t.to_solve ? "%d/%d" : "-", t.solved, t.to_solve);
        snprintf(ebf, sizeof ebf, t.ebf_count ? "%.2f" : "-", exp(t.log_ebf_sum / (t.ebf_count ? t.ebf_count : 1)));
        snprintf(move, sizeof move, t.compared ? "%.0f%%" : "-", 100.0 * t.same_move / (t.compared ? t.compared : 1));
        snprintf(score, sizeof score, t.compared ? "%.0f%%" : "-", 100.0 * t.same_score / (t.compared ? t.compared : 1));
        double nps = t.time_ms > 0 ? 1000.0 * (double)t.nodes / (double)t.time_ms : 0;
        printf("%-16s %9d %8s %14llu %10.2f %12.0f %6s %9s %9s %7d %10d\n", list->engines[e].spec.name, t.searched,
               solved, (unsigned long long)t.nodes, t.time_ms / 1000.0, nps, ebf, move, score, t.failed, t.unsearched);
    }
    printf("\nsame-move / same-score: agreement with %s. EBF: geometric mean of nodes^(1/depth).\n"
           "failed: the engine failed the search; unsearched: never searched (the run was stopped).\n",
           list->engines[ref].spec.name);
    struct rusage ru;
    int made = run->done - run->restored; /* the searches of this process */
    if (getrusage(RUSAGE_SELF, &ru) == 0 && made > 0) {
        double ms = ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3 + ru.ru_stime.tv_sec * 1e3
                    + ru.ru_stime.tv_usec / 1e3;
        printf("harness CPU (qibench itself, not the engines): %.1f ms, %.3f ms per search\n", ms, ms / made);
    }
}

PlayoutTotals suite_playout_totals(const Runner *run, int e)
{
    PlayoutTotals t = {0, 0, 0, 0, 0};
    for (int k = 0; k < run->njobs; k++) {
        const Job *j = &run->jobs[k];
        if (e >= 0 && j->engine != e) continue;
        if (!j->stored) {
            t.unplayed++;
            continue;
        }
        t.played++;
        if (j->playout->status != CLIENT_OK) t.failed++;
        else if (j->playout->passed) t.passed++;
        else t.not_reached++;
    }
    return t;
}

static void print_playout_table(const Runner *run)
{
    const EngineList *list = run->opt->engines;
    printf("\n%-16s %9s %8s %12s %14s %9s\n", "engine", "playouts", "passed", "not reached", "engine failed",
           "unplayed");
    for (int e = 0; e < list->count; e++) {
        PlayoutTotals t = suite_playout_totals(run, e);
        if (t.played || t.unplayed)
            printf("%-16s %9d %8d %12d %14d %9d\n", list->engines[e].spec.name, t.played, t.passed, t.not_reached,
                   t.failed, t.unplayed);
    }
    printf("\npassed: the expected result within the move bound (a draw: no loss by the end); not reached:\n"
           "played to the end without it; engine failed: an engine did not play it to the end;\n"
           "unplayed: never played out (the run was stopped).\n");
}

int suite_report_failures(const Runner *run)
{
    int failed = 0, unsupported = 0, first_unsupported = -1;
    for (int k = 0; k < run->njobs; k++) {
        const Job *j = &run->jobs[k];
        ClientStatus st = j->playout ? j->playout->status : j->status;
        if (!j->stored || st == CLIENT_OK) continue; /* unsearched, or ok */
        failed++;
        if (st == CLIENT_UNSUPPORTED && unsupported++ == 0) first_unsupported = j->engine;
    }
    if (!failed) return 0;
    const char *what = run->opt->playout ? "playouts" : "searches";
    if (unsupported)
        fprintf(stderr, "qibench suite: %d of %d %s failed, %d of them unsupported: engine '%s' cannot set up the "
                        "positions (an xboard engine without setboard): leave it out of the suite, or play it from "
                        "the start position with match --openings file=F format=pgn\n", failed, run->njobs, what,
                unsupported, run->opt->engines->engines[first_unsupported].spec.name);
    else
        fprintf(stderr, "qibench suite: %d of %d %s failed (see the status column of %s.jsonl)\n", failed, run->njobs,
                what, what);
    return failed;
}

int suite_report_unsearched(const Runner *run)
{
    int left = 0;
    for (int k = 0; k < run->njobs; k++) left += !run->jobs[k].stored;
    if (left)
        fprintf(stderr, "qibench suite: %d of %d %s not %s: qibench suite --resume %s makes them\n", left, run->njobs,
                run->opt->playout ? "playouts" : "searches", run->opt->playout ? "played" : "made", run->opt->run_dir);
    return left;
}

/* The per-depth statistics' input over the run's searches (free both). */
static DepthInput depth_input(const Runner *run, int ref, int baseline)
{
    const EngineList *list = run->opt->engines;
    int np = run->suite.count;
    const char **names = calloc((size_t)list->count + 1, sizeof *names);
    const EngineReply **reply = calloc((size_t)(list->count * np) + 1, sizeof *reply);
    DepthInput in = {names && reply ? list->count : 0, np, names, reply, ref, baseline};
    for (int e = 0; names && reply && e < list->count; e++) {
        names[e] = list->engines[e].spec.name;
        for (int p = 0; p < np; p++) {
            const Job *j = job_at(run, e, p);
            reply[e * np + p] = searched_ok(j) ? &j->reply : NULL;
        }
    }
    return in;
}

static void free_depth_input(DepthInput *in)
{
    free((void *)in->names);
    free((void *)in->reply);
}

/* summary.json: per engine the totals of the table (fractions, not
 * percentages; null where a value does not exist). */
int suite_write_summary(const Runner *run, int ref, int baseline, const char *state)
{
    const EngineList *list = run->opt->engines;
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_summary_header(&j, "suite");
    json_string(&j, "mode", run->opt->playout ? "playout" : "search");
    json_string(&j, "state", state);
    json_string(&j, "suite", run->opt->suite_path);
    json_int(&j, "positions", run->suite.count);
    json_string(&j, "reference", run->opt->playout ? NULL : list->engines[ref].spec.name);
    json_begin_array(&j, "engines");
    for (int e = 0; e < list->count; e++) {
        json_begin_object(&j, NULL);
        json_string(&j, "name", list->engines[e].spec.name);
        json_string(&j, "variant", list->engines[e].spec.variant[0] ? list->engines[e].spec.variant : NULL);
        if (run->opt->playout) {
            PlayoutTotals t = suite_playout_totals(run, e);
            int d = run->defender >= 0 ? run->defender : e;
            json_string(&j, "defender", list->engines[d].spec.name);
            json_int(&j, "playouts", t.played);
            json_int(&j, "passed", t.passed);
            json_int(&j, "not_reached", t.not_reached);
            json_int(&j, "failed", t.failed); /* engine failed */
            json_int(&j, "unplayed", t.unplayed);
        } else {
            Totals t = engine_totals(run, e, ref);
            json_int(&j, "searched", t.searched);
            json_int(&j, "failed", t.failed);
            json_int(&j, "unsearched", t.unsearched);
            json_int(&j, "to_solve", t.to_solve);
            if (t.to_solve) json_int(&j, "solved", t.solved);
            else json_null(&j, "solved");
            json_uint(&j, "nodes", t.nodes);
            json_int(&j, "time_ms", t.time_ms);
            json_double(&j, "nps", t.time_ms > 0 ? 1000.0 * (double)t.nodes / (double)t.time_ms : NAN);
            json_double(&j, "ebf", t.ebf_count ? exp(t.log_ebf_sum / t.ebf_count) : NAN);
            json_double(&j, "same_move", t.compared ? (double)t.same_move / t.compared : NAN);
            json_double(&j, "same_score", t.compared ? (double)t.same_score / t.compared : NAN);
        }
        json_end_object(&j);
    }
    json_end_array(&j);
    int rc = 0;
    if (!run->opt->playout) {
        DepthInput in = depth_input(run, ref, baseline);
        rc = in.nengines ? suite_depth_json(&in, &j, "by_depth") : -1;
        free_depth_input(&in);
    }
    json_end_object(&j);
    if (rc == 0) rc = json_write_file(&j, run->opt->run_dir, "summary.json");
    json_free(&j);
    return rc;
}

void suite_print_tables(const Runner *run, int ref, int baseline)
{
    if (run->opt->playout) {
        print_playout_table(run);
        return;
    }
    print_table(run, ref);
    DepthInput in = depth_input(run, ref, baseline);
    if (in.nengines) suite_depth_print(&in, stdout);
    free_depth_input(&in);
}
