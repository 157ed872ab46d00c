/*
 * test_pgnout.c - -pgnout FILE notation=N: a game of games.pgn (ICCS
 * H2-E2 moves) rewritten in WXF, Chinese, the record's h2e2 and ICCS again,
 * checked against moves worked by hand: from the start, h2e2 is the Red
 * cannon on Red's file 2 (counted from Red's right) moving sideways to file
 * 5: C2.5 / 炮二平五; h9g7 the Black horse on Black's file 8 (counted from
 * Black's right) forward to file 7: H8+7 / 马8进7; h0g2 the Red horse from
 * file 2 forward to file 3: H2+3 / 马二进三; i9h9 the Black chariot from
 * file 9 sideways to file 8: R9.8 / 车9平8.
 */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "game.h"
#include "movegen.h"
#include "pgnout.h"
#include "testhelp.h"

#define XQ game_by_name("xiangqi")

static const char GAME[] =
    "[Game \"Chinese Chess\"]\n"
    "[Event \"t\"]\n"
    "[Format \"ICCS\"]\n"
    "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n"
    "[PlyCount \"4\"]\n"
    "\n"
    "1. H2-E2 {book} H9-G7 {+0.10/1 0.004s} 2. H0-G2 {-0.05/3 0.100s} I9-H9\n"
    "{0.00/2 0.001s} 1-0\n"
    "\n";

static const char TAGS_WITHOUT_FORMAT[] =
    "[Game \"Chinese Chess\"]\n"
    "[Event \"t\"]\n";
static const char TAGS_REST[] =
    "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n"
    "[PlyCount \"4\"]\n"
    "\n";

/* GAME rewritten in notation n, NUL-terminated (free it), or NULL; *rc the return. */
static char *convert(const char *text, PgnNotation n, int *rc, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    *rc = pgnout_convert(f, XQ, text, strlen(text), n, err, errlen);
    fclose(f);
    return buf;
}

static void expect(PgnNotation n, const char *format_tag, const char *movetext)
{
    char want[2048], err[256] = "";
    snprintf(want, sizeof want, "%s%s%s%s\n\n", TAGS_WITHOUT_FORMAT, format_tag, TAGS_REST, movetext);
    int rc = -1;
    char *got = convert(GAME, n, &rc, err, sizeof err);
    CHECK(got && rc == 0, "notation %d: returned %d (%s)", (int)n, rc, err);
    CHECK(got && strcmp(got, want) == 0, "notation %d:\n--- got\n%s--- want\n%s", (int)n, got ? got : "(null)", want);
    free(got);
}

/* Lines are filled word by word under 80 bytes (a Chinese character is 3
 * bytes in UTF-8): "1. C2.5 ... R9.8" is 66 bytes, and the 15-byte comment
 * after it would make 82, so it opens the next line; in Chinese the line
 * "1. 炮二平五 ... 马二进三" is 63 bytes and the 16-byte comment would make 80. */
static void test_notations(void)
{
    expect(PGN_NOTATION_WXF, "[Format \"WXF\"]\n",
           "1. C2.5 {book} H8+7 {+0.10/1 0.004s} 2. H2+3 {-0.05/3 0.100s} R9.8\n{0.00/2 0.001s} 1-0");
    expect(PGN_NOTATION_CHINESE, "[Format \"Chinese\"]\n",
           "1. 炮二平五 {book} 马8进7 {+0.10/1 0.004s} 2. 马二进三\n"
           "{-0.05/3 0.100s} 车9平8 {0.00/2 0.001s} 1-0");
    /* the record's notation: no Format tag */
    expect(PGN_NOTATION_RECORD, "",
           "1. h2e2 {book} h9g7 {+0.10/1 0.004s} 2. h0g2 {-0.05/3 0.100s} i9h9\n{0.00/2 0.001s} 1-0");
    /* ICCS again: the same movetext, filled again the same way */
    expect(PGN_NOTATION_ICCS, "[Format \"ICCS\"]\n",
           "1. H2-E2 {book} H9-G7 {+0.10/1 0.004s} 2. H0-G2 {-0.05/3 0.100s} I9-H9\n{0.00/2 0.001s} 1-0");
}

/* A game that starts with Black to move: "1... " stays with its move. */
static void test_black_first(void)
{
    const char *text = "[Game \"Chinese Chess\"]\n"
                       "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]\n"
                       "\n"
                       "1... H9-G7 2. H0-G2 *\n\n";
    int rc = -1;
    char err[256] = "";
    char *got = convert(text, PGN_NOTATION_WXF, &rc, err, sizeof err);
    CHECK(got && rc == 0 && strstr(got, "\n\n1... H8+7 2. H2+3 *\n\n"), "black first: %s (%s)", got ? got : "(null)",
          err);
    free(got);
}

/* An illegal move is an error naming it, not a silently shortened game. */
static void test_bad_move(void)
{
    const char *text = "[Game \"Chinese Chess\"]\n\n1. H2-E2 A9-A5 *\n\n";
    int rc = 0;
    char err[256] = "";
    char *got = convert(text, PGN_NOTATION_WXF, &rc, err, sizeof err);
    CHECK(rc == -1 && strstr(err, "'A9-A5'"), "bad move: rc %d, err '%s'", rc, err);
    free(got);
}

/* Every movetext line of a long game in Chinese (3 bytes a character) stays
 * under 80 bytes. */
static void test_wrapping(void)
{
    static const char *const MOVES[] = {"H2-E2", "H9-G7", "H0-G2", "I9-H9", "I0-H0", "B9-C7", "B0-C2", "A9-B9"};
    char text[4096] = "[Game \"Chinese Chess\"]\n\n";
    for (int i = 0; i < 8; i++) {
        char w[64];
        if (i % 2 == 0) snprintf(w, sizeof w, "%d. %s {+0.10/12 12.345s} ", i / 2 + 1, MOVES[i]);
        else snprintf(w, sizeof w, "%s {+0.10/12 12.345s} ", MOVES[i]);
        strcat(text, w);
    }
    strcat(text, "*\n\n");
    int rc = -1;
    char err[256] = "";
    char *got = convert(text, PGN_NOTATION_CHINESE, &rc, err, sizeof err);
    CHECK(got && rc == 0, "wrapping: %s", err);
    int longest = 0, lines = 0;
    for (char *p = got ? strstr(got, "\n\n") + 2 : NULL; p && *p; lines++) {
        char *nl = strchr(p, '\n');
        int n = nl ? (int)(nl - p) : (int)strlen(p);
        if (n > longest) longest = n;
        p = nl ? nl + 1 : NULL;
    }
    CHECK(longest > 0 && longest <= 79 && lines > 3, "wrapping: longest line %d bytes, %d lines", longest, lines);
    /* i0h0: the Red chariot from file 1 to file 2; b0c2: the Red horse from
     * file 8 forward to 7; a9b9: the Black chariot from its file 1 to 2 */
    CHECK(got && strstr(got, "3. 车一平二") && strstr(got, "4. 马八进七") && strstr(got, "车1平2"),
          "wrapping: the last moves: %s",
          got ? got : "(null)");
    free(got);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    test_notations();
    test_black_first();
    test_bad_move();
    test_wrapping();
    return TEST_REPORT();
}
