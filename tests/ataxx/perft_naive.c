/*
 * perft_naive.c - a deliberately plain Ataxx perft, written apart from
 * engine/ataxx/ (a 7x7 array of characters, loops over the 24 squares
 * around each piece, a copy of the board per move): the yardstick of
 * tests/ataxx/bench_perft.sh and an independent count. Rules as libataxx:
 * 0 below a finished game (a side without pieces, no empty square within
 * two steps of any piece, the halfmove clock at 100); a side without a
 * move passes.
 *
 *   perft_naive DEPTH [FEN]   "Nodes searched: N" and "Time ms: T"
 *                             (standard FEN: x, o, -, side x/o, halfmove)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    char b[7][7]; /* [rank][file]: 'x', 'o', '-' or '.' */
    char side;
    int halfmove;
} Board;

static int count(const Board *p, char c)
{
    int n = 0;
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++) n += p->b[r][f] == c;
    return n;
}

/* Is an empty square within king distance 2 of a piece of c (any piece when c is 0)? */
static int can_reach(const Board *p, char c)
{
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++) {
            if (p->b[r][f] != '.') continue;
            for (int dr = -2; dr <= 2; dr++)
                for (int df = -2; df <= 2; df++) {
                    int rr = r + dr, ff = f + df;
                    if ((dr || df) && rr >= 0 && rr < 7 && ff >= 0 && ff < 7
                        && (c ? p->b[rr][ff] == c : (p->b[rr][ff] == 'x' || p->b[rr][ff] == 'o')))
                        return 1;
                }
        }
    return 0;
}

static void play(Board *p, int fr, int ff, int tr, int tf)
{
    char us = p->side, them = us == 'x' ? 'o' : 'x';
    int dist = abs(fr - tr) > abs(ff - tf) ? abs(fr - tr) : abs(ff - tf);
    if (dist == 2) p->b[fr][ff] = '.';
    p->b[tr][tf] = us;
    for (int dr = -1; dr <= 1; dr++)
        for (int df = -1; df <= 1; df++) {
            int rr = tr + dr, cc = tf + df;
            if (rr >= 0 && rr < 7 && cc >= 0 && cc < 7 && p->b[rr][cc] == them) p->b[rr][cc] = us;
        }
    p->halfmove = dist == 1 ? 0 : p->halfmove + 1;
    p->side = them;
}

static unsigned long long perft(const Board *p, int depth)
{
    if (depth == 0) return 1;
    if (!count(p, 'x') || !count(p, 'o') || p->halfmove >= 100 || !can_reach(p, 0)) return 0;
    unsigned long long nodes = 0;
    int moves = 0;
    /* singles: one per empty square next to a piece of ours */
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++) {
            if (p->b[r][f] != '.') continue;
            int fr = -1, ff = -1;
            for (int dr = -1; dr <= 1 && fr < 0; dr++)
                for (int df = -1; df <= 1 && fr < 0; df++) {
                    int rr = r + dr, cc = f + df;
                    if (rr >= 0 && rr < 7 && cc >= 0 && cc < 7 && p->b[rr][cc] == p->side) fr = rr, ff = cc;
                }
            if (fr < 0) continue;
            Board q = *p;
            play(&q, fr, ff, r, f);
            nodes += perft(&q, depth - 1);
            moves++;
        }
    /* doubles: every piece of ours to every empty square two steps away */
    for (int r = 0; r < 7; r++)
        for (int f = 0; f < 7; f++) {
            if (p->b[r][f] != p->side) continue;
            for (int dr = -2; dr <= 2; dr++)
                for (int df = -2; df <= 2; df++) {
                    int rr = r + dr, cc = f + df;
                    if (abs(dr) != 2 && abs(df) != 2) continue;
                    if (rr < 0 || rr >= 7 || cc < 0 || cc >= 7 || p->b[rr][cc] != '.') continue;
                    Board q = *p;
                    play(&q, r, f, rr, cc);
                    nodes += perft(&q, depth - 1);
                    moves++;
                }
        }
    if (moves == 0) {
        Board q = *p;
        q.side = p->side == 'x' ? 'o' : 'x';
        q.halfmove++;
        nodes = perft(&q, depth - 1);
    }
    return nodes;
}

static int parse(Board *p, const char *fen)
{
    int r = 6, f = 0;
    memset(p->b, '.', sizeof p->b);
    for (; *fen && *fen != ' '; fen++) {
        if (*fen == '/') {
            r--, f = 0;
        } else if (*fen >= '1' && *fen <= '7') {
            f += *fen - '0';
        } else if (strchr("xo-", *fen) && r >= 0 && f < 7) {
            p->b[r][f++] = *fen;
        } else {
            return -1;
        }
    }
    if (r != 0 || *fen != ' ' || (fen[1] != 'x' && fen[1] != 'o')) return -1;
    p->side = fen[1];
    p->halfmove = atoi(fen + 2);
    return 0;
}

int main(int argc, char **argv)
{
    Board b;
    if (argc < 2 || argc > 3 || parse(&b, argc == 3 ? argv[2] : "x5o/7/7/7/7/7/o5x x 0 1")) {
        fprintf(stderr, "usage: perft_naive DEPTH [FEN]\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    unsigned long long n = perft(&b, atoi(argv[1]));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("Nodes searched: %llu\nTime ms: %.1f\n", n,
           (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
    return 0;
}
