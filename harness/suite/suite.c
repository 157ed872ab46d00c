/*
 * suite/suite.c - `qibench suite`: a job per (engine, position), N worker
 * threads, each with its own engine processes; one JSON line per search,
 * written whole and flushed; a table per engine at the end.
 */
#include "suite/suite.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sys/resource.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "formats/epd.h"
#include "results/json.h"
#include "play/playout.h"
#include "proc/proc.h"
#include "proc/stopsig.h"
#include "suite/depth.h"

typedef struct {
    int engine, position;
    ClientStatus status;
    EngineReply reply;
    char err[256];
    int solved; /* 1 solved, 0 not, -1 nothing to solve or failed */
    PlayoutResult *playout; /* playout mode only */
} Job;

typedef struct {
    const SuiteOptions *opt;
    EpdSuite suite;
    Job *jobs;
    int njobs;
    atomic_int next;
    pthread_mutex_t lock; /* guards jsonl and write_failed */
    FILE *jsonl;
    bool write_failed;
    int done;             /* searches recorded, for the progress lines */
    int defender;         /* playouts: index of the defending engine, -1 = self-play */
} Runner;

/* A results write failed (a full disk): say so once and take no more jobs.
 * Caller holds the lock. */
static void stop_on_write_failure(Runner *run)
{
    if (!run->write_failed)
        fprintf(stderr, "qibench suite: cannot write the results in %s (%s): stopping\n", run->opt->run_dir,
                errno ? strerror(errno) : "write failed");
    run->write_failed = true;
    atomic_store(&run->next, run->njobs); /* the workers find no job left */
}

/* ------------------------------------------------------------------------ */
/* One search                                                               */
/* ------------------------------------------------------------------------ */

/* Did the answer meet the position's bm / am / dm? -1 when it has none. */
static int judge(const EpdEntry *e, const Job *j)
{
    if (j->status != CLIENT_OK || (!e->nbm && !e->nam && !e->dm)) return -1;
    bool ok = true;
    if (e->nbm) {
        bool hit = false;
        for (int i = 0; i < e->nbm; i++) hit = hit || e->bm[i] == j->reply.best;
        ok = ok && hit;
    }
    for (int i = 0; i < e->nam; i++) ok = ok && e->am[i] != j->reply.best;
    if (e->dm) ok = ok && j->reply.mate && j->reply.score == e->dm;
    return ok;
}

/* The moves, in the record notation: each played in turn from pos when
 * `sequence`, otherwise each one in pos itself (bm, am). pos is restored. */
static void json_moves(Json *js, const char *key, const Game *g, GameState *pos, const MoveCode *moves, int n,
                       bool sequence)
{
    char text[MOVE_TEXT_BYTES];
    int played = 0;
    json_begin_array(js, key);
    for (int i = 0; i < n; i++) {
        game_move_record(g, pos, moves[i], text, sizeof text);
        json_string(js, NULL, text);
        if (sequence && g->play(pos, moves[i])) played++;
    }
    json_end_array(js);
    while (played-- > 0) g->undo(pos);
}

static void json_reply(Json *js, const Game *g, GameState *pos, const EngineReply *r)
{
    char best[MOVE_TEXT_BYTES];
    json_int(js, "depth", r->depth);
    json_int(js, "seldepth", r->seldepth);
    json_uint(js, "nodes", r->nodes);
    json_int(js, "time_ms", r->time_ms);
    json_int(js, "wall_ms", r->wall_ms);
    json_uint(js, "nps", r->nps);
    if (!r->has_score) json_null(js, "score");
    else {
        json_begin_object(js, "score");
        json_int(js, r->mate ? "mate" : "cp", r->score);
        json_end_object(js);
    }
    game_move_record(g, pos, r->best, best, sizeof best);
    json_string(js, "bestmove", r->best == MOVE_CODE_NONE ? NULL : best);
    json_string(js, "pv", r->pv);
    json_begin_array(js, "iterations");
    for (int i = 0; i < r->niter; i++) {
        json_begin_object(js, NULL);
        json_int(js, "depth", r->iter[i].depth);
        json_uint(js, "nodes", r->iter[i].nodes);
        json_int(js, "time_ms", r->iter[i].time_ms);
        json_int(js, r->iter[i].mate ? "mate" : "cp", r->iter[i].score);
        json_string(js, "move", r->iter[i].move[0] ? r->iter[i].move : NULL);
        json_end_object(js);
    }
    json_end_array(js);
}

/* The job's position as a state, to write its moves in; NULL (and the run
 * stopped, as by a failed write) when memory runs out: the suite was read
 * with this game, so the position is one. */
static GameState *job_position(Runner *run, const Job *j)
{
    GameState *pos = game_state_at(run->suite.game, run->suite.entries[j->position].fen);
    if (!pos) stop_on_write_failure(run);
    return pos;
}

/* A job cut short by a hard stop (its engine killed) is no result: it
 * goes back to "not run". Returns true for such a job. */
static bool cut_by_stop(Job *j, ClientStatus status)
{
    if (stopsig_level() < 2 || status == CLIENT_OK) return false;
    j->status = CLIENT_START_FAILED;
    if (j->playout) j->playout->status = CLIENT_START_FAILED;
    snprintf(j->err, sizeof j->err, "not run");
    return true;
}

/* Appends the job's line to searches.jsonl (whole, flushed). */
static void record(Runner *run, Job *j)
{
    if (cut_by_stop(j, j->status)) return;
    const EngineEntry *ee = &run->opt->engines->engines[j->engine];
    const EpdEntry *e = &run->suite.entries[j->position];
    const Game *g = run->suite.game;
    GameState *pos = job_position(run, j);
    if (!pos) return;
    Json js;
    json_init(&js);
    json_begin_object(&js, NULL);
    json_string(&js, "engine", ee->spec.name);
    json_string(&js, "variant", ee->spec.variant[0] ? ee->spec.variant : NULL);
    json_string(&js, "position", e->id);
    json_string(&js, "fen", e->fen);
    json_begin_object(&js, "limit");
    json_int(&js, "depth", ee->limits.depth);
    json_uint(&js, "nodes", ee->limits.nodes);
    json_int(&js, "movetime", ee->limits.movetime);
    json_end_object(&js);
    json_string(&js, "status", client_status_text(j->status));
    json_string(&js, "error", j->status == CLIENT_OK ? NULL : j->err);
    json_reply(&js, g, pos, &j->reply);
    json_begin_object(&js, "expected");
    json_moves(&js, "bm", g, pos, e->bm, e->nbm, false);
    json_moves(&js, "am", g, pos, e->am, e->nam, false);
    json_int(&js, "dm", e->dm);
    json_end_object(&js);
    if (j->solved < 0) json_null(&js, "solved");
    else json_bool(&js, "solved", j->solved);
    json_end_object(&js);
    pthread_mutex_lock(&run->lock);
    if (json_write_line(&js, run->jsonl)) stop_on_write_failure(run);
    char best[MOVE_TEXT_BYTES], line[512];
    game_move_record(g, pos, j->reply.best, best, sizeof best);
    g->state_free(pos);
    if (j->status == CLIENT_OK)
        snprintf(line, sizeof line, "[%d/%d] %s %s: %s %s %d depth %d nodes %llu%s\n", ++run->done, run->njobs,
                 ee->spec.name, e->id, best, j->reply.mate ? "mate" : "cp", j->reply.score, j->reply.depth,
                 (unsigned long long)j->reply.nodes, j->solved < 0 ? "" : j->solved ? " solved" : " not solved");
    else
        snprintf(line, sizeof line, "[%d/%d] %s %s: %s (%s)\n", ++run->done, run->njobs, ee->spec.name, e->id,
                 client_status_text(j->status), j->err);
    fputs(line, stderr); /* one write: stderr is unbuffered */
    pthread_mutex_unlock(&run->lock);
    json_free(&js);
}

/* Appends a playout's line to playouts.jsonl. */
static void record_playout(Runner *run, Job *j)
{
    if (cut_by_stop(j, j->playout->status)) return;
    const EngineEntry *ee = &run->opt->engines->engines[j->engine];
    const EpdEntry *e = &run->suite.entries[j->position];
    const PlayoutResult *r = j->playout;
    const Game *g = run->suite.game;
    GameState *pos = job_position(run, j);
    char line[512];
    if (!pos) return;
    Json js;
    json_init(&js);
    json_begin_object(&js, NULL);
    json_string(&js, "engine", ee->spec.name);
    json_string(&js, "defender", run->defender >= 0 ? run->opt->engines->engines[run->defender].spec.name : ee->spec.name);
    json_string(&js, "position", e->id);
    json_string(&js, "fen", e->fen);
    json_string(&js, "expected", e->result);
    json_int(&js, "within", e->within > 0 ? e->within : PLAYOUT_DEFAULT_MOVES);
    json_string(&js, "status", client_status_text(r->status));
    json_string(&js, "error", r->status == CLIENT_OK ? NULL : r->err);
    json_string(&js, "result", game_result_text(r->outcome.result));
    json_string(&js, "reason", r->outcome.result == RESULT_NONE ? "move bound" : g->reason_name(r->outcome.reason));
    json_int(&js, "plies", r->plies);
    json_moves(&js, "moves", g, pos, r->moves, r->plies, true);
    g->state_free(pos);
    json_bool(&js, "passed", r->status == CLIENT_OK && r->passed);
    json_string(&js, "outcome", r->status != CLIENT_OK ? "engine failed" : r->passed ? "passed" : "not reached");
    json_end_object(&js);
    pthread_mutex_lock(&run->lock);
    if (json_write_line(&js, run->jsonl)) stop_on_write_failure(run);
    snprintf(line, sizeof line, "[%d/%d] %s %s: expected %s, got %s after %d plies: %s\n", ++run->done, run->njobs,
             ee->spec.name, e->id, e->result, game_result_text(r->outcome.result), r->plies,
             r->status != CLIENT_OK ? client_status_text(r->status) : r->passed ? "passed" : "not reached");
    fputs(line, stderr);
    pthread_mutex_unlock(&run->lock);
    json_free(&js);
}

/* Starts a worker's client for engine index i if it has none. */
static Client *ensure_client(Runner *run, Client **client, int i, ClientStatus *status, char *err, size_t errlen)
{
    const EngineEntry *ee = &run->opt->engines->engines[i];
    char stderr_path[1200];
    if (!*client) {
        snprintf(stderr_path, sizeof stderr_path, "%s/%s.stderr.log", run->opt->run_dir, ee->spec.name);
        *client = client_start(&ee->spec, &run->opt->timeouts, run->opt->log, stderr_path, status, err, errlen);
    }
    return *client;
}

/* Plays one annotated position out. */
static void run_playout(Runner *run, Job *j, Client **clients)
{
    PlayoutResult *r = j->playout;
    const EngineList *list = run->opt->engines;
    int d = run->defender >= 0 ? run->defender : j->engine;
    memset(r, 0, sizeof *r);
    Client *a = ensure_client(run, &clients[j->engine], j->engine, &r->status, r->err, sizeof r->err);
    Client *b = a ? ensure_client(run, &clients[d], d, &r->status, r->err, sizeof r->err) : NULL;
    if (a && b) {
        client_new_game(a);
        if (b != a) client_new_game(b);
        GameRules rules = run->suite.game->default_rules;
        rules.rule_set = run->opt->rule_set;
        playout_run(run->suite.game, &rules, client_player(a), &list->engines[j->engine].limits, client_player(b),
                    &list->engines[d].limits, &run->suite.entries[j->position], r);
        if (r->status == CLIENT_STALL || r->status == CLIENT_DISCONNECT) { /* fresh processes next time */
            client_free(clients[j->engine]);
            clients[j->engine] = NULL;
            if (d != j->engine) {
                client_free(clients[d]);
                clients[d] = NULL;
            }
        }
    }
    record_playout(run, j);
}

/* Runs one job with the worker's client for its engine (started on demand,
 * dropped after a crash or stall so the next job gets a fresh process). */
static void run_job(Runner *run, Job *j, Client **client)
{
    const EngineEntry *ee = &run->opt->engines->engines[j->engine];
    const EpdEntry *e = &run->suite.entries[j->position];
    char stderr_path[1200];
    if (!*client) {
        snprintf(stderr_path, sizeof stderr_path, "%s/%s.stderr.log", run->opt->run_dir, ee->spec.name);
        *client = client_start(&ee->spec, &run->opt->timeouts, run->opt->log, stderr_path, &j->status, j->err,
                               sizeof j->err);
    }
    if (*client) {
        j->status = client_new_game(*client);
        if (j->status != CLIENT_OK) snprintf(j->err, sizeof j->err, "%s: no answer to isready / ping", ee->spec.name);
        else j->status = client_go(*client, e->fen, NULL, 0, &ee->limits, &j->reply, j->err, sizeof j->err);
        if (j->status == CLIENT_STALL || j->status == CLIENT_DISCONNECT) {
            client_free(*client);
            *client = NULL;
        }
    }
    j->solved = judge(e, j);
    record(run, j);
}

static void *worker(void *arg)
{
    Runner *run = arg;
    Client *clients[MAX_ENGINES] = {0};
    while (stopsig_level() == 0) {
        int k = atomic_fetch_add(&run->next, 1);
        if (k >= run->njobs) break;
        Job *j = &run->jobs[k];
        if (j->playout)
            run_playout(run, j, clients);
        else
            run_job(run, j, &clients[j->engine]);
    }
    for (int i = 0; i < MAX_ENGINES; i++) client_free(clients[i]);
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Summary                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct {
    int searched, failed, to_solve, solved, compared, same_move, same_score;
    uint64_t nodes;
    int64_t time_ms;
    double log_ebf_sum; /* sum of ln(nodes) / depth */
    int ebf_count;
} Totals;

static const Job *job_at(const Runner *run, int engine, int position)
{
    return &run->jobs[engine * run->suite.count + position];
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
        if (j->status != CLIENT_OK) {
            t.failed++;
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
        if (r->status == CLIENT_OK) {
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
    printf("\n%-16s %9s %8s %14s %10s %12s %6s %9s %9s %7s\n", "engine", "positions", "solved", "nodes", "time(s)",
           "nodes/s", "EBF", "same-move", "same-score", "failed");
    for (int e = 0; e < list->count; e++) {
        Totals t = engine_totals(run, e, ref);
        char solved[32], ebf[16], move[16], score[16];
        snprintf(solved, sizeof solved, t.to_solve ? "%d/%d" : "-", t.solved, t.to_solve);
        snprintf(ebf, sizeof ebf, t.ebf_count ? "%.2f" : "-", exp(t.log_ebf_sum / (t.ebf_count ? t.ebf_count : 1)));
        snprintf(move, sizeof move, t.compared ? "%.0f%%" : "-", 100.0 * t.same_move / (t.compared ? t.compared : 1));
        snprintf(score, sizeof score, t.compared ? "%.0f%%" : "-", 100.0 * t.same_score / (t.compared ? t.compared : 1));
        double nps = t.time_ms > 0 ? 1000.0 * (double)t.nodes / (double)t.time_ms : 0;
        printf("%-16s %9d %8s %14llu %10.2f %12.0f %6s %9s %9s %7d\n", list->engines[e].spec.name, t.searched, solved,
               (unsigned long long)t.nodes, t.time_ms / 1000.0, nps, ebf, move, score, t.failed);
    }
    printf("\nsame-move / same-score: agreement with %s. EBF: geometric mean of nodes^(1/depth).\n",
           list->engines[ref].spec.name);
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) == 0 && run->njobs > 0) {
        double ms = ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3 + ru.ru_stime.tv_sec * 1e3
                    + ru.ru_stime.tv_usec / 1e3;
        printf("harness CPU (qibench itself, not the engines): %.1f ms, %.3f ms per search\n", ms, ms / run->njobs);
    }
}

/* A playout is passed, not reached (played to its end without the expected
 * result: a loss, a draw where a win was expected, the move bound) or engine
 * failed (an engine did not play it to its end). */
typedef struct {
    int played, passed, not_reached, failed;
} PlayoutTotals;

static PlayoutTotals playout_totals(const Runner *run, int e)
{
    PlayoutTotals t = {0, 0, 0, 0};
    for (int k = 0; k < run->njobs; k++) {
        const Job *j = &run->jobs[k];
        if (e >= 0 && j->engine != e) continue;
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
    printf("\n%-16s %9s %8s %12s %14s\n", "engine", "playouts", "passed", "not reached", "engine failed");
    for (int e = 0; e < list->count; e++) {
        PlayoutTotals t = playout_totals(run, e);
        if (t.played)
            printf("%-16s %9d %8d %12d %14d\n", list->engines[e].spec.name, t.played, t.passed, t.not_reached,
                   t.failed);
    }
    printf("\npassed: the expected result within the move bound (a draw: no loss by the end); not reached:\n"
           "played to the end without it; engine failed: an engine did not play it to the end.\n");
}

/* A failed search or playout (a crash, a stall, an illegal move, a
 * position the engine cannot set up) fails the run: one line on stderr
 * says how many and, for unsupported positions, what to do. Returns the
 * number failed. */
static int report_failures(const Runner *run)
{
    int failed = 0, unsupported = 0, first_unsupported = -1;
    for (int k = 0; k < run->njobs; k++) {
        const Job *j = &run->jobs[k];
        ClientStatus st = j->playout ? j->playout->status : j->status;
        if (st == CLIENT_OK) continue;
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
            reply[e * np + p] = j->status == CLIENT_OK ? &j->reply : NULL;
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
 * percentages; null where a value does not exist). Returns 0 or -1. */
static int write_summary(const Runner *run, int ref, int baseline, const char *state)
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
            PlayoutTotals t = playout_totals(run, e);
            int d = run->defender >= 0 ? run->defender : e;
            json_string(&j, "defender", list->engines[d].spec.name);
            json_int(&j, "playouts", t.played);
            json_int(&j, "passed", t.passed);
            json_int(&j, "not_reached", t.not_reached);
            json_int(&j, "failed", t.failed); /* engine failed */
        } else {
            Totals t = engine_totals(run, e, ref);
            json_int(&j, "searched", t.searched);
            json_int(&j, "failed", t.failed);
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

/* ------------------------------------------------------------------------ */
/* The run                                                                  */
/* ------------------------------------------------------------------------ */

/* Index of the engine with this name; `fallback` when name is NULL, -1 if none. */
static int find_engine(const SuiteOptions *opt, const char *name, int fallback)
{
    if (!name) return fallback;
    for (int e = 0; e < opt->engines->count; e++)
        if (strcmp(opt->engines->engines[e].spec.name, name) == 0) return e;
    return -1;
}

/* The jobs: every (engine, position), or for playouts every (engine but the
 * defender, position with a result). Returns the number made. */
static int make_jobs(Runner *run)
{
    int n = 0;
    for (int e = 0; e < run->opt->engines->count; e++)
        for (int p = 0; p < run->suite.count; p++) {
            if (run->opt->playout && (e == run->defender || !run->suite.entries[p].result[0])) continue;
            Job *j = &run->jobs[n++];
            j->engine = e;
            j->position = p;
            j->status = CLIENT_START_FAILED; /* until it runs: a job a stopped run never ran counts as failed */
            snprintf(j->err, sizeof j->err, "not run");
            if (run->opt->playout) {
                if (!(j->playout = calloc(1, sizeof *j->playout))) return -1;
                j->playout->status = CLIENT_START_FAILED;
            }
        }
    return n;
}

static int start_workers(Runner *run)
{
    int n = run->opt->concurrency > 0 ? run->opt->concurrency : 1;
    pthread_t threads[256];
    if (n > 256) n = 256;
    int started = 0;
    for (; started < n; started++)
        if (pthread_create(&threads[started], NULL, worker, run) != 0) break;
    if (started == 0) worker(run); /* no thread could be made: work here */
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    return 0;
}

int suite_run(const SuiteOptions *opt)
{
    Runner run;
    char err[512], path[1200];
    memset(&run, 0, sizeof run);
    run.opt = opt;
    int ref = find_engine(opt, opt->reference, 0);
    run.defender = find_engine(opt, opt->defender, -1);
    int baseline = find_engine(opt, opt->baseline, -1);
    if (ref < 0 || (opt->defender && run.defender < 0) || (opt->baseline && baseline < 0)) {
        const char *flag = ref < 0 ? "--reference" : opt->baseline && baseline < 0 ? "--baseline" : "--defender";
        const char *name = ref < 0 ? opt->reference : opt->baseline && baseline < 0 ? opt->baseline : opt->defender;
        fprintf(stderr, "qibench suite: %s: no engine is named '%s'\n", flag, name);
        return 2;
    }
    if (epd_load(opt->game ? opt->game : game_default(), opt->suite_path, &run.suite, err, sizeof err)) {
        fprintf(stderr, "qibench suite: %s\n", err);
        return 2;
    }
    snprintf(path, sizeof path, "%s/%s", opt->run_dir, opt->playout ? "playouts.jsonl" : "searches.jsonl");
    run.jsonl = fopen(path, "a");
    run.jobs = calloc((size_t)(opt->engines->count * run.suite.count + 1), sizeof *run.jobs);
    run.njobs = run.jobs ? make_jobs(&run) : -1;
    if (!run.jsonl || run.njobs < 0) {
        fprintf(stderr, "qibench suite: cannot write %s\n", path);
        epd_free(&run.suite);
        free(run.jobs);
        if (run.jsonl) fclose(run.jsonl);
        return 3;
    }
    if (opt->playout && run.njobs == 0)
        fprintf(stderr, "qibench suite: no position in %s has a result to play out\n", opt->suite_path);
    pthread_mutex_init(&run.lock, NULL);
    stopsig_install("searches");
    start_workers(&run);
    if (stopsig_level() > 1) proc_kill_all(); /* any engine started as the stop came */
    int stop_status = stopsig_status();
    stopsig_restore();
    pthread_mutex_destroy(&run.lock);
    if (opt->playout)
        print_playout_table(&run);
    else
        print_table(&run, ref);
    if (!opt->playout) {
        DepthInput in = depth_input(&run, ref, baseline);
        if (in.nengines) suite_depth_print(&in, stdout);
        free_depth_input(&in);
    }
    int status = run.write_failed || fclose(run.jsonl) != 0 ? 3 : 0;
    const char *state = status ? "stopped" : stop_status ? "interrupted" : "finished";
    if (write_summary(&run, ref, baseline, state)) {
        fprintf(stderr, "qibench suite: cannot write %s/summary.json\n", opt->run_dir);
        status = 3;
    }
    printf("results: %s, %s/summary.json\n", path, opt->run_dir);
    if (status) fprintf(stderr, "qibench suite: writing %s failed\n", path);
    if (status == 0 && !stop_status) {
        int failed = report_failures(&run);
        if (opt->playout) {
            /* a playout not passed (not reached, or an engine failed) is not a success */
            PlayoutTotals t = playout_totals(&run, -1);
            if (t.not_reached || t.failed)
                fprintf(stderr, "qibench suite: %d of %d playouts not passed (%d not reached, %d engine failed)\n",
                        t.not_reached + t.failed, t.played, t.not_reached, t.failed);
            if (t.not_reached) status = 1;
        }
        if (failed) status = 3; /* an engine failure outranks a result not reached */
    }
    if (stop_status && (status == 0 || stop_status > 130)) status = stop_status;
    epd_free(&run.suite);
    for (int k = 0; k < run.njobs; k++) free(run.jobs[k].playout);
    free(run.jobs);
    return status;
}
