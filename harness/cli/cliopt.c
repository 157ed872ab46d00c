/*
 * cli/cliopt.c - see cli/cliopt.h: a command line normalised against its
 * command's option table, and the command's help from the same table.
 */
#include "cli/cliopt.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

/* cutechess-cli and fastchess options qibench does not have, and what to
 * use instead (the options both have are aliases in the tables). */
static const struct {
    const char *names; /* space separated, no dashes */
    const char *instead;
} FOREIGN[] = {
    {"tb tbpieces tbignore50 tbadjudicate", "qibench has no tablebase adjudication (use --draw and --resign)"},
    {"reverse", "qibench has no reversed schedule (give the -engine options in the other order)"},
    {"bookmode book bookdepth", "qibench has no opening-book engine key (use --openings file=F format=pgn|epd)"},
    {"livepgnout", "games.pgn in the results folder is written as each game ends (or --pgnout FILE)"},
    {"resultformat output", "qibench's output has one format (results in games.jsonl and summary.json)"},
    {"config", "qibench reads no config file (put the options on the command line; --resume DIR re-reads a run's)"},
    {"quick", "write -engine cmd=A -engine cmd=B -each tc=10+0.1 --openings file=F"},
    {"report", "the pentanomial counts are always reported"},
    {"scoreinterval outcomeinterval", "use --progress N (a status line every N games)"},
    {"autosaveinterval", "every game is saved as it ends; go on after a stop with --resume DIR"},
    {"use-affinity affinity", "qibench does not pin engines to cores"},
    {"randomseed", "use --seed N (and order=random in --openings)"},
    {"show-latency testEnv crc32 force-concurrency", "qibench has no such option"},
    {"seeds", "qibench has no seeded knockout (see --format)"},
    {"xboard uci", "the protocol is the engine key proto=uci|xboard"},
    {"pgnin", "use --openings file=F format=pgn"},
    {NULL, NULL},
};

static const char *bare(const char *word)
{
    while (*word == '-') word++;
    return word;
}

/* Is word one of the space-separated names? */
static bool in_names(const char *names, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = names; p && *p;) {
        const char *end = strchr(p, ' ');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && strncmp(p, word, n) == 0) return true;
        p = end ? end + 1 : p + len;
    }
    return false;
}

/* An option word: '-' and a letter ("-5", "-0.5" and "-" are values). */
static bool is_option_word(const char *w)
{
    if (w[0] != '-') return false;
    const char *b = bare(w);
    return *b && (w[1] == '-' || !(isdigit((unsigned char)*b) || *b == '.'));
}

static const CliOpt *find_option(const CliCommand *cmd, const char *word)
{
    const char *b = bare(word);
    for (const CliOpt *o = cmd->opts; o->name; o++)
        if (strcmp(bare(o->name), b) == 0 || in_names(o->aliases, b)) return o;
    return NULL;
}

int cli_normalize(const CliCommand *cmd, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!is_option_word(argv[i])) continue;
        const char *b = bare(argv[i]);
        if (strcmp(b, "help") == 0 || strcmp(b, "h") == 0) {
            cli_print_help(cmd, stdout);
            return 1;
        }
        const CliOpt *o = find_option(cmd, argv[i]);
        if (!o) {
            for (int k = 0; FOREIGN[k].names; k++)
                if (in_names(FOREIGN[k].names, b)) {
                    fprintf(stderr, "qibench %s: unknown option %s: %s\n", cmd->name, argv[i], FOREIGN[k].instead);
                    return 2;
                }
            fprintf(stderr, "qibench %s: unknown option %s (see qibench %s --help)\n", cmd->name, argv[i], cmd->name);
            return 2;
        }
        argv[i] = (char *)o->name;
        if (o->values == CLI_LIST)
            while (i + 1 < argc && argv[i + 1][0] != '-') i++;
        else
            for (int v = 0; v < o->values && i + 1 < argc; v++) i++;
    }
    return 0;
}

void cli_put_indented(FILE *f, const char *text, int indent)
{
    for (const char *line = text;;) {
        const char *nl = strchr(line, '\n');
        fprintf(f, "%.*s", nl ? (int)(nl - line) : (int)strlen(line), line);
        if (!nl) return;
        fprintf(f, "\n%*s", indent, "");
        line = nl + 1;
    }
}

#define HELP_COLUMN 28

void cli_print_help(const CliCommand *cmd, FILE *f)
{
    fprintf(f, "usage: qibench %s\n\n", cmd->synopsis);
    cli_put_indented(f, cmd->about, 0);
    fprintf(f, "\n\nOptions (one dash or two; the names after 'or' are the same option):\n");
    for (const CliOpt *o = cmd->opts; o->name; o++) {
        char head[160];
        int n = snprintf(head, sizeof head, "  %s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        for (const char *p = o->aliases; p && *p && n < (int)sizeof head - 8;) {
            const char *end = strchr(p, ' ');
            int len = end ? (int)(end - p) : (int)strlen(p);
            n += snprintf(head + n, sizeof head - (size_t)n, " or -%.*s%s%s", len, p, o->arg ? " " : "",
                          o->arg ? o->arg : "");
            p = end ? end + 1 : p + len;
        }
        if (n > (int)sizeof head - 1) n = (int)sizeof head - 1;
        fputs(head, f);
        if (n < HELP_COLUMN - 1) fprintf(f, "%*s", HELP_COLUMN - n, "");
        else fprintf(f, "\n%*s", HELP_COLUMN, "");
        cli_put_indented(f, o->help, HELP_COLUMN);
        fputc('\n', f);
    }
    fprintf(f, "\nExample:\n  ");
    cli_put_indented(f, cmd->example, 2);
    fprintf(f, "\n\n");
    cli_put_indented(f, cmd->exits, 0);
    fputc('\n', f);
}
