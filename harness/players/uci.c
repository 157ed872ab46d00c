/*
 * players/uci.c - the UCI / UCCI and UAI side of the engine client: the
 * handshake (options, UCI_Variant), and one search: `position fen F moves
 * ...`, `go`, info lines until `bestmove`.
 *
 * UAI is UCI with other words (UciWords): `uai` answered by `uaiok`,
 * `uainewgame` before each game; `isready` / `readyok`, `setoption`,
 * `position startpos|fen ... moves ...`, `go wtime btime winc binc movetime
 * depth nodes`, `info` and `bestmove` as in UCI. Its clocks are the other
 * way round: the first player (the one the FEN's side letter names first,
 * `x`) moves on `btime` / `binc`, the second on `wtime` / `winc`, because
 * the protocol's reference library and match runner (kz04px's, on GitHub:
 * the runner's src/core/engine/uaiengine.hpp and src/core/play.cpp) call the
 * first player Black and send its clock as btime. (Over UCI the same game's
 * first player is White, on wtime, as Fairy-Stockfish has it.)
 *
 * Pondering (ponder=true): after the engine's move X, when its bestmove
 * named a ponder move Y legal after X, `position ... moves ... X Y` and `go
 * ponder` with the clocks as they stand (uci_ponder, when the opponent's
 * turn begins). The opponent's move told (client_tell_move) says whether it
 * was Y: the engine's next search is then `ponderhit`, else `stop` (the
 * bestmove read and dropped: an engine that does not answer it within the
 * move grace stalled) and the usual position and go. Its time, as for any
 * search, runs from the ponderhit or go written to its bestmove read.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "players/client_impl.h"

static const UciWords UCI_WORDS = {"uci", {"uciok", "ucciok"}, "ucinewgame", 0};
static const UciWords UAI_WORDS = {"uai", {"uaiok", NULL}, "uainewgame", 1};

const UciWords *uci_words(Protocol p)
{
    return p == PROTO_UAI ? &UAI_WORDS : &UCI_WORDS;
}

/* Writes the game's position line (kept by the client, appended to move
 * by move) with the moves in more (a ponder move: " Y", or "") and then
 * `go`, in one write, without formatting the line again: more and `go` are
 * appended for the write and taken off after. */
static ClientStatus uci_position_go(Client *c, const char *more, const char *go, char *err, size_t errlen)
{
    size_t len = c->posline_len, morelen = strlen(more), golen = strlen(go), need = len + morelen + golen + 3;
    if (need > c->posline_cap) {
        char *grown = realloc(c->posline, need);
        if (!grown) return client_fail(CLIENT_UNSUPPORTED, err, errlen, "%s: out of memory", c->spec.name);
        c->posline = grown;
        c->posline_cap = need;
    }
    memcpy(c->posline + len, more, morelen);
    c->posline[len + morelen] = '\n';
    memcpy(c->posline + len + morelen + 1, go, golen);
    c->posline[len + morelen + 1 + golen] = '\n';
    int rc = proc_send_text(c->proc, c->posline, len + morelen + golen + 2);
    c->posline[len] = '\0';
    return rc == 0 ? CLIENT_OK : client_send_failed(c, err, errlen);
}

static void uci_go_line(const UciWords *words, const GoLimits *l, bool ponder, char *buf, size_t len)
{
    int w = words->wtime_side, b = !w;
    size_t used = (size_t)snprintf(buf, len, ponder ? "go ponder" : "go");
    if (l->depth) used += (size_t)snprintf(buf + used, len - used, " depth %d", l->depth);
    if (l->nodes) used += (size_t)snprintf(buf + used, len - used, " nodes %llu", (unsigned long long)l->nodes);
    if (l->movetime) used += (size_t)snprintf(buf + used, len - used, " movetime %lld", (long long)l->movetime);
    if (l->time[0] || l->time[1])
        used += (size_t)snprintf(buf + used, len - used, " wtime %lld btime %lld winc %lld binc %lld",
                                 (long long)l->time[w], (long long)l->time[b], (long long)l->inc[w],
                                 (long long)l->inc[b]);
    if (l->movestogo) snprintf(buf + used, len - used, " movestogo %d", l->movestogo);
}

/* Reads info lines until `bestmove`, then checks the move. */
static ClientStatus uci_read_best(Client *c, GameState *pos, int64_t deadline, EngineReply *r, char *err,
                                  size_t errlen)
{
    for (;;) {
        ClientStatus st = client_read_until(c, deadline, err, errlen);
        if (st != CLIENT_OK) return st;
        if (strncmp(c->line, "info", 4) == 0 && (c->line[4] == ' ' || c->line[4] == '\t')) {
            parse_uci_info(&c->parse, c->line, r);
            continue;
        }
        if (strncmp(c->line, "bestmove", 8) != 0 || (c->line[8] != '\0' && !isspace((unsigned char)c->line[8])))
            continue;
        char why[128];
        st = parse_uci_bestmove(&c->parse, pos, c->line, r, why, sizeof why);
        return st == CLIENT_OK ? st : client_fail(st, err, errlen, "%s: %s", c->spec.name, why);
    }
}

/* The word after `ponder` in the bestmove line just read, kept for the
 * game after the engine's move (ponder=true only). */
static void keep_ponder_move(Client *c)
{
    char buf[LINE_BYTES], *cursor, *w;
    c->ponder_text[0] = '\0';
    if (!c->spec.ponder) return;
    snprintf(buf, sizeof buf, "%s", c->line);
    for (w = strtok_r(buf, " \t", &cursor); w && strcmp(w, "ponder") != 0; w = strtok_r(NULL, " \t", &cursor)) {}
    if (w && (w = strtok_r(NULL, " \t", &cursor)) != NULL) {
        snprintf(c->ponder_text, sizeof c->ponder_text, "%s", w);
        c->ponder_after = c->n + 1;
    }
}

ClientStatus uci_ponder_end(Client *c, char *err, size_t errlen)
{
    if (!c->pondering) return CLIENT_OK;
    c->pondering = false;
    ClientStatus st = client_send(c, err, errlen, "stop");
    int64_t deadline = util_monotonic_ms() + c->t.move_grace_ms;
    while (st == CLIENT_OK) {
        st = client_read_until(c, deadline, err, errlen);
        if (st == CLIENT_STALL)
            return client_fail(st, err, errlen, "%s: no bestmove in %d ms after stop (it was pondering)", c->spec.name,
                               c->t.move_grace_ms);
        if (st == CLIENT_OK && strncmp(c->line, "bestmove", 8) == 0
            && (c->line[8] == '\0' || isspace((unsigned char)c->line[8])))
            break;
    }
    return st;
}

ClientStatus uci_ponder(Client *c, const GoLimits *l, char *err, size_t errlen)
{
    MoveCode y;
    char go[256], more[MOVE_TEXT_BYTES + 1];
    if (!c->ponder_text[0] || c->pondering || c->ponder_after != c->n) return CLIENT_OK;
    ClientStatus st = parse_move(&c->parse, c->pos, c->ponder_text, &y);
    if (st != CLIENT_OK) {
        if (c->ponder_notes++ < 100)
            client_note(c, "ponder move '%s' is not a legal move after its own: not pondering on it", c->ponder_text);
        c->ponder_text[0] = '\0';
        return CLIENT_OK;
    }
    c->ponder_text[0] = '\0';
    uci_go_line(uci_words(c->spec.proto), l, true, go, sizeof go);
    if (c->game->format_move(c->pos, y, client_notation(c), more + 1, MOVE_TEXT_BYTES)) return CLIENT_OK;
    more[0] = ' ';
    st = uci_position_go(c, more, go, err, errlen);
    if (st != CLIENT_OK) return st;
    c->pondering = true;
    c->ponder_hit = false;
    c->ponder_move = y;
    return CLIENT_OK;
}

ClientStatus uci_go(Client *c, const GoLimits *l, EngineReply *r, char *err, size_t errlen)
{
    GameState *pos = c->pos;
    char go[256];
    ClientStatus st = CLIENT_OK;
    bool hit = c->pondering && c->ponder_hit && c->n == c->ponder_after + 1;
    if (hit) {
        c->pondering = false;
        st = client_send(c, err, errlen, "ponderhit");
    } else {
        st = uci_ponder_end(c, err, errlen);
        uci_go_line(uci_words(c->spec.proto), l, false, go, sizeof go);
        if (st == CLIENT_OK) st = uci_position_go(c, "", go, err, errlen);
    }
    if (st != CLIENT_OK) return st;
    /* The engine's time: from the go (or ponderhit) written to its bestmove
     * read, each taken at the system call (not after the harness's own work). */
    int64_t start = util_monotonic_ms(), held = client_held_us(c);
    st = uci_read_best(c, pos, start + client_search_budget(c, l, c->game->side_to_move(pos)), r, err, errlen);
    client_time_reply(c, st, start, held, r);
    parse_pv(&c->parse, pos, r);
    if (st == CLIENT_OK && r->answer == ANSWER_MOVE && r->best != MOVE_CODE_NONE) keep_ponder_move(c);
    else c->ponder_text[0] = '\0';
    return st;
}

/* ponder=true and the engine has a Ponder check option (UCI's: the GUI
 * may ponder; Stockfish then plans its time for it) not given as
 * option.Ponder: it is set true, as cutechess-cli does. */
static bool wants_ponder_option(const Client *c)
{
    if (!c->spec.ponder) return false;
    for (int i = 0; i < c->spec.noptions; i++)
        if (strcasecmp(c->spec.options[i].name, "Ponder") == 0) return false;
    for (int i = 0; i < c->noptions_seen; i++)
        if (strcasecmp(c->options_seen[i].name, "Ponder") == 0) return strcmp(c->options_seen[i].type, "check") == 0;
    return false;
}

ClientStatus uci_handshake(Client *c, char *err, size_t errlen)
{
    const UciWords *words = uci_words(c->spec.proto);
    ClientStatus st = client_send(c, err, errlen, "%s", words->hello);
    int64_t deadline = util_monotonic_ms() + c->t.handshake_ms;
    while (st == CLIENT_OK) {
        st = client_read_until(c, deadline, err, errlen);
        if (st == CLIENT_STALL) return client_fail(CLIENT_NO_HANDSHAKE, err, errlen, "%s: no %s in %d ms", c->spec.name,
                                            words->ok[0], c->t.handshake_ms);
        if (st != CLIENT_OK) return st;
        if (strncmp(c->line, "option name UCI_Variant ", 24) == 0) c->has_variant_option = true;
        if (strncmp(c->line, "option name ", 12) == 0) client_uci_option(c, c->line);
        if (strncmp(c->line, "id name ", 8) == 0) client_apply_profile(c, c->line + 8);
        if (strcmp(c->line, words->ok[0]) == 0 || (words->ok[1] && strcmp(c->line, words->ok[1]) == 0)) break;
    }
    client_reset_parser(c);
    if (st == CLIENT_OK) st = client_check_options(c, err, errlen);
    if (c->has_variant_option && st == CLIENT_OK)
        st = client_send(c, err, errlen, "setoption name UCI_Variant value %s", c->game->variant);
    for (int i = 0; i < c->spec.noptions && st == CLIENT_OK; i++)
        if (!c->spec.options[i].skip)
            st = client_send(c, err, errlen, "setoption name %s value %s", c->spec.options[i].name,
                             c->spec.options[i].value);
    if (c->spec.variant[0] && st == CLIENT_OK)
        st = client_send(c, err, errlen, "setoption name Search value %s", c->spec.variant);
    if (st == CLIENT_OK && wants_ponder_option(c)) st = client_send(c, err, errlen, "setoption name Ponder value true");
    return st == CLIENT_OK ? client_sync(c, err, errlen) : st;
}

