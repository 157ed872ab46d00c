/*
 * registry.c - the games the harness knows, one line each; the first is the
 * default. Adding a game: its descriptor file beside this one, a line here,
 * and its name in the Makefile's HARNESS_GAMES.
 */
#include <stdio.h>
#include <string.h>

#include "games/game.h"

extern const Game GAME_XIANGQI;
extern const Game GAME_AMAZONS;

static const Game *const GAMES[] = {
    &GAME_XIANGQI,
    &GAME_AMAZONS,
};
#define GAME_COUNT (int)(sizeof GAMES / sizeof GAMES[0])

const Game *game_by_name(const char *name)
{
    for (int i = 0; i < GAME_COUNT; i++)
        if (strcmp(GAMES[i]->name, name) == 0) return GAMES[i];
    return NULL;
}

const Game *game_default(void) { return GAMES[0]; }

int game_count(void) { return GAME_COUNT; }

const Game *game_at(int i) { return i >= 0 && i < GAME_COUNT ? GAMES[i] : NULL; }

const char *game_names(void)
{
    static char names[256];
    if (names[0]) return names;
    for (int i = 0, used = 0; i < GAME_COUNT && used < (int)sizeof names; i++)
        used += snprintf(names + used, sizeof names - (size_t)used, "%s%s", i ? ", " : "", GAMES[i]->name);
    return names;
}
