/*
 * rules.h - how a Xiangqi game ends: checkmate and stalemate, repetition with
 * the perpetual-check rule, the no-capture limit, insufficient material and
 * an optional ply cap. Each ending comes with its reason.
 */
#ifndef XQ_RULES_H
#define XQ_RULES_H

#include "board.h"

typedef enum { RULES_NONE, RULES_RED_WINS, RULES_BLACK_WINS, RULES_DRAW } RulesResult;

typedef enum {
    END_NONE,
    END_CHECKMATE,             /* side to move is in check with no legal move: it loses */
    END_STALEMATE,             /* side to move has no legal move, not in check: it loses */
    END_PERPETUAL_CHECK,       /* third repetition; one side checked throughout: it loses */
    END_REPETITION,            /* third repetition otherwise: draw */
    END_NO_CAPTURE,            /* no capture for RulesConfig.no_capture_plies: draw */
    END_INSUFFICIENT_MATERIAL, /* no chariot, horse, cannon or pawn on the board: draw */
    END_MAX_PLIES,             /* RulesConfig.max_plies reached: draw */
    END_COUNT                  /* the number of reasons: a table sentinel, never a reason */
} EndReason;

typedef struct {
    int no_capture_plies; /* draw after this many plies without capture; 0 = never */
    int max_plies;        /* draw after this many plies since the root; 0 = never */
} RulesConfig;

#define RULES_DEFAULT_NO_CAPTURE 120

typedef struct {
    RulesResult result;
    EndReason reason;
} Outcome;

/* What a repeated position means for the side to move in it. */
typedef enum { REP_NONE, REP_DRAW, REP_WIN, REP_LOSS } RepVerdict;

/* The default configuration: 120 plies without capture, no ply cap. */
RulesConfig rules_default_config(void);

/*
 * Judges the game at pos (its history since the root, which the caller
 * built with pos_make_move). Checks, in this order: no legal move, the third
 * occurrence of the position, the no-capture limit, insufficient material,
 * the ply cap. Returns {RULES_NONE, END_NONE} while the game goes on. pos is
 * restored before returning. cfg may be NULL for the defaults.
 */
Outcome rules_outcome(Position *pos, const RulesConfig *cfg);

/*
 * Looks for `times` occurrences (counting the current one) of the current
 * position with the same side to move since the last capture. If found, the
 * cycle runs from the earliest of them to now: a side all of whose moves in
 * the cycle gave check loses, unless both sides did (then a draw). Returns
 * the verdict from the side to move's point of view, or REP_NONE.
 */
RepVerdict rules_repetition(const Position *pos, int times);

/* Is there no chariot, horse, cannon or pawn on the board? */
bool rules_insufficient_material(const Position *pos);

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *rules_result_text(RulesResult r);

/* A short lower-case name: "checkmate", "perpetual check", ... */
const char *rules_reason_text(EndReason r);

#endif
