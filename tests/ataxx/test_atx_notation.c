/*
 * test_atx_notation.c - engine/ataxx/notation.c: move text in the standard
 * form (f2, g1e1, 0000) and Fairy-Stockfish's (P@f2, g1e1, its pass a1a1,
 * as its `go perft 1` printed them), parsing either with every accepted
 * variation and every refusal, and the round trip of every move of random
 * games through both forms.
 */
#include <string.h>

#include "atx_testlib.h"
#include "board.h"
#include "movegen.h"
#include "notation.h"
#include "testhelp.h"

static AtxPosition pos;
static AtxMove list[ATX_MAX_MOVES];
static char err[160], t[ATX_MOVE_TEXT_MAX];

static int load(const char *text) { return atx_pos_from_text(&pos, text, err, sizeof err); }

static void test_text(void)
{
    load(ATX_START_TEXT);
    atx_move_to_text(ATX_MOVE_SINGLE(ATX_SQ(5, 1)), t);
    CHECK(!strcmp(t, "f2"), "single: %s", t);
    atx_move_to_text(ATX_MOVE_DOUBLE(ATX_SQ(6, 0), ATX_SQ(4, 0)), t);
    CHECK(!strcmp(t, "g1e1"), "double: %s", t);
    atx_move_to_text(ATX_MOVE_PASS, t);
    CHECK(!strcmp(t, "0000"), "pass: %s", t);
    atx_move_to_text(ATX_MOVE_NONE, t);
    CHECK(!strcmp(t, "(none)"), "none: %s", t);
    atx_move_to_fsf(&pos, ATX_MOVE_SINGLE(ATX_SQ(5, 1)), t);
    CHECK(!strcmp(t, "P@f2"), "FSF single: %s", t);
    atx_move_to_fsf(&pos, ATX_MOVE_DOUBLE(ATX_SQ(0, 6), ATX_SQ(2, 4)), t);
    CHECK(!strcmp(t, "a7c5"), "FSF double: %s", t);
    /* FSF's pass: the mover's lowest piece, twice (its divide printed a1a1 and a5a5). */
    load("7/7/7/7/ppppppp/ppppppp/PPPPPPP w 0 1");
    atx_move_to_fsf(&pos, ATX_MOVE_PASS, t);
    CHECK(!strcmp(t, "a1a1"), "FSF pass, x on rank 1: %s", t);
    load("PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/ppppppp/ppppppp/pppppp1 w 0 1");
    atx_move_to_fsf(&pos, ATX_MOVE_PASS, t);
    CHECK(!strcmp(t, "a5a5"), "FSF pass, x from a5: %s", t);
    CHECK(atx_gen_moves(&pos, list) == 1 && list[0] == ATX_MOVE_PASS, "that position: the pass alone");
}

static void test_parse(void)
{
    static const struct {
        const char *text, *want;
    } OK[] = {
        {"f2", "f2"},     {"F2", "f2"},     {"  g1e1 ", "g1e1"}, {"G1E1", "g1e1"}, {"P@f2", "f2"},
        {"p@b6", "b6"},   {"g1f2", "f2"},   {"a7b6", "b6"},      {"a7c5", "a7c5"}, {"g 1 e 1", "g1e1"},
    };
    load(ATX_START_TEXT);
    for (size_t i = 0; i < sizeof OK / sizeof OK[0]; i++) {
        AtxMove m = ATX_MOVE_NONE;
        int rc = atx_move_parse(&pos, OK[i].text, &m, err, sizeof err);
        atx_move_to_text(m, t);
        CHECK(rc == 0 && !strcmp(t, OK[i].want), "'%s' -> %s (%s)", OK[i].text, t, rc ? err : "ok");
    }
    static const struct {
        const char *text, *reason;
    } BAD[] = {
        {"", "empty"},          {"h1", "not a move"},        {"a0", "not a move"},        {"g1d1", "more than two"},
        {"c3", "no piece"},     {"a1c1", "no piece"},        {"d4", "no piece"},          {"0000", "has a move"},
        {"a1a1", "has a move"}, {"g1e1x", "not a move"},     {"Q@f2", "not a move"},      {"P@h9", "no such square"},
        {"g7", "not empty"},    {"f2f2f2f2f2f2f2f2", "too long"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        AtxMove m;
        err[0] = '\0';
        CHECK(atx_move_parse(&pos, BAD[i].text, &m, err, sizeof err) == -1 && strstr(err, BAD[i].reason),
              "'%s': expected an error with '%s', got '%s'", BAD[i].text, BAD[i].reason, err);
    }
    load("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1");
    static const char *const PASSES[] = {"0000", "a1a1", "g7g7", "pass", "@@@@"};
    for (int i = 0; i < 5; i++) {
        AtxMove m = ATX_MOVE_NONE;
        CHECK(atx_move_parse(&pos, PASSES[i], &m, err, sizeof err) == 0 && m == ATX_MOVE_PASS, "'%s' is the pass: %s",
              PASSES[i], err);
    }
    AtxMove m;
    CHECK(atx_move_parse(&pos, "b4", &m, err, sizeof err) == -1, "no single while boxed in");
    load("x5o/7/7/7/7/7/o5x x 100 1");
    CHECK(atx_move_parse(&pos, "f2", &m, err, sizeof err) == -1 && strstr(err, "over"), "game over: %s", err);
    CHECK(atx_move_parse(&pos, NULL, &m, err, sizeof err) == -1, "NULL text");
    CHECK(atx_square_parse("g7") == 48 && atx_square_parse("A1") == 0 && atx_square_parse("h1") == -1
              && atx_square_parse("a8") == -1,
          "square names");
}

/* Every move of random games: standard and FSF text back to the same move. */
static void test_round_trip(void)
{
    uint64_t seed = 5;
    int moves = 0, bad = 0;
    for (int g = 0; g < 10; g++) {
        load(g % 2 ? ATX_START_TEXT : "x5o/7/3-3/2-1-2/3-3/7/o5x o 0 1");
        for (;;) {
            int n = atx_gen_moves(&pos, list);
            if (n == 0) break;
            for (int i = 0; i < n; i++) {
                AtxMove a = ATX_MOVE_NONE, b = ATX_MOVE_NONE;
                char fsf[ATX_MOVE_TEXT_MAX];
                atx_move_to_text(list[i], t);
                atx_move_to_fsf(&pos, list[i], fsf);
                bad += atx_move_parse(&pos, t, &a, err, sizeof err) != 0 || a != list[i];
                bad += atx_move_parse(&pos, fsf, &b, err, sizeof err) != 0 || b != list[i];
                moves++;
            }
            atx_pos_make(&pos, list[atx_test_random(&seed) % (uint64_t)n]);
        }
    }
    CHECK(bad == 0, "%d of %d moves did not come back from their text", bad, moves);
    CHECK(moves > 10000, "%d moves", moves);
}

int main(void)
{
    atx_board_init();
    test_text();
    test_parse();
    test_round_trip();
    return TEST_REPORT();
}
