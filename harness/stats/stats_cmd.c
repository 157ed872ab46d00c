/*
 * stats/stats_cmd.c - `qibench stats`: W/D/L or pentanomial counts and an
 * optional --sprt from the command line, the statistics of stats/stats.c printed
 * as "name: value" lines or one JSON object.
 */
#include "stats/stats_cmd.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "results/json.h"
#include "util/util.h"

/* ------------------------------------------------------------------------ */
/* Arguments                                                                */
/* ------------------------------------------------------------------------ */

/* Reads exactly n comma-separated whole numbers (digits only). */
static bool parse_counts(const char *text, int64_t *out, int n, bool *too_large)
{
    const char *s = text;
    *too_large = false;
    for (int k = 0; k < n; k++) {
        if (*s < '0' || *s > '9') return false;
        int64_t v = 0;
        for (; *s >= '0' && *s <= '9'; s++) {
            if (v > STATS_MAX_COUNT) *too_large = true;
            else v = v * 10 + (*s - '0');
        }
        if (v > STATS_MAX_COUNT) *too_large = true;
        out[k] = v;
        if (k + 1 < n && *s++ != ',') return false;
    }
    return *s == '\0' && !*too_large;
}

static int counts_option(const char *flag, const char *value, int64_t *out, int n, char *err, size_t errlen)
{
    bool too_large;
    if (parse_counts(value, out, n, &too_large)) return 0;
    if (too_large)
        return util_fail(err, errlen, "%s: a count is larger than %lld in '%s'", flag, (long long)STATS_MAX_COUNT,
                         value);
    if (n == 3) return util_fail(err, errlen, "%s: expected W,D,L (three whole numbers), got '%s'", flag, value);
    return util_fail(err, errlen, "%s: expected LL,LD,WLDD,WD,WW (five whole numbers), got '%s'", flag, value);
}

/* One KEY=VALUE word of --sprt (cli_sprt_set) with this command's wording
 * of what was wrong; *seen gets bit 1 for elo0, bit 2 for elo1. */
static int sprt_setting(const char *arg, SprtParams *p, int *seen, char *err, size_t errlen)
{
    const char *eq = strchr(arg, '=');
    size_t klen = eq ? (size_t)(eq - arg) : 0;
    const char *value = eq ? eq + 1 : "";
    char key[32];
    snprintf(key, sizeof key, "%.*s", klen < sizeof key ? (int)klen : 0, arg); /* a longer key is unknown */
    switch (cli_sprt_set(p, key, value)) {
    case CLI_SPRT_OK:
        if (strcmp(key, "elo0") == 0) *seen |= 1;
        if (strcmp(key, "elo1") == 0) *seen |= 2;
        return 0;
    case CLI_SPRT_BAD_NUMBER:
        return util_fail(err, errlen, "--sprt: %s must be a number, got '%s'", key, value);
    case CLI_SPRT_BAD_MODEL:
        return util_fail(err, errlen, "--sprt: model must be normalized or logistic, got '%s'", value);
    default:
        return util_fail(err, errlen,
                         "--sprt: expected KEY=VALUE with KEY elo0, elo1, alpha, beta or model, got '%s'", arg);
    }
}

/* --sprt and the KEY=VALUE words after it (up to the next --option). */
static int set_sprt(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    StatsCommand *cmd = p->target;
    SprtParams *sp = &cmd->sprt;
    int seen = 0;
    (void)o;
    if (cmd->has_sprt) return util_fail(err, errlen, "--sprt given twice");
    cmd->has_sprt = true;
    sp->alpha = sp->beta = 0.05;
    sp->model = SPRT_NORMALIZED;
    for ((*i)++; *i < argc && strncmp(argv[*i], "--", 2) != 0; (*i)++)
        if (sprt_setting(argv[*i], sp, &seen, err, errlen)) return -1;
    if (seen != 3) return util_fail(err, errlen, "--sprt: elo0=A and elo1=B are required");
    char why[128];
    if (stats_sprt_check(sp, why, sizeof why)) return util_fail(err, errlen, "--sprt: %s", why);
    return 0;
}

/* --wdl or --penta with its value. */
static int set_counts(const CliOpt *o, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    StatsCommand *cmd = p->target;
    bool penta = strcmp(o->name, "--penta") == 0;
    (void)argc;
    if (cmd->counts_given) return util_fail(err, errlen, "give one of --wdl and --penta, once");
    cmd->counts_given = true;
    cmd->is_penta = penta;
    *i += 2;
    return counts_option(o->name, argv[*i - 1], penta ? cmd->penta : cmd->wdl, penta ? PENTA_CELLS : 3, err, errlen);
}

const CliOpt STATS_OPTS[] = {
    CLI_OPT_SET("--wdl", NULL, CLI_VALUE, "W,D,L", StatsCommand, wdl, set_counts, NULL, 0,
                "game counts: wins, draws, losses"),
    CLI_OPT_SET("--penta", NULL, CLI_VALUE, "LL,LD,WLDD,WD,WW", StatsCommand, penta, set_counts, NULL, 0,
                "pair counts (pentanomial)"),
    CLI_OPT_SET("--sprt", NULL, CLI_LIST, "elo0=A elo1=B [alpha=0.05] [beta=0.05] [model=normalized|logistic]",
                StatsCommand, sprt, set_sprt, NULL, 0, "the GSPRT for the counts"),
    CLI_OPT_FLAG("--json", NULL, StatsCommand, json, 0, "JSON on stdout instead of text"),
    CLI_OPT_END,
};

int stats_parse_command(int argc, char **argv, StatsCommand *cmd, char *err, size_t errlen)
{
    memset(cmd, 0, sizeof *cmd);
    CliParse p = {cli_command("stats"), cmd, NULL, NULL, NULL, NULL};
    if (cli_parse(&p, argc, argv, err, errlen)) return -1;
    if (!cmd->counts_given) return util_fail(err, errlen, "expected --wdl W,D,L or --penta LL,LD,WLDD,WD,WW");
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Output                                                                   */
/* ------------------------------------------------------------------------ */

/* "%.Nf" of v * scale followed by suffix, or "n/a" when v does not exist. */
static const char *num(char *buf, size_t len, double v, int decimals, double scale, const char *suffix)
{
    if (!isfinite(v)) return "n/a";
    snprintf(buf, len, "%.*f%s", decimals, v * scale, suffix);
    return buf;
}

static void print_counts(const StatsCommand *cmd, const StatsSummary *s, FILE *out)
{
    fprintf(out, "games: %lld\n", (long long)s->games);
    if (cmd->is_penta) {
        const int64_t *p = cmd->penta;
        fprintf(out, "pairs: %lld (LL %lld, LD %lld, WL+DD %lld, WD %lld, WW %lld)\n", (long long)s->pairs,
                (long long)p[PENTA_LL], (long long)p[PENTA_LD], (long long)p[PENTA_WLDD], (long long)p[PENTA_WD],
                (long long)p[PENTA_WW]);
    } else {
        fprintf(out, "wins: %lld, draws: %lld, losses: %lld\n", (long long)cmd->wdl[0], (long long)cmd->wdl[1],
                (long long)cmd->wdl[2]);
    }
}

static void print_text(const StatsCommand *cmd, const StatsSummary *s, const SprtResult *r, FILE *out)
{
    char a[64], b[64];
    print_counts(cmd, s, out);
    fprintf(out, "score: %s\n", num(a, sizeof a, s->score, 4, 1.0, ""));
    fprintf(out, "elo: %s +/- %s (95%%)\n", num(a, sizeof a, s->elo, 2, 1.0, ""),
            num(b, sizeof b, s->elo_error, 2, 1.0, ""));
    fprintf(out, "los: %s\n", num(a, sizeof a, s->los, 2, 100.0, "%"));
    fprintf(out, "draw ratio: %s\n", num(a, sizeof a, s->draw_ratio, 2, 100.0, "%"));
    fprintf(out, "nelo: %s +/- %s (95%%)\n", num(a, sizeof a, s->nelo, 2, 1.0, ""),
            num(b, sizeof b, s->nelo_error, 2, 1.0, ""));
    if (!r) return;
    const SprtParams *p = &cmd->sprt;
    fprintf(out, "sprt: model=%s elo0=%g elo1=%g alpha=%g beta=%g\n", stats_model_name(p->model), p->elo0, p->elo1,
            p->alpha, p->beta);
    fprintf(out, "llr: %.3f (lower bound %.3f, upper bound %.3f)\n", r->llr, r->lower, r->upper);
    fprintf(out, "verdict: %s\n", stats_verdict_name(r->verdict));
}

/* A count for W/D/L input, null for pentanomial input (not known per game). */
static void json_count(Json *j, const char *key, const StatsCommand *cmd, int index)
{
    if (cmd->is_penta) json_null(j, key);
    else json_int(j, key, cmd->wdl[index]);
}

static int print_json(const StatsCommand *cmd, const StatsSummary *s, const SprtResult *r, FILE *out)
{
    Json j;
    json_init(&j);
    json_begin_object(&j, NULL);
    json_int(&j, "games", s->games);
    if (cmd->is_penta) json_int(&j, "pairs", s->pairs);
    else json_null(&j, "pairs");
    json_count(&j, "wins", cmd, 0);
    json_count(&j, "draws", cmd, 1);
    json_count(&j, "losses", cmd, 2);
    json_double(&j, "score", s->score);
    json_double(&j, "elo", s->elo);
    json_double(&j, "elo_error", s->elo_error);
    json_double(&j, "los", s->los);
    json_double(&j, "draw_ratio", s->draw_ratio);
    json_double(&j, "nelo", s->nelo);
    json_double(&j, "nelo_error", s->nelo_error);
    json_double(&j, "llr", r ? r->llr : NAN);
    json_double(&j, "lower_bound", r ? r->lower : NAN);
    json_double(&j, "upper_bound", r ? r->upper : NAN);
    json_string(&j, "verdict", r ? stats_verdict_name(r->verdict) : NULL);
    json_end_object(&j);
    int rc = json_write_line(&j, out);
    json_free(&j);
    return rc;
}

int stats_run_command(const StatsCommand *cmd, FILE *out, char *err, size_t errlen)
{
    StatsSummary s;
    SprtResult r;
    int rc = 0;
    if (cmd->is_penta) stats_from_penta(cmd->penta, &s);
    else stats_from_wdl(cmd->wdl[0], cmd->wdl[1], cmd->wdl[2], &s);
    if (cmd->has_sprt) {
        rc = cmd->is_penta ? stats_sprt_penta(&cmd->sprt, cmd->penta, &r)
                           : stats_sprt_wdl(&cmd->sprt, cmd->wdl[0], cmd->wdl[1], cmd->wdl[2], &r);
        if (rc) return util_fail(err, errlen, "--sprt: no LLR for these bounds (too far from 0 for the %s model)",
                                 stats_model_name(cmd->sprt.model));
    }
    if (cmd->json) rc = print_json(cmd, &s, cmd->has_sprt ? &r : NULL, out);
    else print_text(cmd, &s, cmd->has_sprt ? &r : NULL, out);
    if (rc || fflush(out) || ferror(out))
        return util_fail(err, errlen, "cannot write the output: %s", strerror(errno)), -2;
    return 0;
}

int stats_command(int argc, char **argv)
{
    StatsCommand cmd;
    char err[512];
    if (stats_parse_command(argc, argv, &cmd, err, sizeof err)) return fprintf(stderr, "qibench stats: %s\n", err), 2;
    int rc = stats_run_command(&cmd, stdout, err, sizeof err);
    if (rc) return fprintf(stderr, "qibench stats: %s\n", err), rc == -2 ? 1 : 2;
    return 0;
}
