/*
 * eval.c - distances by breadth-first search from each side's amazons (on
 * bitboards, a layer at a time), then the terms of eval.h square by square.
 */
#include "eval.h"

#include <string.h>

#include "bitboard.h"
#include "movegen.h"

#define UNREACHED 255

const int AMZ_TRAP_PENALTY[6] = {300, 150, 80, 40, 20, 10};

/* The layers of a breadth-first search: layer[d] = the squares at distance d. */
typedef struct {
    AmzBB layer[AMZ_SQUARES + 1];
    int n; /* layers 0 .. n - 1 are not empty */
} AmzLayers;

/*
 * Breadth-first search by layers on bitboards: layer d + 1 is every empty,
 * unreached square one queen move (a slide in one of the eight directions
 * over empty squares) or one king step from a square of layer d.
 */
static void distances(AmzBB empty, AmzBB from, bool queen, AmzLayers *out)
{
    AmzBB seen = from, layer = from;
    out->n = 0;
    while (amz_bb_any(layer)) {
        out->layer[out->n++] = layer;
        AmzBB next = {0, 0};
        for (int k = 0; k < 8; k++) {
            AmzBB ray = amz_bb_and(amz_bb_shift(layer, AMZ_BB_STEPS[k]), empty);
            next = amz_bb_or(next, ray);
            if (queen)
                while (amz_bb_any(ray = amz_bb_and(amz_bb_shift(ray, AMZ_BB_STEPS[k]), empty)))
                    next = amz_bb_or(next, ray);
        }
        layer = amz_bb_andnot(next, seen);
        seen = amz_bb_or(seen, layer);
    }
}

void amz_eval_distances(const AmzPosition *pos, int side, bool queen, uint8_t dist[AMZ_SQUARES])
{
    AmzLayers l;
    distances(amz_bb_empty(pos), amz_bb_amazons(pos, side), queen, &l);
    memset(dist, UNREACHED, AMZ_SQUARES);
    for (int d = 0; d < l.n; d++)
        for (int w = 0; w < 2; w++)
            for (uint64_t bits = w ? l.layer[d].hi : l.layer[d].lo; bits; bits &= bits - 1)
                dist[amz_bb_square(__builtin_ctzll(bits) + 64 * w)] = (uint8_t)d;
}

/*
 * Territory from White's view over the empty squares (layers 1 and up):
 * 100 for each square White reaches first, -100 for each Black reaches
 * first, the tempo for each both reach at the same distance. A square of
 * White's layer d is White's when Black has not reached it by distance d.
 */
static int territory(const AmzLayers *w, const AmzLayers *b, int tempo)
{
    int score = 0;
    const AmzLayers *side[2] = {w, b};
    for (int s = 0; s < 2; s++) {
        const AmzLayers *me = side[s], *them = side[!s];
        AmzBB theirs = them->layer[0];
        int first = 0, tied = 0;
        for (int d = 1; d < me->n; d++) {
            if (d < them->n) theirs = amz_bb_or(theirs, them->layer[d]);
            first += amz_bb_count(amz_bb_andnot(me->layer[d], theirs));
            if (s == 0 && d < them->n) tied += amz_bb_count(amz_bb_and(me->layer[d], them->layer[d]));
        }
        score += (s == 0 ? 100 : -100) * first + tempo * tied;
    }
    return score;
}

/* Fills the distance-based terms and the phase. */
static void square_terms(const AmzPosition *pos, AmzEvalTerms *t)
{
    AmzLayers qw, qb, kw, kb;
    int tempo = pos->side == AMZ_WHITE ? AMZ_EVAL_TEMPO : -AMZ_EVAL_TEMPO;
    long close = 0, open = 0;
    AmzBB empty = amz_bb_empty(pos), white = amz_bb_amazons(pos, AMZ_WHITE), black = amz_bb_amazons(pos, AMZ_BLACK);
    distances(empty, white, true, &qw);
    distances(empty, black, true, &qb);
    distances(empty, white, false, &kw);
    distances(empty, black, false, &kb);
    t->queen_territory = territory(&qw, &qb, tempo);
    t->king_territory = territory(&kw, &kb, tempo);
    /* Closeness: 2048 * 2^-d for each square at queen distance d < 12. */
    for (int d = 1; d < 12; d++)
        close += (long)(2048 >> d) * ((d < qw.n ? amz_bb_count(qw.layer[d]) : 0) - (d < qb.n ? amz_bb_count(qb.layer[d]) : 0));
    /* Squares both reach: 1024 * 2^-|dW - dB| measures how open the game is. */
    for (int i = 1; i < qw.n; i++)
        for (int j = 1; j < qb.n; j++) {
            int diff = i > j ? i - j : j - i;
            if (diff < 11) open += (long)(1024 >> diff) * amz_bb_count(amz_bb_and(qw.layer[i], qb.layer[j]));
        }
    t->queen_closeness = (int)(close * 100 / 1024);
    /* 32 fully contested squares (or more) is a fully open game. */
    t->phase = open >= 32 * 1024 ? AMZ_EVAL_PHASE_MAX : (int)(open * AMZ_EVAL_PHASE_MAX / (32 * 1024));
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
