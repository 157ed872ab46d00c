/*
 * play/view.c - the screen of `qibench play`: the game's board (its render
 * hook) on the left, a panel on the right within 80 columns: who plays
 * which side, the clocks when a time control is set, whose move it is or
 * how the game ended, the engine's last depth / score (for the side that
 * searched) / principal variation, and the moves so far in the chosen
 * notation (the latest that fit). Below them the message of the last
 * command or save. On a terminal all of it and the prompt fit its height:
 * a board that leaves fewer than VIEW_ROOM lines below is drawn compact,
 * the panel is no taller than the board, and only the message's last
 * lines that fit are shown. Without a terminal there is no bound.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "play/view.h"
#include "util/term.h"

#define SCREEN_COLUMNS 80
#define PANEL_LINES 48
/* Lines a board leaves under it on a terminal, for the message, a few
 * refused moves and the prompt; else it is drawn compact. */
#define VIEW_ROOM 4
#define PANEL_BYTES 320
#define BOARD_LINES 48
/* Moves of the principal variation shown. */
#define PV_SHOWN 8

typedef struct {
    char line[PANEL_LINES][PANEL_BYTES];
    int count, width;
    int max;          /* lines at most (<= PANEL_LINES) */
    bool small;       /* a small terminal: no blank lines */
} Panel;

static void panel_add(Panel *pn, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void panel_add(Panel *pn, const char *fmt, ...)
{
    if (pn->count >= pn->max) return;
    va_list ap;
    va_start(ap, fmt);
    char *line = pn->line[pn->count++];
    vsnprintf(line, PANEL_BYTES, fmt, ap);
    va_end(ap);
    for (size_t n = strlen(line); n > 0 && line[n - 1] == ' ';) line[--n] = '\0';
}

/* Adds text word by word in lines of the panel's width; later lines indented. */
static void panel_wrap(Panel *pn, const char *text, const char *indent)
{
    char buf[PANEL_BYTES * 4], *save, line[PANEL_BYTES] = "";
    snprintf(buf, sizeof buf, "%s", text);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (line[0] && term_width(line) + 1 + term_width(w) > pn->width) {
            panel_add(pn, "%s", line);
            snprintf(line, sizeof line, "%s", indent);
        }
        size_t used = strlen(line);
        snprintf(line + used, sizeof line - used, "%s%s", used && line[used - 1] != ' ' ? " " : "", w);
    }
    if (line[0]) panel_add(pn, "%s", line);
}

/* ------------------------------------------------------------------------ */
/* Text of moves, scores and clocks                                         */
/* ------------------------------------------------------------------------ */

void view_move(const Play *p, GameState *s, MoveCode m, char *buf, size_t len)
{
    if (p->game->format_move(s, m, p->notation, buf, len)) game_move_record(p->game, s, m, buf, len);
}

void view_score(const EngineReply *r, const char *side, char *buf, size_t len)
{
    if (!r->has_score) snprintf(buf, len, "%s", "");
    else if (r->mate) snprintf(buf, len, "%sM%d for %s", r->score < 0 ? "-" : "+", abs(r->score), side);
    else snprintf(buf, len, "%s%d.%02d for %s", r->score < 0 ? "-" : "+", abs(r->score) / 100, abs(r->score) % 100,
                  side);
}

static void clock_text(int64_t ms, char *buf, size_t len)
{
    if (ms < 0) ms = 0;
    snprintf(buf, len, "%d:%02d.%d", (int)(ms / 60000), (int)(ms / 1000 % 60), (int)(ms / 100 % 10));
}

/* The engine's PV (record notation, from the position it searched) in the
 * session's notation. */
static void pv_text(const Play *p, char *out, size_t len)
{
    GameState *s = p->game->state_new();
    char buf[sizeof p->last.pv], *save, text[MOVE_TEXT_BYTES], err[200];
    size_t used = 0;
    out[0] = '\0';
    if (!s || !p->searched) {
        if (s) p->game->state_free(s);
        return;
    }
    p->game->state_copy(s, p->searched);
    snprintf(buf, sizeof buf, "%s", p->last.pv);
    int shown = 0;
    for (char *w = strtok_r(buf, " ", &save); w && shown < PV_SHOWN; w = strtok_r(NULL, " ", &save), shown++) {
        MoveCode m;
        if (p->game->parse_move(s, w, p->game->record_notation, &m, err, sizeof err)) break;
        view_move(p, s, m, text, sizeof text);
        used += (size_t)snprintf(out + used, len > used ? len - used : 0, "%s%s", used ? " " : "", text);
        if (used >= len || !p->game->play(s, m)) break;
    }
    p->game->state_free(s);
}

const char *view_side_name(const Play *p, int side)
{
    return p->human[side] ? "human" : p->entry[side]->spec.name;
}

/* ------------------------------------------------------------------------ */
/* The panel                                                                */
/* ------------------------------------------------------------------------ */

static void add_players(const Play *p, Panel *pn)
{
    for (int side = 0; side < 2; side++) {
        char clock[32] = "";
        if (p->tc[side].base_ms > 0) clock_text(p->gp->clock[side], clock, sizeof clock);
        panel_add(pn, "%-6s %-20.20s %s", p->game->side_name[side], view_side_name(p, side), clock);
    }
}

static void add_status(const Play *p, Panel *pn)
{
    char text[512];
    int side = p->game->side_to_move(p->gp->pos);
    if (p->gp->over) snprintf(text, sizeof text, "%s", p->ending);
    else snprintf(text, sizeof text, "move %d: %s to move%s", p->game->move_number(p->gp->pos), p->game->side_name[side],
                  p->human[side] ? "" : " (thinking)");
    panel_wrap(pn, text, "  ");
    if (p->last_ply < 0) return;
    char score[64], pv[PANEL_BYTES * 2], line[PANEL_BYTES * 3];
    view_score(&p->last, p->game->side_name[(p->rec->start_side + p->last_ply) & 1], score, sizeof score);
    pv_text(p, pv, sizeof pv);
    snprintf(line, sizeof line, "depth %d%s%s", p->last.depth, score[0] ? ", score " : "", score);
    panel_wrap(pn, line, "  ");
    if (pv[0]) {
        snprintf(line, sizeof line, "pv %s", pv);
        panel_wrap(pn, line, "   ");
    }
}

/* Formats the moves played since the last drawing (all of them again
 * after shown was reset) into p->texts, each once. */
static void catch_up(Play *p)
{
    const GameRecord *g = p->rec;
    if (p->shown > g->plies || !p->cursor) p->shown = 0;
    if (p->shown == 0) {
        p->width = 0;
        if (!p->cursor || p->game->set_position(p->cursor, g->fen, NULL, 0)) return;
    }
    for (; p->shown < g->plies; p->shown++) {
        char text[MOVE_TEXT_BYTES], head[MOVE_TEXT_BYTES + 16];
        int i = p->shown, side = p->game->side_to_move(p->cursor);
        view_move(p, p->cursor, g->moves[i].move, text, sizeof text);
        memcpy(p->texts[i], text, sizeof text);
        p->numbers[i] = p->game->move_number(p->cursor);
        if (side == 0 || i == 0) {
            snprintf(head, sizeof head, "%3d. %s", p->numbers[i], side == 0 ? text : "...");
            p->width = term_width(head) > p->width ? term_width(head) : p->width;
        }
        p->game->play(p->cursor, g->moves[i].move);
    }
}

/* The moves so far, two a line (the first player's in a column as wide as
 * its longest), the latest that fit in `room` lines. */
static void add_moves(Play *p, Panel *pn, int room)
{
    const GameRecord *g = p->rec;
    catch_up(p);
    /* The lines: one starts at each of the first player's moves and at ply 0. */
    int from = p->shown, lines = 0, total = 0;
    if (room < 2) return; /* not even the heading and a line */
    for (int i = 0; i < p->shown; i++) total += i == 0 || ((g->start_side + i) & 1) == 0;
    int keep = total > room - 1 ? room - 2 : total;
    if (keep < 1 && total > 0) keep = 1; /* room for the latest line, not for "..." */
    while (from > 0 && lines < keep) {
        from--;
        lines += from == 0 || ((g->start_side + from) & 1) == 0;
    }
    panel_add(pn, "moves (%s):", p->game->notations[p->notation].name);
    if (total > keep && room - 1 > keep) panel_add(pn, "  ...");
    for (int i = from; i < p->shown;) {
        char first[MOVE_TEXT_BYTES + 16];
        bool second_side = ((g->start_side + i) & 1) == 1;
        snprintf(first, sizeof first, "%3d. %s", p->numbers[i], second_side ? "..." : p->texts[i]);
        const char *second = second_side ? p->texts[i] : i + 1 < p->shown ? p->texts[i + 1] : "";
        i += second_side ? 1 : 2;
        panel_add(pn, "%s%*s%s", first, second[0] ? p->width + 2 - term_width(first) : 0, "", second);
    }
}

static void build_panel(Play *p, Panel *pn, int height)
{
    pn->count = 0;
    panel_add(pn, "qibench play: %s", p->game->name);
    add_players(p, pn);
    if (!pn->small) panel_add(pn, "%s", "");
    add_status(p, pn);
    if (!pn->small) panel_add(pn, "%s", "");
    add_moves(p, pn, height - pn->count);
}

/* ------------------------------------------------------------------------ */
/* The screen                                                               */
/* ------------------------------------------------------------------------ */

/* The board drawn into *text (freed by the caller), cut into lines[]
 * (at most BOARD_LINES); the number of lines, -1 without memory. *width:
 * the widest. */
static int draw_board(Play *p, char **text, char *lines[BOARD_LINES], int *width)
{
    size_t size = 0;
    int n = 0;
    FILE *f = open_memstream(text, &size);
    if (!f) return -1;
    p->game->render(p->gp->pos, &p->view, f);
    fclose(f);
    *width = 0;
    for (char *c = *text; c && *c && n < BOARD_LINES;) {
        char *nl = strchr(c, '\n');
        lines[n++] = c;
        if (nl) *nl = '\0';
        int w = term_width(c);
        *width = w > *width ? w : *width;
        c = nl ? nl + 1 : c + strlen(c);
    }
    return n;
}

/* The message's last lines that fit in room lines of a terminal cols
 * wide (room <= 0: none). */
static const char *message_tail(const char *message, int room, int cols)
{
    const char *from = message;
    while (*from && term_lines(from, cols) > room) {
        const char *nl = strchr(from, '\n');
        if (!nl) return from + strlen(from);
        from = nl + 1;
    }
    return from;
}

void view_draw(Play *p)
{
    char *board = NULL, *line[BOARD_LINES];
    int width = 0, rows = 0, cols = SCREEN_COLUMNS;
    if (!p->clear || !term_size(fileno(p->out), &rows, &cols)) rows = 0; /* no terminal: no bound */
    p->view.last = p->rec->plies ? p->rec->moves[p->rec->plies - 1].move : MOVE_CODE_NONE;
    p->view.compact = false;
    int nboard = draw_board(p, &board, line, &width);
    if (nboard < 0) return;
    if (rows > 0 && nboard + VIEW_ROOM > rows) { /* a small terminal */
        free(board);
        board = NULL;
        p->view.compact = true;
        if ((nboard = draw_board(p, &board, line, &width)) < 0) return;
    }
    static Panel pn;
    pn.width = SCREEN_COLUMNS - width - 3;
    pn.max = rows > 0 && nboard < PANEL_LINES ? nboard : PANEL_LINES;
    pn.small = p->view.compact;
    build_panel(p, &pn, nboard);
    if (p->clear) fputs("\033[H\033[2J", p->out);
    for (int i = 0; i < nboard || i < pn.count; i++) {
        const char *b = i < nboard ? line[i] : "";
        if (i < pn.count) fprintf(p->out, "%s%*s  %s\n", b, width - term_width(b), "", pn.line[i]);
        else fprintf(p->out, "%s\n", b);
    }
    /* Under the board: the message's last lines that leave a line for the prompt. */
    int shown = nboard > pn.count ? nboard : pn.count;
    const char *message = rows > 0 ? message_tail(p->message, rows - shown - 1, cols) : p->message;
    if (message[0]) fprintf(p->out, "%s\n", message);
    p->message[0] = '\0';
    p->redraw = false;
    fflush(p->out);
    free(board);
}
