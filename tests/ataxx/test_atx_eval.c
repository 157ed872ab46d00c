/*
 * test_atx_eval.c - engine/ataxx/eval.c: each term on hand-worked positions,
 * the blend of the endgame count, and the symmetries (the colours swapped
 * and the board mirrored give the same value for the side to move).
 */
#include <string.h>

#include "atx_testlib.h"
#include "board.h"
#include "eval.h"
#include "testhelp.h"

static AtxPosition pos;
static char err[160];

static int load(const char *t) { return atx_pos_from_text(&pos, t, err, sizeof err); }

static void test_terms(void)
{
    AtxEvalTerms t;
    load(ATX_START_TEXT);
    CHECK(atx_eval_terms(&pos, &t) == 0 && t.material == 0 && t.mobility == 0 && t.stability == 0 && t.fill == 0
              && t.empty == 45,
          "start: all 0, 45 empty");
    /* x boxed in on rank 1 under two ranks of o: material 7 - 14; x no
     * single target, o the 7 of rank 4; stable: the 7 x and o's rank 2
     * (rank 3 touches rank 4); 28 empty, the open weight. */
    load("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1");
    int v = atx_eval_terms(&pos, &t);
    CHECK(t.material == -7 && t.mobility == -7 && t.stability == 0 && t.fill == -14 && t.empty == 28,
          "boxed in: material %d mobility %d stability %d fill %d empty %d", t.material, t.mobility, t.stability, t.fill,
          t.empty);
    CHECK(v == -700 - 6 * 7 && atx_eval(&pos) == v, "boxed in: %d", v);
    /* o to move: the negation. */
    load("7/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1");
    CHECK(atx_eval(&pos) == 742, "o to move: %d", atx_eval(&pos));
    /* Nearly full: f7 and g7 empty, next to x's e7, e6, f6, g6; x 22, o 25.
     * Mobility 2 - 0; stable x 22 - 4, o 25: -7; x alone reaches both: fill 2.
     * w = 16 * 2 / 10 = 3: -300 + 3 * (6 * 2 - 10 * 7) / 16 + 13 * 100 * 2 / 16
     * = -300 - 10 + 162 (C division, towards 0). */
    load("xxxxx2/xxxxxxx/xxxxxxx/xxxoooo/ooooooo/ooooooo/ooooooo x 0 1");
    v = atx_eval_terms(&pos, &t);
    CHECK(t.empty == 2 && t.material == -3 && t.mobility == 2 && t.stability == -7 && t.fill == 2,
          "nearly full: empty %d material %d mobility %d stability %d fill %d", t.empty, t.material, t.mobility,
          t.stability, t.fill);
    CHECK(v == -148, "nearly full: %d, not -148", v);
    /* The same, colours swapped: o alone reaches them. */
    load("ooooo2/ooooooo/ooooooo/oooxxxx/xxxxxxx/xxxxxxx/xxxxxxx o 0 1");
    CHECK(atx_eval_terms(&pos, &t) == 148 && t.fill == -2 && atx_eval(&pos) == -148, "swapped: %d",
          atx_eval_terms(&pos, NULL));
    /* With 10 or more empty squares the count is off: the open weight. */
    load("xxxx3/xxxx3/xxxx3/xxxo3/ooooooo/ooooooo/ooooooo x 0 1");
    v = atx_eval_terms(&pos, &t);
    CHECK(t.empty == 12 && v == 100 * t.material + ATX_EVAL_MOBILITY * t.mobility + ATX_EVAL_STABILITY * t.stability,
          "12 empty: no endgame count (%d)", v);
}

/* Colours swapped (x <-> o, side too) and the board mirrored. */
static void swap_colours(const AtxPosition *a, AtxPosition *b)
{
    *b = *a;
    b->pieces[0] = a->pieces[1];
    b->pieces[1] = a->pieces[0];
    b->side = (uint8_t)(a->side ^ 1);
}

static AtxBB mirror_files(AtxBB x)
{
    AtxBB out = 0;
    for (int sq = 0; sq < ATX_SQUARES; sq++)
        if ((x >> sq) & 1) out |= atx_bb_of(ATX_SQ(6 - ATX_SQ_FILE(sq), ATX_SQ_RANK(sq)));
    return out;
}

static void test_symmetry(void)
{
    uint64_t seed = 3;
    int bad_swap = 0, bad_mirror = 0, positions = 0;
    static AtxPosition other;
    AtxMove list[ATX_MAX_MOVES];
    for (int g = 0; g < 10; g++) {
        load(g % 2 ? ATX_START_TEXT : "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1");
        for (;;) {
            swap_colours(&pos, &other);
            bad_swap += atx_eval(&other) != atx_eval(&pos);
            other = pos;
            for (int c = 0; c < 2; c++) other.pieces[c] = mirror_files(pos.pieces[c]);
            other.gaps = mirror_files(pos.gaps);
            bad_mirror += atx_eval(&other) != atx_eval(&pos);
            positions++;
            int n = atx_gen_moves(&pos, list);
            if (n == 0) break;
            atx_pos_make(&pos, list[atx_test_random(&seed) % (uint64_t)n]);
        }
    }
    CHECK(bad_swap == 0, "colours swapped: %d of %d differ", bad_swap, positions);
    CHECK(bad_mirror == 0, "mirrored: %d of %d differ", bad_mirror, positions);
}

int main(void)
{
    atx_board_init();
    test_terms();
    test_symmetry();
    return TEST_REPORT();
}
