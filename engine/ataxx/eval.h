/*
 * eval.h - Ataxx evaluation: material, mobility (the empty squares a side
 * can fill with a single), stability (pieces with no empty square next to
 * them: no move of the next ply can convert them) and, when the board is
 * nearly full, an endgame count (the empty squares only one side can still
 * reach go to it; the mobility and stability terms fade out).
 *
 * Units: 100 = one piece.
 */
#ifndef ATX_EVAL_H
#define ATX_EVAL_H

#include "board.h"

/* Per single target (mobility), per stable piece (stability). */
#define ATX_EVAL_MOBILITY 6
#define ATX_EVAL_STABILITY 10
/* The endgame count starts when at most this many empty squares are left. */
#define ATX_EVAL_ENDGAME_EMPTY 10

/* The terms, each from x's point of view. */
typedef struct {
    int material;  /* pieces of x less pieces of o */
    int mobility;  /* single targets of x less those of o */
    int stability; /* stable pieces of x less those of o */
    int fill;      /* empty squares only x reaches less those only o reaches */
    int empty;     /* empty squares left */
} AtxEvalTerms;

/*
 * Fills *terms (when not NULL) and returns the evaluation from x's point of
 * view: 100 * material + w * (ATX_EVAL_MOBILITY * mobility +
 * ATX_EVAL_STABILITY * stability) / 16 + (16 - w) * 100 * fill / 16, where
 * w = 16 in the open game and falls linearly to 0 as the empty squares go
 * from ATX_EVAL_ENDGAME_EMPTY to 0.
 */
int atx_eval_terms(const AtxPosition *pos, AtxEvalTerms *terms);

/* The evaluation from the side to move's point of view. */
int atx_eval(const AtxPosition *pos);

#endif
