/*
 * movegen.h - legal Ataxx moves: generation (the pass included), an exact
 * count without generation (perft's last ply), a legality test and perft.
 *
 * As libataxx: a position whose game is over (atx_game_over: a side
 * without pieces, the board closed, the halfmove clock at 100) has no move;
 * otherwise a side without a single or a double has exactly one, the pass.
 * Repetition is not looked at here.
 */
#ifndef ATX_MOVEGEN_H
#define ATX_MOVEGEN_H

#include "board.h"

/* Squares the side to move can land on with a single (its pieces' neighbours). */
static inline AtxBB atx_single_targets(const AtxPosition *pos)
{
    return atx_bb_singles(pos->pieces[pos->side]) & atx_empty(pos);
}

/* Has the side to move a single or a double (not counting the pass)? */
static inline bool atx_can_move(const AtxPosition *pos)
{
    return (atx_bb_reach(pos->pieces[pos->side]) & atx_empty(pos)) != 0;
}

/* Has the side to move a legal move, the pass included (that is: is the
 * game not over)? */
static inline bool atx_has_moves(const AtxPosition *pos) { return !atx_game_over(pos); }

/*
 * Writes every legal move of the side to move to list (room for
 * ATX_MAX_MOVES): singles first (by destination), then doubles (by origin,
 * then destination); the pass alone when the side has none; nothing at game
 * over. Returns their number.
 */
int atx_gen_moves(const AtxPosition *pos, AtxMove *list);

/* The number atx_gen_moves returns, counted without generating. */
int atx_count_moves(const AtxPosition *pos);

/* Is m a legal move in pos? Any 16-bit value is accepted and checked. */
bool atx_move_is_legal(const AtxPosition *pos, AtxMove m);

/* Perft: the leaves of the legal move tree of the given depth (1 at depth
 * 0; 0 below a game-over node, as libataxx counts). */
uint64_t atx_perft(const AtxPosition *pos, int depth);

#endif
