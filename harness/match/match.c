/*
 * match/match.c - `qibench match` / `tournament`: the pairings, paired games
 * scheduled over worker threads, Ctrl-C, and the run from start to end.
 * The tallies and tables are in match/standings.c, summary.json in results/summary.c,
 * games.jsonl / games.pgn in results/io.c (all sharing match/match_run.h).
 */
#include <ctype.h>
#include "match/match.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "formats/pgnout.h"
#include "match/match_run.h"
#include "proc/proc.h"
#include "results/check.h"
#include "proc/stopsig.h"
#include "util/util.h"

/* ------------------------------------------------------------------------ */
/* A finished game                                                          */
/* ------------------------------------------------------------------------ */

/* The game's line on stderr, the standings at a rating interval and the
 * status line. Caller holds the lock. */
static void show_progress(MatchRun *run, const GameRecord *g, int red, int black)
{
    const EngineList *list = run->opt->engines;
    char line[512];
    snprintf(line, sizeof line, "game %d: %s - %s %s (%s%s%s), %d plies\n", run->games_done,
             list->engines[red].spec.name, list->engines[black].spec.name, game_result_text(g->result),
             game_termination_text(run->opt->game, g), g->detail[0] ? ": " : "", g->detail, g->plies);
    int every = run->opt->progress > 0 ? run->opt->progress : 10;
    int ri = run->opt->rating_interval;
    if (run->tty) fputs("\r\033[K", stderr); /* the game line goes above the status line */
    fputs(line, stderr);
    if (ri > 0 && run->games_done % ri == 0 && run->games_done < run->games_planned) {
        fflush(stderr);
        standings_print(run);
        summary_write(run, "running");
    }
    if (run->tty || run->games_done % every == 0) {
        standings_put_status(run, stderr);
        fputs(run->tty ? "" : "\n", stderr);
        run->status_shown = run->tty;
    }
    fflush(stderr);
}

/* Writes one finished game (results_write_game) and counts it; a failed
 * write stops the run. */
static void record_game(MatchRun *run, const GameRecord *g, int red, int black, int k, int i, const Opening *op)
{
    GameOutput out;
    results_game_output(run, g, red, black, k, i, op, &out);
    pthread_mutex_lock(&run->lock);
    if (stopsig_level() > 1) { /* a hard stop killed the engines: a game cut short is no result */
        pthread_mutex_unlock(&run->lock);
        json_free(&out.json);
        return;
    }
    if (results_write_game(run, g, &out)) {
        /* A full disk: stop cleanly. The three files were cut back to the
         * last whole game, so --resume goes on from there. */
        if (!run->write_failed)
            fprintf(stderr, "qibench: cannot write the results in %s (%s): stopping; %s\n", run->opt->run_dir,
                    errno ? strerror(errno) : "write failed",
                    run->rollback_failed ? "the files could not be cut back: --resume will discard a torn last line"
                                         : "the files hold the games before it; go on later with --resume");
        run->write_failed = true;
        atomic_store(&run->stop, true);
        pthread_mutex_unlock(&run->lock);
        json_free(&out.json);
        return;
    }
    standings_account(run, k, i, red, black, g->result, standings_term_key(run, g), g->plies - g->opening_plies);
    standings_count_line(run, out.json.buf);
    if (pgnout_game(run->opt->pgnout, run->opt->game, &out.tags, g) && !run->write_failed) {
        fprintf(stderr, "qibench: cannot write the --pgnout file %s: stopping\n", run->opt->pgnout->pgn);
        run->write_failed = true;
        atomic_store(&run->stop, true);
    }
    show_progress(run, g, red, black);
    pthread_mutex_unlock(&run->lock);
    json_free(&out.json);
}

/* ------------------------------------------------------------------------ */
/* Playing                                                                  */
/* ------------------------------------------------------------------------ */

/* The worker's client for engine i, started on demand (pinned to cpus,
 * the worker's game slot's, unless NULL). */
static Client *engine_client(MatchRun *run, Client **clients, const CpuList *cpus, int i, ClientStatus *st, char *err,
                             size_t errlen)
{
    const EngineEntry *ee = &run->opt->engines->engines[i];
    char stderr_path[1200];
    if (!clients[i]) {
        static _Thread_local EngineSpec spec; /* large: not on the stack */
        spec = ee->spec;
        spec.cpus = cpus;
        snprintf(stderr_path, sizeof stderr_path, "%s/%s.stderr.log", run->opt->run_dir, ee->spec.name);
        clients[i] = client_start(&spec, &run->opt->timeouts, run->opt->log, stderr_path, st, err, errlen);
    }
    return clients[i];
}

/* Plays one game; a side whose engine cannot start loses it. */
static void play_one(MatchRun *run, Client **clients, const CpuList *cpus, int red, int black, const Opening *op,
                     GameRecord *g)
{
    const EngineList *list = run->opt->engines;
    const Game *game = run->opt->game;
    char err[256];
    ClientStatus st = CLIENT_OK;
    Client *c[2] = {engine_client(run, clients, cpus, red, &st, err, sizeof err), NULL};
    if (c[0]) c[1] = engine_client(run, clients, cpus, black, &st, err, sizeof err);
    if (!c[0] || !c[1]) {
        int side = c[0] ? 1 : 0;
        char who[16];
        snprintf(who, sizeof who, "%s", game->side_name[side]);
        who[0] = (char)tolower((unsigned char)who[0]);
        memset(g, 0, sizeof *g);
        snprintf(g->fen, sizeof g->fen, "%s", op ? op->fen : game->start);
        g->result = game_win_for(!side);
        /* no uciok / readyok in time is a stall; not running at all, a crash */
        g->term = st == CLIENT_NO_HANDSHAKE || st == CLIENT_STALL ? TERM_STALL : TERM_CRASH;
        g->loser_side = side;
        snprintf(g->detail, sizeof g->detail, "%s: %.200s", who, err);
        return;
    }
    GameSetup setup = {game, {client_player(c[0]), client_player(c[1])},
                       {&list->engines[red].tc, &list->engines[black].tc}, run->opt->adj, run->opt->rules, 0, false, NULL};
    /* The per-engine limits (depth, nodes, st) go with the time control. */
    TimeControl tc[2] = {list->engines[red].tc, list->engines[black].tc};
    for (int side = 0; side < 2; side++) {
        const GoLimits *l = &list->engines[side == 0 ? red : black].limits;
        tc[side].depth = l->depth;
        tc[side].nodes = l->nodes;
        tc[side].movetime_ms = l->movetime;
        setup.tc[side] = &tc[side];
    }
    client_new_game(c[0]);
    if (c[1] != c[0]) client_new_game(c[1]);
    game_play(&setup, op ? op->fen : game->start, op ? op->moves : NULL, op ? op->nmoves : 0, g);
}

/* After a game: an engine that crashed or stalled is dropped (restarted at
 * its next game). Without --recover that stops the run: returns true. */
static bool after_game(MatchRun *run, Client **clients, const GameRecord *g, int red, int black)
{
    if (stopsig_level() > 1) return true; /* killed by a hard stop: not the engine's failure */
    if (g->term != TERM_CRASH && g->term != TERM_STALL) return false;
    int loser = g->loser_side == 0 ? red : black;
    client_free(clients[loser]);
    clients[loser] = NULL;
    if (run->opt->recover) return false;
    pthread_mutex_lock(&run->lock);
    run->engine_failed = true;
    pthread_mutex_unlock(&run->lock);
    atomic_store(&run->stop, true);
    return true;
}

static bool stopping(MatchRun *run)
{
    return atomic_load(&run->stop) || stopsig_level() != 0;
}

/*
 * The next pair to play; -1 or njobs or more when there is none. Knockout
 * and Swiss: when every pair handed out is finished and none is left, the
 * next stage is planned from the results (formats_extend); until then the
 * thread waits (a stage's pairs keep every thread busy, the next stage
 * waits for the last pair of this one).
 */
static int next_job(MatchRun *run)
{
    if (!run->plan) return atomic_fetch_add(&run->next, 1);
    int k = -1;
    pthread_mutex_lock(&run->lock);
    while (!stopping(run)) {
        if (atomic_load(&run->next) < run->njobs) {
            k = atomic_fetch_add(&run->next, 1);
            run->in_flight++;
            break;
        }
        if (run->in_flight == 0) {
            if (formats_extend(run) > 0) {
                pthread_cond_broadcast(&run->wake);
                continue;
            }
            break;
        }
        struct timespec until; /* wakes up now and then to see a signal's stop */
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 200 * 1000000L;
        if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
        pthread_cond_timedwait(&run->wake, &run->lock, &until);
    }
    pthread_mutex_unlock(&run->lock);
    return k;
}

/* A pair from next_job is finished (knockout and Swiss). */
static void job_finished(MatchRun *run)
{
    if (!run->plan) return;
    pthread_mutex_lock(&run->lock);
    run->in_flight--;
    pthread_cond_broadcast(&run->wake);
    pthread_mutex_unlock(&run->lock);
}

/* Plays the games of pair k not yet in games.jsonl. */
static void play_pair(MatchRun *run, Client **clients, const CpuList *cpus, int k)
{
    static _Thread_local GameRecord game;
    PairJob *job = &run->jobs[k];
    if (!job->mine || job->done == 3) return;
    Pairing *p = &run->pairings[job->pairing];
    const Opening *op = run->book.count ? &run->book.items[job->round % run->book.count] : NULL;
    /* Game 0: a has Red; game 1: colours swapped. A game already in
     * games.jsonl (--resume) is not played again. */
    for (int i = 0; i < 2 && !stopping(run); i++) {
        if (job->done & (1u << i)) continue;
        bool first = i == 0 || run->opt->noswap;
        int red = first ? p->a : p->b, black = first ? p->b : p->a;
        play_one(run, clients, cpus, red, black, op, &game);
        record_game(run, &game, red, black, k, i, op);
        if (after_game(run, clients, &game, red, black)) break;
        if (run->opt->wait_ms > 0 && !stopping(run)) util_sleep_ms(run->opt->wait_ms);
    }
}

/* A worker: one game slot, its engines on the slot's CPUs (--use-affinity). */
typedef struct {
    MatchRun *run;
    CpuList cpus; /* empty: not pinned */
} MatchWorker;

static void *match_worker(void *arg)
{
    MatchWorker *w = arg;
    MatchRun *run = w->run;
    Client *clients[MAX_ENGINES] = {0};
    while (!stopping(run)) {
        int k = next_job(run);
        if (k < 0 || k >= run->njobs) break;
        play_pair(run, clients, w->cpus.n ? &w->cpus : NULL, k);
        job_finished(run);
    }
    for (int i = 0; i < MAX_ENGINES; i++) client_free(clients[i]);
    return NULL;
}


/* ------------------------------------------------------------------------ */
/* The run                                                                  */
/* ------------------------------------------------------------------------ */

static void make_pairings(MatchRun *run)
{
    const MatchOptions *opt = run->opt;
    int n = opt->engines->count;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            if (opt->format == FORMAT_MATCH && (a != 0 || b != 1)) continue;
            if (opt->format == FORMAT_GAUNTLET && a != 0) continue;
            run->pairings[run->npairings++] = (Pairing){.a = a, .b = b};
        }
}


/* The tallies of the stored games: the search statistics with the run's
 * engines in their order, and the rating list. */
static void init_tallies(MatchRun *run)
{
    const EngineList *list = run->opt->engines;
    const char *names[MAX_ENGINES];
    for (int e = 0; e < list->count; e++) names[e] = list->engines[e].spec.name;
    run->search = searchstats_new(run->opt->game, names, list->count);
    if (!run->search) fprintf(stderr, "qibench: warning: no search statistics: out of memory\n");
    ratings_games_init(&run->ratings);
}

static void free_run(MatchRun *run)
{
    searchstats_free(run->search);
    ratings_games_free(&run->ratings);
    record_free(&run->stored);
    book_free(&run->book);
    free(run->jobs);
    formats_free(run);
}

/* Plays this shard's unfinished games on opt->concurrency threads, worker
 * s in game slot s (--use-affinity: its engines on the slot's CPUs). */
static void play_all(MatchRun *run)
{
    stopsig_install("games");
    int n = run->opt->concurrency > 0 ? run->opt->concurrency : 1;
    if (n > 256) n = 256;
    pthread_t threads[256];
    MatchWorker *workers = calloc((size_t)n, sizeof *workers);
    static MatchWorker alone; /* out of memory: one worker, here */
    int started = 0;
    for (int s = 0; workers && s < n; s++) {
        workers[s].run = run;
        affinity_slot(&run->opt->affinity, n, s, &workers[s].cpus);
    }
    for (; workers && started < n; started++)
        if (pthread_create(&threads[started], NULL, match_worker, &workers[started]) != 0) break;
    if (started == 0) {
        alone.run = run;
        affinity_slot(&run->opt->affinity, n, 0, &alone.cpus);
        match_worker(workers ? &workers[0] : &alone);
    }
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    free(workers);
    run->interrupted = stopsig_level() != 0;
    if (stopsig_level() > 1) proc_kill_all(); /* any engine started while the stop came */
    run->stop_status = stopsig_status();
    stopsig_restore();
}

/* The book, the pairings and the game pairs of this shard. Returns 0, or 2
 * after printing the error. */
static int plan_run(MatchRun *run, const MatchOptions *opt)
{
    char err[512];
    if (opt->has_book && book_load(&opt->book, &run->book, err, sizeof err)) {
        fprintf(stderr, "qibench: %s\n", err);
        return 2;
    }
    if (formats_staged(opt)) { /* planned a stage at a time, as the results come in */
        if (formats_init(run) == 0) return 0;
        fprintf(stderr, "qibench: out of memory\n");
        return 2;
    }
    make_pairings(run);
    run->njobs = run->npairings * opt->rounds;
    run->jobs = calloc((size_t)(run->njobs > 0 ? run->njobs : 1), sizeof *run->jobs);
    if (!run->jobs) {
        fprintf(stderr, "qibench: out of memory\n");
        return 2;
    }
    for (int k = 0; k < run->njobs; k++) { /* round-major: every pairing plays round r before r + 1 */
        bool mine = opt->shard_n == 0 || k % opt->shard_n == opt->shard_k - 1;
        run->jobs[k] = (PairJob){k % run->npairings, k / run->npairings, mine, 0, {0, 0}};
        run->games_planned += mine ? 2 : 0;
    }
    return 0;
}

/* The output files: a merge reads the shards' games and writes the three
 * files anew, a resumed run reads its own back (rewriting games.pgn and
 * games.sgf when they differ) and appends. Returns 0, or 2 after printing
 * the error (nothing changed, the files closed). */
static int open_run(MatchRun *run, const MatchOptions *opt)
{
    char err[1400] = "";
    int status = 0;
    run->games_fd = run->pgn_fd = run->sgf_fd = -1;
    run->torn_at = -1;
    if (check_run_json(opt->run_dir, run->chain, err, sizeof err)) status = 2;
    for (int d = 0; status == 0 && d < opt->nmerge; d++)
        if (results_load(run, opt->merge_dirs[d], true)) status = 2;
    if (status == 0 && opt->nmerge == 0 && opt->resume && results_load(run, opt->run_dir, false)) status = 2;
    if (status == 0 && (opt->nmerge > 0 || opt->resume) && results_commit(run, opt->nmerge > 0)) status = 2;
    results_free_derived(run);
    if (status == 0 && results_open(run, err, sizeof err)) status = 2;
    if (status == 0 && opt->pgnout && opt->nmerge == 0 && pgnout_open(opt->pgnout, err, sizeof err)) status = 2;
    if (status == 0 && opt->resume)
        fprintf(stderr, "qibench: resuming %s: %d of %d games already played\n", opt->run_dir, run->games_done,
                run->games_planned);
    if (status && err[0]) fprintf(stderr, "qibench: %s\n", err);
    if (status) results_close(run);
    return status;
}

static void print_harness_cpu(const MatchRun *run)
{
    struct rusage ru;
    long plies = run->plies_played;
    if (getrusage(RUSAGE_SELF, &ru) == 0 && plies > 0) {
        double ms = ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3 + ru.ru_stime.tv_sec * 1e3
                    + ru.ru_stime.tv_usec / 1e3;
        printf("harness CPU (qibench itself, not the engines): %.1f ms, %.4f ms per ply\n", ms, ms / plies);
    }
}

/* After the games: the results printed, the files closed, summary.json,
 * what to do next. Returns the exit status: 0 finished or H1, 1 H0
 * accepted, 3 stopped by errors, 130 interrupted (a hard stop: 128 + its
 * signal; 2, usage, is main's). */
static int finish_run(MatchRun *run, const MatchOptions *opt)
{
    if (run->status_shown) fputs("\n", stderr); /* keep the last status line */
    standings_print_results(run);
    print_harness_cpu(run);
    if (run->engine_failed) fprintf(stderr, "qibench: stopped after an engine failure (use --recover to go on)\n");
    int status = run->sprt_done && run->sprt.verdict == SPRT_H0 ? 1 : 0;
    if (results_close(run) | pgnout_close(opt->pgnout) || run->write_failed || run->engine_failed) status = 3;
    bool complete = (run->games_done == run->games_planned && formats_over(run)) || run->sprt_done;
    const char *state = status == 3 ? "stopped" : run->interrupted || !complete ? "interrupted" : "finished";
    summary_write(run, state);
    printf("results: %s/games.jsonl, %s/games.pgn, %s/summary.json\n", opt->run_dir, opt->run_dir, opt->run_dir);
    if (run->interrupted) {
        printf("interrupted: %d of %d games saved; go on with: qibench %s --resume %s\n", run->games_done,
               run->games_planned, opt->format == FORMAT_MATCH ? "match" : "tournament", opt->run_dir);
        if (status == 0 || run->stop_status > 130) status = run->stop_status;
    } else if (opt->nmerge > 0 && !complete) {
        fprintf(stderr, "qibench merge: %d of %d games present: a shard is missing or unfinished\n", run->games_done,
                run->games_planned);
    }
    return status;
}

int match_run(const MatchOptions *opt)
{
    static MatchRun run;
    memset(&run, 0, sizeof run);
    run.opt = opt;
    init_tallies(&run);
    int status = plan_run(&run, opt);
    if (status == 0) {
        pthread_mutex_init(&run.lock, NULL);
        pthread_cond_init(&run.wake, NULL);
        status = open_run(&run, opt);
        if (status == 0) {
            run.tty = isatty(STDERR_FILENO) == 1;
            run.start_ms = util_monotonic_ms();
            if (opt->nmerge == 0) play_all(&run);
        }
        pthread_mutex_destroy(&run.lock);
        pthread_cond_destroy(&run.wake);
        if (status == 0) status = finish_run(&run, opt);
    }
    free_run(&run);
    return status;
}
