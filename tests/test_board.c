/*
 * test_board.c - FEN parsing and printing, FEN errors, Zobrist keys, and
 * make/unmake restoring the position exactly.
 */
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "testhelp.h"

static void test_round_trip(void)
{
    static const char *const FENS[] = {
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "3k5/9/9/9/9/9/9/9/r8/4K4 b - - 17 42",
        "4k4/3P1P3/9/9/9/9/9/9/9/3K5 b - - 0 1",
    };
    char out[128];
    Position pos;
    for (size_t i = 0; i < sizeof FENS / sizeof FENS[0]; i++) {
        CHECK(xq_pos_from_fen(&pos, FENS[i], NULL, 0) == 0, "parse %s", FENS[i]);
        xq_pos_to_fen(&pos, out, sizeof out);
        CHECK(strcmp(out, FENS[i]) == 0, "round trip: '%s' gave '%s'", FENS[i], out);
    }
    /* Short form, WXF letters (e = elephant, h = horse) and 'r' for Red. */
    CHECK(xq_pos_from_fen(&pos, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r", NULL, 0) == 0,
          "WXF letters accepted");
    xq_pos_to_fen(&pos, out, sizeof out);
    CHECK(strcmp(out, XQ_START_TEXT) == 0, "WXF letters print as the standard start: %s", out);
}

static void test_fen_errors(void)
{
    static const struct {
        const char *fen, *expect;
    } CASES[] = {
        {"", "empty FEN"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "9 ranks, expected 10"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w", "11 ranks, expected 10"},
        {"rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "rank 8 has 8 files"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "rank 0 has 8 files"},
        {"rnbakabnr/9/1c5c2/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "more than 9 files"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", "more than 9 files"},
        {"rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "unknown piece letter 'x'"},
        {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "no black general"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", "no red general"},
        {"rnbakakbr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "outside its palace"},
        {"3k1k3/9/9/9/9/9/9/9/9/4K4 w", "more than 1 black general"},
        {"4k4/9/9/9/9/9/9/9/9/K8 w", "red general on a0, outside its palace"},
        {"4k4/9/9/9/9/9/9/9/9/3KA4 w", "red advisor on e0, a square it can never reach"},
        {"4k4/9/9/9/9/9/9/9/9/3K1B3 w", "red elephant on f0, a square it can never reach"},
        {"4k4/9/9/B8/9/9/9/9/9/3K5 w", "red elephant on a6, a square it can never reach"},
        {"4k4/9/9/9/9/9/1P7/9/9/3K5 w", "red pawn on b3, a square it can never reach"},
        {"4k4/9/9/9/9/9/9/P8/9/3K5 w", "red pawn on a2, a square it can never reach"},
        {"4k4/9/9/1p7/9/9/9/9/9/3K5 w", "black pawn on b6, a square it can never reach"},
        {"3k5/9/9/9/9/RRR6/9/9/9/4K4 w", "more than 2 red chariots"},
        {"3k5/9/9/PPPPPP3/9/9/9/9/9/4K4 w", "more than 5 red pawns"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "missing side to move"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "bad side to move 'x'"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "bad halfmove field"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", "bad fullmove field"},
        {"4k4/9/9/9/9/9/9/9/9/4K4 w", "the generals face each other"},
        {"4k4/9/9/9/9/9/9/9/9/3K1r3 b", "the side not to move (red) is in check"},
        {"4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1 extra", "too many fields"},
    };
    Position pos;
    char err[200];
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        err[0] = '\0';
        int rc = xq_pos_from_fen(&pos, CASES[i].fen, err, sizeof err);
        CHECK(rc == -1 && strstr(err, CASES[i].expect) && !strchr(err, '\n'),
              "FEN '%s': expected error containing '%s', got rc %d '%s'", CASES[i].fen, CASES[i].expect, rc, err);
    }
}

/* Compares everything make/unmake must restore. */
static bool same_position(const Position *a, const Position *b)
{
    bool same = memcmp(a->board, b->board, sizeof a->board) == 0 && a->side == b->side
                && memcmp(a->king, b->king, sizeof a->king) == 0 && memcmp(a->count, b->count, sizeof a->count) == 0
                && memcmp(a->kinds, b->kinds, sizeof a->kinds) == 0 && a->ply == b->ply && pos_key(a) == pos_key(b);
    for (int c = 0; c < 2 && same; c++)
        for (int i = 0; i < a->count[c]; i++)
            same = same && a->list[c][i] == b->list[c][i] && a->slot[a->list[c][i]] == b->slot[b->list[c][i]];
    return same;
}

static uint64_t rng_state = 0x2545F4914F6CDD1DULL;
static unsigned rng_below(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* Random walks: after every move the incremental key equals the key from
 * scratch and the FEN-reparsed key; after every unmake the position is whole. */
static void test_keys_and_unmake(void)
{
    static Position pos, before, reparsed;
    Move list[MAX_MOVES];
    char fen[128];
    int key_errors = 0, restore_errors = 0, checks = 0;
    for (int walk = 0; walk < 200; walk++) {
        xq_pos_from_fen(&pos, XQ_START_TEXT, NULL, 0);
        for (int ply = 0; ply < 150; ply++) {
            int n = xq_gen_legal(&pos, list);
            if (n == 0) break;
            for (int i = 0; i < n; i++) { /* every move is made and unmade */
                before = pos;
                xq_pos_make_move(&pos, list[i]);
                key_errors += pos_key(&pos) != xq_pos_compute_key(&pos);
                xq_pos_unmake_move(&pos);
                restore_errors += !same_position(&pos, &before);
                checks++;
            }
            xq_pos_make_move(&pos, list[rng_below((unsigned)n)]);
            xq_pos_to_fen(&pos, fen, sizeof fen);
            key_errors += xq_pos_from_fen(&reparsed, fen, NULL, 0) != 0 || pos_key(&reparsed) != pos_key(&pos);
            key_errors += pos_in_check(&reparsed) != pos_in_check(&pos);
        }
    }
    CHECK(checks > 100000, "random walks made %d moves", checks);
    CHECK(key_errors == 0, "%d incremental keys differ from keys computed from scratch", key_errors);
    CHECK(restore_errors == 0, "%d unmakes did not restore the position", restore_errors);
}

/* Move counters in the FEN: Fairy-Stockfish prints "... w - - 2 2" after
 * h2e2 h9g7 from the start position (its `d` command). */
static void test_counters(void)
{
    Position pos;
    char fen[128];
    xq_pos_from_fen(&pos, XQ_START_TEXT, NULL, 0);
    xq_pos_make_move(&pos, MOVE(SQ(7, 2), SQ(4, 2)));
    xq_pos_make_move(&pos, MOVE(SQ(7, 9), SQ(6, 7)));
    xq_pos_to_fen(&pos, fen, sizeof fen);
    CHECK(strcmp(fen, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2") == 0, "got %s", fen);
    xq_pos_make_move(&pos, MOVE(SQ(4, 2), SQ(4, 6))); /* cannon takes the centre pawn */
    xq_pos_to_fen(&pos, fen, sizeof fen);
    CHECK(strcmp(fen, "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2") == 0, "got %s", fen);
    /* e7 and e8 are empty: a cannon with no screen gives no check. */
    CHECK(!pos_in_check(&pos), "no screen between e6 and e9, so no check: %s", fen);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    test_round_trip();
    test_fen_errors();
    test_keys_and_unmake();
    test_counters();
    return TEST_REPORT();
}
