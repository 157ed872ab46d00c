/*
 * suite/suite.c - `qibench suite`: a job per (engine, position), N worker
 * threads, each with its own engine processes; one JSON line per search,
 * written whole and flushed; a table per engine at the end.
 */
#include "suite/suite.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "formats/epd.h"
#include "results/json.h"
#include "play/playout.h"
#include "proc/proc.h"
#include "proc/stopsig.h"
#include "suite/suite_impl.h"

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

int suite_judge(const EpdEntry *e, const Job *j)
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
    else j->stored = true;
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
    else j->stored = true;
    snprintf(line, sizeof line, "[%d/%d] %s %s: expected %s, got %s after %d plies: %s\n", ++run->done, run->njobs,
             ee->spec.name, e->id, e->result, game_result_text(r->outcome.result), r->plies,
             r->status != CLIENT_OK ? client_status_text(r->status) : r->passed ? "passed" : "not reached");
    fputs(line, stderr);
    pthread_mutex_unlock(&run->lock);
    json_free(&js);
}

/* Starts a worker's client for engine index i if it has none (pinned to
 * cpus, the worker's slot's, unless NULL). */
static Client *ensure_client(Runner *run, Client **client, const CpuList *cpus, int i, ClientStatus *status, char *err,
                             size_t errlen)
{
    const EngineEntry *ee = &run->opt->engines->engines[i];
    char stderr_path[1200];
    if (!*client) {
        static _Thread_local EngineSpec spec; /* large: not on the stack */
        spec = ee->spec;
        spec.cpus = cpus;
        snprintf(stderr_path, sizeof stderr_path, "%s/%s.stderr.log", run->opt->run_dir, ee->spec.name);
        *client = client_start(&spec, &run->opt->timeouts, run->opt->log, stderr_path, status, err, errlen);
    }
    return *client;
}

/* Plays one annotated position out. */
static void run_playout(Runner *run, Job *j, Client **clients, const CpuList *cpus)
{
    PlayoutResult *r = j->playout;
    const EngineList *list = run->opt->engines;
    int d = run->defender >= 0 ? run->defender : j->engine;
    memset(r, 0, sizeof *r);
    Client *a = ensure_client(run, &clients[j->engine], cpus, j->engine, &r->status, r->err, sizeof r->err);
    Client *b = a ? ensure_client(run, &clients[d], cpus, d, &r->status, r->err, sizeof r->err) : NULL;
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
static void run_job(Runner *run, Job *j, Client **client, const CpuList *cpus)
{
    const EngineEntry *ee = &run->opt->engines->engines[j->engine];
    const EpdEntry *e = &run->suite.entries[j->position];
    if (ensure_client(run, client, cpus, j->engine, &j->status, j->err, sizeof j->err)) {
        j->status = client_new_game(*client);
        if (j->status != CLIENT_OK) snprintf(j->err, sizeof j->err, "%s: no answer to isready / ping", ee->spec.name);
        else j->status = client_go(*client, e->fen, NULL, 0, &ee->limits, &j->reply, j->err, sizeof j->err);
        if (j->status == CLIENT_STALL || j->status == CLIENT_DISCONNECT) {
            client_free(*client);
            *client = NULL;
        }
    }
    j->solved = suite_judge(e, j);
    record(run, j);
}

/* A worker: one slot, its engines on the slot's CPUs (--use-affinity). */
typedef struct {
    Runner *run;
    CpuList cpus; /* empty: not pinned */
} SuiteWorker;

static void *worker(void *arg)
{
    SuiteWorker *w = arg;
    Runner *run = w->run;
    const CpuList *cpus = w->cpus.n ? &w->cpus : NULL;
    Client *clients[MAX_ENGINES] = {0};
    while (stopsig_level() == 0) {
        int k = atomic_fetch_add(&run->next, 1);
        if (k >= run->njobs) break;
        Job *j = &run->jobs[k];
        if (j->stored) continue; /* --resume: read back */
        if (j->playout)
            run_playout(run, j, clients, cpus);
        else
            run_job(run, j, &clients[j->engine], cpus);
    }
    for (int i = 0; i < MAX_ENGINES; i++) client_free(clients[i]);
    return NULL;
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
            j->status = CLIENT_START_FAILED; /* until it runs; one never run (not stored) is unsearched */
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
    SuiteWorker *workers = calloc((size_t)n, sizeof *workers);
    static SuiteWorker alone; /* out of memory: one worker, here */
    int started = 0;
    for (int s = 0; workers && s < n; s++) {
        workers[s].run = run;
        affinity_slot(&run->opt->affinity, n, s, &workers[s].cpus); /* worker s in slot s */
    }
    for (; workers && started < n; started++)
        if (pthread_create(&threads[started], NULL, worker, &workers[started]) != 0) break;
    if (started == 0) { /* no thread could be made: work here */
        alone.run = run;
        affinity_slot(&run->opt->affinity, n, 0, &alone.cpus);
        worker(workers ? &workers[0] : &alone);
    }
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    free(workers);
    return 0;
}

/* The run's exit status once every job is done or stopped: 0, 1 (a playout
 * not reached), 3 (results not written, an engine failed) or the stop's. */
static int finish(Runner *run, int ref, int baseline, int stop_status, const char *path)
{
    const SuiteOptions *opt = run->opt;
    suite_print_tables(run, ref, baseline);
    int status = run->write_failed || fclose(run->jsonl) != 0 ? 3 : 0;
    const char *state = status ? "stopped" : stop_status ? "interrupted" : "finished";
    if (suite_write_summary(run, ref, baseline, state)) {
        fprintf(stderr, "qibench suite: cannot write %s/summary.json\n", opt->run_dir);
        status = 3;
    }
    printf("results: %s, %s/summary.json\n", path, opt->run_dir);
    if (status) fprintf(stderr, "qibench suite: writing %s failed\n", path);
    suite_report_unsearched(run);
    if (status == 0 && !stop_status) {
        int failed = suite_report_failures(run);
        if (opt->playout) {
            /* a playout not passed (not reached, or an engine failed) is not a success */
            PlayoutTotals t = suite_playout_totals(run, -1);
            if (t.not_reached || t.failed)
                fprintf(stderr, "qibench suite: %d of %d playouts not passed (%d not reached, %d engine failed)\n",
                        t.not_reached + t.failed, t.played, t.not_reached, t.failed);
            if (t.not_reached) status = 1;
        }
        if (failed) status = 3; /* an engine failure outranks a result not reached */
    }
    if (stop_status && (status == 0 || stop_status > 130)) status = stop_status;
    return status;
}

/* The words for the jobs in messages. */
static const char *jobs_word(const Runner *run)
{
    return run->opt->playout ? "playouts" : "searches";
}

/* --resume: the stored searches read back and checked (none left to make:
 * nothing to resume), then the engines checked, as a new run checks them
 * before its folder is made. Returns 0, or the exit status. */
static int resume_run(Runner *run, const char *path)
{
    const SuiteOptions *opt = run->opt;
    if (!opt->resume) return 0;
    if (suite_read_back(run)) return 2;
    if (run->restored == run->njobs) {
        fprintf(stderr, "qibench suite: %s is finished: its %d %s are all in %s (nothing to resume)\n", opt->run_dir,
                run->njobs, jobs_word(run), path);
        return 2;
    }
    fprintf(stderr, "qibench suite: resuming %s: %d of %d %s read back, %d to make\n", opt->run_dir, run->restored,
            run->njobs, jobs_word(run), run->njobs - run->restored);
    int checked = spec_preflight(opt->engines, &opt->timeouts, false, "qibench suite");
    return checked < 0 ? 2 : checked;
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
    run.jobs = calloc((size_t)(opt->engines->count * run.suite.count + 1), sizeof *run.jobs);
    run.njobs = run.jobs ? make_jobs(&run) : -1;
    int status = run.njobs < 0 ? 3 : resume_run(&run, path);
    if (status == 0 && !(run.jsonl = fopen(path, "a"))) status = 3;
    if (status == 3) fprintf(stderr, "qibench suite: cannot write %s\n", path);
    if (status == 0) {
        if (opt->playout && run.njobs == 0)
            fprintf(stderr, "qibench suite: no position in %s has a result to play out\n", opt->suite_path);
        pthread_mutex_init(&run.lock, NULL);
        stopsig_install("searches");
        start_workers(&run);
        if (stopsig_level() > 1) proc_kill_all(); /* any engine started as the stop came */
        int stop_status = stopsig_status();
        stopsig_restore();
        pthread_mutex_destroy(&run.lock);
        status = finish(&run, ref, baseline, stop_status, path);
    }
    epd_free(&run.suite);
    for (int k = 0; run.jobs && k < run.njobs; k++) free(run.jobs[k].playout);
    free(run.jobs);
    return status;
}
