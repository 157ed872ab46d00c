/*
 * notation.h - move text: ICCS coordinates, the Fairy-Stockfish form (ranks
 * 1-10), WXF ("C2.5", "H8+7", "R+.3") and Chinese ("炮二平五", "马8进7",
 * "前车进一"), both ways.
 */
#ifndef XQ_NOTATION_H
#define XQ_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"

typedef enum { NOTATION_ICCS, NOTATION_FAIRY, NOTATION_WXF, NOTATION_CHINESE } Notation;

/* Longest text any notation writes, with its terminating NUL (UTF-8 Chinese). */
#define MOVE_TEXT_MAX 32

/* ICCS: files a-i, ranks 0-9 from Red's side ("h2e2"). buf has room for 6. */
void xq_move_to_iccs(Move m, char *buf);

/* Fairy-Stockfish: files a-i, ranks 1-10 ("h3e3", "b3b10"). buf: room for 8. */
void xq_move_to_fairy(Move m, char *buf);

/*
 * Writes the legal move m of pos in the given notation (WXF and Chinese need
 * the position before the move; pos is restored). Returns 0, or -1 when m is
 * not legal in pos (buf then holds an empty string).
 */
int xq_move_to_text(Position *pos, Move m, Notation n, char *buf, size_t buflen);

/*
 * Parses text as a move in notation n and checks it against the legal moves
 * of pos. Tolerant of case and surrounding space. Returns 0 and sets *out, or
 * returns -1 with a one-line reason in err ("ambiguous: ...", "no legal move
 * ...", "malformed ...").
 */
int xq_move_parse(Position *pos, const char *text, Notation n, Move *out, char *err, size_t errlen);

/* Tries ICCS, then WXF, then Chinese (never Fairy: it clashes with ICCS). */
int xq_move_parse_any(Position *pos, const char *text, Move *out, char *err, size_t errlen);

/*
 * For saying why a text names no legal move (the harness's messages):
 *
 * xq_move_read_coordinates reads ICCS or Fairy coordinates ("h2e2") into *m
 * without looking at a position; false when text is not such coordinates.
 *
 * xq_move_text_filter keeps, in place, the moves of list[0..count) that text
 * in notation n describes, legal or not: the squares for coordinates; for
 * WXF and Chinese the piece kind, its file or front / rear marker (counted
 * among the pieces on pos), the direction and the number. Every move must
 * start on a square holding a piece of the side to move. Returns how many
 * were kept, or -1 when text is not in notation n.
 *
 * xq_move_text_piece reads which piece a WXF or Chinese text names: its kind
 * (GENERAL..PAWN) and its file, 1-9 from the mover's right (0 when the text
 * names it by a front / rear marker instead); false when text is neither.
 */
bool xq_move_read_coordinates(const char *text, Notation n, Move *m);
int xq_move_text_filter(Position *pos, const char *text, Notation n, Move *list, int count);
bool xq_move_text_piece(const char *text, Notation n, int *kind, int *file);

#endif
