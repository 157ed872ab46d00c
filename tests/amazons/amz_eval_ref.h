/*
 * amz_eval_ref.h - a second, plain implementation of eval.h's terms for the
 * tests: distances by a queue-based breadth-first search that walks each
 * queen line square by square and each king step by file and rank, then the
 * terms summed square by square, as eval.h defines them. The engine's own
 * (eval.c) works on bitboards a layer at a time; the two must agree.
 */
#ifndef AMZ_EVAL_REF_H
#define AMZ_EVAL_REF_H

#include <string.h>

#include "board.h"
#include "eval.h"

#define REF_UNREACHED 255

static inline void ref_distances(const AmzPosition *pos, int side, bool queen, uint8_t dist[AMZ_SQUARES])
{
    uint8_t queue[AMZ_SQUARES];
    int head = 0, tail = 0;
    memset(dist, REF_UNREACHED, AMZ_SQUARES);
    for (int i = 0; i < pos->count[side]; i++) dist[pos->amazon[side][i]] = 0, queue[tail++] = pos->amazon[side][i];
    while (head < tail) {
        int s = queue[head++], f = AMZ_SQ_FILE(s), r = AMZ_SQ_RANK(s);
        for (int dr = -1; dr <= 1; dr++)
            for (int df = -1; df <= 1; df++) {
                if (!dr && !df) continue;
                for (int nf = f + df, nr = r + dr; nf >= 0 && nf < AMZ_FILES && nr >= 0 && nr < AMZ_RANKS;
                     nf += df, nr += dr) {
                    int t = AMZ_SQ(nf, nr);
                    if (pos->board[t] != AMZ_EMPTY) break;
                    if (dist[t] == REF_UNREACHED) dist[t] = (uint8_t)(dist[s] + 1), queue[tail++] = (uint8_t)t;
                    if (!queen) break;
                }
            }
    }
}

static inline int ref_territory(int dw, int db, int tempo)
{
    if (dw < db) return 100;
    if (db < dw) return -100;
    return dw == REF_UNREACHED ? 0 : tempo;
}

/* The distance terms and the phase of eval.h (mobility and trapped are left 0). */
static inline void ref_square_terms(const AmzPosition *pos, AmzEvalTerms *t)
{
    uint8_t qw[AMZ_SQUARES], qb[AMZ_SQUARES], kw[AMZ_SQUARES], kb[AMZ_SQUARES];
    int tempo = pos->side == AMZ_WHITE ? AMZ_EVAL_TEMPO : -AMZ_EVAL_TEMPO;
    long close = 0, open = 0;
    memset(t, 0, sizeof *t);
    ref_distances(pos, AMZ_WHITE, true, qw);
    ref_distances(pos, AMZ_BLACK, true, qb);
    ref_distances(pos, AMZ_WHITE, false, kw);
    ref_distances(pos, AMZ_BLACK, false, kb);
    for (int s = 0; s < AMZ_SQUARES; s++) {
        if (pos->board[s] != AMZ_EMPTY) continue;
        t->queen_territory += ref_territory(qw[s], qb[s], tempo);
        t->king_territory += ref_territory(kw[s], kb[s], tempo);
        close += (qw[s] < 12 ? 2048 >> qw[s] : 0) - (qb[s] < 12 ? 2048 >> qb[s] : 0);
        if (qw[s] != REF_UNREACHED && qb[s] != REF_UNREACHED) {
            int diff = qw[s] > qb[s] ? qw[s] - qb[s] : qb[s] - qw[s];
            open += diff < 11 ? 1024 >> diff : 0;
        }
    }
    t->queen_closeness = (int)(close * 100 / 1024);
    t->phase = open >= 32 * 1024 ? AMZ_EVAL_PHASE_MAX : (int)(open * AMZ_EVAL_PHASE_MAX / (32 * 1024));
}

#endif
