/*
 * players/client.c - the engine client's life cycle, over proc/proc.h: profiles (the
 * game's quirks table), lines to and from the engine, start, new game,
 * search, restart, and the client as a Player. The protocols are in
 * players/uci.c (UCI and UAI) and players/xboard.c; the text of what engines write is read
 * by players/client_parse.c.
 *
 * The client is told the game move by move (client_set_game,
 * client_tell_move) and keeps it: the position, each move in the engine's
 * notation, and for UCI the `position fen F moves ...` line, appended to
 * as moves are played, so nothing per move grows with the game's length.
 * Each search is sent with the whole game so far (UCI that line; xboard
 * `new`, `variant V`, `force`, `setboard`, the moves, or only the moves
 * since the engine's last search), so an engine restarted after a crash
 * carries on where it was, and engines whose rules depend on the history
 * (repetition) see all of it.
 */
#include "players/client_impl.h"
#include "util/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Used when a search has no time limit (depth or nodes only). */
#define UNTIMED_SEARCH_MS 600000
/* After a failed write, how long the engine is given to finish exiting. */
#define EXIT_SETTLE_MS 200

/* ------------------------------------------------------------------------ */
/* Engine profiles                                                          */
/* ------------------------------------------------------------------------ */

/* Lower-case copy. */
static void lower(const char *in, char *out, size_t outlen)
{
    size_t i = 0;
    for (; in[i] && i + 1 < outlen; i++) out[i] = (char)tolower((unsigned char)in[i]);
    out[i] = '\0';
}

/* The profile of game one of whose match words occurs in name, or NULL. */
static const GameEngine *profile_for_name(const Game *game, const char *name)
{
    char low[256], words[64], *cursor;
    lower(name, low, sizeof low);
    for (int i = 0; i < game->profile_count; i++) {
        snprintf(words, sizeof words, "%s", game->profiles[i].match);
        for (char *w = strtok_r(words, "|", &cursor); w; w = strtok_r(NULL, "|", &cursor))
            if (strstr(low, w)) return &game->profiles[i];
    }
    return NULL;
}

static const GameEngine *profile_by_key(const Game *game, const char *key)
{
    for (int i = 0; i < game->profile_count; i++)
        if (strcmp(game->profiles[i].name, key) == 0) return &game->profiles[i];
    return NULL;
}

/* Sets c->profile from quirks=profile= or from name (if none chose one
 * yet), and recomputes the quirks in effect. */
void client_apply_profile(Client *c, const char *name)
{
    const EngineQuirks *u = &c->spec.quirks;
    if (u->profile[0]) c->profile = strcmp(u->profile, "none") == 0 ? NULL : profile_by_key(c->game, u->profile);
    else if (!c->profile && name) c->profile = profile_for_name(c->game, name);
    static const EngineQuirks none = {"", QUIRK_AUTO, QUIRK_AUTO, QUIRK_AUTO, PV_AUTO, "", -1};
    char why[256];
    c->q = none; /* a game's profile that does not parse is refused by test_games */
    if (c->profile && client_parse_quirks(c->profile->quirks, &c->q, why, sizeof why)) c->q = none;
    if (u->setboard) c->q.setboard = u->setboard;
    if (u->usermove) c->q.usermove = u->usermove;
    if (u->ping) c->q.ping = u->ping;
    if (u->pv) c->q.pv = u->pv;
    if (u->fen[0]) snprintf(c->q.fen, sizeof c->q.fen, "%s", u->fen);
    if (u->mate_score) c->q.mate_score = u->mate_score;
}

/* The move notation: notation= first, then the profile, then the game's
 * protocol notation (guessed: -1). */
static int profile_notation(const Client *c)
{
    if (c->spec.notation[0]) return game_notation_by_name(c->game, c->spec.notation);
    return c->profile ? game_notation_by_name(c->game, c->profile->notation) : -1;
}

void client_reset_parser(Client *c)
{
    parse_init(&c->parse, c->game, profile_notation(c), c->q.pv, c->q.mate_score);
}

static int quirk_switch(const char *v, QuirkSwitch *out)
{
    if (strcmp(v, "0") == 0 || strcmp(v, "no") == 0) *out = QUIRK_NO;
    else if (strcmp(v, "1") == 0 || strcmp(v, "yes") == 0) *out = QUIRK_YES;
    else return -1;
    return 0;
}

/* One KEY=VALUE item of quirks=. */
static int quirk_item(const char *key, const char *v, EngineQuirks *q, char *err, size_t errlen)
{
    char *end;
    if (strcmp(key, "profile") == 0) {
        if (strlen(v) >= sizeof q->profile) return snprintf(err, errlen, "quirks: profile name too long"), -1;
        snprintf(q->profile, sizeof q->profile, "%s", v); /* checked against the game by client_check_quirks */
        return 0;
    }
    if (strcmp(key, "setboard") == 0 && quirk_switch(v, &q->setboard) == 0) return 0;
    if (strcmp(key, "usermove") == 0 && quirk_switch(v, &q->usermove) == 0) return 0;
    if (strcmp(key, "ping") == 0 && quirk_switch(v, &q->ping) == 0) return 0;
    if (strcmp(key, "pv") == 0 && (strcmp(v, "coord") == 0 || strcmp(v, "san") == 0 || strcmp(v, "auto") == 0)) {
        q->pv = v[0] == 'c' ? PV_COORD : v[0] == 's' ? PV_SAN : PV_AUTO;
        return 0;
    }
    if (strcmp(key, "fen") == 0 && *v && strlen(v) < sizeof q->fen) {
        snprintf(q->fen, sizeof q->fen, "%s", v); /* checked against the game by client_check_quirks */
        return 0;
    }
    if (strcmp(key, "mate") == 0) {
        errno = 0;
        long n = strcmp(v, "cecp") == 0 ? -1 : strtol(v, &end, 10);
        if (n == -1 || (!errno && end != v && !*end && n >= 100 && n <= 1000000)) {
            q->mate_score = (int)n;
            return 0;
        }
    }
    char word[40];
    snprintf(word, sizeof word, ",%.32s,", key);
    if (strstr(",setboard,usermove,ping,pv,fen,mate,", word))
        snprintf(err, errlen, "quirks: bad value '%s' for %s", v, key);
    else
        snprintf(err, errlen, "quirks: unknown item '%s' (expected profile, setboard, usermove, ping, pv, fen or "
                              "mate)", key);
    return -1;
}

int client_parse_quirks(const char *text, EngineQuirks *q, char *err, size_t errlen)
{
    char buf[256], *cursor;
    if (strlen(text) >= sizeof buf) return snprintf(err, errlen, "quirks: too long"), -1;
    snprintf(buf, sizeof buf, "%s", text);
    for (char *item = strtok_r(buf, ",", &cursor); item; item = strtok_r(NULL, ",", &cursor)) {
        char *eq = strchr(item, '=');
        if (!eq || eq == item) return snprintf(err, errlen, "quirks: expected KEY=VALUE, got '%s'", item), -1;
        *eq = '\0';
        if (quirk_item(item, eq + 1, q, err, errlen)) return -1;
    }
    return 0;
}

int client_check_quirks(const Game *game, const EngineQuirks *q, char *err, size_t errlen)
{
    char names[256] = "";
    if (q->profile[0] && strcmp(q->profile, "none") != 0 && !profile_by_key(game, q->profile)) {
        for (int i = 0; i < game->profile_count; i++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s, ", game->profiles[i].name);
        return snprintf(err, errlen, "quirks: unknown profile '%s' (expected %snone)", q->profile, names), -1;
    }
    char text[GAME_TEXT_MAX], why[128];
    if (q->fen[0] && game_engine_position(game, game->start, q->fen, text, sizeof text, why, sizeof why))
        return snprintf(err, errlen, "quirks: bad value '%s' for fen (%s)", q->fen, why), -1;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Lines                                                                    */
/* ------------------------------------------------------------------------ */

ClientStatus client_fail(ClientStatus st, char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return st;
}

ClientTimeouts client_default_timeouts(void)
{
    ClientTimeouts t = {10000, 5000, 5000, UNTIMED_SEARCH_MS, 1000};
    return t;
}

/* proto=NAME: each protocol's name and synonym. */
static const struct {
    const char *name, *synonym;
} PROTOCOLS[PROTO_COUNT] = {[PROTO_UCI] = {"uci", "ucci"}, [PROTO_XBOARD] = {"xboard", "cecp"}, [PROTO_UAI] = {"uai", NULL}};

const char *client_proto_name(Protocol p)
{
    return p < PROTO_COUNT ? PROTOCOLS[p].name : "unknown";
}

int client_proto_parse(const char *name, Protocol *out, char *err, size_t errlen)
{
    for (int p = 0; p < PROTO_COUNT; p++)
        if (strcmp(name, PROTOCOLS[p].name) == 0 || (PROTOCOLS[p].synonym && strcmp(name, PROTOCOLS[p].synonym) == 0)) {
            *out = (Protocol)p;
            return 0;
        }
    snprintf(err, errlen, "proto: unknown protocol '%s' (expected uci, uai or xboard)", name);
    return -1;
}

const char *client_status_text(ClientStatus s)
{
    static const char *const NAMES[] = {"ok", "failed to start", "no handshake", "stall", "disconnect",
                                        "illegal move", "unparseable move", "unsupported", "bad option"};
    _Static_assert(sizeof NAMES / sizeof NAMES[0] == CLIENT_STATUS_COUNT, "a name per status");
    return s < CLIENT_STATUS_COUNT ? NAMES[s] : "unknown";
}

int client_notation(const Client *c)
{
    return c->parse.notation;
}

void client_note(const Client *c, const char *fmt, ...)
{
    if (!c->stderr_path[0]) return;
    FILE *f = fopen(c->stderr_path, "a");
    if (!f) return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(f, "qibench: %s: ", c->spec.name);
    vfprintf(f, fmt, ap);
    fputc('\n', f);
    va_end(ap);
    fclose(f);
}

/* The engine's output ended: how, in words. */
static ClientStatus disconnected(Client *c, ProcRead r, char *err, size_t errlen)
{
    if (r == PROC_ERROR) return client_fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (%s)", c->spec.name,
                                     proc_error(c->proc));
    if (!proc_exited(c->proc))
        return client_fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (closed its output, still running)",
                    c->spec.name);
    return client_fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (%s)", c->spec.name, proc_exit_text(c->proc));
}

/* Reads a line before the deadline (absolute ms); maps EOF and timeout. A
 * deadline already past is a stall even if output keeps coming (a flood of
 * info lines must not keep a search alive for ever). xboard result claims
 * are noted and skipped here, wherever they come. */
ClientStatus client_read_until(Client *c, int64_t deadline, char *err, size_t errlen)
{
    for (;;) {
        int64_t left = deadline - util_monotonic_ms();
        if (left <= 0) return client_fail(CLIENT_STALL, err, errlen, "%s: no answer in time", c->spec.name);
        ProcRead r = proc_read_line(c->proc, c->line, sizeof c->line, (int)(left < INT32_MAX ? left : INT32_MAX));
        if (r == PROC_TIMEOUT) return client_fail(CLIENT_STALL, err, errlen, "%s: no answer in time", c->spec.name);
        if (r != PROC_LINE) return disconnected(c, r, err, errlen);
        c->line_ms = util_monotonic_ms();
        if (c->spec.proto == PROTO_XBOARD && parse_is_result_claim(c->line)) {
            if (c->claims++ < 100) client_note(c, "claimed '%.200s' (ignored: the harness judges the game)", c->line);
            c->xb_synced = false; /* it may think the game is over: set the next position up afresh */
            continue;
        }
        return CLIENT_OK;
    }
}

/* Waits for a line starting with `word` (a whole word). */
ClientStatus client_expect_word(Client *c, const char *word, int timeout_ms, char *err, size_t errlen)
{
    int64_t deadline = util_monotonic_ms() + timeout_ms;
    size_t n = strlen(word);
    for (;;) {
        ClientStatus st = client_read_until(c, deadline, err, errlen);
        if (st == CLIENT_STALL)
            return client_fail(st, err, errlen, "%s: no %s in %d ms", c->spec.name, word, timeout_ms);
        if (st != CLIENT_OK) return st;
        if (strncmp(c->line, word, n) == 0 && (c->line[n] == '\0' || isspace((unsigned char)c->line[n])))
            return CLIENT_OK;
    }
}

/* Has the process exited, given EXIT_SETTLE_MS to finish? (A pipe closes
 * a moment before its process can be reaped.) */
static bool exited_soon(Client *c)
{
    struct timespec step = {0, 5 * 1000000L};
    for (int waited = 0; waited < EXIT_SETTLE_MS; waited += 5) {
        if (proc_exited(c->proc)) return true;
        nanosleep(&step, NULL);
    }
    return proc_exited(c->proc);
}

/* A write to the engine failed: it exited, or does not read its input. */
ClientStatus client_send_failed(Client *c, char *err, size_t errlen)
{
    if (!exited_soon(c))
        return client_fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (%s)", c->spec.name, proc_error(c->proc));
    return client_fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (%s)", c->spec.name, proc_exit_text(c->proc));
}

ClientStatus client_send(Client *c, char *err, size_t errlen, const char *fmt, ...)
{
    char stack[LINE_BYTES], *buf = stack; /* a longer command (a long game's move list) on the heap, never cut */
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(stack, sizeof stack, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n >= sizeof stack && (buf = malloc((size_t)n + 1)) != NULL)
        vsnprintf(buf, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    if (n < 0 || !buf) return client_fail(CLIENT_UNSUPPORTED, err, errlen, "%s: cannot format a command", c->spec.name);
    int rc = proc_send(c->proc, "%s", buf);
    if (buf != stack) free(buf);
    return rc == 0 ? CLIENT_OK : client_send_failed(c, err, errlen);
}

/* isready / readyok, or ping / pong: is the engine still answering? */
ClientStatus client_sync(Client *c, char *err, size_t errlen)
{
    ClientStatus st;
    if (c->spec.proto != PROTO_XBOARD) {
        if ((st = client_send(c, err, errlen, "isready")) != CLIENT_OK) return st;
        return client_expect_word(c, "readyok", c->t.ready_ms, err, errlen);
    }
    if (!c->ping) return CLIENT_OK;
    char pong[32];
    snprintf(pong, sizeof pong, "pong %d", ++c->ping_id);
    if ((st = client_send(c, err, errlen, "ping %d", c->ping_id)) != CLIENT_OK) return st;
    int64_t deadline = util_monotonic_ms() + c->t.ready_ms;
    do {
        if ((st = client_read_until(c, deadline, err, errlen)) == CLIENT_STALL)
            return client_fail(st, err, errlen, "%s: no '%s' in %d ms", c->spec.name, pong, c->t.ready_ms);
        if (st != CLIENT_OK) return st;
    } while (strcmp(c->line, pong) != 0);
    return CLIENT_OK;
}

/* ------------------------------------------------------------------------ */
/* Moves                                                                    */
/* ------------------------------------------------------------------------ */

/* Appends text to the UCI position line. */
static int posline_add(Client *c, const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), need = c->posline_len + la + lb + 1;
    if (need > c->posline_cap) {
        size_t cap = c->posline_cap ? c->posline_cap : 256;
        while (cap < need) cap *= 2;
        char *grown = realloc(c->posline, cap);
        if (!grown) return -1;
        c->posline = grown;
        c->posline_cap = cap;
    }
    memcpy(c->posline + c->posline_len, a, la);
    memcpy(c->posline + c->posline_len + la, b, lb + 1);
    c->posline_len += la + lb;
    return 0;
}

static ClientStatus not_told(char *err, size_t errlen)
{
    return client_fail(CLIENT_UNSUPPORTED, err, errlen, "cannot set up the position (bad FEN or moves)");
}

ClientStatus client_set_game(Client *c, const char *root, const MoveCode *moves, int n, char *err, size_t errlen)
{
    c->told = false;
    c->n = 0;
    c->posline_len = 0;
    c->xb_synced = false; /* another game: set it up afresh */
    c->xb_reply = MOVE_CODE_NONE;
    c->ponder_hit = false; /* a ponder search running is stopped by the next search */
    c->ponder_text[0] = '\0';
    /* UCI's position line spells the root as quirks fen= says (a game's
     * dialect for engines that read another), else as the game writes it. */
    char spelled[GAME_TEXT_MAX], why[128];
    const char *text = root;
    if (c->spec.proto != PROTO_XBOARD && c->q.fen[0]) {
        if (game_engine_position(c->game, root, c->q.fen, spelled, sizeof spelled, why, sizeof why))
            return not_told(err, errlen);
        text = spelled;
    }
    if (strlen(root) >= sizeof c->root || c->game->set_position(c->pos, root, NULL, 0)
        || posline_add(c, "position fen ", text))
        return not_told(err, errlen);
    snprintf(c->root, sizeof c->root, "%s", root);
    c->told = true;
    ClientStatus st = CLIENT_OK;
    for (int i = 0; i < n && st == CLIENT_OK; i++) st = client_tell_move(c, moves[i], err, errlen);
    return st;
}

ClientStatus client_tell_move(Client *c, MoveCode m, char *err, size_t errlen)
{
    const Game *g = c->game;
    if (!c->told) return not_told(err, errlen);
    char *text = c->texts[c->n];
    if (c->n + 1 >= CLIENT_MAX_PLIES || g->format_move(c->pos, m, client_notation(c), text, MOVE_TEXT_BYTES)
        || posline_add(c, c->n == 0 ? " moves " : " ", text) || !g->play(c->pos, m)) {
        c->told = false; /* a harness bug, or more moves than a game can hold */
        return not_told(err, errlen);
    }
    if (c->pondering) c->ponder_hit = c->n == c->ponder_after && m == c->ponder_move; /* the opponent's move */
    if (c->xb_synced && c->xb_reply != MOVE_CODE_NONE) { /* the engine holds its own last move */
        c->xb_synced = m == c->xb_reply && c->xb_n == c->n;
        c->xb_n = c->n + 1;
        c->xb_reply = MOVE_CODE_NONE;
    }
    c->n++;
    return CLIENT_OK;
}

int64_t client_search_budget(const Client *c, const GoLimits *l, int side)
{
    if (l->movetime) return l->movetime + c->t.move_grace_ms;
    if (l->time[side]) return l->time[side] + c->t.move_grace_ms;
    return c->t.untimed_ms;
}

/* ------------------------------------------------------------------------ */
/* Life cycle                                                               */
/* ------------------------------------------------------------------------ */

static const PlayerOps ENGINE_PLAYER;

/* initstr=TEXT after the handshake, each "\\n" a new line, then a sync
 * (isready / ping) so the engine has read it before the first game. */
static ClientStatus send_initstr(Client *c, char *err, size_t errlen)
{
    char text[sizeof c->spec.initstr];
    size_t n = 0;
    for (const char *p = c->spec.initstr; *p && n + 1 < sizeof text; p++) {
        if (p[0] == '\\' && p[1] == 'n') text[n++] = '\n', p++;
        else text[n++] = *p;
    }
    text[n] = '\0';
    ClientStatus st = client_send(c, err, errlen, "%s", text);
    return st == CLIENT_OK ? client_sync(c, err, errlen) : st;
}

/* Starts the process and runs the handshake. */
static ClientStatus launch(Client *c, char *err, size_t errlen)
{
    char *argv[SPEC_MAX_ARGS + 2];
    argv[0] = c->spec.cmd;
    for (int i = 0; i < c->spec.nargs; i++) argv[i + 1] = c->spec.args[i];
    argv[c->spec.nargs + 1] = NULL;
    ProcSpec ps = {c->spec.cmd, argv, c->spec.dir[0] ? c->spec.dir : NULL,
                   c->stderr_path[0] ? c->stderr_path : NULL, c->log, c->spec.name, c->spec.cpus};
    char why[256];
    c->dirty = false;
    c->xb_synced = false;
    c->pondering = c->ponder_hit = false;
    c->ponder_text[0] = '\0';
    c->pending = CLIENT_OK;
    c->has_variant_option = c->setboard = c->ping = c->usermove = false;
    const char *base = strrchr(c->spec.cmd, '/');
    c->profile = NULL;
    client_apply_profile(c, base ? base + 1 : c->spec.cmd); /* by program name until the engine names itself */
    client_reset_parser(c);
    c->proc = proc_start(&ps, why, sizeof why);
    if (!c->proc) return client_fail(CLIENT_START_FAILED, err, errlen, "%s: %s", c->spec.name, why);
    ClientStatus st = c->spec.proto != PROTO_XBOARD ? uci_handshake(c, err, errlen) : xboard_handshake(c, err, errlen);
    if (st == CLIENT_OK && c->spec.initstr[0]) st = send_initstr(c, err, errlen);
    if (st == CLIENT_DISCONNECT) /* died (or closed its output) before it was ready: it did not start */
        st = exited_soon(c) ? client_fail(CLIENT_START_FAILED, err, errlen, "%s: exited during start-up (%s)", c->spec.name,
                                   proc_exit_text(c->proc))
                            : client_fail(CLIENT_START_FAILED, err, errlen, "%s: closed its output during start-up",
                                   c->spec.name);
    return st;
}

Client *client_start(const EngineSpec *spec, const ClientTimeouts *t, FILE *log, const char *stderr_path,
                     ClientStatus *status, char *err, size_t errlen)
{
    Client *c = calloc(1, sizeof *c);
    if (!c) {
        *status = client_fail(CLIENT_START_FAILED, err, errlen, "%s: out of memory", spec->name);
        return NULL;
    }
    c->spec = *spec;
    c->game = spec->game ? spec->game : game_default();
    c->player.ops = &ENGINE_PLAYER;
    c->pos = c->game->state_new();
    c->texts = malloc(CLIENT_MAX_PLIES * sizeof *c->texts);
    if (!c->pos || !c->texts || client_check_quirks(c->game, &spec->quirks, err, errlen)) {
        *status = c->pos && c->texts ? CLIENT_START_FAILED
                                     : client_fail(CLIENT_START_FAILED, err, errlen, "%s: out of memory", spec->name);
        client_free(c);
        return NULL;
    }
    c->t = t ? *t : client_default_timeouts();
    c->log = log;
    snprintf(c->stderr_path, sizeof c->stderr_path, "%s",
             spec->stderr_file[0] ? spec->stderr_file : stderr_path ? stderr_path : "");
    *status = launch(c, err, errlen);
    if (*status != CLIENT_OK) {
        client_free(c);
        return NULL;
    }
    return c;
}

/* After an abandoned search: asks the engine to stop and waits until it
 * answers again (a late bestmove is read and dropped). */
static ClientStatus settle(Client *c, char *err, size_t errlen)
{
    ClientStatus st = c->spec.proto != PROTO_XBOARD ? client_send(c, err, errlen, "stop")
                                                 : client_send(c, err, errlen, "?");
    if (st == CLIENT_OK && c->spec.proto == PROTO_XBOARD) st = client_send(c, err, errlen, "force");
    if (st == CLIENT_OK) st = client_sync(c, err, errlen);
    if (st == CLIENT_OK) c->dirty = false;
    return st;
}

ClientStatus client_new_game(Client *c)
{
    char err[256];
    c->xb_synced = false;
    ClientStatus st = c->pending;
    if (st == CLIENT_OK && c->spec.restart == RESTART_ON && c->games_begun++ > 0) st = client_restart(c, err, sizeof err);
    else if (st == CLIENT_OK && c->dirty) st = settle(c, err, sizeof err);
    if (st == CLIENT_OK && c->pondering) st = uci_ponder_end(c, err, sizeof err); /* the last game ended on its ponder */
    c->ponder_text[0] = '\0';
    if (st == CLIENT_OK && c->spec.proto != PROTO_XBOARD) { /* one write for both lines */
        st = client_send(c, err, sizeof err, "%s\nisready", uci_words(c->spec.proto)->newgame);
        if (st == CLIENT_OK) st = client_expect_word(c, "readyok", c->t.ready_ms, err, sizeof err);
    } else if (st == CLIENT_OK) {
        st = client_sync(c, err, sizeof err);
    }
    /* The engine failed between games: its next search reports it, so the
     * game it was to play is forfeited with the reason. */
    if (st != CLIENT_OK && c->pending == CLIENT_OK) {
        c->pending = st;
        snprintf(c->pending_err, sizeof c->pending_err, "%.200s (before the game)", err);
    }
    return st;
}

ClientStatus client_search(Client *c, const GoLimits *limits, EngineReply *report, char *err, size_t errlen)
{
    memset(report, 0, sizeof *report);
    c->parse.raw_pv[0] = '\0';
    if (c->pending != CLIENT_OK) return client_fail(c->pending, err, errlen, "%s", c->pending_err);
    if (!c->told) return not_told(err, errlen);
    ClientStatus st = c->spec.proto != PROTO_XBOARD ? uci_go(c, limits, report, err, errlen)
                                                 : xboard_go(c, limits, report, err, errlen);
    if (st == CLIENT_STALL) c->dirty = true; /* it may still be thinking: settle before the next game */
    return st;
}

ClientStatus client_go(Client *c, const char *root_fen, const MoveCode *moves, int nmoves, const GoLimits *limits,
                       EngineReply *report, char *err, size_t errlen)
{
    ClientStatus st = client_set_game(c, root_fen, moves, nmoves, err, errlen);
    if (st != CLIENT_OK && c->pending == CLIENT_OK) {
        memset(report, 0, sizeof *report);
        return st;
    }
    return client_search(c, limits, report, err, errlen);
}

ClientStatus client_restart(Client *c, char *err, size_t errlen)
{
    proc_free(c->proc);
    c->proc = NULL;
    return launch(c, err, errlen);
}

void client_free(Client *c)
{
    if (!c) return;
    if (c->proc) proc_stop(c->proc, "quit", c->t.quit_grace_ms);
    proc_free(c->proc);
    if (c->pos) c->game->state_free(c->pos);
    free(c->texts);
    free(c->posline);
    client_options_free(c);
    free(c);
}

/* ------------------------------------------------------------------------ */
/* The client as a player                                                   */
/* ------------------------------------------------------------------------ */

static ClientStatus engine_new_game(Player *p) { return client_new_game((Client *)p); }

static ClientStatus engine_begin(Player *p, const char *root, const MoveCode *moves, int n, char *err, size_t errlen)
{
    return client_set_game((Client *)p, root, moves, n, err, errlen);
}

static ClientStatus engine_on_move(Player *p, MoveCode m, char *err, size_t errlen)
{
    return client_tell_move((Client *)p, m, err, errlen);
}

static ClientStatus engine_go(Player *p, const GoLimits *limits, EngineReply *reply, char *err, size_t errlen)
{
    return client_search((Client *)p, limits, reply, err, errlen);
}

static const char *engine_name(const Player *p) { return ((const Client *)p)->spec.name; }

/* ponder=true, UCI and UAI: a ponder search on the move the engine expects
 * (a failure to send shows at its next search, as a disconnect). */
static void engine_ponder(Player *p, const GoLimits *limits)
{
    Client *c = (Client *)p;
    char err[256];
    if (c->spec.ponder && c->spec.proto != PROTO_XBOARD && c->pending == CLIENT_OK && c->told)
        uci_ponder(c, limits, err, sizeof err);
}

static const PlayerOps ENGINE_PLAYER = {engine_new_game, engine_begin, engine_on_move, engine_go, engine_name,
                                        engine_ponder};

Player *client_player(Client *c) { return &c->player; }

int64_t client_held_us(const Client *c)
{
    return proc_run_delay_us(c->proc) + proc_self_run_delay_us() + proc_steal_us();
}

void client_time_reply(Client *c, ClientStatus st, int64_t start, int64_t held_us, EngineReply *r)
{
    r->wall_ms = (st == CLIENT_OK ? c->line_ms : util_monotonic_ms()) - start;
    int64_t held = (client_held_us(c) - held_us) / 1000;
    r->held_ms = held < 0 ? 0 : held < r->wall_ms ? held : r->wall_ms;
}
