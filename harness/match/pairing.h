/*
 * match/pairing.h - who plays whom in a knockout or a Swiss tournament: pure
 * functions of the seeds and the results so far (no I/O, no state), so a
 * run resumed from games.jsonl rebuilds the same pairings. Engines are
 * numbered by seed: 0 is the first on the command line (the top seed).
 */
#ifndef HARNESS_PAIRING_H
#define HARNESS_PAIRING_H

#include <stdbool.h>

#define PAIRING_MAX 64 /* engines (MAX_ENGINES) */
#define PAIRING_SWISS_STEPS 2000000L

/* One encounter: engines a and b (b = -1: a bye for a). In a Swiss round
 * a is the engine that has Red in the first game of each game pair. */
typedef struct {
    int a, b;
} PairingPair;

/* ---- knockout ---- */

/*
 * The first round of a seeded bracket of n engines (2 <= n <= PAIRING_MAX):
 * the bracket is the next power of two P >= n, seed s meets seed P-1-s
 * (1 vs P, 2 vs P-1, ... counting from 1), the seeds past n being byes
 * (so the byes go to the top seeds), and the encounters in bracket order,
 * so that seeds 1 and 2 can meet only in the final (for P = 8: 1-8, 4-5,
 * 2-7, 3-6). Writes P/2 encounters to out (a bye has b = -1) and returns
 * P/2, or -1 for a bad n.
 */
int pairing_knockout_first(int n, PairingPair *out);

/* The next round: the winners of the previous round's encounters, in
 * bracket order (nwinners even), meet in pairs 0-1, 2-3, ...; a is the
 * higher seed (lower number). Returns nwinners / 2, or -1 if nwinners is
 * odd or below 2. */
int pairing_knockout_next(const int *winners, int nwinners, PairingPair *out);

typedef enum { KO_UNDECIDED, KO_BY_SCORE, KO_BY_SEED, KO_BYE } KnockoutDecision;

/*
 * An encounter between seeds a and b (b = -1: a bye) after `pairs` game
 * pairs in which a scored half_a and b half_b half points: decided by the
 * score once at least base_pairs are played and the scores differ; when
 * tied, undecided (one more pair) while pairs < base_pairs + tiebreak_pairs;
 * still tied after that, the higher seed (the lower of a and b) goes
 * through. *winner is set when decided. Returns the decision.
 */
KnockoutDecision pairing_knockout_decide(int a, int b, int pairs, int half_a, int half_b, int base_pairs,
                                         int tiebreak_pairs, int *winner);

/* ---- Swiss ---- */

/* What a Swiss round's pairing depends on. */
typedef struct {
    int n;                              /* engines, seeds 0 .. n-1 */
    int score[PAIRING_MAX];             /* points so far, byes included (any unit) */
    bool had_bye[PAIRING_MAX];
    bool met[PAIRING_MAX][PAIRING_MAX]; /* symmetric */
    int colour[PAIRING_MAX];            /* encounters as a minus encounters as b */
    int last_colour[PAIRING_MAX];       /* +1 a, -1 b, 0 none yet */
} SwissState;

/*
 * The next round's pairing (Dutch-style): engines ranked by score, then
 * seed; with an odd count the bye goes to the lowest-ranked engine that
 * has not had one. Then the top unpaired engine is paired first: within
 * its score group of m engines its candidates are the group's upper half
 * against its lower half (the top meets the engine m/2 places below, as
 * S1 against S2), then the rest of the group upwards, then the lower
 * groups in rank order (an odd engine out floats down); a candidate it has
 * met is skipped, and when the rest cannot be paired the next candidate
 * is tried (backtracking), so no pairing is repeated if any pairing
 * without repeats exists. In each encounter a is the engine with the lower
 * colour count, then the one that was b last, then the higher ranked.
 * Writes the encounters to out (in the order they were made: the
 * higher-ranked side's rank), *bye to the engine with the bye (-1: none).
 * The search is bounded (PAIRING_SWISS_STEPS tries). Returns the
 * number of encounters, or -1 when no pairing without a repeat (and with
 * the bye to an engine without one) exists.
 */
int pairing_swiss_round(const SwissState *s, PairingPair *out, int *bye);

/* The default number of Swiss rounds for n engines: ceil(log2 n). */
int pairing_swiss_default_rounds(int n);

/* Buchholz: the sum of the scores of the engines e has met. */
int pairing_buchholz(const SwissState *s, int e);

#endif
