/*
 * formats/sgf.h - games as SGF (FF[4]) for the games that have an SGF form
 * (Game.sgf): the root with the game, the players, the
 * date and the result, setup properties when the game did not start from
 * the default position, then one node per move (;W[dadfgi];B[...]).
 */
#ifndef HARNESS_SGF_H
#define HARNESS_SGF_H

#include <stdio.h>

#include "play/gameplay.h"
#include "formats/pgn.h"

/*
 * Writes one game tree of `game` to f and flushes: (;FF[4]GM[..]SZ[..]
 * CA[UTF-8]AP[qibench] then EV, DT (tags->date with '-' for '.'), PW
 * and PB (P and each side's move property: tags->first, tags->second), RE when the game is decided (W+ / B+,
 * with R for a resignation, T on time, F for a forfeit; 0 for a draw), the
 * game's setup properties, and a node per move, ten to a line. Text values
 * are escaped (']' and '\'). Returns 0, or -1 when the game has no SGF,
 * g->fen is not a position, the setup properties do not fit, a move cannot be written, or writing failed.
 */
int sgf_write(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g);

#endif
