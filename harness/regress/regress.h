/*
 * regress/regress.h - `qibench regress`: the engine at a base git revision against
 * the working tree's build: bench signatures and speed, then an SPRT match.
 */
#ifndef HARNESS_REGRESS_H
#define HARNESS_REGRESS_H

/* argv[0] is "regress". Returns the exit status (documented in the README). */
int regress_command(int argc, char **argv);

#endif
