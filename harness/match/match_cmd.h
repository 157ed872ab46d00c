/*
 * match/match_cmd.h - `qibench match`, `qibench tournament` (with --resume DIR)
 * and `qibench merge DIR...`: their command lines, the results folder and
 * run.json; the run itself is match_run (match/match.h).
 */
#ifndef HARNESS_MATCH_CMD_H
#define HARNESS_MATCH_CMD_H

/* argv[0] is "match" or "tournament". Returns the exit status: match_run's,
 * or 2 for a usage or setup error (one line on stderr). */
int match_command(int argc, char **argv);

/* argv[0] is "merge": the shards of one run into a new run folder. Returns
 * the exit status as match_command. */
int merge_command(int argc, char **argv);

#endif
