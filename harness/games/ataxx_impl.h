/*
 * ataxx_impl.h - what the Ataxx harness files share (ataxx.c: the
 * descriptor, endings, adjudication; ataxx_board.c: drawing). Nothing
 * outside harness/games/ataxx*.c includes it.
 */
#ifndef HARNESS_GAMES_ATAXX_IMPL_H
#define HARNESS_GAMES_ATAXX_IMPL_H

#include <stdio.h>

#include "ataxx/board.h"
#include "games/game.h"

struct GameState {
    AtxPosition pos;
};

/* Draws the board (Game.render). */
void ax_render(const GameState *s, const RenderOptions *o, FILE *out);

#endif
