/*
 * notation.c - move text both ways (standard and Fairy-Stockfish).
 */
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "movegen.h"

void atx_move_to_text(AtxMove m, char *buf)
{
    if (m == ATX_MOVE_NONE) {
        strcpy(buf, "(none)");
        return;
    }
    if (ATX_MOVE_IS_PASS(m)) {
        strcpy(buf, "0000");
        return;
    }
    int from = ATX_MOVE_FROM(m), to = ATX_MOVE_TO(m);
    if (from == to) {
        atx_square_name(to, buf);
        return;
    }
    atx_square_name(from, buf);
    atx_square_name(to, buf + 2);
}

void atx_move_to_fsf(const AtxPosition *pos, AtxMove m, char *buf)
{
    if (ATX_MOVE_IS_PASS(m)) {
        AtxBB us = pos->pieces[pos->side];
        if (!us) {
            strcpy(buf, "0000");
            return;
        }
        int sq = atx_bb_lsb(us);
        atx_square_name(sq, buf);
        atx_square_name(sq, buf + 2);
        return;
    }
    if (m != ATX_MOVE_NONE && ATX_MOVE_FROM(m) == ATX_MOVE_TO(m)) {
        buf[0] = 'P';
        buf[1] = '@';
        atx_square_name(ATX_MOVE_TO(m), buf + 2);
        return;
    }
    atx_move_to_text(m, buf);
}

int atx_square_parse(const char *s)
{
    int f = tolower((unsigned char)s[0]) - 'a', r = s[1] - '1';
    if (f < 0 || f >= ATX_FILES || r < 0 || r >= ATX_RANKS) return -1;
    return ATX_SQ(f, r);
}

int atx_move_parse(const AtxPosition *pos, const char *text, AtxMove *out, char *err, size_t errlen)
{
    char t[16];
    size_t n = 0;
    for (const char *p = text ? text : ""; *p; p++) {
        if (isspace((unsigned char)*p)) continue;
        if (n + 1 >= sizeof t) return atx_error(err, errlen, "move text too long");
        t[n++] = *p;
    }
    t[n] = '\0';
    if (n == 0) return atx_error(err, errlen, "empty move text");
    if (atx_game_over(pos)) return atx_error(err, errlen, "the game is over: no move is legal");
    AtxMove m;
    if (strcmp(t, "0000") == 0 || strcmp(t, "@@@@") == 0 || strcmp(t, "pass") == 0) {
        m = ATX_MOVE_PASS;
    } else if (n == 4 && (t[0] == 'P' || t[0] == 'p') && t[1] == '@') {
        int to = atx_square_parse(t + 2);
        if (to < 0) return atx_error(err, errlen, "'%s': no such square", t + 2);
        m = ATX_MOVE_SINGLE(to);
    } else if (n == 2) {
        int to = atx_square_parse(t);
        if (to < 0) return atx_error(err, errlen, "'%s': not a move (a square a1-g7, two squares, 0000)", t);
        m = ATX_MOVE_SINGLE(to);
    } else if (n == 4) {
        int from = atx_square_parse(t), to = atx_square_parse(t + 2);
        if (from < 0 || to < 0) return atx_error(err, errlen, "'%s': not a move (a square a1-g7, two squares, 0000)", t);
        if (from == to) {
            /* Fairy-Stockfish's pass: a square to itself */
            m = ATX_MOVE_PASS;
        } else {
            int df = ATX_SQ_FILE(from) - ATX_SQ_FILE(to), dr = ATX_SQ_RANK(from) - ATX_SQ_RANK(to);
            int d = (df < 0 ? -df : df) > (dr < 0 ? -dr : dr) ? (df < 0 ? -df : df) : (dr < 0 ? -dr : dr);
            if (d == 1) {
                /* a single written with its origin ("f1f2"): the same move */
                if (!(pos->pieces[pos->side] & atx_bb_of(from)))
                    return atx_error(err, errlen, "%s: no piece of the side to move on %.2s", t, t);
                m = ATX_MOVE_SINGLE(to);
            } else if (d == 2) {
                if (!(pos->pieces[pos->side] & atx_bb_of(from)))
                    return atx_error(err, errlen, "%s: no piece of the side to move on %.2s", t, t);
                m = ATX_MOVE_DOUBLE(from, to);
            } else {
                return atx_error(err, errlen, "%s: %.2s is more than two squares from %.2s", t, t + 2, t);
            }
        }
    } else {
        return atx_error(err, errlen, "'%s': not a move (a square a1-g7, two squares, 0000)", t);
    }
    if (ATX_MOVE_IS_PASS(m)) {
        if (atx_can_move(pos)) return atx_error(err, errlen, "%s: a pass, but the side to move has a move", t);
    } else if (!atx_move_is_legal(pos, m)) {
        int to = ATX_MOVE_TO(m);
        if (!(atx_empty(pos) & atx_bb_of(to)))
            return atx_error(err, errlen, "%s: %c%c is not empty", t, 'a' + ATX_SQ_FILE(to), '1' + ATX_SQ_RANK(to));
        return atx_error(err, errlen, "%s: no piece of the side to move next to %c%c", t, 'a' + ATX_SQ_FILE(to),
                          '1' + ATX_SQ_RANK(to));
    }
    *out = m;
    return 0;
}
