/*
 * formats/sgf.c - writing games as SGF FF[4] (https://red-bean.com/sgf/): a game
 * tree "(;root;move;move...)". The game supplies its GM number, board size,
 * each side's move property, how a move and a set-up position are written
 * (see the game's GameSgf in harness/games/).
 */
#include "formats/sgf.h"

#include <stdbool.h>
#include <string.h>

/* Moves per line of the file. */
#define SGF_MOVES_PER_LINE 10

/* Writes ID[value], escaping ']' and '\' and blanking control bytes. */
static void write_text(FILE *f, const char *id, const char *value)
{
    if (!value || !value[0]) return;
    fprintf(f, "%s[", id);
    for (const char *p = value; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == ']' || c == '\\') fputc('\\', f);
        fputc(c < 0x20 || c == 0x7F ? ' ' : c, f);
    }
    fputc(']', f);
}

/* RE[]'s value: "W+", "B+R", "0", or "" while undecided. */
static void result_value(const Game *game, const GameRecord *g, char *buf)
{
    buf[0] = '\0';
    if (g->result == RESULT_DRAW) strcpy(buf, "0");
    if (g->result != RESULT_FIRST_WINS && g->result != RESULT_SECOND_WINS) return;
    buf[0] = game->sgf->colour[g->result == RESULT_FIRST_WINS ? 0 : 1];
    buf[1] = '+';
    buf[2] = g->term == TERM_RESIGN || g->term == TERM_ENGINE_RESIGN ? 'R'
             : g->term == TERM_TIME                                   ? 'T'
             : g->term == TERM_RULES                                  ? '\0'
                                                                      : 'F';
    buf[3] = '\0';
}

/* The root node; 0, or -1 when the setup properties do not fit. */
static int write_root(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g, const GameState *pos)
{
    char date[16] = "", result[8], setup[1024];
    fprintf(f, "(;FF[4]GM[%d]SZ[%d]CA[UTF-8]AP[qibench]", game->sgf->gm, game->sgf->size);
    write_text(f, "EV", tags->event);
    if (tags->date) {
        snprintf(date, sizeof date, "%s", tags->date);
        for (char *c = date; *c; c++)
            if (*c == '.') *c = '-';
    }
    if (!strchr(date, '?')) write_text(f, "DT", date);
    for (int side = 0; side < 2; side++) { /* PW, PB: "P" and the side's move property */
        char id[3] = {'P', game->sgf->colour[side], '\0'};
        write_text(f, id, side ? tags->second : tags->first);
    }
    result_value(game, g, result);
    write_text(f, "RE", result);
    if (game->sgf->setup(pos, setup, sizeof setup)) return -1;
    fputs(setup, f);
    fputc('\n', f);
    return 0;
}

int sgf_write(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g)
{
    if (!game->sgf) return -1;
    GameState *pos = game_state_at(game, g->fen[0] ? g->fen : game->start);
    if (!pos) return -1;
    int rc = write_root(f, game, tags, g, pos);
    for (int i = 0; i < g->plies && rc == 0; i++) {
        char value[64];
        int side = game->side_to_move(pos);
        if (game->sgf->move_value(g->moves[i].move, value, sizeof value) || !game->play(pos, g->moves[i].move)) {
            rc = -1;
            break;
        }
        fprintf(f, ";%c[%s]%s", game->sgf->colour[side], value,
                (i + 1) % SGF_MOVES_PER_LINE == 0 && i + 1 < g->plies ? "\n" : "");
    }
    fputs(")\n", f);
    game->state_free(pos);
    if (fflush(f) != 0 || ferror(f)) return -1;
    return rc;
}
