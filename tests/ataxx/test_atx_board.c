/*
 * test_atx_board.c - engine/ataxx/board.c: position text both ways (the
 * standard dialect and Fairy-Stockfish's), its errors, make/unmake and the
 * keys over random games, the halfmove clock and the fullmove number
 * (hand-worked, and as Fairy-Stockfish wrote them for the same moves), the
 * game's end (libataxx's tests/gameover.cpp table), the result and
 * repetitions.
 */
#include <string.h>

#include "atx_testlib.h"
#include "board.h"
#include "movegen.h"
#include "notation.h"
#include "testhelp.h"

static AtxPosition pos;
static char err[160], text[ATX_POS_TEXT_MAX];

static int load(const char *t) { return atx_pos_from_text(&pos, t, err, sizeof err); }

/* Plays standard or FSF move texts; returns the number played. */
static int play(const char *const *moves)
{
    int n = 0;
    for (; moves[n]; n++) {
        AtxMove m;
        if (atx_move_parse(&pos, moves[n], &m, err, sizeof err)) return n;
        atx_pos_make(&pos, m);
    }
    return n;
}

static void test_text_round_trip(void)
{
    static const char *const TEXTS[] = {
        "x5o/7/7/7/7/7/o5x x 0 1",         "x5o/7/7/7/7/7/o5x o 0 1",      "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
        "x5o/7/3-3/2-1-2/3-3/7/o5x o 17 9", "7/7/7/7/7/7/7 x 0 1",          "xxxxxxx/ooooooo/-------/7/7/7/7 o 99 120",
        "7/7/7/7/-------/-------/x5o x 0 1",
    };
    for (size_t i = 0; i < sizeof TEXTS / sizeof TEXTS[0]; i++) {
        CHECK(load(TEXTS[i]) == 0, "%s: %s", TEXTS[i], err);
        atx_pos_to_text(&pos, text, sizeof text);
        CHECK(!strcmp(text, TEXTS[i]), "round trip: %s -> %s", TEXTS[i], text);
    }
    CHECK(load("startpos") == 0, "startpos: %s", err);
    atx_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, ATX_START_TEXT), "startpos -> %s", text);
    CHECK(load("x5o/7/7/7/7/7/o5x x") == 0, "no counters: %s", err);
    atx_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, "x5o/7/7/7/7/7/o5x x 0 1"), "counters default to 0 1: %s", text);
    CHECK(load("X5O/7/7/7/7/7/O5X X 3 2") == 0, "capitals: %s", err);
    atx_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, "x5o/7/7/7/7/7/o5x x 3 2"), "capitals read as x/o: %s", text);
}

static void test_fsf_dialect(void)
{
    /* What Fairy-Stockfish prints for the start (`d`: "Fen: P5p/7/7/7/7/7/p5P w - - 0 1"). */
    CHECK(load("P5p/7/7/7/7/7/p5P w - - 0 1") == 0, "FSF start: %s", err);
    atx_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, ATX_START_TEXT), "FSF start -> %s", text);
    atx_pos_to_text_fsf(&pos, text, sizeof text);
    CHECK(!strcmp(text, ATX_START_TEXT_FSF), "start in FSF's dialect: %s", text);
    CHECK(load(ATX_START_TEXT_FSF) == 0, "%s: %s", ATX_START_TEXT_FSF, err);
    CHECK(load("P5p/7/2*1*2/7/2*1*2/7/p5P b 4 7") == 0, "FSF gaps: %s", err);
    atx_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, "x5o/7/2-1-2/7/2-1-2/7/o5x o 4 7"), "FSF gaps, b = o -> %s", text);
    atx_pos_to_text_fsf(&pos, text, sizeof text);
    CHECK(!strcmp(text, "P5p/7/2*1*2/7/2*1*2/7/p5P b 4 7"), "back to FSF: %s", text);
}

static void test_text_errors(void)
{
    static const struct {
        const char *text, *reason;
    } BAD[] = {
        {"", "empty"},
        {"x5o/7/7/7/7/7/o5x", "no side"},
        {"x5o/7/7/7/7/o5x x", "ranks"},
        {"x5o/7/7/7/7/7/7/o5x x", "more than 7 ranks"},
        {"x6o/7/7/7/7/7/o5x x", "more than 7 squares"},
        {"x4o/7/7/7/7/7/o5x x", "not 7"},
        {"x5o/7/7/7/7/7/o5q x", "unexpected 'q'"},
        {"x5o/7/7/7/7/7/o5x z", "side to move"},
        {"x5o/7/7/7/7/7/o5x x -3 1", "halfmove"},
        {"x5o/7/7/7/7/7/o5x x 0 z", "fullmove"},
        {"x5o/7/7/7/7/7/o5x x 0 1 9", "after the move counters"},
        {"x5o/7/7/7/7/7/o5x xo", "side to move"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        err[0] = '\0';
        CHECK(load(BAD[i].text) == -1 && strstr(err, BAD[i].reason), "'%s': expected an error with '%s', got '%s'",
              BAD[i].text, BAD[i].reason, err);
    }
    CHECK(atx_pos_from_text(&pos, "7 x", NULL, 0) == -1, "an error without a buffer");
}

/* The halfmove clock and fullmove number. The FSF texts are what
 * Fairy-Stockfish's `d` printed after the same moves (given as P@f2, g1e1,
 * a1c1, a1a1). */
static void test_clocks(void)
{
    load(ATX_START_TEXT);
    CHECK(play((const char *const[]){"f2", NULL}) == 1, "f2: %s", err);
    atx_pos_to_text_fsf(&pos, text, sizeof text);
    CHECK(!strcmp(text, "P5p/7/7/7/7/5P1/p5P b 0 1"), "a single: clock 0, fullmove 1 (FSF: P5p/7/7/7/7/5P1/p5P b - - 0 1): %s",
          text);
    load(ATX_START_TEXT);
    play((const char *const[]){"g1e1", NULL});
    atx_pos_to_text_fsf(&pos, text, sizeof text);
    CHECK(!strcmp(text, "P5p/7/7/7/7/7/p3P2 b 1 1"), "a double: clock 1 (FSF: P5p/7/7/7/7/7/p3P2 b - - 1 1): %s", text);
    /* A double that converts still counts the clock up (FSF: 5 -> 6). */
    load("7/7/7/7/7/2p4/P6 w 5 1");
    CHECK(play((const char *const[]){"a1c1", NULL}) == 1, "a1c1: %s", err);
    atx_pos_to_text_fsf(&pos, text, sizeof text);
    CHECK(!strcmp(text, "7/7/7/7/7/2P4/2P4 b 6 1"), "a converting double: clock 6 (FSF: 7/7/7/7/7/2P4/2P4 b - - 6 1): %s",
          text);
    /* The pass counts it up too (FSF: 7 -> 8). */
    load("7/7/7/7/ppppppp/ppppppp/PPPPPPP w 7 1");
    CHECK(play((const char *const[]){"a1a1", NULL}) == 1, "FSF's pass a1a1: %s", err);
    atx_pos_to_text_fsf(&pos, text, sizeof text);
    CHECK(!strcmp(text, "7/7/7/7/ppppppp/ppppppp/PPPPPPP b 8 1"), "a pass: clock 8 (FSF: ... b - - 8 1): %s", text);
    /* Hand-worked: x single, o double, x double, o single; fullmove counts up after o. */
    load(ATX_START_TEXT);
    CHECK(play((const char *const[]){"f2", "a1c1", "a7c7", "b1", "0000", NULL}) == 4, "four moves (the pass refused)");
    atx_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, "2x3o/7/7/7/7/5x1/1oo3x x 0 3"), "after f2 a1c1 a7c7 b1: %s", text);
    CHECK(atx_halfmove(&pos) == 0 && atx_fullmove(&pos) == 3, "clock 0, fullmove 3");
    atx_pos_unmake(&pos);
    CHECK(atx_halfmove(&pos) == 2 && atx_fullmove(&pos) == 2, "unmade: clock 2, fullmove 2 (%d %d)", atx_halfmove(&pos),
          atx_fullmove(&pos));
    /* A root with o to move: the fullmove number counts up after o's first move. */
    load("x5o/7/7/7/7/7/o5x o 0 5");
    play((const char *const[]){"b1", NULL});
    CHECK(atx_fullmove(&pos) == 6, "o moved at 5: fullmove 6 (%d)", atx_fullmove(&pos));
}

/* Conversion, hand-worked: x lands on d3, next to its d2 and to o on c2, e2, c3, e4. */
static void test_conversion(void)
{
    load("7/7/7/4o2/2o4/2oxo2/x6 x 0 1");
    CHECK(play((const char *const[]){"d3", NULL}) == 1, "d3: %s", err);
    atx_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, "7/7/7/4x2/2xx3/2xxx2/x6 o 0 1"), "d3 converts c2, e2, c3, e4: %s", text);
    CHECK(atx_bb_count(atx_last_flipped(&pos)) == 4, "four converted");
    CHECK(atx_last_move(&pos) == ATX_MOVE_SINGLE(ATX_SQ(3, 2)), "last move d3");
    atx_pos_unmake(&pos);
    atx_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, "7/7/7/4o2/2o4/2oxo2/x6 x 0 1"), "unmade: %s", text);
    CHECK(atx_piece_at(&pos, ATX_SQ(2, 2)) == ATX_PIECE_O && atx_piece_at(&pos, ATX_SQ(0, 0)) == ATX_PIECE_X
              && atx_piece_at(&pos, ATX_SQ(6, 6)) == ATX_EMPTY,
          "atx_piece_at");
    load("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1");
    CHECK(atx_piece_at(&pos, ATX_SQ(2, 4)) == ATX_GAP, "c5 is a gap");
}

/* make/unmake restore everything; the incremental key is the key from scratch. */
static void test_random_games(void)
{
    uint64_t seed = 7;
    static AtxPosition start;
    AtxMove list[ATX_MAX_MOVES];
    int bad_keys = 0, bad_unmake = 0, plies = 0;
    for (int g = 0; g < 30; g++) {
        load(g % 3 == 0 ? ATX_START_TEXT : g % 3 == 1 ? "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1" : "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1");
        start = pos;
        for (;;) {
            int n = atx_gen_moves(&pos, list);
            if (n == 0) break;
            AtxPosition before = pos;
            AtxMove m = list[atx_test_random(&seed) % (uint64_t)n];
            atx_pos_make(&pos, m);
            plies++;
            bad_keys += atx_pos_key(&pos) != atx_pos_compute_key(&pos);
            atx_pos_unmake(&pos);
            bad_unmake += !atx_test_same(&pos, &before);
            atx_pos_make(&pos, m);
        }
        while (pos.ply) atx_pos_unmake(&pos);
        bad_unmake += !atx_test_same(&pos, &start);
        CHECK(atx_game_over(&pos) == false, "game %d: the start is not over", g);
    }
    CHECK(bad_keys == 0, "%d incremental keys differ from scratch over %d plies", bad_keys, plies);
    CHECK(bad_unmake == 0, "%d unmakes did not restore the position", bad_unmake);
    CHECK(plies > 3000, "random games: %d plies", plies);
}

/* libataxx's tests/gameover.cpp, position by position. */
static void test_game_over(void)
{
    static const struct {
        const char *text;
        bool over;
    } CASES[] = {
        {"x5o/7/7/7/7/7/o5x x 0 1", false}, {"x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", false},
        {"x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1", false}, {"7/7/7/7/7/7/7 x 0 1", true},
        {"7/7/7/7/7/7/7 o 0 1", true},          {"x5o/7/7/7/7/7/o5x x 99 1", false},
        {"x5o/7/7/7/7/7/o5x x 100 1", true},    {"x5o/7/7/7/7/7/o5x x 101 1", true},
        {"x6/7/7/7/7/7/7 x 0 1", true},         {"x6/7/7/7/7/7/7 o 0 1", true},
        {"o6/7/7/7/7/7/7 x 0 1", true},         {"o6/7/7/7/7/7/7 o 0 1", true},
    };
    AtxMove list[ATX_MAX_MOVES];
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        load(CASES[i].text);
        CHECK(atx_game_over(&pos) == CASES[i].over, "%s: game over %d", CASES[i].text, CASES[i].over);
        int n = atx_gen_moves(&pos, list);
        CHECK(CASES[i].over ? n == 0 : n > 0, "%s: %d moves", CASES[i].text, n);
    }
}

static void test_results(void)
{
    /* A full board: by pieces. */
    load("xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo o 3 40");
    CHECK(atx_end_reason(&pos, true) == ATX_END_NO_MOVES && atx_result(&pos, true) == ATX_RESULT_X_WINS,
          "full board, x 25 o 24: x wins");
    CHECK(atx_score(&pos) == 1, "score +1");
    load("xxxxxxx/xxxxxxx/xxxxxxx/xxx-ooo/ooooooo/ooooooo/ooooooo x 3 40");
    CHECK(atx_result(&pos, true) == ATX_RESULT_DRAW, "full board with a gap, 24 each: a draw");
    /* Walled off: empty squares no piece reaches. */
    load("3o3/7/-------/-------/7/7/3x3 x 0 1");
    CHECK(atx_end_reason(&pos, false) == ATX_END_NONE, "pieces with room: not over");
    load("ooooooo/ooooooo/-------/-------/7/7/x6 x 0 1");
    CHECK(atx_end_reason(&pos, false) == ATX_END_NONE, "x can still move");
    load("ooooooo/ooooooo/-------/-------/-------/xxxxxxx/xxxxxxx o 0 1");
    CHECK(atx_end_reason(&pos, false) == ATX_END_NO_MOVES && atx_result(&pos, false) == ATX_RESULT_DRAW,
          "closed, 14 each: a draw");
    load("oooooo1/ooooooo/-------/-------/-------/-------/xxxxxxx x 0 1");
    CHECK(atx_end_reason(&pos, false) == ATX_END_NONE, "o can fill g7: not over");
    CHECK(atx_gen_moves(&pos, (AtxMove[ATX_MAX_MOVES]){0}) == 1, "x passes");
    load("o6/7/7/7/7/7/7 x 0 1");
    CHECK(atx_end_reason(&pos, false) == ATX_END_NO_PIECES && atx_result(&pos, false) == ATX_RESULT_O_WINS,
          "x has no pieces: o wins");
    load("x5o/7/7/7/7/7/o5x x 100 1");
    CHECK(atx_end_reason(&pos, false) == ATX_END_HALFMOVE && atx_result(&pos, false) == ATX_RESULT_DRAW,
          "halfmove 100: a draw");
    load("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/7/7/o6 x 100 1");
    CHECK(atx_result(&pos, false) == ATX_RESULT_DRAW, "halfmove 100 with x far ahead: still a draw (libataxx)");
    load("x5o/7/7/7/7/7/o5x x 0 1");
    CHECK(atx_result(&pos, true) == ATX_RESULT_NONE, "the start: no result");
}

/* x a7c7, o g7e7, x c7a7, o e7g7: the start again (no conversions). */
static void test_repetition(void)
{
    static const char *const CYCLE[] = {"a7c7", "g7e7", "c7a7", "e7g7", NULL};
    load(ATX_START_TEXT);
    CHECK(atx_repetitions(&pos) == 0, "root: no repetition");
    CHECK(play(CYCLE) == 4, "one cycle: %s", err);
    CHECK(atx_repetitions(&pos) == 1 && atx_halfmove(&pos) == 4, "once round: one earlier occurrence");
    CHECK(atx_end_reason(&pos, true) == ATX_END_NONE, "twice is not the end");
    play(CYCLE);
    CHECK(atx_repetitions(&pos) == 2, "twice round: two earlier occurrences");
    CHECK(atx_end_reason(&pos, true) == ATX_END_REPETITION && atx_result(&pos, true) == ATX_RESULT_DRAW,
          "threefold: a draw");
    CHECK(atx_end_reason(&pos, false) == ATX_END_NONE && !atx_game_over(&pos), "not by the board alone");
    /* A single in between: the earlier positions cannot come back. */
    load(ATX_START_TEXT);
    play(CYCLE);
    CHECK(play((const char *const[]){"f2", "b1", "g2", "b2", NULL}) == 4, "four singles: %s", err);
    CHECK(atx_repetitions(&pos) == 0, "after singles: no repetition");
}

int main(void)
{
    atx_board_init();
    atx_board_init(); /* again is harmless */
    test_text_round_trip();
    test_fsf_dialect();
    test_text_errors();
    test_clocks();
    test_conversion();
    test_random_games();
    test_game_over();
    test_results();
    test_repetition();
    return TEST_REPORT();
}
