/*
 * players/human.h - a person at a terminal as a Player: asked for a move, it
 * prompts, reads a line, and answers with the first line that names a
 * legal move in any notation the game reads; a refused move is explained
 * and the prompt comes back. A line that starts with one of the session's
 * command words is answered as that command (ANSWER_COMMAND), for the game
 * loop to carry out; end of input is ANSWER_LEFT. The person keeps its own
 * position, told move by move like any player. Nothing
 * typed can crash or hang it: lines are bounded, cleaned of control
 * characters and bytes that are not UTF-8; end of input ends the request.
 */
#ifndef HARNESS_HUMAN_H
#define HARNESS_HUMAN_H

#include <stdbool.h>
#include <stdio.h>

#include "games/game.h"
#include "players/player.h"

/* Longest line read (bytes, with the newline); longer lines are refused whole. */
#define HUMAN_LINE_BYTES 256

typedef struct Human Human;

/*
 * A person reading from `in` and writing prompts and reasons to `out`, for
 * `game`, called name. commands (NULL-terminated, may be NULL) are the
 * command words of the session: a line whose first word is one of them
 * (in any case) is a command, not a move. The list must outlive the
 * person. Returns NULL when memory runs out. Free with human_free.
 */
Human *human_new(const Game *game, const char *name, FILE *in, FILE *out, const char *const *commands);

/* NULL is a no-op. */
void human_free(Human *h);

/* The person as a player; valid until human_free. Its go answers CLIENT_OK
 * with a legal move, a command (ANSWER_COMMAND, reply->command the line),
 * or ANSWER_LEFT at end of input. */
Player *human_player(Human *h);

/*
 * Prints prompt and reads one line into buf (room for len): without the
 * newline, trimmed, cleaned for printing. A line over HUMAN_LINE_BYTES is
 * refused with a message and buf is "". Returns false at end of input, or
 * when a stop was asked (proc/stopsig.h), before or while it reads.
 */
bool human_read_line(Human *h, const char *prompt, char *buf, size_t len);

#endif
