/*
 * test_pairing.c - knockout brackets and Swiss pairings (harness/match/pairing.c)
 * against cases worked by hand (seeds counted from 0 here: engine 0 is
 * seed 1), and properties over many simulated Swiss events: no pairing
 * repeated, at most one bye per engine, everyone paired once a round.
 */
#include <stdlib.h>
#include <string.h>

#include "match/pairing.h"
#include "testhelp.h"

static bool same_pairs(const PairingPair *got, int n, const int (*want)[2], int nwant)
{
    if (n != nwant) return false;
    for (int i = 0; i < n; i++)
        if (got[i].a != want[i][0] || got[i].b != want[i][1]) return false;
    return true;
}

static void test_knockout(void)
{
    PairingPair m[32];
    /* 4 engines: 1-4, 2-3 */
    static const int k4[][2] = {{0, 3}, {1, 2}};
    CHECK(same_pairs(m, pairing_knockout_first(4, m), k4, 2), "knockout 4: 1-4, 2-3");
    /* 5 engines, bracket of 8 (1-8 4-5 2-7 3-6): seeds 6, 7, 8 are byes for 1, 2, 3 */
    static const int k5[][2] = {{0, -1}, {3, 4}, {1, -1}, {2, -1}};
    CHECK(same_pairs(m, pairing_knockout_first(5, m), k5, 4), "knockout 5: 1 bye, 4-5, 2 bye, 3 bye");
    /* 6 engines: byes for 1 and 2, 4-5, 3-6 */
    static const int k6[][2] = {{0, -1}, {3, 4}, {1, -1}, {2, 5}};
    CHECK(same_pairs(m, pairing_knockout_first(6, m), k6, 4), "knockout 6: 1 bye, 4-5, 2 bye, 3-6");
    /* 8 engines: 1-8 4-5 2-7 3-6 */
    static const int k8[][2] = {{0, 7}, {3, 4}, {1, 6}, {2, 5}};
    CHECK(same_pairs(m, pairing_knockout_first(8, m), k8, 4), "knockout 8");
    /* 2 engines: the final at once; 3: a bye for 1, 2-3 */
    static const int k2[][2] = {{0, 1}}, k3[][2] = {{0, -1}, {1, 2}};
    CHECK(same_pairs(m, pairing_knockout_first(2, m), k2, 1), "knockout 2");
    CHECK(same_pairs(m, pairing_knockout_first(3, m), k3, 2), "knockout 3");
    CHECK(pairing_knockout_first(1, m) == -1 && pairing_knockout_first(65, m) == -1, "knockout: bad counts refused");
    /* 5 engines, round 2: 1 meets the winner of 4-5 (say 5), 2 meets 3 */
    int w5[] = {0, 4, 1, 2};
    static const int r2[][2] = {{0, 4}, {1, 2}};
    CHECK(same_pairs(m, pairing_knockout_next(w5, 4, m), r2, 2), "knockout 5, round 2: 1-5, 2-3");
    int w2[] = {3, 1};
    static const int fin[][2] = {{1, 3}};
    CHECK(same_pairs(m, pairing_knockout_next(w2, 2, m), fin, 1), "final: the higher seed is a");
    CHECK(pairing_knockout_next(w2, 1, m) == -1, "an odd number of winners is refused");

    /* decisions: 1 base pair, 2 tie-break pairs */
    int w = -9;
    CHECK(pairing_knockout_decide(2, -1, 0, 0, 0, 1, 2, &w) == KO_BYE && w == 2, "a bye goes through");
    CHECK(pairing_knockout_decide(0, 3, 0, 0, 0, 1, 2, &w) == KO_UNDECIDED, "nothing played: undecided");
    w = -9;
    CHECK(pairing_knockout_decide(0, 3, 1, 1, 3, 1, 2, &w) == KO_BY_SCORE && w == 3, "the lower seed wins 3-1");
    CHECK(pairing_knockout_decide(0, 3, 1, 2, 2, 1, 2, &w) == KO_UNDECIDED, "2-2 after the base pair: a tie-break pair");
    CHECK(pairing_knockout_decide(0, 3, 2, 4, 4, 1, 2, &w) == KO_UNDECIDED, "4-4 after 2 pairs: another");
    CHECK(pairing_knockout_decide(0, 3, 2, 5, 3, 1, 2, &w) == KO_BY_SCORE && w == 0, "5-3 after a tie-break pair");
    w = -9;
    CHECK(pairing_knockout_decide(3, 1, 3, 6, 6, 1, 2, &w) == KO_BY_SEED && w == 1, "tied after the limit: higher seed");
    CHECK(pairing_knockout_decide(3, 1, 1, 2, 2, 1, 0, &w) == KO_BY_SEED && w == 1, "no tie-break pairs: seed at once");
    CHECK(pairing_knockout_decide(0, 1, 1, 4, 0, 2, 2, &w) == KO_UNDECIDED, "fewer pairs than the base: undecided");
}

/* Plays a Swiss round's result into s: a beats b when win[k] > 0, loses
 * when < 0, a draw at 0 (2 points a win, 1 a draw); the bye scores 2. */
static void swiss_apply(SwissState *s, const PairingPair *p, int np, int bye, const int *win)
{
    for (int k = 0; k < np; k++) {
        int a = p[k].a, b = p[k].b;
        s->met[a][b] = s->met[b][a] = true;
        s->colour[a]++, s->colour[b]--;
        s->last_colour[a] = 1, s->last_colour[b] = -1;
        s->score[a] += win[k] > 0 ? 2 : win[k] == 0 ? 1 : 0;
        s->score[b] += win[k] < 0 ? 2 : win[k] == 0 ? 1 : 0;
    }
    if (bye >= 0) s->had_bye[bye] = true, s->score[bye] += 2;
}

static void test_swiss_4(void)
{
    SwissState s;
    memset(&s, 0, sizeof s);
    s.n = 4;
    PairingPair p[32];
    int bye = 7;
    /* round 1: S1 {1, 2} against S2 {3, 4}: 1-3, 2-4; the higher seed has Red first */
    static const int r1[][2] = {{0, 2}, {1, 3}};
    int np = pairing_swiss_round(&s, p, &bye);
    CHECK(same_pairs(p, np, r1, 2) && bye == -1, "swiss 4, round 1: 1-3, 2-4, no bye");
    /* 1 beats 3, 4 beats 2: 1 and 4 on 2 points, 2 and 3 on 0 */
    swiss_apply(&s, p, np, bye, (int[]){1, -1});
    /* round 2: 1-4 and 2-3, each with the engine that was b in round 1 first */
    static const int r2[][2] = {{3, 0}, {2, 1}};
    np = pairing_swiss_round(&s, p, &bye);
    CHECK(same_pairs(p, np, r2, 2), "swiss 4, round 2: 4-1, 3-2 (colours swapped)");
    /* 4 beats 1, 2 and 3 draw: 4 on 4, 1 on 2, 2 and 3 on 1 */
    swiss_apply(&s, p, np, bye, (int[]){1, 0});
    /* round 3: 4 against 1 and 1 against 3 were played; 4-2 would leave
     * 1-3, also played: the only pairing left is 4-3, 1-2. Colours: all
     * balanced, so the higher-ranked has Red first. */
    static const int r3[][2] = {{3, 2}, {0, 1}};
    np = pairing_swiss_round(&s, p, &bye);
    CHECK(same_pairs(p, np, r3, 2), "swiss 4, round 3: 4-3, 1-2 (backtracking past a repeat)");
    swiss_apply(&s, p, np, bye, (int[]){0, 0});
    /* a fourth round has no pairing without a repeat */
    CHECK(pairing_swiss_round(&s, p, &bye) == -1, "swiss 4, round 4: every pairing repeats: refused");
    /* Buchholz: 1 met 3 (1+1), 4 (4+1), 2 (1+1): 1 = 2 + 5 + 2 */
    CHECK(pairing_buchholz(&s, 0) == 9, "Buchholz of seed 1: %d", pairing_buchholz(&s, 0));
}

static void test_swiss_6(void)
{
    SwissState s;
    memset(&s, 0, sizeof s);
    s.n = 6;
    PairingPair p[32];
    int bye;
    static const int r1[][2] = {{0, 3}, {1, 4}, {2, 5}};
    int np = pairing_swiss_round(&s, p, &bye);
    CHECK(same_pairs(p, np, r1, 3) && bye == -1, "swiss 6, round 1: 1-4, 2-5, 3-6");
    /* 1 beats 4, 5 beats 2, 3 and 6 draw: 1, 5 on 2; 3, 6 on 1; 2, 4 on 0 */
    swiss_apply(&s, p, np, bye, (int[]){1, -1, 0});
    /* ranking 1 5 3 6 2 4: 1-5; 3-6 was played, so 3 takes the top of the
     * next group (2) and 6 floats to 4. */
    static const int r2[][2] = {{4, 0}, {2, 1}, {5, 3}};
    np = pairing_swiss_round(&s, p, &bye);
    CHECK(same_pairs(p, np, r2, 3), "swiss 6, round 2: 5-1, 3-2, 6-4");
    for (int k = 0; k < np; k++)
        CHECK(!s.met[p[k].a][p[k].b], "swiss 6, round 2: no repeat (%d-%d)", p[k].a, p[k].b);
}

static void test_swiss_5(void)
{
    SwissState s;
    memset(&s, 0, sizeof s);
    s.n = 5;
    PairingPair p[32];
    int bye;
    static const int r1[][2] = {{0, 2}, {1, 3}};
    int np = pairing_swiss_round(&s, p, &bye);
    CHECK(same_pairs(p, np, r1, 2) && bye == 4, "swiss 5, round 1: the bye for 5, 1-3, 2-4");
    /* 1 beats 3, 2 beats 4; 5's bye is a win: 1, 2, 5 on 2 points; 3, 4 on 0 */
    swiss_apply(&s, p, np, bye, (int[]){1, 1});
    /* ranking 1 2 5 3 4: the bye to 4 (5 had one); group {1, 2, 5}: 1-2, 5 floats to 3 */
    static const int r2[][2] = {{0, 1}, {2, 4}};
    np = pairing_swiss_round(&s, p, &bye);
    CHECK(same_pairs(p, np, r2, 2) && bye == 3, "swiss 5, round 2: bye for 4, 1-2, 3-5 (got bye %d)", bye);
    swiss_apply(&s, p, np, bye, (int[]){1, 1});
    /* 1 on 4, 2 3 4 5 on 2: the bye to the lowest-ranked without one, 3;
     * then 1 (met 2 and 3) takes 4, and 2 (met 4 and 1) takes 5. Colours:
     * 4 was b once, 1 a twice: 4 first; 5 (b once, a bye) before 2 (a, b). */
    static const int r3[][2] = {{3, 0}, {4, 1}};
    np = pairing_swiss_round(&s, p, &bye);
    CHECK(same_pairs(p, np, r3, 2) && bye == 2, "swiss 5, round 3: bye for 3, 4-1, 5-2 (got bye %d)", bye);
    CHECK(pairing_swiss_default_rounds(5) == 3 && pairing_swiss_default_rounds(4) == 2
              && pairing_swiss_default_rounds(2) == 1 && pairing_swiss_default_rounds(9) == 4,
          "default rounds: ceil(log2 n)");
}

/* Many simulated events (random results, fixed seed): each round everyone
 * is paired once or has the bye, no pairing repeats, no second bye. */
static void test_swiss_properties(void)
{
    unsigned seed = 12345;
    int bad = 0, rounds_made = 0;
    for (int trial = 0; trial < 400; trial++) {
        SwissState s;
        memset(&s, 0, sizeof s);
        s.n = 3 + trial % 14;
        int rounds = pairing_swiss_default_rounds(s.n) + 1;
        for (int r = 0; r < rounds; r++) {
            PairingPair p[32];
            int bye, seen[PAIRING_MAX] = {0}, win[32];
            int np = pairing_swiss_round(&s, p, &bye);
            if (np < 0) break;
            rounds_made++;
            for (int k = 0; k < np; k++) {
                bad += s.met[p[k].a][p[k].b] || p[k].a == p[k].b;
                seen[p[k].a]++, seen[p[k].b]++;
                seed = seed * 1103515245u + 12345u;
                win[k] = (int)((seed >> 16) % 3) - 1;
            }
            if (bye >= 0) bad += s.had_bye[bye], seen[bye]++;
            for (int e = 0; e < s.n; e++) bad += seen[e] != 1;
            bad += (bye >= 0) != (s.n % 2 == 1);
            swiss_apply(&s, p, np, bye, win);
        }
    }
    CHECK(bad == 0 && rounds_made > 1500, "swiss properties: %d violations over %d rounds", bad, rounds_made);
}

int main(void)
{
    test_knockout();
    test_swiss_4();
    test_swiss_6();
    test_swiss_5();
    test_swiss_properties();
    return TEST_REPORT();
}
