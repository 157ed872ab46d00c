/*
 * test_amz_eval.c - the evaluation on hand-worked positions: distances,
 * territory of walled-off regions, the tempo on tied squares, a trapped
 * amazon, symmetry of the start, the side-to-move sign.
 */
#include <string.h>

#include "amz_eval_ref.h"
#include "amz_testlib.h"
#include "bitboard.h"
#include "board.h"
#include "eval.h"
#include "testhelp.h"

static AmzPosition pos;

static void load(const char *text)
{
    char err[160] = "";
    CHECK(amz_pos_from_text(&pos, text, err, sizeof err) == 0, "%s: %s", text, err);
}

/* One amazon each, in opposite corners of an empty board. */
static void test_distances(void)
{
    uint8_t qw[AMZ_SQUARES], kw[AMZ_SQUARES], qb[AMZ_SQUARES];
    load("9q/10/10/10/10/10/10/10/10/Q9 w");
    amz_eval_distances(&pos, AMZ_WHITE, true, qw);
    amz_eval_distances(&pos, AMZ_WHITE, false, kw);
    amz_eval_distances(&pos, AMZ_BLACK, true, qb);
    int a1 = AMZ_SQ(0, 0), j1 = AMZ_SQ(9, 0), i9 = AMZ_SQ(8, 8), e3 = AMZ_SQ(4, 2), j9 = AMZ_SQ(9, 8),
        j10 = AMZ_SQ(9, 9), b3 = AMZ_SQ(1, 2);
    CHECK(qw[a1] == 0 && qw[j1] == 1 && qw[i9] == 1 && qw[e3] == 2, "queen a1: j1 %d i9 %d e3 %d", qw[j1], qw[i9],
          qw[e3]);
    CHECK(qw[j10] == 255, "the black amazon's square is not reached");
    /* King distance is the Chebyshev distance on an empty board. */
    CHECK(kw[e3] == 4 && kw[j9] == 9 && kw[b3] == 2 && kw[j1] == 9, "king a1: e3 %d j9 %d b3 %d", kw[e3], kw[j9],
          kw[b3]);
    CHECK(qb[a1] == 255 && qb[j1] == 1 && qb[e3] == 2, "queen j10: j1 %d e3 %d", qb[j1], qb[e3]);
    /* A wall stops both: arrows on the whole of rank 2 keep White on rank 1. */
    load("9q/10/10/10/10/10/10/10/**********/Q9 w");
    amz_eval_distances(&pos, AMZ_WHITE, true, qw);
    amz_eval_distances(&pos, AMZ_WHITE, false, kw);
    CHECK(qw[j1] == 1 && qw[e3] == 255 && kw[j1] == 9 && kw[e3] == 255, "walled: j1 %d/%d e3 %d/%d", qw[j1], kw[j1],
          qw[e3], kw[e3]);
}

/*
 * White walled off 10 squares (b1-j1 and a2), Black 5 (e10-i10); everything
 * else is arrows. No square is reached by both, so the phase is 0 and the
 * score is the queen territory, 100 * (10 - 5), plus the trap terms: White's
 * amazon reaches 10 squares (no penalty), Black's 5 (penalty 10, +10 for
 * White). 510 for White; the side to move only flips the sign.
 */
static void test_walled_regions(void)
{
    AmzEvalTerms t;
    load("****5q/**********/**********/**********/**********/**********/**********/**********/1*********/Q9 w");
    int score = amz_eval_terms(&pos, &t);
    CHECK(t.queen_territory == 500 && t.king_territory == 500, "territory %d / %d", t.queen_territory,
          t.king_territory);
    CHECK(t.phase == 0 && t.mobility == 5 && t.trapped == AMZ_TRAP_PENALTY[5], "phase %d mobility %d trapped %d",
          t.phase, t.mobility, t.trapped);
    CHECK(score == 510 && amz_eval(&pos) == 510, "score %d, eval %d", score, amz_eval(&pos));
    load("****5q/**********/**********/**********/**********/**********/**********/**********/1*********/Q9 b");
    CHECK(amz_eval(&pos) == -510, "black to move: %d", amz_eval(&pos));
}

/*
 * Ties: a white and a black amazon facing each other on a strip (a1 Q,
 * b1-d1 empty, e1 q, all else arrows). Both reach b1, c1 and d1 in one queen
 * move: three ties, each worth the tempo to the side to move. By king moves
 * b1 is White's (1 v 3), d1 Black's (3 v 1), c1 a tie (2 v 2).
 */
static void test_tempo(void)
{
    AmzEvalTerms t;
    const char *strip = "**********/**********/**********/**********/**********/**********/**********/"
                        "**********/**********/Q3q*****";
    char text[200];
    snprintf(text, sizeof text, "%s w", strip);
    load(text);
    amz_eval_terms(&pos, &t);
    CHECK(t.queen_territory == 3 * AMZ_EVAL_TEMPO, "queen territory %d", t.queen_territory);
    CHECK(t.king_territory == AMZ_EVAL_TEMPO, "king territory %d", t.king_territory);
    CHECK(t.mobility == 0 && t.queen_closeness == 0, "mobility %d closeness %d", t.mobility, t.queen_closeness);
    snprintf(text, sizeof text, "%s b", strip);
    load(text);
    amz_eval_terms(&pos, &t);
    CHECK(t.queen_territory == -3 * AMZ_EVAL_TEMPO, "black to move: queen territory %d", t.queen_territory);
}

/* An amazon with no move (a1 behind a2, b2, b1) carries the full penalty. */
static void test_trapped(void)
{
    AmzEvalTerms t;
    load("q9/10/10/10/10/10/10/10/**8/Q*8 w");
    amz_eval_terms(&pos, &t);
    CHECK(t.trapped == -AMZ_TRAP_PENALTY[0], "trapped %d", t.trapped);
    CHECK(amz_eval(&pos) < -1000, "a lone trapped amazon is lost: %d", amz_eval(&pos));
}

/* The start is symmetric (ranks mirrored, colours swapped): only the tempo
 * counts, and it goes to the side to move. */
static void test_start_symmetry(void)
{
    AmzEvalTerms t;
    load("3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w");
    int white = amz_eval(&pos);
    amz_eval_terms(&pos, &t);
    CHECK(t.mobility == 0 && t.queen_closeness == 0 && t.trapped == 0, "start: mobility %d closeness %d trapped %d",
          t.mobility, t.queen_closeness, t.trapped);
    CHECK(t.queen_territory % AMZ_EVAL_TEMPO == 0 && t.queen_territory > 0, "start: queen territory %d",
          t.queen_territory);
    CHECK(t.phase == AMZ_EVAL_PHASE_MAX, "start: phase %d", t.phase);
    load("3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 b");
    CHECK(amz_eval(&pos) == white && white > 0, "the side to move is ahead by the tempo: %d, %d", white,
          amz_eval(&pos));
}

/* Over random games the score stays in range and the sign follows the side. */
static void test_random_range(void)
{
    uint64_t rng = 5;
    int bad = 0;
    for (int game = 0; game < 40; game++) {
        amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
        do {
            int white = amz_eval_terms(&pos, NULL), stm = amz_eval(&pos);
            bad += white < -AMZ_EVAL_LIMIT || white > AMZ_EVAL_LIMIT || stm != (pos.side == AMZ_WHITE ? white : -white);
        } while (amz_test_play_random(&pos, 1, &rng) == 1);
    }
    CHECK(bad == 0, "%d positions out of range or with the wrong sign", bad);
}

/*
 * The empty-square board equals a scan of the board, and the bitboard
 * distances and terms equal the plain square-by-square ones
 * (amz_eval_ref.h) in every position of 200 random games, each distance of
 * each square included.
 */
static void test_against_reference(void)
{
    uint64_t rng = 11;
    long positions = 0, bad_dist = 0, bad_terms = 0, bad_empty = 0;
    for (int game = 0; game < 200; game++) {
        amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
        do {
            for (int side = 0; side < 2; side++)
                for (int queen = 0; queen < 2; queen++) {
                    uint8_t got[AMZ_SQUARES], want[AMZ_SQUARES];
                    amz_eval_distances(&pos, side, queen, got);
                    ref_distances(&pos, side, queen, want);
                    bad_dist += memcmp(got, want, sizeof got) != 0;
                }
            AmzBB empty = amz_bb_empty(&pos), scan = {0, 0};
            for (int s = 0; s < AMZ_SQUARES; s++)
                if (pos.board[s] == AMZ_EMPTY) amz_bb_set(&scan, amz_bb_bit(s));
            bad_empty += empty.lo != scan.lo || empty.hi != scan.hi;
            AmzEvalTerms got, want;
            amz_eval_terms(&pos, &got);
            ref_square_terms(&pos, &want);
            bad_terms += got.queen_territory != want.queen_territory || got.king_territory != want.king_territory
                         || got.queen_closeness != want.queen_closeness || got.phase != want.phase;
            positions++;
        } while (amz_test_play_random(&pos, 1, &rng) == 1);
    }
    CHECK(positions > 10000, "only %ld positions", positions);
    CHECK(bad_empty == 0, "%ld empty-square boards differ from a scan of the board", bad_empty);
    CHECK(bad_dist == 0, "%ld distance maps differ from the reference", bad_dist);
    CHECK(bad_terms == 0, "%ld positions' terms differ from the reference", bad_terms);
}

int main(void)
{
    amz_board_init();
    test_distances();
    test_walled_regions();
    test_tempo();
    test_trapped();
    test_start_symmetry();
    test_random_range();
    test_against_reference();
    return TEST_REPORT();
}
