/*
 * stats/stats_cmd.h - `qibench stats --wdl W,D,L | --penta LL,LD,WLDD,WD,WW
 * [--sprt elo0=A elo1=B [alpha=] [beta=] [model=]] [--json]`: the
 * statistics of stats/stats.h for given counts.
 */
#ifndef HARNESS_STATS_CMD_H
#define HARNESS_STATS_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "stats/stats.h"

typedef struct {
    bool is_penta;               /* --penta rather than --wdl */
    bool counts_given;           /* --wdl or --penta was given */
    int64_t wdl[3];              /* wins, draws, losses */
    int64_t penta[PENTA_CELLS];
    bool has_sprt;
    SprtParams sprt;
    bool json;
} StatsCommand;

/*
 * Parses the arguments after "stats" (argv[0] is "stats"). Returns 0, or
 * -1 with a one-line message in err (without the "qibench stats: " prefix).
 */
int stats_parse_command(int argc, char **argv, StatsCommand *cmd, char *err, size_t errlen);
/*
 * Computes and prints the statistics to out: "name: value" lines, or one
 * JSON object line with --json. Returns 0, or with a message in err -1
 * when the SPRT cannot be computed, -2 when the output cannot be written.
 */
int stats_run_command(const StatsCommand *cmd, FILE *out, char *err, size_t errlen);

/* argv[0] is "stats": parses, prints to stdout. Returns the exit status:
 * 0, or 2 with one line on stderr ("qibench stats: ..."). */
int stats_command(int argc, char **argv);

#endif
