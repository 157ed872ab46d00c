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

/* The help, then its range and default: "(1 to 256; default 1)", on a
 * line of its own when the help's last line is long. */
static void put_option_help(FILE *f, const CliOpt *o, int indent)
{
    char note[160] = "";
    bool range = o->kind == CLI_INT || o->kind == CLI_LONG;
    if (range && o->def) snprintf(note, sizeof note, " (%lld to %lld; default %s)", o->min, o->max, o->def);
    else if (range) snprintf(note, sizeof note, " (%lld to %lld)", o->min, o->max);
    else if (o->def) snprintf(note, sizeof note, " (default %s)", o->def);
    if (o->flags & CLI_RUN_LOCAL) snprintf(note + strlen(note), sizeof note - strlen(note), " [run]");
    cli_put_indented(f, o->help, indent);
    const char *last = strrchr(o->help, '\n');
    size_t width = (size_t)indent + strlen(last ? last + 1 : o->help) + strlen(note);
    if (note[0] && width > HELP_WIDTH) fprintf(f, "\n%*s%s", indent, "", note + 1);
    else fputs(note, f);
}

static void print_engine_keys(FILE *f)
{
    fprintf(f, "\nEngine keys (-engine KEY=VALUE..., -each KEY=VALUE...):\n");
    for (int k = 0; k < spec_key_count(); k++) {
        const SpecKeyInfo *key = spec_key_at(k);
        char head[128];
        int n = snprintf(head, sizeof head, "  %s=%s%s%s", key->key, key->arg, key->aliases ? " or " : "",
                         key->aliases ? key->aliases : "");
        if (key->aliases) n += snprintf(head + n, sizeof head - (size_t)n, "=%s", key->arg);
        fputs(head, f);
        if (n < HELP_COLUMN - 1) fprintf(f, "%*s", HELP_COLUMN - n, "");
        else fprintf(f, "\n%*s", HELP_COLUMN, "");
        fputs(key->help, f);
        if (key->def) fprintf(f, " (default %s)", key->def);
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
        char head[160];
        int n = option_head(o, head, sizeof head);
        fputs(head, f);
        if (n < HELP_COLUMN - 1) fprintf(f, "%*s", HELP_COLUMN - n, "");
        else fprintf(f, "\n%*s", HELP_COLUMN, "");
        put_option_help(f, o, HELP_COLUMN);
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
        fputs("` | ", f);
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
