/*
 * match/pairing.c - knockout brackets and Swiss pairings (see match/pairing.h): pure
 * functions, unit-tested against hand-worked cases in tests/test_pairing.c.
 */
#include "match/pairing.h"

#include <string.h>

/* ------------------------------------------------------------------------ */
/* Knockout                                                                 */
/* ------------------------------------------------------------------------ */

int pairing_knockout_first(int n, PairingPair *out)
{
    if (n < 2 || n > PAIRING_MAX) return -1;
    int order[PAIRING_MAX], size = 1;
    order[0] = 0;
    /* The bracket of 2P from that of P: every seed x is followed by its
     * opponent 2P-1-x, so the sum of the two seeds of a match is constant. */
    while (size < n) {
        int next[PAIRING_MAX];
        for (int i = 0; i < size; i++) next[2 * i] = order[i], next[2 * i + 1] = 2 * size - 1 - order[i];
        size *= 2;
        memcpy(order, next, sizeof(int) * (size_t)size);
    }
    for (int m = 0; m < size / 2; m++) {
        int x = order[2 * m], y = order[2 * m + 1];
        out[m] = (PairingPair){x < y ? x : y, x < y ? (y < n ? y : -1) : (x < n ? x : -1)};
    }
    return size / 2;
}

int pairing_knockout_next(const int *winners, int nwinners, PairingPair *out)
{
    if (nwinners < 2 || nwinners % 2) return -1;
    for (int m = 0; m < nwinners / 2; m++) {
        int x = winners[2 * m], y = winners[2 * m + 1];
        out[m] = (PairingPair){x < y ? x : y, x < y ? y : x};
    }
    return nwinners / 2;
}

KnockoutDecision pairing_knockout_decide(int a, int b, int pairs, int half_a, int half_b, int base_pairs,
                                         int tiebreak_pairs, int *winner)
{
    if (b < 0) return *winner = a, KO_BYE;
    if (pairs < base_pairs) return KO_UNDECIDED;
    if (half_a != half_b) return *winner = half_a > half_b ? a : b, KO_BY_SCORE;
    if (pairs < base_pairs + tiebreak_pairs) return KO_UNDECIDED;
    return *winner = a < b ? a : b, KO_BY_SEED;
}

/* ------------------------------------------------------------------------ */
/* Swiss                                                                    */
/* ------------------------------------------------------------------------ */

typedef struct {
    const SwissState *s;
    int rank[PAIRING_MAX], nrank; /* engines by score, then seed (the bye left out) */
    bool paired[PAIRING_MAX];
    int partner[PAIRING_MAX][2]; /* the encounters made: ranked higher, lower */
    int npairs;
    long steps;
} SwissSearch;

/* Pairs every unpaired engine of the ranking (depth-first, in the order of
 * preference of match/pairing.h). Returns true on success. */
static bool swiss_solve(SwissSearch *ss)
{
    const SwissState *s = ss->s;
    if (++ss->steps > PAIRING_SWISS_STEPS) return false;
    int top = 0;
    while (top < ss->nrank && ss->paired[ss->rank[top]]) top++;
    if (top == ss->nrank) return true;
    int p = ss->rank[top];
    /* p's score group (unpaired, same score, in rank order) and the rest */
    int group[PAIRING_MAX], m = 0, cand[PAIRING_MAX], nc = 0;
    for (int r = top; r < ss->nrank; r++) {
        int e = ss->rank[r];
        if (!ss->paired[e] && s->score[e] == s->score[p]) group[m++] = e;
    }
    int h = m / 2;
    for (int i = h; i < m; i++) if (group[i] != p) cand[nc++] = group[i];
    for (int i = h - 1; i >= 1; i--) cand[nc++] = group[i];
    for (int r = top + 1; r < ss->nrank; r++) {
        int e = ss->rank[r];
        if (!ss->paired[e] && s->score[e] != s->score[p]) cand[nc++] = e;
    }
    ss->paired[p] = true;
    for (int c = 0; c < nc; c++) {
        int q = cand[c];
        if (s->met[p][q]) continue;
        ss->paired[q] = true;
        ss->partner[ss->npairs][0] = p, ss->partner[ss->npairs][1] = q;
        ss->npairs++;
        if (swiss_solve(ss)) return true;
        ss->npairs--;
        ss->paired[q] = false;
    }
    ss->paired[p] = false;
    return false;
}

/* Is x ranked above y: more points, then the lower seed. */
static bool ranks_above(const SwissState *s, int x, int y)
{
    return s->score[x] != s->score[y] ? s->score[x] > s->score[y] : x < y;
}

/* Who has Red first: p ranked above q. */
static PairingPair swiss_colours(const SwissState *s, int p, int q)
{
    bool p_first;
    if (s->colour[p] != s->colour[q]) p_first = s->colour[p] < s->colour[q];
    else if ((s->last_colour[p] == -1) != (s->last_colour[q] == -1)) p_first = s->last_colour[p] == -1;
    else p_first = true;
    return p_first ? (PairingPair){p, q} : (PairingPair){q, p};
}

int pairing_swiss_round(const SwissState *s, PairingPair *out, int *bye)
{
    int all[PAIRING_MAX];
    if (s->n < 2 || s->n > PAIRING_MAX) return -1;
    for (int i = 0; i < s->n; i++) all[i] = i;
    for (int i = 1; i < s->n; i++) /* insertion sort by rank */
        for (int j = i; j > 0 && ranks_above(s, all[j], all[j - 1]); j--) {
            int t = all[j];
            all[j] = all[j - 1], all[j - 1] = t;
        }
    static _Thread_local SwissSearch ss;
    for (int b = s->n - 1; b >= (s->n % 2 ? 0 : s->n - 1); b--) {
        int with_bye = s->n % 2 ? all[b] : -1;
        if (with_bye >= 0 && s->had_bye[with_bye]) continue;
        memset(&ss, 0, sizeof ss);
        ss.s = s;
        for (int i = 0; i < s->n; i++)
            if (all[i] != with_bye) ss.rank[ss.nrank++] = all[i];
        if (!swiss_solve(&ss)) continue;
        for (int k = 0; k < ss.npairs; k++) out[k] = swiss_colours(s, ss.partner[k][0], ss.partner[k][1]);
        *bye = with_bye;
        return ss.npairs;
    }
    return -1;
}

int pairing_swiss_default_rounds(int n)
{
    int r = 0;
    while ((1 << r) < n) r++;
    return r > 0 ? r : 1;
}

int pairing_buchholz(const SwissState *s, int e)
{
    int sum = 0;
    for (int o = 0; o < s->n; o++)
        if (o != e && s->met[e][o]) sum += s->score[o];
    return sum;
}
