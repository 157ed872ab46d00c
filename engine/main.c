/*
 * main.c - bin/xiangqi-engine: the protocol loop, or one command from argv.
 */
#include <stdio.h>

#include "board.h"
#include "movegen.h"
#include "uci.h"

int main(int argc, char **argv)
{
    board_init();
    movegen_init();
    if (argc > 1) return uci_command_line(argc - 1, argv + 1);
    return uci_loop(stdin, stdout);
}
