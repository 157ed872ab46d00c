/*
 * game.h - Xiangqi as the engine sees it: what the game-independent search
 * library (engine/search/) and the protocol (engine/uci.c, options.c,
 * bench.c, main.c) need (README, "Extending qibench").
 * The Makefile compiles those files with this folder first on the include
 * path, so every call here is inlined: no indirect call in the hot path.
 * Another game's folder provides the same names.
 */
#ifndef XQ_GAME_H
#define XQ_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "eval.h"
#include "movegen.h"
#include "notation.h"
#include "rules.h"

/* ---- Descriptor ---------------------------------------------------------- */

#define GAME_NAME "xiangqi"                 /* positions/GAME_NAME/ */
#define GAME_UCI_VARIANT "xiangqi"          /* the UCI_Variant value */
#define GAME_ENGINE_ID "qibench-xiangqi"    /* `id name` */
#define GAME_ENGINE_BIN "xiangqi-engine"    /* in usage and error messages */
#define GAME_START_FEN XQ_START_FEN
#define GAME_MAX_MOVES MAX_MOVES
/* History-table index range: a Move is 16 bits. */
#define GAME_MOVE_INDEXES 65536
#define GAME_MOVE_NONE MOVE_NONE
#define GAME_BENCH_FILE "positions/xiangqi/bench.epd"
/* ICCS is 4 characters; the protocol also writes "(none)". */
#define GAME_MOVE_TEXT_MAX 8
/* A FEN line of the protocol or of a bench file, with its NUL. */
#define GAME_POS_TEXT_MAX 256
#define GAME_HAS_NOISY 1 /* captures: game_captures, game_is_capture, ... */
#define GAME_HAS_CHECK 1 /* game_in_check */

typedef Position GamePosition;

/* The rule sets (the Rules option), in RuleSet order, and the engine's
 * default: check-only, so that `bench` keeps the signature of
 * tests/bench.expected (the search scores repetitions as before the rule
 * sets existed); qibench tells our engine the rule set it judges by
 * (asian unless --rules says otherwise), and --rules asian / setoption name
 * Rules value asian make it search under the AXF rules
 * (tests/bench.asian.expected). */
#define GAME_RULE_SETS {"asian", "check-only", "chess-like"}
#define GAME_RULE_SET_COUNT RULES_SET_COUNT
#define GAME_RULE_SET_DEFAULT RULES_CHECK_ONLY
typedef Move GameMove;

/* What a rule says about the current position inside a search. */
typedef enum { GAME_RULE_NONE, GAME_RULE_DRAW, GAME_RULE_WIN, GAME_RULE_LOSS } GameRule;

/* ---- Set-up and text ------------------------------------------------------- */

/* Fills every table (Zobrist keys, geometry, piece-square values); once, from main. */
static inline void game_init(void)
{
    board_init();
    movegen_init();
    eval_init();
}

/* Parses a FEN. Returns 0, or -1 with a one-line reason in err (if not NULL). */
static inline int game_pos_from_text(GamePosition *pos, const char *text, char *err, size_t errlen)
{
    return pos_from_fen(pos, text, err, errlen);
}

/* Writes the full FEN of pos to buf. */
static inline void game_pos_to_text(const GamePosition *pos, char *buf, size_t len) { pos_to_fen(pos, buf, len); }

/* Writes the diagram of pos (board, FEN, key) for the `d` command. */
static inline void game_pos_print(const GamePosition *pos, char *buf, size_t len) { pos_print(pos, buf, len); }

/* Move text for the protocol (ICCS). buf: room for GAME_MOVE_TEXT_MAX. */
static inline void game_move_text(GameMove m, char *buf) { move_to_iccs(m, buf); }

/* Parses protocol move text (ICCS) as a legal move of pos. Returns 0 and sets
 * *out, or -1 with a one-line reason in err. */
static inline int game_move_parse(GamePosition *pos, const char *text, GameMove *out, char *err, size_t errlen)
{
    return move_parse(pos, text, NOTATION_ICCS, out, err, errlen);
}

/* ---- Search ---------------------------------------------------------------- */

static inline int game_moves(GamePosition *pos, GameMove *list) { return gen_legal(pos, list); }
static inline int game_captures(GamePosition *pos, GameMove *list) { return gen_captures(pos, list); }
static inline bool game_make(GamePosition *pos, GameMove m) { return pos_make_move(pos, m); }
static inline void game_unmake(GamePosition *pos) { pos_unmake_move(pos); }
static inline int game_eval(const GamePosition *pos) { return eval(pos); }
static inline uint64_t game_key(const GamePosition *pos) { return pos_key(pos); }
static inline bool game_in_check(const GamePosition *pos) { return pos_in_check(pos); }
static inline int game_move_index(GameMove m) { return m; }
static inline int game_side(const GamePosition *pos) { return pos->side; }

/* Leaf count of the legal move tree of the given depth (bulk-counted last ply). */
static inline uint64_t game_perft(GamePosition *pos, int depth) { return perft(pos, depth); }
/* Has the side to move a legal move? */
static inline bool game_has_moves(GamePosition *pos) { return perft(pos, 1) != 0; }

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
 * The rules inside a search under rule set `rules` (a RuleSet), from the
 * side to move's view: a position that occurred before since the last
 * capture (one repetition is enough inside a search) is judged by the rule
 * set (asian: perpetual check, then perpetual chase; check-only: perpetual
 * check; chess-like: a draw); the no-capture limit (asian: with checks
 * beyond a side's tenth not counted; chess-like: 100 plies) and
 * insufficient material are draws. pos is restored.
 */
static inline GameRule game_rule(GamePosition *pos, int rules)
{
    RulesConfig cfg = {-1, 0, (RuleSet)rules};
    int limit = rules_no_capture_limit(&cfg);
    if (pos_halfmove(pos) >= limit && (rules != RULES_ASIAN || rules_counted_plies(pos) >= limit))
        return GAME_RULE_DRAW;
    switch (rules_judge_repetition(pos, 2, (RuleSet)rules).verdict) {
    case REP_DRAW: return GAME_RULE_DRAW;
    case REP_WIN: return GAME_RULE_WIN;
    case REP_LOSS: return GAME_RULE_LOSS;
    default: break;
    }
    return rules_insufficient_material(pos) ? GAME_RULE_DRAW : GAME_RULE_NONE;
}

#endif
