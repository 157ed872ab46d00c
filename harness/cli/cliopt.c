/*
 * cli/cliopt.c - see cli/cliopt.h: a command line normalised and read by
 * its command's option table, unknown names answered with the closest
 * valid one, and the command's help from the same table.
 */
#include "cli/cliopt.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "proc/affinity.h"
#include "util/util.h"

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
    {"use-affinity affinity", "CPU affinity is match's, tournament's and suite's (--use-affinity [CPUS])"},
    {"randomseed", "use --seed N (and order=random in --openings)"},
    {"show-latency testEnv crc32 force-concurrency", "qibench has no such option"},
    {"seeds", "qibench has no seeded knockout (see --format)"},
    {"xboard uci", "the protocol is the engine key proto=uci|uai|xboard"},
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

const CliOpt *cli_find_option(const CliCommand *cmd, const char *word)
{
    const char *b = bare(word);
    for (const CliOpt *o = cmd->opts; o->name; o++)
        if (strcmp(bare(o->name), b) == 0 || in_names(o->aliases, b)) return o;
    return NULL;
}

int cli_value_words(const CliOpt *o, int argc, char **argv, int i)
{
    bool list = o->kind == CLI_LIST || (o->kind == CLI_ENGINE && (o->flags & CLI_PER_ENGINE));
    int n = 0;
    if (o->kind == CLI_FLAG) return 0;
    if (!list) return i + 1 < argc ? 1 : 0;
    while (i + 1 + n < argc && argv[i + 1 + n][0] != '-') n++;
    return n;
}

/* ------------------------------------------------------------------------ */
/* Unknown names: what to use instead, or the closest valid one             */
/* ------------------------------------------------------------------------ */

/* The option name or alias of cmd closest to word (dashes left off) into
 * out ("--seed", "-srand"); false when none is close. */
static bool closest_option(const CliCommand *cmd, const char *word, char *out, size_t len)
{
    int best_d = 1000;
    for (const CliOpt *o = cmd->opts; o->name; o++) {
        const char *b = bare(o->name);
        int d = util_edit_distance(word, strlen(word), b, strlen(b));
        if (d < best_d) best_d = d, snprintf(out, len, "%s", o->name);
        for (const char *p = o->aliases; p && *p;) {
            const char *end = strchr(p, ' ');
            size_t n = end ? (size_t)(end - p) : strlen(p);
            d = util_edit_distance(word, strlen(word), p, n);
            if (d < best_d) best_d = d, snprintf(out, len, "-%.*s", (int)n, p);
            p = end ? end + 1 : p + n;
        }
    }
    return util_is_close(best_d, strlen(word));
}

void cli_unknown_option(const CliCommand *cmd, const char *word, char *err, size_t errlen)
{
    const char *b = bare(word);
    char near[80];
    for (int k = 0; FOREIGN[k].names; k++)
        if (in_names(FOREIGN[k].names, b)) {
            util_fail(err, errlen, "unknown option %s: %s", word, FOREIGN[k].instead);
            return;
        }
    if (closest_option(cmd, b, near, sizeof near))
        util_fail(err, errlen, "unknown option %s: did you mean %s? (see qibench %s --help)", word, near, cmd->name);
    else util_fail(err, errlen, "unknown option %s (see qibench %s --help)", word, cmd->name);
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
        const CliOpt *o = cli_find_option(cmd, argv[i]);
        if (!o) {
            char err[512];
            cli_unknown_option(cmd, argv[i], err, sizeof err);
            fprintf(stderr, "qibench %s: %s\n", cmd->name, err);
            return 2;
        }
        argv[i] = (char *)o->name;
        i += cli_value_words(o, argc, argv, i);
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Reading the words into the command's struct                              */
/* ------------------------------------------------------------------------ */

/* A CLI_TEXT value (or a run name): at least o->min bytes, at most o->max. */
static int check_text(const CliOpt *o, const char *value, char *err, size_t errlen)
{
    size_t n = strlen(value);
    if ((long long)n < o->min) return util_fail(err, errlen, "%s: bad value '' (expected %s)", o->name, o->arg);
    if (o->max && (long long)n > o->max)
        return util_fail(err, errlen, "%s: the value is %zu bytes long, at most %lld are allowed", o->name, n, o->max);
    return 0;
}

/* One option at argv[*i] (naming o); *i moves past its words. */
static int read_option(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    char *field = (char *)p->target + o->offset;
    long v;
    if (o->kind == CLI_ENGINE) {
        if (!p->engines) return util_fail(err, errlen, "%s: this command takes no engines", o->name);
        return spec_parse(argc, argv, i, p->engines, p->own_engine, err, errlen) < 0 ? -1 : 0;
    }
    if (o->kind != CLI_FLAG && o->kind != CLI_LIST && *i + 1 >= argc)
        return util_fail(err, errlen, "%s needs a value", o->name);
    if (o->set) return o->set(o, p, argc, argv, i, err, errlen);
    const char *value = o->kind == CLI_FLAG ? NULL : argv[*i + 1];
    switch (o->kind) {
    case CLI_FLAG:
        *(bool *)field = true;
        break;
    case CLI_INT:
    case CLI_LONG:
        if (!cli_parse_int(value, (long)o->min, (long)o->max, &v))
            return util_fail(err, errlen, "%s: bad value '%s' (expected a whole number from %lld to %lld)", o->name,
                             value, o->min, o->max);
        if (o->kind == CLI_INT) *(int *)field = (int)v;
        else *(long *)field = v;
        break;
    case CLI_TEXT:
        if (check_text(o, value, err, errlen)) return -1;
        *(const char **)field = value;
        break;
    default:
        return util_fail(err, errlen, "%s: no way to read it", o->name); /* a table without a setter */
    }
    *i += value ? 2 : 1;
    return 0;
}

int cli_parse(const CliParse *p, int argc, char **argv, char *err, size_t errlen)
{
    for (int i = 1; i < argc;) {
        if (!is_option_word(argv[i])) {
            if (!p->positional)
                return util_fail(err, errlen, "unexpected argument '%s' (an option starts with '-'; see qibench %s "
                                              "--help)", argv[i], p->cmd->name);
            if (p->positional(p->target, argv[i++], err, errlen)) return -1;
            continue;
        }
        const CliOpt *o = cli_find_option(p->cmd, argv[i]);
        if (!o) return cli_unknown_option(p->cmd, argv[i], err, errlen), -1;
        argv[i] = (char *)o->name;
        if (read_option(o, p, argc, argv, &i, err, errlen)) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The shared setters                                                       */
/* ------------------------------------------------------------------------ */

int cli_set_game(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    (void)o, (void)p, (void)argc, (void)argv, (void)err, (void)errlen;
    *i += 2; /* read (and checked) by cli_game */
    return 0;
}

int cli_set_rules(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    (void)argc;
    *i += 2;
    return cli_rule_set(p->game, argv[*i - 1], (int *)((char *)p->target + o->offset), err, errlen);
}

int cli_set_affinity(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    (*i)++;
    const char *list = *i < argc && argv[*i][0] != '-' ? argv[(*i)++] : NULL;
    return affinity_option(list, (CpuList *)((char *)p->target + o->offset), err, errlen);
}

int cli_set_run_name(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    (void)argc;
    const char *value = argv[*i + 1];
    if (!cli_is_run_name(value))
        return util_fail(err, errlen, "%s: bad value '%s' (a folder name, no '/')", o->name, value);
    if (check_text(o, value, err, errlen)) return -1;
    *(const char **)((char *)p->target + o->offset) = value;
    *i += 2;
    return 0;
}

int cli_set_log(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    return cli_log_option(argc, argv, i, (const char **)((char *)p->target + o->offset), err, errlen);
}

/* A run option --resume takes anew: CLI_RUN_LOCAL, but --resume itself. */
static bool resume_takes(const CliOpt *o)
{
    return o && (o->flags & CLI_RUN_LOCAL) && strcmp(o->name, "--resume") != 0;
}

char **cli_resume_argv(const char *who, const CliCommand *cmd, const char *dir, char **saved, int nsaved, int argc,
                       char **argv, int at, int *n)
{
    char **all = calloc((size_t)(nsaved + argc + 1), sizeof *all);
    if (!all) return fprintf(stderr, "%s: out of memory\n", who), NULL;
    *n = 0;
    for (int i = 0; i < nsaved; i++) all[(*n)++] = saved[i];
    for (int i = 1; i < argc; i++) {
        if (i == at) {
            i++;
            continue;
        }
        const CliOpt *o = cli_find_option(cmd, argv[i]);
        int values = resume_takes(o) ? cli_value_words(o, argc, argv, i) : -1;
        if (values < 0 || (values == 0 && o->kind != CLI_FLAG && o->kind != CLI_LIST)) {
            char names[512];
            size_t used = 0;
            names[0] = '\0';
            for (const CliOpt *r = cmd->opts; r->name && used < sizeof names; r++)
                if (resume_takes(r))
                    used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "", r->name);
            fprintf(stderr, "%s: with --resume only run options (%s) may be given, not '%s': the run's own come from "
                            "%s/run.json\n", who, names, argv[i], dir);
            free(all);
            return NULL;
        }
        for (int v = 0; v <= values; v++) all[(*n)++] = argv[i + v];
        i += values;
    }
    return all;
}
