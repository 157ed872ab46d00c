/*
 * game_contract.h - every name a game's game.h provides to the search
 * library (engine/search/) and the protocol (engine/uci.c, options.c,
 * bench.c, main.c): its meaning, and for an optional one its default.
 *
 * The Makefile compiles engine/search/ and the protocol once per game with
 * engine/<game>/ first on the include path; this header includes that
 * game's game.h, then fills in the defaults and checks the rest, so a game
 * that leaves out a required name fails to compile here (and -Wundef
 * reports a macro read by #if that nobody defined). search.h, tt.h and
 * mcts.h include it, not game.h.
 *
 * Required macros:
 *   GAME_NAME              the game's name (positions/GAME_NAME/)
 *   GAME_UCI_VARIANT       the UCI_Variant value
 *   GAME_ENGINE_ID         `id name`
 *   GAME_ENGINE_BIN        the program's name, in usage and error messages
 *   GAME_START_FEN         the start position's text
 *   GAME_BENCH_FILE        the `bench` positions (positions/GAME_NAME/bench.epd)
 *   GAME_MAX_MOVES         at least the legal moves of any position
 *   GAME_MOVE_INDEXES      the range of game_move_index (history tables)
 *   GAME_MOVE_NONE         a GameMove that is no move
 *   GAME_MOVE_TEXT_MAX     room for game_move_text's text and "(none)", with the NUL
 *   GAME_POS_TEXT_MAX      room for a position's text, with the NUL
 *   GAME_RULE_SETS         {"name", ...}: the rule sets (the Rules option)
 *   GAME_RULE_SET_COUNT    how many
 *   GAME_RULE_SET_DEFAULT  the engine's rule set (an index of GAME_RULE_SETS)
 *   GAME_SCORE_NO_MOVES(ply)  the value, for the side to move, of a position
 *                          at ply without a legal move: a loss in Xiangqi and
 *                          the Amazons (-SCORE_MATE + ply), a draw (0) in a
 *                          game where such a position is drawn. No default:
 *                          each game says.
 *
 * Required types: GamePosition; GameMove (an integer type); GameRule, an
 * enum of GAME_RULE_NONE, GAME_RULE_DRAW, GAME_RULE_WIN, GAME_RULE_LOSS
 * (what game_rule says, from the side to move's view).
 *
 * Required functions (declared below with their types, so that a game.h
 * whose definition differs does not compile):
 *   game_init            fills every table; once, from main (again is harmless)
 *   game_pos_from_text   parses a position: 0, or -1 with a reason in err
 *   game_pos_to_text     writes a position's text
 *   game_pos_print       writes the diagram for `d`
 *   game_move_text       writes a move's protocol text
 *   game_move_parse      protocol text -> a legal move of pos: 0, or -1 with a reason
 *   game_moves           the legal moves into list; returns their number
 *   game_make            makes a legal move; game_unmake takes back the last one
 *   game_eval            the static evaluation, from the side to move's view
 *   game_key             the position's hash key
 *   game_move_index      a move's index in [0, GAME_MOVE_INDEXES)
 *   game_side            the side to move: 0 the first player, 1 the second
 *   game_rule            the rules' verdict on pos under rule set `rules`
 *                        (repetition, move limits, material); pos is restored
 *   game_perft           leaves of the legal move tree of a depth
 *   game_has_moves       has the side to move a legal move?
 *
 * Optional, each a switch (#if) with its default below and the functions it
 * brings:
 *   GAME_HAS_NOISY (0)        captures: game_captures, game_is_capture,
 *                             game_victim_value, game_attacker_value,
 *                             game_see, game_moved_piece_loss (quiescence,
 *                             MVV/LVA, SEE); without, quiescence stands pat
 *   GAME_HAS_CHECK (0)        game_in_check (check extension, evasions)
 *   GAME_HAS_QUIET_CHECKS (0) game_quiet_checks (QChecks); needs GAME_HAS_CHECK
 *   GAME_HAS_NULL_MOVE (0)    game_make_null, game_unmake_null, game_null_ok
 *   GAME_HAS_MOVE_LEGAL (0)   game_move_legal (TTFirst)
 *   GAME_HAS_LAST_MOVE (0)    game_last_move (CounterMove)
 *   GAME_HAS_MOVE_READ (0)    game_move_read: a move as a person or a game
 *                             record writes it (any notation of the game:
 *                             the book builder, engine/book.c); without, it
 *                             is game_move_parse
 *
 * Optional values, with their defaults below:
 *   GAME_DEFAULT_VARIANT ("modern")    the variant used when none is chosen
 *   GAME_MODERN_EVAL_FEATURES (0u)     the evaluation terms of the preset modern
 *   GAME_MOVETIME_KEEP_DIV (5), GAME_MOVETIME_KEEP_MAX_MS (30)
 *                                      what `go movetime` keeps back: a
 *                                      KEEP_DIVth, at most KEEP_MAX_MS
 *   GAME_EVAL_FEATURES (undefined: none)  the evaluation terms as search
 *                                      features, SearchFeature initializers
 *                                      with bits SEARCH_FEATURE_EVAL(terms);
 *                                      when defined, game_eval_terms(pos,
 *                                      terms) evaluates with those terms
 */
#ifndef GAME_CONTRACT_H
#define GAME_CONTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

/* ---- Required macros ------------------------------------------------------ */

#if !defined GAME_NAME || !defined GAME_UCI_VARIANT || !defined GAME_ENGINE_ID || !defined GAME_ENGINE_BIN
#error "game.h: GAME_NAME, GAME_UCI_VARIANT, GAME_ENGINE_ID and GAME_ENGINE_BIN are required"
#endif
#if !defined GAME_START_FEN || !defined GAME_BENCH_FILE || !defined GAME_MAX_MOVES || !defined GAME_MOVE_INDEXES
#error "game.h: GAME_START_FEN, GAME_BENCH_FILE, GAME_MAX_MOVES and GAME_MOVE_INDEXES are required"
#endif
#if !defined GAME_MOVE_NONE || !defined GAME_MOVE_TEXT_MAX || !defined GAME_POS_TEXT_MAX
#error "game.h: GAME_MOVE_NONE, GAME_MOVE_TEXT_MAX and GAME_POS_TEXT_MAX are required"
#endif
#if !defined GAME_RULE_SETS || !defined GAME_RULE_SET_COUNT || !defined GAME_RULE_SET_DEFAULT
#error "game.h: GAME_RULE_SETS, GAME_RULE_SET_COUNT and GAME_RULE_SET_DEFAULT are required"
#endif
#ifndef GAME_SCORE_NO_MOVES
#error "game.h: GAME_SCORE_NO_MOVES(ply) is required (the value of a position without a legal move)"
#endif

/* ---- Optional switches ---------------------------------------------------- */

#ifndef GAME_HAS_NOISY
#define GAME_HAS_NOISY 0
#endif
#ifndef GAME_HAS_CHECK
#define GAME_HAS_CHECK 0
#endif
#ifndef GAME_HAS_QUIET_CHECKS
#define GAME_HAS_QUIET_CHECKS 0
#endif
#ifndef GAME_HAS_NULL_MOVE
#define GAME_HAS_NULL_MOVE 0
#endif
#ifndef GAME_HAS_MOVE_LEGAL
#define GAME_HAS_MOVE_LEGAL 0
#endif
#ifndef GAME_HAS_LAST_MOVE
#define GAME_HAS_LAST_MOVE 0
#endif
#ifndef GAME_HAS_MOVE_READ
#define GAME_HAS_MOVE_READ 0
#endif
#if GAME_HAS_QUIET_CHECKS && !GAME_HAS_CHECK
#error "game.h: GAME_HAS_QUIET_CHECKS needs GAME_HAS_CHECK"
#endif

/* ---- Optional values ------------------------------------------------------ */

#ifndef GAME_DEFAULT_VARIANT
#define GAME_DEFAULT_VARIANT "modern"
#endif
#ifndef GAME_MODERN_EVAL_FEATURES
#define GAME_MODERN_EVAL_FEATURES 0u
#endif
#ifndef GAME_MOVETIME_KEEP_DIV
#define GAME_MOVETIME_KEEP_DIV 5
#endif
#ifndef GAME_MOVETIME_KEEP_MAX_MS
#define GAME_MOVETIME_KEEP_MAX_MS 30
#endif

/* ---- Required functions --------------------------------------------------- */

void game_init(void);
int game_pos_from_text(GamePosition *pos, const char *text, char *err, size_t errlen);
void game_pos_to_text(const GamePosition *pos, char *buf, size_t len);
void game_pos_print(const GamePosition *pos, char *buf, size_t len);
void game_move_text(GameMove m, char *buf);
int game_move_parse(GamePosition *pos, const char *text, GameMove *out, char *err, size_t errlen);
int game_moves(GamePosition *pos, GameMove *list);
bool game_make(GamePosition *pos, GameMove m);
void game_unmake(GamePosition *pos);
int game_eval(const GamePosition *pos);
uint64_t game_key(const GamePosition *pos);
int game_move_index(GameMove m);
int game_side(const GamePosition *pos);
GameRule game_rule(GamePosition *pos, int rules);
uint64_t game_perft(GamePosition *pos, int depth);
bool game_has_moves(GamePosition *pos);

/* ---- Optional functions --------------------------------------------------- */

#if GAME_HAS_NOISY
int game_captures(GamePosition *pos, GameMove *list);
bool game_is_capture(const GamePosition *pos, GameMove m);
int game_victim_value(const GamePosition *pos, GameMove m);
int game_attacker_value(const GamePosition *pos, GameMove m);
int game_see(GamePosition *pos, GameMove m);
int game_moved_piece_loss(GamePosition *pos, GameMove m);
#endif
#if GAME_HAS_CHECK
bool game_in_check(const GamePosition *pos);
#endif
#if GAME_HAS_QUIET_CHECKS
int game_quiet_checks(GamePosition *pos, GameMove *list);
#endif
#if GAME_HAS_NULL_MOVE
bool game_make_null(GamePosition *pos);
void game_unmake_null(GamePosition *pos);
bool game_null_ok(const GamePosition *pos);
#endif
#if GAME_HAS_MOVE_LEGAL
bool game_move_legal(GamePosition *pos, GameMove m);
#endif
#if GAME_HAS_LAST_MOVE
GameMove game_last_move(const GamePosition *pos);
#endif
#if GAME_HAS_MOVE_READ
int game_move_read(GamePosition *pos, const char *text, GameMove *out, char *err, size_t errlen);
#else
static inline int game_move_read(GamePosition *pos, const char *text, GameMove *out, char *err, size_t errlen)
{
    return game_move_parse(pos, text, out, err, errlen);
}
#endif
#ifdef GAME_EVAL_FEATURES
int game_eval_terms(const GamePosition *pos, unsigned terms);
#endif

#endif
