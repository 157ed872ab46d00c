/*
 * notation.h - Amazons turn text both ways: the canonical form "d1-d6/g9"
 * and the Fairy-Stockfish UCI form "d1d6,d6g9" (the protocol notation).
 */
#ifndef AMZ_NOTATION_H
#define AMZ_NOTATION_H

#include <stddef.h>

#include "board.h"

/* Canonical text "d1-d6/g9" of m into buf (room for AMZ_MOVE_TEXT_MAX). */
void amz_move_to_canonical(AmzMove m, char *buf);

/* Fairy-Stockfish text "d1d6,d6g9" of m into buf (room for AMZ_MOVE_TEXT_MAX). */
void amz_move_to_fairy(AmzMove m, char *buf);

/*
 * Parses a turn in any accepted form - "d1-d6/g9", "d1d6g9", "d1d6,d6g9",
 * "d1-d6(g9)", "d1-d6-g9"; any case, spaces anywhere - and checks it against
 * pos (not changed). Returns 0 and sets *out, or -1 with a
 * one-line reason in err (when not NULL): a square off the board, a missing
 * arrow, no amazon of the side to move on the from square, a zero-length
 * move, a move or shot that is not a queen line or is blocked, an arrow on
 * the destination.
 */
int amz_move_parse(const AmzPosition *pos, const char *text, AmzMove *out, char *err, size_t errlen);

#endif
