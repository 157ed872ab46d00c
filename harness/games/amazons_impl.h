/*
 * amazons_impl.h - what the Amazons harness files share inside the sealed
 * object (amazons.c: the descriptor and SGF; amazons_board.c: drawing).
 * Nothing outside harness/games/amazons*.c includes it; the sealing makes
 * its functions local to the object.
 */
#ifndef HARNESS_GAMES_AMAZONS_IMPL_H
#define HARNESS_GAMES_AMAZONS_IMPL_H

#include <stdio.h>

#include "amazons/board.h"
#include "games/game.h" /* the harness's (engine/amazons/ has a game.h too) */

struct GameState {
    AmzPosition pos;
};

/* Draws the board (Game.render). */
void am_render(const GameState *s, const RenderOptions *o, FILE *out);

#endif
