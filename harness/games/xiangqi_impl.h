/*
 * xiangqi_impl.h - what the Xiangqi harness files share inside the sealed
 * object (xiangqi.c: the descriptor; xiangqi_board.c: drawing;
 * xiangqi_explain.c: why a typed move is refused). Nothing outside
 * harness/games/xiangqi*.c includes it; the sealing makes its functions
 * local to the object.
 */
#ifndef HARNESS_GAMES_XIANGQI_IMPL_H
#define HARNESS_GAMES_XIANGQI_IMPL_H

#include <stdbool.h>
#include <stdio.h>

#include "xiangqi/board.h"
#include "games/game.h" /* the harness's (engine/xiangqi/ has a game.h too) */

struct GameState {
    Position pos;
};

/* The English name of a piece type ("horse"); "" for EMPTY. */
const char *xq_piece_name(int type);

/* Writes a square's ICCS name ("h2") to out (room for 3). */
void xq_square_name(int sq, char *out);

/* Is sq inside the palace of colour (RED or BLACK)? */
bool xq_in_palace(int sq, int colour);

/* Draws the board (Game.render). */
void xq_render(const GameState *s, const RenderOptions *o, FILE *out);

/*
 * Says why text, in core notation `notation` (NOTATION_ICCS ..
 * NOTATION_CHINESE, or -1 for the first that reads it), names no single
 * legal move of pos: the rule that refuses it ("h0g2: the horse's leg is
 * blocked at h1"), the piece that is not there, or the pieces that match
 * when several do. Writes one line to err. pos is restored.
 */
void xq_explain(Position *pos, const char *text, int notation, char *err, size_t errlen);

#endif
