/*
 * eval.c - distances by breadth-first search from each side's amazons, then
 * the terms of eval.h square by square.
 */
#include "eval.h"

#include <string.h>

#include "movegen.h"

#define UNREACHED 255

const int AMZ_TRAP_PENALTY[6] = {300, 150, 80, 40, 20, 10};

/* Appends the squares a queen on s reaches and that are still unreached. */
static int expand_queen(const AmzPosition *pos, int s, uint8_t *dist, uint8_t *queue, int tail)
{
    const AmzSquareLines *sl = &AMZ_SQ_LINES[s];
    for (int k = 0; k < AMZ_LINE_KINDS; k++) {
        const uint8_t *line = AMZ_LINE_SQ[sl->line[k]];
        AmzSpan sp = AMZ_SPAN[sl->pos[k]][pos->occ[sl->line[k]]];
        for (int p = sp.lo; p <= sp.hi; p++)
            if (dist[line[p]] == UNREACHED) dist[line[p]] = (uint8_t)(dist[s] + 1), queue[tail++] = line[p];
    }
    return tail;
}

/* Appends the empty, unreached squares next to s. */
static int expand_king(const AmzPosition *pos, int s, uint8_t *dist, uint8_t *queue, int tail)
{
    int f = AMZ_SQ_FILE(s), r = AMZ_SQ_RANK(s);
    for (int dr = -1; dr <= 1; dr++)
        for (int df = -1; df <= 1; df++) {
            int nf = f + df, nr = r + dr, t = AMZ_SQ(nf, nr);
            if (nf < 0 || nf >= AMZ_FILES || nr < 0 || nr >= AMZ_RANKS) continue;
            if (pos->board[t] == AMZ_EMPTY && dist[t] == UNREACHED)
                dist[t] = (uint8_t)(dist[s] + 1), queue[tail++] = (uint8_t)t;
        }
    return tail;
}

void amz_eval_distances(const AmzPosition *pos, int side, bool queen, uint8_t dist[AMZ_SQUARES])
{
    uint8_t queue[AMZ_SQUARES];
    int head = 0, tail = 0;
    memset(dist, UNREACHED, AMZ_SQUARES);
    for (int i = 0; i < pos->count[side]; i++) {
        dist[pos->amazon[side][i]] = 0;
        queue[tail++] = pos->amazon[side][i];
    }
    while (head < tail) {
        int s = queue[head++];
        tail = queen ? expand_queen(pos, s, dist, queue, tail) : expand_king(pos, s, dist, queue, tail);
    }
}

/* One square's territory value from White's view: +100, -100, or the
 * tempo for a tie both reach (0 when neither does). */
static int territory(int dw, int db, int tempo)
{
    if (dw < db) return 100;
    if (db < dw) return -100;
    return dw == UNREACHED ? 0 : tempo;
}

/* 2048 * 2^-d for a reached square, 0 beyond. */
static int closeness(int d)
{
    return d < 12 ? 2048 >> d : 0;
}

/* Mobility and trap terms from each amazon's one-move reach. */
static void amazon_terms(const AmzPosition *pos, AmzEvalTerms *t)
{
    for (int side = 0; side < 2; side++) {
        int sign = side == AMZ_WHITE ? 1 : -1;
        for (int i = 0; i < pos->count[side]; i++) {
            int reach = amz_queen_reach(pos, pos->amazon[side][i]);
            t->mobility += sign * reach;
            if (reach < 6) t->trapped -= sign * AMZ_TRAP_PENALTY[reach];
        }
    }
}

/* Fills the distance-based terms and the phase. */
static void square_terms(const AmzPosition *pos, AmzEvalTerms *t)
{
    uint8_t qw[AMZ_SQUARES], qb[AMZ_SQUARES], kw[AMZ_SQUARES], kb[AMZ_SQUARES];
    int tempo = pos->side == AMZ_WHITE ? AMZ_EVAL_TEMPO : -AMZ_EVAL_TEMPO;
    long close = 0, open = 0;
    amz_eval_distances(pos, AMZ_WHITE, true, qw);
    amz_eval_distances(pos, AMZ_BLACK, true, qb);
    amz_eval_distances(pos, AMZ_WHITE, false, kw);
    amz_eval_distances(pos, AMZ_BLACK, false, kb);
    for (int s = 0; s < AMZ_SQUARES; s++) {
        if (pos->board[s] != AMZ_EMPTY) continue;
        t->queen_territory += territory(qw[s], qb[s], tempo);
        t->king_territory += territory(kw[s], kb[s], tempo);
        close += closeness(qw[s]) - closeness(qb[s]);
        /* Squares both reach: 1024 * 2^-|dW - dB| measures how open the game is. */
        if (qw[s] != UNREACHED && qb[s] != UNREACHED) {
            int diff = qw[s] > qb[s] ? qw[s] - qb[s] : qb[s] - qw[s];
            open += diff < 11 ? 1024 >> diff : 0;
        }
    }
    t->queen_closeness = (int)(close * 100 / 1024);
    /* 32 fully contested squares (or more) is a fully open game. */
    t->phase = open >= 32 * 1024 ? AMZ_EVAL_PHASE_MAX : (int)(open * AMZ_EVAL_PHASE_MAX / (32 * 1024));
}

int amz_eval_terms(const AmzPosition *pos, AmzEvalTerms *terms)
{
    AmzEvalTerms t = {0, 0, 0, 0, 0, 0};
    square_terms(pos, &t);
    amazon_terms(pos, &t);
    int open = t.queen_territory / 2 + t.king_territory / 2 + t.queen_closeness + AMZ_EVAL_MOBILITY * t.mobility;
    long score = ((long)(AMZ_EVAL_PHASE_MAX - t.phase) * t.queen_territory + (long)t.phase * open) / AMZ_EVAL_PHASE_MAX
                 + t.trapped;
    if (terms) *terms = t;
    if (score > AMZ_EVAL_LIMIT) score = AMZ_EVAL_LIMIT;
    if (score < -AMZ_EVAL_LIMIT) score = -AMZ_EVAL_LIMIT;
    return (int)score;
}

int amz_eval(const AmzPosition *pos)
{
    int score = amz_eval_terms(pos, NULL);
    return pos->side == AMZ_WHITE ? score : -score;
}
