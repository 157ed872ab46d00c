/*
 * game.h - what the game-independent search library (engine/search/) needs
 * from Xiangqi. The Makefile compiles engine/search/ with this folder on the
 * include path, so every call here is inlined into the search: no indirect
 * call in the hot path. Another game provides the same names.
 */
#ifndef XQ_GAME_H
#define XQ_GAME_H

#include "board.h"
#include "eval.h"
#include "movegen.h"
#include "notation.h"
#include "rules.h"

#define GAME_NAME "xiangqi"
#define GAME_MAX_MOVES MAX_MOVES
/* History-table index range: a Move is 16 bits. */
#define GAME_MOVE_INDEXES 65536
#define GAME_MOVE_NONE MOVE_NONE
#define GAME_BENCH_FILE "positions/xiangqi/bench.epd"

typedef Position GamePosition;
typedef Move GameMove;

/* What a rule says about the current position inside a search. */
typedef enum { GAME_RULE_NONE, GAME_RULE_DRAW, GAME_RULE_WIN, GAME_RULE_LOSS } GameRule;

static inline int game_moves(GamePosition *pos, GameMove *list) { return gen_legal(pos, list); }
static inline int game_captures(GamePosition *pos, GameMove *list) { return gen_captures(pos, list); }
static inline bool game_make(GamePosition *pos, GameMove m) { return pos_make_move(pos, m); }
static inline void game_unmake(GamePosition *pos) { pos_unmake_move(pos); }
static inline int game_eval(const GamePosition *pos) { return eval(pos); }
static inline uint64_t game_key(const GamePosition *pos) { return pos_key(pos); }
static inline bool game_in_check(const GamePosition *pos) { return pos_in_check(pos); }
static inline int game_move_index(GameMove m) { return m; }
static inline int game_side(const GamePosition *pos) { return pos->side; }

static inline bool game_is_capture(const GamePosition *pos, GameMove m)
{
    return pos->board[MOVE_TO(m)] != EMPTY;
}

/* Value of the piece a move captures (0 if none) and of the piece moving. */
static inline int game_victim_value(const GamePosition *pos, GameMove m)
{
    return eval_piece_value(PIECE_TYPE(pos->board[MOVE_TO(m)]));
}
static inline int game_attacker_value(const GamePosition *pos, GameMove m)
{
    int type = PIECE_TYPE(pos->board[MOVE_FROM(m)]);
    return type == GENERAL ? 2000 : eval_piece_value(type);
}

/*
 * The rules inside a search, from the side to move's view: a position that
 * occurred before since the last capture (one repetition is enough inside a
 * search) is judged by the perpetual-check rule; the no-capture limit and
 * insufficient material are draws.
 */
static inline GameRule game_rule(const GamePosition *pos)
{
    if (pos_halfmove(pos) >= RULES_DEFAULT_NO_CAPTURE) return GAME_RULE_DRAW;
    switch (rules_repetition(pos, 2)) {
    case REP_DRAW: return GAME_RULE_DRAW;
    case REP_WIN: return GAME_RULE_WIN;
    case REP_LOSS: return GAME_RULE_LOSS;
    default: break;
    }
    return rules_insufficient_material(pos) ? GAME_RULE_DRAW : GAME_RULE_NONE;
}

/* Move text for the protocol (ICCS). buf: room for 8. */
static inline void game_move_text(GameMove m, char *buf) { move_to_iccs(m, buf); }

#endif
