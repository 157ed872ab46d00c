/*
 * cli/cliopt.h - every command's options in one table each: main normalises a
 * command line against its command's table before the command parses it
 * (so every long option works with one dash or two, cutechess-cli and
 * fastchess names become ours, an unknown option is one line naming it
 * alone), and `qibench COMMAND --help` is printed from the same table.
 */
#ifndef HARNESS_CLIOPT_H
#define HARNESS_CLIOPT_H

#include <stdio.h>

enum { CLI_LIST = -1 }; /* CliOpt.values: the words after it up to the next '-' word */

typedef struct {
    const char *name;    /* the spelling the command parses: "--seed", "-engine" */
    const char *aliases; /* other names, space separated, dashes left off ("srand"), or NULL */
    int values;          /* words that follow it: 0, 1, or CLI_LIST */
    const char *arg;     /* what follows, for help ("N", "KEY=VALUE..."), or NULL */
    const char *help;    /* for help; lines after a '\n' are indented */
} CliOpt;

typedef struct {
    const char *name;     /* the command word */
    const char *synopsis; /* after "usage: qibench " */
    const char *about;    /* a paragraph */
    const CliOpt *opts;   /* ends with a {NULL} entry */
    const char *example;  /* lines, each a command */
    const char *exits;    /* "Exit status: ..." */
} CliCommand;

/* The table of a command word, or NULL. */
const CliCommand *cli_command(const char *name);

/*
 * Rewrites argv[1..argc-1] in place to cmd's spellings: every option
 * word (one dash or two, any alias) becomes its CliOpt.name; the words an
 * option takes are skipped. Returns 0; 1 after printing cmd's help on
 * stdout (-h, --help: exit 0); 2 after printing one line on stderr: an
 * unknown option ("unknown option -foo"), with what to use instead when it
 * is a cutechess-cli or fastchess option qibench does not have.
 */
int cli_normalize(const CliCommand *cmd, int argc, char **argv);

/* cmd's help: usage, about, options, example, exit status. */
void cli_print_help(const CliCommand *cmd, FILE *f);

/* Prints text, every line after the first indented by indent spaces (the
 * help texts: `qibench help` and COMMAND --help). */
void cli_put_indented(FILE *f, const char *text, int indent);

#endif
