/*
 * test_render.c - the boards `qibench play` draws (Game.render): the exact
 * lines of the Xiangqi and Amazons start positions in UTF-8 and in ASCII,
 * turned over, compact (a small terminal: at most RENDER_LINES_COMPACT
 * lines), the last move and a check marked, every line within
 * RENDER_COLUMNS_MAX columns; util/term.c's widths, clean copies, lines a
 * text wraps to and the size of what is no terminal; and the scores the
 * screen shows, each naming its side.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/game.h" /* not engine/xiangqi/game.h, first on the path */
#include "play/view.h"
#include "util/term.h"
#include "testhelp.h"

#define LINES_MAX 40

typedef struct {
    char *text;
    char *line[LINES_MAX];
    int count;
} Drawing;

/* Draws the position fen after the moves (ICCS / canonical, space-separated). */
static void draw(const char *game, const char *fen, const char *moves, const char *how, Drawing *d)
{
    const Game *g = game_by_name(game);
    GameState *s = game_state_at(g, fen ? fen : g->start);
    MoveCode m = MOVE_CODE_NONE;
    char buf[512], err[200], *save;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
        if (g->parse_move(s, w, NOTATION_ANY, &m, err, sizeof err) == 0) g->play(s, m);
        else CHECK(0, "%s: %s", w, err);
    RenderOptions o = {strchr(how, 'a') != NULL, strchr(how, 'c') != NULL, strchr(how, 'f') != NULL, m,
                       strchr(how, 'k') != NULL};
    size_t size;
    FILE *f = open_memstream(&d->text, &size);
    g->render(s, &o, f);
    fclose(f);
    g->state_free(s);
    d->count = 0;
    for (char *p = d->text; *p && d->count < LINES_MAX;) {
        char *nl = strchr(p, '\n');
        d->line[d->count++] = p;
        if (!nl) break;
        *nl = '\0';
        p = nl + 1;
    }
}

/* Every line fits and, in ASCII, holds nothing but printable ASCII. */
static void check_shape(const Drawing *d, bool ascii, int lines, const char *what)
{
    CHECK(d->count == lines, "%s: %d lines, expected %d", what, d->count, lines);
    for (int i = 0; i < d->count; i++) {
        CHECK(term_width(d->line[i]) <= RENDER_COLUMNS_MAX, "%s: line %d is %d columns: %s", what, i,
              term_width(d->line[i]), d->line[i]);
        for (const unsigned char *c = (const unsigned char *)d->line[i]; ascii && *c; c++)
            if (*c < 0x20 || *c >= 0x7F) {
                CHECK(0, "%s: line %d has byte 0x%02X", what, i, *c);
                break;
            }
    }
}

static void expect_line(const Drawing *d, int i, const char *want, const char *what)
{
    CHECK(i < d->count && strcmp(d->line[i], want) == 0, "%s: line %d is '%s', expected '%s'", what, i,
          i < d->count ? d->line[i] : "(none)", want);
}

typedef struct {
    int line;
    const char *text;
} Expected;

/* expect_line for each of n lines. */
static void expect_lines(const Drawing *d, const Expected *want, int n, const char *what)
{
    for (int i = 0; i < n; i++) expect_line(d, want[i].line, want[i].text, what);
}

static bool has(const Drawing *d, const char *want)
{
    for (int i = 0; i < d->count; i++)
        if (strstr(d->line[i], want)) return true;
    return false;
}

static void test_xiangqi(void)
{
    Drawing d;
    draw("xiangqi", NULL, "", "u", &d);
    check_shape(&d, false, 22, "xiangqi utf-8");
    expect_line(&d, 0, "    1   2   3   4   5   6   7   8   9   Black", "utf-8");
    expect_line(&d, 1, " 9  車──馬──象──士──將──士──象──馬──車  9", "utf-8");
    expect_line(&d, 2, "    │   │   │   │ ╲ │ ╱ │   │   │   │", "utf-8");
    expect_line(&d, 3, " 8  ├───┼───┼───┼───┼───┼───┼───┼───┤   8", "utf-8");
    expect_line(&d, 9, " 5  ├───┴───┴───┴───┴───┴───┴───┴───┤   5", "utf-8");
    expect_line(&d, 10, "    │    楚   河         漢   界    │", "utf-8");
    expect_line(&d, 11, " 4  ├───┬───┬───┬───┬───┬───┬───┬───┤   4", "utf-8");
    expect_line(&d, 19, " 0  俥──傌──相──仕──帥──仕──相──傌──俥  0", "utf-8");
    expect_line(&d, 20, "    九  八  七  六  五  四  三  二  一   Red", "utf-8");
    expect_line(&d, 21, "    a   b   c   d   e   f   g   h   i", "utf-8");
    CHECK(!has(&d, "\033"), "no colour unless asked");
    free(d.text);

    draw("xiangqi", NULL, "", "a", &d);
    check_shape(&d, true, 22, "xiangqi ascii");
    expect_line(&d, 1, " 9  r--h--e--a--k--a--e--h--r   9", "ascii");
    expect_line(&d, 2, "    |  |  |  |\\ | /|  |  |  |", "ascii");
    expect_line(&d, 4, "    |  |  |  | /|\\ |  |  |  |", "ascii");
    expect_line(&d, 10, "    | Chu River   Han Border|", "ascii");
    expect_line(&d, 15, " 2  +--C--+--+--+--+--+--C--+   2", "ascii");
    expect_line(&d, 20, "    9  8  7  6  5  4  3  2  1   Red", "ascii");
    free(d.text);

    draw("xiangqi", NULL, "h2e2", "af", &d);
    check_shape(&d, true, 22, "xiangqi flipped");
    expect_line(&d, 0, "    1  2  3  4  5  6  7  8  9   Red", "flipped");
    expect_line(&d, 1, " 0  R--H--E--A--K--A--E--H--R   0", "flipped");
    expect_line(&d, 5, " 2  +-(+)-+--+-[C]-+--+--C--+   2", "flipped: the last move marked");
    expect_line(&d, 21, "    i  h  g  f  e  d  c  b  a", "flipped");
    free(d.text);

    draw("xiangqi", NULL, "h2e2", "c", &d);
    CHECK(has(&d, "\033[1;31m\033[7m炮\033[0m"), "colour: Red's cannon in red, marked");
    CHECK(has(&d, "\033[1;36m車\033[0m"), "colour: Black's chariot in its colour");
    CHECK(has(&d, "\033[7m┼─\033[0m"), "colour: the empty point the cannon left, marked");
    free(d.text);

    /* Black's general in check from the chariot on e5. */
    draw("xiangqi", "4k4/9/9/9/9/R8/9/9/9/3K5 w", "a4e4", "c", &d);
    CHECK(has(&d, "\033[1;37;41m將\033[0m"), "colour: the checked general marked");
    free(d.text);
    draw("xiangqi", "4k4/9/9/9/9/R8/9/9/9/3K5 w", "a4e4", "a", &d);
    expect_line(&d, 1, " 9  +--+--+--+-*k*-+--+--+--+   9", "ascii: the checked general marked");
    free(d.text);

    /* Compact: the ranks one under the other, the river between 5 and 4. */
    static const Expected COMPACT[] = {
        {0, "    1   2   3   4   5   6   7   8   9   Black"},  {1, " 9  車──馬──象──士──將──士──象──馬──車  9"},
        {2, " 8  ├───┼───┼───┼───┼───┼───┼───┼───┤   8"},     {5, " 5  ├───┴───┴───┴───┴───┴───┴───┴───┤   5"},
        {6, "    │    楚   河         漢   界    │"},           {7, " 4  ├───┬───┬───┬───┬───┬───┬───┬───┤   4"},
        {11, " 0  俥──傌──相──仕──帥──仕──相──傌──俥  0"},    {12, "    九  八  七  六  五  四  三  二  一   Red"},
        {13, "    a   b   c   d   e   f   g   h   i"},
    };
    draw("xiangqi", NULL, "", "uk", &d);
    check_shape(&d, false, RENDER_LINES_COMPACT, "xiangqi compact");
    expect_lines(&d, COMPACT, (int)(sizeof COMPACT / sizeof COMPACT[0]), "compact");
    free(d.text);
    /* Flipped, ASCII, the last move marked. */
    static const Expected COMPACT_ASCII[] = {
        {1, " 0  R--H--E--A--K--A--E--H--R   0"},
        {3, " 2  +-(+)-+--+-[C]-+--+--C--+   2"},
        {6, "    | Chu River   Han Border|"},
    };
    draw("xiangqi", NULL, "h2e2", "akf", &d);
    check_shape(&d, true, RENDER_LINES_COMPACT, "xiangqi compact ascii flipped");
    expect_lines(&d, COMPACT_ASCII, (int)(sizeof COMPACT_ASCII / sizeof COMPACT_ASCII[0]), "compact ascii flipped");
    free(d.text);
}

static void test_amazons(void)
{
    Drawing d;
    draw("amazons", NULL, "", "u", &d);
    check_shape(&d, false, 14, "amazons utf-8");
    expect_line(&d, 0, "       a  b  c  d  e  f  g  h  i  j ", "amazons");
    expect_line(&d, 1, "     ┌──────────────────────────────┐", "amazons");
    expect_line(&d, 2, "  10 │ ·  ·  ·  ♛  ·  ·  ♛  ·  ·  · │ 10", "amazons");
    expect_line(&d, 8, "   4 │ ♕  ·  ·  ·  ·  ·  ·  ·  ·  ♕ │ 4", "amazons");
    expect_line(&d, 12, "     └──────────────────────────────┘", "amazons");
    free(d.text);

    draw("amazons", NULL, "d1-d6/g9", "a", &d);
    check_shape(&d, true, 14, "amazons ascii");
    expect_line(&d, 3, "   9 | .  .  .  .  .  . <*> .  .  . | 9", "ascii: the arrow marked");
    expect_line(&d, 6, "   6 | .  .  . [Q] .  .  .  .  .  . | 6", "ascii: the destination marked");
    expect_line(&d, 11, "   1 | .  .  . (.) .  .  Q  .  .  . | 1", "ascii: the origin marked");
    free(d.text);

    draw("amazons", NULL, "d1-d6/g9", "af", &d);
    expect_line(&d, 0, "       j  i  h  g  f  e  d  c  b  a ", "amazons flipped");
    expect_line(&d, 2, "   1 | .  .  .  Q  .  . (.) .  .  . | 1", "amazons flipped");
    free(d.text);

    draw("amazons", NULL, "", "uk", &d);
    check_shape(&d, false, 14, "amazons compact: as it is, within RENDER_LINES_COMPACT");
    CHECK(d.count <= RENDER_LINES_COMPACT, "amazons compact: %d lines", d.count);
    free(d.text);

    draw("amazons", NULL, "d1-d6/g9", "c", &d);
    CHECK(has(&d, "\033[1;33m\033[7m♕\033[0m"), "colour: the amazon that moved, marked");
    CHECK(has(&d, "\033[2m\033[7m●\033[0m"), "colour: the arrow, marked");
    free(d.text);
}

static void test_term(void)
{
    char out[16];
    CHECK(term_width("abc") == 3, "ascii width");
    CHECK(term_width("車") == 2, "CJK width");
    CHECK(term_width("\033[1;31m車\033[0m──") == 4, "escapes take no room");
    CHECK(term_width("炮二平五") == 8, "a Chinese move");
    CHECK(term_width("\xff\xfe") == 2, "bad bytes count one each");
    CHECK(term_width("\xe8\xbb") == 2, "a cut character counts its bytes");
    term_clean("a\x01" "b\xff" "c\x1b[2J", out, sizeof out);
    CHECK(strcmp(out, "a?b?c?[2J") == 0, "clean: '%s'", out);
    term_clean("車車", out, 5);
    CHECK(strcmp(out, "車") == 0, "clean: cut at a character: '%s'", out);
    term_clean("\xed\xa0\x80", out, sizeof out);
    CHECK(strcmp(out, "???") == 0, "clean: a surrogate is not UTF-8: '%s'", out);

    char wide[200] = "";
    for (int i = 0; i < 41; i++) strcat(wide, "車"); /* 82 columns */
    CHECK(term_lines("", 80) == 0, "lines: none for nothing");
    CHECK(term_lines("abc", 80) == 1, "lines: one");
    CHECK(term_lines("abc\n", 80) == 1, "lines: a last newline adds none");
    CHECK(term_lines("a\n\nb", 80) == 3, "lines: an empty line counts");
    CHECK(term_lines(wide, 80) == 2, "lines: 82 columns wrap to two");
    CHECK(term_lines(wide, 82) == 1, "lines: 82 columns fit 82");
    CHECK(term_lines("\033[1;31mab\033[0m\ncd", 1) == 4, "lines: escapes take no room");
    int rows = -1, cols = -1, fd = open("/dev/null", O_RDONLY);
    CHECK(fd >= 0 && !term_size(fd, &rows, &cols) && rows == -1 && cols == -1, "size: /dev/null is no terminal");
    if (fd >= 0) close(fd);
}

/* The scores the screen shows name the side they are for. */
static void test_scores(void)
{
    const Game *g = game_by_name("xiangqi");
    EngineReply r;
    char buf[64], want[64];
    memset(&r, 0, sizeof r);
    view_score(&r, g->side_name[0], buf, sizeof buf);
    CHECK(strcmp(buf, "") == 0, "no score: '%s'", buf);
    r.has_score = true;
    r.score = -86;
    view_score(&r, g->side_name[0], buf, sizeof buf);
    snprintf(want, sizeof want, "-0.86 for %s", g->side_name[0]);
    CHECK(strcmp(buf, want) == 0, "score: '%s', expected '%s'", buf, want);
    r.score = 254;
    view_score(&r, g->side_name[1], buf, sizeof buf);
    snprintf(want, sizeof want, "+2.54 for %s", g->side_name[1]);
    CHECK(strcmp(buf, want) == 0, "score: '%s', expected '%s'", buf, want);
    r.mate = true;
    r.score = -3;
    view_score(&r, g->side_name[1], buf, sizeof buf);
    snprintf(want, sizeof want, "-M3 for %s", g->side_name[1]);
    CHECK(strcmp(buf, want) == 0, "mate: '%s', expected '%s'", buf, want);
}

int main(void)
{
    test_xiangqi();
    test_amazons();
    test_term();
    test_scores();
    return TEST_REPORT();
}
