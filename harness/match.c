/*
 * match.c - paired games over worker threads, results written as each game
 * ends, statistics per pairing.
 */
#include "match.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "json.h"
#include "pgn.h"
#include "proc.h"

#define MAX_PAIRINGS (MAX_ENGINES * MAX_ENGINES / 2)
/* Endings are counted by key: 1 .. TERM_COUNT - 1 for the harness's own
 * terminations, TERM_COUNT - 1 + reason for the game's (key 0 unused). */
#define TERM_KEYS (TERM_COUNT + GAME_REASONS_MAX)

typedef struct {
    int a, b;               /* engine indexes; results are from a's side */
    int64_t wdl[3];
    int64_t penta[PENTA_CELLS];
    int64_t game_wdl[3];    /* per finished game (wdl and penta count whole pairs) */
    double (*llr)[2];       /* with --sprt: (pairs, LLR) after each finished pair */
    int nllr, llr_cap;
} Pairing;

/* A game pair: the unit of scheduling, of sharding and of the pentanomial. */
typedef struct {
    int pairing, round;
    bool mine;              /* in this shard (always, without --shard) */
    unsigned char done;     /* bit i: game i of the pair is in games.jsonl */
    signed char half[2];    /* engine a's half points in game i */
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
    int games_planned;      /* games of this shard's pairs */
    long plies_played;      /* engine moves, for the harness CPU per ply */
    int term_counts[TERM_KEYS];
    bool write_failed, engine_failed;
    bool interrupted;       /* a first Ctrl-C stopped the scheduling */
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

static void json_game(Json *js, const MatchRun *run, const GameRecord *g, int red, int black, int pair, int game,
                      int round, const Opening *op)
{
    const EngineList *list = run->opt->engines;
    const Game *gm = run->opt->game;
    char text[MOVE_TEXT_BYTES];
    GameState *pos = game_state_at(gm, g->fen);
    json_begin_object(js, NULL);
    json_string(js, "red", list->engines[red].spec.name);
    json_string(js, "black", list->engines[black].spec.name);
    json_int(js, "round", round + 1);
    json_int(js, "pair", pair);
    json_int(js, "game", game + 1);
    json_string(js, "opening", op ? op->id : "startpos");
    json_string(js, "fen", g->fen);
    json_string(js, "result", game_result_text(g->result));
    json_string(js, "reason", game_termination_text(gm, g));
    json_string(js, "detail", g->detail[0] ? g->detail : NULL);
    json_int(js, "plies", g->plies);
    json_begin_array(js, "moves");
    for (int i = 0; i < g->plies; i++) {
        const MoveRecord *m = &g->moves[i];
        text[0] = '\0';
        if (pos) game_move_record(gm, pos, m->move, text, sizeof text);
        if (pos && !gm->play(pos, m->move)) text[0] = '\0';
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
    gm->state_free(pos);
}

/* Half points of the side `side` in a game that ended with `result`. */
static int points2(GameResult result, int side) { return game_points2(result, side); }

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
    int total = run->games_planned;
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
    printf("\nstandings after %d of %d games:\n", run->games_done, run->games_planned);
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

/* The index of a game's ending in term_counts. */
static int term_key(const GameRecord *g)
{
    return g->term == TERM_RULES ? TERM_COUNT - 1 + g->reason : (int)g->term;
}

/* The number of keys in use for the run's game. */
static int term_keys(const MatchRun *run)
{
    return TERM_COUNT - 1 + run->opt->game->reason_count;
}

static const char *term_key_name(const MatchRun *run, int k)
{
    const Game *game = run->opt->game;
    return k >= TERM_COUNT ? game_termination_name(game, TERM_RULES, k - (TERM_COUNT - 1))
                           : game_termination_name(game, (Termination)k, 0);
}

/* The term_counts index of a reason as games.jsonl writes it; -1 if unknown. */
static int term_key_of(const MatchRun *run, const char *name)
{
    for (int k = 1; k < term_keys(run); k++)
        if (strcmp(term_key_name(run, k), name) == 0) return k;
    return -1;
}

/* Counts a finished game (played now, or read back by --resume / merge):
 * W/D/L, endings, and the pair once both its games are in, with the SPRT.
 * Caller holds the lock. */
static void account_game(MatchRun *run, int k, int i, int red, int black, GameResult result, int key, int engine_plies)
{
    PairJob *job = &run->jobs[k];
    Pairing *p = &run->pairings[job->pairing];
    int half = points2(result, red == p->a ? 0 : 1);
    run->term_counts[key]++;
    run->plies_played += engine_plies;
    p->game_wdl[wdl_index(half)]++;
    run->engine_wdl[red][wdl_index(points2(result, 0))]++;
    run->engine_wdl[black][wdl_index(points2(result, 1))]++;
    run->games_done++;
    job->done |= (unsigned char)(1u << i);
    job->half[i] = (signed char)half;
    if (job->done != 3) return;
    for (int j = 0; j < 2; j++) p->wdl[wdl_index(job->half[j])]++;
    p->penta[job->half[0] + job->half[1]]++;
    run->pairs_done++;
    if (!run->opt->has_sprt) return;
    SprtResult r;
    stats_sprt_penta(&run->opt->sprt, p->penta, &r);
    if (p->nllr == p->llr_cap) {
        int cap = p->llr_cap ? 2 * p->llr_cap : 256;
        double(*grown)[2] = realloc(p->llr, (size_t)cap * sizeof *grown);
        if (grown) p->llr = grown, p->llr_cap = cap;
    }
    if (p->nllr < p->llr_cap) {
        int64_t pairs = 0;
        for (int c = 0; c < PENTA_CELLS; c++) pairs += p->penta[c];
        p->llr[p->nllr][0] = (double)pairs;
        p->llr[p->nllr++][1] = r.llr;
    }
    /* The SPRT stops a match; a shard only reports (the merge decides). */
    if (run->npairings == 1 && run->opt->shard_n == 0 && !run->sprt_done && r.verdict != SPRT_CONTINUE) {
        run->sprt = r;
        run->sprt_done = true;
        atomic_store(&run->stop, true);
    }
}

static void write_summary(const MatchRun *run, const char *state);

/* Ctrl-C count (see on_signal); lock-free, so the handler may use it. */
static atomic_int interrupts;

/* Writes one finished game (PGN, then the JSON line: games.jsonl is the
 * record, so a game is in it only once its PGN is written too) and counts it. */
static void record_game(MatchRun *run, const GameRecord *g, int red, int black, int k, int i, const Opening *op)
{
    const EngineList *list = run->opt->engines;
    const TimeControl *tc = &list->engines[red].tc;
    int round = run->jobs[k].round;
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
    json_game(&js, run, g, red, black, k, i, round, op);
    pthread_mutex_lock(&run->lock);
    if (atomic_load(&interrupts) > 1) { /* a hard stop is killing the engines */
        pthread_mutex_unlock(&run->lock);
        json_free(&js);
        return;
    }
    errno = 0;
    if (pgn_write(run->pgn, run->opt->game, &tags, g) || fflush(run->pgn) || json_write_line(&js, run->games)) {
        /* A full disk: stop cleanly. What is on disk stays readable: a cut
         * last line is dropped by --resume, which goes on from there. */
        if (!run->write_failed)
            fprintf(stderr, "qibench: cannot write the results in %s (%s): stopping; go on later with --resume\n",
                    run->opt->run_dir, errno ? strerror(errno) : "write failed");
        run->write_failed = true;
        atomic_store(&run->stop, true);
        pthread_mutex_unlock(&run->lock);
        json_free(&js);
        return;
    }
    account_game(run, k, i, red, black, g->result, term_key(g), g->plies - g->opening_plies);
    snprintf(line, sizeof line, "game %d: %s - %s %s (%s%s%s), %d plies\n", run->games_done,
             list->engines[red].spec.name, list->engines[black].spec.name, game_result_text(g->result),
             game_termination_text(run->opt->game, g), g->detail[0] ? ": " : "", g->detail, g->plies);
    int every = run->opt->progress > 0 ? run->opt->progress : 10;
    int ri = run->opt->rating_interval;
    if (run->tty) fputs("\r\033[K", stderr); /* the game line goes above the status line */
    fputs(line, stderr);
    if (ri > 0 && run->games_done % ri == 0 && run->games_done < run->games_planned) {
        fflush(stderr);
        print_standings(run);
        write_summary(run, "running");
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

/* Ctrl-C: the first stops the scheduling (games in progress end and are
 * saved); a second one, or SIGTERM, kills the engines and exits at once.
 * Everything finished is already on disk either way. */

static void on_signal(int sig)
{
    static const char soft[] = "\nqibench: interrupted: finishing the games in progress (Ctrl-C again to stop at once)\n";
    static const char hard[] = "\nqibench: stopped at once; finished games are saved (resume with --resume)\n";
    ssize_t n;
    if (sig == SIGINT && atomic_load(&interrupts) == 0) {
        atomic_store(&interrupts, 1);
        n = write(STDERR_FILENO, soft, sizeof soft - 1);
        (void)n;
        return;
    }
    atomic_store(&interrupts, 2); /* games cut short by the kill are not results */
    proc_kill_all();
    n = write(STDERR_FILENO, hard, sizeof hard - 1);
    (void)n;
    _exit(128 + sig);
}

/* The worker's client for engine i, started on demand. */
static Client *engine_client(MatchRun *run, Client **clients, int i, ClientStatus *st, char *err, size_t errlen)
{
    const EngineEntry *ee = &run->opt->engines->engines[i];
    char stderr_path[1200];
    if (!clients[i]) {
        snprintf(stderr_path, sizeof stderr_path, "%s/%s.stderr.log", run->opt->run_dir, ee->spec.name);
        clients[i] = client_start(&ee->spec, &run->opt->timeouts, run->opt->log, stderr_path, st, err, errlen);
    }
    return clients[i];
}

/* Plays one game; a side whose engine cannot start loses it. */
static void play_one(MatchRun *run, Client **clients, int red, int black, const Opening *op, GameRecord *g)
{
    const EngineList *list = run->opt->engines;
    const Game *game = run->opt->game;
    char err[256];
    ClientStatus st = CLIENT_OK;
    Client *c[2] = {engine_client(run, clients, red, &st, err, sizeof err), NULL};
    if (c[0]) c[1] = engine_client(run, clients, black, &st, err, sizeof err);
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
                       {&list->engines[red].tc, &list->engines[black].tc}, run->opt->adj, run->opt->rules};
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
    return atomic_load(&run->stop) || atomic_load(&interrupts);
}

static void *match_worker(void *arg)
{
    MatchRun *run = arg;
    Client *clients[MAX_ENGINES] = {0};
    static _Thread_local GameRecord game;
    while (!stopping(run)) {
        int k = atomic_fetch_add(&run->next, 1);
        if (k >= run->njobs) break;
        PairJob *job = &run->jobs[k];
        if (!job->mine || job->done == 3) continue;
        Pairing *p = &run->pairings[job->pairing];
        const Opening *op = run->book.count ? &run->book.items[job->round % run->book.count] : NULL;
        /* Game 0: a has Red; game 1: colours swapped. A game already in
         * games.jsonl (--resume) is not played again. */
        for (int i = 0; i < 2 && !stopping(run); i++) {
            if (job->done & (1u << i)) continue;
            int red = i == 0 ? p->a : p->b, black = i == 0 ? p->b : p->a;
            play_one(run, clients, red, black, op, &game);
            record_game(run, &game, red, black, k, i, op);
            if (after_game(run, clients, &game, red, black)) break;
        }
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
    for (int k = 1; k < term_keys(run); k++)
        if (run->term_counts[k]) printf(" %s %d,", term_key_name(run, k), run->term_counts[k]);
    printf("\n");
}

/* ------------------------------------------------------------------------ */
/* summary.json                                                             */
/* ------------------------------------------------------------------------ */

static void json_standing(Json *j, const int64_t wdl[3])
{
    StatsSummary st;
    stats_from_wdl(wdl[0], wdl[1], wdl[2], &st);
    json_int(j, "games", wdl[0] + wdl[1] + wdl[2]);
    json_int(j, "wins", wdl[0]);
    json_int(j, "draws", wdl[1]);
    json_int(j, "losses", wdl[2]);
    json_double(j, "score", st.score);
    json_double(j, "elo", st.elo);
    json_double(j, "elo_error", st.elo_error);
    json_double(j, "draw_ratio", st.draw_ratio);
}

/* One pairing, from a's side, over its finished pairs: the keys and values
 * of `qibench stats --penta` on its pentanomial counts (W/D/L and the draw
 * ratio of the same games, as `qibench stats --wdl` gives them). */
static void json_pairing(Json *j, const MatchRun *run, const Pairing *p)
{
    const EngineList *list = run->opt->engines;
    StatsSummary pen, wdl;
    SprtResult r;
    bool sprt = run->opt->has_sprt && stats_sprt_penta(&run->opt->sprt, p->penta, &r) == 0;
    stats_from_penta(p->penta, &pen);
    stats_from_wdl(p->wdl[0], p->wdl[1], p->wdl[2], &wdl);
    json_begin_object(j, NULL);
    json_string(j, "engine", list->engines[p->a].spec.name);
    json_string(j, "opponent", list->engines[p->b].spec.name);
    json_int(j, "games", pen.games);
    json_int(j, "pairs", pen.pairs);
    json_int(j, "wins", p->wdl[0]);
    json_int(j, "draws", p->wdl[1]);
    json_int(j, "losses", p->wdl[2]);
    json_double(j, "score", pen.score);
    json_double(j, "elo", pen.elo);
    json_double(j, "elo_error", pen.elo_error);
    json_double(j, "los", pen.los);
    json_double(j, "draw_ratio", wdl.draw_ratio);
    json_double(j, "nelo", pen.nelo);
    json_double(j, "nelo_error", pen.nelo_error);
    json_double(j, "llr", sprt ? r.llr : NAN);
    json_double(j, "lower_bound", sprt ? r.lower : NAN);
    json_double(j, "upper_bound", sprt ? r.upper : NAN);
    json_string(j, "verdict", sprt ? stats_verdict_name(r.verdict) : NULL);
    json_begin_array(j, "penta");
    for (int c = 0; c < PENTA_CELLS; c++) json_int(j, NULL, p->penta[c]);
    json_end_array(j);
    if (run->opt->has_sprt) {
        json_begin_array(j, "llr_history");
        for (int h = 0; h < p->nllr; h++) {
            json_begin_array(j, NULL);
            json_int(j, NULL, (int64_t)p->llr[h][0]);
            json_double(j, NULL, p->llr[h][1]);
            json_end_array(j);
        }
        json_end_array(j);
    }
    json_end_object(j);
}

/* Writes summary.json whole (a temporary file renamed over it). state:
 * "running", "finished", "interrupted" or "stopped". */
static void write_summary(const MatchRun *run, const char *state)
{
    const MatchOptions *opt = run->opt;
    const EngineList *list = opt->engines;
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_summary_header(&j, opt->format == FORMAT_MATCH ? "match" : "tournament");
    json_string(&j, "state", state);
    json_int(&j, "games", run->games_done);
    json_int(&j, "games_planned", run->games_planned);
    if (opt->shard_n) {
        json_begin_object(&j, "shard");
        json_int(&j, "index", opt->shard_k);
        json_int(&j, "count", opt->shard_n);
        json_end_object(&j);
    }
    if (opt->has_sprt) {
        json_begin_object(&j, "sprt");
        json_double(&j, "elo0", opt->sprt.elo0);
        json_double(&j, "elo1", opt->sprt.elo1);
        json_double(&j, "alpha", opt->sprt.alpha);
        json_double(&j, "beta", opt->sprt.beta);
        json_string(&j, "model", opt->sprt.model == SPRT_LOGISTIC ? "logistic" : "normalized");
        json_end_object(&j);
    } else {
        json_null(&j, "sprt");
    }
    json_begin_array(&j, "pairings");
    for (int i = 0; i < run->npairings; i++) json_pairing(&j, run, &run->pairings[i]);
    json_end_array(&j);
    json_begin_array(&j, "engines");
    for (int e = 0; e < list->count; e++) {
        json_begin_object(&j, NULL);
        json_string(&j, "name", list->engines[e].spec.name);
        json_standing(&j, run->engine_wdl[e]);
        json_end_object(&j);
    }
    json_end_array(&j);
    json_begin_object(&j, "terminations");
    for (int k = 1; k < term_keys(run); k++)
        if (run->term_counts[k]) json_int(&j, term_key_name(run, k), run->term_counts[k]);
    json_end_object(&j);
    json_end_object(&j);
    if (json_write_file(&j, opt->run_dir, "summary.json"))
        fprintf(stderr, "qibench: cannot write %s/summary.json\n", opt->run_dir);
    json_free(&j);
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

/* ------------------------------------------------------------------------ */
/* Reading results back (--resume, merge)                                   */
/* ------------------------------------------------------------------------ */

static int engine_index(const EngineList *list, const char *name)
{
    for (int e = 0; e < list->count; e++)
        if (strcmp(list->engines[e].spec.name, name) == 0) return e;
    return -1;
}

/* Checks one games.jsonl line and counts its game. Returns 0; 1 when the
 * line is not a whole game object (a torn write, if it is the last line);
 * -1 when it is a game that does not belong to this run (err says why). */
static int read_game_line(MatchRun *run, const char *line, char *err, size_t errlen)
{
    char pair[32], game[32], red[128], black[128], result[16], reason[64];
    if (!json_get(line, "pair", pair, sizeof pair) || !json_get(line, "red", red, sizeof red)
        || !json_get(line, "black", black, sizeof black) || !json_get(line, "result", result, sizeof result)
        || !json_get(line, "reason", reason, sizeof reason))
        return 1;
    const EngineList *list = run->opt->engines;
    char *end;
    long k = strtol(pair, &end, 10);
    if (*end || k < 0 || k >= run->njobs)
        return snprintf(err, errlen, "pair %s is not a pair of this run (0 to %d)", pair, run->njobs - 1), -1;
    PairJob *job = &run->jobs[k];
    const Pairing *p = &run->pairings[job->pairing];
    int r = engine_index(list, red), b = engine_index(list, black);
    if (r < 0 || b < 0) return snprintf(err, errlen, "'%s' is not an engine of this run", r < 0 ? red : black), -1;
    int i = json_get(line, "game", game, sizeof game) ? atoi(game) - 1 : (r == p->a ? 0 : 1);
    if (i < 0 || i > 1 || r != (i == 0 ? p->a : p->b) || b != (i == 0 ? p->b : p->a))
        return snprintf(err, errlen, "pair %ld game %d is %s against %s, not %s - %s", k, i + 1,
                        list->engines[p->a].spec.name, list->engines[p->b].spec.name, red, black), -1;
    if (!job->mine) return snprintf(err, errlen, "pair %ld belongs to another shard", k), -1;
    if (job->done & (1u << i)) return snprintf(err, errlen, "pair %ld game %d is recorded twice", k, i + 1), -1;
    GameResult res = game_result_parse(result);
    int key = term_key_of(run, reason);
    if (res == RESULT_NONE || key < 0) return 1;
    account_game(run, (int)k, i, r, b, res, key, 0);
    return 0;
}

/* The byte offset where PGN game n + 1 (counting from 1) starts, or the
 * file's end; *games gets how many games (up to n) were found. */
static long pgn_offset_after(FILE *f, int n, int *games)
{
    char buf[4096];
    long offset = 0;
    bool line_start = true;
    *games = 0;
    rewind(f);
    while (fgets(buf, sizeof buf, f)) {
        if (line_start && strncmp(buf, "[Event ", 7) == 0 && ++*games > n) {
            *games = n;
            return offset;
        }
        offset += (long)strlen(buf);
        line_start = strchr(buf, '\n') != NULL;
    }
    return offset;
}

/*
 * Reads dir/games.jsonl back into the run. --resume (out_jsonl NULL): a
 * torn last line is cut off the file with a warning, and games.pgn is cut
 * to the same games. merge: the good lines and their PGN games are copied
 * to out_jsonl / out_pgn. Returns 0, or -1 after printing a one-line error.
 */
static int load_games(MatchRun *run, const char *dir, FILE *out_jsonl, FILE *out_pgn)
{
    char path[1200], err[512];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    FILE *f = fopen(path, out_jsonl ? "r" : "r+");
    if (!f && errno == ENOENT && !out_jsonl) return 0; /* nothing was finished */
    if (!f) return fprintf(stderr, "qibench: cannot read %s: %s\n", path, strerror(errno)), -1;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    long lineno = 0, bad_line = 0, good_bytes = 0;
    int kept = 0, rc = 0;
    while (rc == 0 && (n = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (bad_line) { /* a broken line followed by more: not a torn end */
            fprintf(stderr, "qibench: %s:%ld: expected one game as a JSON object on one line\n", path, bad_line);
            rc = -1;
            break;
        }
        int r = line[n - 1] == '\n' ? read_game_line(run, line, err, sizeof err) : 1;
        if (r < 0) {
            fprintf(stderr, "qibench: %s:%ld: %s\n", path, lineno, err);
            rc = -1;
        } else if (r > 0) {
            bad_line = lineno;
        } else {
            good_bytes += (long)n;
            kept++;
            if (out_jsonl && fwrite(line, 1, (size_t)n, out_jsonl) != (size_t)n) rc = -1;
        }
    }
    free(line);
    if (rc == 0 && bad_line) {
        fprintf(stderr, "qibench: %s:%ld: discarded a torn last line (a write cut short)\n", path, bad_line);
        if (!out_jsonl && (fflush(f) || ftruncate(fileno(f), good_bytes))) rc = -1;
    }
    fclose(f);
    if (rc) return -1;
    snprintf(path, sizeof path, "%s/games.pgn", dir);
    FILE *pgn = fopen(path, out_pgn ? "r" : "r+");
    if (!pgn) {
        if (kept) fprintf(stderr, "qibench: warning: cannot read %s: %s\n", path, strerror(errno));
        return 0;
    }
    int games;
    long cut = pgn_offset_after(pgn, kept, &games);
    if (games < kept) fprintf(stderr, "qibench: warning: %s has %d games, games.jsonl %d\n", path, games, kept);
    if (out_pgn) {
        char buf[8192];
        long left = cut;
        rewind(pgn);
        while (left > 0 && (n = (ssize_t)fread(buf, 1, (size_t)(left < (long)sizeof buf ? left : (long)sizeof buf), pgn)) > 0) {
            if (fwrite(buf, 1, (size_t)n, out_pgn) != (size_t)n) rc = -1;
            left -= (long)n;
        }
    } else if (fflush(pgn) || ftruncate(fileno(pgn), cut)) {
        rc = -1;
    }
    fclose(pgn);
    if (rc) fprintf(stderr, "qibench: cannot write the merged or resumed results\n");
    return rc;
}

static int open_outputs(MatchRun *run, const char *mode, char *err, size_t errlen)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/games.jsonl", run->opt->run_dir);
    run->games = fopen(path, mode);
    if (run->games) {
        snprintf(path, sizeof path, "%s/games.pgn", run->opt->run_dir);
        run->pgn = fopen(path, mode);
    }
    if (run->games && run->pgn) return 0;
    snprintf(err, errlen, "cannot write %.400s: %s", path, strerror(errno));
    return -1;
}

static void free_run(MatchRun *run)
{
    for (int i = 0; i < run->npairings; i++) free(run->pairings[i].llr);
    book_free(&run->book);
    free(run->jobs);
}

/* Plays this shard's unfinished games on opt->concurrency threads. */
static void play_all(MatchRun *run)
{
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    int n = run->opt->concurrency > 0 ? run->opt->concurrency : 1;
    pthread_t threads[256];
    int started = 0;
    for (; started < n && started < 256; started++)
        if (pthread_create(&threads[started], NULL, match_worker, run) != 0) break;
    if (started == 0) match_worker(run);
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    run->interrupted = atomic_load(&interrupts) != 0;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
}

int match_run(const MatchOptions *opt)
{
    static MatchRun run;
    char err[512];
    memset(&run, 0, sizeof run);
    run.opt = opt;
    atomic_store(&interrupts, 0);
    if (opt->has_book && book_load(&opt->book, &run.book, err, sizeof err)) {
        fprintf(stderr, "qibench: %s\n", err);
        return 2;
    }
    make_pairings(&run);
    run.njobs = run.npairings * opt->rounds;
    run.jobs = calloc((size_t)(run.njobs > 0 ? run.njobs : 1), sizeof *run.jobs);
    if (!run.jobs) {
        fprintf(stderr, "qibench: out of memory\n");
        free_run(&run);
        return 2;
    }
    for (int k = 0; k < run.njobs; k++) { /* round-major: every pairing plays round r before r + 1 */
        bool mine = opt->shard_n == 0 || k % opt->shard_n == opt->shard_k - 1;
        run.jobs[k] = (PairJob){k % run.npairings, k / run.npairings, mine, 0, {0, 0}};
        run.games_planned += mine ? 2 : 0;
    }
    pthread_mutex_init(&run.lock, NULL);
    int status = 0;
    if (opt->nmerge > 0) { /* merge: the shards' games into fresh files, nothing played */
        if (open_outputs(&run, "w", err, sizeof err)) status = 2;
        for (int d = 0; d < opt->nmerge && status == 0; d++)
            if (load_games(&run, opt->merge_dirs[d], run.games, run.pgn)) status = 2;
    } else {
        if (opt->resume && load_games(&run, opt->run_dir, NULL, NULL)) status = 2;
        if (status == 0 && open_outputs(&run, "a", err, sizeof err)) status = 2;
        if (status == 0 && opt->resume)
            fprintf(stderr, "qibench: resuming %s: %d of %d games already played\n", opt->run_dir, run.games_done,
                    run.games_planned);
    }
    if (status) {
        if (err[0] && (!run.games || !run.pgn)) fprintf(stderr, "qibench: %s\n", err);
        if (run.games) fclose(run.games);
        if (run.pgn) fclose(run.pgn);
        pthread_mutex_destroy(&run.lock);
        free_run(&run);
        return status;
    }
    run.tty = isatty(STDERR_FILENO) == 1;
    clock_gettime(CLOCK_MONOTONIC, &run.start);
    if (opt->nmerge == 0) play_all(&run);
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
    /* Exit status: 0 finished or H1, 1 H0 accepted, 3 stopped by errors,
     * 130 interrupted (2, usage, is main's). */
    status = run.sprt_done && run.sprt.verdict == SPRT_H0 ? 1 : 0;
    if (fclose(run.games) | fclose(run.pgn) || run.write_failed || run.engine_failed) status = 3;
    bool complete = run.games_done == run.games_planned || run.sprt_done;
    const char *state = status == 3 ? "stopped" : run.interrupted || !complete ? "interrupted" : "finished";
    write_summary(&run, state);
    printf("results: %s/games.jsonl, %s/games.pgn, %s/summary.json\n", opt->run_dir, opt->run_dir, opt->run_dir);
    if (run.interrupted) {
        printf("interrupted: %d of %d games saved; go on with: qibench %s --resume %s\n", run.games_done,
               run.games_planned, opt->format == FORMAT_MATCH ? "match" : "tournament", opt->run_dir);
        if (status == 0) status = 130;
    } else if (opt->nmerge > 0 && !complete) {
        fprintf(stderr, "qibench merge: %d of %d games present: a shard is missing or unfinished\n", run.games_done,
                run.games_planned);
    }
    free_run(&run);
    return status;
}
