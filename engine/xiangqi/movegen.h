/*
 * movegen.h - legal move generation for Xiangqi.
 */
#ifndef XQ_MOVEGEN_H
#define XQ_MOVEGEN_H

#include "board.h"

/* Fills the geometry tables. Called by xq_board_init's caller once, after it. */
void xq_movegen_init(void);

/*
 * Writes every legal move of the side to move to list (room for MAX_MOVES)
 * and returns their number. pos is modified during the call and restored.
 */
int xq_gen_legal(Position *pos, Move *list);

/* The pseudo-legal moves of the piece on `from`, whichever side it belongs
 * to (to empty squares and onto enemy pieces; the general's safety not
 * looked at), into list (room for GEN_PIECE_MAX); returns their number.
 * The evaluation's mobility counts them. */
#define GEN_PIECE_MAX 20 /* a chariot or a cannon: at most 17 */
int xq_gen_piece_moves(const Position *pos, int from, Move *list);

/* Like xq_gen_legal but only captures: the same set as xq_gen_legal's captures. */
int xq_gen_captures(Position *pos, Move *list);

/* The legal captures onto square `to` (an enemy piece's), in xq_gen_captures'
 * order (by the side's piece list: a piece has at most one move there):
 * the list xq_gen_captures gives, less the moves to other squares. SEE's. */
int xq_gen_captures_to(Position *pos, int to, Move *list);

/* The legal quiet moves that give check (QChecks' moves in quiescence). */
int xq_gen_quiet_checks(Position *pos, Move *list);

/* Number of legal moves (what perft counts at its last ply). */
int xq_count_legal(Position *pos);

/* Is m a legal move in pos? Any 16-bit value is accepted and checked, from
 * the moving piece's moves alone (so a table move can be tried before the
 * moves are generated). */
bool xq_move_is_legal(Position *pos, Move m);

/* Perft: the number of leaf nodes of the legal move tree of the given depth. */
uint64_t xq_perft(Position *pos, int depth);

#endif
