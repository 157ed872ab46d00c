/*
 * stats/searchstats.h - how each engine of a match or tournament searched,
 * counted from its stored games (results/record.h) as each is written or
 * read back (so that a resumed or merged run counts every game it holds),
 * in memory that does not grow with the games: per engine, and per engine per game phase,
 * over its own moves (book moves are not counted):
 *
 *   moves; depth and seldepth, mean and median (the middle value, the mean
 *   of the two middle ones for an even count; seldepth over the moves that
 *   report one); nodes in total and per move; time used by the harness
 *   clock (the wall time from the request to the move) and NPS = nodes /
 *   that time; for moves with an allotted time (allot_ms: movetime for
 *   st= / movetime=, the clock left for tc=; none for depth= and nodes=)
 *   their count, the time used / allotted (total over total) and the moves
 *   that used all of it (time_ms >= allot_ms);
 *
 * and per engine over its games: games, time forfeits, and the endings of
 * the games it lost ("terminations suffered", by reason).
 *
 * Phases by ply, the move's place in the game's record (book moves
 * included) counted from 1 at the record's start position, with the
 * bounds of the game (Game.phase_end: the last ply of the opening and of
 * the middle game; 20 and 80 when it has none).
 */
#ifndef HARNESS_SEARCHSTATS_H
#define HARNESS_SEARCHSTATS_H

#include <stdio.h>

#include "games/game.h"
#include "results/json.h"
#include "results/record.h"

typedef struct SearchStats SearchStats;

/* No games yet, of game; engines come in the order of names[0..nnames)
 * (then any others as they appear). NULL when out of memory. */
SearchStats *searchstats_new(const Game *game, const char *const *names, int nnames);

/* Counts one stored game (of s's game). Returns 0, or -1 with a one-line
 * "expected ..." in err (s then holds part of the game). */
int searchstats_add(SearchStats *s, const StoredGame *g, char *err, size_t errlen);

/* Frees s; s may be NULL. */
void searchstats_free(SearchStats *s);

/* The table on f: a line per engine and phase, then the losses by ending. */
void searchstats_print(const SearchStats *s, FILE *f);

/* Member key of the open object in j: {"phases": {...the bounds},
 * "engines": [...]} (see README, "Results files"). */
void searchstats_json(const SearchStats *s, Json *j, const char *key);

#endif
