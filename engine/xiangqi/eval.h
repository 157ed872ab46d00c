/*
 * eval.h - static evaluation: material plus piece-square tables.
 */
#ifndef XQ_EVAL_H
#define XQ_EVAL_H

#include "board.h"

/* Piece values in centipawns (a pawn before the river is 100). The relative
 * values are the ones commonly published for Xiangqi (e.g. the Wikipedia
 * article "Xiangqi", section on piece values): chariot 9, cannon 4.5,
 * horse 4, advisor 2, elephant 2, pawn 1 before and 2 after the river (the
 * river bonus is in the pawn table). The general is never captured. */
enum {
    VALUE_PAWN = 100,
    VALUE_ADVISOR = 200,
    VALUE_ELEPHANT = 200,
    VALUE_HORSE = 400,
    VALUE_CANNON = 450,
    VALUE_CHARIOT = 900,
    VALUE_GENERAL = 0
};

/* Fills board_psq from the tables. Call once after board_init(). */
void eval_init(void);

/* The evaluation from the side to move's point of view (incremental). */
static inline int eval(const Position *pos)
{
    return pos->side == RED ? pos_score(pos) : -pos_score(pos);
}

/* The terms beyond material and tables (eval_terms.c), one bit each: the
 * search features Mobility, KingSafety, Pawns, Phase, Endgames and KingAttack (game.h). */
enum {
    EVAL_TERM_MOBILITY = 1 << 0,
    EVAL_TERM_KING_SAFETY = 1 << 1,
    EVAL_TERM_PAWNS = 1 << 2,
    EVAL_TERM_PHASE = 1 << 3,
    EVAL_TERM_ENDGAMES = 1 << 4,
    EVAL_TERM_KING_ATTACK = 1 << 5,
};

/* The sum of the terms given, from Red's point of view (0 when none). */
int eval_terms(const Position *pos, unsigned terms);

/* eval() plus the terms given, from the side to move's point of view. */
static inline int eval_with_terms(const Position *pos, unsigned terms)
{
    if (!terms) return eval(pos);
    int score = pos_score(pos) + eval_terms(pos, terms);
    return pos->side == RED ? score : -score;
}

/* Material value of a piece type (for move ordering). */
int eval_piece_value(int type);

#endif
