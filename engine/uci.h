/*
 * uci.h - the engine's UCI / UCCI protocol loop and its command-line tools.
 */
#ifndef ENGINE_UCI_H
#define ENGINE_UCI_H

#include <stdio.h>

/* Reads commands from in until `quit` or end of input, answering on out.
 * Diagnostics go to stderr. Returns 0. */
int uci_loop(FILE *in, FILE *out);

/*
 * Runs one command given on the command line, as `engine CMD ARGS...`:
 * `perft N [FEN]`. Returns the process exit status: 0 on success, 1 on bad
 * arguments or input (with a one-line error on stderr).
 */
int uci_command_line(int argc, char **argv);

#endif
