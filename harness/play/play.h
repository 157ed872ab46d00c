/*
 * play/play.h - `qibench play`: a game in the terminal, a person against an
 * engine, two people at one board, or two engines to watch.
 */
#ifndef HARNESS_PLAY_H
#define HARNESS_PLAY_H

/* Runs `qibench play` (argv[0] is "play"). Returns the exit status: 0 when
 * the session ended (quit, end of input, the engines' game over), 2 for a
 * usage or setup error, 1 when a game could not be saved, 130 after
 * Ctrl-C (the game saved as it stands; a second Ctrl-C leaves at once)
 * and 128 + the signal after SIGTERM or SIGHUP (proc/stopsig.h). */
int play_command(int argc, char **argv);

#endif
