/*
 * match.c - paired games over worker threads, results written as each game
 * ends, statistics per pairing.
 */
#include "match.h"

#include <math.h>
#include <pthread.h>
#include <sys/resource.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "json.h"
#include "notation.h"
#include "pgn.h"

#define MAX_PAIRINGS (MAX_ENGINES * MAX_ENGINES / 2)
#define TERM_KINDS 16

typedef struct {
    int a, b;               /* engine indexes; results are from a's side */
    int64_t wdl[3];
    int64_t penta[PENTA_CELLS];
    int64_t game_wdl[3];    /* per finished game (wdl and penta count whole pairs) */
} Pairing;

typedef struct {
    int pairing, round;
} PairJob;

typedef struct {
    const MatchOptions *opt;
    OpeningBook book;
    Pairing pairings[MAX_PAIRINGS];
    int npairings;
    PairJob *jobs;
    int njobs;
    atomic_int next;
    atomic_bool stop;       /* SPRT verdict or an engine failure without --recover */
    pthread_mutex_t lock;   /* guards everything below and the output files */
    FILE *games, *pgn;
    int games_done, pairs_done;
    long plies_played;      /* engine moves, for the harness CPU per ply */
    int term_counts[TERM_KINDS + END_MAX_PLIES + 1];
    bool write_failed, engine_failed;
    SprtResult sprt;
    bool sprt_done;
    bool tty;               /* stderr is a terminal: one live status line */
    bool status_shown;      /* the status line is on the screen (tty only) */
    struct timespec start;
    int64_t engine_wdl[MAX_ENGINES][3]; /* each engine's W/D/L over all its games */
} MatchRun;

/* ------------------------------------------------------------------------ */
/* Output                                                                   */
/* ------------------------------------------------------------------------ */

static void json_game(Json *js, const MatchRun *run, const GameRecord *g, int red, int black, int pair, int round,
                      const Opening *op)
{
    const EngineList *list = run->opt->engines;
    char text[8];
    json_begin_object(js, NULL);
    json_string(js, "red", list->engines[red].spec.name);
    json_string(js, "black", list->engines[black].spec.name);
    json_int(js, "round", round + 1);
    json_int(js, "pair", pair);
    json_string(js, "opening", op ? op->id : "startpos");
    json_string(js, "fen", g->fen);
    json_string(js, "result", rules_result_text(g->result));
    json_string(js, "reason", game_termination_text(g));
    json_string(js, "detail", g->detail[0] ? g->detail : NULL);
    json_int(js, "plies", g->plies);
    json_begin_array(js, "moves");
    for (int i = 0; i < g->plies; i++) {
        const MoveRecord *m = &g->moves[i];
        move_to_iccs(m->move, text);
        json_begin_object(js, NULL);
        json_string(js, "move", text);
        if (i < g->opening_plies) {
            json_bool(js, "book", true);
        } else {
            json_int(js, "time_ms", m->time_ms);
            json_int(js, "depth", m->depth);
            json_uint(js, "nodes", m->nodes);
            if (m->has_score) json_int(js, m->mate ? "mate" : "cp", m->score);
        }
        json_end_object(js);
    }
    json_end_array(js);
    json_end_object(js);
}

/* Points of engine `a` in a game where it played `a_side`. */
static int points2(const GameRecord *g, int a_side) /* in half points */
{
    if (g->result == RESULT_DRAW) return 1;
    bool red_won = g->result == RESULT_RED_WINS;
    return (red_won == (a_side == RED)) ? 2 : 0;
}

static int wdl_index(int half) { return half == 2 ? 0 : half == 1 ? 1 : 2; }

static void fput_value(FILE *f, const char *fmt, double v)
{
    if (isfinite(v)) fprintf(f, fmt, v);
    else fputs("n/a", f);
}

/* The status line, without a line end: games, W/D/L, Elo and LLR of the
 * first pairing (a match only), games per minute and time left. */
static void put_status(const MatchRun *run, FILE *f)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double minutes = ((double)(now.tv_sec - run->start.tv_sec) + (now.tv_nsec - run->start.tv_nsec) / 1e9) / 60;
    int total = 2 * run->njobs;
    fprintf(f, "games %d/%d", run->games_done, total);
    if (run->npairings == 1) {
        const Pairing *p = &run->pairings[0];
        StatsSummary st;
        stats_from_wdl(p->game_wdl[0], p->game_wdl[1], p->game_wdl[2], &st);
        fprintf(f, "  +%lld =%lld -%lld  Elo ", (long long)p->game_wdl[0], (long long)p->game_wdl[1],
                (long long)p->game_wdl[2]);
        fput_value(f, "%+.1f", st.elo);
        fputs(" \xc2\xb1 ", f);
        fput_value(f, "%.1f", st.elo_error);
        if (run->opt->has_sprt) {
            SprtResult r;
            stats_sprt_penta(&run->opt->sprt, p->penta, &r);
            fputs("  LLR ", f);
            fput_value(f, "%.2f", r.llr);
            fprintf(f, " (%.2f, %.2f)", r.lower, r.upper);
        }
    }
    double rate = minutes > 0 ? run->games_done / minutes : NAN;
    fputs("  ", f);
    fput_value(f, "%.1f", rate);
    fputs(" games/min  ~", f);
    fput_value(f, "%.1f", rate > 0 ? (total - run->games_done) / rate : NAN);
    fputs(" min left", f);
}

static int cmp_score(const void *x, const void *y, const MatchRun *run)
{
    const int64_t *a = run->engine_wdl[*(const int *)x], *b = run->engine_wdl[*(const int *)y];
    int64_t na = a[0] + a[1] + a[2], nb = b[0] + b[1] + b[2];
    double sa = na ? (a[0] + a[1] / 2.0) / na : -1, sb = nb ? (b[0] + b[1] / 2.0) / nb : -1;
    return sa < sb ? 1 : sa > sb ? -1 : *(const int *)x - *(const int *)y;
}

/* The standings: every engine's games, score, Elo and draw ratio over all
 * its games, best score first. Caller holds the lock (or the run is over). */
static void print_standings(const MatchRun *run)
{
    const EngineList *list = run->opt->engines;
    int order[MAX_ENGINES], n = list->count;
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++) /* insertion sort: n is small */
        for (int j = i; j > 0 && cmp_score(&order[j - 1], &order[j], run) > 0; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    printf("\nstandings after %d of %d games:\n", run->games_done, 2 * run->njobs);
    printf("%4s  %-20s %6s %7s %8s %7s %7s\n", "rank", "engine", "games", "score", "Elo", "+/-", "draws");
    for (int r = 0; r < n; r++) {
        const int64_t *w = run->engine_wdl[order[r]];
        int64_t games = w[0] + w[1] + w[2];
        StatsSummary st;
        stats_from_wdl(w[0], w[1], w[2], &st);
        printf("%4d  %-20s %6lld ", r + 1, list->engines[order[r]].spec.name, (long long)games);
        if (games) printf("%6.1f%% ", 100 * st.score);
        else printf("%7s ", "n/a");
        if (isfinite(st.elo)) printf("%+8.1f ", st.elo);
        else printf("%8s ", "n/a");
        if (isfinite(st.elo_error)) printf("%7.1f ", st.elo_error);
        else printf("%7s ", "n/a");
        if (isfinite(st.draw_ratio)) printf("%6.1f%%\n", 100 * st.draw_ratio);
        else printf("%7s\n", "n/a");
    }
    printf("Elo: each engine's score over all its games, against the average of its opponents (95%%)\n");
    fflush(stdout);
}

/* Writes one finished game (JSON line and PGN) and counts its ending. */
static void record_game(MatchRun *run, const GameRecord *g, int red, int black, int pair, int round, const Opening *op)
{
    const EngineList *list = run->opt->engines;
    const TimeControl *tc = &list->engines[red].tc;
    char tctext[64], date[16], line[512];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y.%m.%d", localtime(&now));
    if (tc->base_ms <= 0) /* PGN TimeControl: seconds, "moves/base" or "base+inc"; "-" for depth/nodes/st */
        snprintf(tctext, sizeof tctext, "-");
    else if (tc->moves)
        snprintf(tctext, sizeof tctext, "%d/%g", tc->moves, tc->base_ms / 1000.0);
    else
        snprintf(tctext, sizeof tctext, "%g+%g", tc->base_ms / 1000.0, tc->inc_ms / 1000.0);
    PgnTags tags = {run->opt->event ? run->opt->event : "qibench", "?", date, round + 1,
                    list->engines[red].spec.name, list->engines[black].spec.name, tctext};
    Json js;
    json_init(&js);
    json_game(&js, run, g, red, black, pair, round, op);
    pthread_mutex_lock(&run->lock);
    if (json_write_line(&js, run->games) || pgn_write(run->pgn, &tags, g)) run->write_failed = true;
    run->term_counts[g->term == TERM_RULES ? TERM_KINDS + g->reason : g->term]++;
    run->plies_played += g->plies - g->opening_plies;
    Pairing *p = &run->pairings[run->jobs[pair].pairing];
    p->game_wdl[wdl_index(points2(g, red == p->a ? RED : BLACK))]++;
    run->engine_wdl[red][wdl_index(points2(g, RED))]++;
    run->engine_wdl[black][wdl_index(points2(g, BLACK))]++;
    snprintf(line, sizeof line, "game %d: %s - %s %s (%s%s%s), %d plies\n", ++run->games_done,
             list->engines[red].spec.name, list->engines[black].spec.name, rules_result_text(g->result),
             game_termination_text(g), g->detail[0] ? ": " : "", g->detail, g->plies);
    int every = run->opt->progress > 0 ? run->opt->progress : 10;
    int ri = run->opt->rating_interval;
    if (run->tty) fputs("\r\033[K", stderr); /* the game line goes above the status line */
    fputs(line, stderr);
    if (ri > 0 && run->games_done % ri == 0 && run->games_done < 2 * run->njobs) {
        fflush(stderr);
        print_standings(run);
    }
    if (run->tty || run->games_done % every == 0) {
        put_status(run, stderr);
        fputs(run->tty ? "" : "\n", stderr);
        run->status_shown = run->tty;
    }
    fflush(stderr);
    pthread_mutex_unlock(&run->lock);
    json_free(&js);
}

/* ------------------------------------------------------------------------ */
/* Playing                                                                  */
/* ------------------------------------------------------------------------ */

/* Adds a finished pair to its pairing and checks the SPRT. */
static void count_pair(MatchRun *run, Pairing *p, const GameRecord g[2])
{
    int half[2] = {points2(&g[0], RED), points2(&g[1], BLACK)};
    pthread_mutex_lock(&run->lock);
    for (int i = 0; i < 2; i++) p->wdl[wdl_index(half[i])]++;
    p->penta[half[0] + half[1]]++;
    run->pairs_done++;
    if (run->opt->has_sprt && run->npairings == 1 && !run->sprt_done) {
        stats_sprt_penta(&run->opt->sprt, p->penta, &run->sprt);
        if (run->sprt.verdict != SPRT_CONTINUE) {
            run->sprt_done = true;
            atomic_store(&run->stop, true);
        }
    }
    pthread_mutex_unlock(&run->lock);
}

/* The worker's client for engine i, started on demand. */
static Client *engine_client(MatchRun *run, Client **clients, int i, char *err, size_t errlen)
{
    const EngineEntry *ee = &run->opt->engines->engines[i];
    char stderr_path[1200];
    ClientStatus st;
    if (!clients[i]) {
        snprintf(stderr_path, sizeof stderr_path, "%s/%s.stderr.log", run->opt->run_dir, ee->spec.name);
        clients[i] = client_start(&ee->spec, &run->opt->timeouts, run->opt->log, stderr_path, &st, err, errlen);
    }
    return clients[i];
}

/* Plays one game; a side whose engine cannot start loses it. */
static void play_one(MatchRun *run, Client **clients, int red, int black, const Opening *op, GameRecord *g)
{
    const EngineList *list = run->opt->engines;
    char err[256];
    Client *c[2] = {engine_client(run, clients, red, err, sizeof err), NULL};
    if (c[0]) c[1] = engine_client(run, clients, black, err, sizeof err);
    if (!c[0] || !c[1]) {
        memset(g, 0, sizeof *g);
        snprintf(g->fen, sizeof g->fen, "%s", op ? op->fen : START_FEN);
        g->result = !c[0] ? RESULT_BLACK_WINS : RESULT_RED_WINS;
        g->term = TERM_CRASH;
        g->loser_side = !c[0] ? RED : BLACK;
        snprintf(g->detail, sizeof g->detail, "%s: %.200s", !c[0] ? "red" : "black", err);
        return;
    }
    GameSetup setup = {{c[0], c[1]}, {&list->engines[red].tc, &list->engines[black].tc}, run->opt->adj,
                       run->opt->rules};
    /* The per-engine limits (depth, nodes, st) go with the time control. */
    TimeControl tc[2] = {list->engines[red].tc, list->engines[black].tc};
    for (int side = 0; side < 2; side++) {
        const GoLimits *l = &list->engines[side == RED ? red : black].limits;
        tc[side].depth = l->depth;
        tc[side].nodes = l->nodes;
        tc[side].movetime_ms = l->movetime;
        setup.tc[side] = &tc[side];
    }
    client_new_game(c[0]);
    if (c[1] != c[0]) client_new_game(c[1]);
    game_play(&setup, op ? op->fen : START_FEN, op ? op->moves : NULL, op ? op->nmoves : 0, g);
}

/* After a game: an engine that crashed or stalled is dropped (restarted at
 * its next game). Without --recover that stops the run: returns true. */
static bool after_game(MatchRun *run, Client **clients, const GameRecord *g, int red, int black)
{
    if (g->term != TERM_CRASH && g->term != TERM_STALL) return false;
    int loser = g->loser_side == RED ? red : black;
    client_free(clients[loser]);
    clients[loser] = NULL;
    if (run->opt->recover) return false;
    pthread_mutex_lock(&run->lock);
    run->engine_failed = true;
    pthread_mutex_unlock(&run->lock);
    atomic_store(&run->stop, true);
    return true;
}

static void *match_worker(void *arg)
{
    MatchRun *run = arg;
    Client *clients[MAX_ENGINES] = {0};
    static _Thread_local GameRecord games[2];
    while (!atomic_load(&run->stop)) {
        int k = atomic_fetch_add(&run->next, 1);
        if (k >= run->njobs) break;
        PairJob *job = &run->jobs[k];
        Pairing *p = &run->pairings[job->pairing];
        const Opening *op = run->book.count ? &run->book.items[job->round % run->book.count] : NULL;
        int played = 0;
        for (int i = 0; i < 2; i++) { /* the pair is finished unless an engine failure stops the run */
            int red = i == 0 ? p->a : p->b, black = i == 0 ? p->b : p->a;
            play_one(run, clients, red, black, op, &games[i]);
            record_game(run, &games[i], red, black, k, job->round, op);
            played++;
            if (after_game(run, clients, &games[i], red, black)) break;
        }
        if (played == 2) count_pair(run, p, games);
    }
    for (int i = 0; i < MAX_ENGINES; i++) client_free(clients[i]);
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Results                                                                  */
/* ------------------------------------------------------------------------ */

static void print_value(const char *fmt, double v)
{
    if (isfinite(v)) printf(fmt, v);
    else printf("n/a");
}

static void print_pairing(const MatchRun *run, const Pairing *p)
{
    const EngineList *list = run->opt->engines;
    StatsSummary wdl, pen;
    stats_from_wdl(p->wdl[0], p->wdl[1], p->wdl[2], &wdl);
    stats_from_penta(p->penta, &pen);
    printf("%s vs %s: %lld games, +%lld =%lld -%lld, score ", list->engines[p->a].spec.name,
           list->engines[p->b].spec.name, (long long)(p->wdl[0] + p->wdl[1] + p->wdl[2]), (long long)p->wdl[0],
           (long long)p->wdl[1], (long long)p->wdl[2]);
    print_value("%.1f%%", 100 * wdl.score);
    printf("\n  Elo ");
    print_value("%+.1f", pen.elo);
    printf(" +/- ");
    print_value("%.1f", pen.elo_error);
    printf(" (95%%, pairs), LOS ");
    print_value("%.1f%%", 100 * pen.los);
    printf(", draw ratio ");
    print_value("%.1f%%", 100 * wdl.draw_ratio);
    printf(", nElo ");
    print_value("%+.1f", pen.nelo);
    printf(" +/- ");
    print_value("%.1f", pen.nelo_error);
    printf("\n  pentanomial [LL LD WL+DD WD WW]: [%lld %lld %lld %lld %lld]\n", (long long)p->penta[0],
           (long long)p->penta[1], (long long)p->penta[2], (long long)p->penta[3], (long long)p->penta[4]);
}

static void print_results(const MatchRun *run)
{
    if (run->npairings > 1 || run->opt->rating_interval > 0) print_standings(run);
    printf("\n");
    for (int i = 0; i < run->npairings; i++) print_pairing(run, &run->pairings[i]);
    if (run->opt->has_sprt && run->npairings == 1) {
        SprtResult r;
        stats_sprt_penta(&run->opt->sprt, run->pairings[0].penta, &r);
        printf("SPRT (%s, elo0 %g, elo1 %g, alpha %g, beta %g): LLR %.3f [%.3f, %.3f] %s\n",
               run->opt->sprt.model == SPRT_LOGISTIC ? "logistic" : "normalized", run->opt->sprt.elo0,
               run->opt->sprt.elo1, run->opt->sprt.alpha, run->opt->sprt.beta, r.llr, r.lower, r.upper,
               stats_verdict_name(r.verdict));
    }
    printf("games ended by:");
    for (int k = 0; k < TERM_KINDS + END_MAX_PLIES + 1; k++) {
        if (!run->term_counts[k]) continue;
        const char *name = k >= TERM_KINDS ? game_termination_name(TERM_RULES, (EndReason)(k - TERM_KINDS))
                                           : game_termination_name((Termination)k, END_NONE);
        printf(" %s %d,", name, run->term_counts[k]);
    }
    printf("\n");
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

static int open_outputs(MatchRun *run, char *err, size_t errlen)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/games.jsonl", run->opt->run_dir);
    run->games = fopen(path, "a");
    snprintf(path, sizeof path, "%s/games.pgn", run->opt->run_dir);
    run->pgn = fopen(path, "a");
    if (run->games && run->pgn) return 0;
    snprintf(err, errlen, "cannot write %.400s", path);
    return -1;
}

int match_run(const MatchOptions *opt)
{
    static MatchRun run;
    char err[512];
    memset(&run, 0, sizeof run);
    run.opt = opt;
    if (opt->has_book && book_load(&opt->book, &run.book, err, sizeof err)) {
        fprintf(stderr, "qibench: %s\n", err);
        return 2;
    }
    make_pairings(&run);
    run.njobs = run.npairings * opt->rounds;
    run.jobs = calloc((size_t)(run.njobs > 0 ? run.njobs : 1), sizeof *run.jobs);
    if (!run.jobs || open_outputs(&run, err, sizeof err)) {
        fprintf(stderr, "qibench: %s\n", run.jobs ? err : "out of memory");
        book_free(&run.book);
        free(run.jobs);
        return 2;
    }
    for (int k = 0; k < run.njobs; k++) /* round-major: every pairing plays round r before r + 1 */
        run.jobs[k] = (PairJob){k % run.npairings, k / run.npairings};
    pthread_mutex_init(&run.lock, NULL);
    run.tty = isatty(STDERR_FILENO) == 1;
    clock_gettime(CLOCK_MONOTONIC, &run.start);
    int n = opt->concurrency > 0 ? opt->concurrency : 1;
    pthread_t threads[256];
    int started = 0;
    for (; started < n && started < 256; started++)
        if (pthread_create(&threads[started], NULL, match_worker, &run) != 0) break;
    if (started == 0) match_worker(&run);
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&run.lock);
    if (run.status_shown) fputs("\n", stderr); /* keep the last status line */
    print_results(&run);
    struct rusage ru;
    long plies = run.plies_played;
    if (getrusage(RUSAGE_SELF, &ru) == 0 && plies > 0) {
        double ms = ru.ru_utime.tv_sec * 1e3 + ru.ru_utime.tv_usec / 1e3 + ru.ru_stime.tv_sec * 1e3
                    + ru.ru_stime.tv_usec / 1e3;
        printf("harness CPU (qibench itself, not the engines): %.1f ms, %.4f ms per ply\n", ms, ms / plies);
    }
    if (run.engine_failed) fprintf(stderr, "qibench: stopped after an engine failure (use --recover to go on)\n");
    /* Exit status: 0 finished or H1, 1 H0 accepted, 3 stopped by errors (2, usage, is main's). */
    int status = run.sprt_done && run.sprt.verdict == SPRT_H0 ? 1 : 0;
    if (fclose(run.games) | fclose(run.pgn) || run.write_failed || run.engine_failed) status = 3;
    printf("results: %s/games.jsonl, %s/games.pgn\n", opt->run_dir, opt->run_dir);
    book_free(&run.book);
    free(run.jobs);
    return status;
}
