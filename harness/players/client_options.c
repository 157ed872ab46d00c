/*
 * players/client_options.c - the options an engine announces (UCI `option name N
 * type T [default D] [min A max B] [var V]...`, xboard `feature
 * option="N -T ..."`) and the check of the user's option.NAME=VALUE
 * against them before anything is sent (players/client_impl.h).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "players/client_impl.h"
#include "util/util.h"

/* Room for the longest list a message names in full: every announced
 * option's name, or a combo's every choice (its 1024 bytes, and ", "). */
#define OPTION_LIST_BYTES (CLIENT_ERR_BYTES - 512)

/* Appends an option to c's list (dropped when out of memory: it is then
 * unknown, and a user's setting of it an error that says so). */
static AnnouncedOption *add_option(Client *c)
{
    if (c->noptions_seen == c->options_cap) {
        int cap = c->options_cap ? 2 * c->options_cap : 32;
        AnnouncedOption *grown = realloc(c->options_seen, (size_t)cap * sizeof *grown);
        if (!grown) return NULL;
        c->options_seen = grown, c->options_cap = cap;
    }
    AnnouncedOption *o = &c->options_seen[c->noptions_seen++];
    memset(o, 0, sizeof *o);
    o->min = LONG_MIN, o->max = LONG_MAX;
    return o;
}

/* Adds a value to o's list of choices ('\n'-separated), however long the
 * list: Fairy-Stockfish's UCI_Variant has over a thousand bytes of them. */
static void add_choice(AnnouncedOption *o, const char *v, size_t n)
{
    size_t used = o->choices ? strlen(o->choices) : 0;
    char *grown = realloc(o->choices, used + n + 2);
    if (!grown) {
        o->choices_lost = true;
        return;
    }
    o->choices = grown;
    if (used) grown[used++] = '\n';
    memcpy(grown + used, v, n);
    grown[used + n] = '\0';
}

void client_options_free(Client *c)
{
    for (int i = 0; i < c->noptions_seen; i++) free(c->options_seen[i].choices);
    free(c->options_seen);
}

/* The text of line after " word " up to the next of the keywords (or the end). */
static size_t uci_field(const char *from, const char **end)
{
    static const char *const KEYS[] = {" type ", " default ", " min ", " max ", " var "};
    const char *stop = from + strlen(from);
    for (size_t k = 0; k < sizeof KEYS / sizeof *KEYS; k++) {
        const char *at = strstr(from, KEYS[k]);
        if (at && at < stop) stop = at;
    }
    *end = stop;
    return (size_t)(stop - from);
}

void client_uci_option(Client *c, const char *line)
{
    const char *at = line + strlen("option name "), *end;
    size_t n = uci_field(at, &end);
    AnnouncedOption *o = n && n < sizeof o->name ? add_option(c) : NULL;
    if (!o) return;
    memcpy(o->name, at, n);
    while (*end) {
        const char *key = end + 1;
        size_t klen = strcspn(key, " ");
        at = key + klen + (key[klen] == ' ');
        n = uci_field(at, &end);
        char value[64];
        snprintf(value, sizeof value, "%.*s", (int)(n < 63 ? n : 63), at);
        if (strncmp(key, "type", klen) == 0) snprintf(o->type, sizeof o->type, "%.15s", value);
        else if (strncmp(key, "min", klen) == 0) o->min = strtol(value, NULL, 10);
        else if (strncmp(key, "max", klen) == 0) o->max = strtol(value, NULL, 10);
        else if (strncmp(key, "var", klen) == 0) add_choice(o, at, n);
    }
}

void client_xboard_option(Client *c, const char *value)
{
    const char *dash = strstr(value, " -");
    AnnouncedOption *o = dash && dash > value && (size_t)(dash - value) < sizeof o->name ? add_option(c) : NULL;
    if (!o) return;
    memcpy(o->name, value, (size_t)(dash - value));
    const char *type = dash + 2;
    size_t tlen = strcspn(type, " ");
    snprintf(o->type, sizeof o->type, "%.*s", (int)(tlen < sizeof o->type - 1 ? tlen : sizeof o->type - 1), type);
    const char *rest = type + tlen + (type[tlen] == ' ');
    if (strcmp(o->type, "spin") == 0 || strcmp(o->type, "slider") == 0) {
        long def, min, max;
        if (sscanf(rest, "%ld %ld %ld", &def, &min, &max) == 3) o->min = min, o->max = max;
        snprintf(o->type, sizeof o->type, "spin");
    } else if (strcmp(o->type, "combo") == 0) { /* "A /// *B /// C": * marks the default */
        while (*rest) {
            const char *sep = strstr(rest, " /// ");
            size_t n = sep ? (size_t)(sep - rest) : strlen(rest);
            if (*rest == '*') rest++, n--;
            add_choice(o, rest, n);
            rest = sep ? sep + 5 : rest + n;
        }
    }
}

/* The announced option called name (UCI names ignore case), or NULL. */
static const AnnouncedOption *find_option(const Client *c, const char *name)
{
    for (int i = 0; i < c->noptions_seen; i++)
        if (strcasecmp(c->options_seen[i].name, name) == 0) return &c->options_seen[i];
    return NULL;
}

/* The name closest to word (ignoring case), if close enough to be a typo
 * ("Serch": Search), into near ("" when none is): of choices (a combo's
 * '\n'-separated values) when not NULL, else of c's announced options. */
static void closest_name(const char *word, const Client *c, const char *choices, char *near, size_t len)
{
    char lw[64], ln[64];
    int best_d = 1000;
    size_t wn = strlen(word) < sizeof lw ? strlen(word) : sizeof lw - 1;
    for (size_t i = 0; i < wn; i++) lw[i] = (char)tolower((unsigned char)word[i]);
    near[0] = '\0';
    for (int i = 0;; i++) {
        const char *name;
        size_t n;
        if (choices) {
            if (!*choices) break;
            name = choices, n = strcspn(choices, "\n");
            choices += n + (choices[n] == '\n');
        } else {
            if (i >= c->noptions_seen) break;
            name = c->options_seen[i].name, n = strlen(name);
        }
        if (n >= sizeof ln) continue;
        for (size_t k = 0; k < n; k++) ln[k] = (char)tolower((unsigned char)name[k]);
        int d = util_edit_distance(lw, wn, ln, n);
        if (d < best_d) best_d = d, snprintf(near, len, "%.*s", (int)n, name);
    }
    if (!util_is_close(best_d, wn)) near[0] = '\0';
}

/* Is value right for o? Otherwise why says what was expected (a combo's
 * every choice, and the closest). */
static bool value_fits(const AnnouncedOption *o, const char *value, char *why, size_t len)
{
    if (strcmp(o->type, "spin") == 0) {
        char *end;
        errno = 0;
        long v = strtol(value, &end, 10);
        if (!errno && end != value && !*end && v >= o->min && v <= o->max) return true;
        snprintf(why, len, "a whole number from %ld to %ld", o->min, o->max);
        return false;
    }
    if (strcmp(o->type, "check") == 0) {
        if (strcmp(value, "true") == 0 || strcmp(value, "false") == 0 || strcmp(value, "1") == 0
            || strcmp(value, "0") == 0)
            return true;
        snprintf(why, len, "true or false");
        return false;
    }
    if (strcmp(o->type, "combo") == 0) {
        const char *list = o->choices ? o->choices : "";
        for (const char *at = list; *at;) {
            size_t n = strcspn(at, "\n");
            if (strlen(value) == n && strncasecmp(at, value, n) == 0) return true;
            at += n + (at[n] == '\n');
        }
        if (o->choices_lost) return true; /* not all kept: the engine judges */
        char near[64];
        closest_name(value, NULL, list, near, sizeof near);
        size_t used = (size_t)snprintf(why, len, "one of ");
        for (const char *at = list; *at && used < len;) {
            size_t n = strcspn(at, "\n");
            used += (size_t)snprintf(why + used, len - used, "%s%.*s", at == list ? "" : ", ", (int)n, at);
            at += n + (at[n] == '\n');
        }
        if (near[0] && used < len) snprintf(why + used, len - used, ": did you mean %s?", near);
        return false;
    }
    return true; /* string, button, file, path: any text */
}

/* The announced names, ", "-separated, for a message. */
static void option_names(const Client *c, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < c->noptions_seen && used + 1 < len; i++) {
        int w = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", c->options_seen[i].name);
        if (w < 0) break;
        used += (size_t)w;
    }
    if (!c->noptions_seen) snprintf(buf, len, "none");
}

ClientStatus client_check_options(Client *c, char *err, size_t errlen)
{
    for (int i = 0; i < c->spec.noptions; i++) {
        EngineOption *opt = &c->spec.options[i];
        const AnnouncedOption *o = find_option(c, opt->name);
        char why[OPTION_LIST_BYTES], near[64];
        opt->skip = false;
        if (!o && opt->from_each) { /* -each: for the engines that have it */
            opt->skip = true;
            continue;
        }
        if (!o) {
            option_names(c, why, sizeof why);
            closest_name(opt->name, c, NULL, near, sizeof near);
            return client_fail(CLIENT_BAD_OPTION, err, errlen,
                               "engine '%s' has no option '%s'%s%s%s (it announced: %s)", c->spec.name, opt->name,
                               near[0] ? ": did you mean " : "", near, near[0] ? "?" : "", why);
        }
        if (!value_fits(o, opt->value, why, sizeof why))
            return client_fail(CLIENT_BAD_OPTION, err, errlen, "engine '%s': option.%s=%s: expected %s (option type %s)",
                               c->spec.name, opt->name, opt->value, why, o->type[0] ? o->type : "?");
    }
    return CLIENT_OK;
}

void client_skipped_options(const Client *c, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < c->spec.noptions && used + 1 < len; i++) {
        if (!c->spec.options[i].skip) continue;
        int w = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", c->spec.options[i].name);
        if (w < 0) break;
        used += (size_t)w;
    }
}

int client_preflight(const EngineSpec *const *specs, int n, const ClientTimeouts *t, bool positions, const char *who)
{
    for (int e = 0; e < n; e++) {
        char err[CLIENT_ERR_BYTES], skipped[CLIENT_ERR_BYTES];
        ClientStatus st;
        Client *c = client_start(specs[e], t, NULL, NULL, &st, err, sizeof err);
        if (!c && st == CLIENT_BAD_OPTION) return fprintf(stderr, "%s: %s\n", who, err), -1;
        if (!c) { /* a setup error, before any game: not a game the engine loses */
            size_t len = strlen(specs[e]->name);
            const char *why = strncmp(err, specs[e]->name, len) == 0 && strncmp(err + len, ": ", 2) == 0 ? err + len + 2 : err;
            return fprintf(stderr, "%s: engine '%s' %s: %s\n", who, specs[e]->name,
                           st == CLIENT_START_FAILED ? "cannot start" : "did not complete its handshake", why), -1;
        }
        if (positions && c->spec.proto == PROTO_XBOARD && !c->setboard) {
            fprintf(stderr, "%s: engine '%s' cannot start from the book's positions: an xboard engine without setboard "
                            "(give it a book of moves from the start position, PGN or qibench openings)\n",
                    who, specs[e]->name);
            client_free(c);
            return -1;
        }
        client_skipped_options(c, skipped, sizeof skipped);
        if (skipped[0])
            fprintf(stderr, "%s: warning: engine '%s' has no option %s: the -each setting is not sent to it\n", who,
                    specs[e]->name, skipped);
        client_free(c);
    }
    return 0;
}
