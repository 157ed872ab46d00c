/*
 * amazons_board.c - the Amazons board for a terminal: 10x10 squares in a
 * frame, files a-j and ranks 1-10 on every side, White's amazons ♕ and
 * Black's ♛ in two ANSI colours, arrows ●, and the last turn's from, to
 * and arrow squares in reverse video. --ascii: Q (White), q (Black), *
 * (arrow) and . as in the position text, the frame in + - |, and the last
 * turn marked (.) from, [Q] to, <*> arrow.
 *
 * UTF-8 layout (White at the bottom), 38 columns:
 *
 *          a  b  c  d  e  f  g  h  i  j
 *       ┌──────────────────────────────┐
 *    10 │ ·  ·  ·  ♛  ·  ·  ♛  ·  ·  · │ 10
 *       ...
 *     1 │ ·  ·  ·  ♕  ·  ·  ♕  ·  ·  · │ 1
 *       └──────────────────────────────┘
 *          a  b  c  d  e  f  g  h  i  j
 */
#include <stdbool.h>
#include <stdio.h>

#include "games/amazons_impl.h"

#define ESC_WHITE "\033[1;33m"
#define ESC_BLACK "\033[1;36m"
#define ESC_ARROW "\033[2m"
#define ESC_MARK "\033[7m"
#define ESC_RESET "\033[0m"

static const char *const GLYPH[4] = {"·", "♕", "♛", "●"};
static const char LETTER[4] = {'.', 'Q', 'q', '*'};
static const char *const COLOUR[4] = {"", ESC_WHITE, ESC_BLACK, ESC_ARROW};

typedef struct {
    const AmzPosition *pos;
    const RenderOptions *o;
    int from, to, arrow; /* the last turn's squares, or -1 */
} View;

static int board_file(const View *v, int x) { return v->o->flipped ? AMZ_FILES - 1 - x : x; }
static int board_rank(const View *v, int y) { return v->o->flipped ? y : AMZ_RANKS - 1 - y; }

/* One square, three columns: the cell's character between its marks. */
static void put_square(const View *v, int sq, FILE *out)
{
    int cell = v->pos->board[sq];
    bool marked = sq == v->from || sq == v->to || sq == v->arrow;
    if (v->o->ascii) {
        const char *pair = sq == v->to ? "[]" : sq == v->from ? "()" : sq == v->arrow ? "<>" : "  ";
        fprintf(out, "%c%c%c", pair[0], LETTER[cell], pair[1]);
        return;
    }
    bool colour = v->o->colour;
    fputc(' ', out);
    if (colour && (cell != AMZ_EMPTY || marked)) fprintf(out, "%s%s", COLOUR[cell], marked ? ESC_MARK : "");
    fputs(GLYPH[cell], out);
    if (colour && (cell != AMZ_EMPTY || marked)) fputs(ESC_RESET, out);
    fputc(' ', out);
}

static void put_letters(const View *v, FILE *out)
{
    fputs("      ", out);
    for (int x = 0; x < AMZ_FILES; x++) fprintf(out, " %c ", 'a' + board_file(v, x));
    fputc('\n', out);
}

static void put_frame(const View *v, bool top, FILE *out)
{
    fputs("     ", out);
    if (v->o->ascii) {
        fputs("+------------------------------+\n", out);
        return;
    }
    fputs(top ? "┌" : "└", out);
    for (int i = 0; i < 3 * AMZ_FILES; i++) fputs("─", out);
    fputs(top ? "┐\n" : "┘\n", out);
}

void am_render(const GameState *s, const RenderOptions *o, FILE *out)
{
    View v = {&s->pos, o, -1, -1, -1};
    MoveCode m = o->last;
    if (m != MOVE_CODE_NONE && AMZ_MOVE_FROM(m) < AMZ_SQUARES && AMZ_MOVE_TO(m) < AMZ_SQUARES
        && AMZ_MOVE_ARROW(m) < AMZ_SQUARES) {
        v.from = AMZ_MOVE_FROM(m);
        v.to = AMZ_MOVE_TO(m);
        v.arrow = AMZ_MOVE_ARROW(m);
    }
    const char *bar = o->ascii ? "|" : "│";
    put_letters(&v, out);
    put_frame(&v, true, out);
    for (int y = 0; y < AMZ_RANKS; y++) {
        int rank = board_rank(&v, y) + 1;
        fprintf(out, "  %2d %s", rank, bar);
        for (int x = 0; x < AMZ_FILES; x++) put_square(&v, AMZ_SQ(board_file(&v, x), board_rank(&v, y)), out);
        fprintf(out, "%s %d\n", bar, rank);
    }
    put_frame(&v, false, out);
    put_letters(&v, out);
}
