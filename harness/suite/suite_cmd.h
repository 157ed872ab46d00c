/*
 * suite/suite_cmd.h - `qibench suite FILE [ENGINES] [OPTIONS]`: its command line,
 * the results folder and run.json; the run itself is suite_run (suite/suite.h).
 */
#ifndef HARNESS_SUITE_CMD_H
#define HARNESS_SUITE_CMD_H

/* argv[0] is "suite". Returns the exit status: suite_run's, or 2 for a
 * usage or setup error (one line on stderr, no results folder made). */
int suite_command(int argc, char **argv);

#endif
