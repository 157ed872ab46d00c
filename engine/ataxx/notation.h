/*
 * notation.h - Ataxx move text both ways: the standard (UAI, libataxx)
 * form - a single as its destination "f2", a double as "g1e1", the pass as
 * "0000" - and Fairy-Stockfish's, where a single is a drop "P@f2" and the
 * pass is a move from a square to itself ("a1a1": FSF writes the square of
 * the mover's lowest piece).
 */
#ifndef ATX_NOTATION_H
#define ATX_NOTATION_H

#include <stddef.h>

#include "board.h"

/* Standard text of m ("f2", "g1e1", "0000"; "(none)" for ATX_MOVE_NONE)
 * into buf (room for ATX_MOVE_TEXT_MAX). */
void atx_move_to_text(AtxMove m, char *buf);

/* Fairy-Stockfish text of m in pos (before m is made): "P@f2", "g1e1",
 * and for the pass the square of the mover's lowest piece twice ("a1a1";
 * "0000" when the mover has no piece). */
void atx_move_to_fsf(const AtxPosition *pos, AtxMove m, char *buf);

/*
 * Parses a move in either form - "f2", "g1e1", "0000", "P@f2" or "p@f2",
 * FSF's pass "a1a1" (any square twice); any case, surrounding spaces - and
 * checks it against pos (not changed). Returns 0 and sets *out, or -1 with
 * a one-line reason in err (when not NULL): unreadable text, a square off
 * the board, no piece of the side to move on the from square, a landing
 * square not empty or out of reach, a pass while the side has a move, any
 * move once the game is over.
 */
int atx_move_parse(const AtxPosition *pos, const char *text, AtxMove *out, char *err, size_t errlen);

/* Parses a square name "a1".."g7" (any case); -1 when it is not one. */
int atx_square_parse(const char *s);

#endif
