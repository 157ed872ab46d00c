/*
 * players/client_parse.h - reading what engines write, without the process around
 * it: UCI `info` and `bestmove` lines, xboard thinking and `move` lines,
 * result claims, and principal variations in coordinates or SAN. Internal
 * to the harness (players/client.c and the fuzz target fuzz/fuzz_engine_output.c);
 * every function takes any text, however malformed, without failing.
 */
#ifndef HARNESS_CLIENT_PARSE_H
#define HARNESS_CLIENT_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "players/client.h"
#include "games/game.h"

/* Longest engine line the parsers look at (longer ones are cut by proc/proc.c). */
#define PARSE_LINE_BYTES 8192

/* xboard mate scores by default: 100000 + moves to mate (the CECP convention). */
#define XBOARD_MATE_SCORE 100000

/* How one engine writes, and the PV of the search being read. */
typedef struct {
    const Game *game;
    int notation;         /* the engine's move notation (a protocol notation of the game) */
    int alt_notation;     /* the other protocol notation to try while guessing, or -1 */
    bool guess;           /* the notation was guessed: switch for good when a move is legal only the other way */
    PvNotation pv;        /* PV words: coordinates, SAN, or either (PV_AUTO) */
    int mate_score;       /* xboard: 0 = CECP (100000 + moves); N = a mate in n plies scores N - n (Fairy-Max) */
    char raw_pv[PARSE_LINE_BYTES]; /* the last PV as written; converted once, by parse_pv */
} ParseState;

/* Sets up a parser for an engine of game writing moves in notation (-1:
 * the game's protocol notation, guessed). */
void parse_init(ParseState *ps, const Game *game, int notation, PvNotation pv, int mate_score);

/*
 * Reads one move in the engine's coordinates and checks it against pos.
 * Returns CLIENT_OK with *out set, CLIENT_ILLEGAL_MOVE for well-formed
 * coordinates that are not a legal move, or CLIENT_BAD_MOVE for text that
 * is no move at all.
 */
ClientStatus parse_move(ParseState *ps, GameState *pos, const char *text, MoveCode *out);

/* Records one UCI `info` line in r (an iteration when it has a depth and an
 * exact score; the PV is kept raw in ps). Other lines are ignored. */
void parse_uci_info(ParseState *ps, const char *line, EngineReply *r);

/*
 * Reads a `bestmove ...` line against pos: sets r->best, or returns the
 * failure with a one-line reason in why ("unparseable move 'zz99'",
 * "bestmove (none) with 44 legal moves"). `bestmove (none)` is accepted
 * only when pos has no legal move (r->best stays MOVE_CODE_NONE).
 */
ClientStatus parse_uci_bestmove(ParseState *ps, GameState *pos, const char *line, EngineReply *r, char *why,
                                size_t whylen);

/* Records an xboard thinking line ("ply score time-cs nodes pv...", leading
 * blanks allowed) in r; returns false (r untouched) for anything else.
 * Lines of depth 0 or less (MaxQi's replay chatter) are not iterations. */
bool parse_xboard_thinking(ParseState *ps, const char *line, EngineReply *r);

/* Reads an xboard `move X` line (or "usermove"-less "X" after "move ") like
 * parse_uci_bestmove; `line` must start with "move ". */
ClientStatus parse_xboard_move(ParseState *ps, GameState *pos, const char *line, EngineReply *r, char *why,
                               size_t whylen);

/* Is the line an xboard result claim ("1-0 {...}", "0-1", "1/2-1/2",
 * "resign" is not one)? */
bool parse_is_result_claim(const char *line);

/* Converts ps->raw_pv into r->pv: the legal prefix, in the game's record
 * notation, move numbers ("1.", "...") skipped; SAN words are read with the
 * game's SAN notation for the engine's coordinates. pos is left as it was. */
void parse_pv(ParseState *ps, GameState *pos, EngineReply *r);

#endif
