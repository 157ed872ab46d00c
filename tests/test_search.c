/*
 * test_search.c - properties of the search library that a user comparing
 * algorithms relies on:
 *  - with TTExactDraft on, every exact variant (VARIANT_EXACT: all but
 *    random and mcts, tested in test_mcts.c) returns exactly negamax's root
 *    score at fixed depth on every bench position, quiescence on and off,
 *    and so does every exact variant with every exact search feature on
 *    (Killers, IID, SEE, MateDistance, HistoryMalus, TTFirst, CounterMove: they only reorder or prune lines
 *    that cannot change the root's value) on the bench and mate positions;
 *  - node counts fall in the expected order on the bench set;
 *  - mate puzzles (positions/xiangqi/mates.epd, verified with
 *    Fairy-Stockfish) are scored `mate N` with the right N;
 *  - the same search twice gives the same nodes; node limits are exact;
 *  - deeper search beats shallower search in self-play.
 * QB_SEARCH_DEPTH overrides the equality depth (default 3).
 */
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "testhelp.h"

#define MAX_POSITIONS 64

typedef struct {
    char fen[512];
    int mate; /* dm N, or 0 */
    char id[64];
} Epd;

static Epd bench[MAX_POSITIONS], mates[MAX_POSITIONS];
static int bench_count, mate_count;
static int variant_count, exact_count;
static const Variant *variants;

/* Reads "FEN ;op ;op" lines: the FEN, `dm N` and `id "..."`. */
static int load_epd(const char *path, Epd *out, int max)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int n = 0;
    if (!f) return -1;
    while (n < max && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        char *semi = strchr(line, ';');
        if (semi) *semi = '\0';
        snprintf(out[n].fen, sizeof out[n].fen, "%s", line);
        char *rest = semi ? semi + 1 : line + strlen(line);
        char *dm = strstr(rest, "dm ");
        out[n].mate = dm ? atoi(dm + 3) : 0;
        char *id = strstr(rest, "id \"");
        snprintf(out[n].id, sizeof out[n].id, "%.*s", id ? (int)strcspn(id + 4, "\"") : 1, id ? id + 4 : "?");
        n++;
    }
    fclose(f);
    return n;
}

/* Runs one search from scratch and returns its final info. */
static unsigned run_features; /* SearchConfig.features_on of run() */

static SearchInfo run(const Variant *v, const char *fen, int depth, bool quiescence, bool exact, uint64_t nodes)
{
    static Position pos;
    SearchConfig cfg = {.variant = v, .hash_mb = 1, .quiescence = quiescence, .tt_exact_draft = exact,
                        .features_on = run_features};
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = depth;
    lim.nodes = nodes;
    Search *s = search_new(&cfg);
    SearchInfo info;
    memset(&info, 0, sizeof info);
    if (!s || xq_pos_from_fen(&pos, fen, NULL, 0)) {
        CHECK(false, "cannot set up %s", fen);
        search_free(s);
        return info;
    }
    info = search_run(s, &pos, &lim, NULL, NULL, NULL);
    search_free(s);
    return info;
}

/* Nodes of negamax and alphabeta over the bench set at the equality depth
 * (quiescence on), kept for the node-order test. */
static uint64_t negamax_nodes, alphabeta_nodes;
/* negamax's scores on the bench set at the equality depth, quiescence on,
 * TTExactDraft on (it ignores the features: the reference for them too). */
static int negamax_scores[MAX_POSITIONS];

static void test_same_scores(int depth)
{
    for (int q = 1; q >= 0; q--) {
        int mismatches = 0, loose_diffs = 0;
        for (int p = 0; p < bench_count; p++) {
            SearchInfo negamax = run(&variants[0], bench[p].fen, depth, q, true, 0);
            int ref = negamax.score;
            if (q) negamax_nodes += negamax.nodes, negamax_scores[p] = ref;
            for (int v = 1; v < variant_count; v++) {
                if (!variant_is_exact(&variants[v])) continue; /* random, mcts: see test_mcts.c */
                SearchInfo info = run(&variants[v], bench[p].fen, depth, q, true, 0);
                int score = info.score;
                if (q && strcmp(variants[v].name, "alphabeta") == 0) alphabeta_nodes += info.nodes;
                if (score != ref) mismatches++;
                CHECK(score == ref, "%s %s depth %d quiescence %d: %s scores %d, negamax %d", bench[p].id,
                      bench[p].fen, depth, q, variants[v].name, score, ref);
                loose_diffs += run(&variants[v], bench[p].fen, depth, q, false, 0).score != ref;
            }
        }
        printf("depth %d, quiescence %s: %d of %d scores differ from negamax with TTExactDraft on, %d with it off\n",
               depth, q ? "on" : "off", mismatches, bench_count * (exact_count - 1), loose_diffs);
    }
}

/* The exact search features, from the registry (and at least the four
 * named); the evaluation's (SEARCH_FEATURE_EVAL_MASK), which every variant
 * uses, negamax too, are tested by test_eval_features. */
static unsigned exact_features(void)
{
    int n;
    unsigned bits = 0;
    const SearchFeature *f = search_features(&n);
    for (int i = 0; i < n; i++)
        if (f[i].exact) bits |= f[i].bit;
    return bits & ~SEARCH_FEATURE_EVAL_MASK;
}

/* The evaluation terms: every one is exact, and with all of them on every
 * exact variant returns negamax's score (negamax evaluating with them too),
 * TTExactDraft on, quiescence on; and they change negamax's own scores. */
static void test_eval_features(int depth)
{
    int n, terms = 0;
    unsigned bits = 0;
    const SearchFeature *f = search_features(&n);
    for (int i = 0; i < n; i++)
        if (f[i].bit & SEARCH_FEATURE_EVAL_MASK) {
            terms++;
            bits |= f[i].bit;
            CHECK(f[i].exact, "%s (an evaluation term) is marked exact", f[i].option);
        }
    CHECK(terms == 8, "eight evaluation terms (Mobility, KingSafety, Pawns, Phase, Endgames, KingAttack, Tuned, Threats): %d",
          terms);
    int mismatches = 0, compared = 0, changed = 0;
    for (int p = 0; p < bench_count; p++) {
        run_features = 0;
        int plain = run(&variants[0], bench[p].fen, depth, true, true, 0).score;
        run_features = bits;
        int ref = run(&variants[0], bench[p].fen, depth, true, true, 0).score;
        changed += ref != plain;
        for (int v = 1; v < variant_count; v++) {
            if (!variant_is_exact(&variants[v])) continue;
            int score = run(&variants[v], bench[p].fen, depth, true, true, 0).score;
            compared++;
            mismatches += score != ref;
            CHECK(score == ref, "%s %s depth %d, evaluation terms on: %s scores %d, negamax %d", bench[p].id,
                  bench[p].fen, depth, variants[v].name, score, ref);
        }
        run_features = 0;
    }
    CHECK(changed * 2 > bench_count, "the terms change negamax's score on most bench positions (%d of %d)", changed,
          bench_count);
    printf("bench depth %d, evaluation terms on: %d of %d scores differ from negamax's; they changed %d of %d of "
           "negamax's\n",
           depth, mismatches, compared, changed, bench_count);
}

/* Every exact variant with every exact feature on against the variant ref
 * without features (negamax, which ignores them; or, where negamax is too
 * slow, alphabeta, exact by the test above), TTExactDraft on, quiescence
 * on, on the positions set[0..count) at depth. */
static void test_exact_features(const Epd *set, int count, int depth, const char *what, const Variant *ref_variant,
                                const int *ref_scores)
{
    unsigned bits = exact_features();
    int mismatches = 0, compared = 0;
    CHECK(bits
              == (SEARCH_FEATURE_KILLERS | SEARCH_FEATURE_IID | SEARCH_FEATURE_SEE | SEARCH_FEATURE_MATE_DIST
                  | SEARCH_FEATURE_HIST_MALUS | SEARCH_FEATURE_TT_FIRST | SEARCH_FEATURE_COUNTER),
          "the exact features are Killers, IID, SEE, MateDistance, HistoryMalus, TTFirst, CounterMove (0x%x)", bits);
    for (int p = 0; p < count; p++) {
        run_features = 0;
        int ref = ref_scores ? ref_scores[p] : run(ref_variant, set[p].fen, depth, true, true, 0).score;
        run_features = bits;
        for (int v = 1; v < variant_count; v++) {
            if (!variant_is_exact(&variants[v])) continue;
            int score = run(&variants[v], set[p].fen, depth, true, true, 0).score;
            compared++;
            mismatches += score != ref;
            CHECK(score == ref, "%s %s depth %d, exact features on: %s scores %d, %s %d", set[p].id, set[p].fen,
                  depth, variants[v].name, score, ref_variant->name, ref);
        }
        run_features = 0;
    }
    printf("%s depth %d, exact features on: %d of %d scores differ from %s\n", what, depth, mismatches, compared,
           ref_variant->name);
}

/* Total nodes over the bench set at depth for the named variant. */
static uint64_t total_nodes(const char *name, int depth)
{
    uint64_t total = 0;
    for (int p = 0; p < bench_count; p++)
        total += run(search_variant_by_name(name), bench[p].fen, depth, true, false, 0).nodes;
    return total;
}

static void test_node_order(int depth)
{
    uint64_t negamax = negamax_nodes, ab_low = alphabeta_nodes; /* at depth - 1 */
    uint64_t ab = total_nodes("alphabeta", depth), hh = total_nodes("alphabeta-hh", depth);
    uint64_t tt = total_nodes("alphabeta-tt", depth), ns = total_nodes("negascout", depth);
    uint64_t mtdf = total_nodes("mtdf", depth);
    printf("bench nodes: depth %d negamax %llu, alphabeta %llu; depth %d alphabeta %llu, alphabeta-hh %llu, "
           "alphabeta-tt %llu, negascout %llu, mtdf %llu\n",
           depth - 1, (unsigned long long)negamax, (unsigned long long)ab_low, depth, (unsigned long long)ab,
           (unsigned long long)hh, (unsigned long long)tt, (unsigned long long)ns, (unsigned long long)mtdf);
    CHECK(negamax >= ab_low, "negamax >= alphabeta");
    CHECK(ab >= hh, "alphabeta >= alphabeta-hh");
    CHECK(ab >= tt, "alphabeta >= alphabeta-tt");
    CHECK(ns * 2 < ab, "negascout well below alphabeta (under half)");
    CHECK(mtdf * 2 < ab, "mtdf well below alphabeta (under half)");
}

static void test_mates(void)
{
    for (int p = 0; p < mate_count; p++) {
        /* 2N plies: a mate that ends in stalemate is seen one ply later (the
         * quiescence search stands pat when not in check). */
        int n = mates[p].mate, depth = 2 * n;
        for (int v = 0; v < variant_count; v++) {
            if (!variant_is_exact(&variants[v])) continue; /* no mate scores to compare */
            if (v == 0 && n > 2) continue; /* plain negamax is too slow past mate in 2 */
            SearchInfo info = run(&variants[v], mates[p].fen, depth, true, false, 0);
            CHECK(search_mate_in(info.score) == n, "%s %s: %s says mate %d (score %d), expected mate %d",
                  mates[p].id, mates[p].fen, variants[v].name, search_mate_in(info.score), info.score, n);
        }
    }
}

static void test_repeatable_and_limits(void)
{
    for (int v = 0; v < variant_count; v++) {
        SearchInfo a = run(&variants[v], bench[0].fen, 3, true, false, 0);
        SearchInfo b = run(&variants[v], bench[0].fen, 3, true, false, 0);
        CHECK(a.nodes == b.nodes && a.score == b.score && a.pv[0] == b.pv[0], "%s repeats itself",
              variants[v].name);
        SearchInfo c = run(&variants[v], bench[0].fen, 0, true, false, 3000);
        bool one = variants[v].drive == DRIVE_RANDOM;
        uint64_t low = one ? 1 : 2990, high = one ? 1 : 3000;
        CHECK(c.nodes <= high && c.nodes >= low, "%s stops at 3000 nodes (random: its one node): %llu",
              variants[v].name, (unsigned long long)c.nodes);
        static Position pos;
        xq_pos_from_fen(&pos, bench[0].fen, NULL, 0);
        CHECK(xq_move_is_legal(&pos, c.pv[0]), "%s gives a legal move under a node limit", variants[v].name);
    }
}

/* The evaluation cache (ctx.h) is cleared when the features change: one
 * Search object searches with the evaluation terms off, then on, then off
 * again, and each time finds what a fresh object finds (the same nodes,
 * score and move). */
static void test_eval_cache_reconfigure(void)
{
    static Position pos;
    const Variant *v = search_variant_by_name("modern");
    unsigned terms = SEARCH_FEATURE_EVAL_MASK;
    SearchConfig off = {.variant = v, .hash_mb = 1, .quiescence = true, .features_off = terms};
    SearchConfig on = {.variant = v, .hash_mb = 1, .quiescence = true};
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.depth = 5;
    Search *s = search_new(&off);
    int same = 0, runs = 0;
    for (int p = 0; p < 5 && p < bench_count; p++) {
        for (int k = 0; k < 3; k++) {
            const SearchConfig *cfg = k == 1 ? &on : &off;
            search_configure(s, cfg);
            search_clear(s);
            xq_pos_from_fen(&pos, bench[p].fen, NULL, 0);
            SearchInfo a = search_run(s, &pos, &lim, NULL, NULL, NULL);
            Search *fresh = search_new(cfg);
            xq_pos_from_fen(&pos, bench[p].fen, NULL, 0);
            SearchInfo b = search_run(fresh, &pos, &lim, NULL, NULL, NULL);
            search_free(fresh);
            same += a.nodes == b.nodes && a.score == b.score && a.pv[0] == b.pv[0];
            runs++;
        }
    }
    search_free(s);
    CHECK(same == runs,
          "a Search reconfigured between the evaluation terms on and off searches as a fresh one: %d of %d", same,
          runs);
}

/* A search stopped inside iteration D + 1 (by a node limit one short of
 * its end) answers with that iteration's best move when it differs from
 * iteration D's, for the drivers that search the previous best first
 * (negascout, modern); MTD(f) keeps iteration D's. The reference is the
 * same search let run to the end of iteration D + 1. Not always: after an
 * aspiration fail high the re-search takes the previous best first again,
 * and the new move may not have been reached when the search stops (bench
 * 2 at depth 4 in modern), or a third move may have beaten the previous
 * best first (bench 9 at depth 3); so nine in ten, and MTD(f) always. */
static void test_partial_iteration(void)
{
    const char *names[] = {"negascout", "modern", "mtdf"};
    for (int k = 0; k < 3; k++) {
        const Variant *v = search_variant_by_name(names[k]);
        bool keeps = v->drive != DRIVE_MTDF;
        int changed = 0, kept = 0;
        for (int p = 0; p < bench_count; p++)
            for (int d = 2; d <= 5; d++) {
                SearchInfo a = run(v, bench[p].fen, d, true, false, 0);
                SearchInfo b = run(v, bench[p].fen, d + 1, true, false, 0);
                if (a.pv[0] == b.pv[0] || b.nodes < a.nodes + 2) continue;
                changed++;
                SearchInfo c = run(v, bench[p].fen, 0, true, false, b.nodes - 1);
                kept += c.pv[0] == (keeps ? b.pv[0] : a.pv[0]);
                CHECK(c.depth == d, "%s, bench %d: stopped in iteration %d, it reports depth %d (%d)", names[k],
                      p + 1, d + 1, d, c.depth);
            }
        printf("%s: the move changed between iterations %d times at depth 2-6 (bench), stopped a node short it "
               "played %s %d times\n", names[k], changed, keeps ? "the new move" : "the old move", kept);
        CHECK(changed >= 10, "%s: the best move changes from one iteration to the next %d times (depth 2-6)",
              names[k], changed);
        CHECK(keeps ? kept * 10 >= changed * 9 : kept == changed,
              "%s: stopped a node before the end of the iteration that changed its move, it plays %s %s(%d of %d)",
              names[k], keeps ? "the new move" : "the last completed iteration's", keeps ? "nine times in ten " : "",
              kept, changed);
    }
}

int main(void)
{
    const char *env = getenv("QB_SEARCH_DEPTH");
    int depth = env ? atoi(env) : 3;
    xq_board_init();
    xq_movegen_init();
    xq_eval_init();
    variants = search_variants(&variant_count);
    bench_count = load_epd("positions/xiangqi/bench.epd", bench, MAX_POSITIONS);
    mate_count = load_epd("positions/xiangqi/mates.epd", mates, MAX_POSITIONS);
    CHECK(bench_count >= 20, "bench.epd has %d positions", bench_count);
    CHECK(mate_count >= 10, "mates.epd has %d positions", mate_count);
    for (int v = 0; v < variant_count; v++) exact_count += variant_is_exact(&variants[v]);
    CHECK(variant_count == 12 && strcmp(variants[0].name, "negamax") == 0, "twelve variants, negamax first");
    CHECK(exact_count == 9, "nine exact variants (all but modern, random and mcts)");
    if (bench_count > 0) {
        test_same_scores(depth);
        test_exact_features(bench, bench_count, depth, "bench", &variants[0], negamax_scores);
        /* Depth 4: internal iterative deepening starts there. */
        test_exact_features(bench, bench_count < 10 ? bench_count : 10, 4, "bench (first 10)",
                            search_variant_by_name("alphabeta"), NULL);
        test_exact_features(mates, mate_count, 3, "mates", &variants[0], NULL);
        test_eval_features(depth - 1); /* depth 2: negamax with the terms is slow under the sanitizers */
        test_node_order(depth + 1);
        test_repeatable_and_limits();
        test_partial_iteration();
        test_eval_cache_reconfigure();
    }
    test_mates();
    return TEST_REPORT();
}
