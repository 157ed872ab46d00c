/*
 * xiangqi_board.c - the Xiangqi board for a terminal: the 9x10 points with
 * the river (楚河 漢界) and the palace diagonals, the pieces in Chinese
 * characters in two ANSI colours, the files labelled for both notations
 * (each side's 1-9 from its right, WXF / Chinese; a-i and 0-9, ICCS), the
 * last move and a check marked. --ascii: WXF letters (Red upper case,
 * Black lower case), '+' '-' '|' lines, the marks in brackets.
 *
 * UTF-8 layout (Red at the bottom), 42 columns:
 *
 *         1   2   3   4   5   6   7   8   9     Black
 *      9  車──馬──象──士──將──士──象──馬──車  9
 *         │   │   │   │ ╲ │ ╱ │   │   │   │
 *      8  ├───┼───┼───┼───┼───┼───┼───┼───┤  8
 *         ...
 *      5  ├───┴───┴───┴───┴───┴───┴───┴───┤  5
 *         │    楚   河         漢   界    │
 *      4  ├───┬───┬───┬───┬───┬───┬───┬───┤  4
 *         ...
 *         九  八  七  六  五  四  三  二  一    Red
 *         a   b   c   d   e   f   g   h   i
 *
 * Compact (a small terminal), 14 lines: no lines between the ranks but
 * the river's, so no palace diagonals.
 *
 * A point is two columns (a piece, or a line crossing and half a line), a
 * link two more. Display column x and row y map to a board file and rank
 * (flipped: turned half a circle).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "games/xiangqi_impl.h"

/* ANSI escapes: Red's and Black's pieces, a marked point, a checked general. */
#define ESC_RED "\033[1;31m"
#define ESC_BLACK "\033[1;36m"
#define ESC_MARK "\033[7m"
#define ESC_CHECK "\033[1;37;41m"
#define ESC_RESET "\033[0m"

static const char *const GLYPH[2][8] = {
    {"", "帥", "仕", "相", "傌", "俥", "炮", "兵"},
    {"", "將", "士", "象", "馬", "車", "砲", "卒"},
};
static const char LETTER[8] = " KAEHRCP";
static const char *const RED_NUMERAL[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

/* Line crossings by the lines they join: up 8, down 4, left 2, right 1. */
static const char *const CROSSING[16] = {
    " ", "─", "─", "─", "│", "┌", "┐", "┬", "│", "└", "┘", "┴", "│", "├", "┤", "┼",
};

typedef struct {
    const Position *pos;
    const RenderOptions *o;
    bool utf8, colour;
    int from, to, check; /* marked squares, or -1 */
} View;

static int board_file(const View *v, int x) { return v->o->flipped ? FILES - 1 - x : x; }
static int board_rank(const View *v, int y) { return v->o->flipped ? y : RANKS - 1 - y; }
static int square_at(const View *v, int x, int y) { return SQ(board_file(v, x), board_rank(v, y)); }

/* Does the river run between display rows y and y + 1? */
static bool river_after(const View *v, int y)
{
    if (y < 0 || y >= RANKS - 1) return false;
    int a = board_rank(v, y), b = board_rank(v, y + 1);
    return (a < b ? a : b) == 4;
}

/* Is a-b one of the four half diagonals of a palace? */
static bool palace_segment(int a, int b)
{
    int df = SQ_FILE(a) - SQ_FILE(b), dr = SQ_RANK(a) - SQ_RANK(b);
    if (df * df != 1 || dr * dr != 1) return false;
    for (int c = RED; c <= BLACK; c++) {
        int centre = SQ(4, c == RED ? 1 : 8);
        if (xq_in_palace(a, c) && xq_in_palace(b, c) && (a == centre || b == centre)) return true;
    }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Points                                                                   */
/* ------------------------------------------------------------------------ */

/* The two columns of an empty point, UTF-8: the crossing and half a line. */
static void put_crossing(const View *v, int x, int y, FILE *out)
{
    bool edge = x == 0 || x == FILES - 1;
    bool up = y > 0 && (edge || !river_after(v, y - 1)), down = y < RANKS - 1 && (edge || !river_after(v, y));
    int joins = up * 8 + down * 4 + (x > 0) * 2 + (x < FILES - 1);
    fputs(CROSSING[joins], out);
    fputs(x < FILES - 1 ? "─" : " ", out);
}

/* One point, UTF-8 (two columns), with its colours and marks. */
static void put_point_utf8(const View *v, int x, int y, FILE *out)
{
    int sq = square_at(v, x, y), piece = v->pos->board[sq];
    bool marked = sq == v->from || sq == v->to, checked = sq == v->check;
    if (v->colour && checked) fputs(ESC_CHECK, out);
    else if (v->colour && piece != EMPTY) fputs(PIECE_COLOUR(piece) == RED ? ESC_RED : ESC_BLACK, out);
    if (v->colour && marked) fputs(ESC_MARK, out);
    if (piece == EMPTY) put_crossing(v, x, y, out);
    else fputs(GLYPH[PIECE_COLOUR(piece)][PIECE_TYPE(piece)], out);
    if (v->colour && (marked || checked || piece != EMPTY)) fputs(ESC_RESET, out);
}

/* One row of points, ASCII: built in a line so that marks can overwrite
 * the links beside a point. */
static void put_points_ascii(const View *v, int y, FILE *out)
{
    char line[FILES * 3 + 4];
    memset(line, ' ', sizeof line);
    for (int x = 0; x < FILES; x++) {
        int sq = square_at(v, x, y), piece = v->pos->board[sq], at = 1 + 3 * x;
        line[at] = piece == EMPTY ? '+' : PIECE_COLOUR(piece) == RED ? LETTER[PIECE_TYPE(piece)]
                                                                    : (char)(LETTER[PIECE_TYPE(piece)] + 32);
        if (x < FILES - 1) line[at + 1] = line[at + 2] = '-';
    }
    for (int x = 0; x < FILES; x++) {
        int sq = square_at(v, x, y), at = 1 + 3 * x;
        const char *pair = sq == v->to ? "[]" : sq == v->from ? "()" : sq == v->check ? "**" : NULL;
        if (pair) line[at - 1] = pair[0], line[at + 1] = pair[1];
    }
    line[FILES * 3 + 1] = '\0';
    fputs(line, out);
}

static void put_point_row(const View *v, int y, FILE *out)
{
    int rank = board_rank(v, y);
    fprintf(out, " %d ", rank);
    if (!v->utf8) {
        put_points_ascii(v, y, out);
        fprintf(out, " %d\n", rank);
        return;
    }
    fputs(" ", out);
    for (int x = 0; x < FILES; x++) {
        put_point_utf8(v, x, y, out);
        if (x < FILES - 1) fputs("──", out);
    }
    fprintf(out, "  %d\n", rank);
}

/* ------------------------------------------------------------------------ */
/* Between the rows                                                         */
/* ------------------------------------------------------------------------ */

/* The lines between display rows y and y + 1: the files, the palace
 * diagonals, or the river. */
static void put_between(const View *v, int y, FILE *out)
{
    const char *bar = v->utf8 ? "│" : "|";
    fputs(v->utf8 ? "    " : "    ", out);
    if (river_after(v, y)) {
        fprintf(out, "%s%s%s\n", bar,
                v->utf8 ? "    楚   河         漢   界    " : " Chu River   Han Border", bar);
        return;
    }
    for (int x = 0; x < FILES; x++) {
        fputs(bar, out);
        if (x == FILES - 1) break;
        bool down_right = palace_segment(square_at(v, x, y), square_at(v, x + 1, y + 1));
        bool down_left = palace_segment(square_at(v, x + 1, y), square_at(v, x, y + 1));
        if (v->utf8) fputs(down_right ? " ╲ " : down_left ? " ╱ " : "   ", out);
        else fputs(down_right ? "\\ " : down_left ? " /" : "  ", out);
    }
    fputc('\n', out);
}

/* ------------------------------------------------------------------------ */
/* Labels                                                                   */
/* ------------------------------------------------------------------------ */

/* The file numbers of `side` (1 on its right), under or over the board. */
static void put_numbers(const View *v, int side, FILE *out)
{
    fputs("    ", out);
    for (int x = 0; x < FILES; x++) {
        int f = board_file(v, x), number = side == RED ? FILES - f : f + 1;
        if (!v->utf8) fprintf(out, "%d%s", number, x < FILES - 1 ? "  " : "");
        else if (side == RED) fprintf(out, "%s%s", RED_NUMERAL[number], x < FILES - 1 ? "  " : "");
        else fprintf(out, "%d%s", number, x < FILES - 1 ? "   " : "");
    }
    fprintf(out, "   %s\n", side == RED ? "Red" : "Black");
}

static void put_letters(const View *v, FILE *out)
{
    fputs("    ", out);
    for (int x = 0; x < FILES; x++)
        fprintf(out, "%c%s", 'a' + board_file(v, x), x == FILES - 1 ? "" : v->utf8 ? "   " : "  ");
    fputc('\n', out);
}

void xq_render(const GameState *s, const RenderOptions *o, FILE *out)
{
    const Position *pos = &s->pos;
    View v = {pos, o, !o->ascii, !o->ascii && o->colour, -1, -1, -1};
    if (o->last != MOVE_CODE_NONE && o->last <= 0xFFFF && xq_sq_on_board(MOVE_FROM(o->last))
        && xq_sq_on_board(MOVE_TO(o->last))) {
        v.from = MOVE_FROM(o->last);
        v.to = MOVE_TO(o->last);
    }
    if (pos_in_check(pos)) v.check = pos->king[pos->side];
    int top = o->flipped ? RED : BLACK;
    put_numbers(&v, top, out);
    for (int y = 0; y < RANKS; y++) {
        put_point_row(&v, y, out);
        if (y < RANKS - 1 && (!o->compact || river_after(&v, y))) put_between(&v, y, out);
    }
    put_numbers(&v, !top, out);
    put_letters(&v, out);
}
