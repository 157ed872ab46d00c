/*
 * client.c - UCI / UCCI and xboard (CECP v2) clients over proc.h.
 *
 * Each search is sent with the whole game so far (UCI `position fen F moves
 * ...`; xboard `new`, `variant xiangqi`, `force`, `setboard`, the moves),
 * so an engine restarted after a crash carries on where it was, and engines
 * whose rules depend on the history (repetition) see all of it.
 *
 * Layout: engine profiles (the quirks table), lines, UCI, xboard, life
 * cycle. The text of what engines write is read by client_parse.c.
 */
#include "client.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "client_parse.h"
#include "movegen.h"
#include "notation.h"
#include "proc.h"

#define LINE_BYTES PARSE_LINE_BYTES
/* Engines that never finish their xboard feature list get this long. */
#define XBOARD_FEATURE_WAIT_MS 2000
/* Used when a search has no time limit (depth or nodes only). */
#define UNTIMED_SEARCH_MS 600000
/* After a failed write, how long the engine is given to finish exiting. */
#define EXIT_SETTLE_MS 200

/* ------------------------------------------------------------------------ */
/* Engine profiles                                                          */
/* ------------------------------------------------------------------------ */

/*
 * What the harness knows about third-party engines, in one place. A profile
 * applies when one of its `match` words (lower case, '|'-separated) occurs
 * in the engine's program name, UCI `id name` or xboard `myname`; quirks=
 * on the command line overrides any field, or picks a profile by name.
 *
 * Done for every xboard engine, so not in the table: `xboard` is the first
 * line (Sjaak II starts in console mode), `variant xiangqi` goes after each
 * `new` (which resets Sjaak's variant), and result claims ("1-0 {...}") are
 * noted in the engine's stderr log and otherwise ignored: the harness
 * judges every game by the rules.
 */
typedef struct {
    const char *name;       /* for quirks=profile=NAME */
    const char *match;      /* name words that select it */
    MoveConvention moves;   /* ranks 0-9 (ICCS) or 1-10 (Fairy-Stockfish) */
    EngineQuirks q;
} EngineProfile;

static const EngineProfile PROFILES[] = {
    /* UCI_Variant xiangqi (offered, so sent), moves with ranks 1-10 both ways. */
    {"fairy-stockfish", "fairy-stockfish", MOVES_FAIRY, {"", QUIRK_AUTO, QUIRK_AUTO, QUIRK_AUTO, PV_COORD, FEN_NB, -1}},
    /* Fairy-Max for Xiangqi: no setboard (openings are played as moves from
     * the start), bare moves (no usermove), mate scores 8000 - plies. */
    {"maxqi", "maxqi", MOVES_ICCS, {"", QUIRK_NO, QUIRK_NO, QUIRK_AUTO, PV_COORD, FEN_HE, 8000}},
    /* Fairy-Max itself (its Debian build has no xiangqi: the variants check refuses it). */
    {"fairy-max", "fairy-max|fairymax", MOVES_ICCS, {"", QUIRK_NO, QUIRK_NO, QUIRK_AUTO, PV_COORD, FEN_HE, 8000}},
    /* Sjaak II: FEN with H / E, SAN principal variations ("1. ... Hc7 2. Hg2"). */
    {"sjaak", "sjaak", MOVES_ICCS, {"", QUIRK_AUTO, QUIRK_AUTO, QUIRK_AUTO, PV_SAN, FEN_HE, -1}},
};
#define NPROFILES (int)(sizeof PROFILES / sizeof PROFILES[0])

struct Client {
    EngineSpec spec;
    ClientTimeouts t;
    FILE *log;
    char stderr_path[1024];
    Proc *proc;
    const EngineProfile *profile; /* NULL: none */
    EngineQuirks q;               /* in effect: the user's, then the profile's */
    ParseState parse;
    bool has_variant_option;      /* UCI: offers UCI_Variant */
    bool setboard, ping, usermove, xiangqi; /* xboard features */
    int ping_id;
    bool dirty;                   /* a search was abandoned: the engine may still be thinking */
    ClientStatus pending;         /* a failure between games, reported by the next client_go */
    char pending_err[256];
    int claims;                   /* xboard result claims seen (ignored) */
    /* xboard: the game the engine holds (after its last move, in force
     * mode), so that the next search sends only the moves since. */
    bool xb_synced;
    char xb_root[128];
    Move xb_moves[POS_MAX_PLY];
    int xb_n;
    char line[LINE_BYTES];
    Position pos; /* the position of the current search, kept by the harness */
};

/* Lower-case copy. */
static void lower(const char *in, char *out, size_t outlen)
{
    size_t i = 0;
    for (; in[i] && i + 1 < outlen; i++) out[i] = (char)tolower((unsigned char)in[i]);
    out[i] = '\0';
}

/* The profile one of whose match words occurs in name, or NULL. */
static const EngineProfile *profile_for_name(const char *name)
{
    char low[256], words[64], *cursor;
    lower(name, low, sizeof low);
    for (int i = 0; i < NPROFILES; i++) {
        snprintf(words, sizeof words, "%s", PROFILES[i].match);
        for (char *w = strtok_r(words, "|", &cursor); w; w = strtok_r(NULL, "|", &cursor))
            if (strstr(low, w)) return &PROFILES[i];
    }
    return NULL;
}

static const EngineProfile *profile_by_key(const char *key)
{
    for (int i = 0; i < NPROFILES; i++)
        if (strcmp(PROFILES[i].name, key) == 0) return &PROFILES[i];
    return NULL;
}

/* Sets c->profile from quirks=profile= or from name (if none chose one
 * yet), and recomputes the quirks in effect. */
static void apply_profile(Client *c, const char *name)
{
    const EngineQuirks *u = &c->spec.quirks;
    if (u->profile[0]) c->profile = strcmp(u->profile, "none") == 0 ? NULL : profile_by_key(u->profile);
    else if (!c->profile && name) c->profile = profile_for_name(name);
    static const EngineQuirks none = {"", QUIRK_AUTO, QUIRK_AUTO, QUIRK_AUTO, PV_AUTO, FEN_HE, -1};
    const EngineQuirks *p = c->profile ? &c->profile->q : &none;
    c->q = *p;
    if (u->setboard) c->q.setboard = u->setboard;
    if (u->usermove) c->q.usermove = u->usermove;
    if (u->ping) c->q.ping = u->ping;
    if (u->pv) c->q.pv = u->pv;
    if (u->fen) c->q.fen = u->fen;
    if (u->mate_score) c->q.mate_score = u->mate_score;
}

/* The move convention: notation= first, then the profile, then ICCS (guessed). */
static MoveConvention profile_moves(const Client *c)
{
    if (c->spec.moves != MOVES_AUTO) return c->spec.moves;
    return c->profile ? c->profile->moves : MOVES_AUTO;
}

static void reset_parser(Client *c)
{
    parse_init(&c->parse, profile_moves(c), c->q.pv, c->q.mate_score);
}

const char *client_profile(const Client *c)
{
    return c->profile ? c->profile->name : "none";
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
        if (strcmp(v, "none") != 0 && !profile_by_key(v)) {
            snprintf(err, errlen, "quirks: unknown profile '%s' (expected fairy-stockfish, maxqi, fairy-max, sjaak "
                                  "or none)", v);
            return -1;
        }
        snprintf(q->profile, sizeof q->profile, "%s", v);
        return 0;
    }
    if (strcmp(key, "setboard") == 0 && quirk_switch(v, &q->setboard) == 0) return 0;
    if (strcmp(key, "usermove") == 0 && quirk_switch(v, &q->usermove) == 0) return 0;
    if (strcmp(key, "ping") == 0 && quirk_switch(v, &q->ping) == 0) return 0;
    if (strcmp(key, "pv") == 0 && (strcmp(v, "coord") == 0 || strcmp(v, "san") == 0 || strcmp(v, "auto") == 0)) {
        q->pv = v[0] == 'c' ? PV_COORD : v[0] == 's' ? PV_SAN : PV_AUTO;
        return 0;
    }
    if (strcmp(key, "fen") == 0 && (strcmp(v, "he") == 0 || strcmp(v, "nb") == 0)) {
        q->fen = v[0] == 'h' ? FEN_HE : FEN_NB;
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

/* ------------------------------------------------------------------------ */
/* Lines                                                                    */
/* ------------------------------------------------------------------------ */

static int64_t clock_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static ClientStatus fail(ClientStatus st, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static ClientStatus fail(ClientStatus st, char *err, size_t errlen, const char *fmt, ...)
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

const char *client_status_text(ClientStatus s)
{
    static const char *const NAMES[] = {"ok", "failed to start", "no handshake", "stall", "disconnect",
                                        "illegal move", "unparseable move", "unsupported"};
    return s <= CLIENT_UNSUPPORTED ? NAMES[s] : "unknown";
}

MoveConvention client_moves(const Client *c)
{
    return c->parse.moves;
}

/* Appends a note from the harness to the engine's stderr log (if any). */
static void note(const Client *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(const Client *c, const char *fmt, ...)
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
    if (r == PROC_ERROR) return fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (%s)", c->spec.name,
                                     proc_error(c->proc));
    if (!proc_exited(c->proc))
        return fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (closed its output, still running)",
                    c->spec.name);
    return fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (%s)", c->spec.name, proc_exit_text(c->proc));
}

/* Reads a line before the deadline (absolute ms); maps EOF and timeout. A
 * deadline already past is a stall even if output keeps coming (a flood of
 * info lines must not keep a search alive for ever). xboard result claims
 * are noted and skipped here, wherever they come. */
static ClientStatus read_until(Client *c, int64_t deadline, char *err, size_t errlen)
{
    for (;;) {
        int64_t left = deadline - clock_ms();
        if (left <= 0) return fail(CLIENT_STALL, err, errlen, "%s: no answer in time", c->spec.name);
        ProcRead r = proc_read_line(c->proc, c->line, sizeof c->line, (int)(left < INT32_MAX ? left : INT32_MAX));
        if (r == PROC_TIMEOUT) return fail(CLIENT_STALL, err, errlen, "%s: no answer in time", c->spec.name);
        if (r != PROC_LINE) return disconnected(c, r, err, errlen);
        if (c->spec.proto == PROTO_XBOARD && parse_is_result_claim(c->line)) {
            if (c->claims++ < 100) note(c, "claimed '%.200s' (ignored: the harness judges the game)", c->line);
            c->xb_synced = false; /* it may think the game is over: set the next position up afresh */
            continue;
        }
        return CLIENT_OK;
    }
}

/* Waits for a line starting with `word` (a whole word). */
static ClientStatus expect_word(Client *c, const char *word, int timeout_ms, char *err, size_t errlen)
{
    int64_t deadline = clock_ms() + timeout_ms;
    size_t n = strlen(word);
    for (;;) {
        ClientStatus st = read_until(c, deadline, err, errlen);
        if (st == CLIENT_STALL)
            return fail(st, err, errlen, "%s: no %s in %d ms", c->spec.name, word, timeout_ms);
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
static ClientStatus send_failed(Client *c, char *err, size_t errlen)
{
    if (!exited_soon(c))
        return fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (%s)", c->spec.name, proc_error(c->proc));
    return fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (%s)", c->spec.name, proc_exit_text(c->proc));
}

static ClientStatus send_line(Client *c, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static ClientStatus send_line(Client *c, char *err, size_t errlen, const char *fmt, ...)
{
    char buf[LINE_BYTES];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return proc_send(c->proc, "%s", buf) == 0 ? CLIENT_OK : send_failed(c, err, errlen);
}

/* isready / readyok, or ping / pong: is the engine still answering? */
static ClientStatus sync_engine(Client *c, char *err, size_t errlen)
{
    ClientStatus st;
    if (c->spec.proto == PROTO_UCI) {
        if ((st = send_line(c, err, errlen, "isready")) != CLIENT_OK) return st;
        return expect_word(c, "readyok", c->t.ready_ms, err, errlen);
    }
    if (!c->ping) return CLIENT_OK;
    char pong[32];
    snprintf(pong, sizeof pong, "pong %d", ++c->ping_id);
    if ((st = send_line(c, err, errlen, "ping %d", c->ping_id)) != CLIENT_OK) return st;
    int64_t deadline = clock_ms() + c->t.ready_ms;
    do {
        if ((st = read_until(c, deadline, err, errlen)) == CLIENT_STALL)
            return fail(st, err, errlen, "%s: no '%s' in %d ms", c->spec.name, pong, c->t.ready_ms);
        if (st != CLIENT_OK) return st;
    } while (strcmp(c->line, pong) != 0);
    return CLIENT_OK;
}

/* ------------------------------------------------------------------------ */
/* Moves                                                                    */
/* ------------------------------------------------------------------------ */

static void move_text(const Client *c, Move m, char *buf)
{
    if (c->parse.moves == MOVES_FAIRY)
        move_to_fairy(m, buf);
    else
        move_to_iccs(m, buf);
}

/* Sets up pos from the root and moves; false if that fails (a harness bug).
 * The moves were checked for legality when they were played, so only a
 * cheap sanity check is made here: replaying a game stays O(plies). */
static bool replay(Position *pos, const char *root_fen, const Move *moves, int n)
{
    if (pos_from_fen(pos, root_fen, NULL, 0) || n >= POS_MAX_PLY) return false;
    for (int i = 0; i < n; i++) {
        int piece = pos_piece_on(pos, MOVE_FROM(moves[i]));
        if (piece == EMPTY || PIECE_COLOUR(piece) != pos->side || !pos_make_move(pos, moves[i])) return false;
    }
    return true;
}

/* How long the search may take before it is a stall. */
static int64_t search_budget(const Client *c, const GoLimits *l, int side)
{
    if (l->movetime) return l->movetime + c->t.move_grace_ms;
    if (l->time[side]) return l->time[side] + c->t.move_grace_ms;
    return c->t.untimed_ms;
}

/* ------------------------------------------------------------------------ */
/* UCI                                                                      */
/* ------------------------------------------------------------------------ */

/* Writes `position fen F moves ...` and then `go`, in one write. */
static ClientStatus uci_position_go(Client *c, const char *root_fen, const Move *moves, int n, const char *go,
                                    char *err, size_t errlen)
{
    size_t cap = strlen(root_fen) + (size_t)n * 7 + strlen(go) + 32, used;
    char *buf = malloc(cap), text[8];
    if (!buf) return fail(CLIENT_UNSUPPORTED, err, errlen, "out of memory");
    used = (size_t)snprintf(buf, cap, "position fen %s", root_fen);
    if (n > 0) used += (size_t)snprintf(buf + used, cap - used, " moves");
    for (int i = 0; i < n; i++) {
        move_text(c, moves[i], text);
        used += (size_t)snprintf(buf + used, cap - used, " %s", text);
    }
    snprintf(buf + used, cap - used, "\n%s", go);
    ClientStatus st = proc_send(c->proc, "%s", buf) == 0 ? CLIENT_OK : send_failed(c, err, errlen);
    free(buf);
    return st;
}

static void uci_go_line(const GoLimits *l, char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len, "go");
    if (l->depth) used += (size_t)snprintf(buf + used, len - used, " depth %d", l->depth);
    if (l->nodes) used += (size_t)snprintf(buf + used, len - used, " nodes %llu", (unsigned long long)l->nodes);
    if (l->movetime) used += (size_t)snprintf(buf + used, len - used, " movetime %lld", (long long)l->movetime);
    if (l->time[0] || l->time[1])
        used += (size_t)snprintf(buf + used, len - used, " wtime %lld btime %lld winc %lld binc %lld",
                                 (long long)l->time[0], (long long)l->time[1], (long long)l->inc[0],
                                 (long long)l->inc[1]);
    if (l->movestogo) snprintf(buf + used, len - used, " movestogo %d", l->movestogo);
}

/* Reads info lines until `bestmove`, then checks the move. */
static ClientStatus uci_read_best(Client *c, Position *pos, int64_t deadline, EngineReply *r, char *err,
                                  size_t errlen)
{
    for (;;) {
        ClientStatus st = read_until(c, deadline, err, errlen);
        if (st != CLIENT_OK) return st;
        if (strncmp(c->line, "info", 4) == 0 && (c->line[4] == ' ' || c->line[4] == '\t')) {
            parse_uci_info(&c->parse, c->line, r);
            continue;
        }
        if (strncmp(c->line, "bestmove", 8) != 0 || (c->line[8] != '\0' && !isspace((unsigned char)c->line[8])))
            continue;
        char why[128];
        st = parse_uci_bestmove(&c->parse, pos, c->line, r, why, sizeof why);
        return st == CLIENT_OK ? st : fail(st, err, errlen, "%s: %s", c->spec.name, why);
    }
}

static ClientStatus uci_go(Client *c, Position *pos, const char *root_fen, const Move *moves, int n,
                           const GoLimits *l, EngineReply *r, char *err, size_t errlen)
{
    char go[256];
    uci_go_line(l, go, sizeof go);
    int64_t start = clock_ms();
    ClientStatus st = uci_position_go(c, root_fen, moves, n, go, err, errlen);
    if (st != CLIENT_OK) return st;
    st = uci_read_best(c, pos, start + search_budget(c, l, pos->side), r, err, errlen);
    r->wall_ms = clock_ms() - start;
    parse_pv(&c->parse, pos, r);
    return st;
}

static ClientStatus uci_handshake(Client *c, char *err, size_t errlen)
{
    ClientStatus st = send_line(c, err, errlen, "uci");
    int64_t deadline = clock_ms() + c->t.handshake_ms;
    while (st == CLIENT_OK) {
        st = read_until(c, deadline, err, errlen);
        if (st == CLIENT_STALL) return fail(CLIENT_NO_HANDSHAKE, err, errlen, "%s: no uciok in %d ms", c->spec.name,
                                            c->t.handshake_ms);
        if (st != CLIENT_OK) return st;
        if (strncmp(c->line, "option name UCI_Variant ", 24) == 0) c->has_variant_option = true;
        if (strncmp(c->line, "id name ", 8) == 0) apply_profile(c, c->line + 8);
        if (strcmp(c->line, "uciok") == 0 || strcmp(c->line, "ucciok") == 0) break;
    }
    reset_parser(c);
    if (c->has_variant_option && st == CLIENT_OK)
        st = send_line(c, err, errlen, "setoption name UCI_Variant value xiangqi");
    for (int i = 0; i < c->spec.noptions && st == CLIENT_OK; i++)
        st = send_line(c, err, errlen, "setoption name %s value %s", c->spec.options[i].name,
                       c->spec.options[i].value);
    if (c->spec.variant[0] && st == CLIENT_OK)
        st = send_line(c, err, errlen, "setoption name Search value %s", c->spec.variant);
    return st == CLIENT_OK ? sync_engine(c, err, errlen) : st;
}

/* ------------------------------------------------------------------------ */
/* xboard / CECP v2                                                         */
/* ------------------------------------------------------------------------ */

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
        else if (strcmp(name, "variants") == 0) c->xiangqi = strstr(v, "xiangqi") != NULL;
        else if (strcmp(name, "myname") == 0) apply_profile(c, v);
        if (strcmp(name, "done") == 0) {
            *done = strcmp(v, "1") == 0;
            *wait_more = strcmp(v, "0") == 0;
            continue;
        }
        ClientStatus st = send_line(c, err, errlen, "accepted %s", name);
        if (st != CLIENT_OK) return st;
    }
    return CLIENT_OK;
}

static ClientStatus xboard_handshake(Client *c, char *err, size_t errlen)
{
    ClientStatus st = send_line(c, err, errlen, "xboard");
    if (st == CLIENT_OK) st = send_line(c, err, errlen, "protover 2");
    bool done = false, wait_more = false;
    int64_t start = clock_ms();
    c->xiangqi = true; /* unless a variants feature says otherwise */
    while (st == CLIENT_OK && !done) {
        int64_t limit = wait_more ? c->t.handshake_ms : XBOARD_FEATURE_WAIT_MS;
        st = read_until(c, start + limit, err, errlen);
        if (st == CLIENT_STALL && !wait_more) st = CLIENT_OK, done = true; /* protover 1 engine */
        else if (st == CLIENT_STALL) st = fail(CLIENT_NO_HANDSHAKE, err, errlen, "%s: no 'feature done=1'", c->spec.name);
        else if (st == CLIENT_OK && strncmp(c->line, "feature ", 8) == 0)
            st = xboard_feature(c, &done, &wait_more, err, errlen);
    }
    if (st != CLIENT_OK) return st;
    if (!c->xiangqi) return fail(CLIENT_UNSUPPORTED, err, errlen, "%s does not play the xiangqi variant", c->spec.name);
    if (c->q.setboard) c->setboard = c->q.setboard == QUIRK_YES;
    if (c->q.usermove) c->usermove = c->q.usermove == QUIRK_YES;
    if (c->q.ping) c->ping = c->q.ping == QUIRK_YES;
    reset_parser(c); /* xboard's Xiangqi board has ranks 0-9 unless a profile or notation= says otherwise */
    for (int i = 0; i < c->spec.noptions && st == CLIENT_OK; i++)
        st = send_line(c, err, errlen, "option %s=%s", c->spec.options[i].name, c->spec.options[i].value);
    return st == CLIENT_OK ? sync_engine(c, err, errlen) : st;
}

/* The FEN with xboard's Xiangqi letters (h horse, e elephant) unless the
 * engine wants n / b. */
static void xboard_fen(const Client *c, const char *fen, char *out, size_t outlen)
{
    size_t i = 0;
    bool he = c->q.fen != FEN_NB;
    for (; fen[i] && fen[i] != ' ' && i + 1 < outlen; i++) {
        char ch = fen[i];
        out[i] = !he ? ch : ch == 'n' ? 'h' : ch == 'N' ? 'H' : ch == 'b' ? 'e' : ch == 'B' ? 'E' : ch;
    }
    snprintf(out + i, outlen - i, "%s", fen + i);
}

/* Sends the time control for one search. */
static ClientStatus xboard_limits(Client *c, const GoLimits *l, int side, char *err, size_t errlen)
{
    ClientStatus st = CLIENT_OK;
    if (l->nodes) return fail(CLIENT_UNSUPPORTED, err, errlen, "%s: node limits are not supported over xboard",
                              c->spec.name);
    if (l->depth) {
        st = send_line(c, err, errlen, "level 0 600 0");
        if (st == CLIENT_OK) st = send_line(c, err, errlen, "sd %d", l->depth);
    } else if (l->movetime) {
        st = send_line(c, err, errlen, "st %lld", (long long)((l->movetime + 999) / 1000));
    } else {
        int64_t base = l->time[side] / 1000;
        st = send_line(c, err, errlen, "level %d %lld:%02lld %lld", l->movestogo, (long long)(base / 60),
                       (long long)(base % 60), (long long)(l->inc[side] / 1000));
        if (st == CLIENT_OK) st = send_line(c, err, errlen, "time %lld", (long long)(l->time[side] / 10));
        if (st == CLIENT_OK) st = send_line(c, err, errlen, "otim %lld", (long long)(l->time[!side] / 10));
    }
    return st;
}

/* Does the engine hold the game root_fen + moves[0..k) for some k <= n
 * (its last search's game)? Then only moves[k..n) need sending. */
static int xboard_known_prefix(const Client *c, const char *root_fen, const Move *moves, int n)
{
    if (!c->xb_synced || c->xb_n > n || strcmp(c->xb_root, root_fen) != 0) return -1;
    return c->xb_n == 0 || memcmp(c->xb_moves, moves, (size_t)c->xb_n * sizeof *moves) == 0 ? c->xb_n : -1;
}

/* new / variant / force / setboard / moves; or, continuing the game the
 * engine holds, only the new moves (`new` can be slow: MaxQi clears its
 * hash table, 85 ms). */
static ClientStatus xboard_position(Client *c, const char *root_fen, const Move *moves, int n, char *err,
                                    size_t errlen)
{
    char buf[512], text[8];
    int known = xboard_known_prefix(c, root_fen, moves, n);
    c->xb_synced = false;
    if (known >= 0) {
        ClientStatus st = CLIENT_OK;
        for (int i = known; i < n && st == CLIENT_OK; i++) {
            move_text(c, moves[i], text);
            st = send_line(c, err, errlen, "%s%s", c->usermove ? "usermove " : "", text);
        }
        return st;
    }
    ClientStatus st = send_line(c, err, errlen, "new");
    if (st == CLIENT_OK) st = send_line(c, err, errlen, "variant xiangqi");
    if (st == CLIENT_OK) st = send_line(c, err, errlen, "force");
    if (st == CLIENT_OK && strncmp(root_fen, START_FEN, strcspn(START_FEN, " ") + 2) != 0) {
        if (!c->setboard)
            return fail(CLIENT_UNSUPPORTED, err, errlen, "%s has setboard=0: it cannot start from %s", c->spec.name,
                        root_fen);
        xboard_fen(c, root_fen, buf, sizeof buf);
        st = send_line(c, err, errlen, "setboard %s", buf);
    }
    for (int i = 0; i < n && st == CLIENT_OK; i++) {
        move_text(c, moves[i], text);
        st = send_line(c, err, errlen, "%s%s", c->usermove ? "usermove " : "", text);
    }
    return st;
}

static ClientStatus xboard_read_move(Client *c, Position *pos, int64_t deadline, EngineReply *r, char *err,
                                     size_t errlen)
{
    for (;;) {
        ClientStatus st = read_until(c, deadline, err, errlen);
        if (st != CLIENT_OK) return st;
        if (strncmp(c->line, "Illegal move", 12) == 0 || strncmp(c->line, "Error", 5) == 0)
            return fail(CLIENT_UNSUPPORTED, err, errlen, "%s rejected the position: %.150s", c->spec.name, c->line);
        if (strcmp(c->line, "resign") == 0) {
            r->resigned = true;
            return CLIENT_OK;
        }
        if (parse_xboard_thinking(&c->parse, c->line, r)) continue;
        if (strncmp(c->line, "move ", 5) != 0) continue;
        char why[128];
        st = parse_xboard_move(&c->parse, pos, c->line, r, why, sizeof why);
        if (st != CLIENT_OK) return fail(st, err, errlen, "%s: %s", c->spec.name, why);
        return send_line(c, err, errlen, "force");
    }
}

static ClientStatus xboard_go(Client *c, Position *pos, const char *root_fen, const Move *moves, int n,
                              const GoLimits *l, EngineReply *r, char *err, size_t errlen)
{
    ClientStatus st = xboard_position(c, root_fen, moves, n, err, errlen);
    if (st == CLIENT_OK) st = xboard_limits(c, l, pos->side, err, errlen);
    if (st == CLIENT_OK) st = send_line(c, err, errlen, "post");
    if (st != CLIENT_OK) return st;
    int64_t start = clock_ms();
    if ((st = send_line(c, err, errlen, "go")) != CLIENT_OK) return st;
    int claims = c->claims;
    st = xboard_read_move(c, pos, start + search_budget(c, l, pos->side), r, err, errlen);
    r->wall_ms = clock_ms() - start;
    parse_pv(&c->parse, pos, r);
    if (st == CLIENT_OK && r->best != MOVE_NONE && claims == c->claims && n + 1 < POS_MAX_PLY
        && strlen(root_fen) < sizeof c->xb_root) { /* the engine now holds the game and its move */
        snprintf(c->xb_root, sizeof c->xb_root, "%s", root_fen);
        if (n > 0) memcpy(c->xb_moves, moves, (size_t)n * sizeof *moves);
        c->xb_moves[n] = r->best;
        c->xb_n = n + 1;
        c->xb_synced = true;
    }
    return st;
}

/* ------------------------------------------------------------------------ */
/* Life cycle                                                               */
/* ------------------------------------------------------------------------ */

/* Starts the process and runs the handshake. */
static ClientStatus launch(Client *c, char *err, size_t errlen)
{
    char *argv[SPEC_MAX_ARGS + 2];
    argv[0] = c->spec.cmd;
    for (int i = 0; i < c->spec.nargs; i++) argv[i + 1] = c->spec.args[i];
    argv[c->spec.nargs + 1] = NULL;
    ProcSpec ps = {c->spec.cmd, argv, c->spec.dir[0] ? c->spec.dir : NULL,
                   c->stderr_path[0] ? c->stderr_path : NULL, c->log, c->spec.name};
    char why[256];
    c->dirty = false;
    c->xb_synced = false;
    c->pending = CLIENT_OK;
    c->has_variant_option = c->setboard = c->ping = c->usermove = false;
    const char *base = strrchr(c->spec.cmd, '/');
    c->profile = NULL;
    apply_profile(c, base ? base + 1 : c->spec.cmd); /* by program name until the engine names itself */
    reset_parser(c);
    c->proc = proc_start(&ps, why, sizeof why);
    if (!c->proc) return fail(CLIENT_START_FAILED, err, errlen, "%s: %s", c->spec.name, why);
    ClientStatus st = c->spec.proto == PROTO_UCI ? uci_handshake(c, err, errlen) : xboard_handshake(c, err, errlen);
    if (st == CLIENT_DISCONNECT) /* died (or closed its output) before it was ready: it did not start */
        st = exited_soon(c) ? fail(CLIENT_START_FAILED, err, errlen, "%s: exited during start-up (%s)", c->spec.name,
                                   proc_exit_text(c->proc))
                            : fail(CLIENT_START_FAILED, err, errlen, "%s: closed its output during start-up",
                                   c->spec.name);
    return st;
}

Client *client_start(const EngineSpec *spec, const ClientTimeouts *t, FILE *log, const char *stderr_path,
                     ClientStatus *status, char *err, size_t errlen)
{
    Client *c = calloc(1, sizeof *c);
    if (!c) {
        *status = fail(CLIENT_START_FAILED, err, errlen, "%s: out of memory", spec->name);
        return NULL;
    }
    c->spec = *spec;
    c->t = t ? *t : client_default_timeouts();
    c->log = log;
    snprintf(c->stderr_path, sizeof c->stderr_path, "%s", stderr_path ? stderr_path : "");
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
    ClientStatus st = c->spec.proto == PROTO_UCI ? send_line(c, err, errlen, "stop")
                                                 : send_line(c, err, errlen, "?");
    if (st == CLIENT_OK && c->spec.proto == PROTO_XBOARD) st = send_line(c, err, errlen, "force");
    if (st == CLIENT_OK) st = sync_engine(c, err, errlen);
    if (st == CLIENT_OK) c->dirty = false;
    return st;
}

ClientStatus client_new_game(Client *c)
{
    char err[256];
    c->xb_synced = false;
    ClientStatus st = c->pending;
    if (st == CLIENT_OK && c->dirty) st = settle(c, err, sizeof err);
    if (st == CLIENT_OK && c->spec.proto == PROTO_UCI) { /* one write for both lines */
        st = send_line(c, err, sizeof err, "ucinewgame\nisready");
        if (st == CLIENT_OK) st = expect_word(c, "readyok", c->t.ready_ms, err, sizeof err);
    } else if (st == CLIENT_OK) {
        st = sync_engine(c, err, sizeof err);
    }
    /* The engine failed between games: its next search reports it, so the
     * game it was to play is forfeited with the reason. */
    if (st != CLIENT_OK && c->pending == CLIENT_OK) {
        c->pending = st;
        snprintf(c->pending_err, sizeof c->pending_err, "%.200s (before the game)", err);
    }
    return st;
}

ClientStatus client_go(Client *c, const char *root_fen, const Move *moves, int nmoves, const GoLimits *limits,
                       EngineReply *report, char *err, size_t errlen)
{
    memset(report, 0, sizeof *report);
    c->parse.raw_pv[0] = '\0';
    if (c->pending != CLIENT_OK) return fail(c->pending, err, errlen, "%s", c->pending_err);
    if (!replay(&c->pos, root_fen, moves, nmoves))
        return fail(CLIENT_UNSUPPORTED, err, errlen, "cannot set up the position (bad FEN or moves)");
    ClientStatus st = c->spec.proto == PROTO_UCI
                          ? uci_go(c, &c->pos, root_fen, moves, nmoves, limits, report, err, errlen)
                          : xboard_go(c, &c->pos, root_fen, moves, nmoves, limits, report, err, errlen);
    if (st == CLIENT_STALL) c->dirty = true; /* it may still be thinking: settle before the next game */
    return st;
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
    free(c);
}
