/*
 * test_notation.c - move text: ICCS and Fairy coordinates, WXF and Chinese
 * notation written and read back, tolerant input, errors, and a round-trip
 * property over positions reached by fixed-seed random walks.
 *
 * Every expected text below was worked out by hand from the rules, not by
 * running the code. The reasoning used throughout:
 *   Red counts files from its right: a=9 b=8 c=7 d=6 e=5 f=4 g=3 h=2 i=1,
 *   forward is up (+rank), its front piece is the one with the higher rank.
 *   Black sits at the top facing down, so its right hand is on file a:
 *   a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9, forward is down (-rank), its front
 *   piece is the one with the lower rank.
 *   K R C P going forward/back give the number of ranks; A E H give the
 *   target file; sideways moves give the target file.
 */
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "notation.h"
#include "testhelp.h"

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* The square "h2" (file letter, ICCS rank digit), computed without notation.c. */
static int square_of(const char *s)
{
    return SQ(s[0] - 'a', s[1] - '0');
}

static Move move_of(const char *iccs)
{
    return MOVE(square_of(iccs), square_of(iccs + 2));
}

/* Loads fen into the one test position (a Position is large: keep it static). */
static Position *load(const char *fen)
{
    static Position pos;
    char err[128] = "";
    int rc = xq_pos_from_fen(&pos, fen, err, sizeof err);
    CHECK(rc == 0, "test FEN rejected: %s: %s", fen, err);
    return &pos;
}

/* In fen, the move iccs must be written as wxf and chinese, and all three
 * texts (and xq_move_parse_any on them) must read back as that move. */
static void expect_move(const char *fen, const char *iccs, const char *wxf, const char *chinese)
{
    Position *pos = load(fen);
    Move m = move_of(iccs), got = MOVE_NONE;
    char buf[MOVE_TEXT_MAX], err[160] = "";
    CHECK(xq_move_to_text(pos, m, NOTATION_WXF, buf, sizeof buf) == 0 && strcmp(buf, wxf) == 0,
          "%s: %s written as WXF '%s', expected '%s'", fen, iccs, buf, wxf);
    CHECK(xq_move_to_text(pos, m, NOTATION_CHINESE, buf, sizeof buf) == 0 && strcmp(buf, chinese) == 0,
          "%s: %s written as Chinese '%s', expected '%s'", fen, iccs, buf, chinese);
    CHECK(xq_move_parse(pos, wxf, NOTATION_WXF, &got, err, sizeof err) == 0 && got == m,
          "%s: WXF '%s' not read as %s (%s)", fen, wxf, iccs, err);
    CHECK(xq_move_parse(pos, chinese, NOTATION_CHINESE, &got, err, sizeof err) == 0 && got == m,
          "%s: Chinese '%s' not read as %s (%s)", fen, chinese, iccs, err);
    CHECK(xq_move_parse(pos, iccs, NOTATION_ICCS, &got, err, sizeof err) == 0 && got == m,
          "%s: ICCS '%s' not read back (%s)", fen, iccs, err);
    CHECK(xq_move_parse_any(pos, wxf, &got, err, sizeof err) == 0 && got == m, "any: '%s' (%s)", wxf, err);
    CHECK(xq_move_parse_any(pos, chinese, &got, err, sizeof err) == 0 && got == m, "any: '%s' (%s)", chinese, err);
}

/* In fen, text in notation n must read as the move iccs. */
static void expect_parse(const char *fen, Notation n, const char *text, const char *iccs)
{
    Position *pos = load(fen);
    Move got = MOVE_NONE;
    char err[160] = "";
    CHECK(xq_move_parse(pos, text, n, &got, err, sizeof err) == 0 && got == move_of(iccs),
          "%s: '%s' should read as %s (%s)", fen, text, iccs, err);
}

/* In fen, text in notation n must be refused with a reason starting with
 * prefix, on one line. */
static void expect_error(const char *fen, Notation n, const char *text, const char *prefix)
{
    Position *pos = load(fen);
    Move got = MOVE_NONE;
    char err[160] = "";
    int rc = xq_move_parse(pos, text, n, &got, err, sizeof err);
    CHECK(rc == -1 && strncmp(err, prefix, strlen(prefix)) == 0 && !strchr(err, '\n'),
          "%s: '%s' gave rc %d, err '%s', expected '%s...'", fen, text, rc, err, prefix);
}

/* ------------------------------------------------------------------------ */
/* Positions                                                                */
/* ------------------------------------------------------------------------ */

/* The start position, and the same after Red's h2e2 (Black to move). */
static const char START[] = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
static const char AFTER_H2E2[] = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b";

/* Red tandems: chariots a5 (front) and a1 (rear) on file 9, cannons h5 and
 * h2 on file 2, horses c4 and c2 on file 7. Kings e0 and f9. */
static const char RED_TANDEM[] = "5k3/9/9/9/R6C1/2N6/9/2N4C1/R8/4K4 w";

/* Black tandems: chariots i4 (front, nearer Red) and i8 on file 9, cannons
 * b3 (front) and b7 on file 2, horses g5 (front) and g7 on file 7. Kings e9
 * and d0. */
static const char BLACK_TANDEM[] = "4k4/8r/1c4n2/9/6n2/8r/1c7/9/9/3K5 b";

/* Red advisors d2 (front) and d0 on file 6, elephants c4 (front) and c0 on
 * file 7; kings e0 and f9. Black advisors f7 (front) and f9 on file 6,
 * elephants g5 (front) and g9 on file 7; kings d9 and e0. */
static const char RED_ADVISORS[] = "5k3/9/9/9/9/2B6/9/3A5/9/2BAK4 w";
static const char BLACK_ADVISORS[] = "3k1ab2/9/5a3/9/6b2/9/9/9/9/4K4 b";

/* Red pawns e7, e6, e5 (three on file 5) and a6; kings d0 and f9. */
static const char RED_THREE_PAWNS[] = "5k3/9/4P4/P3P4/4P4/9/9/9/9/3K5 w";
/* Black pawns e2 (front), e3, e4 on file 5; kings f9 and d0. */
static const char BLACK_THREE_PAWNS[] = "5k3/9/9/9/9/4p4/4p4/4p4/9/3K5 b";
/* Red pawns c8, c7, c6, c5: four on file 7; kings e0 and d9. */
static const char RED_FOUR_PAWNS[] = "3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w";
/* Black pawns g0 (front) .. g4: five on file 7; kings d9 and e0. */
static const char BLACK_FIVE_PAWNS[] = "3k5/9/9/9/9/6p2/6p2/6p2/6p2/4K1p2 b";
/* Red pawns g7, g6, g5 (file 3) and c6, c5 (file 7); kings e0 and d9. */
static const char RED_TWO_FILES[] = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w";
/* Black pawns c3 (front), c4 on file 3 and g3 (front), g4 on file 7;
 * kings e9 and d0. */
static const char BLACK_TWO_FILES[] = "4k4/9/9/9/9/2p3p2/2p3p2/9/9/3K5 b";
/* Generals off their back ranks: Red d1, Black e8. Red also has a pawn on i6. */
static const char KINGS_UP[] = "9/4k4/9/8P/9/9/9/9/3K5/9 w";

/* ------------------------------------------------------------------------ */
/* Coordinates                                                              */
/* ------------------------------------------------------------------------ */

static void test_coordinates_write(void)
{
    char buf[MOVE_TEXT_MAX];
    xq_move_to_iccs(move_of("h2e2"), buf);
    CHECK(strcmp(buf, "h2e2") == 0, "iccs h2e2: %s", buf);
    xq_move_to_iccs(move_of("a0a9"), buf);
    CHECK(strcmp(buf, "a0a9") == 0, "iccs a0a9: %s", buf);
    xq_move_to_iccs(MOVE_NONE, buf);
    CHECK(strcmp(buf, "0000") == 0, "iccs of MOVE_NONE: %s", buf);
    xq_move_to_fairy(MOVE_NONE, buf);
    CHECK(strcmp(buf, "0000") == 0, "fairy of MOVE_NONE: %s", buf);
    /* Fairy ranks are ICCS ranks + 1. */
    xq_move_to_fairy(move_of("h2e2"), buf);
    CHECK(strcmp(buf, "h3e3") == 0, "fairy h2e2: %s", buf);
    xq_move_to_fairy(move_of("b2b9"), buf);
    CHECK(strcmp(buf, "b3b10") == 0, "fairy b2b9: %s", buf);
    xq_move_to_fairy(move_of("i9i0"), buf);
    CHECK(strcmp(buf, "i10i1") == 0, "fairy i9i0: %s", buf);
}

static void test_coordinates_read(void)
{
    expect_parse(START, NOTATION_ICCS, "h2e2", "h2e2");
    expect_parse(START, NOTATION_ICCS, "H2E2", "h2e2");
    expect_parse(START, NOTATION_ICCS, "h2-e2", "h2e2");
    expect_parse(START, NOTATION_ICCS, "  h0g2\n", "h0g2");
    expect_parse(START, NOTATION_FAIRY, "h3e3", "h2e2");
    expect_parse(START, NOTATION_FAIRY, "b3b10", "b2b9"); /* cannon takes the horse */
    expect_parse(START, NOTATION_FAIRY, "B3-B10", "b2b9");
    expect_parse(AFTER_H2E2, NOTATION_FAIRY, "h10g8", "h9g7");

    expect_error(START, NOTATION_ICCS, "h2e3", "no legal move");
    expect_error(START, NOTATION_ICCS, "h2h7", "no legal move"); /* cannon cannot take its screen */
    expect_error(START, NOTATION_ICCS, "e6e5", "no legal move"); /* Black's pawn, Red to move */
    expect_error(START, NOTATION_ICCS, "h2e", "malformed");
    expect_error(START, NOTATION_ICCS, "j2e2", "malformed");
    expect_error(START, NOTATION_ICCS, "h2e2e", "malformed");
    expect_error(START, NOTATION_ICCS, "h2--e2", "malformed");
    expect_error(START, NOTATION_ICCS, "h2 e2", "malformed");
    expect_error(START, NOTATION_ICCS, "", "malformed");
    expect_error(START, NOTATION_ICCS, NULL, "malformed");
    expect_error(START, NOTATION_FAIRY, "h2e11", "malformed");
    expect_error(START, NOTATION_FAIRY, "h0e0", "malformed");
    expect_error(START, NOTATION_FAIRY, "h03e3", "malformed");
    expect_error(START, NOTATION_FAIRY, "h3e4", "no legal move");
}

static void test_move_to_text_errors(void)
{
    Position *pos = load(START);
    char buf[MOVE_TEXT_MAX] = "junk";
    /* h2h7 would take the screen; MOVE_NONE is no move at all. */
    CHECK(xq_move_to_text(pos, move_of("h2h7"), NOTATION_WXF, buf, sizeof buf) == -1 && buf[0] == '\0',
          "illegal move must give -1 and an empty string, got '%s'", buf);
    strcpy(buf, "junk");
    CHECK(xq_move_to_text(pos, MOVE_NONE, NOTATION_ICCS, buf, sizeof buf) == -1 && buf[0] == '\0',
          "MOVE_NONE must give -1 and an empty string, got '%s'", buf);
    CHECK(xq_move_to_text(pos, move_of("h2e2"), NOTATION_WXF, buf, 4) == -1 && buf[0] == '\0',
          "a buffer too small for 'C2.5' must give -1");
    CHECK(xq_move_to_text(pos, move_of("h2e2"), NOTATION_WXF, buf, 5) == 0 && strcmp(buf, "C2.5") == 0,
          "five bytes hold 'C2.5': '%s'", buf);
    CHECK(xq_move_to_text(pos, move_of("h2e2"), NOTATION_FAIRY, buf, sizeof buf) == 0 && strcmp(buf, "h3e3") == 0,
          "fairy via xq_move_to_text: '%s'", buf);
    CHECK(xq_move_to_text(pos, move_of("h2e2"), NOTATION_ICCS, buf, sizeof buf) == 0 && strcmp(buf, "h2e2") == 0,
          "iccs via xq_move_to_text: '%s'", buf);
    char fen_before[128], fen_after[128];
    xq_pos_to_fen(pos, fen_before, sizeof fen_before);
    xq_move_to_text(pos, move_of("h0g2"), NOTATION_CHINESE, buf, sizeof buf);
    xq_pos_to_fen(pos, fen_after, sizeof fen_after);
    CHECK(strcmp(fen_before, fen_after) == 0 && pos->ply == 0, "xq_move_to_text must restore pos");
}

/* ------------------------------------------------------------------------ */
/* The start position                                                       */
/* ------------------------------------------------------------------------ */

static void test_start_red(void)
{
    /* Cannon h=2 sideways to e=5. */
    expect_move(START, "h2e2", "C2.5", "炮二平五");
    /* Cannon b=8 sideways to e=5. */
    expect_move(START, "b2e2", "C8.5", "炮八平五");
    /* Horse h=2 forward to g=3; horse b=8 forward to c=7. */
    expect_move(START, "h0g2", "H2+3", "马二进三");
    expect_move(START, "b0c2", "H8+7", "马八进七");
    /* Horse h0 to i2: forward to i=1. */
    expect_move(START, "h0i2", "H2+1", "马二进一");
    /* Chariot i=1 forward 2 ranks; chariot a=9 forward 1. */
    expect_move(START, "i0i2", "R1+2", "车一进二");
    expect_move(START, "a0a1", "R9+1", "车九进一");
    /* Elephants g=3 and c=7 forward to e=5. */
    expect_move(START, "g0e2", "E3+5", "相三进五");
    expect_move(START, "c0e2", "E7+5", "相七进五");
    expect_move(START, "c0a2", "E7+9", "相七进九");
    /* Advisors f=4 and d=6 forward to e=5. */
    expect_move(START, "f0e1", "A4+5", "仕四进五");
    expect_move(START, "d0e1", "A6+5", "仕六进五");
    /* General e=5 forward 1. */
    expect_move(START, "e0e1", "K5+1", "帅五进一");
    /* Pawns g=3 and c=7 forward 1. */
    expect_move(START, "g3g4", "P3+1", "兵三进一");
    expect_move(START, "c3c4", "P7+1", "兵七进一");
    /* Cannons: h2 over the h7 screen takes h9 (7 ranks); b2 takes b9;
     * h2 forward 4 to h6; h2 back 1 to h1; h2 sideways to i=1. */
    expect_move(START, "h2h9", "C2+7", "炮二进七");
    expect_move(START, "b2b9", "C8+7", "炮八进七");
    expect_move(START, "h2h6", "C2+4", "炮二进四");
    expect_move(START, "h2h1", "C2-1", "炮二退一");
    expect_move(START, "h2i2", "C2.1", "炮二平一");
    /* Chariot a0 back? No: nothing behind the back rank. It goes a0a2 = 2. */
    expect_move(START, "a0a2", "R9+2", "车九进二");
}

static void test_start_black(void)
{
    /* Horse h=8 forward to g=7; horse b=2 forward to c=3. */
    expect_move(AFTER_H2E2, "h9g7", "H8+7", "马8进7");
    expect_move(AFTER_H2E2, "b9c7", "H2+3", "马2进3");
    /* Cannons b=2 and h=8 sideways to e=5. */
    expect_move(AFTER_H2E2, "b7e7", "C2.5", "炮2平5");
    expect_move(AFTER_H2E2, "h7e7", "C8.5", "炮8平5");
    /* Chariot a=1 forward (down) 1; chariot i=9 forward 2. */
    expect_move(AFTER_H2E2, "a9a8", "R1+1", "车1进1");
    expect_move(AFTER_H2E2, "i9i7", "R9+2", "车9进2");
    /* Elephants c=3 and g=7 forward to e=5. */
    expect_move(AFTER_H2E2, "c9e7", "E3+5", "象3进5");
    expect_move(AFTER_H2E2, "g9e7", "E7+5", "象7进5");
    /* Advisors d=4 and f=6 forward to e=5. */
    expect_move(AFTER_H2E2, "d9e8", "A4+5", "士4进5");
    expect_move(AFTER_H2E2, "f9e8", "A6+5", "士6进5");
    /* General e=5 forward 1. */
    expect_move(AFTER_H2E2, "e9e8", "K5+1", "将5进1");
    /* Pawns c=3 and g=7 forward 1. */
    expect_move(AFTER_H2E2, "c6c5", "P3+1", "卒3进1");
    expect_move(AFTER_H2E2, "g6g5", "P7+1", "卒7进1");
    /* Cannon b7 over the b2 screen takes the horse on b0: 7 ranks. Cannon
     * h7 has no screen on file h now (h2 left), so it can run to h1: 6. */
    expect_move(AFTER_H2E2, "b7b0", "C2+7", "炮2进7");
    expect_move(AFTER_H2E2, "h7h1", "C8+6", "炮8进6");
    /* Cannon h7 back 1 to h8. */
    expect_move(AFTER_H2E2, "h7h8", "C8-1", "炮8退1");
}

/* ------------------------------------------------------------------------ */
/* Tandem pieces                                                            */
/* ------------------------------------------------------------------------ */

static void test_red_tandems(void)
{
    /* Chariots on file 9: a5 is the front one, a1 the rear. */
    expect_move(RED_TANDEM, "a5a9", "R++4", "前车进四");
    expect_move(RED_TANDEM, "a5d5", "R+.6", "前车平六");
    expect_move(RED_TANDEM, "a5a4", "R+-1", "前车退一");
    expect_move(RED_TANDEM, "a1a3", "R-+2", "后车进二");
    expect_move(RED_TANDEM, "a1a0", "R--1", "后车退一");
    expect_move(RED_TANDEM, "a1e1", "R-.5", "后车平五");
    /* Cannons on file 2: h5 front, h2 rear. h5 back stops before h2. */
    expect_move(RED_TANDEM, "h5h9", "C++4", "前炮进四");
    expect_move(RED_TANDEM, "h5e5", "C+.5", "前炮平五");
    expect_move(RED_TANDEM, "h5h3", "C+-2", "前炮退二");
    expect_move(RED_TANDEM, "h2h4", "C-+2", "后炮进二");
    expect_move(RED_TANDEM, "h2h0", "C--2", "后炮退二");
    expect_move(RED_TANDEM, "h2e2", "C-.5", "后炮平五");
    /* Horses on file 7: c4 front, c2 rear; targets are files. */
    expect_move(RED_TANDEM, "c4d6", "H++6", "前马进六");
    expect_move(RED_TANDEM, "c4b6", "H++8", "前马进八");
    expect_move(RED_TANDEM, "c4e5", "H++5", "前马进五");
    expect_move(RED_TANDEM, "c4e3", "H+-5", "前马退五");
    expect_move(RED_TANDEM, "c4a3", "H+-9", "前马退九");
    expect_move(RED_TANDEM, "c2d4", "H-+6", "后马进六");
    expect_move(RED_TANDEM, "c2e3", "H-+5", "后马进五");
    expect_move(RED_TANDEM, "c2e1", "H--5", "后马退五");
    expect_move(RED_TANDEM, "c2d0", "H--6", "后马退六");
    /* General e=5: up one, or sideways to d=6; f0 would face the king on f9. */
    expect_move(RED_TANDEM, "e0e1", "K5+1", "帅五进一");
    expect_move(RED_TANDEM, "e0d0", "K5.6", "帅五平六");
}

static void test_black_tandems(void)
{
    /* Chariots on file 9: i4 front (nearer Red), i8 rear. */
    expect_move(BLACK_TANDEM, "i4i0", "R++4", "前车进4");
    expect_move(BLACK_TANDEM, "i4i5", "R+-1", "前车退1");
    expect_move(BLACK_TANDEM, "i4e4", "R+.5", "前车平5");
    expect_move(BLACK_TANDEM, "i8i9", "R--1", "后车退1");
    expect_move(BLACK_TANDEM, "i8i5", "R-+3", "后车进3");
    expect_move(BLACK_TANDEM, "i8a8", "R-.1", "后车平1");
    /* Cannons on file 2: b3 front, b7 rear. */
    expect_move(BLACK_TANDEM, "b3b0", "C++3", "前炮进3");
    expect_move(BLACK_TANDEM, "b3e3", "C+.5", "前炮平5");
    expect_move(BLACK_TANDEM, "b7b8", "C--1", "后炮退1");
    expect_move(BLACK_TANDEM, "b7b9", "C--2", "后炮退2");
    expect_move(BLACK_TANDEM, "b7b4", "C-+3", "后炮进3");
    expect_move(BLACK_TANDEM, "b7e7", "C-.5", "后炮平5");
    /* Horses on file 7: g5 front, g7 rear. */
    expect_move(BLACK_TANDEM, "g5h3", "H++8", "前马进8");
    expect_move(BLACK_TANDEM, "g5f3", "H++6", "前马进6");
    expect_move(BLACK_TANDEM, "g5e4", "H++5", "前马进5");
    expect_move(BLACK_TANDEM, "g5e6", "H+-5", "前马退5");
    expect_move(BLACK_TANDEM, "g5h7", "H+-8", "前马退8");
    expect_move(BLACK_TANDEM, "g5i6", "H+-9", "前马退9");
    expect_move(BLACK_TANDEM, "g7f5", "H-+6", "后马进6");
    expect_move(BLACK_TANDEM, "g7e6", "H-+5", "后马进5");
    expect_move(BLACK_TANDEM, "g7i6", "H-+9", "后马进9");
    expect_move(BLACK_TANDEM, "g7h9", "H--8", "后马退8");
    expect_move(BLACK_TANDEM, "g7e8", "H--5", "后马退5");
    /* General e=5: forward (down) 1 or sideways to f=6; d9 faces d0. */
    expect_move(BLACK_TANDEM, "e9e8", "K5+1", "将5进1");
    expect_move(BLACK_TANDEM, "e9f9", "K5.6", "将5平6");
}

static void test_tandem_input(void)
{
    /* Plain file digits are read when they name exactly one legal move:
     * a1 cannot go forward 4 (a5 blocks), so R9+4 is a5a9. */
    expect_parse(RED_TANDEM, NOTATION_WXF, "R9+4", "a5a9");
    expect_parse(RED_TANDEM, NOTATION_CHINESE, "车九进四", "a5a9");
    /* c2a1 is blocked by Red's own chariot, so H7-9 is c4a3. */
    expect_parse(RED_TANDEM, NOTATION_WXF, "H7-9", "c4a3");
    /* g5i4 lands on Black's own chariot, so H7+9 is g7i6. */
    expect_parse(BLACK_TANDEM, NOTATION_WXF, "H7+9", "g7i6");
    /* Both chariots can go up 1, sideways to e, or back 1. */
    expect_error(RED_TANDEM, NOTATION_WXF, "R9+1", "ambiguous");
    expect_error(RED_TANDEM, NOTATION_WXF, "R9.5", "ambiguous");
    expect_error(RED_TANDEM, NOTATION_WXF, "R9-1", "ambiguous");
    expect_error(RED_TANDEM, NOTATION_CHINESE, "车九进一", "ambiguous");
    /* c4e5 and c2e3 both go forward to file 5; c4e3 and c2e1 both back. */
    expect_error(RED_TANDEM, NOTATION_WXF, "H7+5", "ambiguous");
    expect_error(RED_TANDEM, NOTATION_WXF, "H7-5", "ambiguous");
    expect_error(BLACK_TANDEM, NOTATION_WXF, "H7+5", "ambiguous");
    expect_error(BLACK_TANDEM, NOTATION_CHINESE, "马7退5", "ambiguous");
    /* Nothing goes back 4 on file 9 (a1 is in a5's way, a1 has 1 rank). */
    expect_error(RED_TANDEM, NOTATION_WXF, "R9-4", "no legal move");
    /* The marker names no piece when only one stands on the file. */
    expect_error(START, NOTATION_WXF, "R++1", "no legal move");
    expect_error(START, NOTATION_CHINESE, "前车进一", "no legal move");
    /* Tolerated: marker before the letter, '=' for '.', B and N letters. */
    expect_parse(RED_TANDEM, NOTATION_WXF, "+C.5", "h5e5");
    expect_parse(RED_TANDEM, NOTATION_WXF, "-R=5", "a1e1");
    expect_parse(RED_TANDEM, NOTATION_WXF, "n++6", "c4d6");
    expect_parse(RED_TANDEM, NOTATION_WXF, "r--1", "a1a0");
    /* 後 and 車 for the rear chariot. */
    expect_parse(BLACK_TANDEM, NOTATION_CHINESE, "後車退1", "i8i9");
    expect_parse(BLACK_TANDEM, NOTATION_CHINESE, "后俥退一", "i8i9");
    /* The general cannot step onto an open file facing the other general. */
    expect_error(RED_TANDEM, NOTATION_WXF, "K5.4", "no legal move");
    expect_error(BLACK_TANDEM, NOTATION_WXF, "K5.4", "no legal move");
}

/* ------------------------------------------------------------------------ */
/* Advisors, elephants, generals                                            */
/* ------------------------------------------------------------------------ */

static void test_advisors_elephants(void)
{
    /* Red advisors d2 (front) and d0 on file 6 both reach e1 = file 5. */
    expect_move(RED_ADVISORS, "d2e1", "A+-5", "前仕退五");
    expect_move(RED_ADVISORS, "d0e1", "A-+5", "后仕进五");
    /* Red elephants c4 (front) and c0 on file 7 both reach e2 and a2. */
    expect_move(RED_ADVISORS, "c4e2", "E+-5", "前相退五");
    expect_move(RED_ADVISORS, "c4a2", "E+-9", "前相退九");
    expect_move(RED_ADVISORS, "c0e2", "E-+5", "后相进五");
    expect_move(RED_ADVISORS, "c0a2", "E-+9", "后相进九");
    expect_move(RED_ADVISORS, "e0e1", "K5+1", "帅五进一");
    /* The file-digit form is read when one legal move fits. */
    expect_parse(RED_ADVISORS, NOTATION_WXF, "A6+5", "d0e1");
    expect_parse(RED_ADVISORS, NOTATION_WXF, "A6-5", "d2e1");
    expect_parse(RED_ADVISORS, NOTATION_WXF, "E7+5", "c0e2");
    expect_parse(RED_ADVISORS, NOTATION_WXF, "E7-9", "c4a2");
    expect_parse(RED_ADVISORS, NOTATION_WXF, "B7+9", "c0a2");
    expect_parse(RED_ADVISORS, NOTATION_CHINESE, "仕六进五", "d0e1");
    expect_parse(RED_ADVISORS, NOTATION_CHINESE, "相七退五", "c4e2");
    expect_parse(RED_ADVISORS, NOTATION_CHINESE, "象七进九", "c0a2");
    /* e0f0 would open file f to the king on f9. */
    expect_error(RED_ADVISORS, NOTATION_WXF, "K5.4", "no legal move");

    /* Black advisors f7 (front) and f9 on file 6 both reach e8 = file 5. */
    expect_move(BLACK_ADVISORS, "f7e8", "A+-5", "前士退5");
    expect_move(BLACK_ADVISORS, "f9e8", "A-+5", "后士进5");
    /* Black elephants g5 (front) and g9 on file 7 reach e7 and i7. */
    expect_move(BLACK_ADVISORS, "g5e7", "E+-5", "前象退5");
    expect_move(BLACK_ADVISORS, "g5i7", "E+-9", "前象退9");
    expect_move(BLACK_ADVISORS, "g9e7", "E-+5", "后象进5");
    expect_move(BLACK_ADVISORS, "g9i7", "E-+9", "后象进9");
    /* Black general d=4 forward 1; d9e9 would face the king on e0. */
    expect_move(BLACK_ADVISORS, "d9d8", "K4+1", "将4进1");
    expect_error(BLACK_ADVISORS, NOTATION_WXF, "K4.5", "no legal move");
    expect_parse(BLACK_ADVISORS, NOTATION_WXF, "A6+5", "f9e8");
    expect_parse(BLACK_ADVISORS, NOTATION_CHINESE, "象7退9", "g5i7");
}

static void test_generals(void)
{
    /* Red general on d1 = file 6, back 1 or forward 1. */
    expect_move(KINGS_UP, "d1d0", "K6-1", "帅六退一");
    expect_move(KINGS_UP, "d1d2", "K6+1", "帅六进一");
    /* d1e1 would face e8 on the open e file. */
    expect_error(KINGS_UP, NOTATION_CHINESE, "帅六平五", "no legal move");
    expect_parse(KINGS_UP, NOTATION_CHINESE, "帥六退一", "d1d0");
    /* Red pawn i6 (file 1) forward 1 and sideways to h (2). */
    expect_move(KINGS_UP, "i6i7", "P1+1", "兵一进一");
    expect_move(KINGS_UP, "i6h6", "P1.2", "兵一平二");
    /* Black to move in the same set-up: e8 back to e9, forward to e7,
     * sideways to f8 (6); d8 would face d1. */
    expect_move("9/4k4/9/8P/9/9/9/9/3K5/9 b", "e8e9", "K5-1", "将5退1");
    expect_move("9/4k4/9/8P/9/9/9/9/3K5/9 b", "e8e7", "K5+1", "将5进1");
    expect_move("9/4k4/9/8P/9/9/9/9/3K5/9 b", "e8f8", "K5.6", "将5平6");
    expect_error("9/4k4/9/8P/9/9/9/9/3K5/9 b", NOTATION_WXF, "K5.4", "no legal move");
}

/* ------------------------------------------------------------------------ */
/* Pawns                                                                    */
/* ------------------------------------------------------------------------ */

static void test_three_pawns(void)
{
    /* Red e7 front, e6 middle, e5 rear on file 5. */
    expect_move(RED_THREE_PAWNS, "e7e8", "P++1", "前兵进一");
    expect_move(RED_THREE_PAWNS, "e7d7", "P+.6", "前兵平六");
    expect_move(RED_THREE_PAWNS, "e7f7", "P+.4", "前兵平四");
    expect_move(RED_THREE_PAWNS, "e6d6", "P5.6", "中兵平六");
    expect_move(RED_THREE_PAWNS, "e6f6", "P5.4", "中兵平四");
    expect_move(RED_THREE_PAWNS, "e5d5", "P-.6", "后兵平六");
    expect_move(RED_THREE_PAWNS, "e5f5", "P-.4", "后兵平四");
    expect_move(RED_THREE_PAWNS, "a6a7", "P9+1", "兵九进一");
    expect_move(RED_THREE_PAWNS, "a6b6", "P9.8", "兵九平八");
    /* WXF's digit form names the middle pawn; e6 forward is blocked. */
    expect_error(RED_THREE_PAWNS, NOTATION_WXF, "P5+1", "no legal move");
    /* Chinese without a marker does not single one out: three fit. */
    expect_error(RED_THREE_PAWNS, NOTATION_CHINESE, "兵五平六", "ambiguous");
    /* ...but 兵五进一 does: only e7 can go forward. */
    expect_parse(RED_THREE_PAWNS, NOTATION_CHINESE, "兵五进一", "e7e8");
    /* Ordinals are also read for three: 二兵 is the middle one. */
    expect_parse(RED_THREE_PAWNS, NOTATION_CHINESE, "二兵平四", "e6f6");
    expect_parse(RED_THREE_PAWNS, NOTATION_CHINESE, "三兵平四", "e5f5");
    expect_error(RED_THREE_PAWNS, NOTATION_CHINESE, "四兵平四", "no legal move");

    /* Black e2 front, e3 middle, e4 rear on file 5. */
    expect_move(BLACK_THREE_PAWNS, "e2d2", "P+.4", "前卒平4");
    expect_move(BLACK_THREE_PAWNS, "e2e1", "P++1", "前卒进1");
    expect_move(BLACK_THREE_PAWNS, "e3f3", "P5.6", "中卒平6");
    expect_move(BLACK_THREE_PAWNS, "e4d4", "P-.4", "后卒平4");
    expect_parse(BLACK_THREE_PAWNS, NOTATION_CHINESE, "中兵平６", "e3f3");
}

static void test_four_five_pawns(void)
{
    /* Red c8, c7, c6, c5 on file 7: ++, P+, P-, --; 一兵..四兵. */
    expect_move(RED_FOUR_PAWNS, "c8c9", "+++1", "一兵进一");
    expect_move(RED_FOUR_PAWNS, "c8b8", "++.8", "一兵平八");
    expect_move(RED_FOUR_PAWNS, "c8d8", "++.6", "一兵平六");
    expect_move(RED_FOUR_PAWNS, "c7b7", "P+.8", "二兵平八");
    expect_move(RED_FOUR_PAWNS, "c7d7", "P+.6", "二兵平六");
    expect_move(RED_FOUR_PAWNS, "c6b6", "P-.8", "三兵平八");
    expect_move(RED_FOUR_PAWNS, "c5b5", "--.8", "四兵平八");
    expect_move(RED_FOUR_PAWNS, "c5d5", "--.6", "四兵平六");
    /* 前兵 / 后兵 are read as the foremost / rearmost. */
    expect_parse(RED_FOUR_PAWNS, NOTATION_CHINESE, "前兵平八", "c8b8");
    expect_parse(RED_FOUR_PAWNS, NOTATION_CHINESE, "后兵平六", "c5d5");
    /* No middle among four. */
    expect_error(RED_FOUR_PAWNS, NOTATION_CHINESE, "中兵平八", "no legal move");
    expect_error(RED_FOUR_PAWNS, NOTATION_WXF, "77.8", "no legal move");
    /* The file digit alone fits all four sideways moves to b. */
    expect_error(RED_FOUR_PAWNS, NOTATION_WXF, "P7.8", "ambiguous");

    /* Black g0 (front) .. g4 on file 7: ++, P+, P7, P-, --; 一卒..五卒. */
    expect_move(BLACK_FIVE_PAWNS, "g0f0", "++.6", "一卒平6");
    expect_move(BLACK_FIVE_PAWNS, "g0h0", "++.8", "一卒平8");
    expect_move(BLACK_FIVE_PAWNS, "g1f1", "P+.6", "二卒平6");
    expect_move(BLACK_FIVE_PAWNS, "g2f2", "P7.6", "三卒平6");
    expect_move(BLACK_FIVE_PAWNS, "g2h2", "P7.8", "三卒平8");
    expect_move(BLACK_FIVE_PAWNS, "g3h3", "P-.8", "四卒平8");
    expect_move(BLACK_FIVE_PAWNS, "g4f4", "--.6", "五卒平6");
    expect_parse(BLACK_FIVE_PAWNS, NOTATION_CHINESE, "中卒平8", "g2h2");
    expect_parse(BLACK_FIVE_PAWNS, NOTATION_WXF, "77.8", "g2h2");
    expect_error(BLACK_FIVE_PAWNS, NOTATION_CHINESE, "六卒平8", "malformed");
}

static void test_pawns_on_two_files(void)
{
    /* Red: file 3 holds g7, g6, g5; file 7 holds c6, c5. */
    expect_move(RED_TWO_FILES, "g7f7", "3+.4", "前兵三平四");
    expect_move(RED_TWO_FILES, "g6f6", "33.4", "中兵三平四");
    expect_move(RED_TWO_FILES, "g5f5", "3-.4", "后兵三平四");
    expect_move(RED_TWO_FILES, "g7g8", "3++1", "前兵三进一");
    expect_move(RED_TWO_FILES, "c6d6", "7+.6", "前兵七平六");
    expect_move(RED_TWO_FILES, "c6c7", "7++1", "前兵七进一");
    expect_move(RED_TWO_FILES, "c5d5", "7-.6", "后兵七平六");
    expect_move(RED_TWO_FILES, "c5b5", "7-.8", "后兵七平八");
    /* Without the file: read when one move fits, else ambiguous. */
    expect_parse(RED_TWO_FILES, NOTATION_WXF, "P+.4", "g7f7");
    expect_parse(RED_TWO_FILES, NOTATION_CHINESE, "前兵平六", "c6d6");
    expect_parse(RED_TWO_FILES, NOTATION_WXF, "P3.4", "g6f6"); /* the middle of three */
    expect_error(RED_TWO_FILES, NOTATION_WXF, "P++1", "ambiguous");
    expect_error(RED_TWO_FILES, NOTATION_CHINESE, "前兵进一", "ambiguous");
    /* File 7 has two pawns: no middle one. */
    expect_error(RED_TWO_FILES, NOTATION_WXF, "77.6", "no legal move");

    /* Black: file 3 holds c3 (front), c4; file 7 holds g3 (front), g4. */
    expect_move(BLACK_TWO_FILES, "c3d3", "3+.4", "前卒3平4");
    expect_move(BLACK_TWO_FILES, "c4d4", "3-.4", "后卒3平4");
    expect_move(BLACK_TWO_FILES, "g3g2", "7++1", "前卒7进1");
    expect_move(BLACK_TWO_FILES, "g4h4", "7-.8", "后卒7平8");
    expect_parse(BLACK_TWO_FILES, NOTATION_CHINESE, "後卒三平四", "c4d4");
}

/* ------------------------------------------------------------------------ */
/* Tolerant input and malformed text                                        */
/* ------------------------------------------------------------------------ */

static void test_tolerant_input(void)
{
    /* Case, '=' and letters B/N in WXF. */
    expect_parse(START, NOTATION_WXF, "c2.5", "h2e2");
    expect_parse(START, NOTATION_WXF, "C2=5", "h2e2");
    expect_parse(START, NOTATION_WXF, " C2.5 \n", "h2e2");
    expect_parse(START, NOTATION_WXF, "\xE3\x80\x80" "C2.5" "\xE3\x80\x80", "h2e2"); /* U+3000 around */
    expect_parse(START, NOTATION_ICCS, "h2e2\xE3\x80\x80", "h2e2");
    expect_parse(START, NOTATION_WXF, "n2+3", "h0g2");
    expect_parse(START, NOTATION_WXF, "B3+5", "g0e2");
    expect_parse(START, NOTATION_WXF, "e7+5", "c0e2");
    /* Traditional and variant characters, either colour's character. */
    expect_parse(START, NOTATION_CHINESE, "砲二平五", "h2e2");
    expect_parse(START, NOTATION_CHINESE, "傌二進三", "h0g2");
    expect_parse(START, NOTATION_CHINESE, "馬二进三", "h0g2");
    expect_parse(START, NOTATION_CHINESE, "俥一進二", "i0i2");
    expect_parse(START, NOTATION_CHINESE, "車一进二", "i0i2");
    expect_parse(START, NOTATION_CHINESE, "帥五進一", "e0e1");
    expect_parse(START, NOTATION_CHINESE, "将五进一", "e0e1");
    expect_parse(START, NOTATION_CHINESE, "象三进五", "g0e2");
    expect_parse(START, NOTATION_CHINESE, "士四进五", "f0e1");
    expect_parse(START, NOTATION_CHINESE, "卒七进一", "c3c4");
    /* ASCII and full-width digits for Red, mixed. */
    expect_parse(START, NOTATION_CHINESE, "炮2平5", "h2e2");
    expect_parse(START, NOTATION_CHINESE, "炮２平５", "h2e2");
    expect_parse(START, NOTATION_CHINESE, "炮二平５", "h2e2");
    expect_parse(START, NOTATION_CHINESE, "車１進２", "i0i2");
    expect_parse(START, NOTATION_CHINESE, "相３进５", "g0e2");
    /* Whitespace around (ASCII and U+3000) and inside. */
    expect_parse(START, NOTATION_CHINESE, " \t炮二平五\n", "h2e2");
    expect_parse(START, NOTATION_CHINESE, "\xE3\x80\x80炮二平五\xE3\x80\x80", "h2e2");
    expect_parse(START, NOTATION_CHINESE, "炮二 平五", "h2e2");
}

static void test_tolerant_black(void)
{
    /* Black with Chinese numerals, full-width digits, Red's characters. */
    expect_parse(AFTER_H2E2, NOTATION_CHINESE, "马八进七", "h9g7");
    expect_parse(AFTER_H2E2, NOTATION_CHINESE, "馬8進7", "h9g7");
    expect_parse(AFTER_H2E2, NOTATION_CHINESE, "傌８進７", "h9g7");
    expect_parse(AFTER_H2E2, NOTATION_CHINESE, "將5進1", "e9e8");
    expect_parse(AFTER_H2E2, NOTATION_CHINESE, "帅5进1", "e9e8");
    expect_parse(AFTER_H2E2, NOTATION_CHINESE, "砲8平5", "h7e7");
    expect_parse(AFTER_H2E2, NOTATION_CHINESE, "兵3进1", "c6c5");
    expect_parse(AFTER_H2E2, NOTATION_CHINESE, "相3进5", "c9e7");
    expect_parse(AFTER_H2E2, NOTATION_CHINESE, "仕6进5", "f9e8");
    expect_parse(AFTER_H2E2, NOTATION_WXF, "h8+7", "h9g7");
}

static void test_malformed(void)
{
    static const char *const WXF_BAD[] = {
        "", "   ", "C2", "C2.", "C2.55", "X2.5", "C0.5", "C2.0", "C2*5", "C25",
        "CC.5", "+-.5", "34.4", "2C.5", "炮二平五", "h2e2", "C 2.5",
    };
    static const char *const CHINESE_BAD[] = {
        "", "炮", "炮二平", "炮二平五五", "炮十平五", "二炮", "炮二走五", "前前车进一",
        "车前进一", "进二炮五", "C2.5", "炮二平五x", "\xE7\x82", "炮0平五",
    };
    for (size_t i = 0; i < sizeof WXF_BAD / sizeof WXF_BAD[0]; i++)
        expect_error(START, NOTATION_WXF, WXF_BAD[i], "malformed");
    for (size_t i = 0; i < sizeof CHINESE_BAD / sizeof CHINESE_BAD[0]; i++)
        expect_error(START, NOTATION_CHINESE, CHINESE_BAD[i], "malformed");
    expect_error(START, NOTATION_WXF, NULL, "malformed");
    expect_error(START, NOTATION_CHINESE, NULL, "malformed");
    expect_error(START, (Notation)9, "h2e2", "malformed");

    /* The reason is one line even for text with newlines inside. */
    expect_error(START, NOTATION_WXF, "C2\n.5", "malformed");
    /* Decodable, but no legal move: cannon h2 cannot go sideways to h. */
    expect_error(START, NOTATION_WXF, "C2.2", "no legal move");
    expect_error(START, NOTATION_WXF, "R1+3", "no legal move"); /* i3 pawn blocks */
    expect_error(START, NOTATION_WXF, "K5.4", "no legal move"); /* f0 advisor */
    expect_error(START, NOTATION_CHINESE, "炮五平四", "no legal move");
    /* Reasons are written into small buffers safely. */
    Position *pos = load(START);
    Move got;
    char tiny[8];
    CHECK(xq_move_parse(pos, "R9.5", NOTATION_WXF, &got, tiny, sizeof tiny) == -1 && strlen(tiny) == 7,
          "truncated reason: '%s'", tiny);
    CHECK(xq_move_parse(pos, "R9.5", NOTATION_WXF, &got, NULL, 0) == -1, "err may be NULL");
}

static void test_error_text(void)
{
    Position *pos = load(RED_TANDEM);
    Move got;
    char err[160];
    xq_move_parse(pos, "R9+1", NOTATION_WXF, &got, err, sizeof err);
    /* a5a6 and a1a2 both fit, in generation order. */
    CHECK(strstr(err, "ambiguous: WXF move 'R9+1' matches 2 legal moves (") == err
              && strstr(err, "a5a6") && strstr(err, "a1a2"), "ambiguous reason: %s", err);
}

/* A long text is quoted cut short, between UTF-8 characters. */
static void test_long_text(void)
{
    Position *pos = load(START);
    Move got;
    char text[128] = "", err[200] = "";
    for (int i = 0; i < 20; i++) strcat(text, "炮"); /* 60 bytes, 3 per character */
    CHECK(xq_move_parse(pos, text, NOTATION_CHINESE, &got, err, sizeof err) == -1, "20 cannons are no move");
    /* 40 bytes would split the 14th character: 13 whole ones (39 bytes) are kept. */
    const char *q = strchr(err, '\'');
    const char *end = strstr(err, "...'");
    CHECK(q && end && end - (q + 1) == 39 && strncmp(q + 1, text, 39) == 0, "long text quoted as: %s", err);
}

static void test_parse_any(void)
{
    Position *pos = load(START);
    Move got = MOVE_NONE;
    char err[160] = "";
    CHECK(xq_move_parse_any(pos, "h2e2", &got, err, sizeof err) == 0 && got == move_of("h2e2"), "any iccs");
    CHECK(xq_move_parse_any(pos, "h0-g2", &got, err, sizeof err) == 0 && got == move_of("h0g2"), "any iccs dash");
    CHECK(xq_move_parse_any(pos, "C8.5", &got, err, sizeof err) == 0 && got == move_of("b2e2"), "any wxf");
    CHECK(xq_move_parse_any(pos, "相七进五", &got, err, sizeof err) == 0 && got == move_of("c0e2"), "any chinese");
    CHECK(xq_move_parse_any(pos, " 马八进七 ", &got, err, sizeof err) == 0 && got == move_of("b0c2"), "any chinese ws");
    /* Fairy is never tried: h3e3 is read as ICCS h3e3, not legal. */
    CHECK(xq_move_parse_any(pos, "h3e3", &got, err, sizeof err) == -1 && strncmp(err, "no legal move", 13) == 0,
          "any: h3e3 is ICCS, not Fairy: %s", err);
    CHECK(xq_move_parse_any(pos, "xyz", &got, err, sizeof err) == -1 && strncmp(err, "malformed", 9) == 0,
          "any: malformed: %s", err);
    CHECK(xq_move_parse_any(pos, "h2e3", &got, err, sizeof err) == -1 && strncmp(err, "no legal move", 13) == 0,
          "any: illegal ICCS: %s", err);
    CHECK(xq_move_parse_any(pos, "前车进一", &got, err, sizeof err) == -1 && strncmp(err, "no legal move", 13) == 0,
          "any: chinese no match: %s", err);
    pos = load(RED_TANDEM);
    CHECK(xq_move_parse_any(pos, "R9+1", &got, err, sizeof err) == -1 && strncmp(err, "ambiguous", 9) == 0,
          "any: ambiguous WXF: %s", err);
}

/* ------------------------------------------------------------------------ */
/* Round trip over random walks                                             */
/* ------------------------------------------------------------------------ */

static uint64_t xorshift64(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* Writes move i of list in notation n and reads it back (with xq_move_parse and
 * xq_move_parse_any); returns false and explains in why on the first failure. */
static bool move_round_trips(Position *pos, Move m, Notation n, char *text, char *why, size_t whylen)
{
    Move got = MOVE_NONE, any = MOVE_NONE;
    char err[160] = "", iccs[8];
    xq_move_to_iccs(m, iccs);
    if (xq_move_to_text(pos, m, n, text, MOVE_TEXT_MAX) != 0) {
        snprintf(why, whylen, "%s: xq_move_to_text failed (notation %d)", iccs, (int)n);
        return false;
    }
    if (xq_move_parse(pos, text, n, &got, err, sizeof err) != 0 || got != m) {
        snprintf(why, whylen, "%s -> '%s' -> %s", iccs, text, err);
        return false;
    }
    if (n != NOTATION_FAIRY && (xq_move_parse_any(pos, text, &any, err, sizeof err) != 0 || any != m)) {
        snprintf(why, whylen, "%s -> '%s' -> any: %s", iccs, text, err);
        return false;
    }
    return true;
}

/* Every legal move of pos round-trips in every notation, and no two moves
 * share a WXF or a Chinese text. Returns false with the reason in why. */
static bool position_round_trips(Position *pos, char *why, size_t whylen)
{
    static char texts[4][MAX_MOVES][MOVE_TEXT_MAX];
    Move list[MAX_MOVES];
    int count = xq_gen_legal(pos, list);
    for (int i = 0; i < count; i++)
        for (int n = NOTATION_ICCS; n <= NOTATION_CHINESE; n++)
            if (!move_round_trips(pos, list[i], (Notation)n, texts[n][i], why, whylen)) return false;
    for (int i = 0; i < count; i++) {
        if (strlen(texts[NOTATION_WXF][i]) != 4) {
            snprintf(why, whylen, "WXF '%s' is not 4 characters", texts[NOTATION_WXF][i]);
            return false;
        }
        for (int j = i + 1; j < count; j++)
            for (int n = NOTATION_WXF; n <= NOTATION_CHINESE; n++)
                if (strcmp(texts[n][i], texts[n][j]) == 0) {
                    snprintf(why, whylen, "two moves written '%s'", texts[n][i]);
                    return false;
                }
    }
    return true;
}

/* Walks up to plies random legal moves from fen, checking every position. */
static int walk(const char *fen, uint64_t seed, int plies)
{
    Position *pos = load(fen);
    uint64_t state = seed;
    int checked = 0;
    char why[200] = "", here[128];
    for (int ply = 0; ply <= plies; ply++) {
        xq_pos_to_fen(pos, here, sizeof here);
        CHECK(position_round_trips(pos, why, sizeof why), "%s: %s", here, why);
        checked++;
        Move list[MAX_MOVES];
        int n = xq_gen_legal(pos, list);
        if (n == 0 || ply == plies) break;
        xq_pos_make_move(pos, list[xorshift64(&state) % (uint64_t)n]);
    }
    return checked;
}

static void test_round_trip_walks(void)
{
    static const char *const ROOTS[] = {
        RED_TANDEM, BLACK_TANDEM, RED_ADVISORS, BLACK_ADVISORS, RED_THREE_PAWNS, BLACK_THREE_PAWNS,
        RED_FOUR_PAWNS, BLACK_FIVE_PAWNS, RED_TWO_FILES, BLACK_TWO_FILES, KINGS_UP,
    };
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    int positions = 0;
    for (int i = 0; i < 6; i++) positions += walk(START, xorshift64(&seed), 100);
    for (size_t i = 0; i < sizeof ROOTS / sizeof ROOTS[0]; i++) positions += walk(ROOTS[i], xorshift64(&seed), 30);
    CHECK(positions >= 300, "only %d positions walked", positions);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    test_coordinates_write();
    test_coordinates_read();
    test_move_to_text_errors();
    test_start_red();
    test_start_black();
    test_red_tandems();
    test_black_tandems();
    test_tandem_input();
    test_advisors_elephants();
    test_generals();
    test_three_pawns();
    test_four_five_pawns();
    test_pawns_on_two_files();
    test_tolerant_input();
    test_tolerant_black();
    test_malformed();
    test_error_text();
    test_long_text();
    test_parse_any();
    test_round_trip_walks();
    return TEST_REPORT();
}
