/*
 * play/save.h - saving the games of `qibench play` (play/save.c): each game
 * appended to RESULTS/play-STAMP/game.pgn (and game.sgf where the game has
 * it), and `save FILE`.
 */
#ifndef HARNESS_PLAY_SAVE_H
#define HARNESS_PLAY_SAVE_H

#include <stdbool.h>

#include "play/play_impl.h"

/* Writes the game so far to path (appended, or replacing the file), as
 * SGF (the game must have it) or PGN. 0, or -1 when that fails. */
int save_write_game(const Play *p, const char *path, bool sgf, bool append);

/* Appends the game to the session's folder (created at the first save)
 * unless nothing was played or it is saved already; the outcome goes to
 * p->message, a failure to p->save_failed. */
void save_game(Play *p);

#endif
