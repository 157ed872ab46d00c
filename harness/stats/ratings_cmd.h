/*
 * stats/ratings_cmd.h - `qibench ratings DIR... [--anchor NAME] [--json]`: one
 * rating list (stats/ratings.h) from the games.jsonl of finished match and
 * tournament runs, with the LOS matrix, the crosstable and the W/D/L matrix.
 */
#ifndef HARNESS_RATINGS_CMD_H
#define HARNESS_RATINGS_CMD_H

#include <stdio.h>

#include "results/json.h"
#include "results/record.h"
#include "stats/ratings.h"

/*
 * Adds every game of the JSON Lines file path (games.jsonl, read by
 * record_read_file: the two sides' names and "result" "1-0", "0-1" or
 * "1/2-1/2") to g. Returns 0, or -1 with a one-line "PATH:LINE: expected
 * ..." (or "cannot read PATH: ...") in err.
 */
int ratings_read_games(const char *path, RatingGames *g, char *err, size_t errlen);

/* Counts one stored game into g. Returns 0, or -1 with err (too many engines). */
int ratings_add_stored(RatingGames *g, const StoredGame *sg, char *err, size_t errlen);

/* Member key of the open object in j: the ratings (average anchor) of the
 * games g, the object `qibench ratings --json` prints; null when the
 * ratings do not exist. */
void ratings_json_member(Json *j, const char *key, const RatingGames *g);

/* argv[0] is "ratings". Prints the tables (or with --json one object) on
 * stdout. Returns 0; 1 with one line on stderr when a file cannot be read
 * or is malformed, or the ratings do not exist; 2 on a usage error. */
int ratings_command(int argc, char **argv);

#endif
