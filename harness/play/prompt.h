/*
 * play/prompt.h - the commands typed at `qibench play`'s prompt (play/prompt.c).
 */
#ifndef HARNESS_PLAY_PROMPT_H
#define HARNESS_PLAY_PROMPT_H

#include <stdbool.h>

#include "play/play_impl.h"

/* The command words, NULL-terminated (for the person: players/human.h);
 * valid for the whole program. */
const char *const *prompt_words(void);

/*
 * Runs line (cleaned, trimmed, not empty) if it is a command, in the game
 * being played (p->gp): carries out what it can at once (hint, flip,
 * moves, notation, fen, save, help, undo) and sets *action to what the
 * game loop does next (LOOP_ON, or LOOP_NEW, LOOP_RESIGN, LOOP_QUIT).
 * Returns false when the line is not a command.
 */
bool prompt_command(Play *p, const char *line, LoopAction *action);

#endif
