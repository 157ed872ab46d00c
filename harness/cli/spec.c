/*
 * cli/spec.c - parsing engine specifications from the command line.
 */
#include "cli/spec.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cliopt.h"
#include "proc/stopsig.h"
#include "util/util.h"
#include "players/variants.h"

/* How long our engine may take to list its variants. */
#define SPEC_VARIANTS_TIMEOUT_MS 10000

static bool parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || end == text || *end || text[0] == '-' || v < min || v > max) return false;
    *out = v;
    return true;
}

static bool was_set(const EngineEntry *e, const char *key)
{
    for (int i = 0; i < e->nset; i++)
        if (strcmp(e->set[i], key) == 0) return true;
    return false;
}

static void mark_set(EngineEntry *e, const char *key)
{
    if (e->nset < SPEC_MAX_SET && !was_set(e, key)) snprintf(e->set[e->nset++], sizeof e->set[0], "%s", key);
}

/* Copies a user's value into a buffer of size bytes: never cut short, an
 * over-long one is an error. Returns 0 or -1 with err. */
static int copy_value(char *dst, size_t size, const char *key, const char *value, char *err, size_t errlen)
{
    size_t n = strlen(value);
    if (n >= size)
        return util_fail(err, errlen, "%s: the value is %zu bytes long, at most %zu are allowed", key, n, size - 1);
    memcpy(dst, value, n + 1);
    return 0;
}

/* A time in seconds: "60", "0.5", "1:30" (M:SS) or "1:00:00" (H:MM:SS);
 * *end after it. Returns -1 when there is none. */
static int parse_seconds(const char *text, double *out, char **end)
{
    double total = 0;
    const char *p = text;
    for (int part = 0; part < 3; part++) {
        errno = 0;
        double v = strtod(p, end);
        if (errno || *end == p || v < 0 || p[0] == '-' || p[0] == '+') return -1;
        if (part > 0 && v >= 60) return -1; /* 1:75 is not a time */
        total = total * 60 + v;
        if (**end != ':') break;
        if (strchr(p, '.') && strchr(p, '.') < *end) return -1; /* only the last part may have a fraction */
        p = *end + 1;
    }
    *out = total;
    return 0;
}

int spec_parse_tc(const char *text, TimeControl *tc)
{
    char *end;
    memset(tc, 0, sizeof *tc);
    if (strcmp(text, "inf") == 0 || strcmp(text, "infinite") == 0) return 0;
    const char *slash = strchr(text, '/');
    if (slash) {
        long moves = strtol(text, &end, 10);
        if (end != slash || end == text || moves < 0 || moves > 1000 || text[0] == '-' || text[0] == '+') return -1;
        tc->moves = (int)moves; /* 0/T: the whole game, as cutechess-cli reads it */
        text = slash + 1;
    }
    double base;
    if (parse_seconds(text, &base, &end) || base <= 0 || base > 86400 * 7) return -1;
    tc->base_ms = (int64_t)(base * 1000 + 0.5);
    if (*end == '+') {
        const char *inc_text = end + 1;
        double inc;
        if (parse_seconds(inc_text, &inc, &end) || inc > 3600) return -1;
        tc->inc_ms = (int64_t)(inc * 1000 + 0.5);
    }
    return *end == '\0' ? 0 : -1;
}

/* What to use instead of a cutechess-cli / fastchess engine key qibench
 * does not have ("" for any other key). */
static const char *spec_foreign_key(const char *key)
{
    if (strcmp(key, "book") == 0 || strcmp(key, "bookdepth") == 0)
        return ": qibench has no per-engine book; use --openings file=F format=pgn|epd";
    if (strcmp(key, "whitepov") == 0) return ": scores are read from the side to move's view; see quirks=";
    if (strcmp(key, "tscale") == 0 || strcmp(key, "tmargin") == 0) return ": the margin is timemargin=MS";
    if (strcmp(key, "conf") == 0) return ": qibench reads no engine configuration file; give cmd= and the other keys";
    if (strcmp(key, "trust") == 0) return ": the harness judges every result itself (engines' claims are ignored)";
    return "";
}

/* ------------------------------------------------------------------------ */
/* The engine keys: one table                                               */
/* ------------------------------------------------------------------------ */

typedef struct SpecKey SpecKey;
/* Sets key k (as the user spelt it: key) to value on e; 0 or -1 with err. */
typedef int (*KeySet)(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen);

struct SpecKey {
    SpecKeyInfo info;
    KeySet set;
    size_t offset, size; /* the field of EngineEntry it sets: what -each copies (size 0: not copied so) */
    const char *marks;   /* the name it is recorded under (st is movetime, args arg); NULL: info.key */
};

/* A text field of e->spec: never cut short, an over-long one is an error. */
static int set_text(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    if (strcmp(key, "stderr") == 0 && !value[0]) return util_fail(err, errlen, "stderr: expected a file name");
    return copy_value((char *)e + k->offset, k->size, key, value, err, errlen);
}

static int set_arg(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    EngineSpec *s = &e->spec;
    (void)k;
    if (s->nargs >= SPEC_MAX_ARGS) return util_fail(err, errlen, "too many arg= (at most %d)", SPEC_MAX_ARGS);
    if (copy_value(s->args[s->nargs], sizeof s->args[0], key, value, err, errlen)) return -1;
    s->nargs++;
    return 0;
}

/* fastchess: args="A B C", split at spaces. */
static int set_args(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    char buf[1024], *cursor;
    if (copy_value(buf, sizeof buf, key, value, err, errlen)) return -1;
    for (char *w = strtok_r(buf, " \t", &cursor); w; w = strtok_r(NULL, " \t", &cursor))
        if (set_arg(e, k, key, w, err, errlen)) return -1;
    return 0;
}

static int set_proto(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    (void)k, (void)key;
    return client_proto_parse(value, &e->spec.proto, err, errlen);
}

static int set_notation(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    (void)k, (void)key;
    if (strlen(value) >= sizeof e->spec.notation) return util_fail(err, errlen, "notation: unknown '%s'", value);
    snprintf(e->spec.notation, sizeof e->spec.notation, "%s", strcmp(value, "auto") == 0 ? "" : value); /* checked by spec_finish */
    return 0;
}

static int set_restart(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    (void)k, (void)key;
    if (strcmp(value, "auto") == 0) e->spec.restart = RESTART_AUTO;
    else if (strcmp(value, "on") == 0) e->spec.restart = RESTART_ON;
    else if (strcmp(value, "off") == 0) e->spec.restart = RESTART_OFF;
    else return util_fail(err, errlen, "restart: expected on, off or auto, got '%s'", value);
    return 0;
}

static int set_quirks(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    (void)k, (void)key;
    return client_parse_quirks(value, &e->spec.quirks, err, errlen);
}

static int set_option(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    EngineSpec *s = &e->spec;
    (void)k;
    if (s->noptions >= SPEC_MAX_OPTIONS) return util_fail(err, errlen, "too many options (at most %d)", SPEC_MAX_OPTIONS);
    if (copy_value(s->options[s->noptions].name, sizeof s->options[0].name, "option name", key + 7, err, errlen)
        || copy_value(s->options[s->noptions].value, sizeof s->options[0].value, key, value, err, errlen))
        return -1;
    s->noptions++;
    return 0;
}

/* A whole number in [k->info.min, k->info.max] into k's field (an int, or 64 bits):
 * depth=, nodes=, movetime=, timemargin=. */
static int set_number(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    uint64_t v;
    if (!parse_u64(value, k->info.min, k->info.max, &v))
        return util_fail(err, errlen, "%s: bad value '%s' (expected a whole number from %llu to %llu)", k->info.key,
                         value, (unsigned long long)k->info.min, (unsigned long long)k->info.max);
    (void)key;
    if (k->size == sizeof(int)) *(int *)((char *)e + k->offset) = (int)v;
    else *(uint64_t *)((char *)e + k->offset) = v; /* uint64_t nodes, int64_t milliseconds */
    return 0;
}

/* st=S: seconds a move, fractions allowed (st=0.05), at least 1 ms. */
static int set_st(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    char *end;
    double sec = strtod(value, &end);
    (void)k, (void)key;
    if (end == value || *end || !(sec >= 0.001 && sec <= 86400))
        return util_fail(err, errlen, "st: bad value '%s' (expected seconds per move, 0.001 to 86400)", value);
    e->limits.movetime = (int64_t)(sec * 1000 + 0.5);
    return 0;
}

/* tc=[MOVES/]TIME[+INC] (keeps timemargin=). */
static int set_tc(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    int64_t margin = e->tc.margin_ms;
    (void)k, (void)key;
    if (spec_parse_tc(value, &e->tc))
        return util_fail(err, errlen, "tc: bad time control '%s' (expected [MOVES/]TIME[+INC], TIME in "
                                       "seconds or M:SS, e.g. 40/60+0.6, 1:00+1, 40/1:30, 10+0.1, or inf)", value);
    e->tc.margin_ms = margin;
    return 0;
}

/* A yes / no key (ponder=): true, false, on, off, yes, no, 1, 0; the key
 * alone (cutechess-cli's `ponder`) is true. */
static int set_bool(EngineEntry *e, const SpecKey *k, const char *key, const char *value, char *err, size_t errlen)
{
    static const char *const YES[] = {"true", "on", "yes", "1"}, *const NO[] = {"false", "off", "no", "0"};
    for (size_t i = 0; i < sizeof YES / sizeof YES[0]; i++)
        if (strcmp(value, YES[i]) == 0 || strcmp(value, NO[i]) == 0) {
            *(bool *)((char *)e + k->offset) = strcmp(value, YES[i]) == 0;
            return 0;
        }
    return util_fail(err, errlen, "%s: bad value '%s' (expected true or false)", key, value);
}

#define FIELD(f) offsetof(EngineEntry, f), sizeof(((EngineEntry *)0)->f)

static const SpecKey KEYS[] = {
    {{"name", NULL, "N", NULL, "the engine's name in tables and results (default: cmd's file name)", 0, 0},
     set_text, FIELD(spec.name), NULL},
    {{"cmd", NULL, "PATH", "bin/GAME-engine", "the engine's program", 0, 0}, set_text, FIELD(spec.cmd), NULL},
    {{"arg", NULL, "A", NULL, "one argument of the program (repeatable)", 0, 0}, set_arg, 0, 0, NULL},
    {{"args", NULL, "\"A B ...\"", NULL, "the program's arguments, split at spaces (fastchess)", 0, 0},
     set_args, 0, 0, "arg"},
    {{"dir", NULL, "D", NULL, "the working directory of the program", 0, 0}, set_text, FIELD(spec.dir), NULL},
    {{"proto", NULL, "uci|uai|xboard", "uci", "the protocol (ucci and cecp: the same as uci and xboard;\n"
      "uai: UCI with uai, uaiok, uainewgame, and btime the first player's clock)", 0, 0},
     set_proto, FIELD(spec.proto), NULL},
    {{"option.NAME", NULL, "VALUE", NULL, "an engine option (repeatable)", 0, 0}, set_option, 0, 0, NULL},
    {{"notation", NULL, "NAME|auto", "auto",
      "a notation the game's engines write (qibench help lists them);\n"
      "auto: the game's profile by the engine's name, else the protocol notation", 0, 0},
     set_notation, FIELD(spec.notation), NULL},
    {{"quirks", NULL, "K=V,...", NULL, "how the engine departs from its protocol (docs: third-party engines)", 0, 0},
     set_quirks, FIELD(spec.quirks), NULL},
    {{"initstr", NULL, "TEXT", NULL, "sent after the handshake (\\n separates lines)", 0, 0},
     set_text, FIELD(spec.initstr), NULL},
    {{"restart", NULL, "on|off|auto", "auto", "on: a new process every game; off, auto: one process, restarted\n"
      "after a failure", 0, 0},
     set_restart, FIELD(spec.restart), NULL},
    {{"stderr", NULL, "FILE", NULL, "the engine's stderr (default RESULTS/RUN/NAME.stderr.log)", 0, 0},
     set_text, FIELD(spec.stderr_file), NULL},
    {{"ponder", NULL, "true|false", "false",
      "think on the opponent's time (the key alone: true); UCI, UAI:\n"
      "go ponder on the expected reply, then ponderhit or stop; xboard:\n"
      "hard (false: easy); the clock charges the time after ponderhit", 0, 0},
     set_bool, FIELD(spec.ponder), NULL},
    {{"depth", "plies", "N", NULL, "search to depth N (plies=N as fastchess)", 1, 127},
     set_number, FIELD(limits.depth), NULL},
    {{"nodes", NULL, "N", NULL, "search N nodes a move", 1, UINT64_MAX / 2}, set_number, FIELD(limits.nodes), NULL},
    {{"movetime", NULL, "MS", NULL, "milliseconds a move", 1, 86400000}, set_number, FIELD(limits.movetime), NULL},
    {{"st", NULL, "S", NULL, "seconds a move, fractions allowed (0.001 to 86400)", 0, 0},
     set_st, FIELD(limits.movetime), "movetime"},
    {{"tc", NULL, "[MOVES/]TIME[+INC]|inf", NULL,
      "a clock: TIME and INC in seconds or M:SS (40/60+0.6, 1:00+1);\n"
      "MOVES/: the time again after every MOVES moves; inf: no clock", 0, 0},
     set_tc, FIELD(tc), NULL},
    {{"timemargin", NULL, "MS", "10 + a quarter of st=, else 50", "grace before a time loss", 0, 3600000}, set_number, FIELD(tc.margin_ms), NULL},
};

#define NKEYS ((int)(sizeof KEYS / sizeof *KEYS))

int spec_key_count(void)
{
    return NKEYS;
}

const SpecKeyInfo *spec_key_at(int i)
{
    return i >= 0 && i < NKEYS ? &KEYS[i].info : NULL;
}

/* The key of the table that key names (an alias, option.X), or NULL. */
static const SpecKey *find_key(const char *key)
{
    for (int k = 0; k < NKEYS; k++) {
        const char *name = KEYS[k].info.key, *alias = KEYS[k].info.aliases;
        if (strcmp(name, key) == 0 || (alias && strcmp(alias, key) == 0)) return &KEYS[k];
        if (strcmp(name, "option.NAME") == 0 && strncmp(key, "option.", 7) == 0 && key[7]) return &KEYS[k];
    }
    return NULL;
}

/* The key names recorded as set (what -each copies): st is movetime. */
static const SpecKey *find_marked(const char *marked)
{
    for (int k = 0; k < NKEYS; k++)
        if (strcmp(KEYS[k].marks ? KEYS[k].marks : KEYS[k].info.key, marked) == 0) return &KEYS[k];
    return NULL;
}

/* "unknown key 'dept': did you mean depth? (expected name, cmd, ...)". */
static int unknown_key(const char *key, char *err, size_t errlen)
{
    const char *names[NKEYS + 1];
    char list[1024] = "";
    int n = 0;
    for (int k = 0; k < NKEYS; k++) {
        names[n++] = KEYS[k].info.key;
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s", k == 0 ? "" : k == NKEYS - 1 ? " or " : ", ", KEYS[k].info.key);
    }
    names[n++] = "plies";
    const char *near = util_closest(key, names, n);
    char hint[96] = "";
    if (near) snprintf(hint, sizeof hint, ": did you mean %s?", near);
    return util_fail(err, errlen, "unknown key '%s'%s (expected %s)%s", key, hint, list, spec_foreign_key(key));
}

/* One KEY=VALUE of -engine or -each. */
static int set_key(EngineEntry *e, const char *kv, char *err, size_t errlen)
{
    const char *eq = strchr(kv, '=');
    const SpecKey *bare = eq ? NULL : find_key(kv);
    if (bare && bare->set == set_bool) { /* a yes / no key alone: ponder */
        if (e->nset >= SPEC_MAX_SET) return util_fail(err, errlen, "too many settings (at most %d)", SPEC_MAX_SET);
        if (bare->set(e, bare, kv, "true", err, errlen)) return -1;
        mark_set(e, bare->info.key);
        return 0;
    }
    if (!eq || eq == kv) return util_fail(err, errlen, "expected KEY=VALUE, got '%s'", kv);
    char key[sizeof e->set[0]];
    if ((size_t)(eq - kv) >= sizeof key)
        return util_fail(err, errlen, "the key '%.40s...' is too long (at most %zu bytes)", kv, sizeof key - 1);
    snprintf(key, sizeof key, "%.*s", (int)(eq - kv), kv);
    if (e->nset >= SPEC_MAX_SET) return util_fail(err, errlen, "too many settings (at most %d)", SPEC_MAX_SET);
    const SpecKey *k = find_key(key);
    if (!k) return unknown_key(key, err, errlen);
    if (k->set(e, k, key, eq + 1, err, errlen)) return -1;
    mark_set(e, k->marks ? k->marks : strcmp(k->info.key, "option.NAME") == 0 ? key : k->info.key);
    return 0;
}

/* Reads KEY=VALUE words until the next word starting with '-'. */
static int read_keys(int argc, char **argv, int *i, EngineEntry *e, const char *flag, char *err, size_t errlen)
{
    char why[512];
    while (*i < argc && argv[*i][0] != '-') {
        if (set_key(e, argv[*i], why, sizeof why)) return util_fail(err, errlen, "%s: %s", flag, why);
        (*i)++;
    }
    return 0;
}

/* -variant-engines negamax,alphabeta | all: the names our engine offers. */
static int add_variants(EngineList *list, const char *names, const char *own_engine, char *err, size_t errlen)
{
    static VariantList known;
    char buf[1024], *cursor, why[512];
    if (known.count == 0 && variants_of_engine(own_engine, SPEC_VARIANTS_TIMEOUT_MS, &known, why, sizeof why))
        return util_fail(err, errlen, "-variant-engines: %s", why);
    const VariantList *all = &known;
    int count = all->count;
    snprintf(buf, sizeof buf, "%s", names);
    for (char *name = strtok_r(buf, ",", &cursor); name; name = strtok_r(NULL, ",", &cursor)) {
        bool every = strcmp(name, "all") == 0;
        if (!every && variants_find(all, name) < 0)
            return util_fail(err, errlen, "-variant-engines: unknown variant '%s'", name);
        for (int v = 0; v < count; v++) {
            if (!every && strcmp(all->name[v], name) != 0) continue;
            if (list->count >= MAX_ENGINES) return util_fail(err, errlen, "too many engines (at most %d)", MAX_ENGINES);
            EngineEntry *e = &list->engines[list->count++];
            memset(e, 0, sizeof *e);
            snprintf(e->spec.name, sizeof e->spec.name, "%s", all->name[v]);
            snprintf(e->spec.cmd, sizeof e->spec.cmd, "%s", own_engine);
            snprintf(e->spec.variant, sizeof e->spec.variant, "%s", all->name[v]);
            mark_set(e, "name");
            mark_set(e, "cmd");
        }
    }
    return 0;
}

int spec_parse(int argc, char **argv, int *i, EngineList *list, const char *own_engine, char *err, size_t errlen)
{
    const char *flag = argv[*i];
    if (strcmp(flag, "-engine") == 0) {
        if (list->count >= MAX_ENGINES) return util_fail(err, errlen, "too many engines (at most %d)", MAX_ENGINES);
        EngineEntry *e = &list->engines[list->count++];
        memset(e, 0, sizeof *e);
        (*i)++;
        return read_keys(argc, argv, i, e, flag, err, errlen) ? -1 : 1;
    }
    if (strcmp(flag, "-each") == 0) {
        list->has_each = true;
        (*i)++;
        return read_keys(argc, argv, i, &list->each, flag, err, errlen) ? -1 : 1;
    }
    if (strcmp(flag, "-variant-engines") == 0) {
        if (*i + 1 >= argc) return util_fail(err, errlen, "-variant-engines: expected a list of variants or 'all'");
        *i += 2;
        return add_variants(list, argv[*i - 1], own_engine, err, errlen) ? -1 : 1;
    }
    return 0;
}

/* Copies an -each setting into e unless e set it itself: each key's field
 * (tc= keeps e's own timemargin=), then the options and arguments, added. */
static void apply_each(EngineEntry *e, const EngineEntry *each)
{
    for (int k = 0; k < each->nset; k++) {
        const SpecKey *key = find_marked(each->set[k]);
        if (!key || !key->size || was_set(e, each->set[k]) || strcmp(key->info.key, "name") == 0)
            continue; /* names are each engine's own */
        int64_t margin = e->tc.margin_ms;
        memcpy((char *)e + key->offset, (const char *)each + key->offset, key->size);
        if (strcmp(key->info.key, "tc") == 0 && was_set(e, "timemargin")) e->tc.margin_ms = margin;
    }
    for (int k = 0; k < each->spec.noptions && e->spec.noptions < SPEC_MAX_OPTIONS; k++) {
        bool own = false; /* the engine's own option.NAME wins */
        for (int o = 0; o < e->spec.noptions && !own; o++)
            own = !e->spec.options[o].from_each && strcmp(e->spec.options[o].name, each->spec.options[k].name) == 0;
        if (own) continue;
        e->spec.options[e->spec.noptions] = each->spec.options[k];
        e->spec.options[e->spec.noptions++].from_each = true;
    }
    for (int k = 0; k < each->spec.nargs && e->spec.nargs < SPEC_MAX_ARGS; k++)
        memcpy(e->spec.args[e->spec.nargs++], each->spec.args[k], sizeof e->spec.args[0]);
}

/* Checks the game-dependent settings of e (notation=, quirks=) against game. */
static int check_for_game(EngineEntry *e, const Game *game, char *err, size_t errlen)
{
    char why[512], names[256] = "";
    e->spec.game = game;
    int n = e->spec.notation[0] ? game_notation_by_name(game, e->spec.notation) : 0;
    if (n < 0 || !game->notations[n].protocol) {
        for (int k = 0; k < game->notation_count; k++)
            if (game->notations[k].protocol)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s, ", game->notations[k].name);
        names[strlen(names) - 2] = '\0'; /* every game has a protocol notation */
        return util_fail(err, errlen, "-engine: notation: unknown '%s' (expected %s or auto)", e->spec.notation, names);
    }
    if (client_check_quirks(game, &e->spec.quirks, why, sizeof why)) return util_fail(err, errlen, "-engine: %s", why);
    return 0;
}

int spec_finish(EngineList *list, const Game *game, const char *own_engine, char *err, size_t errlen)
{
    if (list->count == 0) { /* the default: our own engine, default variant */
        EngineEntry *e = &list->engines[list->count++];
        memset(e, 0, sizeof *e);
        snprintf(e->spec.name, sizeof e->spec.name, "%s", game->engine);
    }
    for (int i = 0; i < list->count; i++) {
        EngineEntry *e = &list->engines[i];
        if (list->has_each) apply_each(e, &list->each);
        if (!was_set(e, "timemargin") && !(list->has_each && was_set(&list->each, "timemargin"))) {
            TimeControl t = e->tc; /* st= and movetime= are search limits here: the grace's move time */
            t.movetime_ms = e->limits.movetime;
            e->tc.margin_ms = game_default_grace(&t);
        }
        if (check_for_game(e, game, err, errlen)) return -1;
        if (!e->spec.cmd[0]) snprintf(e->spec.cmd, sizeof e->spec.cmd, "%s", own_engine);
        if (!e->spec.name[0]) {
            const char *base = strrchr(e->spec.cmd, '/');
            snprintf(e->spec.name, sizeof e->spec.name, "%.63s", base ? base + 1 : e->spec.cmd);
        }
        for (int j = 0; j < i; j++)
            if (strcmp(list->engines[j].spec.name, e->spec.name) == 0)
                return util_fail(err, errlen, "two engines are named '%s': give each a name=", e->spec.name);
    }
    return 0;
}

void spec_limit_text(const GoLimits *l, char *buf, size_t len)
{
    if (l->depth) snprintf(buf, len, "depth=%d", l->depth);
    else if (l->nodes) snprintf(buf, len, "nodes=%llu", (unsigned long long)l->nodes);
    else if (l->movetime) snprintf(buf, len, "movetime=%lld", (long long)l->movetime);
    else snprintf(buf, len, "none");
}

int spec_preflight(const EngineList *list, const ClientTimeouts *t, bool positions, const char *who)
{
    const EngineSpec *specs[MAX_ENGINES];
    for (int e = 0; e < list->count; e++) specs[e] = &list->engines[e].spec;
    /* The stop signals are the run's from here (a background job may have
     * started with SIGINT ignored): a stop during the checks ends the run
     * before it has a results folder. */
    stopsig_install("engine checks");
    int r = client_preflight(specs, list->count, t, positions, who);
    int stop = stopsig_status();
    stopsig_restore();
    if (stop) /* a hard stop kills the engine being checked: the stop, not the engine, is the reason */
        return fprintf(stderr, "%s: interrupted while checking the engines, before any game or search: nothing "
                               "written\n", who), stop;
    return r ? -1 : 0;
}
