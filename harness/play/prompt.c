/*
 * play/prompt.c - the commands typed at `qibench play`'s prompt, one
 * {name, arguments, help, handler} table. A handler carries out what it can
 * at once (hint, flip, moves, notation, fen, save, help, and undo through
 * the game loop's game_take_back) and tells the loop what next (go on, a
 * new game, resign, quit).
 */
#include "play/prompt.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "play/save.h"
#include "proc/stopsig.h"
#include "play/view.h"
#include "util/term.h"

/* Most legal moves `moves` lists at once. */
#define MOVES_SHOWN 240

typedef struct {
    const char *name, *args, *help;
    LoopAction (*run)(Play *p, const char *arg);
} Command;

/* Takes back the last move; against an engine, back to the person's last move. */
static LoopAction cmd_undo(Play *p, const char *arg)
{
    const GameRecord *g = p->rec;
    int plies = g->plies, last_human = -1;
    (void)arg;
    for (int i = 0; i < plies; i++)
        if (p->human[(g->start_side + i) & 1]) last_human = i;
    if (last_human < 0 || !game_take_back(p->gp, p->human[0] && p->human[1] ? plies - 1 : last_human)) {
        fprintf(p->out, "nothing to undo\n");
        return LOOP_ON;
    }
    p->shown = 0;
    p->dirty = p->redraw = true;
    if (p->last_ply >= g->plies) p->last_ply = -1;
    return LOOP_ON;
}

/* The engine for hints: a side's, else our own, started once. */
static Client *hint_engine(Play *p, const EngineEntry **entry)
{
    *entry = NULL;
    for (int s = 0; s < 2; s++)
        if (p->client[s]) return *entry = p->entry[s], p->client[s];
    if (!p->hint_engine && !p->hint_failed) {
        EngineSpec spec;
        ClientStatus st;
        char err[512];
        memset(&spec, 0, sizeof spec);
        snprintf(spec.name, sizeof spec.name, "%s", p->game->engine);
        snprintf(spec.cmd, sizeof spec.cmd, "%s", p->own_engine);
        spec.game = p->game;
        ClientTimeouts t = client_default_timeouts();
        p->hint_engine = client_start(&spec, &t, NULL, NULL, &st, err, sizeof err);
        if (!p->hint_engine) fprintf(p->out, "hint: no engine to ask: %s\n", err);
        p->hint_failed = !p->hint_engine;
    }
    return p->hint_engine;
}

/* The hint engine's search in the game: a side's engine was told the game
 * by the loop; the hint engine is told it now. */
static ClientStatus hint_search(Play *p, Client *c, const GoLimits *l, EngineReply *r, char *err, size_t errlen)
{
    if (c != p->hint_engine) return client_search(c, l, r, err, errlen);
    const GameRecord *g = p->rec;
    MoveCode *moves = malloc((size_t)(g->plies + 1) * sizeof *moves);
    if (!moves) return snprintf(err, errlen, "out of memory"), CLIENT_UNSUPPORTED;
    for (int i = 0; i < g->plies; i++) moves[i] = g->moves[i].move;
    ClientStatus st = client_go(c, g->fen, moves, g->plies, l, r, err, errlen);
    free(moves);
    return st;
}

static LoopAction cmd_hint(Play *p, const char *arg)
{
    const EngineEntry *e;
    Client *c = hint_engine(p, &e);
    (void)arg;
    if (!c) return LOOP_ON;
    GoLimits l;
    memset(&l, 0, sizeof l);
    if (e && (e->limits.depth || e->limits.nodes || e->limits.movetime)) {
        l.depth = e->limits.depth;
        l.nodes = e->limits.nodes;
        l.movetime = e->limits.movetime;
    } else {
        l.movetime = PLAY_DEFAULT_MOVETIME_MS;
    }
    EngineReply r;
    char err[512], text[MOVE_TEXT_BYTES], record[MOVE_TEXT_BYTES], score[64];
    fprintf(p->out, "thinking...\n");
    fflush(p->out);
    if (hint_search(p, c, &l, &r, err, sizeof err) != CLIENT_OK) {
        if (!stopsig_level()) fprintf(p->out, "hint: %s\n", err); /* else Ctrl-C killed the engine */
        return LOOP_ON;
    }
    view_move(p, p->gp->pos, r.best, text, sizeof text);
    game_move_record(p->game, p->gp->pos, r.best, record, sizeof record);
    view_score(&r, p->game->side_name[p->game->side_to_move(p->gp->pos)], score, sizeof score);
    fprintf(p->out, "hint: %s", text);
    if (strcmp(text, record) != 0) fprintf(p->out, " (%s)", record);
    if (score[0]) fprintf(p->out, ", score %s at depth %d", score, r.depth);
    fprintf(p->out, "\n");
    return LOOP_ON;
}

static LoopAction cmd_flip(Play *p, const char *arg)
{
    (void)arg;
    p->view.flipped = !p->view.flipped;
    view_draw(p);
    return LOOP_ON;
}

static bool starts_with(const char *text, const char *prefix)
{
    return strncasecmp(text, prefix, strlen(prefix)) == 0;
}

/* The legal moves in the session's notation, those starting with arg, in columns. */
static LoopAction cmd_moves(Play *p, const char *arg)
{
    MoveCode *list = malloc(GAME_MOVES_MAX * sizeof *list);
    static char text[MOVES_SHOWN][MOVE_TEXT_BYTES];
    int n = list ? p->game->legal_moves(p->gp->pos, list) : 0, shown = 0, more = 0, width = 1;
    for (int i = 0; i < n; i++) {
        char t[MOVE_TEXT_BYTES];
        view_move(p, p->gp->pos, list[i], t, sizeof t);
        if (arg[0] && !starts_with(t, arg)) continue;
        if (shown == MOVES_SHOWN) {
            more++;
            continue;
        }
        memcpy(text[shown++], t, sizeof t);
        width = term_width(t) > width ? term_width(t) : width;
    }
    int per_line = 78 / (width + 2);
    for (int i = 0; i < shown; i++)
        fprintf(p->out, "%s%*s%s", text[i], width + 2 - term_width(text[i]), "",
                (i + 1) % per_line == 0 || i + 1 == shown ? "\n" : "");
    fprintf(p->out, "%d legal move%s", shown + more, shown + more == 1 ? "" : "s");
    if (arg[0]) fprintf(p->out, " starting '%s'", arg);
    if (more) fprintf(p->out, "; %d not shown: `moves PREFIX` lists those starting with PREFIX", more);
    fprintf(p->out, "\n");
    free(list);
    return LOOP_ON;
}

static LoopAction cmd_notation(Play *p, const char *arg)
{
    int n = arg[0] ? game_notation_by_name(p->game, arg) : -1;
    if (n >= 0 && p->game->notations[n].writable) {
        p->notation = n;
        p->shown = 0;
        view_draw(p);
        return LOOP_ON;
    }
    fprintf(p->out, "%s%s%snotations:", arg[0] ? "unknown notation '" : "", arg, arg[0] ? "'; " : "");
    for (int i = 0; i < p->game->notation_count; i++)
        if (p->game->notations[i].writable)
            fprintf(p->out, " %s (%s)%s", p->game->notations[i].name, p->game->notations[i].example,
                    i == p->notation ? " [shown]" : "");
    fprintf(p->out, "\n");
    return LOOP_ON;
}

static LoopAction cmd_fen(Play *p, const char *arg)
{
    char text[GAME_TEXT_MAX];
    (void)arg;
    p->game->position_text(p->gp->pos, text, sizeof text);
    fprintf(p->out, "%s\n", text);
    return LOOP_ON;
}

static LoopAction cmd_save(Play *p, const char *arg)
{
    size_t n = strlen(arg);
    bool sgf = p->game->sgf && n > 4 && strcasecmp(arg + n - 4, ".sgf") == 0;
    if (!arg[0])
        fprintf(p->out, "save: give a file name (save FILE: PGN%s)\n", p->game->sgf ? ", or SGF for .sgf" : "");
    else if (save_write_game(p, arg, sgf, false)) fprintf(p->out, "save: cannot write %s\n", arg);
    else fprintf(p->out, "saved the game so far in %s (%s)\n", arg, sgf ? "SGF" : "PGN");
    return LOOP_ON;
}

static LoopAction cmd_new(Play *p, const char *arg)
{
    (void)p, (void)arg;
    return LOOP_NEW;
}

static LoopAction cmd_resign(Play *p, const char *arg)
{
    (void)arg;
    if (!p->gp->over) return LOOP_RESIGN;
    fprintf(p->out, "the game is over\n");
    return LOOP_ON;
}

static LoopAction cmd_quit(Play *p, const char *arg)
{
    (void)p, (void)arg;
    return LOOP_QUIT;
}

static LoopAction cmd_help(Play *p, const char *arg);

static const Command COMMANDS[] = {
    {"undo", "", "take back the last move (against an engine: yours and its reply)", cmd_undo},
    {"hint", "", "the engine's suggestion, with its score", cmd_hint},
    {"flip", "", "turn the board", cmd_flip},
    {"moves", "[PREFIX]", "the legal moves (those starting with PREFIX)", cmd_moves},
    {"notation", "NAME", "show the moves in that notation", cmd_notation},
    {"fen", "", "the position's text", cmd_fen},
    {"save", "FILE", "write the game so far to FILE (PGN; SGF for .sgf where the game has it)", cmd_save},
    {"new", "", "start a new game (this one is saved)", cmd_new},
    {"resign", "", "give up the game", cmd_resign},
    {"help", "", "this text", cmd_help},
    {"quit", "", "save the game and leave (Ctrl-D too)", cmd_quit},
};
#define COMMAND_COUNT (int)(sizeof COMMANDS / sizeof COMMANDS[0])

static LoopAction cmd_help(Play *p, const char *arg)
{
    const Game *g = p->game;
    (void)arg;
    fprintf(p->out, "Type a move in any notation (");
    for (int i = 0, first = 1; i < g->notation_count; i++)
        if (g->notations[i].writable && (i == g->record_notation || !g->notations[i].protocol)) {
            fprintf(p->out, "%s%s %s", first ? "" : ", ", g->notations[i].label, g->notations[i].example);
            first = 0;
        }
    fprintf(p->out, "), or a command:\n");
    for (int i = 0; i < COMMAND_COUNT; i++) {
        char head[32];
        snprintf(head, sizeof head, "%s %s", COMMANDS[i].name, COMMANDS[i].args);
        fprintf(p->out, "  %-16s %s\n", head, COMMANDS[i].help);
    }
    return LOOP_ON;
}

const char *const *prompt_words(void)
{
    static const char *words[COMMAND_COUNT + 1];
    for (int i = 0; i < COMMAND_COUNT; i++) words[i] = COMMANDS[i].name;
    return words;
}

bool prompt_command(Play *p, const char *line, LoopAction *action)
{
    char word[16];
    size_t n = 0;
    while (line[n] && !isspace((unsigned char)line[n]) && n + 1 < sizeof word) word[n] = line[n], n++;
    word[n] = '\0';
    if (line[n] && !isspace((unsigned char)line[n])) return false; /* longer than any command */
    const char *arg = line + n;
    while (isspace((unsigned char)*arg)) arg++;
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcasecmp(word, COMMANDS[i].name) == 0) return *action = COMMANDS[i].run(p, arg), true;
    return false;
}
