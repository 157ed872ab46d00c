/*
 * game.h - what the game-independent search library (engine/search/) and the
 * protocol loop need from Ataxx, with the names every game's game.h
 * provides (engine/search/game_contract.h: their meaning and the defaults
 * of those left out here). The Makefile compiles engine/search/ with this
 * folder first on the include path.
 *
 * The pass and the game's end, as the search sees them:
 *  - A side with no single or double is not lost: game_moves returns the
 *    pass as its only move (while the game is not over), and the search
 *    plays it like any other move (its own history index; no null-move
 *    pruning, so a pass is never confused with a null move).
 *  - Every end of the game is a rule: game_rule (asked at every node but
 *    the root, before the moves) says WIN, LOSS or DRAW by counting pieces
 *    when a side has no pieces or no empty square is in reach of either
 *    side, DRAW at the halfmove limit (100) and on a repetition (a position
 *    seen before within the reversible plies: the search need not wait for
 *    the third). So game_moves returns 0 only at the root of a finished
 *    game, where GAME_SCORE_NO_MOVES gives 0 and the search has no move to
 *    return anyway.
 * No captures in the quiescence sense (GAME_HAS_NOISY 0: it stands pat),
 * no check.
 */
#ifndef ATX_GAME_H
#define ATX_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "board.h"
#include "eval.h"
#include "movegen.h"
#include "notation.h"

#define GAME_NAME "ataxx"
#define GAME_UCI_VARIANT "ataxx"
#define GAME_ENGINE_ID "qibench-ataxx"
#define GAME_ENGINE_BIN "ataxx-engine"
#define GAME_START_FEN ATX_START_TEXT
#define GAME_MAX_MOVES ATX_MAX_MOVES
/* History index: from * 49 + to (a single: to * 49 + to), the pass 2401. */
#define GAME_MOVE_INDEXES (ATX_SQUARES * ATX_SQUARES + 1)
#define GAME_MOVE_NONE ATX_MOVE_NONE
#define GAME_BENCH_FILE "positions/ataxx/bench.epd"
#define GAME_MOVE_TEXT_MAX ATX_MOVE_TEXT_MAX
#define GAME_POS_TEXT_MAX ATX_POS_TEXT_MAX
#define GAME_HAS_NOISY 0
#define GAME_HAS_CHECK 0
#define GAME_HAS_QUIET_CHECKS 0 /* no check */
#define GAME_HAS_NULL_MOVE 0    /* a null move would be a pass, legal only without moves */
#define GAME_HAS_LAST_MOVE 1    /* CounterMove: the move that led here */
#define GAME_HAS_MOVE_LEGAL 1   /* TTFirst: the table move checked, not generated */
/* The search variant used when none is chosen (as the Amazons: the preset
 * `modern` and its features were measured on Xiangqi only). */
#define GAME_DEFAULT_VARIANT "negascout"

typedef AtxPosition GamePosition;
typedef AtxMove GameMove;
/* Reached only at the root of a finished game (game_rule decides every
 * other end first): no move to return, the value a draw's. */
#define GAME_SCORE_NO_MOVES(ply) ((void)(ply), 0)

/* What a rule says about the current position inside a search. */
typedef enum { GAME_RULE_NONE, GAME_RULE_DRAW, GAME_RULE_WIN, GAME_RULE_LOSS } GameRule;

/* All tables; call once (again is harmless). */
static inline void game_init(void) { atx_board_init(); }

/* Position text, either dialect; 0, or -1 with a one-line reason. */
static inline int game_pos_from_text(GamePosition *pos, const char *text, char *err, size_t errlen)
{
    return atx_pos_from_text(pos, text, err, errlen);
}
static inline void game_pos_to_text(const GamePosition *pos, char *buf, size_t len) { atx_pos_to_text(pos, buf, len); }
/* The diagram and a "Fen: " line (the `d` command). */
static inline void game_pos_print(const GamePosition *pos, char *buf, size_t len)
{
    char diagram[512], text[ATX_POS_TEXT_MAX];
    atx_pos_print(pos, diagram, sizeof diagram);
    atx_pos_to_text(pos, text, sizeof text);
    snprintf(buf, len, "%sFen: %s\n", diagram, text);
}

static inline int game_moves(GamePosition *pos, GameMove *list) { return atx_gen_moves(pos, list); }
static inline bool game_make(GamePosition *pos, GameMove m) { return atx_pos_make(pos, m); }
static inline void game_unmake(GamePosition *pos) { atx_pos_unmake(pos); }
static inline int game_eval(const GamePosition *pos) { return atx_eval(pos); }
static inline uint64_t game_key(const GamePosition *pos) { return atx_pos_key(pos); }
static inline int game_move_index(GameMove m)
{
    return ATX_MOVE_IS_PASS(m) ? ATX_SQUARES * ATX_SQUARES : ATX_MOVE_FROM(m) * ATX_SQUARES + ATX_MOVE_TO(m);
}
static inline int game_side(const GamePosition *pos) { return pos->side; }
static inline bool game_move_legal(GamePosition *pos, GameMove m) { return atx_move_is_legal(pos, m); }
static inline GameMove game_last_move(const GamePosition *pos) { return atx_last_move(pos); }

/* One rule set: no Rules option. */
#define GAME_RULE_SETS {"standard"}
#define GAME_RULE_SET_COUNT 1
#define GAME_RULE_SET_DEFAULT 0

/* The game's end from the side to move's view (see the top of this file). */
static inline GameRule game_rule(GamePosition *pos, int rules)
{
    (void)rules;
    switch (atx_end_reason(pos, false)) {
    case ATX_END_NONE:
        return atx_repetitions(pos) > 0 ? GAME_RULE_DRAW : GAME_RULE_NONE;
    case ATX_END_HALFMOVE:
        return GAME_RULE_DRAW;
    default: {
        int s = atx_score(pos);
        if (s == 0) return GAME_RULE_DRAW;
        return (s > 0) == (pos->side == ATX_X) ? GAME_RULE_WIN : GAME_RULE_LOSS;
    }
    }
}

/* Protocol move text, the standard (UAI) form "f2", "g1e1", "0000". */
static inline void game_move_text(GameMove m, char *buf) { atx_move_to_text(m, buf); }

/* Either form (standard or Fairy-Stockfish's) -> a legal move; 0, or -1 + reason. */
static inline int game_move_parse(GamePosition *pos, const char *text, GameMove *out, char *err, size_t errlen)
{
    return atx_move_parse(pos, text, out, err, errlen);
}

/* Leaf count of the legal move tree (libataxx's count: 0 below a finished game). */
static inline uint64_t game_perft(GamePosition *pos, int depth) { return atx_perft(pos, depth); }
/* Has the side to move a legal move (the pass included: is the game on)? */
static inline bool game_has_moves(GamePosition *pos) { return atx_has_moves(pos); }

#endif
