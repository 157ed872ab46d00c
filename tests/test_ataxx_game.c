/*
 * test_ataxx_game.c - Ataxx as the harness sees it (harness/games/ataxx.c
 * through games/game.h): the moves in both notations (UAI's f2, g1e1,
 * 0000; Fairy-Stockfish's P@f2), malformed text told from illegal moves,
 * the position for Fairy-Stockfish, every ending with its reason and
 * result (no pieces, board full, halfmove limit, threefold repetition, the
 * ply limit), the ending in words, the adjudication hooks (material in
 * pieces; "easy fill" found and not found), and the board drawn (exact
 * ASCII lines, the last move's squares and converted pieces marked, every
 * line within RENDER_COLUMNS_MAX columns and RENDER_LINES_COMPACT lines).
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "util/term.h"
#include "testhelp.h"

static const Game *G;

/* A state at text after the moves (space-separated, any notation). */
static GameState *at(const char *text, const char *moves)
{
    GameState *s = game_state_at(G, text ? text : G->start);
    char buf[512], err[200], *save;
    snprintf(buf, sizeof buf, "%s", moves ? moves : "");
    for (char *w = strtok_r(buf, " ", &save); s && w; w = strtok_r(NULL, " ", &save)) {
        MoveCode m;
        int rc = G->parse_move(s, w, NOTATION_ANY, &m, err, sizeof err);
        CHECK(rc == 0, "%s: %s", w, err);
        if (rc == 0) G->play(s, m);
    }
    CHECK(s != NULL, "position %s", text ? text : "start");
    return s;
}

static void test_notation(void)
{
    static const struct {
        const char *text, *uai, *fairy;
    } MOVES[] = {{"f2", "f2", "P@f2"}, {"P@b6", "b6", "P@b6"}, {"g1e1", "g1e1", "g1e1"}, {"a7c5", "a7c5", "a7c5"}};
    int uai = game_notation_by_name(G, "uai"), fairy = game_notation_by_name(G, "fairy");
    CHECK(uai >= 0 && fairy >= 0 && G->record_notation == uai && G->protocol_notation == uai, "notations");
    GameState *s = at(NULL, NULL);
    char out[MOVE_TEXT_BYTES], err[200];
    for (size_t i = 0; i < sizeof MOVES / sizeof *MOVES; i++) {
        MoveCode m = MOVE_CODE_NONE;
        int rc = G->parse_move(s, MOVES[i].text, uai, &m, err, sizeof err);
        CHECK(rc == 0 && G->is_legal(s, m), "%s reads (%s)", MOVES[i].text, err);
        CHECK(G->format_move(s, m, uai, out, sizeof out) == 0 && strcmp(out, MOVES[i].uai) == 0, "%s in UAI: %s",
              MOVES[i].text, out);
        CHECK(G->format_move(s, m, fairy, out, sizeof out) == 0 && strcmp(out, MOVES[i].fairy) == 0,
              "%s in Fairy-Stockfish's: %s", MOVES[i].text, out);
    }
    static const struct {
        const char *text;
        int want;
    } BAD[] = {{"0000", MOVE_ILLEGAL}, {"g1g4", MOVE_ILLEGAL}, {"d4", MOVE_ILLEGAL}, {"a1b1", MOVE_ILLEGAL},
               {"P@d4", MOVE_ILLEGAL},  {"h1", MOVE_MALFORMED},  {"z9", MOVE_MALFORMED}, {"hello", MOVE_MALFORMED},
               {"f2f", MOVE_MALFORMED}, {"", MOVE_MALFORMED}};
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        MoveCode m;
        err[0] = '\0';
        int rc = G->parse_move(s, BAD[i].text, NOTATION_ANY, &m, err, sizeof err);
        CHECK(rc == BAD[i].want && err[0] && !strchr(err, '\n'), "'%s' gives %d (%s), expected %d", BAD[i].text, rc,
              err, BAD[i].want);
    }
    G->state_free(s);
    /* The pass: only when the side has no move; 0000 in UAI, a square of its own twice in FSF. */
    s = at("7/7/7/7/ooo4/ooo4/xoo4 x 0 1", NULL);
    MoveCode list[GAME_MOVES_MAX], m;
    int n = G->legal_moves(s, list);
    CHECK(n == 1 && G->parse_move(s, "0000", NOTATION_ANY, &m, err, sizeof err) == 0 && m == list[0], "the pass");
    CHECK(G->format_move(s, m, uai, out, sizeof out) == 0 && strcmp(out, "0000") == 0, "pass in UAI: %s", out);
    CHECK(G->format_move(s, m, fairy, out, sizeof out) == 0 && strcmp(out, "a1a1") == 0, "pass in FSF: %s", out);
    CHECK(G->format_move(s, 0xFFFFFu, uai, out, sizeof out) == -1 && !out[0], "no text for a non-move");
    G->state_free(s);
}

static void test_engine_position(void)
{
    char out[GAME_TEXT_MAX], err[128] = "";
    CHECK(game_engine_position(G, G->start, "fsf", out, sizeof out, err, sizeof err) == 0
              && strcmp(out, "P5p/7/7/7/7/7/p5P w 0 1") == 0,
          "fsf: %s", out);
    CHECK(game_engine_position(G, "x5o/7/2-1-2/7/2-1-2/7/o5x o 3 7", "fsf", out, sizeof out, err, sizeof err) == 0
              && strcmp(out, "P5p/7/2*1*2/7/2*1*2/7/p5P b 3 7") == 0,
          "fsf with gaps, o to move: %s", out);
    CHECK(game_engine_position(G, G->start, "", out, sizeof out, err, sizeof err) == 0 && strcmp(out, G->start) == 0,
          "as it is: %s", out);
    CHECK(game_engine_position(G, G->start, "he", out, sizeof out, err, sizeof err) == -1
              && strcmp(err, "expected fsf") == 0,
          "he refused: %s", err);
    GameState *s = at("P5p/7/7/7/7/7/p5P w 0 1", NULL);
    G->position_text(s, out, sizeof out);
    CHECK(strcmp(out, G->start) == 0, "FSF's text read, written as UAI's: %s", out);
    G->state_free(s);
}

/* The outcome of text after moves under max_plies: "RESULT REASON (DETAIL)". */
static void expect_outcome(const char *text, const char *moves, int max_plies, const char *want)
{
    GameState *s = at(text, moves);
    GameRules rules = {0, max_plies, 0};
    GameOutcome o = G->outcome(s, &rules);
    char got[200];
    snprintf(got, sizeof got, "%s %s (%s)", game_result_text(o.result), o.reason ? G->reason_name(o.reason) : "-",
             o.detail);
    CHECK(strcmp(got, want) == 0, "%s + %s: '%s', expected '%s'", text ? text : "start", moves ? moves : "", got,
          want);
    G->state_free(s);
}

static void test_outcomes(void)
{
    expect_outcome(NULL, "f2 b2", 0, "* - ()");
    expect_outcome("x6/7/7/7/7/7/7 o 0 1", NULL, 0, "1-0 no pieces (x 1, o 0)");
    expect_outcome("xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo o 0 1", NULL, 0,
                   "1-0 board full (x 25, o 24)");
    expect_outcome("ooooooo/ooooooo/ooooooo/ooooxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1", NULL, 0,
                   "0-1 board full (x 24, o 25)");
    /* The only empty squares are walled off by gaps: no empty square in reach. */
    expect_outcome("xxxx--1/xxxx---/xxxx---/xxxxxxx/ooooooo/ooooooo/ooooooo x 0 1", NULL, 0,
                   "0-1 board full (x 19, o 21)");
    expect_outcome("x5o/7/7/7/7/7/o5x x 99 1", NULL, 0, "* - ()");
    expect_outcome("x5o/7/7/7/7/7/o5x x 99 1", "g1e1", 0, "1/2-1/2 halfmove limit (x 2, o 2)");
    /* Doubles back and forth: the start position the third time after 8 plies. */
    expect_outcome(NULL, "g1e1 a1c1 e1g1 c1a1 g1e1 a1c1 e1g1", 0, "* - ()");
    expect_outcome(NULL, "g1e1 a1c1 e1g1 c1a1 g1e1 a1c1 e1g1 c1a1", 0, "1/2-1/2 threefold repetition (x 2, o 2)");
    expect_outcome(NULL, "f2 b2", 2, "1/2-1/2 max plies (x 3, o 3)");
    expect_outcome(NULL, "f2", 2, "* - ()");
    char text[200];
    GameOutcome o = {RESULT_FIRST_WINS, 2, "x 25, o 24"};
    G->ending_text(o, text, sizeof text);
    CHECK(strcmp(text, "the board is full (x 25, o 24): Black wins") == 0, "ending: %s", text);
    o = (GameOutcome){RESULT_DRAW, 3, "x 2, o 2"};
    G->ending_text(o, text, sizeof text);
    CHECK(strcmp(text, "100 plies without a single (x 2, o 2): draw") == 0, "ending: %s", text);
    CHECK(G->has_draws && strcmp(G->side_name[0], "Black") == 0 && strcmp(G->side_name[1], "White") == 0,
          "Black (x) against White (o), draws");
}

static void test_adjudication(void)
{
    char detail[96];
    GameState *s = at(NULL, "f2 b2 e3");
    CHECK(G->material && G->material(s, 0) == 4 && G->material(s, 1) == 3, "material in pieces");
    CHECK(G->decided && G->decided(s, detail, sizeof detail) == -1, "the game is not decided after 3 plies");
    G->state_free(s);
    /* x on a1, shut in by o: it must pass and cannot stop White filling the board. */
    s = at("7/7/7/7/ooo4/ooo4/xoo4 x 0 1", NULL);
    detail[0] = '\0';
    CHECK(G->decided(s, detail, sizeof detail) == 1, "easy fill: White wins");
    CHECK(strcmp(detail, "easy fill: Black must pass, White fills the board (8 to 1, 40 empty)") == 0, "detail: %s",
          detail);
    G->state_free(s);
    /* The same with White to move: Black is not to move, nothing is decided. */
    s = at("7/7/7/7/ooo4/ooo4/xoo4 o 0 1", NULL);
    CHECK(G->decided(s, detail, sizeof detail) == -1, "easy fill needs the stuck side to move");
    G->state_free(s);
    /* x must pass, but has more pieces than White could ever have. */
    s = at("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/7 x 0 1", NULL);
    CHECK(G->decided(s, detail, sizeof detail) == -1, "no easy fill when the stuck side wins anyway");
    G->state_free(s);
}

typedef struct {
    char *text;
    char *line[40];
    int count;
} Drawing;

static void draw(GameState *s, MoveCode last, const char *how, Drawing *d)
{
    RenderOptions o = {strchr(how, 'a') != NULL, strchr(how, 'c') != NULL, strchr(how, 'f') != NULL, last,
                       strchr(how, 'k') != NULL};
    size_t size;
    FILE *f = open_memstream(&d->text, &size);
    G->render(s, &o, f);
    fclose(f);
    d->count = 0;
    for (char *p = d->text; *p && d->count < 40;) {
        char *nl = strchr(p, '\n');
        d->line[d->count++] = p;
        if (!nl) break;
        *nl = '\0';
        p = nl + 1;
    }
    CHECK(d->count <= RENDER_LINES_COMPACT, "%s: %d lines", how, d->count);
    for (int i = 0; i < d->count; i++)
        CHECK(term_width(d->line[i]) <= RENDER_COLUMNS_MAX, "%s: line %d is %d columns", how, i,
              term_width(d->line[i]));
}

static void test_render(void)
{
    static const char *const START[] = {
        "       a  b  c  d  e  f  g ",    "     +---------------------+", "   7 | x  .  .  .  .  .  o | 7",
        "   6 | .  .  .  .  .  .  . | 6", "   5 | .  .  .  .  .  .  . | 5", "   4 | .  .  .  .  .  .  . | 4",
        "   3 | .  .  .  .  .  .  . | 3", "   2 | .  .  .  .  .  .  . | 2", "   1 | o  .  .  -  .  .  x | 1",
        "     +---------------------+",   "       a  b  c  d  e  f  g ",    "       x Black  o White  - gap",
    };
    GameState *s = at("x5o/7/7/7/7/7/o2-2x x 0 1", NULL);
    Drawing d;
    draw(s, MOVE_CODE_NONE, "a", &d);
    CHECK(d.count == 12, "ascii: 12 lines, got %d", d.count);
    for (int i = 0; i < d.count && i < 12; i++)
        CHECK(strcmp(d.line[i], START[i]) == 0, "ascii line %d: '%s', expected '%s'", i, d.line[i], START[i]);
    free(d.text);
    G->state_free(s);
    /* x's f2 converts o's g2. */
    s = at("x5o/7/7/7/7/6o/6x x 0 1", NULL);
    MoveCode m;
    char err[200];
    CHECK(G->parse_move(s, "f2", NOTATION_ANY, &m, err, sizeof err) == 0 && G->play(s, m), "f2 converts g2");
    draw(s, m, "a", &d);
    CHECK(d.count > 7 && strcmp(d.line[7], "   2 | .  .  .  .  . [x]<x>| 2") == 0, "single and converted: '%s'",
          d.count > 7 ? d.line[7] : "");
    free(d.text);
    draw(s, m, "", &d);
    CHECK(d.count > 7 && strcmp(d.line[7], "   2 │ ·  ·  ·  ·  · [●]<●>│ 2") == 0, "UTF-8 without colour: '%s'",
          d.count > 7 ? d.line[7] : "");
    free(d.text);
    draw(s, m, "c", &d);
    CHECK(d.count > 7 && strstr(d.line[7], "\033[7m") && strstr(d.line[7], "\033[4m"),
          "colour: the move in reverse video, the converted piece underlined");
    free(d.text);
    draw(s, m, "ck", &d);
    free(d.text);
    draw(s, m, "af", &d);
    CHECK(d.count > 3 && strcmp(d.line[3], "   2 |<x>[x] .  .  .  .  . | 2") == 0, "flipped: '%s'",
          d.count > 3 ? d.line[3] : "");
    free(d.text);
    G->state_free(s);
    s = at(NULL, NULL);
    CHECK(G->parse_move(s, "g1e1", NOTATION_ANY, &m, err, sizeof err) == 0 && G->play(s, m), "g1e1");
    draw(s, m, "a", &d);
    CHECK(d.count > 8 && strcmp(d.line[8], "   1 | o  .  .  . [x] . (.)| 1") == 0, "double: from and to: '%s'",
          d.count > 8 ? d.line[8] : "");
    free(d.text);
    G->state_free(s);
}

int main(void)
{
    G = game_by_name("ataxx");
    CHECK(G != NULL, "the registry has ataxx");
    if (!G) return TEST_REPORT();
    test_notation();
    test_engine_position();
    test_outcomes();
    test_adjudication();
    test_render();
    return TEST_REPORT();
}
