/*
 * eval.h - Amazons evaluation: territory by queen-move and king-move
 * distances, closeness, mobility and a penalty for nearly trapped amazons,
 * weighted by how open the game still is (after the ideas of Lieberum's
 * AMAZONG evaluation, Theor. Comput. Sci. 349 (2005); our own formulas).
 *
 * Units: 100 = one square of territory.
 */
#ifndef AMZ_EVAL_H
#define AMZ_EVAL_H

#include "board.h"

/* Phase: AMZ_EVAL_PHASE_MAX when the armies still meet everywhere, 0 when
 * every region has only one side's amazons (territory alone counts then). */
#define AMZ_EVAL_PHASE_MAX 64
/* What a square both sides reach equally fast is worth to the side to move. */
#define AMZ_EVAL_TEMPO 20
/* Per square an amazon reaches, in the open phase. */
#define AMZ_EVAL_MOBILITY 4
/* The evaluation never leaves [-AMZ_EVAL_LIMIT, AMZ_EVAL_LIMIT] (far from
 * the search's mate scores). */
#define AMZ_EVAL_LIMIT 20000

/* The terms, each from White's point of view. */
typedef struct {
    int queen_territory; /* 100 per square White reaches in fewer queen moves, -100 per Black's; ties: tempo */
    int king_territory;  /* the same with king-move distances */
    int queen_closeness; /* 200 * sum of (2^-dW - 2^-dB) over empty squares (queen distances) */
    int mobility;        /* squares White's amazons reach in one move, less Black's */
    int trapped;         /* penalty of Black's nearly trapped amazons less White's */
    int phase;           /* 0 .. AMZ_EVAL_PHASE_MAX */
} AmzEvalTerms;

/* Penalty for an amazon that reaches r squares in one queen move (r < 6). */
extern const int AMZ_TRAP_PENALTY[6];

/*
 * Fills *terms (when not NULL) and returns the evaluation from White's point
 * of view: (64 - phase) * queen_territory / 64 + phase * (queen_territory / 2
 * + king_territory / 2 + queen_closeness + AMZ_EVAL_MOBILITY * mobility) / 64
 * + trapped, clamped to AMZ_EVAL_LIMIT.
 */
int amz_eval_terms(const AmzPosition *pos, AmzEvalTerms *terms);

/* The evaluation from the side to move's point of view. */
int amz_eval(const AmzPosition *pos);

/*
 * Queen-move (queen != 0) or king-move distance from the amazons of `side`
 * to every square over empty squares: 0 on its amazons, 255 where
 * unreachable (and on arrows and the other side's amazons).
 */
void amz_eval_distances(const AmzPosition *pos, int side, bool queen, uint8_t dist[AMZ_SQUARES]);

#endif
