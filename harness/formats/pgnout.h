/*
 * formats/pgnout.h - match/tournament -pgnout FILE [min] [fi] and -epdout FILE as
 * cutechess-cli and fastchess spell them: each game is appended to FILE as
 * it ends, by the PGN writer (formats/pgn.h) in the notation asked for;
 * after the run each game's final position (replayed from games.jsonl) is
 * appended to the EPD file.
 */
#ifndef HARNESS_PGNOUT_H
#define HARNESS_PGNOUT_H

#include <stdbool.h>
#include <stddef.h>

#include "games/game.h"
#include "formats/pgn.h"

typedef struct PgnOut {
    const char *pgn;  /* --pgnout FILE, or NULL */
    bool min;         /* min: comments left out */
    bool fi;          /* fi: only games with a result */
    const char *epd;  /* --epdout FILE, or NULL */
    const char *site; /* --site TEXT: the Site tag in FILE (NULL: as written, "?") */
    const char *notation; /* notation=NAME: the moves in FILE (NULL: as games.pgn) */
    FILE *file;       /* FILE open for appending while the run plays (pgnout_open) */
} PgnOut;

/*
 * --pgnout FILE [min] [fi] [notation=NAME: one of the game's PGN notations, or record] (or
 * file=FILE, min=true as fastchess) or
 * --epdout FILE (file=FILE) at argv[*i]; *i moves past its words.
 * Returns 0, or -1 with err naming the bad word.
 */
int pgnout_option(int argc, char **argv, int *i, PgnOut *o, char *err, size_t errlen);

/* Is o->notation (if given) a notation of game? Returns 0, or -1 with err. */
int pgnout_check(const PgnOut *o, const Game *game, char *err, size_t errlen);

/* Opens o->pgn (when given) for appending. Returns 0, or -1 with err. */
int pgnout_open(PgnOut *o, char *err, size_t errlen);

/* Appends one finished game to the open --pgnout file (nothing when o is
 * NULL or has none; with fi nothing for a game without a result): tags as
 * games.pgn's but Site o->site when given, moves in o->notation, comments
 * left out with min. Returns 0, or -1 when it cannot be written. */
int pgnout_game(PgnOut *o, const Game *game, const PgnTags *tags, const GameRecord *g);

/* Closes the --pgnout file (o may be NULL). Returns 0, or -1 if a write failed. */
int pgnout_close(PgnOut *o);

/* Appends the final position of every game of run_dir/games.jsonl (read by
 * record_read_file) to o->epd, when given. Returns 0, or -1 with err. */
int pgnout_write_epd(const PgnOut *o, const Game *game, const char *run_dir, char *err, size_t errlen);

#endif
