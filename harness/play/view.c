/*
 * play/view.c - the screen of `qibench play`: the game's board (its render
 * hook) on the left, a panel on the right within 80 columns: who plays
 * which side, the clocks when a time control is set, whose move it is or
 * how the game ended, the engine's last depth / score / principal
 * variation, and the moves so far in the chosen notation (the latest that
 * fit). Below them the message of the last command or save.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "play/play_impl.h"
#include "util/term.h"

#define SCREEN_COLUMNS 80
#define PANEL_LINES 48
#define PANEL_BYTES 320
#define BOARD_LINES 48
/* Moves of the principal variation shown. */
#define PV_SHOWN 8

typedef struct {
    char line[PANEL_LINES][PANEL_BYTES];
    int count, width;
} Panel;

static void panel_add(Panel *pn, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void panel_add(Panel *pn, const char *fmt, ...)
{
    if (pn->count >= PANEL_LINES) return;
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

void view_score(const EngineReply *r, char *buf, size_t len)
{
    if (!r->has_score) snprintf(buf, len, "%s", "");
    else if (r->mate) snprintf(buf, len, "%sM%d", r->score < 0 ? "-" : "+", abs(r->score));
    else snprintf(buf, len, "%s%d.%02d", r->score < 0 ? "-" : "+", abs(r->score) / 100, abs(r->score) % 100);
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
    GameState *s = game_state_at(p->game, p->root);
    char buf[sizeof p->last.pv], *save, text[MOVE_TEXT_BYTES], err[200];
    size_t used = 0;
    out[0] = '\0';
    if (!s || game_replay(p->game, s, p->root, p->played, p->last_ply)) {
        if (s) p->game->state_free(s);
        return;
    }
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

/* ------------------------------------------------------------------------ */
/* The panel                                                                */
/* ------------------------------------------------------------------------ */

static void add_players(const Play *p, Panel *pn)
{
    for (int side = 0; side < 2; side++) {
        char clock[32] = "";
        if (p->tc[side].base_ms > 0) clock_text(p->clock[side], clock, sizeof clock);
        panel_add(pn, "%-6s %-20.20s %s", p->game->side_name[side], play_side_name(p, side), clock);
    }
}

static void add_status(const Play *p, Panel *pn)
{
    char text[512];
    int side = p->game->side_to_move(p->state);
    if (p->over) snprintf(text, sizeof text, "%s", p->ending);
    else snprintf(text, sizeof text, "move %d: %s to move%s", p->game->move_number(p->state), p->game->side_name[side],
                  p->human[side] ? "" : " (thinking)");
    panel_wrap(pn, text, "  ");
    if (p->last_ply < 0) return;
    char score[32], pv[PANEL_BYTES * 2], line[PANEL_BYTES * 3];
    view_score(&p->last, score, sizeof score);
    pv_text(p, pv, sizeof pv);
    snprintf(line, sizeof line, "depth %d%s%s (%s)", p->last.depth, score[0] ? ", score " : "", score,
             play_side_name(p, (p->rec->start_side + p->last_ply) & 1));
    panel_wrap(pn, line, "  ");
    if (pv[0]) {
        snprintf(line, sizeof line, "pv %s", pv);
        panel_wrap(pn, line, "   ");
    }
}

/* The moves so far, two a line (the first player's in a column as wide as
 * its longest), the latest that fit in `room` lines. */
static void add_moves(const Play *p, Panel *pn, int room)
{
    static char first[GAME_MAX_PLIES][MOVE_TEXT_BYTES + 16], second[GAME_MAX_PLIES][MOVE_TEXT_BYTES];
    GameState *s = game_state_at(p->game, p->root);
    int n = 0, width = 0;
    if (!s) return;
    for (int i = 0; i < p->rec->plies && n < GAME_MAX_PLIES; i++) {
        char text[MOVE_TEXT_BYTES];
        int side = p->game->side_to_move(s);
        view_move(p, s, p->played[i], text, sizeof text);
        if (side == 0 || i == 0) {
            snprintf(first[n], sizeof first[n], "%3d. %s", p->game->move_number(s), side == 0 ? text : "...");
            second[n++][0] = '\0';
            width = term_width(first[n - 1]) > width ? term_width(first[n - 1]) : width;
        }
        if (side == 1) snprintf(second[n - 1], sizeof second[n - 1], "%s", text);
        p->game->play(s, p->played[i]);
    }
    p->game->state_free(s);
    panel_add(pn, "moves (%s):", p->game->notations[p->notation].name);
    int from = n > room - 1 ? n - (room - 1) + 1 : 0;
    if (from > 0) panel_add(pn, "  ...");
    for (int i = from; i < n; i++)
        panel_add(pn, "%s%*s%s", first[i], second[i][0] ? width + 2 - term_width(first[i]) : 0, "", second[i]);
}

static void build_panel(const Play *p, Panel *pn, int height)
{
    pn->count = 0;
    panel_add(pn, "qibench play: %s", p->game->name);
    add_players(p, pn);
    panel_add(pn, "%s", "");
    add_status(p, pn);
    panel_add(pn, "%s", "");
    add_moves(p, pn, height - pn->count);
}

/* ------------------------------------------------------------------------ */
/* The screen                                                               */
/* ------------------------------------------------------------------------ */

void view_draw(Play *p)
{
    char *board = NULL, *line[BOARD_LINES];
    size_t size = 0;
    int nboard = 0, width = 0;
    FILE *f = open_memstream(&board, &size);
    if (!f) return;
    p->game->render(p->state, &p->view, f);
    fclose(f);
    for (char *c = board; c && *c && nboard < BOARD_LINES;) {
        char *nl = strchr(c, '\n');
        line[nboard++] = c;
        if (nl) *nl = '\0';
        int w = term_width(c);
        width = w > width ? w : width;
        c = nl ? nl + 1 : c + strlen(c);
    }
    static Panel pn;
    pn.width = SCREEN_COLUMNS - width - 3;
    build_panel(p, &pn, nboard);
    if (p->clear) fputs("\033[H\033[2J", p->out);
    for (int i = 0; i < nboard || i < pn.count; i++) {
        const char *b = i < nboard ? line[i] : "";
        if (i < pn.count) fprintf(p->out, "%s%*s  %s\n", b, width - term_width(b), "", pn.line[i]);
        else fprintf(p->out, "%s\n", b);
    }
    if (p->message[0]) fprintf(p->out, "%s\n", p->message);
    p->message[0] = '\0';
    p->redraw = false;
    fflush(p->out);
    free(board);
}
