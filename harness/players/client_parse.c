/*
 * players/client_parse.c - engine output to EngineReply: UCI info / bestmove,
 * xboard thinking / move lines, result claims, PVs in coordinates or SAN.
 * Nothing here trusts the text: numbers are range-checked, moves are
 * checked against the position, and a malformed line changes nothing.
 */
#include "players/client_parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#define SCORE_LIMIT 1000000 /* |score| beyond this is nonsense and ignored */

void parse_init(ParseState *ps, const Game *game, int notation, PvNotation pv, int mate_score)
{
    ps->game = game;
    ps->guess = notation < 0;
    ps->notation = notation < 0 ? game->protocol_notation : notation;
    ps->alt_notation = -1;
    for (int i = 0; i < game->notation_count && ps->guess; i++)
        if (game->notations[i].protocol && i != ps->notation && ps->alt_notation < 0) ps->alt_notation = i;
    ps->pv = pv;
    ps->mate_score = mate_score > 0 ? mate_score : 0;
    ps->raw_pv[0] = '\0';
}

/* ------------------------------------------------------------------------ */
/* Numbers and words                                                        */
/* ------------------------------------------------------------------------ */

/* A whole decimal word within [min, max]; false otherwise. */
static bool word_number(const char *w, long long min, long long max, long long *out)
{
    if (!w) return false;
    char *end;
    errno = 0;
    long long v = strtoll(w, &end, 10);
    if (errno || end == w || *end || v < min || v > max) return false;
    *out = v;
    return true;
}

static char *next_word(char **cursor)
{
    return strtok_r(NULL, " \t", cursor);
}

/* Copies line into buf (cut to PARSE_LINE_BYTES - 1). */
static void copy_line(char *buf, const char *line)
{
    snprintf(buf, PARSE_LINE_BYTES, "%s", line);
}

/* ------------------------------------------------------------------------ */
/* Moves                                                                    */
/* ------------------------------------------------------------------------ */

ClientStatus parse_move(ParseState *ps, GameState *pos, const char *text, MoveCode *out)
{
    char err[160];
    int rc = ps->game->parse_move(pos, text, ps->notation, out, err, sizeof err);
    if (rc == 0) return CLIENT_OK;
    if (ps->guess && ps->alt_notation >= 0 && ps->game->parse_move(pos, text, ps->alt_notation, out, err, sizeof err) == 0) {
        ps->notation = ps->alt_notation;
        ps->guess = false;
        return CLIENT_OK;
    }
    /* Well-formed but not a legal move, or garbage? */
    return rc == MOVE_ILLEGAL ? CLIENT_ILLEGAL_MOVE : CLIENT_BAD_MOVE;
}

/* A SAN word of a PV, read with the game's SAN for the engine's coordinates. */
static bool parse_san_word(const ParseState *ps, GameState *pos, const char *w, MoveCode *m)
{
    char err[160];
    int san = ps->game->notations[ps->notation].san;
    return san >= 0 && ps->game->parse_move(pos, w, san, m, err, sizeof err) == 0;
}

/* A move number of a SAN PV: "1.", "12...", "...". */
static bool is_move_number(const char *w)
{
    size_t digits = strspn(w, "0123456789");
    return w[digits] == '.' && w[digits + strspn(w + digits, ".")] == '\0';
}

/* A PV word as a move in pos: coordinates, or SAN for an engine that writes it. */
static bool pv_word_move(ParseState *ps, GameState *pos, const char *w, MoveCode *m)
{
    bool ok = ps->pv != PV_SAN && parse_move(ps, pos, w, m) == CLIENT_OK;
    return ok || (ps->pv != PV_COORD && parse_san_word(ps, pos, w, m));
}

void parse_pv(ParseState *ps, GameState *pos, EngineReply *r)
{
    char words[PARSE_LINE_BYTES], *cursor, text[MOVE_TEXT_BYTES];
    const Game *g = ps->game;
    size_t used = 0, outlen = sizeof r->pv;
    int made = 0;
    copy_line(words, ps->raw_pv);
    r->pv[0] = '\0';
    for (char *w = strtok_r(words, " \t", &cursor); w; w = next_word(&cursor)) {
        if (ps->pv != PV_COORD && is_move_number(w)) continue;
        MoveCode m;
        if (!pv_word_move(ps, pos, w, &m)) break;
        game_move_record(g, pos, m, text, sizeof text);
        size_t len = strlen(text);
        if (!len || used + len + 2 >= outlen || !g->play(pos, m)) break;
        used += (size_t)snprintf(r->pv + used, outlen - used, "%s%s", used ? " " : "", text);
        made++;
    }
    while (made-- > 0) g->undo(pos);
    for (int i = 0; i < r->niter; i++) { /* each iteration's first move, checked in the root position */
        Iteration *it = &r->iter[i];
        MoveCode m;
        if (!it->move[0]) continue;
        text[0] = '\0';
        if (pv_word_move(ps, pos, it->move, &m)) game_move_record(g, pos, m, text, sizeof text);
        if (!text[0] || strlen(text) >= sizeof it->move) it->move[0] = '\0';
        else memcpy(it->move, text, strlen(text) + 1);
    }
}

/* ------------------------------------------------------------------------ */
/* UCI                                                                      */
/* ------------------------------------------------------------------------ */

/* Adds (or replaces, at the same depth) an iteration; pv: its PV as sent
 * (NULL: none), of which the first word is kept, checked by parse_pv. */
static void add_iteration(EngineReply *r, int depth, bool mate, int score, const char *pv)
{
    r->depth = depth;
    if (r->niter > 0 && r->iter[r->niter - 1].depth == depth) r->niter--;
    if (r->niter < REPORT_MAX_ITERATIONS) {
        Iteration *it = &r->iter[r->niter++];
        *it = (Iteration){depth, r->nodes, r->time_ms, mate, score, ""};
        size_t len = pv ? strcspn(pv + strspn(pv, " \t"), " \t\r\n") : 0;
        if (len > 0 && len < sizeof it->move) memcpy(it->move, pv + strspn(pv, " \t"), len), it->move[len] = '\0';
    }
}

void parse_uci_info(ParseState *ps, const char *line, EngineReply *r)
{
    char buf[PARSE_LINE_BYTES], *cursor, *w;
    long long v, depth = -1;
    bool scored = false, bound = false, mate = false;
    int score = 0;
    const char *pv = NULL;
    copy_line(buf, line);
    w = strtok_r(buf, " \t", &cursor);
    if (!w || strcmp(w, "info") != 0) return;
    while ((w = next_word(&cursor))) {
        if (strcmp(w, "depth") == 0) depth = word_number(next_word(&cursor), 0, 1000, &v) ? v : -1;
        else if (strcmp(w, "seldepth") == 0 && word_number(next_word(&cursor), 0, 10000, &v)) r->seldepth = (int)v;
        else if (strcmp(w, "nodes") == 0 && word_number(next_word(&cursor), 0, INT64_MAX, &v)) r->nodes = (uint64_t)v;
        else if (strcmp(w, "nps") == 0 && word_number(next_word(&cursor), 0, INT64_MAX, &v)) r->nps = (uint64_t)v;
        else if (strcmp(w, "time") == 0 && word_number(next_word(&cursor), 0, INT64_MAX, &v)) r->time_ms = v;
        else if (strcmp(w, "lowerbound") == 0 || strcmp(w, "upperbound") == 0) bound = true;
        else if (strcmp(w, "score") == 0) {
            char *kind = next_word(&cursor);
            if (kind && word_number(kind, -SCORE_LIMIT, SCORE_LIMIT, &v)) { /* bare, as UAI engines write it: cp */
                mate = false;
                score = (int)v;
                scored = true;
                continue;
            }
            if (!kind || !word_number(next_word(&cursor), -SCORE_LIMIT, SCORE_LIMIT, &v)) break;
            if (strcmp(kind, "cp") != 0 && strcmp(kind, "mate") != 0) break;
            mate = strcmp(kind, "mate") == 0;
            score = (int)v;
            scored = true;
        } else if (strcmp(w, "pv") == 0) {
            snprintf(ps->raw_pv, sizeof ps->raw_pv, "%s", cursor ? cursor : ""); /* checked once, at the end */
            pv = ps->raw_pv;
            break;
        } else if (strcmp(w, "string") == 0) {
            return;
        }
    }
    if (!scored) return;
    r->has_score = true;
    r->mate = mate;
    r->score = score;
    if (depth >= 0 && !bound) add_iteration(r, (int)depth, mate, score, pv);
}

/* Checks the move word of a bestmove / move line. */
static ClientStatus check_move_word(ParseState *ps, GameState *pos, const char *word, EngineReply *r, char *why,
                                    size_t whylen)
{
    snprintf(r->bad_text, sizeof r->bad_text, "%s", word ? word : "");
    if (word && strcmp(word, "(none)") == 0) {
        static _Thread_local MoveCode list[GAME_MOVES_MAX];
        int legal = ps->game->legal_moves(pos, list);
        if (legal == 0) {
            r->bad_text[0] = '\0';
            return CLIENT_OK;
        }
        snprintf(why, whylen, "bestmove (none) with %d legal moves", legal);
        return CLIENT_ILLEGAL_MOVE;
    }
    ClientStatus st = word ? parse_move(ps, pos, word, &r->best) : CLIENT_BAD_MOVE;
    if (st != CLIENT_OK) {
        r->best = MOVE_CODE_NONE;
        snprintf(why, whylen, "%s '%s'", client_status_text(st), r->bad_text);
        return st;
    }
    r->bad_text[0] = '\0';
    return CLIENT_OK;
}

/* "KEYWORD MOVE ...": the move checked as check_move_word does. */
static ClientStatus parse_move_line(ParseState *ps, GameState *pos, const char *line, const char *keyword,
                                    EngineReply *r, char *why, size_t whylen)
{
    char buf[PARSE_LINE_BYTES], *cursor;
    copy_line(buf, line);
    char *w = strtok_r(buf, " \t", &cursor);
    if (!w || strcmp(w, keyword) != 0) {
        snprintf(why, whylen, "not a %s line", keyword);
        return CLIENT_BAD_MOVE;
    }
    return check_move_word(ps, pos, next_word(&cursor), r, why, whylen);
}

ClientStatus parse_uci_bestmove(ParseState *ps, GameState *pos, const char *line, EngineReply *r, char *why,
                                size_t whylen)
{
    return parse_move_line(ps, pos, line, "bestmove", r, why, whylen);
}

/* ------------------------------------------------------------------------ */
/* xboard                                                                   */
/* ------------------------------------------------------------------------ */

bool parse_is_result_claim(const char *line)
{
    while (*line == ' ') line++;
    static const char *const CLAIMS[] = {"1-0", "0-1", "1/2-1/2"};
    for (size_t i = 0; i < sizeof CLAIMS / sizeof CLAIMS[0]; i++) {
        size_t n = strlen(CLAIMS[i]);
        if (strncmp(line, CLAIMS[i], n) == 0 && (line[n] == '\0' || line[n] == ' ')) return true;
    }
    return false;
}

/* An xboard score as (mate, score): CECP 100000 + moves, or Fairy-Max's
 * mate_score - plies. */
static void xboard_score(const ParseState *ps, long long v, bool *mate, int *score)
{
    long long a = v < 0 ? -v : v;
    int sign = v < 0 ? -1 : 1;
    *mate = false;
    *score = (int)v;
    if (ps->mate_score > 0 && a > ps->mate_score - 1000 && a <= ps->mate_score) {
        *mate = true;
        *score = sign * (int)((ps->mate_score - a + 1) / 2);
    } else if (ps->mate_score == 0 && a >= XBOARD_MATE_SCORE && a < XBOARD_MATE_SCORE + 10000) {
        *mate = true;
        *score = sign * (int)(a - XBOARD_MATE_SCORE);
    }
}

bool parse_xboard_thinking(ParseState *ps, const char *line, EngineReply *r)
{
    char buf[PARSE_LINE_BYTES], *cursor;
    long long depth, score, cs, nodes;
    if (parse_is_result_claim(line)) return false;
    copy_line(buf, line);
    char *w[4];
    w[0] = strtok_r(buf, " \t", &cursor);
    for (int i = 1; i < 4; i++) w[i] = next_word(&cursor);
    /* Some engines append a '.' or '&' to the depth; selective depth etc. may follow nodes. */
    if (w[0]) w[0][strcspn(w[0], ".&")] = '\0';
    if (!word_number(w[0], -1000, 1000, &depth) || !word_number(w[1], -SCORE_LIMIT, SCORE_LIMIT, &score)
        || !word_number(w[2], 0, INT64_MAX / 10, &cs) || !word_number(w[3], 0, INT64_MAX, &nodes))
        return false;
    if (depth <= 0) return true; /* a thinking line, but no iteration (MaxQi while replaying moves) */
    bool mate;
    int sc;
    xboard_score(ps, score, &mate, &sc);
    r->has_score = true;
    r->mate = mate;
    r->score = sc;
    r->nodes = (uint64_t)nodes;
    r->time_ms = cs * 10;
    snprintf(ps->raw_pv, sizeof ps->raw_pv, "%s", cursor ? cursor : ""); /* checked once, at the end */
    add_iteration(r, (int)depth, mate, sc, ps->raw_pv);
    return true;
}

ClientStatus parse_xboard_move(ParseState *ps, GameState *pos, const char *line, EngineReply *r, char *why,
                               size_t whylen)
{
    return parse_move_line(ps, pos, line, "move", r, why, whylen);
}
