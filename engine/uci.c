/*
 * uci.c - the UCI / UCCI / UAI loop (../shared/DESIGN.md "Engine protocol"): one
 * handler per command in a {name, handler} table, and the search thread.
 * The options are in options.c, perft and bench in bench.c; everything is
 * written against game.h (through search.h).
 *
 * Threads: the loop thread reads commands and owns everything in Engine
 * except search_pos and limits, which belong to the search thread while
 * `searching` is set. Commands that touch the search (position, go,
 * setoption, ucinewgame, bench, stop, quit) first stop it and wait for its
 * bestmove (`ponderhit` does not: it tells a ponder search, through
 * ponderhit, that its limits count from now). The search thread is started at the first `go` and lives until
 * the engine ends, waiting between searches: a harness that excuses the
 * time a busy machine kept an engine's threads waiting (Linux schedstat,
 * per thread) sees that thread's, which a thread that ended with its
 * search would have taken with it. Every
 * write to the protocol stream goes through out_begin/out_end (one mutex),
 * so lines from the two threads never interleave.
 */
#include "uci.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench.h"
#include "book.h"
#include "options.h"
#include "text.h"

#define ENGINE_AUTHOR "the qibench developers"
#define MAX_TIME_MS INT64_C(1000000000000) /* ~31 years: anything larger is a typo */
#define MAX_MOVESTOGO 10000
#define SEARCH_STACK_BYTES ((size_t)16 << 20)
/* Room for the `d` diagram. */
#define DIAGRAM_BYTES 2048

typedef struct {
    GamePosition pos;          /* set by `position` */
    GamePosition search_pos;   /* the search thread's copy */
    SearchConfig config;       /* the current options */
    Search *search;
    SearchLimits limits;       /* of the running search */
    FILE *out;                 /* the protocol stream; written under out_lock */
    pthread_mutex_t out_lock;
    pthread_mutex_t stop_lock; /* with stop_cond: `go infinite` waits for stop */
    pthread_cond_t stop_cond;
    atomic_bool stop;
    _Atomic int64_t ponderhit; /* a ponder search's: 0, or the search_clock_ms() of its ponderhit (under stop_lock) */
    pthread_t thread;          /* the search thread, once worker_started */
    pthread_mutex_t job_lock;  /* with job_cond: a search handed to the thread, and its end */
    pthread_cond_t job_cond;
    bool job;                  /* under job_lock: a search handed over and not yet ended */
    bool worker_quit;          /* under job_lock: the thread is to end */
    bool worker_started;
    bool searching;            /* a search was started and not yet waited for */
    bool quit;
    bool uai;                  /* `uai` was said: btime/binc are the first player's (below) */
    uint64_t reported_nodes;   /* the nodes of the search's last info line (search thread) */
} Engine;

typedef void (*Handler)(Engine *eng, char *args);

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* Aborts with a message when a pthread call that cannot fail in a correct
 * program (lock, unlock, signal, join of our own thread) fails. */
static void pthread_check(int rc, const char *what)
{
    if (rc == 0) return;
    fprintf(stderr, GAME_ENGINE_BIN ": %s: %s\n", what, strerror(rc));
    abort();
}

/* ------------------------------------------------------------------------ */
/* Engine state and output                                                  */
/* ------------------------------------------------------------------------ */

/* Sets up eng with the options *config. Returns 0, or -1 with the error printed. */
static int engine_init(Engine *eng, const SearchConfig *config, FILE *out)
{
    int rc;
    eng->out = out;
    eng->config = *config;
    eng->searching = eng->quit = eng->uai = eng->job = eng->worker_quit = eng->worker_started = false;
    atomic_init(&eng->stop, false);
    atomic_init(&eng->ponderhit, 0);
    game_pos_from_text(&eng->pos, GAME_START_FEN, NULL, 0);
    if ((rc = pthread_mutex_init(&eng->out_lock, NULL)) != 0) goto fail;
    if ((rc = pthread_mutex_init(&eng->stop_lock, NULL)) != 0) goto fail_out;
    if ((rc = pthread_cond_init(&eng->stop_cond, NULL)) != 0) goto fail_stop;
    if ((rc = pthread_mutex_init(&eng->job_lock, NULL)) != 0) goto fail_stop_cond;
    if ((rc = pthread_cond_init(&eng->job_cond, NULL)) != 0) goto fail_job;
    eng->search = search_new(config);
    if (eng->search) return 0;
    fprintf(stderr, GAME_ENGINE_BIN ": cannot allocate the %d MB hash table\n", config->hash_mb);
    pthread_check(pthread_cond_destroy(&eng->job_cond), "pthread_cond_destroy");
fail_job:
    pthread_check(pthread_mutex_destroy(&eng->job_lock), "pthread_mutex_destroy");
fail_stop_cond:
    pthread_check(pthread_cond_destroy(&eng->stop_cond), "pthread_cond_destroy");
fail_stop:
    pthread_check(pthread_mutex_destroy(&eng->stop_lock), "pthread_mutex_destroy");
fail_out:
    pthread_check(pthread_mutex_destroy(&eng->out_lock), "pthread_mutex_destroy");
fail:
    if (rc) fprintf(stderr, GAME_ENGINE_BIN ": cannot set up the engine: %s\n", strerror(rc));
    return -1;
}

/* Frees what engine_init set up, ending the search thread; the search must
 * have been waited for. */
static void engine_free(Engine *eng)
{
    if (eng->worker_started) {
        pthread_check(pthread_mutex_lock(&eng->job_lock), "pthread_mutex_lock");
        eng->worker_quit = true;
        pthread_check(pthread_cond_broadcast(&eng->job_cond), "pthread_cond_broadcast");
        pthread_check(pthread_mutex_unlock(&eng->job_lock), "pthread_mutex_unlock");
        pthread_check(pthread_join(eng->thread, NULL), "pthread_join");
    }
    search_free(eng->search);
    eng->search = NULL;
    pthread_check(pthread_cond_destroy(&eng->job_cond), "pthread_cond_destroy");
    pthread_check(pthread_mutex_destroy(&eng->job_lock), "pthread_mutex_destroy");
    pthread_check(pthread_cond_destroy(&eng->stop_cond), "pthread_cond_destroy");
    pthread_check(pthread_mutex_destroy(&eng->stop_lock), "pthread_mutex_destroy");
    pthread_check(pthread_mutex_destroy(&eng->out_lock), "pthread_mutex_destroy");
}

/* Takes the output lock and returns the protocol stream; pair with out_end. */
static FILE *out_begin(Engine *eng)
{
    pthread_check(pthread_mutex_lock(&eng->out_lock), "pthread_mutex_lock");
    return eng->out;
}

/* Flushes the protocol stream and releases the output lock. */
static void out_end(Engine *eng)
{
    fflush(eng->out);
    pthread_check(pthread_mutex_unlock(&eng->out_lock), "pthread_mutex_unlock");
}

static void out_printf(Engine *eng, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_printf(Engine *eng, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out_begin(eng), fmt, ap);
    va_end(ap);
    out_end(eng);
}

/* ------------------------------------------------------------------------ */
/* The search thread                                                        */
/* ------------------------------------------------------------------------ */

/* Prints one `info` line per completed iteration (called by the search thread). */
static void report_info(const SearchInfo *info, void *user)
{
    Engine *eng = user;
    char pv[MAX_PLY * GAME_MOVE_TEXT_MAX + 1] = "", move[GAME_MOVE_TEXT_MAX];
    size_t len = 0;
    for (int i = 0; i < info->pv_len && i < MAX_PLY && len < sizeof pv - GAME_MOVE_TEXT_MAX; i++) {
        game_move_text(info->pv[i], move);
        len += (size_t)snprintf(pv + len, sizeof pv - len, " %s", move);
    }
    int mate = search_mate_in(info->score);
    int64_t ms = info->time_ms > 0 ? info->time_ms : 0;
    uint64_t nps = info->nodes * 1000 / (uint64_t)(ms > 0 ? ms : 1);
    out_printf(eng, "info depth %d seldepth %d score %s %d nodes %" PRIu64 " nps %" PRIu64 " time %" PRId64 " pv%s\n",
               info->depth, info->seldepth, mate ? "mate" : "cp", mate ? mate : info->score, info->nodes, nps, ms,
               pv);
    eng->reported_nodes = info->nodes;
}

/* The final info line before bestmove: the whole search's nodes, time and
 * NPS, the unfinished iteration included, with the last completed
 * iteration's depth, score and PV; only the counters when no iteration
 * finished; nothing when the last line said it all already. */
static void report_final(Engine *eng, const SearchInfo *info)
{
    if (info->nodes == eng->reported_nodes) return;
    if (info->depth > 0) {
        report_info(info, eng);
        return;
    }
    int64_t ms = info->time_ms > 0 ? info->time_ms : 0;
    out_printf(eng, "info nodes %" PRIu64 " nps %" PRIu64 " time %" PRId64 "\n", info->nodes,
               info->nodes * 1000 / (uint64_t)(ms > 0 ? ms : 1), ms);
    eng->reported_nodes = info->nodes;
}

/* Sets the stop flag and wakes a search waiting for it. */
static void signal_stop(Engine *eng)
{
    pthread_check(pthread_mutex_lock(&eng->stop_lock), "pthread_mutex_lock");
    atomic_store(&eng->stop, true);
    pthread_check(pthread_cond_broadcast(&eng->stop_cond), "pthread_cond_broadcast");
    pthread_check(pthread_mutex_unlock(&eng->stop_lock), "pthread_mutex_unlock");
}

/* Is the search one that may not answer yet: `go infinite` before `stop`,
 * a ponder search before `stop` or `ponderhit`? */
static bool must_wait(const Engine *eng)
{
    const SearchLimits *l = &eng->limits;
    if (atomic_load(&eng->stop)) return false;
    return l->infinite || (l->ponderhit && !atomic_load(l->ponderhit));
}

/* Blocks while must_wait: `go infinite` answers only after `stop`, `go
 * ponder` only after `stop` or `ponderhit`, however soon its search ended. */
static void wait_to_answer(Engine *eng)
{
    pthread_check(pthread_mutex_lock(&eng->stop_lock), "pthread_mutex_lock");
    while (must_wait(eng))
        pthread_check(pthread_cond_wait(&eng->stop_cond, &eng->stop_lock), "pthread_cond_wait");
    pthread_check(pthread_mutex_unlock(&eng->stop_lock), "pthread_mutex_unlock");
}

/* One search of search_pos within limits, ended by its bestmove, with the
 * PV's second move as the move to ponder on when there is one. */
static void search_once(Engine *eng)
{
    char best[GAME_MOVE_TEXT_MAX], ponder[GAME_MOVE_TEXT_MAX];
    eng->reported_nodes = 0;
    SearchInfo info = search_run(eng->search, &eng->search_pos, &eng->limits, &eng->stop, report_info, eng);
    wait_to_answer(eng);
    report_final(eng, &info);
    text_move(info.pv[0], best);
    if (info.pv[0] != GAME_MOVE_NONE && info.pv_len > 1 && info.pv[1] != GAME_MOVE_NONE) {
        text_move(info.pv[1], ponder);
        out_printf(eng, "bestmove %s ponder %s\n", best, ponder);
    } else {
        out_printf(eng, "bestmove %s\n", best);
    }
}

/* The search thread: each search handed over (job), until worker_quit. */
static void *search_thread(void *arg)
{
    Engine *eng = arg;
    pthread_check(pthread_mutex_lock(&eng->job_lock), "pthread_mutex_lock");
    for (;;) {
        while (!eng->job && !eng->worker_quit)
            pthread_check(pthread_cond_wait(&eng->job_cond, &eng->job_lock), "pthread_cond_wait");
        if (!eng->job) break;
        pthread_check(pthread_mutex_unlock(&eng->job_lock), "pthread_mutex_unlock");
        search_once(eng);
        pthread_check(pthread_mutex_lock(&eng->job_lock), "pthread_mutex_lock");
        eng->job = false;
        pthread_check(pthread_cond_broadcast(&eng->job_cond), "pthread_cond_broadcast");
    }
    pthread_check(pthread_mutex_unlock(&eng->job_lock), "pthread_mutex_unlock");
    return NULL;
}

/* Starts the search thread (once). Returns 0, or -1 with the error printed. */
static int start_worker(Engine *eng)
{
    if (eng->worker_started) return 0;
    pthread_attr_t attr;
    int rc = pthread_attr_init(&attr);
    if (rc == 0) {
        rc = pthread_attr_setstacksize(&attr, SEARCH_STACK_BYTES);
        if (rc == 0) rc = pthread_create(&eng->thread, &attr, search_thread, eng);
        pthread_check(pthread_attr_destroy(&attr), "pthread_attr_destroy");
    }
    if (rc) {
        fprintf(stderr, "go: cannot start the search thread: %s\n", strerror(rc));
        return -1;
    }
    eng->worker_started = true;
    return 0;
}

/* Hands the search of eng->pos within *limits to the search thread.
 * Returns 0, or -1 with the error printed (then nothing runs). */
static int start_search(Engine *eng, const SearchLimits *limits)
{
    if (start_worker(eng)) return -1;
    eng->limits = *limits;
    eng->search_pos = eng->pos;
    atomic_store(&eng->stop, false);
    pthread_check(pthread_mutex_lock(&eng->job_lock), "pthread_mutex_lock");
    eng->job = true;
    pthread_check(pthread_cond_broadcast(&eng->job_cond), "pthread_cond_broadcast");
    pthread_check(pthread_mutex_unlock(&eng->job_lock), "pthread_mutex_unlock");
    eng->searching = true;
    return 0;
}

/* Waits for the running search (if any) to print its bestmove and end;
 * with stop set, tells it to stop first. */
static void finish_search(Engine *eng, bool stop)
{
    if (!eng->searching) return;
    if (stop) signal_stop(eng);
    pthread_check(pthread_mutex_lock(&eng->job_lock), "pthread_mutex_lock");
    while (eng->job) pthread_check(pthread_cond_wait(&eng->job_cond, &eng->job_lock), "pthread_cond_wait");
    pthread_check(pthread_mutex_unlock(&eng->job_lock), "pthread_mutex_unlock");
    eng->searching = false;
}

/* Would this search run until told to stop (no limit, `infinite`, or a
 * ponder search not yet hit)? */
static bool is_unlimited(const SearchLimits *l)
{
    return l->infinite || (l->ponderhit && !atomic_load(l->ponderhit))
           || (!l->depth && !l->nodes && !l->movetime && !l->time[0] && !l->time[1]);
}

/* ------------------------------------------------------------------------ */
/* Commands                                                                 */
/* ------------------------------------------------------------------------ */

/* The id lines and the options (defaults show the current values), one
 * `info string feature` line per search feature (what it does, exact or
 * not), then ok. */
static void print_identity(Engine *eng, const char *ok)
{
    FILE *out = out_begin(eng);
    fprintf(out, "id name " GAME_ENGINE_ID "\nid author " ENGINE_AUTHOR "\n");
    options_print(out, &eng->config);
    options_print_features(out, "info string feature ");
    fprintf(out, "%s\n", ok);
    out_end(eng);
}

static void cmd_uci(Engine *eng, char *args)
{
    (void)args;
    print_identity(eng, "uciok");
}

static void cmd_ucci(Engine *eng, char *args)
{
    (void)args;
    print_identity(eng, "ucciok");
}

/* UAI (the Ataxx engines' UCI): the same loop, `uai` answered `uaiok`. */
static void cmd_uai(Engine *eng, char *args)
{
    (void)args;
    eng->uai = true;
    print_identity(eng, "uaiok");
}

static void cmd_isready(Engine *eng, char *args)
{
    (void)args;
    out_printf(eng, "readyok\n");
}

static void cmd_quit(Engine *eng, char *args)
{
    (void)args;
    eng->quit = true;
}

/* stop: the loop has already stopped and joined the search. */
static void cmd_stop(Engine *eng, char *args)
{
    (void)eng;
    (void)args;
}

static void cmd_ucinewgame(Engine *eng, char *args)
{
    (void)args;
    search_clear(eng->search);
}

/* setoption name N [value V]: N may hold spaces, V is the rest of the line. */
static void cmd_setoption(Engine *eng, char *args)
{
    char name[128] = "", err[640];
    char *word = text_next_word(&args);
    if (!word || strcasecmp(word, "name") != 0) {
        fprintf(stderr, "setoption: expected 'setoption name NAME value VALUE'\n");
        return;
    }
    while ((word = text_next_word(&args)) && strcasecmp(word, "value") != 0) {
        size_t len = strlen(name);
        snprintf(name + len, sizeof name - len, "%s%s", len ? " " : "", word);
    }
    SearchConfig next = eng->config;
    if (options_set(&next, name, word ? text_trim(args) : "", err, sizeof err)) {
        fprintf(stderr, "setoption: %s\n", err);
        return;
    }
    if (search_configure(eng->search, &next)) {
        fprintf(stderr, "setoption: cannot allocate %d MB for the hash table; keeping %d MB\n", next.hash_mb,
                eng->config.hash_mb);
        return;
    }
    eng->config = next;
}

/* position startpos|fen FEN [moves M...]: on any error the position is left as it was. */
static void cmd_position(Engine *eng, char *args)
{
    static GamePosition next;
    char err[160], fen[GAME_POS_TEXT_MAX] = "";
    char *moves = strstr(args, " moves");
    if (moves) *moves = '\0', moves += 6;
    char *word = text_next_word(&args);
    if (word && strcmp(word, "startpos") == 0) {
        strcpy(fen, GAME_START_FEN);
    } else if (word && strcmp(word, "fen") == 0) {
        snprintf(fen, sizeof fen, "%s", args);
    } else {
        fprintf(stderr, "position: expected 'startpos' or 'fen FEN'\n");
        return;
    }
    if (game_pos_from_text(&next, fen, err, sizeof err)) {
        fprintf(stderr, "position: bad FEN: %s\n", err);
        return;
    }
    for (int made = 0; moves && (word = text_next_word(&moves)); made++) {
        GameMove m;
        if (game_move_parse(&next, word, &m, err, sizeof err)) {
            fprintf(stderr, "position: move '%s': %s\n", word, err);
            return;
        }
        if (!game_make(&next, m)) {
            fprintf(stderr, "position: too many moves (the limit is %d)\n", made);
            return;
        }
    }
    eng->pos = next;
}

typedef enum { GO_DEPTH, GO_NODES, GO_MOVETIME, GO_WTIME, GO_BTIME, GO_WINC, GO_BINC, GO_MOVESTOGO } GoField;

static const struct {
    const char *name;
    GoField field;
    int64_t min, max;
} GO_NUMBERS[] = {
    {"depth", GO_DEPTH, 1, SEARCH_MAX_DEPTH},          {"nodes", GO_NODES, 1, INT64_MAX},
    {"movetime", GO_MOVETIME, 1, MAX_TIME_MS},  {"wtime", GO_WTIME, -MAX_TIME_MS, MAX_TIME_MS},
    {"btime", GO_BTIME, -MAX_TIME_MS, MAX_TIME_MS}, {"winc", GO_WINC, 0, MAX_TIME_MS},
    {"binc", GO_BINC, 0, MAX_TIME_MS},          {"movestogo", GO_MOVESTOGO, 0, MAX_MOVESTOGO},
};

/* Stores one `go` number. A clock at or below zero (the flag fell) becomes
 * 1 ms, so that it still limits the search instead of meaning "not given".
 * In UCI wtime/winc are the first player's (White's) clock, side 0; in UAI
 * (uai) btime/binc are (libataxx and cuteataxx: `b` is Black, `x`, who
 * moves first), so the two swap. */
static void go_store(SearchLimits *l, GoField field, int64_t v, bool uai)
{
    if (uai) {
        static const GoField SWAP[] = {[GO_WTIME] = GO_BTIME, [GO_BTIME] = GO_WTIME, [GO_WINC] = GO_BINC,
                                       [GO_BINC] = GO_WINC};
        if (field == GO_WTIME || field == GO_BTIME || field == GO_WINC || field == GO_BINC) field = SWAP[field];
    }
    switch (field) {
    case GO_DEPTH: l->depth = (int)v; break;
    case GO_NODES: l->nodes = (uint64_t)v; break;
    case GO_MOVETIME: l->movetime = v; break;
    case GO_WTIME: l->time[0] = v > 0 ? v : 1; break;
    case GO_BTIME: l->time[1] = v > 0 ? v : 1; break;
    case GO_WINC: l->inc[0] = v; break;
    case GO_BINC: l->inc[1] = v; break;
    case GO_MOVESTOGO: l->movestogo = (int)v; break;
    }
}

/* Parses the arguments of `go` (not perft): the first word, then the words
 * of rest; *ponder says whether `ponder` was among them. Returns 0, or -1
 * with the error printed. */
static int go_parse(char *word, char *rest, SearchLimits *limits, bool uai, bool *ponder)
{
    size_t i, n = sizeof GO_NUMBERS / sizeof GO_NUMBERS[0];
    char *number;
    int64_t v;
    *limits = (SearchLimits){0};
    *ponder = false;
    for (; word; word = text_next_word(&rest)) {
        if (strcmp(word, "infinite") == 0 || strcmp(word, "ponder") == 0) {
            *(word[0] == 'i' ? &limits->infinite : ponder) = true;
            continue;
        }
        for (i = 0; i < n && strcmp(GO_NUMBERS[i].name, word) != 0; i++) {}
        if (i == n) {
            fprintf(stderr, "go: unknown argument '%s'\n", word);
            return -1;
        }
        number = text_next_word(&rest);
        if (!number || !text_parse_i64(number, GO_NUMBERS[i].min, GO_NUMBERS[i].max, &v)) {
            fprintf(stderr, "go: '%s' needs a number from %" PRId64 " to %" PRId64 "\n", word, GO_NUMBERS[i].min,
                    GO_NUMBERS[i].max);
            return -1;
        }
        go_store(limits, GO_NUMBERS[i].field, v, uai);
    }
    return 0;
}

/* With OwnBook on, answers `go` (not infinite) at once with the book's move
 * of the position, if it has one (engine/book.h). */
static bool book_move(Engine *eng, const SearchLimits *limits)
{
    const SearchConfig *c = &eng->config;
    GameMove m;
    int weight;
    char err[640], text[GAME_MOVE_TEXT_MAX];
    if (!c->own_book || limits->infinite) return false;
    int rc = book_choose(c->book_file, c->book_depth, (BookVariety)c->book_variety, c->seed, &eng->pos, &m, &weight,
                         err, sizeof err);
    if (rc < 0) out_printf(eng, "info string book: %s\n", err);
    if (rc <= 0) return false;
    game_move_text(m, text);
    out_printf(eng, "info string book %s weight %d\nbestmove %s\n", text, weight, text);
    return true;
}

/* go perft N | go [ponder] [depth N] [nodes N] [movetime MS] [wtime/btime/winc/binc MS] [movestogo N] [infinite]
 * (ponder: no time limit until `ponderhit`, the limits then counted from it) */
static void cmd_go(Engine *eng, char *args)
{
    SearchLimits limits;
    bool ponder;
    char *word = text_next_word(&args);
    int64_t depth;
    if (word && strcmp(word, "perft") == 0) {
        word = text_next_word(&args);
        if (!word || !text_parse_i64(word, 1, BENCH_MAX_PERFT_DEPTH, &depth)) {
            fprintf(stderr, "go perft: expected a depth from 1 to %d\n", BENCH_MAX_PERFT_DEPTH);
            return;
        }
        bench_perft_divide(&eng->pos, (int)depth, out_begin(eng));
        out_end(eng);
        return;
    }
    if (go_parse(word, args, &limits, eng->uai, &ponder)) return;
    if (!ponder && book_move(eng, &limits)) return; /* a ponder search is never answered from the book */
    atomic_store(&eng->ponderhit, 0);
    if (ponder) limits.ponderhit = &eng->ponderhit;
    start_search(eng, &limits);
}

/* ponderhit: the ponder search goes on, its limits counted from now (the
 * search polls eng->ponderhit; one already ended and waiting answers now).
 * Without a ponder search running, nothing to do. */
static void cmd_ponderhit(Engine *eng, char *args)
{
    (void)args;
    if (!eng->searching || !eng->limits.ponderhit) {
        fprintf(stderr, "ponderhit: not pondering\n");
        return;
    }
    int64_t now = search_clock_ms();
    pthread_check(pthread_mutex_lock(&eng->stop_lock), "pthread_mutex_lock");
    atomic_store(&eng->ponderhit, now > 0 ? now : 1);
    pthread_check(pthread_cond_broadcast(&eng->stop_cond), "pthread_cond_broadcast");
    pthread_check(pthread_mutex_unlock(&eng->stop_lock), "pthread_mutex_unlock");
}

static void cmd_bench(Engine *eng, char *args)
{
    char *words[4];
    int n = 0;
    while (n < 4 && (words[n] = text_next_word(&args)) != NULL) n++;
    if (n == 4) {
        fprintf(stderr, "bench: too many arguments (usage: bench [DEPTH] [VARIANT])\n");
        return;
    }
    bench_run(eng->search, &eng->config, words, n, out_begin(eng));
    out_end(eng);
}

static void cmd_d(Engine *eng, char *args)
{
    char buf[DIAGRAM_BYTES];
    (void)args;
    game_pos_print(&eng->pos, buf, sizeof buf);
    out_printf(eng, "%s", buf);
}

static void cmd_eval(Engine *eng, char *args)
{
    (void)args;
    out_printf(eng, "eval: %d cp (side to move)\n", search_static_eval(&eng->config, &eng->pos));
}

/* stops: the command first stops and joins a running search. */
static const struct {
    const char *name;
    Handler fn;
    bool stops;
} COMMANDS[] = {
    {"uci", cmd_uci, false},           {"ucci", cmd_ucci, false},
    {"uai", cmd_uai, false},           {"uainewgame", cmd_ucinewgame, true},
    {"isready", cmd_isready, false},   {"ucinewgame", cmd_ucinewgame, true},
    {"setoption", cmd_setoption, true}, {"position", cmd_position, true},
    {"go", cmd_go, true},              {"stop", cmd_stop, true},
    {"ponderhit", cmd_ponderhit, false},
    {"quit", cmd_quit, true},          {"bench", cmd_bench, true},
    {"d", cmd_d, false},               {"eval", cmd_eval, false},
};

/* Runs one input line. */
static void dispatch(Engine *eng, char *line)
{
    size_t i, n = sizeof COMMANDS / sizeof COMMANDS[0];
    line[strcspn(line, "\r\n")] = '\0';
    char *args = line;
    char *word = text_next_word(&args);
    if (!word) return;
    for (i = 0; i < n && strcmp(COMMANDS[i].name, word) != 0; i++) {}
    if (i == n) {
        fprintf(stderr, "Unknown command: '%s'\n", word);
        return;
    }
    if (COMMANDS[i].stops) finish_search(eng, true);
    COMMANDS[i].fn(eng, args);
}

int uci_loop(const SearchConfig *config, FILE *in, FILE *out)
{
    static Engine eng;
    static char line[65536];
    if (engine_init(&eng, config, out)) return 1;
    while (!eng.quit && fgets(line, sizeof line, in)) dispatch(&eng, line);
    finish_search(&eng, eng.quit || is_unlimited(&eng.limits));
    engine_free(&eng);
    return 0;
}
