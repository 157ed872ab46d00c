/*
 * games/game.c - what every game shares on the harness's side: result text and
 * points, notation lookup, replaying a recorded game.
 */
#include "games/game.h"

#include <stdio.h>
#include <string.h>

const char *game_result_text(GameResult r)
{
    switch (r) {
    case RESULT_FIRST_WINS: return "1-0";
    case RESULT_SECOND_WINS: return "0-1";
    case RESULT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

GameResult game_result_parse(const char *text)
{
    if (strcmp(text, "1-0") == 0) return RESULT_FIRST_WINS;
    if (strcmp(text, "0-1") == 0) return RESULT_SECOND_WINS;
    if (strcmp(text, "1/2-1/2") == 0) return RESULT_DRAW;
    return RESULT_NONE;
}

int game_points2(GameResult r, int side)
{
    if (r == RESULT_DRAW) return 1;
    return (r == RESULT_FIRST_WINS) == (side == 0) ? 2 : 0;
}

int game_notation_by_name(const Game *g, const char *name)
{
    for (int i = 0; i < g->notation_count; i++)
        if (strcmp(g->notations[i].name, name) == 0) return i;
    return -1;
}

int game_rule_set_by_name(const Game *g, const char *name)
{
    for (int i = 0; g->rule_sets && g->rule_sets[i]; i++)
        if (strcmp(g->rule_sets[i], name) == 0) return i;
    return -1;
}

const char *game_rule_set_name(const Game *g, int i)
{
    return g->rule_sets && i >= 0 && g->rule_sets[i] ? g->rule_sets[i] : "standard";
}

int game_replay(const Game *g, GameState *s, const char *root, const MoveCode *moves, int n)
{
    if (g->set_position(s, root, NULL, 0)) return -1;
    for (int i = 0; i < n; i++)
        if (!g->play(s, moves[i])) return -1;
    return 0;
}

GameState *game_state_at(const Game *g, const char *position)
{
    GameState *s = g->state_new();
    if (s && g->set_position(s, position, NULL, 0)) {
        g->state_free(s);
        return NULL;
    }
    return s;
}

void game_move_record(const Game *g, GameState *s, MoveCode m, char *buf, size_t len)
{
    if (g->format_move(s, m, g->record_notation, buf, len)) buf[0] = '\0';
}

int game_engine_position(const Game *g, const char *text, const char *dialect, char *out, size_t len, char *err,
                         size_t errlen)
{
    if (g->engine_position) return g->engine_position(text, dialect, out, len, err, errlen);
    if (dialect[0]) return snprintf(err, errlen, "expected nothing: this game has one spelling"), -1;
    if (strlen(text) >= len) return snprintf(err, errlen, "position text too long"), -1;
    memcpy(out, text, strlen(text) + 1);
    return 0;
}

bool game_is_start(const Game *g, const char *position)
{
    return strncmp(position, g->start, strcspn(g->start, " ") + 2) == 0;
}
