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

/* Fills xq_board_psq from the tables. Call once after xq_board_init(). */
void xq_eval_init(void);

/* The evaluation from the side to move's point of view (incremental). */
static inline int eval(const Position *pos)
{
    return pos->side == RED ? pos_score(pos) : -pos_score(pos);
}

/* The terms beyond material and tables (eval_terms.c), one bit each: the
 * search features Mobility, KingSafety, Pawns, Phase, Endgames, KingAttack,
 * Tuned and Threats (game.h). Tuned replaces the material and tables by the tuned
 * tapered tables (the term is their sum less the hand-written tables'). */
enum {
    EVAL_TERM_MOBILITY = 1 << 0,
    EVAL_TERM_KING_SAFETY = 1 << 1,
    EVAL_TERM_PAWNS = 1 << 2,
    EVAL_TERM_PHASE = 1 << 3,
    EVAL_TERM_ENDGAMES = 1 << 4,
    EVAL_TERM_KING_ATTACK = 1 << 5,
    EVAL_TERM_TUNED = 1 << 6,
    EVAL_TERM_THREATS = 1 << 7,
};

/* The tapered tables of the term Tuned (eval_tuned.c, written by
 * bin/xiangqi-tune): a value, piece value included, for each piece type,
 * rank counted from its own side (0: its back rank) and file folded onto
 * a-e (a and i are 0, e is 4), in the middlegame [0] and the endgame [1]. */
#define EVAL_TUNED_HFILES 5
#define EVAL_TUNED_ENTRIES (8 * RANKS * EVAL_TUNED_HFILES)
extern const int16_t XQ_EVAL_TUNED[2][EVAL_TUNED_ENTRIES];

/* The entry of a piece of the given type and colour on square sq. */
static inline int eval_tuned_entry(int type, int colour, int sq)
{
    int file = SQ_FILE(sq), rank = SQ_RANK(sq);
    int rrank = colour == RED ? rank : RANKS - 1 - rank;
    int hfile = file < EVAL_TUNED_HFILES ? file : FILES - 1 - file;
    return (type * RANKS + rrank) * EVAL_TUNED_HFILES + hfile;
}

/* The weights of the terms Mobility, KingSafety, KingAttack and Threats, and of
 * Tuned's side to move, each times a feature of xq_eval_term_features (divided by
 * xq_eval_weight_divisor): hand-written (eval_terms.c), and by phase for Tuned
 * (eval_tuned.c). */
enum {
    EVAL_W_MOB_CHARIOT, /* Mobility: per chariot square */
    EVAL_W_MOB_HORSE,   /* per horse move */
    EVAL_W_MOB_CANNON,  /* per cannon square */
    EVAL_W_KS_POINT,    /* KingSafety: per missing guard piece times attack point */
    EVAL_W_KS_HOLLOW,   /* per hollow cannon */
    EVAL_W_KING_ATTACK, /* KingAttack: percent of its penalty */
    EVAL_W_THREAT,      /* Threats: per capture of a more valuable piece */
    EVAL_W_TEMPO,       /* Tuned itself: the side to move's bonus (hand weight 0) */
    EVAL_WEIGHTS
};
extern const int16_t XQ_EVAL_TUNED_WEIGHTS[2][EVAL_WEIGHTS];
int xq_eval_hand_weight(int w);
int xq_eval_weight_divisor(int w);

/* The features of the weighted terms among terms, Red's less Black's, into f. */
void xq_eval_term_features(const Position *pos, unsigned terms, int f[EVAL_WEIGHTS]);

/* The phase: 6 per chariot, 3 per horse or cannon on the board, at most
 * EVAL_PHASE_FULL (48, the start); the middlegame weight is phase / 48. */
#define EVAL_PHASE_FULL 48
int xq_eval_phase(const Position *pos);

/* The hand-written value (piece value + table) of a piece of the given type
 * on rank rrank from its own side, file hfile (a-e: 0-4). */
int xq_eval_hand_value(int type, int rrank, int hfile);

/* The sum of the terms given, from Red's point of view (0 when none). */
int xq_eval_terms(const Position *pos, unsigned terms);

/* eval() plus the terms given, from the side to move's point of view. */
static inline int eval_with_terms(const Position *pos, unsigned terms)
{
    if (!terms) return eval(pos);
    int score = pos_score(pos) + xq_eval_terms(pos, terms);
    return pos->side == RED ? score : -score;
}

/* Material value of a piece type (for move ordering). */
int xq_eval_piece_value(int type);

#endif
