/*
 * rules.h - how a Xiangqi game ends: checkmate and stalemate, repetition
 * judged by a named rule set (asian: perpetual check and perpetual chase
 * lose; check-only: perpetual check loses; chess-like: every repetition is
 * a draw), the no-capture limit, insufficient material and an optional ply
 * cap. Each ending comes with its reason.
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
    END_PERPETUAL_CHASE,       /* asian: third repetition; one side chased one piece throughout: it loses */
    END_SIXTY_MOVES,           /* asian: the no-capture limit, checks beyond a side's tenth not counted: draw */
    END_COUNT                  /* the number of reasons: a table sentinel, never a reason */
} EndReason;

/* The rule sets, by name (xq_rules_set_name); RULES_ASIAN is the default. */
typedef enum { RULES_ASIAN, RULES_CHECK_ONLY, RULES_CHESS_LIKE, RULES_SET_COUNT } RuleSet;
/* Their names, in RuleSet order: the one list (rules.c, the engine's Rules
 * option through GAME_RULE_SETS, and qibench's --rules all use it). */
#define RULES_SET_NAMES "asian", "check-only", "chess-like"

typedef struct {
    int no_capture_plies; /* draw after this many plies without capture; 0 = never, < 0 = the rule set's */
    int max_plies;        /* draw after this many plies since the root; 0 = never */
    RuleSet rule_set;
} RulesConfig;

#define RULES_DEFAULT_NO_CAPTURE 120    /* asian and check-only: 60 moves */
#define RULES_CHESS_LIKE_NO_CAPTURE 100 /* chess-like: 50 moves */
/* asian: each side's checks beyond this many in the no-capture window do not count. */
#define RULES_ASIAN_FREE_CHECKS 10

typedef struct {
    RulesResult result;
    EndReason reason;
    /* END_PERPETUAL_CHASE: the chaser's colour, the chasing and the chased
     * piece's types and the chased piece's square at the chaser's last move. */
    int chaser, chaser_type, target_type, target_sq;
} Outcome;

/* What a repeated position means for the side to move in it. */
typedef enum { REP_NONE, REP_DRAW, REP_WIN, REP_LOSS } RepVerdict;

/* The default configuration: asian, 120 plies without capture, no ply cap. */
RulesConfig xq_rules_default_config(void);

/* "asian", "check-only", "chess-like" ("?" for anything else). */
const char *xq_rules_set_name(RuleSet rs);

/* The rule set called name (exactly), or -1. */
int xq_rules_set_by_name(const char *name);

/* The no-capture limit cfg means (its own, or its rule set's default). */
int xq_rules_no_capture_limit(const RulesConfig *cfg);

/*
 * Judges the game at pos (its history since the root, which the caller
 * built with xq_pos_make_move). Checks, in this order: no legal move, the third
 * occurrence of the position, the no-capture limit, insufficient material,
 * the ply cap. Returns {RULES_NONE, END_NONE} while the game goes on. pos is
 * restored before returning. cfg may be NULL for the defaults.
 */
Outcome xq_rules_outcome(Position *pos, const RulesConfig *cfg);

/*
 * Looks for `times` occurrences (counting the current one) of the current
 * position with the same side to move since the last capture. If found, the
 * cycle runs from the earliest of them to now: a side all of whose moves in
 * the cycle gave check loses, unless both sides did (then a draw). Returns
 * the verdict from the side to move's point of view, or REP_NONE.
 */
RepVerdict xq_rules_repetition(const Position *pos, int times);

/* How a repetition was judged (xq_rules_judge_repetition). */
typedef struct {
    RepVerdict verdict;
    EndReason reason; /* END_REPETITION, END_PERPETUAL_CHECK or END_PERPETUAL_CHASE */
    int chaser, chaser_type, target_type, target_sq; /* END_PERPETUAL_CHASE: as in Outcome */
} RepJudgement;

/*
 * xq_rules_repetition under rule set rs: check-only as above; chess-like: any
 * repetition is a draw; asian: perpetual check first (a side that checked
 * on every move loses, unless both did: a draw, so a checker loses to a
 * chaser), then perpetual chase (chase.h: a side that chased the same
 * enemy piece with every move loses, unless both did: a draw). pos is
 * modified during the call and restored.
 */
RepJudgement xq_rules_judge_repetition(Position *pos, int times, RuleSet rs);

/* asian: the plies since the last capture that count towards the limit:
 * all of them less each side's checks beyond its RULES_ASIAN_FREE_CHECKS. */
int xq_rules_counted_plies(const Position *pos);

/* Is there no chariot, horse, cannon or pawn on the board? */
bool xq_rules_insufficient_material(const Position *pos);

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *xq_rules_result_text(RulesResult r);

/* A short lower-case name: "checkmate", "perpetual check", ... */
const char *xq_rules_reason_text(EndReason r);

#endif
