/*
 * cli/cli.c - see cli/cli.h: the words several commands share, parsed once.
 */
#include "cli/cli.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli/cliopt.h"
#include "formats/openings.h"
#include "results/io.h"
#include "util/util.h"

#define CLI_KEY_BYTES 32

bool cli_parse_int(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < min || v > max) return false;
    *out = v;
    return true;
}

bool cli_is_run_name(const char *name)
{
    return name[0] && !strchr(name, '/');
}

void cli_default_run_name(const char *command, char *out, size_t len)
{
    char stamp[32];
    time_t t = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&t));
    snprintf(out, len, "%s-%s", command, stamp);
}

/* Does dir exist with anything in it but a lock file? (false when it does not exist) */
static bool dir_has_entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return errno != ENOENT;
    struct dirent *e;
    bool any = false;
    while (!any && (e = readdir(d)))
        any = strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 && strcmp(e->d_name, RUN_LOCK_FILE) != 0;
    closedir(d);
    return any;
}

/* "results folder DIR exists: go on with --resume DIR, or give --force to
 * replace it, or another --name", each way only when command has that
 * option. Returns -1. */
static int folder_exists(const char *command, const char *dir, char *err, size_t errlen)
{
    const CliCommand *cmd = cli_command(command);
    bool resume = cmd && cli_find_option(cmd, "--resume"), force = cmd && cli_find_option(cmd, "--force");
    bool name = cmd && cli_find_option(cmd, "--name");
    return util_fail(err, errlen, "results folder %s exists%s%s%s%s%s%s", dir, resume ? ": go on with --resume " : "",
                     resume ? dir : "", force ? (resume ? ", or give" : ": give") : "", force ? " --force to replace it" : "",
                     name ? (resume || force ? ", or" : ": give") : "", name ? " another --name" : "");
}

/* The run folder's path into out, and whether it may be written: 0, or -1
 * with err set. *exists: it holds anything. */
static int pick_run_dir(const char *root, const char *name, const char *command, bool force, char *out, size_t len,
                        bool *exists, char *err, size_t errlen)
{
    char base[256];
    if (name) snprintf(base, sizeof base, "%s", name);
    else cli_default_run_name(command, base, sizeof base);
    if ((size_t)snprintf(out, len, "%s/%s", root, base) >= len)
        return util_fail(err, errlen, "the results folder name %s/%s is too long", root, base);
    for (int k = 2; !name && dir_has_entries(out); k++)
        if ((size_t)snprintf(out, len, "%s/%s-%d", root, base, k) >= len)
            return util_fail(err, errlen, "the results folder name %s/%s is too long", root, base);
    *exists = dir_has_entries(out);
    if (*exists && results_refuse_if_written(out, err, errlen)) return -1;
    if (*exists && !force) return folder_exists(command, out, err, errlen);
    return 0;
}

int cli_check_run_dir(const char *root, const char *name, const char *command, bool force, char *err, size_t errlen)
{
    char out[4096]; /* a path (PATH_MAX) */
    bool exists;
    return pick_run_dir(root, name, command, force, out, sizeof out, &exists, err, errlen);
}

int cli_make_run_dir(const char *root, const char *name, const char *command, bool force, char *out, size_t len,
                     char *err, size_t errlen)
{
    bool exists;
    if (pick_run_dir(root, name, command, force, out, len, &exists, err, errlen)) return -1;
    if (util_make_dirs(out)) return util_fail(err, errlen, "cannot create %s: %s", out, strerror(errno));
    if (results_lock_run(out, err, errlen)) return -1; /* before --force removes anything */
    if (exists && results_remove_run_files(out))
        return util_fail(err, errlen, "--force: cannot remove the results in %s: %s", out, strerror(errno));
    return 0;
}

void cli_own_engine_path(const Game *game, char *out, size_t len)
{
    char self[1024];
    if (util_self_dir(self, sizeof self)) {
        snprintf(out, len, "bin/%s", game->engine);
        return;
    }
    snprintf(out, len, "%.900s/%s", self, game->engine);
}

bool cli_is_game_flag(const char *flag)
{
    return strcmp(flag, "--game") == 0 || strcmp(flag, "-game") == 0 || strcmp(flag, "-variant") == 0
           || strcmp(flag, "--variant") == 0;
}

const Game *cli_game(int argc, char **argv, char *err, size_t errlen)
{
    const Game *game = game_default();
    for (int i = 1; i < argc; i++) {
        if (!cli_is_game_flag(argv[i])) continue;
        if (i + 1 >= argc) return util_fail(err, errlen, "%s needs a game (%s)", argv[i], game_names()), NULL;
        if (!(game = game_by_name(argv[++i])))
            return util_fail(err, errlen, "%s: unknown game '%s' (expected %s)", argv[i - 1], argv[i], game_names()),
                   NULL;
    }
    return game;
}

/* ------------------------------------------------------------------------ */
/* KEY=VALUE lists                                                          */
/* ------------------------------------------------------------------------ */

#define STR_(x) #x
#define STR(x) STR_(x)

/* The keys of the CliKeySets defined here and the values each takes, for
 * "unknown key" and "bad KEY=VALUE" (a set defined elsewhere: only "bad
 * KEY=VALUE"); a cutechess key that has no use here, and why. */
static const struct {
    CliKeySet set;
    const char *keys[6];   /* NULL-terminated */
    const char *values[6]; /* what keys[i] takes */
    const char *foreign, *why;
} KEY_NAMES[] = {
    {cli_openings_key,
     {"file", "format", "order", "plies", "start", NULL},
     {"a file name", "epd or pgn", "sequential or random", "a whole number from 0 to " STR(OPENING_MAX_PLIES),
      "a whole number from 1 to 1000000"},
     "policy", "a pair always plays one opening with colours swapped"},
    {cli_adjudication_key,
     {"movenumber", "movecount", "score", NULL},
     {"a whole number from 0 to 100000", "a whole number from 0 to 100000", "a whole number from 0 to 100000"},
     "twosided", "both engines' scores always count, as with cutechess's twosided=true"},
    {cli_sprt_key,
     {"elo0", "elo1", "alpha", "beta", "model", NULL},
     {"a number", "a number", "a number between 0 and 1", "a number between 0 and 1", "normalized or logistic"},
     NULL, NULL},
};

/* Why set refused key=value: an unknown key (with the keys there are and
 * the closest), or a bad value (with what the key takes). Returns -1. */
static int refused(const char *flag, CliKeySet set, const char *key, const char *value, char *err, size_t errlen)
{
    for (size_t k = 0; k < sizeof KEY_NAMES / sizeof *KEY_NAMES; k++) {
        if (KEY_NAMES[k].set != set) continue;
        const char *const *keys = KEY_NAMES[k].keys;
        char list[128] = "";
        int n = 0;
        for (; keys[n]; n++) if (strcmp(keys[n], key) == 0) break;
        if (keys[n]) /* a known key: its value is bad */
            return util_fail(err, errlen, "%s: bad %s=%s (expected %s=%s)", flag, key, value, key,
                             KEY_NAMES[k].values[n]);
        for (n = 0; keys[n]; n++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", n == 0 ? "" : keys[n + 1] ? ", " : " or ",
                     keys[n]);
        if (KEY_NAMES[k].foreign && strcmp(key, KEY_NAMES[k].foreign) == 0)
            return util_fail(err, errlen, "%s: no key '%s' here (expected %s): %s", flag, key, list, KEY_NAMES[k].why);
        const char *near = util_closest(key, keys, n);
        return util_fail(err, errlen, "%s: unknown key '%s'%s%s%s (expected %s)", flag, key, near ? ": did you mean " : "",
                         near ? near : "", near ? "?" : "", list);
    }
    return util_fail(err, errlen, "%s: bad %s=%s", flag, key, value);
}

int cli_key_values(int argc, char **argv, int *i, CliKeySet set, void *target, char *err, size_t errlen)
{
    const char *flag = argv[*i];
    for ((*i)++; *i < argc && argv[*i][0] != '-'; (*i)++) {
        const char *eq = strchr(argv[*i], '=');
        char key[CLI_KEY_BYTES];
        if (!eq || eq - argv[*i] >= (long)sizeof key)
            return util_fail(err, errlen, "%s: expected KEY=VALUE, got '%s'", flag, argv[*i]);
        snprintf(key, sizeof key, "%.*s", (int)(eq - argv[*i]), argv[*i]);
        if (set(target, key, eq + 1)) return refused(flag, set, key, eq + 1, err, errlen);
    }
    return 0;
}

int cli_openings_key(void *book, const char *key, const char *value)
{
    BookOptions *b = book;
    long v;
    if (strcmp(key, "file") == 0) b->file = value;
    else if (strcmp(key, "format") == 0 && strcmp(value, "epd") == 0) b->format = BOOK_EPD;
    else if (strcmp(key, "format") == 0 && strcmp(value, "pgn") == 0) b->format = BOOK_PGN;
    else if (strcmp(key, "order") == 0 && strcmp(value, "sequential") == 0) b->order = ORDER_SEQUENTIAL;
    else if (strcmp(key, "order") == 0 && strcmp(value, "random") == 0) b->order = ORDER_RANDOM;
    else if (strcmp(key, "plies") == 0 && cli_parse_int(value, 0, OPENING_MAX_PLIES, &v)) b->plies = (int)v;
    else if (strcmp(key, "start") == 0 && cli_parse_int(value, 1, 1000000, &v)) b->start = (int)v;
    else return -1;
    return 0;
}

int cli_adjudication_key(void *fields, const char *key, const char *value)
{
    int *f = fields; /* [0] movenumber, [1] movecount, [2] score */
    long v;
    if (!cli_parse_int(value, 0, 100000, &v)) return -1;
    if (strcmp(key, "movenumber") == 0) f[0] = (int)v;
    else if (strcmp(key, "movecount") == 0) f[1] = (int)v;
    else if (strcmp(key, "score") == 0) f[2] = (int)v;
    else return -1;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* SPRT                                                                     */
/* ------------------------------------------------------------------------ */

CliSprtStatus cli_sprt_set(SprtParams *p, const char *key, const char *value)
{
    static const char *const NUMBERS[] = {"elo0", "elo1", "alpha", "beta"};
    double *fields[] = {&p->elo0, &p->elo1, &p->alpha, &p->beta};
    if (strcmp(key, "model") == 0) {
        if (strcmp(value, stats_model_name(SPRT_NORMALIZED)) == 0) p->model = SPRT_NORMALIZED;
        else if (strcmp(value, stats_model_name(SPRT_LOGISTIC)) == 0) p->model = SPRT_LOGISTIC;
        else return CLI_SPRT_BAD_MODEL;
        return CLI_SPRT_OK;
    }
    for (size_t k = 0; k < sizeof NUMBERS / sizeof *NUMBERS; k++) {
        if (strcmp(key, NUMBERS[k]) != 0) continue;
        char *end;
        errno = 0;
        double v = strtod(value, &end);
        if (errno || end == value || *end || !isfinite(v)) return CLI_SPRT_BAD_NUMBER;
        *fields[k] = v;
        return CLI_SPRT_OK;
    }
    return CLI_SPRT_UNKNOWN_KEY;
}

int cli_sprt_key(void *params, const char *key, const char *value)
{
    return cli_sprt_set(params, key, value) == CLI_SPRT_OK ? 0 : -1;
}

/* ------------------------------------------------------------------------ */
/* --rules                                                                  */
/* ------------------------------------------------------------------------ */

int cli_rule_set(const Game *game, const char *value, int *rule_set, char *err, size_t errlen)
{
    int i = game_rule_set_by_name(game, value);
    if (i >= 0) return *rule_set = i, 0;
    if (!game->rule_sets) return util_fail(err, errlen, "--rules: %s has no named rule sets", game->name);
    char names[256] = "";
    for (int k = 0; game->rule_sets[k]; k++) {
        size_t len = strlen(names);
        snprintf(names + len, sizeof names - len, "%s%s", k ? ", " : "", game->rule_sets[k]);
    }
    return util_fail(err, errlen, "--rules: unknown rule set '%s' (expected %s)", value, names);
}

void cli_own_engine_rules(EngineSpec *spec, const Game *game, const char *own, int rule_set)
{
    if (!game->rule_sets || strcmp(spec->cmd, own) != 0 || spec->noptions >= SPEC_MAX_OPTIONS) return;
    for (int i = 0; i < spec->noptions; i++)
        if (strcasecmp(spec->options[i].name, "Rules") == 0) return;
    EngineOption *o = &spec->options[spec->noptions++];
    snprintf(o->name, sizeof o->name, "Rules");
    snprintf(o->value, sizeof o->value, "%s", game_rule_set_name(game, rule_set));
}

int cli_log_option(int argc, char **argv, int *i, const char **path, char *err, size_t errlen)
{
    const char *file = NULL;
    for ((*i)++; *i < argc && argv[*i][0] != '-'; (*i)++) {
        const char *w = argv[*i];
        if (!file && strncmp(w, "file=", 5) == 0 && w[5]) file = w + 5;
        else if (!file && w[0] && !strchr(w, '=')) file = w;
        else if (file && (strncmp(w, "level=", 6) == 0 || strncmp(w, "engine=", 7) == 0 || strncmp(w, "realtime=", 9) == 0))
            continue;
        else return util_fail(err, errlen, "--log: unexpected '%s' (expected FILE or file=FILE)", w);
    }
    if (!file) return util_fail(err, errlen, "--log needs a file name");
    *path = file;
    return 0;
}
