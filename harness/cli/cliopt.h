/*
 * cli/cliopt.h - every command's options, declared once each in one table
 * per command (the table sits next to the struct it fills, in the
 * command's *_cmd.c; cli/commands.c lists the commands). An option says
 * its name, other names, kind, range, default, help and whether it is a
 * run option; from that one declaration:
 *  - cli_normalize rewrites a command line to the table's names (one dash
 *    or two, cutechess-cli / fastchess names; an unknown option is one
 *    line naming it, with the closest valid name);
 *  - cli_parse reads the words into the command's struct (checking the
 *    ranges, the engines through cli/spec.h);
 *  - cli_print_help prints COMMAND --help and cli_print_markdown the
 *    command's part of docs/cli.md.
 */
#ifndef HARNESS_CLIOPT_H
#define HARNESS_CLIOPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/spec.h"

typedef enum {
    CLI_FLAG,   /* no value: sets a bool */
    CLI_INT,    /* a whole number in [min, max]: sets an int */
    CLI_LONG,   /* a whole number in [min, max]: sets a long */
    CLI_TEXT,   /* a word, at least min bytes and at most max (0: any): sets a const char * */
    CLI_LIST,   /* KEY=VALUE words, up to the next option word: read by set */
    CLI_VALUE,  /* one word read by set (a form of its own: K/N, W,D,L, a format name) */
    CLI_ENGINE, /* -engine, -each, -variant-engines: cli/spec.h's spec_parse */
} CliKind;

enum {
    CLI_RUN_LOCAL = 1,  /* says how a run is carried out, not what it plays: --resume and
                           merge take it anew, shards may differ in it */
    CLI_PER_ENGINE = 2, /* KEY=VALUE settings of one engine (-engine, -each) */
};

struct CliParse;
struct CliOpt;

/* Reads an option of kind CLI_LIST or CLI_VALUE (or replaces a kind's own
 * store) at argv[*i], the option word; moves *i past its words. Returns 0,
 * or -1 with a one-line err. */
typedef int (*CliSet)(const struct CliOpt *o, const struct CliParse *p, int argc, char **argv, int *i, char *err,
                      size_t errlen);

typedef struct CliOpt {
    const char *name;    /* the spelling the table's command reads: "--seed", "-engine" */
    const char *aliases; /* other names, space separated, dashes left off ("srand"), or NULL */
    CliKind kind;
    const char *arg;     /* what follows, for help ("N", "KEY=VALUE..."), or NULL */
    long long min, max;  /* CLI_INT, CLI_LONG: the range; CLI_TEXT: the shortest and longest value */
    size_t offset;       /* of the field in the command's struct (CliParse.target) */
    CliSet set;          /* CLI_LIST, CLI_VALUE; or a check of its own for the other kinds */
    const char *def;     /* the default, for help ("1", "results"), or NULL */
    int flags;           /* CLI_RUN_LOCAL, CLI_PER_ENGINE */
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

/* What cli_parse fills, and with what. */
typedef struct CliParse {
    const CliCommand *cmd;
    void *target;           /* the command's struct: CliOpt.offset is into it */
    const Game *game;       /* the game the command line names (cli_game) */
    EngineList *engines;    /* CLI_ENGINE options go here; NULL: the command has none */
    const char *own_engine; /* our engine for the game (spec_parse's) */
    /* A word that is not an option (a file, a folder); NULL: none is
     * expected. Returns 0, or -1 with err. */
    int (*positional)(void *target, const char *word, char *err, size_t errlen);
} CliParse;

/* Declarations for the tables: T is the command's struct. */
#define CLI_OFF(T, field) offsetof(T, field)
#define CLI_OPT_FLAG(name, aliases, T, field, flags, help) \
    {name, aliases, CLI_FLAG, NULL, 0, 0, CLI_OFF(T, field), NULL, NULL, flags, help}
#define CLI_OPT_INT(name, aliases, arg, T, field, min, max, def, flags, help) \
    {name, aliases, CLI_INT, arg, min, max, CLI_OFF(T, field), NULL, def, flags, help}
#define CLI_OPT_LONG(name, aliases, arg, T, field, min, max, def, flags, help) \
    {name, aliases, CLI_LONG, arg, min, max, CLI_OFF(T, field), NULL, def, flags, help}
#define CLI_OPT_TEXT(name, aliases, arg, T, field, min, max, def, flags, help) \
    {name, aliases, CLI_TEXT, arg, min, max, CLI_OFF(T, field), NULL, def, flags, help}
#define CLI_OPT_SET(name, aliases, kind, arg, T, field, set, def, flags, help) \
    {name, aliases, kind, arg, 0, 0, CLI_OFF(T, field), set, def, flags, help}
#define CLI_OPT_END {NULL, NULL, CLI_FLAG, NULL, 0, 0, 0, NULL, NULL, 0, NULL}

/* The engines (-engine, -each, -variant-engines) and the game (--game,
 * -variant), as every command that plays or searches takes them. */
#define CLI_ENGINE_OPTS                                                                                          \
    {"-engine", NULL, CLI_ENGINE, "KEY=VALUE...", 0, 0, 0, NULL, "our own engine for the game, bin/GAME-engine", \
     CLI_PER_ENGINE, "an engine: the keys below (Engine keys)"},                                                  \
        {"-each", NULL, CLI_ENGINE, "KEY=VALUE...", 0, 0, 0, NULL, NULL, CLI_PER_ENGINE,                          \
         "settings for every engine (an engine's own win)"},                                                      \
        {"-variant-engines", NULL, CLI_ENGINE, "LIST|all", 0, 0, 0, NULL, NULL, 0,                               \
         "our engine once per search variant (comma separated)"},                                                 \
        CLI_GAME_OPT("the game (qibench help lists them)")

/* --game NAME (-variant NAME): read by cli_game before the rest. */
#define CLI_GAME_OPT(help) \
    {"--game", "variant", CLI_VALUE, "NAME", 0, 0, 0, cli_set_game, "the first game qibench help lists", 0, help}

/* The engine timeouts into the ClientTimeouts field of T, with flags. */
#define CLI_TIMEOUT_OPTS(T, field, flags)                                                                              \
    CLI_OPT_INT("--handshake-timeout", NULL, "MS", T, field.handshake_ms, 1, 3600000, "10000", flags,                  \
                "uci -> uciok / xboard features"),                                                                     \
        CLI_OPT_INT("--ready-timeout", NULL, "MS", T, field.ready_ms, 1, 3600000, "5000", flags,                       \
                    "isready -> readyok / ping -> pong"),                                                              \
        CLI_OPT_INT("--move-grace", NULL, "MS", T, field.move_grace_ms, 0, 3600000, "5000", flags,                     \
                    "time beyond movetime or the clock before a stall"),                                               \
        CLI_OPT_INT("--search-timeout", NULL, "MS", T, field.untimed_ms, 1, 86400000, "600000", flags,                 \
                    "a depth or node search longer than this is a stall")

/* The table of a command word, or NULL. */
const CliCommand *cli_command(const char *name);

/* The commands with tables, in order, and how many (for help and docs). */
const CliCommand *cli_command_at(int i);
int cli_command_count(void);

/* The option of cmd that word names (one dash or two, any alias), or NULL. */
const CliOpt *cli_find_option(const CliCommand *cmd, const char *word);

/* How many words after argv[i] (an option word naming o) are its values:
 * 0, 1, or for CLI_LIST (and --repeat's optional count) every word up to
 * the next option word. */
int cli_value_words(const CliOpt *o, int argc, char **argv, int i);

/*
 * --resume at argv[at] (argv[at + 1] the run's folder, dir): the run's saved
 * command line saved[0..nsaved) followed by the words of argv that are
 * cmd's run options (CLI_RUN_LOCAL but --resume: how a run is carried out,
 * which a resume takes anew) with their values. Returns the merged list
 * (its words are saved's and argv's: free the list alone), *n its length;
 * NULL after one line on stderr (who: "qibench suite") naming the run
 * options when argv has another word, or when memory runs out.
 */
char **cli_resume_argv(const char *who, const CliCommand *cmd, const char *dir, char **saved, int nsaved, int argc,
                       char **argv, int at, int *n);

/*
 * Rewrites argv[1..argc-1] in place to cmd's spellings: every option
 * word (one dash or two, any alias) becomes its CliOpt.name; the words an
 * option takes are skipped. Returns 0; 1 after printing cmd's help on
 * stdout (-h, --help: exit 0); 2 after printing one line on stderr: an
 * unknown option ("unknown option -foo"), with the closest valid name
 * when one is close ("did you mean --concurrency?"), or what to use
 * instead when it is a cutechess-cli or fastchess option qibench lacks.
 */
int cli_normalize(const CliCommand *cmd, int argc, char **argv);

/*
 * Reads argv[1..argc-1] (normalised or not) into p->target by p->cmd's
 * table: each value checked against its option's kind and range, engines
 * through spec_parse, other words through p->positional. Returns 0, or -1
 * with one line in err ("--games: bad value 'x' (expected a whole number
 * from 1 to 10000000)", "--depth needs a value", "unknown option --x").
 */
int cli_parse(const CliParse *p, int argc, char **argv, char *err, size_t errlen);

/* "unknown option WORD" with what to use instead, or the closest name of
 * cmd ("...: did you mean --seed?"), and "(see qibench CMD --help)". */
void cli_unknown_option(const CliCommand *cmd, const char *word, char *err, size_t errlen);

/* cmd's help: usage, about, options, example, exit status. */
void cli_print_help(const CliCommand *cmd, FILE *f);

/* cmd's section of docs/cli.md (Markdown). */
void cli_print_markdown(const CliCommand *cmd, FILE *f);

/* The engine keys' section of docs/cli.md (cli/spec.h's table). */
void cli_print_markdown_engine_keys(FILE *f);

/* Prints text, every line after the first indented by indent spaces (the
 * help texts: `qibench help` and COMMAND --help). */
void cli_put_indented(FILE *f, const char *text, int indent);

/* Setters the tables share (CliSet): --game (checked by cli_game: the
 * value is skipped), --rules (an int rule set of p->game at o->offset),
 * --use-affinity (an optional CPU list, a CpuList: proc/affinity.h's
 * affinity_option), --name (a run's folder name, a const char *), --log
 * (FILE or fastchess's file=FILE level=L ..., a const char *). */
int cli_set_game(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen);
int cli_set_rules(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen);
int cli_set_affinity(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen);
int cli_set_run_name(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen);
int cli_set_log(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen);

#endif
