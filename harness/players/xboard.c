/*
 * players/xboard.c - the xboard (CECP v2) side of the engine client: the
 * feature handshake, the game sent as `new` / `variant` / `force` /
 * `setboard` / moves (or only the moves since the engine's last search), the
 * time control, and thinking lines until `move`.
 *
 * Pondering: xboard engines ponder by themselves, told `hard` (ponder=true)
 * or `easy` after the handshake. Without ponder the engine is put in force
 * mode after each of its moves (so it does not think); with it, it stays in
 * play mode, thinking on the opponent's time, and the opponent's move alone
 * (after `time` / `otim`) starts its search: its time runs from that move
 * written, as from `go`. Anything else (another game, moves taken back)
 * first sends `force`.
 */
#include <stdio.h>
#include <string.h>

#include "players/client_impl.h"

/* Engines that never finish their xboard feature list get this long. */
#define XBOARD_FEATURE_WAIT_MS 2000

/* Is variant one of the comma-separated names of a `variants` feature? */
static bool variant_listed(const char *list, const char *variant)
{
    size_t n = strlen(variant);
    for (const char *p = list; (p = strstr(p, variant)) != NULL; p += n)
        if ((p == list || p[-1] == ',' || p[-1] == ' ') && (p[n] == '\0' || p[n] == ',' || p[n] == ' ')) return true;
    return false;
}

/* Does the position text start with the game's start position (board and side)? */
/* The next NAME=VALUE of a feature line (VALUE possibly "quoted"); false at
 * the end. The words inside quoted values are not features. */
static bool next_feature(const char **at, char *name, size_t namelen, char *value, size_t valuelen)
{
    const char *s = *at;
    for (;;) {
        while (*s == ' ' || *s == '\t') s++;
        if (!*s) return false;
        size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
        if (n == 0 || s[n] != '=') { /* not a feature: skip the word */
            s += strcspn(s, " \t");
            continue;
        }
        snprintf(name, namelen, "%.*s", (int)n, s);
        s += n + 1;
        size_t len = *s == '"' ? strcspn(++s, "\"") : strcspn(s, " \t");
        snprintf(value, valuelen, "%.*s", (int)(len < valuelen ? len : valuelen - 1), s);
        s += len;
        if (*s == '"') s++;
        *at = s;
        return true;
    }
}

/* Reads one feature line: remembers what we use and accepts everything. */
static ClientStatus xboard_feature(Client *c, bool *done, bool *wait_more, char *err, size_t errlen)
{
    char name[64], v[LINE_BYTES];
    const char *at = c->line + strlen("feature");
    while (next_feature(&at, name, sizeof name, v, sizeof v)) {
        if (strcmp(name, "setboard") == 0) c->setboard = strcmp(v, "1") == 0;
        else if (strcmp(name, "ping") == 0) c->ping = strcmp(v, "1") == 0;
        else if (strcmp(name, "usermove") == 0) c->usermove = strcmp(v, "1") == 0;
        else if (strcmp(name, "variants") == 0) c->plays_variant = variant_listed(v, c->game->variant);
        else if (strcmp(name, "myname") == 0) client_apply_profile(c, v);
        else if (strcmp(name, "option") == 0) client_xboard_option(c, v);
        if (strcmp(name, "done") == 0) {
            *done = strcmp(v, "1") == 0;
            *wait_more = strcmp(v, "0") == 0;
            continue;
        }
        ClientStatus st = client_send(c, err, errlen, "accepted %s", name);
        if (st != CLIENT_OK) return st;
    }
    return CLIENT_OK;
}

ClientStatus xboard_handshake(Client *c, char *err, size_t errlen)
{
    ClientStatus st = client_send(c, err, errlen, "xboard");
    if (st == CLIENT_OK) st = client_send(c, err, errlen, "protover 2");
    bool done = false, wait_more = false;
    int64_t start = util_monotonic_ms();
    c->plays_variant = true; /* unless a variants feature says otherwise */
    while (st == CLIENT_OK && !done) {
        int64_t limit = wait_more ? c->t.handshake_ms : XBOARD_FEATURE_WAIT_MS;
        st = client_read_until(c, start + limit, err, errlen);
        if (st == CLIENT_STALL && !wait_more) st = CLIENT_OK, done = true; /* protover 1 engine */
        else if (st == CLIENT_STALL) st = client_fail(CLIENT_NO_HANDSHAKE, err, errlen, "%s: no 'feature done=1'", c->spec.name);
        else if (st == CLIENT_OK && strncmp(c->line, "feature ", 8) == 0)
            st = xboard_feature(c, &done, &wait_more, err, errlen);
    }
    if (st != CLIENT_OK) return st;
    if (!c->plays_variant)
        return client_fail(CLIENT_UNSUPPORTED, err, errlen, "%s does not play the %s variant", c->spec.name,
                           c->game->variant);
    if (c->q.setboard) c->setboard = c->q.setboard == QUIRK_YES;
    if (c->q.usermove) c->usermove = c->q.usermove == QUIRK_YES;
    if (c->q.ping) c->ping = c->q.ping == QUIRK_YES;
    client_reset_parser(c); /* the game's protocol notation unless a profile or notation= says otherwise */
    st = client_check_options(c, err, errlen);
    for (int i = 0; i < c->spec.noptions && st == CLIENT_OK; i++)
        if (!c->spec.options[i].skip)
            st = client_send(c, err, errlen, "option %s=%s", c->spec.options[i].name, c->spec.options[i].value);
    c->xb_pondering = false;
    if (st == CLIENT_OK) st = client_send(c, err, errlen, "%s", c->spec.ponder ? "hard" : "easy");
    return st == CLIENT_OK ? client_sync(c, err, errlen) : st;
}

/* Sends the time control for one search. */
static ClientStatus xboard_limits(Client *c, const GoLimits *l, int side, char *err, size_t errlen)
{
    ClientStatus st = CLIENT_OK;
    if (l->nodes) return client_fail(CLIENT_UNSUPPORTED, err, errlen, "%s: node limits are not supported over xboard",
                              c->spec.name);
    if (l->depth) {
        st = client_send(c, err, errlen, "level 0 600 0");
        if (st == CLIENT_OK) st = client_send(c, err, errlen, "sd %d", l->depth);
    } else if (l->movetime) {
        st = client_send(c, err, errlen, "st %lld", (long long)((l->movetime + 999) / 1000));
    } else {
        int64_t base = l->time[side] / 1000;
        st = client_send(c, err, errlen, "level %d %lld:%02lld %lld", l->movestogo, (long long)(base / 60),
                       (long long)(base % 60), (long long)(l->inc[side] / 1000));
        if (st == CLIENT_OK) st = client_send(c, err, errlen, "time %lld", (long long)(l->time[side] / 10));
        if (st == CLIENT_OK) st = client_send(c, err, errlen, "otim %lld", (long long)(l->time[!side] / 10));
    }
    return st;
}

/* Sends moves texts[from..c->n) of the game. */
static ClientStatus xboard_moves(Client *c, int from, char *err, size_t errlen)
{
    ClientStatus st = CLIENT_OK;
    for (int i = from; i < c->n && st == CLIENT_OK; i++)
        st = client_send(c, err, errlen, "%s%s", c->usermove ? "usermove " : "", c->texts[i]);
    return st;
}

/* new / variant / force / setboard / moves; or, continuing the game the
 * engine holds (its last move was played), only the new moves (`new` can
 * be slow: MaxQi clears its hash table, 85 ms). */
static ClientStatus xboard_position(Client *c, char *err, size_t errlen)
{
    char buf[GAME_TEXT_MAX + 64];
    bool known = c->xb_synced && c->xb_reply == MOVE_CODE_NONE && c->xb_n <= c->n;
    c->xb_synced = false;
    c->xb_reply = MOVE_CODE_NONE;
    if (known) return xboard_moves(c, c->xb_n, err, errlen);
    ClientStatus st = client_send(c, err, errlen, "new");
    if (st == CLIENT_OK) st = client_send(c, err, errlen, "variant %s", c->game->variant);
    if (st == CLIENT_OK) st = client_send(c, err, errlen, "force");
    if (st == CLIENT_OK && !game_is_start(c->game, c->root)) {
        if (!c->setboard)
            return client_fail(CLIENT_UNSUPPORTED, err, errlen, "%s has setboard=0: it cannot start from %s", c->spec.name,
                        c->root);
        char why[128];
        if (game_engine_position(c->game, c->root, c->q.fen, buf, sizeof buf, why, sizeof why))
            return client_fail(CLIENT_UNSUPPORTED, err, errlen, "%s: setboard %s: %s", c->spec.name, c->root, why);
        st = client_send(c, err, errlen, "setboard %s", buf);
    }
    return st == CLIENT_OK ? xboard_moves(c, 0, err, errlen) : st;
}

static ClientStatus xboard_read_move(Client *c, GameState *pos, int64_t deadline, EngineReply *r, char *err,
                                     size_t errlen)
{
    for (;;) {
        ClientStatus st = client_read_until(c, deadline, err, errlen);
        if (st != CLIENT_OK) return st;
        if (strncmp(c->line, "Illegal move", 12) == 0 || strncmp(c->line, "Error", 5) == 0)
            return client_fail(CLIENT_UNSUPPORTED, err, errlen, "%s rejected the position: %.150s", c->spec.name, c->line);
        if (strcmp(c->line, "resign") == 0) {
            r->answer = ANSWER_RESIGN;
            return CLIENT_OK;
        }
        if (parse_xboard_thinking(&c->parse, c->line, r)) continue;
        if (strncmp(c->line, "move ", 5) != 0) continue;
        char why[128];
        st = parse_xboard_move(&c->parse, pos, c->line, r, why, sizeof why);
        if (st != CLIENT_OK) return client_fail(st, err, errlen, "%s: %s", c->spec.name, why);
        c->xb_pondering = c->spec.ponder; /* it thinks on until the opponent's move (or force) */
        return c->spec.ponder ? CLIENT_OK : client_send(c, err, errlen, "force");
    }
}

/* The engine, in play mode since its last move (ponder=true), is sent the
 * clocks and the opponent's one move since, which starts its search; the
 * thinking lines of its ponder search read so far are dropped. */
static ClientStatus xboard_continue(Client *c, const GoLimits *l, int side, char *err, size_t errlen)
{
    ClientStatus st = CLIENT_OK;
    while (proc_read_line(c->proc, c->line, sizeof c->line, 0) == PROC_LINE) {}
    c->xb_synced = false;
    c->xb_pondering = false;
    if (!l->depth && !l->movetime && (l->time[0] || l->time[1])) {
        st = client_send(c, err, errlen, "time %lld", (long long)(l->time[side] / 10));
        if (st == CLIENT_OK) st = client_send(c, err, errlen, "otim %lld", (long long)(l->time[!side] / 10));
    }
    return st == CLIENT_OK ? xboard_moves(c, c->xb_n, err, errlen) : st;
}

ClientStatus xboard_go(Client *c, const GoLimits *l, EngineReply *r, char *err, size_t errlen)
{
    GameState *pos = c->pos;
    int side = c->game->side_to_move(pos);
    ClientStatus st;
    if (c->xb_pondering && c->xb_synced && c->xb_reply == MOVE_CODE_NONE && c->n == c->xb_n + 1) {
        if ((st = xboard_continue(c, l, side, err, errlen)) != CLIENT_OK) return st;
    } else {
        st = c->xb_pondering ? client_send(c, err, errlen, "force") : CLIENT_OK; /* stops its pondering */
        c->xb_pondering = false;
        if (st == CLIENT_OK) st = xboard_position(c, err, errlen);
        if (st == CLIENT_OK) st = xboard_limits(c, l, side, err, errlen);
        if (st == CLIENT_OK) st = client_send(c, err, errlen, "post");
        if (st != CLIENT_OK) return st;
        if ((st = client_send(c, err, errlen, "go")) != CLIENT_OK) return st;
    }
    int64_t start = util_monotonic_ms(), held = client_held_us(c); /* to the move read: as uci_go */
    int claims = c->claims;
    st = xboard_read_move(c, pos, start + client_search_budget(c, l, side), r, err, errlen);
    client_time_reply(c, st, start, held, r);
    parse_pv(&c->parse, pos, r);
    if (st == CLIENT_OK && r->best != MOVE_CODE_NONE && claims == c->claims) {
        c->xb_n = c->n; /* the engine now holds the game and its move */
        c->xb_reply = r->best;
        c->xb_synced = true;
    }
    return st;
}
