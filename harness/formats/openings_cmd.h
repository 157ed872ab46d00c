/*
 * formats/openings_cmd.h - `qibench openings`: named move lists (in any notation
 * qibench reads) turned into an EPD opening book.
 */
#ifndef HARNESS_OPENINGS_CMD_H
#define HARNESS_OPENINGS_CMD_H

/* argv[0] is "openings". Returns the exit status: 0 done, 2 usage or input error. */
int openings_command(int argc, char **argv);

#endif
