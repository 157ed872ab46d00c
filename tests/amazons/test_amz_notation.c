/*
 * test_amz_notation.c - turn text both ways: every legal turn of many random
 * positions round-trips through both forms; every input form is accepted;
 * every way to be wrong is refused with its reason; and the parser, which
 * walks squares one by one, agrees with the table-driven generator on every
 * (from, to, arrow) triple.
 */
#include <stdio.h>
#include <string.h>

#include "amz_testlib.h"
#include "board.h"
#include "movegen.h"
#include "notation.h"
#include "testhelp.h"

static AmzPosition pos;

static void test_format(void)
{
    char buf[AMZ_MOVE_TEXT_MAX];
    AmzMove m = AMZ_MOVE(AMZ_SQ(3, 0), AMZ_SQ(3, 5), AMZ_SQ(6, 8));
    amz_move_to_canonical(m, buf);
    CHECK(!strcmp(buf, "d1-d6/g9"), "canonical %s", buf);
    amz_move_to_fairy(m, buf);
    CHECK(!strcmp(buf, "d1d6,d6g9"), "fairy %s", buf);
    m = AMZ_MOVE(AMZ_SQ(0, 9), AMZ_SQ(9, 9), AMZ_SQ(9, 0));
    amz_move_to_canonical(m, buf);
    CHECK(!strcmp(buf, "a10-j10/j1"), "canonical %s", buf);
    amz_move_to_fairy(m, buf);
    CHECK(!strcmp(buf, "a10j10,j10j1"), "fairy %s", buf);
    CHECK(strlen(buf) < AMZ_MOVE_TEXT_MAX, "longest text fits");
}

/* Every form of d1-d6/g9 from the start is read as that turn. */
static void test_input_forms(void)
{
    static const char *const FORMS[] = {
        "d1-d6/g9", "d1d6g9", "d1d6,d6g9", "d1-d6(g9)", "d1-d6-g9", "D1-D6/G9", "D1D6,D6G9",
        " d1 - d6 / g9 ", "d1 d6 g9", "\td1d6, d6g9\n", "d1-d6 (g9)",
    };
    AmzMove want = AMZ_MOVE(AMZ_SQ(3, 0), AMZ_SQ(3, 5), AMZ_SQ(6, 8));
    amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
    for (size_t i = 0; i < sizeof FORMS / sizeof *FORMS; i++) {
        AmzMove m = AMZ_MOVE_NONE;
        char err[160] = "";
        CHECK(amz_move_parse(&pos, FORMS[i], &m, err, sizeof err) == 0 && m == want, "'%s': %s", FORMS[i], err);
    }
}

/* Bad turns (in `position`, the start when NULL) and what the reason must say. */
static const char ARROWS[] = "3q2q3/10/10/q8q/3*6/10/Q8Q/10/3*6/3Q2Q3 w"; /* arrows d6 and d2 */
static const struct {
    const char *position, *move, *why;
} BAD[] = {
    {NULL, "", "empty move text"},
    {NULL, "   ", "empty move text"},
    {NULL, "d1-d6", "no arrow square"},
    {NULL, "d1", "no arrow square"},
    {NULL, "d1-d1/d5", "zero-length move d1-d1"},
    {NULL, "d1-d6/d6", "arrow cannot land on the destination d6"},
    {NULL, "k1-d6/g9", "square k1 is off the board"},
    {NULL, "d1-a11/g9", "square a11 is off the board"},
    {NULL, "d1-d6/a0", "square a0 is off the board"},
    {NULL, "d1-d6/a100", "square a100 is off the board"},
    {NULL, "z9-d6/g9", "square z9 is off the board"},
    {NULL, "d-d6/g9", "'d' is not a square"},
    {NULL, "d1-d6/g9/h9", "the arrow must be shot from the destination d6, not from g9"},
    {NULL, "d1d6,e6g9", "the arrow must be shot from the destination d6, not from e6"},
    {NULL, "d1d6,d6g9h1", "too many squares"},
    {NULL, "d1+d6/g9", "unexpected character '+'"},
    {NULL, "d1-d6/g9!", "unexpected character '!'"},
    {NULL, "d2-d6/g9", "no white amazon on d2 (white to move)"},
    {NULL, "a7-a6/a5", "no white amazon on a7 (white to move)"},
    {"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 b", "d1-d6/g9", "no black amazon on d1 (black to move)"},
    {NULL, "d1-e3/e4", "the move d1-e3 is not along a queen line"},
    {NULL, "d1-d10/d9", "the move d1-d10 lands on an occupied square"},
    {NULL, "a4-j4/j5", "the move a4-j4 lands on an occupied square"},
    {NULL, "d1-d6/f7", "the arrow d6-f7 is not along a queen line"},
    {NULL, "d1-d6/d10", "the arrow d6-d10 lands on an occupied square"},
    {NULL, "d1-j7/j6", "the move d1-j7 lands on an occupied square"},
    {ARROWS, "d1-d4/d5", "the move d1-d4 passes through the occupied square d2"},
    {ARROWS, "d1-d2/d3", "the move d1-d2 lands on an occupied square"},
    {ARROWS, "a4-b4/e7", "the arrow b4-e7 passes through the occupied square d6"},
    {ARROWS, "g1-c5/e7", "the arrow c5-e7 passes through the occupied square d6"},
    {ARROWS, "a4-d4/d7", "the arrow d4-d7 passes through the occupied square d6"},
    {ARROWS, "a4-d4/d1", "the arrow d4-d1 passes through the occupied square d2"},
    {ARROWS, "d1-e1/e11", "square e11 is off the board"},
};

/* Each bad turn is refused with its reason, *out untouched. */
static void test_rejections(void)
{
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        char err[160] = "";
        AmzMove m = 12345;
        amz_pos_from_text(&pos, BAD[i].position ? BAD[i].position : AMZ_START_TEXT, NULL, 0);
        int rc = amz_move_parse(&pos, BAD[i].move, &m, err, sizeof err);
        CHECK(rc == -1 && strstr(err, BAD[i].why) && m == 12345, "'%s': rc %d, reason '%s', expected '%s'",
              BAD[i].move, rc, err, BAD[i].why);
        CHECK(!strchr(err, '\n'), "reason has a newline: '%s'", err);
    }
}

/* The square the amazon left is free for the arrow: to land on, and to
 * fly across. */
static void test_vacated_square(void)
{
    static const char *const GOOD[] = {"d1-d6/d1", "d1-d6/d2", "d1-a1/d1", "d1-a1/e1", "g1-d4/g1", "j4-f4/j4"};
    amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
    for (size_t i = 0; i < sizeof GOOD / sizeof *GOOD; i++) {
        AmzMove m = AMZ_MOVE_NONE;
        char err[160] = "";
        int rc = amz_move_parse(&pos, GOOD[i], &m, err, sizeof err);
        CHECK(rc == 0 && amz_move_is_legal(&pos, m), "'%s': rc %d %s", GOOD[i], rc, err);
    }
}

/* All legal turns of random positions: both forms parse back to the turn. */
static void test_round_trip(void)
{
    static AmzMove list[AMZ_MAX_MOVES];
    uint64_t rng = 99;
    int bad = 0, total = 0;
    for (int game = 0; game < 30; game++) {
        amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
        amz_test_play_random(&pos, (int)(amz_test_random(&rng) % 70), &rng);
        int n = amz_gen_moves(&pos, list);
        for (int i = 0; i < n; i++) {
            char fairy[AMZ_MOVE_TEXT_MAX], canon[AMZ_MOVE_TEXT_MAX];
            AmzMove a = 0, b = 0;
            amz_move_to_fairy(list[i], fairy);
            amz_move_to_canonical(list[i], canon);
            bad += amz_move_parse(&pos, fairy, &a, NULL, 0) != 0 || a != list[i];
            bad += amz_move_parse(&pos, canon, &b, NULL, 0) != 0 || b != list[i];
            total++;
        }
    }
    CHECK(bad == 0 && total > 10000, "%d of %d turns did not round-trip", bad, total);
}

/* Every triple (from, to, arrow) with from an amazon of the side to move:
 * the parser accepts it exactly when the generator lists it. */
static void test_parser_matches_generator(void)
{
    static AmzMove list[AMZ_MAX_MOVES];
    static bool listed[1 << 21];
    uint64_t rng = 4242;
    int disagree = 0, accepted = 0;
    for (int game = 0; game < 12; game++) {
        amz_pos_from_text(&pos, AMZ_START_TEXT, NULL, 0);
        amz_test_play_random(&pos, game * 7, &rng);
        int n = amz_gen_moves(&pos, list);
        for (int i = 0; i < n; i++) listed[list[i]] = true;
        for (int a = 0; a < pos.count[pos.side]; a++)
            for (int to = 0; to < AMZ_SQUARES; to++)
                for (int arrow = 0; arrow < AMZ_SQUARES; arrow++) {
                    char text[AMZ_MOVE_TEXT_MAX];
                    AmzMove want = AMZ_MOVE(pos.amazon[pos.side][a], to, arrow), got;
                    amz_move_to_canonical(want, text);
                    bool ok = amz_move_parse(&pos, text, &got, NULL, 0) == 0;
                    accepted += ok;
                    disagree += ok != listed[want] || ok != amz_move_is_legal(&pos, want);
                }
        CHECK(accepted == n, "game %d: parser accepts %d, generator lists %d", game, accepted, n);
        for (int i = 0; i < n; i++) listed[list[i]] = false;
        accepted = 0;
    }
    CHECK(disagree == 0, "%d triples where parser, generator and legality test disagree", disagree);
}

int main(void)
{
    amz_board_init();
    test_format();
    test_input_forms();
    test_rejections();
    test_vacated_square();
    test_round_trip();
    test_parser_matches_generator();
    return TEST_REPORT();
}
