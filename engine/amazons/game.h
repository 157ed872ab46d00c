/*
 * game.h - what the game-independent search library (engine/search/) and the
 * protocol loop need from the Game of the Amazons, with the names every
 * game's game.h provides (engine/search/game_contract.h: their meaning and
 * the defaults of those left out here). The Makefile
 * compiles engine/search/ with this folder first on the include path, so
 * every call here is a direct call, inlined where it is static inline.
 *
 * No captures (GAME_HAS_NOISY 0: quiescence stands pat) and no check
 * (GAME_HAS_CHECK 0). No draws: game_rule is always GAME_RULE_NONE, and a
 * side with no legal turn has lost (the search scores an empty move list).
 */
#ifndef AMZ_GAME_H
#define AMZ_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "eval.h"
#include "movegen.h"
#include "notation.h"

#define GAME_NAME "amazons"
#define GAME_UCI_VARIANT "amazons"
#define GAME_ENGINE_ID "qibench-amazons"
#define GAME_ENGINE_BIN "amazons-engine"
#define GAME_START_FEN "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1"
#define GAME_MAX_MOVES AMZ_MAX_MOVES
/*
 * History index: from * 100 + to, the queen move without its arrow. The
 * arrow is shot after the destination is chosen and is good or bad mostly
 * in relation to it, so one entry per queen move learns from all its ~30
 * arrows at once; and 10,000 ints (40 KB) stay in cache where 1,000,000
 * (with the arrow) would not, nor halve cheaply.
 */
#define GAME_MOVE_INDEXES 10000
#define GAME_MOVE_NONE AMZ_MOVE_NONE
#define GAME_BENCH_FILE "positions/amazons/bench.epd"
#define GAME_MOVE_TEXT_MAX AMZ_MOVE_TEXT_MAX
#define GAME_POS_TEXT_MAX AMZ_POS_TEXT_MAX
#define GAME_HAS_NOISY 0
#define GAME_HAS_CHECK 0
#define GAME_HAS_QUIET_CHECKS 0 /* no check */
#define GAME_HAS_LAST_MOVE 0 /* no game_last_move: CounterMove has nothing to answer */
#define GAME_HAS_MOVE_LEGAL 0 /* no game_move_legal: the moves are always generated first */
/* The search variant used when none is chosen: negascout (the preset
 * `modern` and its features were measured on Xiangqi only). */
#define GAME_DEFAULT_VARIANT "negascout"

typedef AmzPosition GamePosition;
typedef AmzMove GameMove;
/* A side with no legal turn has lost. */
#define GAME_SCORE_NO_MOVES(ply) (-SCORE_MATE + (ply))

/* What a rule says about the current position inside a search. */
typedef enum { GAME_RULE_NONE, GAME_RULE_DRAW, GAME_RULE_WIN, GAME_RULE_LOSS } GameRule;

/* All tables; call once (again is harmless). */
static inline void game_init(void) { amz_board_init(); }

/* Position text as Fairy-Stockfish writes it; 0, or -1 with a one-line reason. */
static inline int game_pos_from_text(GamePosition *pos, const char *text, char *err, size_t errlen)
{
    return amz_pos_from_text(pos, text, err, errlen);
}
static inline void game_pos_to_text(const GamePosition *pos, char *buf, size_t len) { amz_pos_to_text(pos, buf, len); }
static inline void game_pos_print(const GamePosition *pos, char *buf, size_t len) { amz_pos_print(pos, buf, len); }

static inline int game_moves(GamePosition *pos, GameMove *list) { return amz_gen_moves(pos, list); }
static inline bool game_make(GamePosition *pos, GameMove m) { return amz_pos_make(pos, m); }
static inline void game_unmake(GamePosition *pos) { amz_pos_unmake(pos); }
static inline int game_eval(const GamePosition *pos) { return amz_eval(pos); }
static inline uint64_t game_key(const GamePosition *pos) { return amz_pos_key(pos); }
static inline int game_move_index(GameMove m) { return AMZ_MOVE_FROM(m) * AMZ_SQUARES + AMZ_MOVE_TO(m); }
static inline int game_side(const GamePosition *pos) { return pos->side; }

/* No draws, no repetitions (every turn adds an arrow): nothing to rule on. */
/* One rule set: no Rules option. */
#define GAME_RULE_SETS {"standard"}
#define GAME_RULE_SET_COUNT 1
#define GAME_RULE_SET_DEFAULT 0

static inline GameRule game_rule(GamePosition *pos, int rules)
{
    (void)pos;
    (void)rules;
    return GAME_RULE_NONE;
}

/* Protocol move text, the Fairy-Stockfish form "d1d6,d6g9". buf: GAME_MOVE_TEXT_MAX. */
static inline void game_move_text(GameMove m, char *buf) { amz_move_to_fairy(m, buf); }

/* Any accepted move text (Fairy, canonical, ...) -> a legal turn; 0, or -1 + reason. */
static inline int game_move_parse(GamePosition *pos, const char *text, GameMove *out, char *err, size_t errlen)
{
    return amz_move_parse(pos, text, out, err, errlen);
}

/* Leaf count of the legal turn tree (the last ply counted, not generated). */
static inline uint64_t game_perft(GamePosition *pos, int depth) { return amz_perft(pos, depth); }
/* Has the side to move a legal move? */
static inline bool game_has_moves(GamePosition *pos) { return amz_has_moves(pos); }

#endif
