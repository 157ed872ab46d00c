/*
 * chase.h - chase detection for the Asian (AXF) repetition rule: which
 * enemy pieces a side "chases" in a position, and which pieces one side
 * chased with every one of its moves over a repetition cycle.
 *
 * A piece is named by its colour and its piece-list slot (Position.list),
 * which a piece keeps through every move that captures nothing; a cycle of
 * repeated positions lies after the last capture, so the slot follows one
 * piece through the whole cycle.
 */
#ifndef XQ_CHASE_H
#define XQ_CHASE_H

#include <stdint.h>

#include "board.h"

/* Does the piece on `from` attack `to` by its move geometry (the shape of a
 * capture: legs, eyes, screens, palace and river), legality aside? */
bool xq_chase_piece_attacks(const Position *pos, int from, int to);

/*
 * The enemy pieces that colour c chases in pos, whoever is to move: bit i
 * is set for the piece pos->list[!c][i]. When chaser is not NULL, chaser[i]
 * gets the square of one piece that chases it. pos is modified during the
 * call and restored. See chase.c for the rules.
 */
uint16_t xq_chase_targets(Position *pos, int c, uint8_t chaser[16]);

/* What a side chased over a cycle. */
typedef struct {
    uint16_t targets;  /* pieces of the other side chased by every move of this side (slots) */
    int chaser_type;   /* for the lowest of them, at this side's last move: the chasing piece's type */
    int target_type;   /* ... the chased piece's type */
    int target_sq;     /* ... and where it stood */
} ChaseCycle;

/*
 * Replays the moves hist[start + 1 .. ply] of pos (which must capture
 * nothing) and fills out[RED] and out[BLACK]: the pieces each side newly
 * chased with every one of its moves in them (a perpetual chase when
 * targets is not 0). pos is restored.
 */
void xq_chase_cycle(Position *pos, int start, ChaseCycle out[2]);

#endif
