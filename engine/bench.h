/*
 * bench.h - the engine's measuring tools: perft divide (`go perft N` and the
 * command line `perft N [FEN]`) and `bench [DEPTH] [VARIANT]` over the
 * game's bench file. Game-independent: written against search.h (and so
 * game.h) only.
 */
#ifndef ENGINE_BENCH_H
#define ENGINE_BENCH_H

#include <stdint.h>
#include <stdio.h>

#include "search.h"

#define BENCH_MAX_PERFT_DEPTH 12
#define BENCH_DEFAULT_DEPTH 4

/*
 * Writes the perft divide of pos to out: one "move: count" line per legal
 * move, a blank line, then "Nodes searched: N" (the Stockfish format); pos is
 * restored. depth >= 1. Returns the total.
 */
uint64_t bench_perft_divide(GamePosition *pos, int depth, FILE *out);

/*
 * `bench [DEPTH] [VARIANT]` (words[0..n), either order): searches every
 * position of the bench file to DEPTH (default BENCH_DEFAULT_DEPTH) with a
 * fresh table each, with the options *config (VARIANT replacing its
 * variant), progress lines on stderr, then writes the totals to out. s is
 * configured back to *config afterwards. Returns 0, or -1 with a one-line
 * error on stderr.
 */
int bench_run(Search *s, const SearchConfig *config, char **words, int n, FILE *out);

/*
 * Runs one command given on the command line, as `engine CMD ARGS...`:
 * `perft N [FEN]` or `bench [DEPTH] [VARIANT]`, with the options *config.
 * Returns the process exit status: 0 on success, 1 on bad arguments or input
 * (with a one-line error on stderr).
 */
int bench_command_line(const SearchConfig *config, int argc, char **argv);

#endif
