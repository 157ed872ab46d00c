/*
 * play/view.h - the screen of `qibench play` (play/view.c).
 */
#ifndef HARNESS_PLAY_VIEW_H
#define HARNESS_PLAY_VIEW_H

#include "play/play_impl.h"

/* Clears the screen (when on a terminal) and draws the board of the game
 * being played (p->gp), the panel beside it and the pending message; on a
 * terminal within its height, a line left for the prompt. */
void view_draw(Play *p);
/* An engine's score from the view of side (the side that searched, named):
 * "+0.35 for SIDE", "-M3 for SIDE" (SIDE is mated in 3); "" without one. */
void view_score(const EngineReply *r, const char *side, char *buf, size_t len);
/* The move m of the position s in the session's notation (record notation when that fails). */
void view_move(const Play *p, GameState *s, MoveCode m, char *buf, size_t len);
/* The player names for PGN / SGF and the panel: "human" or the engine's. */
const char *view_side_name(const Play *p, int side);

#endif
