/*
 * test_atx_movegen.c - engine/ataxx/movegen.c: the start's moves counted by
 * hand, the pass (only when a side has no move and the game goes on), no
 * move at game over, and over random games: the generator against the
 * counter, the legality test against the generator for every possible
 * move value, no duplicates, and the neighbour tables against their
 * definition.
 */
#include <stdlib.h>
#include <string.h>

#include "atx_testlib.h"
#include "board.h"
#include "movegen.h"
#include "notation.h"
#include "testhelp.h"

static AtxPosition pos;
static AtxMove list[ATX_MAX_MOVES];
static char err[160];

static int load(const char *t) { return atx_pos_from_text(&pos, t, err, sizeof err); }

static void test_tables(void)
{
    int bad = 0;
    for (int a = 0; a < ATX_SQUARES; a++)
        for (int b = 0; b < ATX_SQUARES; b++) {
            int df = abs(ATX_SQ_FILE(a) - ATX_SQ_FILE(b)), dr = abs(ATX_SQ_RANK(a) - ATX_SQ_RANK(b));
            int d = df > dr ? df : dr;
            bad += ((ATX_SINGLES[a] >> b) & 1) != (d == 1);
            bad += ((ATX_DOUBLES[a] >> b) & 1) != (d == 2);
        }
    CHECK(bad == 0, "neighbour tables: %d squares wrong", bad);
    CHECK(atx_bb_count(ATX_SINGLES[ATX_SQ(3, 3)]) == 8 && atx_bb_count(ATX_DOUBLES[ATX_SQ(3, 3)]) == 16, "d4: 8 and 16");
    CHECK(atx_bb_count(ATX_SINGLES[0]) == 3 && atx_bb_count(ATX_DOUBLES[0]) == 5, "a1: 3 and 5");
    for (int sq = 0; sq < ATX_SQUARES; sq++) bad += atx_bb_singles(atx_bb_of(sq)) != ATX_SINGLES[sq];
    CHECK(bad == 0, "atx_bb_singles of one square is its table entry");
}

/* x on a7 and g1: singles a6 b6 b7 f1 f2 g2, doubles a7 to a5 b5 c5 c6 c7
 * and g1 to e1 e2 e3 f3 g3. */
static void test_start(void)
{
    load(ATX_START_TEXT);
    int n = atx_gen_moves(&pos, list);
    CHECK(n == 16 && atx_count_moves(&pos) == 16, "start: 16 moves (%d)", n);
    char all[256] = "", t[ATX_MOVE_TEXT_MAX];
    for (int i = 0; i < n; i++) {
        atx_move_to_text(list[i], t);
        strcat(all, t);
        strcat(all, " ");
    }
    CHECK(!strcmp(all, "f1 f2 g2 a6 b6 b7 g1e1 g1e2 g1e3 g1f3 g1g3 a7a5 a7b5 a7c5 a7c6 a7c7 "),
          "start: singles by destination, then doubles by origin: %s", all);
    CHECK(!atx_move_is_legal(&pos, ATX_MOVE_PASS), "start: no pass");
    CHECK(!atx_move_is_legal(&pos, ATX_MOVE_NONE), "start: no move is no move");
    CHECK(atx_can_move(&pos) && atx_has_moves(&pos), "start: x can move");
}

static void test_pass(void)
{
    load("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1");
    int n = atx_gen_moves(&pos, list);
    CHECK(n == 1 && list[0] == ATX_MOVE_PASS, "boxed in: the pass alone (%d moves)", n);
    CHECK(atx_count_moves(&pos) == 1 && atx_move_is_legal(&pos, ATX_MOVE_PASS), "the pass is legal, counted once");
    CHECK(!atx_can_move(&pos) && atx_has_moves(&pos), "no single or double, but a move");
    atx_pos_make(&pos, ATX_MOVE_PASS);
    CHECK(pos.side == ATX_O && atx_gen_moves(&pos, list) == 75, "after the pass o has 75 moves");
    atx_pos_unmake(&pos);
    CHECK(pos.side == ATX_X && pos.ply == 0, "pass unmade");
    /* Game over: nothing, not even the pass. */
    static const char *const OVER[] = {"xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo o 0 1",
                                       "7/7/7/7/7/7/x6 o 0 1", "x5o/7/7/7/7/7/o5x x 100 1"};
    for (int i = 0; i < 3; i++) {
        load(OVER[i]);
        CHECK(atx_gen_moves(&pos, list) == 0 && atx_count_moves(&pos) == 0 && !atx_has_moves(&pos),
              "%s: no move", OVER[i]);
        CHECK(!atx_move_is_legal(&pos, ATX_MOVE_PASS), "%s: no pass", OVER[i]);
        CHECK(atx_perft(&pos, 1) == 0 && atx_perft(&pos, 0) == 1, "%s: perft 1 is 0", OVER[i]);
    }
}

/* Over random games: the counter, the legality test against the list for
 * every 14-bit value, and no duplicates. */
static void test_random_positions(void)
{
    uint64_t seed = 99;
    int positions = 0, bad_count = 0, bad_legal = 0, dups = 0, passes = 0;
    static unsigned char in_list[1 << 14];
    for (int g = 0; g < 12; g++) {
        load(g % 2 ? ATX_START_TEXT : "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1");
        for (;;) {
            int n = atx_gen_moves(&pos, list);
            positions++;
            bad_count += n != atx_count_moves(&pos);
            memset(in_list, 0, sizeof in_list);
            for (int i = 0; i < n; i++) {
                dups += in_list[list[i]];
                in_list[list[i]] = 1;
                passes += list[i] == ATX_MOVE_PASS;
            }
            if (positions % 7 == 0)
                for (unsigned v = 0; v < (1u << 14); v++) bad_legal += atx_move_is_legal(&pos, (AtxMove)v) != in_list[v];
            if (n == 0) break;
            atx_pos_make(&pos, list[atx_test_random(&seed) % (uint64_t)n]);
        }
    }
    CHECK(bad_count == 0, "counter differs from the generator in %d of %d positions", bad_count, positions);
    CHECK(bad_legal == 0, "legality test differs from the generator %d times", bad_legal);
    CHECK(dups == 0, "%d duplicate moves", dups);
    CHECK(positions > 1000, "%d positions", positions);
    printf("random games: %d positions, %d passes\n", positions, passes);
}

/* The largest lists fit: a side with many pieces far from a large empty region. */
static void test_many_moves(void)
{
    load("7/7/7/7/7/x1x1x1x/1x1x1x1 x 0 1");
    int n = atx_gen_moves(&pos, list);
    CHECK(n == atx_count_moves(&pos) && n <= ATX_MAX_MOVES, "%d moves", n);
    load("7/7/x1x1x1x/7/x1x1x1x/7/x1x1x1x o 0 1");
    CHECK(atx_gen_moves(&pos, list) == 0, "o has no pieces: no move");
    load("o6/7/x1x1x1x/7/x1x1x1x/7/x1x1x1x x 0 1");
    n = atx_gen_moves(&pos, list);
    CHECK(n == atx_count_moves(&pos) && n > 50 && n <= ATX_MAX_MOVES, "spread pieces: %d moves", n);
}

int main(void)
{
    atx_board_init();
    test_tables();
    test_start();
    test_pass();
    test_random_positions();
    test_many_moves();
    return TEST_REPORT();
}
