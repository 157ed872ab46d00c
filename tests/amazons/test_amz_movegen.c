/*
 * test_amz_movegen.c - the generator, the counter, amz_has_moves and the legality test
 * agree on every position of many random games; positions with no legal
 * turn; the published perft counts from the start; the move-list bound.
 */
#include <string.h>

#include "amz_testlib.h"
#include "board.h"
#include "movegen.h"
#include "testhelp.h"

static AmzPosition pos;
static AmzMove list[AMZ_MAX_MOVES];
static bool seen[1 << 21];

/* Count, list, "has a turn" and legality agree; no turn is listed twice.
 * Returns the errors. */
static int check_position(void)
{
    int n = amz_gen_moves(&pos, list), errors = 0;
    errors += amz_count_moves(&pos) != n;
    errors += amz_has_moves(&pos) != (n > 0);
    for (int i = 0; i < n; i++) {
        errors += seen[list[i]] || !amz_move_is_legal(&pos, list[i]) || list[i] == AMZ_MOVE_NONE;
        seen[list[i]] = true;
    }
    for (int i = 0; i < n; i++) seen[list[i]] = false;
    return errors;
}

static void test_random_games(void)
{
    uint64_t rng = 31337;
    int errors = 0, positions = 0, no_turn = 0;
    for (int game = 0; game < 60; game++) {
        amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
        do {
            errors += check_position();
            positions++;
        } while (amz_test_play_random(&pos, 1, &rng) == 1);
        no_turn += amz_count_moves(&pos) == 0;
    }
    CHECK(errors == 0, "%d disagreements over %d positions", errors, positions);
    CHECK(no_turn == 60, "%d of 60 random games ended with no legal turn", no_turn);
}

/* A few illegal values: bad squares, stray bits, wrong side, blocked lines. */
static void test_illegal_values(void)
{
    amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
    int d1 = AMZ_SQ(3, 0), d6 = AMZ_SQ(3, 5), g9 = AMZ_SQ(6, 8), a7 = AMZ_SQ(0, 6);
    AmzMove good = AMZ_MOVE(d1, d6, g9);
    CHECK(amz_move_is_legal(&pos, good), "d1-d6/g9 is legal from the start");
    CHECK(!amz_move_is_legal(&pos, good | (1u << 21)), "a stray bit above the arrow");
    CHECK(!amz_move_is_legal(&pos, AMZ_MOVE(d1, 100, g9)), "destination 100");
    CHECK(!amz_move_is_legal(&pos, AMZ_MOVE(127, d6, g9)), "from 127");
    CHECK(!amz_move_is_legal(&pos, AMZ_MOVE(d1, d6, 101)), "arrow 101");
    CHECK(!amz_move_is_legal(&pos, AMZ_MOVE_NONE), "the none value");
    CHECK(!amz_move_is_legal(&pos, AMZ_MOVE(a7, AMZ_SQ(0, 5), AMZ_SQ(0, 4))), "black amazon, white to move");
    CHECK(!amz_move_is_legal(&pos, AMZ_MOVE(d1, AMZ_SQ(3, 9), g9)), "onto d10");
    CHECK(!amz_move_is_legal(&pos, AMZ_MOVE(d1, d6, d6)), "arrow on the destination");
    CHECK(!amz_move_is_legal(&pos, AMZ_MOVE(d1, d1, d6)), "zero-length move");
}

/* Positions where the side to move has no legal turn: it has lost. */
static void test_no_legal_turn(void)
{
    static const char *const TRAPPED[] = {
        "Q*8/**8/10/10/10/10/10/10/10/9q w",
        "q*8/**8/10/10/10/10/10/10/10/9Q b",
        /* Two white amazons walled in together, each blocking the other. */
        "QQ*7/***7/10/10/10/10/10/10/10/q9 w",
    };
    for (size_t i = 0; i < sizeof TRAPPED / sizeof *TRAPPED; i++) {
        char err[160] = "";
        CHECK(amz_pos_from_text(&pos, TRAPPED[i], err, sizeof err) == 0, "%s: %s", TRAPPED[i], err);
        CHECK(amz_gen_moves(&pos, list) == 0 && amz_count_moves(&pos) == 0 && !amz_has_moves(&pos), "%s has turns",
              TRAPPED[i]);
        CHECK(amz_perft(&pos, 0) == 1 && amz_perft(&pos, 1) == 0 && amz_perft(&pos, 2) == 0, "%s perft", TRAPPED[i]);
    }
    /* The other side is not trapped there: Black's amazon on j1 has turns. */
    amz_pos_from_text(&pos, "Q*8/**8/10/10/10/10/10/10/10/9q b", NULL, 0);
    CHECK(amz_count_moves(&pos) > 0 && amz_has_moves(&pos), "black has turns");
}

/* The published counts from the start, which Fairy-Stockfish gives too. */
static void test_start_perft(void)
{
    amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
    CHECK(amz_perft(&pos, 1) == 2176, "perft 1 from the start");
    CHECK(amz_perft(&pos, 2) == 4307152, "perft 2 from the start");
    CHECK(amz_gen_moves(&pos, list) == 2176, "2176 turns listed");
}

/* The most a square sees is 35 (e5: 9 + 9 + 9 + 8), so 4 * 35 * 35 < AMZ_MAX_MOVES. */
static void test_move_bound(void)
{
    amz_pos_from_text(&pos, "q9/10/10/10/10/4Q5/10/10/10/10 w", NULL, 0);
    int e5 = AMZ_SQ(4, 4);
    CHECK(amz_queen_reach(&pos, e5) == 35, "e5 reaches %d", amz_queen_reach(&pos, e5));
    int n = amz_count_moves(&pos);
    CHECK(n > 1000 && n <= 35 * 35 && 4 * 35 * 35 <= AMZ_MAX_MOVES, "one central amazon: %d turns", n);
    /* Four amazons in the middle with the black ones in corners. */
    amz_pos_from_text(&pos, "q8q/10/10/3Q2Q3/10/10/3Q2Q3/10/10/q8q w", NULL, 0);
    n = amz_gen_moves(&pos, list);
    CHECK(n == amz_count_moves(&pos) && n < AMZ_MAX_MOVES, "four central amazons: %d turns", n);
}

int main(void)
{
    amz_board_init();
    test_random_games();
    test_illegal_values();
    test_no_legal_turn();
    test_start_perft();
    test_move_bound();
    return TEST_REPORT();
}
