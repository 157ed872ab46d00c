/*
 * uci.h - the engine's UCI / UCCI protocol loop. The options are in
 * options.h, the perft and bench tools in bench.h.
 */
#ifndef ENGINE_UCI_H
#define ENGINE_UCI_H

#include <stdio.h>

#include "search.h"

/*
 * Reads commands from in until `quit` or end of input, answering on out; the
 * options start as *config. The search runs in a second thread, so `stop`,
 * `isready` and `quit` are answered while it runs. At end of input a search
 * with a limit is allowed to finish, an unlimited one (`go infinite`) is
 * stopped. Diagnostics go to stderr. Returns 0, or 1 when the engine cannot
 * be set up (no memory for the hash table).
 */
int uci_loop(const SearchConfig *config, FILE *in, FILE *out);

#endif
