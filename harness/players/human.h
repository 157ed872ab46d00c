/*
 * players/human.h - a person at a terminal as a Player: asked for a move, it
 * prompts, reads a line, and answers with the first line that names a
 * legal move in any notation the game reads; a refused move is explained
 * and the prompt comes back. Lines that are commands go to the session's
 * hook, which may end the request (undo, new game, resign, quit). Nothing
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

/* What a line typed at the prompt asks for. */
typedef enum {
    HUMAN_NOT_A_COMMAND, /* not a command: read it as a move */
    HUMAN_DONE,          /* a command that was carried out: prompt again */
    HUMAN_UNDO,          /* end the request: take moves back */
    HUMAN_NEW,           /* end the request: start a new game */
    HUMAN_RESIGN,        /* answer with a resignation */
    HUMAN_QUIT           /* end the request: quit (also at end of input) */
} HumanAction;

typedef struct {
    void *ctx;
    /* Runs line (cleaned, trimmed, not empty) if it is a command. */
    HumanAction (*command)(void *ctx, const char *line);
} HumanHooks;

/*
 * A person reading from `in` and writing prompts and reasons to `out`, for
 * `game`, called name. hooks may be NULL (no commands). Returns NULL when
 * memory runs out. Free with human_free.
 */
Human *human_new(const Game *game, const char *name, FILE *in, FILE *out, const HumanHooks *hooks);

/* NULL is a no-op. */
void human_free(Human *h);

/* The person as a player; valid until human_free. Its go answers CLIENT_OK
 * with a legal move, or with MOVE_CODE_NONE after a command that ended the
 * request (reply->resigned for HUMAN_RESIGN), or CLIENT_DISCONNECT at end
 * of input. */
Player *human_player(Human *h);

/* Why the last request ended: HUMAN_DONE after a move, else the command's
 * action (HUMAN_QUIT at end of input). */
HumanAction human_last_action(const Human *h);

/*
 * Prints prompt and reads one line into buf (room for len): without the
 * newline, trimmed, cleaned for printing. A line over HUMAN_LINE_BYTES is
 * refused with a message and buf is "". Returns false at end of input.
 */
bool human_read_line(Human *h, const char *prompt, char *buf, size_t len);

#endif
