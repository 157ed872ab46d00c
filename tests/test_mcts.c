/*
 * test_mcts.c - the variants that are not alpha-beta (`random`, `mcts`), on
 * the Xiangqi build of the search library:
 *  - the registry marks them not exact (the same-value invariant of
 *    test_search.c skips them by that flag);
 *  - random: always legal, the same move for a seed and a position,
 *    different seeds differ somewhere, one node and one depth-1 report with
 *    score 0, no move without a legal move;
 *  - mcts: the same answer and nodes for a seed and a node budget, the
 *    budget met exactly, every mate in 1 of positions/xiangqi/mates.epd
 *    found and scored `mate 1`, legal moves over many positions with both
 *    playouts and a full arena, `go depth` reached, info lines as the line
 *    grows, movetime kept, and a stop obeyed within a few milliseconds
 *    (the wall-clock checks: `test_mcts timed` runs them alone, `test_mcts
 *    untimed` the rest).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"
#include "testhelp.h"

#define MAX_POSITIONS 256
/* MCTSSample for these searches (the engine's default). */
#define MCTS_SAMPLE 64
/* How long a stop may take to end an mcts search (sanitizer build, shared machine). */
#define STOP_WITHIN_MS 30

typedef struct {
    char fen[512];
    int mate; /* dm N, or 0 */
} Epd;

static Epd positions[MAX_POSITIONS], mates[MAX_POSITIONS];
static int position_count, mate_count;

/* Reads "FEN ;op ;op" lines: the FEN and `dm N`. Returns the count, -1 if unreadable. */
static int load_epd(const char *path, Epd *out, int max)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int n = 0;
    if (!f) return -1;
    while (n < max && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        char *semi = strchr(line, ';'), *dm = semi ? strstr(semi, "dm ") : NULL;
        if (semi) *semi = '\0';
        snprintf(out[n].fen, sizeof out[n].fen, "%s", line);
        out[n++].mate = dm ? atoi(dm + 3) : 0;
    }
    fclose(f);
    return n;
}

/* Adds, for each bench position, the positions after 8, 16 and 32 random
 * plies (xorshift, fixed seed), so that legality is tried off the book. */
static void add_random_positions(void)
{
    static Position pos;
    Move list[MAX_MOVES];
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    int base = position_count;
    for (int p = 0; p < base; p++)
        for (int plies = 8; plies <= 32 && position_count < MAX_POSITIONS; plies *= 2) {
            xq_pos_from_fen(&pos, positions[p].fen, NULL, 0);
            for (int i = 0; i < plies; i++) {
                int n = xq_gen_legal(&pos, list);
                if (n == 0) break;
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                xq_pos_make_move(&pos, list[x % (uint64_t)n]);
            }
            if (xq_gen_legal(&pos, list) == 0) continue; /* a finished game: nothing to choose */
            xq_pos_to_fen(&pos, positions[position_count].fen, sizeof positions[0].fen);
            positions[position_count++].mate = 0;
        }
}

/* The info lines of one search. */
typedef struct {
    int count, last_depth;
    uint64_t last_nodes;
} Reports;

static void record(const SearchInfo *info, void *user)
{
    Reports *r = user;
    r->count++;
    r->last_depth = info->depth;
    r->last_nodes = info->nodes;
}

/* One search of fen from scratch with the named variant; reports to *rec (may be NULL). */
static SearchInfo run(const char *variant, const char *fen, const SearchLimits *lim, uint64_t seed,
                      SearchPlayout playout, int hash_mb, Reports *rec)
{
    static Position pos;
    SearchConfig cfg = {search_variant_by_name(variant), hash_mb, true, false, seed, playout, 0, MCTS_SAMPLE,
                        RULES_CHECK_ONLY, 0, 0, false};
    SearchInfo info;
    memset(&info, 0, sizeof info);
    Search *s = search_new(&cfg);
    if (!s || xq_pos_from_fen(&pos, fen, NULL, 0)) {
        CHECK(false, "cannot set up %s for %s", fen, variant);
        search_free(s);
        return info;
    }
    if (rec) *rec = (Reports){0, 0, 0};
    info = search_run(s, &pos, lim, NULL, rec ? record : NULL, rec);
    search_free(s);
    return info;
}

static bool legal_in(const char *fen, Move m)
{
    static Position pos;
    return xq_pos_from_fen(&pos, fen, NULL, 0) == 0 && xq_move_is_legal(&pos, m);
}

/* ---- the registry ------------------------------------------------------- */

static void test_registry(void)
{
    const Variant *r = search_variant_by_name("random"), *m = search_variant_by_name("mcts");
    CHECK(r && r->drive == DRIVE_RANDOM && !variant_is_exact(r) && !r->node, "random: DRIVE_RANDOM, not exact");
    CHECK(m && m->drive == DRIVE_MCTS && !variant_is_exact(m) && !m->node, "mcts: DRIVE_MCTS, not exact");
    CHECK(variant_is_exact(search_variant_by_name("negascout")), "negascout is exact");
}

/* ---- random ------------------------------------------------------------- */

static void test_random(void)
{
    SearchLimits lim = {.depth = 5};
    int differ = 0;
    for (int p = 0; p < position_count; p++) {
        Reports rec;
        SearchInfo a = run("random", positions[p].fen, &lim, 1, SEARCH_PLAYOUT_EVAL, 1, &rec);
        SearchInfo b = run("random", positions[p].fen, &lim, 1, SEARCH_PLAYOUT_EVAL, 1, NULL);
        SearchInfo c = run("random", positions[p].fen, &lim, 2, SEARCH_PLAYOUT_EVAL, 1, NULL);
        CHECK(legal_in(positions[p].fen, a.pv[0]) && legal_in(positions[p].fen, c.pv[0]), "random legal in %s",
              positions[p].fen);
        CHECK(a.pv[0] == b.pv[0], "random: seed 1 twice, the same move in %s", positions[p].fen);
        CHECK(a.nodes == 1 && a.depth == 1 && a.score == 0 && a.pv_len == 1, "random: 1 node, depth 1, score 0");
        CHECK(rec.count == 1 && rec.last_depth == 1 && rec.last_nodes == 1, "random: one info line");
        differ += a.pv[0] != c.pv[0];
    }
    printf("random: seeds 1 and 2 chose different moves in %d of %d positions\n", differ, position_count);
    CHECK(differ > position_count / 2, "seeds 1 and 2 differ in most positions (%d of %d)", differ, position_count);
    SearchInfo none = run("random", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b", &lim, 1, SEARCH_PLAYOUT_EVAL, 1, NULL);
    CHECK(none.pv[0] == MOVE_NONE, "random: no move when mated");
}

/* ---- mcts --------------------------------------------------------------- */

/* Node budgets: random playouts in Xiangqi mostly run to the ply cap, 100 times slower. */
static uint64_t budget(SearchPlayout playout, uint64_t eval_nodes)
{
    return playout == SEARCH_PLAYOUT_RANDOM ? eval_nodes / 10 : eval_nodes;
}

static void test_mcts_repeatable(void)
{
    for (int p = 0; p < 6 && p < position_count; p++)
        for (int playout = SEARCH_PLAYOUT_EVAL; playout <= SEARCH_PLAYOUT_RANDOM; playout++) {
            Reports rec;
            SearchLimits lim = {.nodes = budget((SearchPlayout)playout, 2000)};
            SearchInfo a = run("mcts", positions[p].fen, &lim, 7, (SearchPlayout)playout, 1, &rec);
            SearchInfo b = run("mcts", positions[p].fen, &lim, 7, (SearchPlayout)playout, 1, NULL);
            CHECK(a.nodes == lim.nodes && b.nodes == lim.nodes, "mcts: nodes %llu runs as many playouts (%llu)",
                  (unsigned long long)lim.nodes, (unsigned long long)a.nodes);
            CHECK(a.pv[0] == b.pv[0] && a.score == b.score && a.pv_len == b.pv_len, "mcts repeats itself in %s",
                  positions[p].fen);
            CHECK(rec.count >= 1 && rec.last_nodes == lim.nodes, "mcts: info lines, the last one final");
            CHECK(a.depth == a.pv_len && a.depth >= 1, "mcts: depth is the line's length");
        }
    SearchLimits deep = {.depth = 3};
    SearchInfo d1 = run("mcts", positions[0].fen, &deep, 1, SEARCH_PLAYOUT_EVAL, 4, NULL);
    SearchInfo d2 = run("mcts", positions[0].fen, &deep, 1, SEARCH_PLAYOUT_EVAL, 4, NULL);
    CHECK(d1.depth >= 3 && d1.nodes == d2.nodes, "mcts: go depth 3 reaches depth %d in %llu nodes, repeatably",
          d1.depth, (unsigned long long)d1.nodes);
}

static void test_mcts_mates(void)
{
    static Position pos;
    SearchLimits lim = {.nodes = 3000};
    int tried = 0;
    for (int p = 0; p < mate_count; p++) {
        if (mates[p].mate != 1) continue;
        tried++;
        SearchInfo info = run("mcts", mates[p].fen, &lim, 1, SEARCH_PLAYOUT_EVAL, 4, NULL);
        Move list[MAX_MOVES];
        xq_pos_from_fen(&pos, mates[p].fen, NULL, 0);
        bool mates_now = xq_move_is_legal(&pos, info.pv[0]) && xq_pos_make_move(&pos, info.pv[0])
                         && xq_gen_legal(&pos, list) == 0;
        CHECK(mates_now && search_mate_in(info.score) == 1, "mcts mates in 1 in %s (score %d)", mates[p].fen,
              info.score);
    }
    CHECK(tried >= 3, "mates.epd has mates in 1 (%d)", tried);
}

static void test_mcts_legal(void)
{
    for (int p = 0; p < position_count; p++) {
        SearchPlayout playout = p % 2 ? SEARCH_PLAYOUT_RANDOM : SEARCH_PLAYOUT_EVAL;
        SearchLimits lim = {.nodes = budget(playout, 300)};
        SearchInfo info = run("mcts", positions[p].fen, &lim, (uint64_t)p, playout, 1, NULL);
        CHECK(legal_in(positions[p].fen, info.pv[0]), "mcts legal in %s", positions[p].fen);
    }
    /* A budget larger than the arena (1 MB: 32768 nodes): no more nodes, the playouts go on. */
    SearchLimits big = {.nodes = 40000};
    SearchInfo full = run("mcts", positions[0].fen, &big, 1, SEARCH_PLAYOUT_EVAL, 1, NULL);
    CHECK(full.nodes == 40000 && legal_in(positions[0].fen, full.pv[0]), "mcts: a full arena still answers");
    SearchLimits mated = {.nodes = 100};
    SearchInfo none = run("mcts", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b", &mated, 1, SEARCH_PLAYOUT_EVAL, 1, NULL);
    CHECK(none.pv[0] == MOVE_NONE, "mcts: no move when mated");
}

static int64_t clock_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

typedef struct {
    Search *s;
    Position pos;
    SearchLimits lim;
    atomic_bool stop;
    SearchInfo info;
    int64_t end_ms;
} Job;

static void *job_run(void *arg)
{
    Job *j = arg;
    j->info = search_run(j->s, &j->pos, &j->lim, &j->stop, NULL, NULL);
    j->end_ms = clock_ms();
    return NULL;
}

static void test_mcts_time(void)
{
    static Job job;
    SearchConfig cfg = {search_variant_by_name("mcts"), 4, true, false, 1, SEARCH_PLAYOUT_EVAL, 0, MCTS_SAMPLE,
                        RULES_CHECK_ONLY, 0, 0, false};
    job.s = search_new(&cfg);
    xq_pos_from_fen(&job.pos, positions[0].fen, NULL, 0);
    /* movetime 200: answered in time. */
    job.lim = (SearchLimits){.movetime = 200};
    int64_t start = clock_ms();
    job_run(&job);
    CHECK(job.end_ms - start <= 200 && legal_in(positions[0].fen, job.info.pv[0]), "mcts: movetime 200 took %lld ms",
          (long long)(job.end_ms - start));
    /* infinite, then stop after 150 ms. */
    job.lim = (SearchLimits){.infinite = true};
    atomic_init(&job.stop, false);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, job_run, &job) == 0, "thread");
    struct timespec pause = {0, 150 * 1000000L};
    nanosleep(&pause, NULL);
    int64_t stop_at = clock_ms();
    atomic_store(&job.stop, true);
    pthread_join(t, NULL);
    printf("mcts: stopped %lld ms after the stop flag, %llu playouts\n", (long long)(job.end_ms - stop_at),
           (unsigned long long)job.info.nodes);
    CHECK(job.end_ms - stop_at <= STOP_WITHIN_MS, "mcts: stop obeyed within %d ms (took %lld)", STOP_WITHIN_MS,
          (long long)(job.end_ms - stop_at));
    CHECK(legal_in(positions[0].fen, job.info.pv[0]) && job.info.nodes > 0, "mcts: stopped with a legal move");
    search_free(job.s);
}

/* With no argument, every check; `timed`: only test_mcts_time's (the wall
 * clock's), `untimed`: all the others. tests/run.sh runs the two parts apart,
 * the timed one with no other test beside it. */
int main(int argc, char **argv)
{
    const char *part = argc > 1 ? argv[1] : "";
    bool timed = strcmp(part, "untimed") != 0, untimed = strcmp(part, "timed") != 0;
    if (argc > 2 || (argc == 2 && timed && untimed)) {
        fprintf(stderr, "usage: test_mcts [timed|untimed]\n");
        return 2;
    }
    xq_board_init();
    xq_movegen_init();
    xq_eval_init();
    position_count = load_epd("positions/xiangqi/bench.epd", positions, MAX_POSITIONS);
    mate_count = load_epd("positions/xiangqi/mates.epd", mates, MAX_POSITIONS);
    CHECK(position_count >= 20 && mate_count >= 10, "bench.epd and mates.epd read");
    if (untimed) test_registry();
    if (position_count > 0) {
        if (untimed) {
            add_random_positions();
            test_random();
            test_mcts_repeatable();
            test_mcts_legal();
        }
        if (timed) test_mcts_time();
    }
    if (untimed) test_mcts_mates();
    return TEST_REPORT();
}
