/*
 * cli/help.c - see cli/cliopt.h: COMMAND --help and the command's section
 * of docs/cli.md, both printed from the command's option table and the
 * engine keys' table (cli/spec.h).
 */
#include <string.h>

#include "cli/cliopt.h"

#define HELP_COLUMN 28
#define HELP_WIDTH 100 /* a note that would reach past this goes on a line of its own */

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

/* Does the table take engines' KEY=VALUE settings? */
static bool has_engine_keys(const CliCommand *cmd)
{
    for (const CliOpt *o = cmd->opts; o->name; o++)
        if (o->flags & CLI_PER_ENGINE) return true;
    return false;
}

/* "  --seed N or -srand N": the option's names, each with its value. */
static int option_head(const CliOpt *o, char *head, size_t size)
{
    const char *arg = o->arg ? o->arg : "";
    const char *sp = o->arg ? " " : "";
    int n = snprintf(head, size, "  %s%s%s", o->name, sp, arg);
    for (const char *p = o->aliases; p && *p && n < (int)size - 8;) {
        const char *end = strchr(p, ' ');
        int len = end ? (int)(end - p) : (int)strlen(p);
        n += snprintf(head + n, size - (size_t)n, " or -%.*s%s%s", len, p, sp, arg);
        p = end ? end + 1 : p + len;
    }
    return n > (int)size - 1 ? (int)size - 1 : n;
}

/* help, then its range and default: "(1 to 256; default 1)", and " [run]"
 * for a run option; the note on a line of its own when the help's last
 * line is long. range and def may be empty or NULL. */
static void put_help(FILE *f, const char *help, const char *range, const char *def, bool run)
{
    char note[192] = "";
    bool has_range = range && range[0], has_def = def && def[0];
    if (has_range || has_def)
        snprintf(note, sizeof note, " (%s%s%s%s)", has_range ? range : "", has_range && has_def ? "; " : "",
                 has_def ? "default " : "", has_def ? def : "");
    if (run) snprintf(note + strlen(note), sizeof note - strlen(note), " [run]");
    cli_put_indented(f, help, HELP_COLUMN);
    const char *last = strrchr(help, '\n');
    size_t width = HELP_COLUMN + strlen(last ? last + 1 : help) + strlen(note);
    if (note[0] && width > HELP_WIDTH) fprintf(f, "\n%*s%s", HELP_COLUMN, "", note + 1);
    else fputs(note, f);
}

/* "2 to 5" for an option with a range, else "". */
static const char *option_range(const CliOpt *o, char *buf, size_t len)
{
    buf[0] = '\0';
    if (o->kind == CLI_INT || o->kind == CLI_LONG) snprintf(buf, len, "%lld to %lld", o->min, o->max);
    return buf;
}

/* "  HEAD" padded to HELP_COLUMN, or on a line of its own when it reaches that far. */
static void put_head(FILE *f, const char *head, int n)
{
    fputs(head, f);
    if (n < HELP_COLUMN - 1) fprintf(f, "%*s", HELP_COLUMN - n, "");
    else fprintf(f, "\n%*s", HELP_COLUMN, "");
}

static void print_engine_keys(FILE *f)
{
    fprintf(f, "\nEngine keys (-engine KEY=VALUE..., -each KEY=VALUE...):\n");
    for (int k = 0; k < spec_key_count(); k++) {
        const SpecKeyInfo *key = spec_key_at(k);
        char head[128], range[64] = "";
        int n = snprintf(head, sizeof head, "  %s=%s", key->key, key->arg);
        if (key->aliases) n += snprintf(head + n, sizeof head - (size_t)n, " or %s=%s", key->aliases, key->arg);
        if (key->max) snprintf(range, sizeof range, "%llu to %llu", key->min, key->max);
        put_head(f, head, n);
        put_help(f, key->help, range, key->def, false);
        fputc('\n', f);
    }
}

void cli_print_help(const CliCommand *cmd, FILE *f)
{
    fprintf(f, "usage: qibench %s\n\n", cmd->synopsis);
    cli_put_indented(f, cmd->about, 0);
    bool run = false;
    for (const CliOpt *o = cmd->opts; o->name; o++) run |= (o->flags & CLI_RUN_LOCAL) != 0;
    fprintf(f, "\n\nOptions (one dash or two; the names after 'or' are the same option%s):\n",
            run ? ";\n[run]: a run option, which --resume takes anew" : "");
    for (const CliOpt *o = cmd->opts; o->name; o++) {
        char head[160], range[64];
        put_head(f, head, option_head(o, head, sizeof head));
        put_help(f, o->help, option_range(o, range, sizeof range), o->def, (o->flags & CLI_RUN_LOCAL) != 0);
        fputc('\n', f);
    }
    if (has_engine_keys(cmd)) print_engine_keys(f);
    fprintf(f, "\nExample:\n  ");
    cli_put_indented(f, cmd->example, 2);
    fprintf(f, "\n\n");
    cli_put_indented(f, cmd->exits, 0);
    fputc('\n', f);
}

/* ------------------------------------------------------------------------ */
/* Markdown (docs/cli.md)                                                   */
/* ------------------------------------------------------------------------ */

/* text in a table cell: newlines as spaces, '|' escaped. */
static void md_cell(FILE *f, const char *text)
{
    for (const char *p = text ? text : ""; *p; p++) {
        if (*p == '\n') fputc(' ', f);
        else if (*p == '|') fputs("\\|", f);
        else fputc(*p, f);
    }
}

static void md_option(FILE *f, const CliOpt *o)
{
    fputs("| `", f);
    md_cell(f, o->name);
    fputs("` | ", f);
    for (const char *p = o->aliases; p && *p;) {
        const char *end = strchr(p, ' ');
        int len = end ? (int)(end - p) : (int)strlen(p);
        fprintf(f, "%s`-%.*s`", p == o->aliases ? "" : " ", len, p);
        p = end ? end + 1 : p + len;
    }
    fputs(" | ", f);
    if (o->arg) fputs("`", f), md_cell(f, o->arg), fputs("`", f);
    if (o->kind == CLI_INT || o->kind == CLI_LONG) fprintf(f, " (%lld to %lld)", o->min, o->max);
    fputs(" | ", f);
    md_cell(f, o->def);
    fprintf(f, " | %s | ", o->flags & CLI_RUN_LOCAL ? "yes" : "");
    md_cell(f, o->help);
    fputs(" |\n", f);
}

void cli_print_markdown_engine_keys(FILE *f)
{
    fprintf(f, "## Engine keys\n\n`-engine KEY=VALUE...` and `-each KEY=VALUE...` (match, tournament, suite, bench, "
               "play); an\nengine's own setting wins over `-each`'s. An unknown key is refused with the closest "
               "one.\n\n| Key | Also | Value | Default | Description |\n|---|---|---|---|---|\n");
    for (int k = 0; k < spec_key_count(); k++) {
        const SpecKeyInfo *key = spec_key_at(k);
        fprintf(f, "| `%s=` | %s%s%s | `", key->key, key->aliases ? "`" : "", key->aliases ? key->aliases : "",
                key->aliases ? "=`" : "");
        md_cell(f, key->arg);
        fputs("`", f);
        if (key->max) fprintf(f, " (%llu to %llu)", key->min, key->max);
        fputs(" | ", f);
        md_cell(f, key->def);
        fputs(" | ", f);
        md_cell(f, key->help);
        fputs(" |\n", f);
    }
    fputc('\n', f);
}

void cli_print_markdown(const CliCommand *cmd, FILE *f)
{
    fprintf(f, "## %s\n\n```\nqibench %s\n```\n\n", cmd->name, cmd->synopsis);
    fputs(cmd->about, f);
    fprintf(f, "\n\n| Option | Also | Value | Default | Run option | Description |\n|---|---|---|---|---|---|\n");
    for (const CliOpt *o = cmd->opts; o->name; o++) md_option(f, o);
    if (has_engine_keys(cmd)) fprintf(f, "\nEach engine's settings: see [Engine keys](#engine-keys).\n");
    fprintf(f, "\nExample:\n\n```\n%s\n```\n\n%s\n\n", cmd->example, cmd->exits);
}
