/*
 * test_pgnout.c - --pgnout FILE [min] [fi] [notation=N]: each game appended
 * as it ends by the PGN writer (pgnout_game), checked against moves worked
 * by hand: from the start, h2e2 is the Red cannon on Red's file 2 (counted
 * from Red's right) moving sideways to file 5: C2.5 / 炮二平五; h9g7 the
 * Black horse on Black's file 8 (counted from Black's right) forward to
 * file 7: H8+7 / 马8进7; h0g2 the Red horse from file 2 forward to file 3:
 * H2+3 / 马二进三; i9h9 the Black chariot from file 9 sideways to file 8:
 * R9.8 / 车9平8.
 */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "game.h"
#include "movegen.h"
#include "formats/pgnout.h"
#include "testhelp.h"

#define XQ game_by_name("xiangqi")
#define START "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

static GameRecord rec;

/* rec: the moves (record notation) from fen, the first `book` from the
 * opening, engine moves with scores[i] (cp), depths[i] and times[i] ms. */
static void make_game(const char *fen, const char *const *moves, int n, int book, const int *scores, const int *depths,
                      const int *times, GameResult result)
{
    char err[256];
    memset(&rec, 0, sizeof rec);
    snprintf(rec.fen, sizeof rec.fen, "%s", fen);
    GameState *s = game_state_at(XQ, fen);
    for (int i = 0; s && i < n; i++) {
        MoveRecord *m = &rec.moves[i];
        CHECK(XQ->parse_move(s, moves[i], XQ->record_notation, &m->move, err, sizeof err) == 0, "move %s: %s",
              moves[i], err);
        XQ->play(s, m->move);
        if (i < book || !scores) continue;
        m->has_score = true, m->score = scores[i], m->depth = depths[i], m->time_ms = times[i];
    }
    XQ->state_free(s);
    rec.plies = n, rec.opening_plies = book, rec.result = result, rec.loser_side = -1;
}

/* rec through pgnout_game as o asks, NUL-terminated (free it). */
static char *written(PgnOut *o)
{
    char *buf = NULL;
    size_t len = 0;
    o->file = open_memstream(&buf, &len);
    PgnTags tags = {"t", NULL, "2026.01.01", 1, "a", "b", "-", NULL, NULL, NULL};
    int rc = o->file ? pgnout_game(o, XQ, &tags, &rec) : -1;
    CHECK(rc == 0, "pgnout_game returned %d", rc);
    pgnout_close(o);
    return buf;
}

static void four_moves(void)
{
    static const char *const MOVES[] = {"h2e2", "h9g7", "h0g2", "i9h9"};
    static const int SCORES[] = {0, 10, -5, 0}, DEPTHS[] = {0, 1, 3, 2}, TIMES[] = {0, 4, 100, 1};
    make_game(START, MOVES, 4, 1, SCORES, DEPTHS, TIMES, RESULT_FIRST_WINS);
}

static void expect(const char *notation, const char *format_tag, const char *movetext)
{
    four_moves();
    PgnOut o = {.pgn = "x", .notation = notation};
    char *got = written(&o), want[1024];
    snprintf(want, sizeof want, "\n\n%s\n\n", movetext);
    CHECK(got && strstr(got, want), "notation %s:\n--- got\n%s--- want\n%s", notation ? notation : "-",
          got ? got : "(null)", want);
    CHECK(got && (format_tag ? strstr(got, format_tag) != NULL : strstr(got, "[Format ") == NULL),
          "notation %s: Format tag %s", notation ? notation : "-", format_tag ? format_tag : "none");
    free(got);
}

/* Lines are filled word by word under 80 bytes (a Chinese character is 3
 * bytes in UTF-8): "1. C2.5 ... R9.8" is 66 bytes, and the 15-byte comment
 * after it would make 82, so it opens the next line; in Chinese the line
 * "1. 炮二平五 ... 马二进三" is 63 bytes and the 16-byte comment would make 80. */
static void test_notations(void)
{
    expect("wxf", "[Format \"WXF\"]\n",
           "1. C2.5 {book} H8+7 {+0.10/1 0.004s} 2. H2+3 {-0.05/3 0.100s} R9.8\n{0.00/2 0.001s} 1-0");
    expect("chinese", "[Format \"Chinese\"]\n",
           "1. 炮二平五 {book} 马8进7 {+0.10/1 0.004s} 2. 马二进三\n"
           "{-0.05/3 0.100s} 车9平8 {0.00/2 0.001s} 1-0");
    /* the record's notation: no Format tag */
    expect("record", NULL, "1. h2e2 {book} h9g7 {+0.10/1 0.004s} 2. h0g2 {-0.05/3 0.100s} i9h9\n{0.00/2 0.001s} 1-0");
    /* ICCS, as games.pgn has it (also without notation=) */
    expect("iccs", "[Format \"ICCS\"]\n",
           "1. H2-E2 {book} H9-G7 {+0.10/1 0.004s} 2. H0-G2 {-0.05/3 0.100s} I9-H9\n{0.00/2 0.001s} 1-0");
    expect(NULL, "[Format \"ICCS\"]\n",
           "1. H2-E2 {book} H9-G7 {+0.10/1 0.004s} 2. H0-G2 {-0.05/3 0.100s} I9-H9\n{0.00/2 0.001s} 1-0");
}

/* min: the comments left out (the lines as filled with them); fi: a game without a result left out; Site as given. */
static void test_min_fi_site(void)
{
    four_moves();
    PgnOut o = {.pgn = "x", .min = true, .site = "Home \"A\""};
    char *got = written(&o);
    CHECK(got && strstr(got, "\n\n1. H2-E2 H9-G7 2. H0-G2 I9-H9\n 1-0\n\n") && !strchr(got, '{'), "min: %s",
          got ? got : "(null)");
    CHECK(got && strstr(got, "[Site \"Home \\\"A\\\"\"]\n"), "site: %s", got ? got : "(null)");
    free(got);
    rec.result = RESULT_NONE;
    o = (PgnOut){.pgn = "x", .fi = true};
    got = written(&o);
    CHECK(got && got[0] == '\0', "fi: a game without a result is left out: '%s'", got ? got : "(null)");
    free(got);
    o = (PgnOut){.pgn = "x"};
    got = written(&o);
    CHECK(got && strstr(got, "I9-H9\n{0.00/2 0.001s} *\n\n"), "without fi it is written: %s", got ? got : "(null)");
    free(got);
}

/* A game that starts with Black to move: "1... " stays with its move. */
static void test_black_first(void)
{
    static const char *const MOVES[] = {"h9g7", "h0g2"};
    make_game("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", MOVES, 2, 2, NULL, NULL, NULL,
              RESULT_NONE);
    PgnOut o = {.pgn = "x", .notation = "wxf"};
    char *got = written(&o);
    CHECK(got && strstr(got, "\n\n1... H8+7 {book} 2. H2+3 {book} *\n\n"), "black first: %s", got ? got : "(null)");
    free(got);
}

/* Every movetext line of a long game in Chinese (3 bytes a character) stays
 * under 80 bytes. */
static void test_wrapping(void)
{
    static const char *const MOVES[] = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b0c2", "a9b9"};
    static const int SCORES[8] = {10, 10, 10, 10, 10, 10, 10, 10}, DEPTHS[8] = {12, 12, 12, 12, 12, 12, 12, 12},
                     TIMES[8] = {12345, 12345, 12345, 12345, 12345, 12345, 12345, 12345};
    make_game(START, MOVES, 8, 0, SCORES, DEPTHS, TIMES, RESULT_NONE);
    PgnOut o = {.pgn = "x", .notation = "chinese"};
    char *got = written(&o);
    int longest = 0, lines = 0;
    for (char *p = got && strstr(got, "\n\n") ? strstr(got, "\n\n") + 2 : NULL; p && *p; lines++) {
        char *nl = strchr(p, '\n');
        int n = nl ? (int)(nl - p) : (int)strlen(p);
        if (n > longest) longest = n;
        p = nl ? nl + 1 : NULL;
    }
    CHECK(longest > 0 && longest <= 79 && lines > 3, "wrapping: longest line %d bytes, %d lines", longest, lines);
    /* i0h0: the Red chariot from file 1 to file 2; b0c2: the Red horse from
     * file 8 forward to 7; a9b9: the Black chariot from its file 1 to 2 */
    CHECK(got && strstr(got, "3. 车一平二") && strstr(got, "4. 马八进七") && strstr(got, "车1平2"),
          "wrapping: the last moves: %s", got ? got : "(null)");
    free(got);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    test_notations();
    test_min_fi_site();
    test_black_first();
    test_wrapping();
    return TEST_REPORT();
}
