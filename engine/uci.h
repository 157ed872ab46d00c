/*
 * uci.h - the engine's UCI / UCCI protocol loop, its options and its
 * command-line tools (perft, bench).
 */
#ifndef ENGINE_UCI_H
#define ENGINE_UCI_H

#include <stddef.h>
#include <stdio.h>

#include "search/search.h"

/* The option defaults: the registry's default variant, 16 MB of hash,
 * quiescence on, TTExactDraft off. */
SearchConfig uci_default_config(void);

/*
 * Sets the option called name (case-insensitive: Search, Hash, Quiescence,
 * TTExactDraft, Threads) to value in *config. Check options take
 * true|false|on|off; Search takes a registry name (case-insensitive).
 * Returns 0, or -1 leaving *config unchanged and writing a one-line reason
 * (no newline) to err when err is not NULL.
 */
int uci_set_option(SearchConfig *config, const char *name, const char *value, char *err, size_t errlen);

/*
 * Reads commands from in until `quit` or end of input, answering on out; the
 * options start as *config. The search runs in a second thread, so `stop`,
 * `isready` and `quit` are answered while it runs. At end of input a search
 * with a limit is allowed to finish, an unlimited one (`go infinite`) is
 * stopped. Diagnostics go to stderr. Returns 0, or 1 when the engine cannot
 * be set up (no memory for the hash table).
 */
int uci_loop(const SearchConfig *config, FILE *in, FILE *out);

/*
 * Runs one command given on the command line, as `engine CMD ARGS...`:
 * `perft N [FEN]` or `bench [DEPTH] [VARIANT]`, with the options *config.
 * Returns the process exit status: 0 on success, 1 on bad arguments or input
 * (with a one-line error on stderr).
 */
int uci_command_line(const SearchConfig *config, int argc, char **argv);

#endif
