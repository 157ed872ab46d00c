/*
 * formats/pgnout.h - match/tournament -pgnout FILE [min] [fi] and -epdout FILE as
 * cutechess-cli and fastchess spell them: after the run, the games of the
 * run's games.pgn (the PGN writer's text, as written) are appended to
 * FILE, and each game's final position (replayed from games.jsonl) to the
 * EPD file.
 */
#ifndef HARNESS_PGNOUT_H
#define HARNESS_PGNOUT_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"
#include "formats/pgn.h"

typedef struct {
    const char *pgn;  /* --pgnout FILE, or NULL */
    bool min;         /* min: comments left out */
    bool fi;          /* fi: only games with a result */
    const char *epd;  /* --epdout FILE, or NULL */
    const char *site; /* --site TEXT: the Site tag in FILE (NULL: as written, "?") */
    const char *notation; /* notation=NAME: the moves in FILE (NULL: as games.pgn, ICCS H2-E2) */
} PgnOut;

/*
 * --pgnout FILE [min] [fi] [notation=iccs|wxf|chinese|record] (or
 * file=FILE, min=true as fastchess) or
 * --epdout FILE (file=FILE) at argv[*i]; *i moves past its words.
 * Returns 0, or -1 with err naming the bad word.
 */
int pgnout_option(int argc, char **argv, int *i, PgnOut *o, char *err, size_t errlen);

/* Is o->notation (if given) a notation of game? Returns 0, or -1 with err. */
int pgnout_check(const PgnOut *o, const Game *game, char *err, size_t errlen);

/*
 * One game of games.pgn (text, len bytes: its tags, a blank line, its
 * movetext) onto out with its moves in notation n (formats/pgn.h): the moves are
 * replayed from the FEN tag, the Format tag says n (none for
 * PGN_NOTATION_RECORD), comments and the result stay, lines are filled
 * again under 80 bytes. Returns 0, or -1 with err naming the move that
 * cannot be read.
 */
int pgnout_convert(FILE *out, const Game *game, const char *text, size_t len, PgnNotation n, char *err, size_t errlen);

/* Appends run_dir's games to o->pgn and their final positions to o->epd
 * (those given). Returns 0, or -1 with err. */
int pgnout_write(const PgnOut *o, const Game *game, const char *run_dir, char *err, size_t errlen);

/* The games of run_dir/games.jsonl: how many there are and how many were
 * abandoned (an engine crashed or stalled). -1 when it cannot be read. */
int pgnout_count_abandoned(const char *run_dir, int *games, int *abandoned);

#endif
