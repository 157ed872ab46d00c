/*
 * test_epd.c - EPD suites: both line styles, every opcode, comments, quoting,
 * one exact error text per kind of mistake, robustness against random and
 * mutated lines, and the real suites under positions/xiangqi/.
 *
 * Expected values are worked out by hand from the start position
 *   rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR
 * (Red cannons on b2 and h2, Black cannons on b7 and h7, ICCS ranks 0-9).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "formats/epd.h"
#include "games/game.h" /* not engine/xiangqi/game.h, first on the path */
#include "movegen.h"
#include "testhelp.h"

#define START_BOARD "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"

static char tmpdir[64];

/* The move named by ICCS text, computed without the notation module. */
/* The game every test here reads. */
#define XQ game_by_name("xiangqi")

static Move iccs(const char *s)
{
    return MOVE(SQ(s[0] - 'a', s[1] - '0'), SQ(s[2] - 'a', s[3] - '0'));
}

/* Parses line, expecting -1 and exactly `want` as the error. */
static void expect_error(const char *line, const char *want, int at)
{
    EpdEntry e;
    char err[256] = "";
    int r = epd_parse_line(XQ, line, &e, err, sizeof err);
    CHECK(r == -1, "line %d: returned %d, expected -1", at, r);
    CHECK(strcmp(err, want) == 0, "line %d: error '%s', expected '%s'", at, err, want);
}

#define EXPECT_ERROR(line, want) expect_error(line, want, __LINE__)

/* Writes content to tmpdir/name and returns the path (static buffer per call site use). */
static const char *write_file(const char *name, const char *content, size_t len)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        exit(1);
    }
    fwrite(content, 1, len, f);
    fclose(f);
    return path;
}

/* Loads content as a file named name and expects error `want_tail` after
 * the "<path>" prefix (want_tail starts with ':' or is the whole text). */
static void expect_load_error(const char *name, const char *content, size_t len, const char *want_tail, int at)
{
    EpdSuite suite = {NULL, (EpdEntry *)1, 99};
    char err[512] = "", want[512];
    const char *path = write_file(name, content, len);
    snprintf(want, sizeof want, "%s%s", path, want_tail);
    int r = epd_load(XQ, path, &suite, err, sizeof err);
    CHECK(r == -1, "line %d: epd_load returned %d, expected -1", at, r);
    CHECK(strcmp(err, want) == 0, "line %d: error '%s', expected '%s'", at, err, want);
    CHECK(suite.entries == NULL && suite.count == 0, "line %d: suite not left empty on error", at);
    epd_free(&suite);
    unlink(path);
}

#define EXPECT_LOAD_ERROR(name, text, tail) expect_load_error(name, text, sizeof text - 1, tail, __LINE__)

/* ------------------------------------------------------------------------ */

static void test_perft_style(void)
{
    EpdEntry e;
    char err[256] = "";
    int r = epd_parse_line(XQ, START_BOARD " w ;D1 44 ;D2 1920 ;id \"published-1\"", &e, err, sizeof err);
    CHECK(r == 1, "perft line: %d (%s)", r, err);
    CHECK(strcmp(e.fen, START_BOARD " w - - 0 1") == 0, "fen '%s'", e.fen);
    CHECK(strcmp(e.id, "published-1") == 0, "id '%s'", e.id);
    CHECK(e.nbm == 0 && e.nam == 0 && e.dm == 0 && e.within == 0 && e.result[0] == '\0' && e.line == 0,
          "perft line: nothing else set");

    /* ';' glued to the side field, and a trailing ';' */
    r = epd_parse_line(XQ, START_BOARD " b;D1 44;id \"x\";", &e, err, sizeof err);
    CHECK(r == 1 && strcmp(e.fen, START_BOARD " b - - 0 1") == 0 && strcmp(e.id, "x") == 0, "glued ';': %d %s",
          r, err);

    /* no operations at all, CR of a CRLF file, surrounding space */
    r = epd_parse_line(XQ, "  " START_BOARD " w\r", &e, err, sizeof err);
    CHECK(r == 1 && strcmp(e.fen, START_BOARD " w - - 0 1") == 0 && e.id[0] == '\0', "bare FEN: %d %s", r, err);
}

static void test_standard_style(void)
{
    EpdEntry e;
    char err[256] = "";
    int r = epd_parse_line(XQ, START_BOARD " w - - bm h2e2 b2e2; am a0a1; id \"std;1 x\";", &e, err, sizeof err);
    CHECK(r == 1, "standard line: %d (%s)", r, err);
    CHECK(strcmp(e.fen, START_BOARD " w - - 0 1") == 0, "fen '%s'", e.fen);
    CHECK(e.nbm == 2 && e.bm[0] == iccs("h2e2") && e.bm[1] == iccs("b2e2"), "bm: %d moves", e.nbm);
    CHECK(e.nam == 1 && e.am[0] == iccs("a0a1"), "am: %d moves", e.nam);
    CHECK(strcmp(e.id, "std;1 x") == 0, "id '%s'", e.id);

    /* halfmove / fullmove numbers, Black to move, the numeric opcodes */
    r = epd_parse_line(XQ, START_BOARD " b - - 3 7 bm h7e7; dm 2; result 0-1; within 40;", &e, err, sizeof err);
    CHECK(r == 1, "counters: %d (%s)", r, err);
    CHECK(strcmp(e.fen, START_BOARD " b - - 3 7") == 0, "fen '%s'", e.fen);
    CHECK(e.nbm == 1 && e.bm[0] == iccs("h7e7"), "black bm");
    CHECK(e.dm == 2 && strcmp(e.result, "0-1") == 0 && e.within == 40, "dm %d result '%s' within %d", e.dm,
          e.result, e.within);

    /* the cannon takes the horse over the Black cannon on h7: legal */
    r = epd_parse_line(XQ, START_BOARD " w - - bm h2h9; result 1/2-1/2;", &e, err, sizeof err);
    CHECK(r == 1 && e.nbm == 1 && e.bm[0] == iccs("h2h9") && strcmp(e.result, "1/2-1/2") == 0, "h2h9: %d %s", r,
          err);
    r = epd_parse_line(XQ, START_BOARD " w ;result 1-0", &e, err, sizeof err);
    CHECK(r == 1 && strcmp(e.result, "1-0") == 0, "result 1-0");

    /* eight moves is the most */
    r = epd_parse_line(XQ, START_BOARD " w ;bm a0a1 a0a2 b2b1 b2a2 b2c2 b2d2 b2e2 b2f2", &e, err, sizeof err);
    CHECK(r == 1 && e.nbm == 8 && e.bm[7] == iccs("b2f2"), "eight bm: %d %s", r, err);
}

static void test_quoting_and_unknown_opcodes(void)
{
    EpdEntry e;
    char err[256] = "";
    /* a quoted operand of an ignored opcode hides ';' and "bm" */
    int r = epd_parse_line(XQ, START_BOARD " w ;c0 \"a;b; bm zz\" more ;D1 44 ;bm h2e2 ;hmvc 0", &e, err, sizeof err);
    CHECK(r == 1 && e.nbm == 1 && e.bm[0] == iccs("h2e2"), "quoted c0: %d %s nbm %d", r, err, e.nbm);
    CHECK(strcmp(e.id, "") == 0, "no id: '%s'", e.id);

    r = epd_parse_line(XQ, START_BOARD " w ;id \"say \\\"hi\\\" \\\\ ok\"", &e, err, sizeof err);
    CHECK(r == 1 && strcmp(e.id, "say \"hi\" \\ ok") == 0, "escaped id '%s' (%s)", e.id, err);

    r = epd_parse_line(XQ, START_BOARD " w ;id plain", &e, err, sizeof err);
    CHECK(r == 1 && strcmp(e.id, "plain") == 0, "unquoted id '%s'", e.id);

    r = epd_parse_line(XQ, START_BOARD " w ;id \"炮二平五\"", &e, err, sizeof err);
    CHECK(r == 1 && strcmp(e.id, "炮二平五") == 0, "UTF-8 id '%s'", e.id);

    /* exactly 63 bytes fits */
    r = epd_parse_line(XQ, START_BOARD " w ;id \"123456789012345678901234567890123456789012345678901234567890123\"", &e,
                       err, sizeof err);
    CHECK(r == 1 && strlen(e.id) == 63, "63-byte id: %d %s", r, err);
}

/* The ECCO opcodes of an opening book: a code A00-E99, the opening and the
 * variation as UTF-8 text; absent ones are "". */
static void test_ecco_opcodes(void)
{
    EpdEntry e;
    char err[256] = "";
    int r = epd_parse_line(XQ, START_BOARD " w ;id \"x\" ;ecco \"C17\" ;opening \"中炮过河车对屏风马\" ;variation \"红进七兵\"",
                           &e, err, sizeof err);
    CHECK(r == 1 && strcmp(e.ecco, "C17") == 0 && strcmp(e.opening, "中炮过河车对屏风马") == 0
              && strcmp(e.variation, "红进七兵") == 0,
          "ECCO opcodes: %d %s '%s' '%s' '%s'", r, err, e.ecco, e.opening, e.variation);
    r = epd_parse_line(XQ, START_BOARD " w ;id \"y\"", &e, err, sizeof err);
    CHECK(r == 1 && !e.ecco[0] && !e.opening[0] && !e.variation[0], "no ECCO opcodes: all empty");
    r = epd_parse_line(XQ, START_BOARD " w ;ecco \"A00\"", &e, err, sizeof err);
    CHECK(r == 1 && strcmp(e.ecco, "A00") == 0, "A00: %s", err);
    r = epd_parse_line(XQ, START_BOARD " w ;ecco \"E99\"", &e, err, sizeof err);
    CHECK(r == 1 && strcmp(e.ecco, "E99") == 0, "E99: %s", err);
    EXPECT_ERROR(START_BOARD " w ;ecco \"F12\"", "ecco: expected a code A00-E99, got 'F12'");
    EXPECT_ERROR(START_BOARD " w ;ecco \"C1\"", "ecco: expected a code A00-E99, got 'C1'");
    EXPECT_ERROR(START_BOARD " w ;ecco \"C170\"", "ecco: expected a code A00-E99, got 'C170'");
    EXPECT_ERROR(START_BOARD " w ;ecco \"c17\"", "ecco: expected a code A00-E99, got 'c17'");
    EXPECT_ERROR(START_BOARD " w ;opening \"\"", "opening: expected a non-empty string");
    EXPECT_ERROR(START_BOARD " w ;ecco \"C17\" ;ecco \"C18\"", "ecco: given twice");
    char line[512];
    snprintf(line, sizeof line, "%s w ;variation \"%0128d\"", START_BOARD, 0);
    EXPECT_ERROR(line, "variation: longer than 127 bytes");
}

static void test_blank_and_comment_lines(void)
{
    static const char *const LINES[] = {"", "   ", " \t\r", "# comment", "   # indented comment", "#"};
    for (size_t i = 0; i < sizeof LINES / sizeof LINES[0]; i++) {
        EpdEntry e;
        char err[64] = "untouched";
        int r = epd_parse_line(XQ, LINES[i], &e, err, sizeof err);
        CHECK(r == 0, "line %zu: %d, expected 0", i, r);
    }
}

static void test_line_errors(void)
{
    /* the FEN */
    EXPECT_ERROR("rnbakabnr/9/1c4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;id \"x\"",
                 "bad FEN: rank 7 has 8 files, expected 9");
    EXPECT_ERROR(START_BOARD " x ;id \"x\"", "bad FEN: bad side to move 'x', expected 'w' or 'b'");
    EXPECT_ERROR(START_BOARD, "bad FEN: missing side to move, expected 'w' or 'b'");
    EXPECT_ERROR(START_BOARD " w - 5 bm h2e2;", "bad FEN: bad field '5', expected '-'");
    EXPECT_ERROR(";bm h2e2", "bad FEN: empty FEN");
    EXPECT_ERROR("9/9/9/9/9/9/9/9/9/9 w", "bad FEN: no red general");

    /* moves */
    EXPECT_ERROR(START_BOARD " w ;bm h2h8", "bm: 'h2h8' is not a legal move here");
    EXPECT_ERROR(START_BOARD " w - - bm h2e2 a0a5; id \"x\";", "bm: 'a0a5' is not a legal move here");
    EXPECT_ERROR(START_BOARD " b ;bm h2e2", "bm: 'h2e2' is not a legal move here");
    EXPECT_ERROR(START_BOARD " w ;am e0e2", "am: 'e0e2' is not a legal move here");
    EXPECT_ERROR(START_BOARD " w ;bm z9z9", "bm: expected an ICCS move such as h2e2, got 'z9z9'");
    EXPECT_ERROR(START_BOARD " w ;bm C2.5", "bm: expected an ICCS move such as h2e2, got 'C2.5'");
    EXPECT_ERROR(START_BOARD " w ;bm h2e2xxxxxxxxxxxxxxxxx",
                 "bm: expected an ICCS move such as h2e2, got 'h2e2xxxxxxxxxxxxxxxxx'");
    EXPECT_ERROR(START_BOARD " w ;bm", "bm: expected at least one ICCS move, got nothing");
    EXPECT_ERROR(START_BOARD " w ;bm a0a1 a0a2 b2b1 b2a2 b2c2 b2d2 b2e2 b2f2 b2g2",
                 "bm: 9 moves, expected at most 8");
    EXPECT_ERROR(START_BOARD " w - - bm h2e2 id \"x\";", "bm: expected an ICCS move such as h2e2, got 'id'");

    /* numbers */
    EXPECT_ERROR(START_BOARD " w ;dm x", "dm: expected a whole number from 1 to 100, got 'x'");
    EXPECT_ERROR(START_BOARD " w ;dm 0", "dm: expected a whole number from 1 to 100, got '0'");
    EXPECT_ERROR(START_BOARD " w ;dm 101", "dm: expected a whole number from 1 to 100, got '101'");
    EXPECT_ERROR(START_BOARD " w ;dm -3", "dm: expected a whole number from 1 to 100, got '-3'");
    EXPECT_ERROR(START_BOARD " w ;dm 99999999999999999999",
                 "dm: expected a whole number from 1 to 100, got '99999999999999999999'");
    EXPECT_ERROR(START_BOARD " w ;dm", "dm: expected a whole number from 1 to 100, got nothing");
    EXPECT_ERROR(START_BOARD " w ;dm 1 2", "dm: expected a whole number from 1 to 100, got 2 operands");
    EXPECT_ERROR(START_BOARD " w ;within 1001", "within: expected a whole number from 1 to 1000, got '1001'");

    /* results */
    EXPECT_ERROR(START_BOARD " w ;result 2-0", "unknown result '2-0', expected 1-0, 0-1 or 1/2-1/2");
    EXPECT_ERROR(START_BOARD " w ;result *", "unknown result '*', expected 1-0, 0-1 or 1/2-1/2");
    EXPECT_ERROR(START_BOARD " w ;result", "result: expected 1-0, 0-1 or 1/2-1/2, got nothing");

    /* quoting and ids */
    EXPECT_ERROR(START_BOARD " w ;id \"abc", "unterminated quote");
    EXPECT_ERROR(START_BOARD " w ;c0 \"abc\\\"; bm h2e2", "unterminated quote");
    EXPECT_ERROR(START_BOARD " w ;id \"\"", "id: expected a non-empty string");
    EXPECT_ERROR(START_BOARD " w ;id \"a\" \"b\"", "id: expected one quoted string, got 2 operands");
    EXPECT_ERROR(START_BOARD " w ;id \"1234567890123456789012345678901234567890123456789012345678901234\"",
                 "id: longer than 63 bytes");
    EXPECT_ERROR(START_BOARD " w ;id \"a\xff\"", "id: expected UTF-8 text without control characters");
    EXPECT_ERROR(START_BOARD " w ;id \"a\tb\"", "id: expected UTF-8 text without control characters");
    EXPECT_ERROR(START_BOARD " w ;id \"a\" ;id \"b\"", "id: given twice");
    EXPECT_ERROR(START_BOARD " w ;bm h2e2 ;bm b2e2", "bm: given twice");

    /* opcodes */
    EXPECT_ERROR(START_BOARD " w ;9x 1",
                 "expected an opcode (a letter, then up to 14 letters, digits or '_'), got '9x'");
    EXPECT_ERROR(START_BOARD " w - - 0 1 5",
                 "expected an opcode (a letter, then up to 14 letters, digits or '_'), got '5'");
    EXPECT_ERROR(START_BOARD " w ;\x01\x02 1",
                 "expected an opcode (a letter, then up to 14 letters, digits or '_'), got '?\?'"); /* "?\?" dodges a trigraph */
    EXPECT_ERROR(START_BOARD " w ;bm a\nb", "bm: expected an ICCS move such as h2e2, got 'a'");

    /* long quoted text is cut */
    EXPECT_ERROR(START_BOARD " w ;dm 12345678901234567890123456789012345678901234567890",
                 "dm: expected a whole number from 1 to 100, got '1234567890123456789012345678901234567890...'");
}

static void test_long_lines_and_small_buffers(void)
{
    EpdEntry e;
    char err[256];
    size_t n = 5000;
    char *line = malloc(n + 1);
    if (!line) return;
    memset(line, 'x', n);
    line[n] = '\0';
    EXPECT_ERROR(line, "line is 5000 bytes long, expected at most 4095");

    /* 4095 bytes is still a line: a valid FEN padded with an ignored operand */
    size_t fen_len = strlen(START_BOARD " w ;c0 ");
    memcpy(line, START_BOARD " w ;c0 ", fen_len);
    memset(line + fen_len, 'y', 4095 - fen_len);
    line[4095] = '\0';
    int r = epd_parse_line(XQ, line, &e, err, sizeof err);
    CHECK(r == 1, "4095-byte line: %d %s", r, err);
    free(line);

    /* tiny or missing error buffers never overflow */
    char tiny[8];
    memset(tiny, '#', sizeof tiny);
    r = epd_parse_line(XQ, START_BOARD " w ;dm x", &e, tiny, sizeof tiny);
    CHECK(r == -1 && strcmp(tiny, "dm: exp") == 0, "tiny buffer '%s'", tiny);
    r = epd_parse_line(XQ, START_BOARD " w ;dm x", &e, NULL, 0);
    CHECK(r == -1, "NULL err: %d", r);
    r = epd_parse_line(XQ, START_BOARD " w ;bm 炮二平五", &e, tiny, 7);
    CHECK(r == -1 && strcmp(tiny, "bm: ex") == 0, "tiny buffer '%s'", tiny);
    /* a cut never splits a UTF-8 character */
    const char *prefix = "bm: expected an ICCS move such as h2e2, got '";
    r = epd_parse_line(XQ, START_BOARD " w ;bm 炮二平五", &e, err, strlen(prefix) + 2);
    CHECK(r == -1 && strcmp(err, prefix) == 0, "cut UTF-8: '%s'", err);
    r = epd_parse_line(XQ, START_BOARD " w ;bm 炮二平五", &e, err, strlen(prefix) + 4);
    CHECK(r == -1 && strncmp(err, prefix, strlen(prefix)) == 0 && strcmp(err + strlen(prefix), "炮") == 0,
          "whole character: '%s'", err);
    r = epd_parse_line(XQ, NULL, &e, err, sizeof err);
    CHECK(r == -1 && err[0], "NULL line: %d", r);
}

/* ------------------------------------------------------------------------ */
/* Files                                                                    */
/* ------------------------------------------------------------------------ */

static void test_load_good_file(void)
{
    static const char TEXT[] = "# a suite\n"
                               "\n"
                               START_BOARD " w ;D1 44 ;id \"first\"\r\n"
                               "   # indented comment\n"
                               START_BOARD " w - - bm h2e2; dm 3;\n"
                               START_BOARD " b - - 0 1 am h7e7; id \"last\"; result 1-0"; /* no final newline */
    EpdSuite suite;
    char err[512] = "", want_id[128];
    const char *path = write_file("good.epd", TEXT, sizeof TEXT - 1);
    int r = epd_load(XQ, path, &suite, err, sizeof err);
    CHECK(r == 0, "epd_load: %d %s", r, err);
    CHECK(suite.count == 3, "count %d", suite.count);
    if (r == 0 && suite.count == 3) {
        snprintf(want_id, sizeof want_id, "%s:5", path);
        CHECK(suite.entries[0].line == 3 && strcmp(suite.entries[0].id, "first") == 0, "entry 0: %d %s",
              suite.entries[0].line, suite.entries[0].id);
        CHECK(suite.entries[1].line == 5 && strcmp(suite.entries[1].id, want_id) == 0, "entry 1: %d %s",
              suite.entries[1].line, suite.entries[1].id);
        CHECK(suite.entries[1].nbm == 1 && suite.entries[1].bm[0] == iccs("h2e2") && suite.entries[1].dm == 3,
              "entry 1 bm / dm");
        CHECK(suite.entries[2].line == 6 && strcmp(suite.entries[2].id, "last") == 0, "entry 2 id");
        CHECK(suite.entries[2].nam == 1 && suite.entries[2].am[0] == iccs("h7e7"), "entry 2 am");
        CHECK(strcmp(suite.entries[2].fen, START_BOARD " b - - 0 1") == 0, "entry 2 fen '%s'", suite.entries[2].fen);
        CHECK(strcmp(suite.entries[2].result, "1-0") == 0, "entry 2 result");
    }
    epd_free(&suite);
    CHECK(suite.entries == NULL && suite.count == 0, "epd_free empties");
    epd_free(&suite);
    epd_free(NULL);
    unlink(path);
}

static void test_load_many_entries(void)
{
    /* more entries than the first allocation, to exercise growth */
    size_t cap = 200 * 128, len = 0;
    char *text = malloc(cap);
    if (!text) return;
    for (int i = 0; i < 200; i++) len += (size_t)snprintf(text + len, cap - len, "%s w ;id \"p%d\"\n", START_BOARD, i);
    EpdSuite suite;
    char err[512] = "";
    const char *path = write_file("many.epd", text, len);
    int r = epd_load(XQ, path, &suite, err, sizeof err);
    CHECK(r == 0 && suite.count == 200, "200 entries: %d %d %s", r, suite.count, err);
    CHECK(r == 0 && strcmp(suite.entries[199].id, "p199") == 0 && suite.entries[199].line == 200, "last entry");
    epd_free(&suite);
    free(text);
    unlink(path);
}

static void test_load_errors(void)
{
    EXPECT_LOAD_ERROR("fen.epd", "# x\n" START_BOARD " w\n"
                      "rnbakabnr/9/1c4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w ;id \"x\"\n",
                      ":3: bad FEN: rank 7 has 8 files, expected 9");
    EXPECT_LOAD_ERROR("bm.epd", "\n\n" START_BOARD " w ;bm h2h8\n", ":3: bm: 'h2h8' is not a legal move here");
    EXPECT_LOAD_ERROR("dm.epd", "#\n#\n#\n#\n" START_BOARD " w ;dm x\n",
                      ":5: dm: expected a whole number from 1 to 100, got 'x'");
    EXPECT_LOAD_ERROR("result.epd", START_BOARD " w ;result x\n",
                      ":1: unknown result 'x', expected 1-0, 0-1 or 1/2-1/2");
    EXPECT_LOAD_ERROR("quote.epd", "#\n" START_BOARD " w ;id \"open\n" START_BOARD " w\n", ":2: unterminated quote");
    EXPECT_LOAD_ERROR("nul.epd", "#\n" START_BOARD "\0 w\n", ":2: NUL byte at column 60");
    EXPECT_LOAD_ERROR("empty.epd", "# nothing\n\n   \n", ": no positions, only blank and comment lines");
    EXPECT_LOAD_ERROR("zero.epd", "", ": no positions, only blank and comment lines");
    EXPECT_LOAD_ERROR("dup.epd",
                      START_BOARD " w ;id \"a\"\n" START_BOARD " w ;id \"b\"\n" START_BOARD " b ;id \"b\"\n" START_BOARD
                                  " b ;id \"a\"\n",
                      ":3: duplicate id \"b\", first used on line 2");
    EXPECT_LOAD_ERROR("bytes.epd", "\xfe\xff\x01 w\n", ":1: bad FEN: 1 ranks, expected 10");

    /* a 5000-byte line, then a good one: the long line is named */
    size_t n = 5000;
    char *text = malloc(n + 200);
    if (text) {
        size_t len = (size_t)snprintf(text, 200, "%s w\n", START_BOARD);
        memset(text + len, 'x', n);
        len += n;
        len += (size_t)snprintf(text + len, 200, "\n%s w\n", START_BOARD);
        expect_load_error("long.epd", text, len, ":2: line is 5000 bytes long, expected at most 4095", __LINE__);
        free(text);
    }

    /* a missing file and a directory */
    EpdSuite suite;
    char err[512] = "";
    int r = epd_load(XQ, "positions/xiangqi/no-such-suite.epd", &suite, err, sizeof err);
    CHECK(r == -1 && strcmp(err, "cannot open positions/xiangqi/no-such-suite.epd: No such file or directory") == 0,
          "missing file: '%s'", err);
    r = epd_load(XQ, tmpdir, &suite, err, sizeof err);
    char want[256];
    snprintf(want, sizeof want, "cannot read %s: Is a directory", tmpdir);
    CHECK(r == -1 && strcmp(err, want) == 0, "directory: '%s'", err);
    CHECK(epd_load(XQ, NULL, &suite, err, sizeof err) == -1 && err[0], "NULL path");
}

static void test_default_id_of_long_path(void)
{
    static const char TEXT[] = START_BOARD " w\n";
    char name[80], err[256] = "";
    memset(name, 'n', 50); /* the path is too long for an id, the name is not */
    strcpy(name + 50, ".epd");
    const char *path = write_file(name, TEXT, sizeof TEXT - 1);
    EpdSuite suite;
    int r = epd_load(XQ, path, &suite, err, sizeof err);
    char want[96];
    snprintf(want, sizeof want, "%s:1", name);
    CHECK(r == 0 && suite.count == 1 && strcmp(suite.entries[0].id, want) == 0, "long path id '%s'",
          r == 0 ? suite.entries[0].id : err);
    epd_free(&suite);
    unlink(path);
}

/* ------------------------------------------------------------------------ */
/* Random and mutated lines                                                 */
/* ------------------------------------------------------------------------ */

#define FUZZ_LINE_CAP 9000

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static uint64_t xorshift(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static size_t rnd(size_t n) { return (size_t)(xorshift() % n); }

/* Is err one non-empty line of printable text (bytes >= 0x80 allowed)? */
static bool is_one_line(const char *err)
{
    if (!err[0]) return false;
    for (const unsigned char *s = (const unsigned char *)err; *s; s++)
        if (*s < 0x20 || *s == 0x7F) return false;
    return true;
}

/* Builds a line: a seed line mutated a few times, or a soup of EPD words. */
static void random_line(char *buf, size_t cap)
{
    static const char *const SEEDS[] = {
        START_BOARD " w ;D1 44 ;id \"published-1\"",
        START_BOARD " w - - bm h2e2 b2e2; am a0a1; id \"std;1 x\";",
        START_BOARD " b - - 3 7 bm h7e7; dm 2; result 0-1; within 40;",
        "P2a4R/3k5/b1Ra5/9/6b2/9/9/p3K4/9/9 w ;dm 1 ;bm c7c8 ;id \"mate1-1\"",
        "# comment",
    };
    static const char *const WORDS[] = {"bm", "am", "dm", "id", "result", "within", "c0", ";", "\"", "\"x;y\"", "-",
                                        "0", "1", "100", "w", "b", "h2e2", "a0a1", "1-0", "1/2-1/2", "9/", "k", "K",
                                        "rnbakabnr", "\\", "\t", "\xff", "\xe7\x82", "炮", START_BOARD, "  "};
    size_t len = 0;
    if (rnd(4) == 0) {
        size_t words = 1 + rnd(12);
        for (size_t i = 0; i < words; i++) {
            const char *w = WORDS[rnd(sizeof WORDS / sizeof WORDS[0])];
            size_t n = strlen(w);
            if (len + n + 2 >= cap) break;
            memcpy(buf + len, w, n);
            len += n;
            if (rnd(2)) buf[len++] = ' ';
        }
        buf[len] = '\0';
        return;
    }
    snprintf(buf, cap, "%s", SEEDS[rnd(sizeof SEEDS / sizeof SEEDS[0])]);
    len = strlen(buf);
    size_t mutations = 1 + rnd(4);
    for (size_t m = 0; m < mutations; m++) {
        size_t at = len ? rnd(len) : 0;
        if (rnd(2)) at = at / 2 + len / 2; /* favour the operations, after the FEN */
        char byte = (char)(1 + rnd(255)); /* never NUL inside a C string */
        switch (rnd(5)) {
        case 0: if (len) buf[at] = byte; break;                                     /* replace */
        case 1: if (len) memmove(buf + at, buf + at + 1, len-- - at); break;        /* delete */
        case 2:                                                                     /* insert */
            if (len + 2 < cap) {
                memmove(buf + at + 1, buf + at, len++ - at + 1);
                buf[at] = byte;
            }
            break;
        case 3: buf[len = at] = '\0'; break;                                        /* truncate */
        default:                                                                    /* repeat a piece */
            if (len && len * 2 + 1 < cap) {
                static char piece[FUZZ_LINE_CAP];
                size_t from = rnd(len), n = 1 + rnd(len - from);
                memcpy(piece, buf + from, n);
                memmove(buf + at + n, buf + at, len - at + 1);
                memcpy(buf + at, piece, n);
                len += n;
            }
            break;
        }
    }
}

static void test_fuzz(void)
{
    enum { ROUNDS = 5000 };
    static char line[FUZZ_LINE_CAP];
    int results[3] = {0, 0, 0}, bad = 0;
    for (int i = 0; i < ROUNDS; i++) {
        EpdEntry e;
        char err[200];
        random_line(line, sizeof line);
        if (i % 500 == 499) { /* now and then a line too long */
            size_t len = strlen(line);
            memset(line + len, ';', 4200);
            line[len + 4200] = '\0';
        }
        memset(err, 0, sizeof err);
        int r = epd_parse_line(XQ, line, &e, err, sizeof err);
        if (r < -1 || r > 1) {
            bad++;
            continue;
        }
        results[r + 1]++;
        if (r == -1 && !is_one_line(err)) {
            bad++;
            fprintf(stderr, "bad error text for line '%s': '%s'\n", line, err);
        }
        if (r == 1) {
            Position pos;
            bool ok = e.nbm >= 0 && e.nbm <= EPD_MAX_MOVES && e.nam >= 0 && e.nam <= EPD_MAX_MOVES &&
                      e.dm >= 0 && e.dm <= 100 && xq_pos_from_fen(&pos, e.fen, NULL, 0) == 0;
            for (int k = 0; ok && k < e.nbm; k++) ok = xq_move_is_legal(&pos, e.bm[k]);
            if (!ok) bad++;
        }
    }
    CHECK(bad == 0, "fuzz: %d bad results out of %d", bad, ROUNDS);
    CHECK(results[0] > 1000 && results[2] > 100, "fuzz: %d errors, %d blank, %d entries", results[0], results[1],
          results[2]);
}

/* ------------------------------------------------------------------------ */
/* The real suites                                                          */
/* ------------------------------------------------------------------------ */

static void test_real_suites(void)
{
    EpdSuite suite;
    char err[512] = "";
    int r = epd_load(XQ, "positions/xiangqi/bench.epd", &suite, err, sizeof err);
    CHECK(r == 0 && suite.count == 30, "bench.epd: %d, %d entries %s", r, suite.count, err);
    CHECK(r == 0 && strcmp(suite.entries[0].id, "bench-opening-1") == 0 &&
              strcmp(suite.entries[0].fen, "r1b1kabnr/4a4/1cn6/p1p1p1p1p/9/2P6/P3P1c1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1") == 0,
          "bench.epd first entry");
    epd_free(&suite);

    r = epd_load(XQ, "positions/xiangqi/mates.epd", &suite, err, sizeof err);
    CHECK(r == 0 && suite.count == 26, "mates.epd: %d, %d entries %s", r, suite.count, err);
    int with_dm_and_bm = 0;
    for (int i = 0; r == 0 && i < suite.count; i++) with_dm_and_bm += suite.entries[i].dm > 0 && suite.entries[i].nbm > 0;
    CHECK(with_dm_and_bm == 26, "mates with dm and bm: %d", with_dm_and_bm);
    CHECK(r == 0 && suite.entries[0].dm == 1 && suite.entries[0].nbm == 1 && suite.entries[0].bm[0] == iccs("c7c8") &&
              strcmp(suite.entries[0].id, "mate1-1") == 0,
          "mates.epd first entry");
    epd_free(&suite);

    r = epd_load(XQ, "positions/xiangqi/perft.epd", &suite, err, sizeof err);
    CHECK(r == 0 && suite.count == 402, "perft.epd: %d, %d entries %s", r, suite.count, err);
    CHECK(r == 0 && strcmp(suite.entries[0].fen, START_BOARD " w - - 0 1") == 0 &&
              strcmp(suite.entries[0].id, "published-1") == 0,
          "perft.epd first entry");
    epd_free(&suite);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_epd_XXXXXX");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    test_perft_style();
    test_standard_style();
    test_quoting_and_unknown_opcodes();
    test_ecco_opcodes();
    test_blank_and_comment_lines();
    test_line_errors();
    test_long_lines_and_small_buffers();
    test_load_good_file();
    test_load_many_entries();
    test_load_errors();
    test_default_id_of_long_path();
    test_fuzz();
    test_real_suites();
    rmdir(tmpdir);
    return TEST_REPORT();
}
