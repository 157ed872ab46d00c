/*
 * registry.c - the games the harness knows: the Makefile's GAMES, one
 * GAME(GAME_<NAME>) line each in the generated games.h; the first is the
 * default. Adding a game: its descriptor file beside this one (defining
 * GAME_<NAME>) and its name in the Makefile's GAMES.
 */
#include <stdio.h>
#include <string.h>

#include "games/game.h"

#define GAME(descriptor) extern const Game descriptor;
#include "games.h"
#undef GAME

static const Game *const GAMES[] = {
#define GAME(descriptor) &descriptor,
#include "games.h"
#undef GAME
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
