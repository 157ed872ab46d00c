/*
 * test_play.c - deeper is stronger: paired self-play games adjudicated by
 * the rules core. Run from the optimised build (it plays thousands of
 * searches). Each opening is played twice with colours swapped.
 *  - negascout at depth 4 against negascout at depth 2;
 *  - negascout against alphabeta at the same node budget per move.
 */
#include <string.h>

#include "search.h"
#include "testhelp.h"

#define MAX_GAME_PLIES 200
#define OPENINGS 10

typedef struct {
    const char *variant;
    int depth;
    uint64_t nodes;
} Player;

/* Plays one game; returns Red's score (1, 0.5 or 0). */
static double play_game(const char *fen, const Player *red, const Player *black, Search *s[2])
{
    static Position pos;
    const Player *players[2] = {red, black};
    xq_pos_from_fen(&pos, fen, NULL, 0);
    RulesConfig rules = xq_rules_default_config();
    rules.max_plies = MAX_GAME_PLIES;
    for (;;) {
        Outcome o = xq_rules_outcome(&pos, &rules);
        if (o.result != RULES_NONE) return o.result == RULES_DRAW ? 0.5 : o.result == RULES_RED_WINS ? 1.0 : 0.0;
        const Player *p = players[pos.side];
        SearchLimits lim;
        memset(&lim, 0, sizeof lim);
        lim.depth = p->depth;
        lim.nodes = p->nodes;
        SearchInfo info = search_run(s[pos.side], &pos, &lim, NULL, NULL, NULL);
        if (!xq_move_is_legal(&pos, info.pv[0])) {
            CHECK(false, "%s played an illegal move", p->variant);
            return pos.side == RED ? 0.0 : 1.0;
        }
        xq_pos_make_move(&pos, info.pv[0]);
    }
}

/* Plays OPENINGS game pairs of a against b; returns a's score fraction. */
static double match(const Player *a, const Player *b, const char *const *openings)
{
    SearchConfig ca = {.variant = search_variant_by_name(a->variant), .hash_mb = 4, .quiescence = true};
    SearchConfig cb = {.variant = search_variant_by_name(b->variant), .hash_mb = 4, .quiescence = true};
    Search *sa = search_new(&ca), *sb = search_new(&cb);
    double score = 0;
    for (int i = 0; i < OPENINGS; i++) {
        Search *ab[2] = {sa, sb}, *ba[2] = {sb, sa};
        search_clear(sa);
        search_clear(sb);
        score += play_game(openings[i], a, b, ab);
        search_clear(sa);
        search_clear(sb);
        score += 1.0 - play_game(openings[i], b, a, ba);
    }
    search_free(sa);
    search_free(sb);
    return score / (2 * OPENINGS);
}

int main(void)
{
    /* The start position and nine common first moves (central cannon,
     * horse, elephant and pawn openings) with one reply each. */
    static const char *const OPENING_MOVES[OPENINGS] = {
        "", "h2e2 h9g7", "b2e2 b9c7", "c3c4 g6g5", "h0g2 h9g7", "c0e2 h7e7", "g3g4 c6c5", "b0c2 b7e7", "h2f2 b9c7",
        "b2d2 h9g7",
    };
    static char fens[OPENINGS][128];
    const char *openings[OPENINGS];
    xq_board_init();
    xq_movegen_init();
    xq_eval_init();
    for (int i = 0; i < OPENINGS; i++) {
        static Position pos;
        xq_pos_from_fen(&pos, XQ_START_TEXT, NULL, 0);
        for (const char *m = OPENING_MOVES[i]; *m; m += m[4] ? 5 : 4)
            xq_pos_make_move(&pos, MOVE(SQ(m[0] - 'a', m[1] - '0'), SQ(m[2] - 'a', m[3] - '0')));
        xq_pos_to_fen(&pos, fens[i], sizeof fens[i]);
        openings[i] = fens[i];
    }
    Player deep = {"negascout", 4, 0}, shallow = {"negascout", 2, 0};
    double s = match(&deep, &shallow, openings);
    printf("negascout depth 4 vs depth 2: %.1f%% over %d games\n", 100 * s, 2 * OPENINGS);
    CHECK(s >= 0.75, "depth 4 scores %.3f against depth 2, expected at least 0.75", s);

    Player ns = {"negascout", 0, 20000}, ab = {"alphabeta", 0, 20000};
    s = match(&ns, &ab, openings);
    printf("negascout vs alphabeta at 20000 nodes per move: %.1f%% over %d games\n", 100 * s, 2 * OPENINGS);
    CHECK(s >= 0.6, "negascout scores %.3f against alphabeta at equal nodes, expected at least 0.6", s);
    return TEST_REPORT();
}
