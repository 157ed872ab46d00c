/*
 * game.h - Xiangqi as the engine sees it: what the game-independent search
 * library (engine/search/) and the protocol (engine/uci.c, options.c,
 * bench.c, main.c) need (README, "Extending qibench"), with the names of
 * engine/search/game_contract.h (their meaning, and the defaults of the
 * optional ones).
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
#define GAME_HAS_NULL_MOVE 1 /* game_make_null, game_unmake_null, game_null_ok */

/* What a `go movetime` keeps back (engine/search/limits.c): a 25th, at
 * most 4 ms. The answer takes well under a millisecond once the search
 * stops, and the clock is polled every 128 nodes (30 us; a few hundred
 * under the sanitizers); the default, a fifth and at most 30 ms, left a
 * fifth of a 100 ms move unused (qibench's used/all 0.81, against
 * Fairy-Stockfish's 1.09), and a tenth, at most 10 ms, still 0.878
 * against its 1.004. */
#define GAME_MOVETIME_KEEP_DIV 25
#define GAME_MOVETIME_KEEP_MAX_MS 4

typedef Position GamePosition;

/* The rule sets (the Rules option), in RuleSet order, and the engine's
 * default: check-only, so that `bench` keeps the signature of
 * tests/bench.expected (the search scores repetitions as before the rule
 * sets existed); qibench tells our engine the rule set it judges by
 * (asian unless --rules says otherwise), and --rules asian / setoption name
 * Rules value asian make it search under the AXF rules
 * (tests/bench.asian.expected). */
#define GAME_RULE_SETS {RULES_SET_NAMES}
#define GAME_RULE_SET_COUNT RULES_SET_COUNT
#define GAME_RULE_SET_DEFAULT RULES_CHECK_ONLY
typedef Move GameMove;
/* The side to move with no legal move loses (checkmate and stalemate alike). */
#define GAME_SCORE_NO_MOVES(ply) (-SCORE_MATE + (ply))

/* What a rule says about the current position inside a search. */
typedef enum { GAME_RULE_NONE, GAME_RULE_DRAW, GAME_RULE_WIN, GAME_RULE_LOSS } GameRule;

/* ---- Set-up and text ------------------------------------------------------- */

/* Fills every table (Zobrist keys, geometry, piece-square values); once, from main. */
static inline void game_init(void)
{
    xq_board_init();
    xq_movegen_init();
    xq_eval_init();
}

/* Parses a FEN. Returns 0, or -1 with a one-line reason in err (if not NULL). */
static inline int game_pos_from_text(GamePosition *pos, const char *text, char *err, size_t errlen)
{
    return xq_pos_from_fen(pos, text, err, errlen);
}

/* Writes the full FEN of pos to buf. */
static inline void game_pos_to_text(const GamePosition *pos, char *buf, size_t len) { xq_pos_to_fen(pos, buf, len); }

/* Writes the diagram of pos (board, FEN, key) for the `d` command. */
static inline void game_pos_print(const GamePosition *pos, char *buf, size_t len) { xq_pos_print(pos, buf, len); }

/* Move text for the protocol (ICCS). buf: room for GAME_MOVE_TEXT_MAX. */
static inline void game_move_text(GameMove m, char *buf) { xq_move_to_iccs(m, buf); }

/* Parses protocol move text (ICCS) as a legal move of pos. Returns 0 and sets
 * *out, or -1 with a one-line reason in err. */
static inline int game_move_parse(GamePosition *pos, const char *text, GameMove *out, char *err, size_t errlen)
{
    return xq_move_parse(pos, text, NOTATION_ICCS, out, err, errlen);
}

/* A game record's move (the book builder): ICCS, WXF or Chinese, or the
 * dashed ICCS of qibench's PGN ("H2-E2"). */
#define GAME_HAS_MOVE_READ 1
static inline int game_move_read(GamePosition *pos, const char *text, GameMove *out, char *err, size_t errlen)
{
    if (xq_move_parse_any(pos, text, out, err, errlen) == 0) return 0;
    char why[8];
    if (text[0] && text[1] && text[2] == '-' && text[3] && text[4] && !text[5]) {
        const char iccs[5] = {text[0], text[1], text[3], text[4], 0};
        if (xq_move_parse(pos, iccs, NOTATION_ICCS, out, why, sizeof why) == 0) return 0;
    }
    return -1;
}

/* ---- Search ---------------------------------------------------------------- */

static inline int game_moves(GamePosition *pos, GameMove *list) { return xq_gen_legal(pos, list); }
static inline int game_captures(GamePosition *pos, GameMove *list) { return xq_gen_captures(pos, list); }
/* The legal quiet moves that give check (GAME_HAS_QUIET_CHECKS: QChecks). */
#define GAME_HAS_QUIET_CHECKS 1
static inline int game_quiet_checks(GamePosition *pos, GameMove *list) { return xq_gen_quiet_checks(pos, list); }
static inline bool game_make(GamePosition *pos, GameMove m) { return xq_pos_make_move(pos, m); }
/* Is m legal here (a table move, before the moves are generated: GAME_HAS_MOVE_LEGAL)? */
#define GAME_HAS_MOVE_LEGAL 1
static inline bool game_move_legal(GamePosition *pos, GameMove m) { return xq_move_is_legal(pos, m); }
static inline void game_unmake(GamePosition *pos) { xq_pos_unmake_move(pos); }
static inline int game_eval(const GamePosition *pos) { return eval(pos); }

/* The evaluation terms (eval_terms.c) as search features: option, flag,
 * bit, exact (they change the evaluation, not the search: every variant
 * uses them), description. The preset modern has those of
 * GAME_MODERN_EVAL_FEATURES (README, "Search features"). */
#define GAME_EVAL_FEATURES                                                                                    \
    {"Mobility", "--mobility", SEARCH_FEATURE_EVAL(EVAL_TERM_MOBILITY), true,                                 \
     "evaluation: chariot squares 3 cp, horse moves with a free leg 6 cp, cannon squares 1 cp"},              \
        {"KingSafety", "--king-safety", SEARCH_FEATURE_EVAL(EVAL_TERM_KING_SAFETY), true,                     \
         "evaluation: missing advisors and elephants against the enemy's attackers, the hollow cannon"},      \
        {"Pawns", "--pawns", SEARCH_FEATURE_EVAL(EVAL_TERM_PAWNS), true,                                      \
         "evaluation: two pawns side by side across the river 15 cp"},                                        \
        {"Phase", "--phase", SEARCH_FEATURE_EVAL(EVAL_TERM_PHASE), true,                                      \
         "evaluation: piece values by phase (as material comes off: cannon -60, horse +40, pawn across +40)"}, \
        {"Endgames", "--endgames", SEARCH_FEATURE_EVAL(EVAL_TERM_ENDGAMES), true,                             \
         "evaluation: a lone chariot draws against a full guard (and a horse or cannon), beats any less"},      \
        {"KingAttack", "--king-attack", SEARCH_FEATURE_EVAL(EVAL_TERM_KING_ATTACK), true,                     \
         "evaluation: two or more pieces with moves into the enemy palace: (units)^2 / 128, at most 500 cp"},   \
        {"Tuned", "--tuned", SEARCH_FEATURE_EVAL(EVAL_TERM_TUNED), true,                                      \
         "evaluation: material, tables, the side to move and the weights of the terms on, by phase, fitted to games (eval_tuned.c)"},   \
        {"Threats", "--threats", SEARCH_FEATURE_EVAL(EVAL_TERM_THREATS), true,                                \
         "evaluation: 20 cp for each capture of a more valuable piece a chariot, horse, cannon or pawn has"},
#define GAME_MODERN_EVAL_FEATURES                                                                             \
    SEARCH_FEATURE_EVAL(EVAL_TERM_MOBILITY | EVAL_TERM_KING_SAFETY | EVAL_TERM_ENDGAMES | EVAL_TERM_KING_ATTACK       \
                        | EVAL_TERM_TUNED)
static inline int game_eval_terms(const GamePosition *pos, unsigned terms) { return eval_with_terms(pos, terms); }
static inline uint64_t game_key(const GamePosition *pos) { return pos_key(pos); }
static inline bool game_in_check(const GamePosition *pos) { return pos_in_check(pos); }
static inline int game_move_index(GameMove m) { return m; }
/* The move that led to pos (GAME_MOVE_NONE at the root and after a pass): CounterMove. */
#define GAME_HAS_LAST_MOVE 1
static inline GameMove game_last_move(const GamePosition *pos) { return pos->hist[pos->ply].move; }
static inline int game_side(const GamePosition *pos) { return pos->side; }

/* Leaf count of the legal move tree of the given depth (bulk-counted last ply). */
static inline uint64_t game_perft(GamePosition *pos, int depth) { return xq_perft(pos, depth); }
/* Has the side to move a legal move? */
static inline bool game_has_moves(GamePosition *pos) { return xq_perft(pos, 1) != 0; }

static inline bool game_is_capture(const GamePosition *pos, GameMove m)
{
    return pos->board[MOVE_TO(m)] != EMPTY;
}

/* Value of the piece a move captures (0 if none) and of the piece moving. */
static inline int game_victim_value(const GamePosition *pos, GameMove m)
{
    return xq_eval_piece_value(PIECE_TYPE(pos->board[MOVE_TO(m)]));
}
static inline int game_attacker_value(const GamePosition *pos, GameMove m)
{
    int type = PIECE_TYPE(pos->board[MOVE_FROM(m)]);
    return type == GENERAL ? 2000 : xq_eval_piece_value(type);
}

/* The search's null move (a pass), and whether it is sound enough to try:
 * the side to move has a chariot, a horse or a cannon (with only pawns,
 * advisors and elephants left, zugzwang is common in Xiangqi endgames). */
static inline bool game_make_null(GamePosition *pos) { return xq_pos_make_null(pos); }
static inline void game_unmake_null(GamePosition *pos) { xq_pos_unmake_null(pos); }
static inline bool game_null_ok(const GamePosition *pos)
{
    int c = pos->side;
    return pos->kinds[MAKE_PIECE(CHARIOT, c)] + pos->kinds[MAKE_PIECE(HORSE, c)]
               + pos->kinds[MAKE_PIECE(CANNON, c)]
           > 0;
}

/* Static exchange evaluation: the material the side to move wins by
 * capturing on square `to`, each side recapturing with its least valuable
 * piece (legal captures only) or stopping when that loses; 0 when it
 * should not capture. pos is restored. */
static inline int see_square(GamePosition *pos, int to)
{
    GameMove list[GAME_MAX_MOVES];
    int n = xq_gen_captures_to(pos, to, list), least = -1, least_value = 1 << 30;
    for (int i = 0; i < n; i++) {
        int v = game_attacker_value(pos, list[i]);
        if (v < least_value) least_value = v, least = i;
    }
    if (least < 0) return 0;
    int gain = game_victim_value(pos, list[least]);
    game_make(pos, list[least]);
    gain -= see_square(pos, to);
    game_unmake(pos);
    return gain > 0 ? gain : 0;
}

/* Just after the move m was made: the material the side to move wins by
 * capturing the piece m moved (SEE; 0 when it is safe). pos is restored. */
static inline int game_moved_piece_loss(GamePosition *pos, GameMove m) { return see_square(pos, MOVE_TO(m)); }

/* The SEE of the capture m: the victim's value less what the reply
 * exchanges win back (negative when m loses material). */
static inline int game_see(GamePosition *pos, GameMove m)
{
    int gain = game_victim_value(pos, m);
    game_make(pos, m);
    gain -= see_square(pos, MOVE_TO(m));
    game_unmake(pos);
    return gain;
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
    int limit = xq_rules_no_capture_limit(&cfg);
    if (pos_halfmove(pos) >= limit && (rules != RULES_ASIAN || xq_rules_counted_plies(pos) >= limit))
        return GAME_RULE_DRAW;
    switch (xq_rules_judge_repetition(pos, 2, (RuleSet)rules).verdict) {
    case REP_DRAW: return GAME_RULE_DRAW;
    case REP_WIN: return GAME_RULE_WIN;
    case REP_LOSS: return GAME_RULE_LOSS;
    default: break;
    }
    return xq_rules_insufficient_material(pos) ? GAME_RULE_DRAW : GAME_RULE_NONE;
}

#endif
