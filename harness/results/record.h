/*
 * results/record.h - one stored game of games.jsonl as a typed record, parsed
 * once by one function (record_parse, with the one JSON parser,
 * results/jsonread.h), and the one reader of a games.jsonl file
 * (record_read_file). Every reader of stored games takes its record from
 * here: --resume and merge (results/load.c, results/replay.c), the ratings
 * (stats/ratings_cmd.c), the search statistics (stats/searchstats.c),
 * --epdout and the count of abandoned games (formats/pgnout.c).
 *
 * The engines are named by the game's own sides in lower case
 * (Game.side_name). Files written before that (the release of 8965c1b)
 * name the sides of every game by one pair of keys (record.c's
 * LEGACY_KEY): those are read too.
 */
#ifndef HARNESS_RESULTS_RECORD_H
#define HARNESS_RESULTS_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"
#include "results/check.h"

#define RECORD_NAME_BYTES 128

/* One move of a stored game. Numbers absent from the line are -1. */
typedef struct {
    char move[MOVE_TEXT_BYTES]; /* in the game's record notation ("" when absent) */
    bool book;                  /* "book": true, a move of the opening */
    int64_t time_ms, depth, nodes, seldepth, allot_ms; /* whole numbers >= 0, or -1 */
    bool has_cp, has_mate;
    int64_t cp, mate;
} StoredMove;

/* One games.jsonl line. Numbers absent are -1, texts absent or null "". */
typedef struct {
    char side[2][RECORD_NAME_BYTES]; /* the engines by side: the game's first side (Red, White), then Black */
    int points2;                     /* the first side's half points: 2, 1, 0 ("1-0", "1/2-1/2", "0-1") */
    char result[16], reason[64], detail[256], date[16], opening[64];
    char fen[GAME_TEXT_MAX];
    int64_t round, pair, game, plies;
    bool has_moves;                  /* "moves" is present (a list of move objects) */
    int nmoves;
    StoredMove *moves;               /* nmoves of them (heap: record_free) */
    int cap;
} StoredGame;

/* The key of side (0 or 1) in the lines of game: its side name in lower
 * case; when game is NULL, the key of older files. */
const char *record_side_key(const Game *game, int side);

/*
 * Parses one line (a JSON object, strict RFC 8259) of a game played under
 * game (NULL: any game; the sides are then read by any game's keys) into
 * *g, reusing its move array. Required: both sides' names
 * (different strings) and a result; every other member is checked when
 * present (its type, whole numbers >= 0). Returns 0, or -1 with a
 * one-line "expected ..." in err. Free g with record_free.
 */
int record_parse(const char *line, const Game *game, StoredGame *g, char *err, size_t errlen);

/* Frees g's moves (g itself is the caller's); g may be NULL. */
void record_free(StoredGame *g);

/* What a reader calls for each game (line: its text, len bytes with the
 * line end): 0 to go on, -1 (with err) to stop. */
typedef int (*RecordFn)(void *ctx, const StoredGame *g, const char *line, size_t len, char *err, size_t errlen);

/* How record_read reads a games.jsonl, and what it found. */
typedef struct {
    const Game *game;     /* the game played (NULL: any; see record_parse) */
    bool missing_ok;      /* a missing file holds no game (else an error) */
    bool torn_ok;         /* a torn last line (no line end) is left out and reported in torn_line (else an error) */
    const char *seed;     /* every line must continue the chain from this check (run.json's); NULL: from the
                           * folder's run.json when it is sealed, else (files before the checksums) unchecked */
    RecordFn fn;
    void *ctx;
    /* found: */
    bool sealed;          /* the lines were checked */
    char last[CHECK_BYTES]; /* the check of the last line read (the seed when none), when sealed */
    long whole;           /* bytes of the whole lines read */
    long torn_line;       /* the line number of a torn last line, 0 for none */
} RecordReader;

/*
 * Reads the games.jsonl at path line by line (memory: one line), each line
 * checked in its chain (see RecordReader.seed), parsed by record_parse and
 * handed to r->fn. Returns 0, or -1 with a one-line "PATH:LINE: expected
 * ..." in err.
 */
int record_read(const char *path, RecordReader *r, char *err, size_t errlen);

/* record_read of path with the chain of its folder's run.json, no torn line allowed. */
int record_read_file(const char *path, const Game *game, bool missing_ok, RecordFn fn, void *ctx, char *err,
                     size_t errlen);

/* The stored games of a run folder: the name of its games file (games.jsonl),
 * and run_dir/games.jsonl into out (cut short only past len). */
#define RECORD_GAMES_FILE "games.jsonl"
void record_games_path(const char *run_dir, char *out, size_t len);

/* The games of run_dir/games.jsonl: how many there are and how many were
 * abandoned (an engine crashed or stalled). Returns 0, or -1 when the file
 * cannot be read (the counts then cover the lines before the fault). */
int record_count_abandoned(const char *run_dir, int *games, int *abandoned);

#endif
