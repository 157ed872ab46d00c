/*
 * bench.c - perft divide and `bench` (see bench.h), in the loop and on the
 * command line; where the bench file is looked for.
 */
#include "bench.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "options.h"
#include "text.h"

#define PATH_BYTES 4096

typedef struct {
    char (*fen)[GAME_POS_TEXT_MAX];
    int count, cap;
} BenchSet;

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* ------------------------------------------------------------------------ */
/* perft                                                                    */
/* ------------------------------------------------------------------------ */

uint64_t bench_perft_divide(GamePosition *pos, int depth, FILE *out)
{
    GameMove list[GAME_MAX_MOVES];
    char text[GAME_MOVE_TEXT_MAX];
    int n = game_moves(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        game_make(pos, list[i]);
        uint64_t count = game_perft(pos, depth - 1);
        game_unmake(pos);
        game_move_text(list[i], text);
        fprintf(out, "%s: %" PRIu64 "\n", text, count);
        total += count;
    }
    fprintf(out, "\nNodes searched: %" PRIu64 "\n", total);
    fflush(out);
    return total;
}

/* ------------------------------------------------------------------------ */
/* The bench file                                                           */
/* ------------------------------------------------------------------------ */

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

/* Adds the position of one EPD line ("FEN ;op ;op"; blank and # lines are
 * skipped). Returns 0, or -1 with an error naming path and line. */
static int bench_add_line(BenchSet *set, char *line, const char *path, long lineno)
{
    static GamePosition scratch;
    char err[160];
    line = text_trim(line);
    if (!*line || *line == '#') return 0;
    line[strcspn(line, ";")] = '\0';
    line = text_trim(line);
    if (strlen(line) >= GAME_POS_TEXT_MAX) {
        fprintf(stderr, "bench: %s:%ld: line too long\n", path, lineno);
        return -1;
    }
    if (game_pos_from_text(&scratch, line, err, sizeof err)) {
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

/* ------------------------------------------------------------------------ */
/* bench                                                                    */
/* ------------------------------------------------------------------------ */

/* Searches every position of set to depth with a fresh table each, then
 * writes the totals to out. Returns 0, or -1 with the error printed. */
static int bench_search_all(Search *s, const BenchSet *set, int depth, const SearchConfig *config, FILE *out)
{
    static GamePosition pos;
    SearchLimits limits = {.depth = depth};
    uint64_t nodes = 0;
    int64_t ms = 0;
    char best[GAME_MOVE_TEXT_MAX];
    if (search_configure(s, config)) {
        fprintf(stderr, "bench: cannot allocate the %d MB hash table\n", config->hash_mb);
        return -1;
    }
    for (int i = 0; i < set->count; i++) {
        game_pos_from_text(&pos, set->fen[i], NULL, 0);
        search_clear(s);
        int64_t start = now_ms();
        SearchInfo info = search_run(s, &pos, &limits, NULL, NULL, NULL);
        ms += now_ms() - start;
        nodes += info.nodes;
        text_move(info.pv[0], best);
        fprintf(stderr, "position %d/%d: nodes %" PRIu64 " best %s\n", i + 1, set->count, info.nodes, best);
    }
    uint64_t nps = nodes * 1000 / (uint64_t)(ms > 0 ? ms : 1);
    fprintf(out, "Total time (ms) : %" PRId64 "\nNodes searched  : %" PRIu64 "\nNodes/second    : %" PRIu64 "\n", ms,
            nodes, nps);
    fflush(out);
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
        if (!have_depth && text_parse_i64(words[i], 1, SEARCH_MAX_DEPTH, &d)) {
            have_depth = true;
            continue;
        }
        if (!*variant && (*variant = options_find_variant(words[i])) != NULL) continue;
        fprintf(stderr, "bench: bad argument '%s' (usage: bench [DEPTH 1-%d] [VARIANT])\n", words[i],
                SEARCH_MAX_DEPTH);
        return -1;
    }
    *depth = (int)d;
    return 0;
}

int bench_run(Search *s, const SearchConfig *config, char **words, int n, FILE *out)
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
        SearchConfig run = *config;
        if (variant) run.variant = variant;
        rc = bench_search_all(s, &set, depth, &run, out);
        if (search_configure(s, config)) fprintf(stderr, "bench: cannot restore the options\n");
    }
    free(set.fen);
    return rc;
}

/* ------------------------------------------------------------------------ */
/* Command line                                                             */
/* ------------------------------------------------------------------------ */

static int command_perft(int argc, char **argv)
{
    static GamePosition pos;
    char err[160];
    int64_t depth;
    if (argc < 2 || argc > 3 || !text_parse_i64(argv[1], 1, BENCH_MAX_PERFT_DEPTH, &depth)) {
        fprintf(stderr, "usage: " GAME_ENGINE_BIN " perft DEPTH [FEN]  (DEPTH from 1 to %d)\n", BENCH_MAX_PERFT_DEPTH);
        return 1;
    }
    if (game_pos_from_text(&pos, argc == 3 ? argv[2] : GAME_START_FEN, err, sizeof err)) {
        fprintf(stderr, GAME_ENGINE_BIN ": bad FEN: %s\n", err);
        return 1;
    }
    bench_perft_divide(&pos, (int)depth, stdout);
    return 0;
}

static int command_bench(const SearchConfig *config, int argc, char **argv)
{
    if (argc > 3) {
        fprintf(stderr, "usage: " GAME_ENGINE_BIN " bench [DEPTH] [VARIANT]\n");
        return 1;
    }
    Search *s = search_new(config);
    if (!s) {
        fprintf(stderr, GAME_ENGINE_BIN ": cannot allocate the %d MB hash table\n", config->hash_mb);
        return 1;
    }
    int rc = bench_run(s, config, argv + 1, argc - 1, stdout);
    search_free(s);
    return rc ? 1 : 0;
}

int bench_command_line(const SearchConfig *config, int argc, char **argv)
{
    if (strcmp(argv[0], "perft") == 0) return command_perft(argc, argv);
    if (strcmp(argv[0], "bench") == 0) return command_bench(config, argc, argv);
    fprintf(stderr, GAME_ENGINE_BIN ": unknown command '%s' (expected: perft, bench; see --help)\n", argv[0]);
    return 1;
}
