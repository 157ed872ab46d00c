/*
 * movegen.h - legal turns for the Game of the Amazons: generation, an exact
 * count without generation (perft's last ply), a legality test and perft.
 */
#ifndef AMZ_MOVEGEN_H
#define AMZ_MOVEGEN_H

#include "board.h"

/* Squares a queen on sq reaches with the current occupancy (sq itself is
 * treated as empty, so this is also an amazon's or an arrow's reach). */
static inline int amz_queen_reach(const AmzPosition *pos, int sq)
{
    const AmzSquareLines *sl = &AMZ_SQ_LINES[sq];
    return AMZ_SPAN[sl->pos[0]][pos->occ[sl->line[0]]].n + AMZ_SPAN[sl->pos[1]][pos->occ[sl->line[1]]].n
           + AMZ_SPAN[sl->pos[2]][pos->occ[sl->line[2]]].n + AMZ_SPAN[sl->pos[3]][pos->occ[sl->line[3]]].n;
}

/* Has the side to move a legal turn? Exactly when one of its amazons has an
 * empty square next to it: it can step there and shoot back to where it
 * stood. */
static inline bool amz_has_moves(const AmzPosition *pos)
{
    for (int i = 0; i < pos->count[pos->side]; i++)
        if (amz_queen_reach(pos, pos->amazon[pos->side][i]) > 0) return true;
    return false;
}

/*
 * Writes every legal turn of the side to move to list (room for
 * AMZ_MAX_MOVES) and returns their number (0: the side to move has lost).
 * pos is modified during the call and restored.
 */
int amz_gen_moves(AmzPosition *pos, AmzMove *list);

/* The number of legal turns, counted without generating them (the same
 * number amz_gen_moves returns). pos is modified during the call and restored. */
int amz_count_moves(AmzPosition *pos);

/* Is m a legal turn in pos? Any 32-bit value is accepted and checked. */
bool amz_move_is_legal(AmzPosition *pos, AmzMove m);

/* Perft: the number of leaves of the legal turn tree of the given depth
 * (1 at depth 0; the last ply is counted with amz_count_moves). */
uint64_t amz_perft(AmzPosition *pos, int depth);

#endif
