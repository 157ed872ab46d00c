/*
 * ataxx_board.c - the Ataxx board for a terminal: 7x7 squares in a frame,
 * files a-g and ranks 1-7 on every side, Black's pieces (x) ● and White's
 * (o) ○ in two ANSI colours, gaps ▒, empty squares ·. The last move is
 * marked: its from square (a double's) and its to square in reverse video,
 * the pieces it converted underlined; without colour, in brackets: (from),
 * [to], <converted>. --ascii: x, o, - and . as in the position text, the
 * frame in + - |, the same brackets. Under the board a key to the
 * pieces. 12 lines, 30 columns: it fits a small terminal as it is
 * (compact changes nothing).
 *
 * UTF-8 layout (Black's first rank at the bottom):
 *
 *         a  b  c  d  e  f  g
 *       ┌─────────────────────┐
 *     7 │ ●  ·  ·  ·  ·  ·  ○ │ 7
 *       ...
 *     1 │ ○  ·  ·  ·  ·  ·  ● │ 1
 *       └─────────────────────┘
 *         a  b  c  d  e  f  g
 *        ● Black  ○ White  ▒ gap
 */
#include <stdbool.h>
#include <stdio.h>

#include "games/ataxx_impl.h"

#define ESC_X "\033[1;31m"
#define ESC_O "\033[1;36m"
#define ESC_GAP "\033[2m"
#define ESC_MARK "\033[7m"
#define ESC_CONVERTED "\033[4m"
#define ESC_RESET "\033[0m"

/* By atx_piece_at: empty, x, o, gap. */
static const char *const GLYPH[4] = {"·", "●", "○", "▒"};
static const char LETTER[4] = {'.', 'x', 'o', '-'};
static const char *const COLOUR[4] = {"", ESC_X, ESC_O, ESC_GAP};

typedef struct {
    const AtxPosition *pos;
    const RenderOptions *o;
    int from, to;    /* the last move's squares, or -1 (a single has no from) */
    AtxBB converted; /* the pieces it converted */
} View;

static int board_file(const View *v, int x) { return v->o->flipped ? ATX_FILES - 1 - x : x; }
static int board_rank(const View *v, int y) { return v->o->flipped ? y : ATX_RANKS - 1 - y; }

/* One square, three columns: the cell between its marks. */
static void put_square(const View *v, int sq, FILE *out)
{
    int cell = atx_piece_at(v->pos, sq);
    bool converted = (v->converted >> sq) & 1, moved = sq == v->from || sq == v->to;
    if (v->o->ascii || !v->o->colour) {
        const char *pair = sq == v->to ? "[]" : sq == v->from ? "()" : converted ? "<>" : "  ";
        fputc(pair[0], out);
        if (v->o->ascii) fputc(LETTER[cell], out);
        else fputs(GLYPH[cell], out);
        fputc(pair[1], out);
        return;
    }
    bool styled = cell != ATX_EMPTY || moved || converted;
    fputc(' ', out);
    if (styled) fprintf(out, "%s%s%s", COLOUR[cell], moved ? ESC_MARK : "", converted ? ESC_CONVERTED : "");
    fputs(GLYPH[cell], out);
    if (styled) fputs(ESC_RESET, out);
    fputc(' ', out);
}

static void put_letters(const View *v, FILE *out)
{
    fputs("      ", out);
    for (int x = 0; x < ATX_FILES; x++) fprintf(out, " %c ", 'a' + board_file(v, x));
    fputc('\n', out);
}

static void put_frame(const View *v, bool top, FILE *out)
{
    fputs("     ", out);
    if (v->o->ascii) {
        fputs("+---------------------+\n", out);
        return;
    }
    fputs(top ? "┌" : "└", out);
    for (int i = 0; i < 3 * ATX_FILES; i++) fputs("─", out);
    fputs(top ? "┐\n" : "┘\n", out);
}

/* The last move's squares and converted pieces, when it is the move that
 * led to the position (else only its squares). */
static void last_move(View *v, MoveCode m)
{
    if (m == MOVE_CODE_NONE || m == ATX_MOVE_PASS || m > 0xFFFFu || !(m & ATX_MOVE_FLAG)) return;
    int from = ATX_MOVE_FROM(m), to = ATX_MOVE_TO(m);
    if (from >= ATX_SQUARES || to >= ATX_SQUARES) return;
    v->to = to;
    v->from = from == to ? -1 : from;
    if (v->pos->ply > 0 && atx_last_move(v->pos) == (AtxMove)m) v->converted = atx_last_flipped(v->pos);
}

void ax_render(const GameState *s, const RenderOptions *o, FILE *out)
{
    View v = {&s->pos, o, -1, -1, 0};
    last_move(&v, o->last);
    const char *bar = o->ascii ? "|" : "│";
    put_letters(&v, out);
    put_frame(&v, true, out);
    for (int y = 0; y < ATX_RANKS; y++) {
        int rank = board_rank(&v, y) + 1;
        fprintf(out, "   %d %s", rank, bar);
        for (int x = 0; x < ATX_FILES; x++) put_square(&v, ATX_SQ(board_file(&v, x), board_rank(&v, y)), out);
        fprintf(out, "%s %d\n", bar, rank);
    }
    put_frame(&v, false, out);
    put_letters(&v, out);
    if (o->ascii) fputs("       x Black  o White  - gap\n", out);
    else fprintf(out, "       %s%s%s Black  %s%s%s White  %s gap\n", o->colour ? ESC_X : "", GLYPH[ATX_PIECE_X],
                 o->colour ? ESC_RESET : "", o->colour ? ESC_O : "", GLYPH[ATX_PIECE_O], o->colour ? ESC_RESET : "",
                 GLYPH[ATX_GAP]);
}
