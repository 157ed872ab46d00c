/*
 * test_explain.c - why a typed move is refused, through the games'
 * parse_move (NOTATION_ANY, as `qibench play` reads a person): every rule
 * of every Xiangqi piece, a general left in check or facing the other, a
 * piece that is not there, pieces that match several at once, in ICCS, WXF
 * and Chinese; Amazons' reasons; and the endings in words.
 */
#include <string.h>

#include "games/game.h" /* not engine/xiangqi/game.h, first on the path */
#include "testhelp.h"

#define START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"

/* Parses text at fen; checks the return code and that the reason holds want. */
static void expect(const char *game, const char *fen, const char *text, int rc_want, const char *want)
{
    const Game *g = game_by_name(game);
    GameState *s = game_state_at(g, fen ? fen : g->start);
    char err[256] = "", before[GAME_TEXT_MAX], after[GAME_TEXT_MAX];
    MoveCode m;
    CHECK(s != NULL, "%s: bad position %s", game, fen);
    if (!s) return;
    g->position_text(s, before, sizeof before);
    int rc = g->parse_move(s, text, NOTATION_ANY, &m, err, sizeof err);
    g->position_text(s, after, sizeof after);
    CHECK(rc == rc_want, "'%s': rc %d, expected %d (%s)", text, rc, rc_want, err);
    CHECK(strstr(err, want) != NULL, "'%s': reason '%s', expected '%s'", text, err, want);
    CHECK(strcmp(before, after) == 0, "'%s': the position changed", text);
    g->state_free(s);
}

#define ILLEGAL(fen, text, want) expect("xiangqi", fen, text, MOVE_ILLEGAL, want)

static void test_pieces(void)
{
    ILLEGAL(START, "b0d1", "b0d1: the horse's leg is blocked at c0");
    ILLEGAL(START, "b0b2", "a horse moves one point along a line, then one diagonally outwards");
    ILLEGAL("3k5/9/9/9/9/9/9/9/3H5/2B1K4 w", "c0e2", "the elephant's eye is blocked at d1");
    ILLEGAL("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4e6", "an elephant may not cross the river");
    ILLEGAL(START, "c0d1", "an elephant moves exactly two points diagonally");
    ILLEGAL(START, "d0d1", "an advisor moves one point diagonally");
    ILLEGAL("5k3/9/9/9/9/9/9/9/3K5/9 w", "d1c1", "the general may not leave the palace");
    ILLEGAL(START, "e0e2", "the general moves one point along a line");
    ILLEGAL(START, "a0a3", "a3 holds Red's own pawn");
    ILLEGAL(START, "a0a5", "the chariot's path is blocked at a3");
    ILLEGAL(START, "a0b1", "a chariot moves along a file or a rank");
    ILLEGAL(START, "b2b8", "the cannon's path is blocked at b7 (a cannon jumps only to capture)");
    ILLEGAL("3k5/9/9/9/9/9/9/4r4/4C4/4K4 w", "e1e2",
            "a cannon captures by jumping over one piece, and none stands between e1 and e2");
    ILLEGAL("3k5/9/9/9/4r4/4p4/4p4/9/4C4/4K4 w", "e1e5",
            "a cannon captures by jumping over exactly one piece, and 2 stand between e1 and e5");
    ILLEGAL(START, "a3a2", "a pawn never moves back");
    ILLEGAL(START, "a3b3", "a pawn moves sideways only once it has crossed the river");
    ILLEGAL(START, "a3a5", "a pawn moves one point forward");
}

static void test_general(void)
{
    ILLEGAL("4k4/9/9/9/9/4r4/9/9/4A4/4K4 w", "e1d2", "e1d2: the general would be in check from the chariot on e4");
    ILLEGAL("3k5/9/9/9/9/9/9/9/9/4K4 b", "d9e9", "the generals would face each other on the e file");
    ILLEGAL("4k4/9/9/9/9/9/9/9/4A4/4K4 w", "e1d0", "the generals would face each other on the e file");
    ILLEGAL("3k5/3r5/9/9/9/9/9/9/9/4K4 w", "e0d0", "the general would be in check from the chariot on d8");
    ILLEGAL("3k5/9/9/9/9/9/9/9/3r5/4K4 w", "e0e1", "the general would be in check from the chariot on d1");
}

static void test_squares(void)
{
    ILLEGAL(START, "a5a6", "a5a6: there is no piece on a5");
    ILLEGAL(START, "a6a5", "the pawn on a6 is Black's, and Red is to move");
    ILLEGAL(START, "h2h2", "the piece must move to another point");
}

static void test_descriptive(void)
{
    ILLEGAL(START, "H2+4", "h0f1: the horse's leg is blocked at g0");
    ILLEGAL(START, "马二进四", "h0f1: the horse's leg is blocked at g0");
    ILLEGAL(START, "傌二進四", "h0f1: the horse's leg is blocked at g0");
    ILLEGAL(START, "C5.4", "Red has no cannon on file 5");
    ILLEGAL(START, "炮五平四", "Red has no cannon on file 5");
    ILLEGAL("3k5/9/9/9/9/9/9/9/9/4K4 w", "R1+1", "Red has no chariot");
    ILLEGAL(START, "R++1", "front / rear needs two Red chariots on one file");
    ILLEGAL(START, "C2+8", "no Red cannon can move like that"); /* off the board */
    ILLEGAL(START, "H2.3", "no Red horse can move like that: a horse moves one point along a line");
    ILLEGAL(START, "R9+3", "a0a3: a3 holds Red's own pawn");
    ILLEGAL(START, "车九进三", "a0a3: a3 holds Red's own pawn");
    /* Black counts files from its own right: file 1 is a. */
    ILLEGAL("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b", "R1+3", "a9a6: a6 holds Black's own pawn");
}

static void test_several(void)
{
    const char *tandem = "3k5/9/9/9/R8/9/9/9/R8/4K4 w";
    ILLEGAL(tandem, "R9+1", "several pieces match: the chariot on a5 (a5a6) and the chariot on a1 (a1a2)");
    ILLEGAL(tandem, "车九进一", "several pieces match: the chariot on a5 (a5a6) and the chariot on a1 (a1a2)");
    ILLEGAL(tandem, "R9+1", "front / rear");
}

static void test_malformed(void)
{
    expect("xiangqi", START, "hello", MOVE_MALFORMED, "malformed");
    expect("xiangqi", START, "", MOVE_MALFORMED, "malformed");
    expect("xiangqi", START, "\xff\xfe\x01", MOVE_MALFORMED, "malformed");
    expect("xiangqi", START, "h2e2h2e2h2e2h2e2h2e2h2e2h2e2h2e2h2e2h2e2h2e2h2e2h2e2h2e2h2e2", MOVE_MALFORMED,
           "malformed");
}

static void test_amazons(void)
{
    expect("amazons", NULL, "d2-d6/g9", MOVE_ILLEGAL, "no white amazon on d2");
    expect("amazons", NULL, "d1-d10/d9", MOVE_ILLEGAL, "lands on an occupied square");
    expect("amazons", "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w", "a4-a6/a8", MOVE_ILLEGAL,
           "the arrow a6-a8 passes through the occupied square a7");
    expect("amazons", NULL, "d1-e3/e4", MOVE_ILLEGAL, "not along a queen line");
    expect("amazons", NULL, "banana", MOVE_MALFORMED, "");
    expect("amazons", NULL, "\xe9\xff", MOVE_MALFORMED, "");
}

static void expect_ending(const char *game, GameResult r, int reason, const char *want)
{
    const Game *g = game_by_name(game);
    char text[128];
    g->ending_text((GameOutcome){r, reason, ""}, text, sizeof text);
    CHECK(strcmp(text, want) == 0, "%s ending %d/%d: '%s', expected '%s'", game, r, reason, text, want);
}

/* Each ending's reason by its name (the reason numbers are the game's). */
static int reason_named(const Game *g, const char *name)
{
    for (int r = 1; r < g->reason_count; r++)
        if (strcmp(g->reason_name(r), name) == 0) return r;
    return -1;
}

/* A game played through the Game interface to its end under rules; its ending in words. */
static void expect_played(const char *fen, const char *moves, GameRules rules, const char *want)
{
    const Game *g = game_by_name("xiangqi");
    GameState *st = g->state_new();
    char text[160], move[8];
    CHECK(st && g->set_position(st, fen, NULL, 0) == 0, "position %s", fen);
    for (const char *m = moves; st && *m; m += m[4] ? 5 : 4) {
        MoveCode code;
        snprintf(move, sizeof move, "%.4s", m);
        CHECK(g->parse_move(st, move, 0, &code, text, sizeof text) == 0, "%s: %s", move, text);
        g->play(st, code);
    }
    GameOutcome o = g->outcome(st, &rules);
    g->ending_text(o, text, sizeof text);
    CHECK(strcmp(text, want) == 0, "ending of %s: '%s', expected '%s'", fen, text, want);
    g->state_free(st);
}

static void test_endings(void)
{
    const Game *xq = game_by_name("xiangqi"), *am = game_by_name("amazons");
    expect_ending("xiangqi", RESULT_FIRST_WINS, reason_named(xq, "checkmate"), "Black is checkmated: Red wins");
    expect_ending("xiangqi", RESULT_SECOND_WINS, reason_named(xq, "checkmate"), "Red is checkmated: Black wins");
    expect_ending("xiangqi", RESULT_SECOND_WINS, reason_named(xq, "perpetual check"),
                  "perpetual check by Red: Black wins");
    expect_ending("xiangqi", RESULT_FIRST_WINS, reason_named(xq, "stalemate"), "Black has no legal move: Red wins");
    expect_ending("xiangqi", RESULT_DRAW, reason_named(xq, "repetition"), "the position occurred three times: draw");
    expect_ending("xiangqi", RESULT_DRAW, reason_named(xq, "max plies"), "max plies: draw");
    /* tests/chase_cases.txt r-chases-h: Red's chariot chases the horse; at Red's last move (c2e2) it is on e6. */
    const char *chase = "e2c2 c7e6 c2e2 e6c7 e2c2 c7e6 c2e2 e6c7";
    expect_played("5k3/9/2n6/9/9/9/9/4R4/9/3K5 w", chase, (GameRules){-1, 0, 0},
                  "perpetual chase by Red (chariot chasing the horse on e6): Black wins");
    expect_played("5k3/9/2n6/9/9/9/9/4R4/9/3K5 w", chase, (GameRules){-1, 0, 1}, "the position occurred three times: draw");
    /* 118 plies without a capture, then two more, nobody checking. */
    expect_played("4k4/9/9/9/R8/9/9/9/9/3K5 w - - 118 80", "a5a6 e9e8", (GameRules){-1, 0, 0}, "60-move rule: draw");
    expect_played("4k4/9/9/9/R8/9/9/9/9/3K5 w - - 118 80", "a5a6 e9e8", (GameRules){-1, 0, 1},
                  "no capture for too long: draw");
    expect_ending("amazons", RESULT_SECOND_WINS, reason_named(am, "no legal turn"),
                  "White has no legal turn: Black wins");
    expect_ending("amazons", RESULT_FIRST_WINS, reason_named(am, "no legal turn"),
                  "Black has no legal turn: White wins");
}

int main(void)
{
    test_pieces();
    test_general();
    test_squares();
    test_descriptive();
    test_several();
    test_malformed();
    test_amazons();
    test_endings();
    return TEST_REPORT();
}
