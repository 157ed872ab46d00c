/*
 * cli/commands.h - each command's option table (cli/cliopt.h), defined in
 * the command's own file next to the struct it fills; cli/commands.c
 * lists them with each command's synopsis, example and exit statuses.
 */
#ifndef HARNESS_COMMANDS_H
#define HARNESS_COMMANDS_H

#include "cli/cliopt.h"

extern const CliOpt MATCH_OPTS[];    /* match/match_cmd.c: match and tournament */
extern const CliOpt MERGE_OPTS[];    /* match/match_cmd.c */
extern const CliOpt SUITE_OPTS[];    /* suite/suite_cmd.c */
extern const CliOpt BENCH_OPTS[];    /* bench/bench_cmd.c */
extern const CliOpt STATS_OPTS[];    /* stats/stats_cmd.c */
extern const CliOpt RATINGS_OPTS[];  /* stats/ratings_cmd.c */
extern const CliOpt PLAY_OPTS[];     /* play/play.c */
extern const CliOpt OPENINGS_OPTS[]; /* formats/openings_cmd.c */
extern const CliOpt REGRESS_OPTS[];  /* regress/regress.c */

#endif
