/*
 * uci.c - the UCI / UCCI loop (../shared/DESIGN.md "Engine protocol"): one
 * handler per command in a {name, handler} table, the options, and the
 * perft and bench tools.
 *
 * Threads: the loop thread reads commands and owns everything in Engine
 * except search_pos and limits, which belong to the search thread while
 * `searching` is set. Commands that touch the search (position, go,
 * setoption, ucinewgame, bench, stop, quit) first stop and join it. Every
 * write to the protocol stream goes through out_begin/out_end (one mutex),
 * so lines from the two threads never interleave.
 */
#include "uci.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "eval.h"
#include "movegen.h"
#include "notation.h"

#define ENGINE_NAME "qibench-xiangqi"
#define ENGINE_AUTHOR "the qibench developers"
#define MAX_PERFT_DEPTH 12
#define HASH_DEFAULT_MB 16
#define HASH_MIN_MB 1
#define HASH_MAX_MB 4096
#define BENCH_DEFAULT_DEPTH 4
#define MAX_DEPTH (MAX_PLY - 1)
#define MAX_TIME_MS INT64_C(1000000000000) /* ~31 years: anything larger is a typo */
#define MAX_MOVESTOGO 10000
#define SEARCH_STACK_BYTES ((size_t)16 << 20)
#define PATH_BYTES 4096
#define FEN_BYTES 256

typedef struct {
    Position pos;              /* set by `position` */
    Position search_pos;       /* the search thread's copy */
    SearchConfig config;       /* the current options */
    Search *search;
    SearchLimits limits;       /* of the running search */
    FILE *out;                 /* the protocol stream; written under out_lock */
    pthread_mutex_t out_lock;
    pthread_mutex_t stop_lock; /* with stop_cond: `go infinite` waits for stop */
    pthread_cond_t stop_cond;
    atomic_bool stop;
    pthread_t thread;
    bool searching;            /* a search thread was started and not yet joined */
    bool quit;
} Engine;

typedef void (*Handler)(Engine *eng, char *args);

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* Parses a whole decimal integer in [min, max]; returns false otherwise. */
static bool parse_i64(const char *text, int64_t min, int64_t max, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < min || v > max) return false;
    *out = v;
    return true;
}

/* Parses true|false|on|off (any case); returns false otherwise. */
static bool parse_bool(const char *text, bool *out)
{
    if (strcasecmp(text, "true") == 0 || strcasecmp(text, "on") == 0) return *out = true, true;
    if (strcasecmp(text, "false") == 0 || strcasecmp(text, "off") == 0) return *out = false, true;
    return false;
}

/* Returns the next space-separated word of *cursor (NUL-terminated in place). */
static char *next_word(char **cursor)
{
    char *p = *cursor;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) return NULL;
    char *word = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    if (*p) *p++ = '\0';
    *cursor = p;
    return word;
}

/* Removes leading and trailing blanks of s in place; returns the trimmed start. */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = '\0';
    return s;
}

/* Writes a formatted reason to err (when not NULL) and returns -1. */
static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0) return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The move in ICCS, or "(none)" for GAME_MOVE_NONE. buf: room for 8. */
static void move_text_or_none(GameMove m, char *buf)
{
    if (m == GAME_MOVE_NONE)
        strcpy(buf, "(none)");
    else
        game_move_text(m, buf);
}

/* Aborts with a message when a pthread call that cannot fail in a correct
 * program (lock, unlock, signal, join of our own thread) fails. */
static void pthread_check(int rc, const char *what)
{
    if (rc == 0) return;
    fprintf(stderr, "xiangqi-engine: %s: %s\n", what, strerror(rc));
    abort();
}

/* ------------------------------------------------------------------------ */
/* Options                                                                  */
/* ------------------------------------------------------------------------ */

/* The registry entry with this name, ignoring case, or NULL. */
static const Variant *find_variant(const char *name)
{
    int n;
    const Variant *v = search_variants(&n);
    for (int i = 0; i < n; i++)
        if (strcasecmp(v[i].name, name) == 0) return &v[i];
    return NULL;
}

static const char *variant_name(const SearchConfig *config)
{
    return (config->variant ? config->variant : search_default_variant())->name;
}

static int set_search(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    const Variant *v = find_variant(value);
    if (!v) {
        char names[512] = "";
        int n;
        const Variant *all = search_variants(&n);
        for (int i = 0; i < n; i++) {
            size_t len = strlen(names);
            snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "", all[i].name);
        }
        return fail(err, errlen, "unknown search variant '%s' (expected one of: %s)", value, names);
    }
    config->variant = v;
    return 0;
}

static int set_hash(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    int64_t mb;
    if (!parse_i64(value, HASH_MIN_MB, HASH_MAX_MB, &mb))
        return fail(err, errlen, "bad Hash value '%s' (expected MB from %d to %d)", value, HASH_MIN_MB, HASH_MAX_MB);
    config->hash_mb = (int)mb;
    return 0;
}

static int set_quiescence(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    if (!parse_bool(value, &config->quiescence))
        return fail(err, errlen, "bad Quiescence value '%s' (expected true, false, on or off)", value);
    return 0;
}

static int set_tt_exact_draft(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    if (!parse_bool(value, &config->tt_exact_draft))
        return fail(err, errlen, "bad TTExactDraft value '%s' (expected true, false, on or off)", value);
    return 0;
}

static int set_threads(SearchConfig *config, const char *value, char *err, size_t errlen)
{
    int64_t n;
    (void)config;
    if (!parse_i64(value, 1, 1, &n)) return fail(err, errlen, "bad Threads value '%s' (only 1 is supported)", value);
    return 0;
}

static const struct {
    const char *name;
    int (*set)(SearchConfig *config, const char *value, char *err, size_t errlen);
} OPTIONS[] = {
    {"Search", set_search},         {"Hash", set_hash},       {"Quiescence", set_quiescence},
    {"TTExactDraft", set_tt_exact_draft}, {"Threads", set_threads},
};

SearchConfig uci_default_config(void)
{
    return (SearchConfig){
        .variant = search_default_variant(), .hash_mb = HASH_DEFAULT_MB, .quiescence = true, .tt_exact_draft = false};
}

int uci_set_option(SearchConfig *config, const char *name, const char *value, char *err, size_t errlen)
{
    size_t i, n = sizeof OPTIONS / sizeof OPTIONS[0];
    for (i = 0; i < n && strcasecmp(OPTIONS[i].name, name) != 0; i++) {}
    if (i == n) return fail(err, errlen, "unknown option '%s'", name);
    if (!*value) return fail(err, errlen, "option '%s' needs a value", OPTIONS[i].name);
    SearchConfig next = *config;
    if (OPTIONS[i].set(&next, value, err, errlen)) return -1;
    *config = next;
    return 0;
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
    eng->searching = eng->quit = false;
    atomic_init(&eng->stop, false);
    pos_from_fen(&eng->pos, START_FEN, NULL, 0);
    if ((rc = pthread_mutex_init(&eng->out_lock, NULL)) != 0) goto fail;
    if ((rc = pthread_mutex_init(&eng->stop_lock, NULL)) != 0) goto fail_out;
    if ((rc = pthread_cond_init(&eng->stop_cond, NULL)) != 0) goto fail_stop;
    eng->search = search_new(config);
    if (eng->search) return 0;
    fprintf(stderr, "xiangqi-engine: cannot allocate the %d MB hash table\n", config->hash_mb);
    pthread_check(pthread_cond_destroy(&eng->stop_cond), "pthread_cond_destroy");
fail_stop:
    pthread_check(pthread_mutex_destroy(&eng->stop_lock), "pthread_mutex_destroy");
fail_out:
    pthread_check(pthread_mutex_destroy(&eng->out_lock), "pthread_mutex_destroy");
fail:
    if (rc) fprintf(stderr, "xiangqi-engine: cannot set up the engine: %s\n", strerror(rc));
    return -1;
}

/* Frees what engine_init set up; the search must have been joined. */
static void engine_free(Engine *eng)
{
    search_free(eng->search);
    eng->search = NULL;
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
    char pv[MAX_PLY * 8 + 1] = "", move[8];
    size_t len = 0;
    for (int i = 0; i < info->pv_len && i < MAX_PLY && len < sizeof pv - 8; i++) {
        game_move_text(info->pv[i], move);
        len += (size_t)snprintf(pv + len, sizeof pv - len, " %s", move);
    }
    int mate = search_mate_in(info->score);
    int64_t ms = info->time_ms > 0 ? info->time_ms : 0;
    uint64_t nps = info->nodes * 1000 / (uint64_t)(ms > 0 ? ms : 1);
    out_printf(eng, "info depth %d seldepth %d score %s %d nodes %" PRIu64 " nps %" PRIu64 " time %" PRId64 " pv%s\n",
               info->depth, info->seldepth, mate ? "mate" : "cp", mate ? mate : info->score, info->nodes, nps, ms,
               pv);
}

/* Sets the stop flag and wakes a search waiting for it. */
static void signal_stop(Engine *eng)
{
    pthread_check(pthread_mutex_lock(&eng->stop_lock), "pthread_mutex_lock");
    atomic_store(&eng->stop, true);
    pthread_check(pthread_cond_broadcast(&eng->stop_cond), "pthread_cond_broadcast");
    pthread_check(pthread_mutex_unlock(&eng->stop_lock), "pthread_mutex_unlock");
}

/* Blocks until signal_stop (used by `go infinite`, which answers only after `stop`). */
static void wait_for_stop(Engine *eng)
{
    pthread_check(pthread_mutex_lock(&eng->stop_lock), "pthread_mutex_lock");
    while (!atomic_load(&eng->stop))
        pthread_check(pthread_cond_wait(&eng->stop_cond, &eng->stop_lock), "pthread_cond_wait");
    pthread_check(pthread_mutex_unlock(&eng->stop_lock), "pthread_mutex_unlock");
}

static void *search_thread(void *arg)
{
    Engine *eng = arg;
    char best[8];
    SearchInfo info = search_run(eng->search, &eng->search_pos, &eng->limits, &eng->stop, report_info, eng);
    if (eng->limits.infinite) wait_for_stop(eng);
    move_text_or_none(info.pv[0], best);
    out_printf(eng, "bestmove %s\n", best);
    return NULL;
}

/* Starts searching eng->pos within *limits in a new thread. Returns 0, or -1
 * with the error printed (then nothing runs). */
static int start_search(Engine *eng, const SearchLimits *limits)
{
    pthread_attr_t attr;
    int rc = pthread_attr_init(&attr);
    if (rc == 0) {
        eng->limits = *limits;
        eng->search_pos = eng->pos;
        atomic_store(&eng->stop, false);
        rc = pthread_attr_setstacksize(&attr, SEARCH_STACK_BYTES);
        if (rc == 0) rc = pthread_create(&eng->thread, &attr, search_thread, eng);
        pthread_check(pthread_attr_destroy(&attr), "pthread_attr_destroy");
    }
    if (rc) {
        fprintf(stderr, "go: cannot start the search thread: %s\n", strerror(rc));
        return -1;
    }
    eng->searching = true;
    return 0;
}

/* Waits for the running search (if any) to print its bestmove and end;
 * with stop set, tells it to stop first. */
static void finish_search(Engine *eng, bool stop)
{
    if (!eng->searching) return;
    if (stop) signal_stop(eng);
    pthread_check(pthread_join(eng->thread, NULL), "pthread_join");
    eng->searching = false;
}

/* Would this search run until told to stop (no limit, or `infinite`)? */
static bool is_unlimited(const SearchLimits *l)
{
    return l->infinite || (!l->depth && !l->nodes && !l->movetime && !l->time[0] && !l->time[1]);
}

/* ------------------------------------------------------------------------ */
/* perft and bench                                                          */
/* ------------------------------------------------------------------------ */

/* Prints the perft divide: one "move: count" line per root move, then the total. */
static uint64_t perft_divide(Position *pos, int depth, FILE *out)
{
    Move list[MAX_MOVES];
    char text[8];
    int n = gen_legal(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_make_move(pos, list[i]);
        uint64_t count = perft(pos, depth - 1);
        pos_unmake_move(pos);
        move_to_iccs(list[i], text);
        fprintf(out, "%s: %" PRIu64 "\n", text, count);
        total += count;
    }
    fprintf(out, "\nNodes searched: %" PRIu64 "\n", total);
    fflush(out);
    return total;
}

typedef struct {
    char (*fen)[FEN_BYTES];
    int count, cap;
} BenchSet;

/* Writes the places to look for the bench file, in order, to paths; returns their number. */
static int bench_candidates(char paths[3][PATH_BYTES])
{
    int n = 0, len;
    char exe[PATH_BYTES];
    const char *dir = getenv("QIBENCH_POSITIONS");
    if (dir && *dir) {
        len = snprintf(paths[n], PATH_BYTES, "%s/%s/bench.epd", dir, GAME_NAME);
        if (len > 0 && len < PATH_BYTES) n++;
    }
    ssize_t got = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash = got > 0 ? (exe[got] = '\0', strrchr(exe, '/')) : NULL;
    if (slash) {
        *slash = '\0';
        len = snprintf(paths[n], PATH_BYTES, "%s/../%s", exe, GAME_BENCH_FILE);
        if (len > 0 && len < PATH_BYTES) n++;
    }
    snprintf(paths[n++], PATH_BYTES, "./%s", GAME_BENCH_FILE);
    return n;
}

/* Opens the first bench file found, copying its name to path. Returns NULL
 * with a one-line error naming every path tried when there is none. */
static FILE *bench_open(char *path, size_t pathlen)
{
    char paths[3][PATH_BYTES], tried[3 * PATH_BYTES + 128] = "";
    int n = bench_candidates(paths);
    for (int i = 0; i < n; i++) {
        FILE *f = fopen(paths[i], "r");
        if (f) {
            snprintf(path, pathlen, "%s", paths[i]);
            return f;
        }
        size_t len = strlen(tried);
        snprintf(tried + len, sizeof tried - len, "%s%s (%s)", i ? ", " : "", paths[i], strerror(errno));
    }
    fprintf(stderr, "bench: cannot open the bench file; tried %s\n", tried);
    return NULL;
}

/* Adds the FEN of one EPD line ("FEN ;op ;op"; blank and # lines are skipped).
 * Returns 0, or -1 with an error naming path and line. */
static int bench_add_line(BenchSet *set, char *line, const char *path, long lineno)
{
    static Position scratch;
    char err[160];
    line = trim(line);
    if (!*line || *line == '#') return 0;
    line[strcspn(line, ";")] = '\0';
    line = trim(line);
    if (strlen(line) >= FEN_BYTES) {
        fprintf(stderr, "bench: %s:%ld: line too long\n", path, lineno);
        return -1;
    }
    if (pos_from_fen(&scratch, line, err, sizeof err)) {
        fprintf(stderr, "bench: %s:%ld: bad FEN: %s\n", path, lineno, err);
        return -1;
    }
    if (set->count == set->cap) {
        int cap = set->cap ? 2 * set->cap : 64;
        void *grown = realloc(set->fen, (size_t)cap * sizeof *set->fen);
        if (!grown) {
            fprintf(stderr, "bench: out of memory\n");
            return -1;
        }
        set->fen = grown, set->cap = cap;
    }
    strcpy(set->fen[set->count++], line);
    return 0;
}

/* Reads every position of the EPD file f (named path) into set. Returns 0,
 * or -1 with the error printed. */
static int bench_load(FILE *f, const char *path, BenchSet *set)
{
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && getline(&line, &cap, f) != -1) rc = bench_add_line(set, line, path, ++lineno);
    if (rc == 0 && ferror(f)) {
        fprintf(stderr, "bench: %s: %s\n", path, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && set->count == 0) {
        fprintf(stderr, "bench: %s: no positions\n", path);
        rc = -1;
    }
    free(line);
    return rc;
}

/* Searches every position of set to depth with a fresh table each, then
 * prints the totals. Returns 0, or -1 with the error printed. */
static int bench_search_all(Engine *eng, const BenchSet *set, int depth, const SearchConfig *config)
{
    SearchLimits limits = {.depth = depth};
    uint64_t nodes = 0;
    int64_t ms = 0;
    char best[8];
    if (search_configure(eng->search, config)) {
        fprintf(stderr, "bench: cannot allocate the %d MB hash table\n", config->hash_mb);
        return -1;
    }
    for (int i = 0; i < set->count; i++) {
        pos_from_fen(&eng->search_pos, set->fen[i], NULL, 0);
        search_clear(eng->search);
        int64_t start = now_ms();
        SearchInfo info = search_run(eng->search, &eng->search_pos, &limits, NULL, NULL, NULL);
        ms += now_ms() - start;
        nodes += info.nodes;
        move_text_or_none(info.pv[0], best);
        fprintf(stderr, "position %d/%d: nodes %" PRIu64 " best %s\n", i + 1, set->count, info.nodes, best);
    }
    uint64_t nps = nodes * 1000 / (uint64_t)(ms > 0 ? ms : 1);
    out_printf(eng, "Total time (ms) : %" PRId64 "\nNodes searched  : %" PRIu64 "\nNodes/second    : %" PRIu64 "\n", ms,
               nodes, nps);
    return 0;
}

/* Parses the words of `bench [depth] [variant]` (either order). Returns 0,
 * or -1 with the error printed. */
static int bench_args(char **words, int n, int *depth, const Variant **variant)
{
    int64_t d = BENCH_DEFAULT_DEPTH;
    bool have_depth = false;
    *variant = NULL;
    for (int i = 0; i < n; i++) {
        if (!have_depth && parse_i64(words[i], 1, MAX_DEPTH, &d)) {
            have_depth = true;
            continue;
        }
        if (!*variant && (*variant = find_variant(words[i])) != NULL) continue;
        fprintf(stderr, "bench: bad argument '%s' (usage: bench [DEPTH 1-%d] [VARIANT])\n", words[i], MAX_DEPTH);
        return -1;
    }
    *depth = (int)d;
    return 0;
}

/* bench [depth] [variant]: the whole benchmark. Returns 0, or -1 with the error printed. */
static int bench(Engine *eng, char **words, int n)
{
    int depth;
    const Variant *variant;
    char path[PATH_BYTES];
    BenchSet set = {0};
    if (bench_args(words, n, &depth, &variant)) return -1;
    FILE *f = bench_open(path, sizeof path);
    if (!f) return -1;
    int rc = bench_load(f, path, &set);
    fclose(f);
    if (rc == 0) {
        SearchConfig config = eng->config;
        if (variant) config.variant = variant;
        rc = bench_search_all(eng, &set, depth, &config);
        if (search_configure(eng->search, &eng->config)) fprintf(stderr, "bench: cannot restore the options\n");
    }
    free(set.fen);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* Commands                                                                 */
/* ------------------------------------------------------------------------ */

/* The id lines and the options (defaults show the current values), then ok. */
static void print_identity(Engine *eng, const char *ok)
{
    int n;
    const Variant *v = search_variants(&n);
    FILE *out = out_begin(eng);
    fprintf(out, "id name " ENGINE_NAME "\nid author " ENGINE_AUTHOR "\n");
    fprintf(out, "option name Search type combo default %s", variant_name(&eng->config));
    for (int i = 0; i < n; i++) fprintf(out, " var %s", v[i].name);
    fprintf(out, "\noption name Hash type spin default %d min %d max %d\n", eng->config.hash_mb, HASH_MIN_MB,
            HASH_MAX_MB);
    fprintf(out, "option name Quiescence type check default %s\n", eng->config.quiescence ? "true" : "false");
    fprintf(out, "option name TTExactDraft type check default %s\n", eng->config.tt_exact_draft ? "true" : "false");
    fprintf(out, "option name Threads type spin default 1 min 1 max 1\n%s\n", ok);
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
    char *word = next_word(&args);
    if (!word || strcasecmp(word, "name") != 0) {
        fprintf(stderr, "setoption: expected 'setoption name NAME value VALUE'\n");
        return;
    }
    while ((word = next_word(&args)) && strcasecmp(word, "value") != 0) {
        size_t len = strlen(name);
        snprintf(name + len, sizeof name - len, "%s%s", len ? " " : "", word);
    }
    SearchConfig next = eng->config;
    if (uci_set_option(&next, name, word ? trim(args) : "", err, sizeof err)) {
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
    static Position next;
    char err[160], fen[256] = "";
    char *moves = strstr(args, " moves");
    if (moves) *moves = '\0', moves += 6;
    char *word = next_word(&args);
    if (word && strcmp(word, "startpos") == 0) {
        strcpy(fen, START_FEN);
    } else if (word && strcmp(word, "fen") == 0) {
        snprintf(fen, sizeof fen, "%s", args);
    } else {
        fprintf(stderr, "position: expected 'startpos' or 'fen FEN'\n");
        return;
    }
    if (pos_from_fen(&next, fen, err, sizeof err)) {
        fprintf(stderr, "position: bad FEN: %s\n", err);
        return;
    }
    while (moves && (word = next_word(&moves))) {
        Move m;
        if (move_parse(&next, word, NOTATION_ICCS, &m, err, sizeof err)) {
            fprintf(stderr, "position: move '%s': %s\n", word, err);
            return;
        }
        if (!pos_make_move(&next, m)) {
            fprintf(stderr, "position: too many moves (the limit is %d)\n", POS_MAX_PLY - 1);
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
    {"depth", GO_DEPTH, 1, MAX_DEPTH},          {"nodes", GO_NODES, 1, INT64_MAX},
    {"movetime", GO_MOVETIME, 1, MAX_TIME_MS},  {"wtime", GO_WTIME, -MAX_TIME_MS, MAX_TIME_MS},
    {"btime", GO_BTIME, -MAX_TIME_MS, MAX_TIME_MS}, {"winc", GO_WINC, 0, MAX_TIME_MS},
    {"binc", GO_BINC, 0, MAX_TIME_MS},          {"movestogo", GO_MOVESTOGO, 0, MAX_MOVESTOGO},
};

/* Stores one `go` number. A clock at or below zero (the flag fell) becomes
 * 1 ms, so that it still limits the search instead of meaning "not given". */
static void go_store(SearchLimits *l, GoField field, int64_t v)
{
    switch (field) {
    case GO_DEPTH: l->depth = (int)v; break;
    case GO_NODES: l->nodes = (uint64_t)v; break;
    case GO_MOVETIME: l->movetime = v; break;
    case GO_WTIME: l->time[RED] = v > 0 ? v : 1; break;
    case GO_BTIME: l->time[BLACK] = v > 0 ? v : 1; break;
    case GO_WINC: l->inc[RED] = v; break;
    case GO_BINC: l->inc[BLACK] = v; break;
    case GO_MOVESTOGO: l->movestogo = (int)v; break;
    }
}

/* Parses the arguments of `go` (not perft): the first word, then the words
 * of rest. Returns 0, or -1 with the error printed. */
static int go_parse(char *word, char *rest, SearchLimits *limits)
{
    size_t i, n = sizeof GO_NUMBERS / sizeof GO_NUMBERS[0];
    char *number;
    int64_t v;
    *limits = (SearchLimits){0};
    for (; word; word = next_word(&rest)) {
        if (strcmp(word, "infinite") == 0) {
            limits->infinite = true;
            continue;
        }
        for (i = 0; i < n && strcmp(GO_NUMBERS[i].name, word) != 0; i++) {}
        if (i == n) {
            fprintf(stderr, "go: unknown argument '%s'\n", word);
            return -1;
        }
        number = next_word(&rest);
        if (!number || !parse_i64(number, GO_NUMBERS[i].min, GO_NUMBERS[i].max, &v)) {
            fprintf(stderr, "go: '%s' needs a number from %" PRId64 " to %" PRId64 "\n", word, GO_NUMBERS[i].min,
                    GO_NUMBERS[i].max);
            return -1;
        }
        go_store(limits, GO_NUMBERS[i].field, v);
    }
    return 0;
}

/* go perft N | go [depth N] [nodes N] [movetime MS] [wtime/btime/winc/binc MS] [movestogo N] [infinite] */
static void cmd_go(Engine *eng, char *args)
{
    SearchLimits limits;
    char *word = next_word(&args);
    int64_t depth;
    if (word && strcmp(word, "perft") == 0) {
        word = next_word(&args);
        if (!word || !parse_i64(word, 1, MAX_PERFT_DEPTH, &depth)) {
            fprintf(stderr, "go perft: expected a depth from 1 to %d\n", MAX_PERFT_DEPTH);
            return;
        }
        perft_divide(&eng->pos, (int)depth, out_begin(eng));
        out_end(eng);
        return;
    }
    if (go_parse(word, args, &limits) == 0) start_search(eng, &limits);
}

static void cmd_bench(Engine *eng, char *args)
{
    char *words[4];
    int n = 0;
    while (n < 4 && (words[n] = next_word(&args)) != NULL) n++;
    if (n == 4) {
        fprintf(stderr, "bench: too many arguments (usage: bench [DEPTH] [VARIANT])\n");
        return;
    }
    bench(eng, words, n);
}

static void cmd_d(Engine *eng, char *args)
{
    char buf[2048];
    (void)args;
    pos_print(&eng->pos, buf, sizeof buf);
    out_printf(eng, "%s", buf);
}

static void cmd_eval(Engine *eng, char *args)
{
    (void)args;
    out_printf(eng, "eval: %d cp (side to move)\n", eval(&eng->pos));
}

/* stops: the command first stops and joins a running search. */
static const struct {
    const char *name;
    Handler fn;
    bool stops;
} COMMANDS[] = {
    {"uci", cmd_uci, false},           {"ucci", cmd_ucci, false},
    {"isready", cmd_isready, false},   {"ucinewgame", cmd_ucinewgame, true},
    {"setoption", cmd_setoption, true}, {"position", cmd_position, true},
    {"go", cmd_go, true},              {"stop", cmd_stop, true},
    {"quit", cmd_quit, true},          {"bench", cmd_bench, true},
    {"d", cmd_d, false},               {"eval", cmd_eval, false},
};

/* Runs one input line. */
static void dispatch(Engine *eng, char *line)
{
    size_t i, n = sizeof COMMANDS / sizeof COMMANDS[0];
    line[strcspn(line, "\r\n")] = '\0';
    char *args = line;
    char *word = next_word(&args);
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

/* ------------------------------------------------------------------------ */
/* Command line                                                             */
/* ------------------------------------------------------------------------ */

static int command_perft(int argc, char **argv)
{
    static Position pos;
    char err[160];
    int64_t depth;
    if (argc < 2 || argc > 3 || !parse_i64(argv[1], 1, MAX_PERFT_DEPTH, &depth)) {
        fprintf(stderr, "usage: xiangqi-engine perft DEPTH [FEN]  (DEPTH from 1 to %d)\n", MAX_PERFT_DEPTH);
        return 1;
    }
    if (pos_from_fen(&pos, argc == 3 ? argv[2] : START_FEN, err, sizeof err)) {
        fprintf(stderr, "xiangqi-engine: bad FEN: %s\n", err);
        return 1;
    }
    perft_divide(&pos, (int)depth, stdout);
    return 0;
}

static int command_bench(const SearchConfig *config, int argc, char **argv)
{
    static Engine eng;
    if (argc > 3) {
        fprintf(stderr, "usage: xiangqi-engine bench [DEPTH] [VARIANT]\n");
        return 1;
    }
    if (engine_init(&eng, config, stdout)) return 1;
    int rc = bench(&eng, argv + 1, argc - 1);
    engine_free(&eng);
    return rc ? 1 : 0;
}

int uci_command_line(const SearchConfig *config, int argc, char **argv)
{
    if (strcmp(argv[0], "perft") == 0) return command_perft(argc, argv);
    if (strcmp(argv[0], "bench") == 0) return command_bench(config, argc, argv);
    fprintf(stderr, "xiangqi-engine: unknown command '%s' (expected: perft, bench; see --help)\n", argv[0]);
    return 1;
}
