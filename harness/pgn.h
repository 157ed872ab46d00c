/*
 * pgn.h - games as PGN with the game's Variant tag, moves in its record
 * notation (Xiangqi: ICCS) and a
 * {score/depth time} comment per engine move.
 */
#ifndef HARNESS_PGN_H
#define HARNESS_PGN_H

#include <stdio.h>

#include "gameplay.h"

typedef struct {
    const char *event, *site, *date; /* date as YYYY.MM.DD */
    int round;
    const char *red, *black;         /* engine names: Red is PGN's White */
    const char *time_control;        /* PGN TimeControl text, e.g. "40/60+0.6" or "-" */
} PgnTags;

/*
 * Writes one game of `game` (tags, a blank line, movetext, a blank line) and flushes.
 * Tags: Event, Site, Date, Round, White, Black, Result, Variant (the game's),
 * FEN and SetUp "1" (always, with the game's start FEN), Termination,
 * TimeControl, PlyCount. Opening moves carry {book}; engine moves
 * {+0.35/12 1.234s} (score in pawns from the mover's view, or +M3/-M3 for
 * mates; just the time when the engine gave no score). Lines wrap under 80
 * characters. Returns 0, or -1 if writing failed (or g->fen is not a position).
 */
int pgn_write(FILE *f, const Game *game, const PgnTags *tags, const GameRecord *g);

#endif
