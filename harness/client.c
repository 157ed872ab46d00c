/*
 * client.c - UCI / UCCI and xboard (CECP v2) clients over proc.h.
 *
 * Each search is sent with the whole game so far (UCI `position fen F moves
 * ...`; xboard `new`, `variant xiangqi`, `force`, `setboard`, the moves),
 * so an engine restarted after a crash carries on where it was.
 */
#include "client.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "movegen.h"
#include "notation.h"
#include "proc.h"

#define LINE_BYTES 8192
/* Engines that never finish their xboard feature list get this long. */
#define XBOARD_FEATURE_WAIT_MS 2000
/* Used when a search has no time limit (depth or nodes only). */
#define UNTIMED_SEARCH_MS 600000

struct Client {
    EngineSpec spec;
    ClientTimeouts t;
    FILE *log;
    char stderr_path[1024];
    Proc *proc;
    MoveConvention moves;
    bool has_variant_option; /* UCI: offers UCI_Variant */
    bool fairy_name;         /* UCI: its id name says Fairy-Stockfish */
    bool setboard, ping, usermove, xiangqi; /* xboard features */
    int ping_id;
    char line[LINE_BYTES];
    Position pos; /* the position of the current search, kept by the harness */
    char raw_pv[LINE_BYTES]; /* the last PV as the engine wrote it (read once the move is in) */
};

static int64_t clock_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

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
    return c->moves;
}

/* ------------------------------------------------------------------------ */
/* Lines                                                                    */
/* ------------------------------------------------------------------------ */

/* Reads a line before the deadline (absolute ms); maps EOF and timeout. */
static ClientStatus read_until(Client *c, int64_t deadline, char *err, size_t errlen)
{
    int64_t left = deadline - clock_ms();
    ProcRead r = proc_read_line(c->proc, c->line, sizeof c->line, left > 0 ? (int)left : 0);
    if (r == PROC_LINE) return CLIENT_OK;
    if (r == PROC_TIMEOUT) return fail(CLIENT_STALL, err, errlen, "%s: no answer in time", c->spec.name);
    proc_exited(c->proc);
    return fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (%s)", c->spec.name,
                r == PROC_EOF ? proc_exit_text(c->proc) : proc_error(c->proc));
}

/* Waits for a line starting with `word` (a whole word). */
static ClientStatus expect_word(Client *c, const char *word, int timeout_ms, char *err, size_t errlen)
{
    int64_t deadline = clock_ms() + timeout_ms;
    size_t n = strlen(word);
    for (;;) {
        ClientStatus st = read_until(c, deadline, err, errlen);
        if (st != CLIENT_OK) return st;
        if (strncmp(c->line, word, n) == 0 && (c->line[n] == '\0' || isspace((unsigned char)c->line[n])))
            return CLIENT_OK;
    }
}

static ClientStatus send_line(Client *c, char *err, size_t errlen, const char *fmt, ...)
{
    char buf[LINE_BYTES];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (proc_send(c->proc, "%s", buf) == 0) return CLIENT_OK;
    proc_exited(c->proc);
    return fail(CLIENT_DISCONNECT, err, errlen, "%s: disconnected (%s)", c->spec.name, proc_exit_text(c->proc));
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
        if ((st = read_until(c, deadline, err, errlen)) != CLIENT_OK) return st;
    } while (strcmp(c->line, pong) != 0);
    return CLIENT_OK;
}

/* ------------------------------------------------------------------------ */
/* Moves                                                                    */
/* ------------------------------------------------------------------------ */

static void move_text(const Client *c, Move m, char *buf)
{
    if (c->moves == MOVES_FAIRY)
        move_to_fairy(m, buf);
    else
        move_to_iccs(m, buf);
}

/* Reads a move in the engine's convention; checks it against pos. When the
 * convention was guessed (notation=auto) and the move is legal only in the
 * other one, the guess was wrong: switch for good. */
static ClientStatus read_move(Client *c, Position *pos, const char *text, Move *out)
{
    char err[128];
    Notation n = c->moves == MOVES_FAIRY ? NOTATION_FAIRY : NOTATION_ICCS;
    if (move_parse(pos, text, n, out, err, sizeof err) == 0) return CLIENT_OK;
    Notation other = n == NOTATION_FAIRY ? NOTATION_ICCS : NOTATION_FAIRY;
    if (c->spec.moves == MOVES_AUTO && move_parse(pos, text, other, out, err, sizeof err) == 0) {
        c->moves = other == NOTATION_FAIRY ? MOVES_FAIRY : MOVES_ICCS;
        return CLIENT_OK;
    }
    /* Well-formed coordinates that are not a legal move, or garbage? */
    size_t len = strlen(text);
    bool coords = len >= 4 && len <= 6 && text[0] >= 'a' && text[0] <= 'i' && isdigit((unsigned char)text[1]);
    return coords ? CLIENT_ILLEGAL_MOVE : CLIENT_BAD_MOVE;
}

/* Sets up pos from the root and moves; false if that fails (a harness bug).
 * The moves were checked for legality when they were played, so only a
 * cheap sanity check is made here: replaying a game stays O(plies). */
static bool replay(Position *pos, const char *root_fen, const Move *moves, int n)
{
    if (pos_from_fen(pos, root_fen, NULL, 0)) return false;
    for (int i = 0; i < n; i++) {
        int piece = pos_piece_on(pos, MOVE_FROM(moves[i]));
        if (piece == EMPTY || PIECE_COLOUR(piece) != pos->side || !pos_make_move(pos, moves[i])) return false;
    }
    return true;
}

/* Keeps the legal prefix of a PV given as engine move text. */
static void convert_pv(Client *c, Position *pos, char *words, char *out, size_t outlen)
{
    int made = 0;
    size_t used = 0;
    out[0] = '\0';
    char *cursor;
    for (char *w = strtok_r(words, " ", &cursor); w; w = strtok_r(NULL, " ", &cursor)) {
        Move m;
        char iccs[8];
        if (read_move(c, pos, w, &m) != CLIENT_OK || used + 8 >= outlen) break;
        move_to_iccs(m, iccs);
        used += (size_t)snprintf(out + used, outlen - used, "%s%s", used ? " " : "", iccs);
        pos_make_move(pos, m);
        made++;
    }
    while (made-- > 0) pos_unmake_move(pos);
}

/* ------------------------------------------------------------------------ */
/* UCI                                                                      */
/* ------------------------------------------------------------------------ */

static uint64_t word_u64(char **cursor)
{
    char *w = strtok_r(NULL, " ", cursor);
    return w ? strtoull(w, NULL, 10) : 0;
}

/* Records one `info` line in the report. */
static void parse_uci_info(Client *c, char *line, EngineReply *r)
{
    char *cursor, *w;
    int depth = -1;
    bool scored = false, bound = false;
    strtok_r(line, " ", &cursor); /* "info" */
    while ((w = strtok_r(NULL, " ", &cursor))) {
        if (strcmp(w, "depth") == 0) depth = (int)word_u64(&cursor);
        else if (strcmp(w, "seldepth") == 0) r->seldepth = (int)word_u64(&cursor);
        else if (strcmp(w, "nodes") == 0) r->nodes = word_u64(&cursor);
        else if (strcmp(w, "nps") == 0) r->nps = word_u64(&cursor);
        else if (strcmp(w, "time") == 0) r->time_ms = (int64_t)word_u64(&cursor);
        else if (strcmp(w, "lowerbound") == 0 || strcmp(w, "upperbound") == 0) bound = true;
        else if (strcmp(w, "score") == 0) {
            char *kind = strtok_r(NULL, " ", &cursor), *value = strtok_r(NULL, " ", &cursor);
            if (!kind || !value) break;
            r->mate = strcmp(kind, "mate") == 0;
            r->score = atoi(value);
            scored = r->has_score = true;
        } else if (strcmp(w, "pv") == 0) {
            snprintf(c->raw_pv, sizeof c->raw_pv, "%s", cursor); /* checked once, at the end */
            break;
        } else if (strcmp(w, "string") == 0) {
            return;
        }
    }
    if (depth < 0 || !scored || bound) return;
    r->depth = depth;
    if (r->niter > 0 && r->iter[r->niter - 1].depth == depth) r->niter--;
    if (r->niter < REPORT_MAX_ITERATIONS)
        r->iter[r->niter++] = (Iteration){depth, r->nodes, r->time_ms, r->mate, r->score};
}

/* Writes `position fen F moves ...` and then `go`, in one write. */
static ClientStatus uci_position_go(Client *c, const char *root_fen, const Move *moves, int n, const char *go,
                                    char *err, size_t errlen)
{
    char buf[LINE_BYTES], text[8];
    size_t used = (size_t)snprintf(buf, sizeof buf, "position fen %s", root_fen);
    if (n > 0) used += (size_t)snprintf(buf + used, sizeof buf - used, " moves");
    for (int i = 0; i < n && used + 8 < sizeof buf; i++) {
        move_text(c, moves[i], text);
        used += (size_t)snprintf(buf + used, sizeof buf - used, " %s", text);
    }
    return send_line(c, err, errlen, "%s\n%s", buf, go);
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

/* How long the search may take before it is a stall. */
static int64_t search_budget(const Client *c, const GoLimits *l, int side)
{
    if (l->movetime) return l->movetime + c->t.move_grace_ms;
    if (l->time[side]) return l->time[side] + c->t.move_grace_ms;
    return c->t.untimed_ms;
}

/* Reads info lines until `bestmove`, then checks the move. */
static ClientStatus uci_read_best(Client *c, Position *pos, int64_t deadline, EngineReply *r, char *err,
                                  size_t errlen)
{
    for (;;) {
        ClientStatus st = read_until(c, deadline, err, errlen);
        if (st != CLIENT_OK) return st;
        if (strncmp(c->line, "info ", 5) == 0) {
            parse_uci_info(c, c->line, r);
            continue;
        }
        if (strncmp(c->line, "bestmove", 8) != 0) continue;
        char *cursor, *word = strtok_r(c->line + 8, " ", &cursor);
        snprintf(r->bad_text, sizeof r->bad_text, "%s", word ? word : "");
        if (word && strcmp(word, "(none)") == 0 && count_legal(pos) == 0) return CLIENT_OK;
        st = word ? read_move(c, pos, word, &r->best) : CLIENT_BAD_MOVE;
        if (st != CLIENT_OK)
            return fail(st, err, errlen, "%s: %s '%s'", c->spec.name, client_status_text(st), r->bad_text);
        r->bad_text[0] = '\0';
        return CLIENT_OK;
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
    convert_pv(c, pos, c->raw_pv, r->pv, sizeof r->pv);
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
        if (strncmp(c->line, "id name ", 8) == 0 && strstr(c->line, "Fairy-Stockfish")) c->fairy_name = true;
        if (strcmp(c->line, "uciok") == 0) break;
    }
    /* Fairy-Stockfish writes ranks 1-10; others are taken to use ICCS until
     * a move shows otherwise (read_move). */
    if (c->moves == MOVES_AUTO) c->moves = c->fairy_name ? MOVES_FAIRY : MOVES_ICCS;
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

/* Value of feature `name` in a `feature ...` line ("" if absent). */
static void feature_value(const char *line, const char *name, char *out, size_t outlen)
{
    char key[64];
    snprintf(key, sizeof key, " %s=", name);
    const char *at = strstr(line, key);
    out[0] = '\0';
    if (!at) return;
    at += strlen(key);
    size_t len = *at == '"' ? strcspn(++at, "\"") : strcspn(at, " ");
    snprintf(out, outlen, "%.*s", (int)(len < outlen ? len : outlen - 1), at);
}

/* Reads one feature line: remembers what we use and accepts everything. */
static ClientStatus xboard_feature(Client *c, bool *done, bool *wait_more, char *err, size_t errlen)
{
    char v[4096];
    feature_value(c->line, "setboard", v, sizeof v);
    if (*v) c->setboard = strcmp(v, "1") == 0;
    feature_value(c->line, "ping", v, sizeof v);
    if (*v) c->ping = strcmp(v, "1") == 0;
    feature_value(c->line, "usermove", v, sizeof v);
    if (*v) c->usermove = strcmp(v, "1") == 0;
    feature_value(c->line, "variants", v, sizeof v);
    if (*v) c->xiangqi = strstr(v, "xiangqi") != NULL;
    feature_value(c->line, "done", v, sizeof v);
    if (*v) *done = strcmp(v, "1") == 0, *wait_more = strcmp(v, "0") == 0;
    for (char *w = strstr(c->line, " "); w; w = strstr(w + 1, " ")) {
        char name[64];
        if (sscanf(w + 1, "%63[a-zA-Z_]=", name) == 1 && strcmp(name, "done") != 0) {
            ClientStatus st = send_line(c, err, errlen, "accepted %s", name);
            if (st != CLIENT_OK) return st;
        }
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
    if (c->moves == MOVES_AUTO) c->moves = MOVES_ICCS; /* xboard's Xiangqi board: ranks 0-9 */
    for (int i = 0; i < c->spec.noptions && st == CLIENT_OK; i++)
        st = send_line(c, err, errlen, "option %s=%s", c->spec.options[i].name, c->spec.options[i].value);
    return st == CLIENT_OK ? sync_engine(c, err, errlen) : st;
}

/* The FEN with xboard's Xiangqi letters (h horse, e elephant). */
static void xboard_fen(const char *fen, char *out, size_t outlen)
{
    size_t i = 0;
    for (; fen[i] && fen[i] != ' ' && i + 1 < outlen; i++) {
        char ch = fen[i];
        out[i] = ch == 'n' ? 'h' : ch == 'N' ? 'H' : ch == 'b' ? 'e' : ch == 'B' ? 'E' : ch;
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

/* new / variant / force / setboard / moves. */
static ClientStatus xboard_position(Client *c, const char *root_fen, const Move *moves, int n, char *err,
                                    size_t errlen)
{
    char buf[512], text[8];
    ClientStatus st = send_line(c, err, errlen, "new");
    if (st == CLIENT_OK) st = send_line(c, err, errlen, "variant xiangqi");
    if (st == CLIENT_OK) st = send_line(c, err, errlen, "force");
    if (st == CLIENT_OK && strncmp(root_fen, START_FEN, strcspn(START_FEN, " ") + 2) != 0) {
        if (!c->setboard)
            return fail(CLIENT_UNSUPPORTED, err, errlen, "%s has setboard=0: it cannot start from %s", c->spec.name,
                        root_fen);
        xboard_fen(root_fen, buf, sizeof buf);
        st = send_line(c, err, errlen, "setboard %s", buf);
    }
    for (int i = 0; i < n && st == CLIENT_OK; i++) {
        move_text(c, moves[i], text);
        st = send_line(c, err, errlen, "%s%s", c->usermove ? "usermove " : "", text);
    }
    return st;
}

/* Thinking output: "ply score time(cs) nodes pv...". */
static void parse_xboard_thinking(Client *c, char *line, EngineReply *r)
{
    int depth, score, used = 0;
    long long cs, nodes;
    if (sscanf(line, "%d %d %lld %lld %n", &depth, &score, &cs, &nodes, &used) < 4 || used == 0) return;
    r->depth = depth;
    r->score = score;
    r->has_score = true;
    r->nodes = (uint64_t)nodes;
    r->time_ms = cs * 10;
    snprintf(c->raw_pv, sizeof c->raw_pv, "%s", line + used); /* checked once, at the end */
    if (r->niter > 0 && r->iter[r->niter - 1].depth == depth) r->niter--;
    if (r->niter < REPORT_MAX_ITERATIONS) r->iter[r->niter++] = (Iteration){depth, r->nodes, r->time_ms, false, score};
}

static ClientStatus xboard_read_move(Client *c, Position *pos, int64_t deadline, EngineReply *r, char *err,
                                     size_t errlen)
{
    for (;;) {
        ClientStatus st = read_until(c, deadline, err, errlen);
        if (st != CLIENT_OK) return st;
        if (strncmp(c->line, "Illegal move", 12) == 0 || strncmp(c->line, "Error", 5) == 0)
            return fail(CLIENT_UNSUPPORTED, err, errlen, "%s rejected the position: %s", c->spec.name, c->line);
        if (strcmp(c->line, "resign") == 0) {
            r->resigned = true;
            return CLIENT_OK;
        }
        if (isdigit((unsigned char)c->line[0])) {
            parse_xboard_thinking(c, c->line, r);
            continue;
        }
        if (strncmp(c->line, "move ", 5) != 0) continue;
        snprintf(r->bad_text, sizeof r->bad_text, "%s", c->line + 5);
        st = read_move(c, pos, c->line + 5, &r->best);
        if (st != CLIENT_OK)
            return fail(st, err, errlen, "%s: %s '%s'", c->spec.name, client_status_text(st), r->bad_text);
        r->bad_text[0] = '\0';
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
    st = xboard_read_move(c, pos, start + search_budget(c, l, pos->side), r, err, errlen);
    r->wall_ms = clock_ms() - start;
    convert_pv(c, pos, c->raw_pv, r->pv, sizeof r->pv);
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
    c->proc = proc_start(&ps, why, sizeof why);
    if (!c->proc) return fail(CLIENT_START_FAILED, err, errlen, "%s: %s", c->spec.name, why);
    c->moves = c->spec.moves;
    ClientStatus st = c->spec.proto == PROTO_UCI ? uci_handshake(c, err, errlen) : xboard_handshake(c, err, errlen);
    if (st == CLIENT_DISCONNECT) /* died before it was ready: it did not start */
        st = fail(CLIENT_START_FAILED, err, errlen, "%s: exited during start-up (%s)", c->spec.name,
                  proc_exit_text(c->proc));
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

ClientStatus client_new_game(Client *c)
{
    char err[256];
    if (c->spec.proto == PROTO_UCI) { /* one write for both lines */
        ClientStatus st = send_line(c, err, sizeof err, "ucinewgame\nisready");
        return st == CLIENT_OK ? expect_word(c, "readyok", c->t.ready_ms, err, sizeof err) : st;
    }
    return sync_engine(c, err, sizeof err);
}

ClientStatus client_go(Client *c, const char *root_fen, const Move *moves, int nmoves, const GoLimits *limits,
                       EngineReply *report, char *err, size_t errlen)
{
    memset(report, 0, sizeof *report);
    c->raw_pv[0] = '\0';
    if (!replay(&c->pos, root_fen, moves, nmoves))
        return fail(CLIENT_UNSUPPORTED, err, errlen, "cannot set up the position (bad FEN or moves)");
    if (c->spec.proto == PROTO_UCI) return uci_go(c, &c->pos, root_fen, moves, nmoves, limits, report, err, errlen);
    return xboard_go(c, &c->pos, root_fen, moves, nmoves, limits, report, err, errlen);
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
