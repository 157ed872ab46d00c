/*
 * perft_naive.c - a deliberately plain Amazons perft, the yardstick for the
 * speed of engine/amazons/: a 10x10 array, step loops in eight directions,
 * no tables, make/unmake by writing squares. Like the real one it counts
 * the last ply instead of generating it (here by walking every arrow).
 *
 *   perft_naive DEPTH ["BOARD SIDE ..."]   prints "Nodes searched: N" and
 *                                          "Time ms: T" (default: the start)
 *
 * The position text is trusted (this is a benchmark, not a parser).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { EMPTY, WHITE, BLACK, ARROW };

static int board[10][10]; /* board[file][rank] */
static const int DF[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int DR[8] = {0, 1, 1, 1, 0, -1, -1, -1};

typedef struct {
    int ff, fr, tf, tr, af, ar;
} Turn;

static int is_free(int f, int r)
{
    return f >= 0 && f < 10 && r >= 0 && r < 10 && board[f][r] == EMPTY;
}

/* Number of arrow squares from (f, r): the amazon has already left. */
static uint64_t count_arrows(int f, int r)
{
    uint64_t n = 0;
    for (int d = 0; d < 8; d++)
        for (int af = f + DF[d], ar = r + DR[d]; is_free(af, ar); af += DF[d], ar += DR[d]) n++;
    return n;
}

/* Visits every turn of `piece`: count only (list NULL) or write them to list. */
static uint64_t turns(int piece, Turn *list)
{
    uint64_t n = 0;
    for (int f = 0; f < 10; f++)
        for (int r = 0; r < 10; r++) {
            if (board[f][r] != piece) continue;
            board[f][r] = EMPTY;
            for (int d = 0; d < 8; d++)
                for (int tf = f + DF[d], tr = r + DR[d]; is_free(tf, tr); tf += DF[d], tr += DR[d]) {
                    if (!list) {
                        n += count_arrows(tf, tr);
                        continue;
                    }
                    for (int e = 0; e < 8; e++)
                        for (int af = tf + DF[e], ar = tr + DR[e]; is_free(af, ar); af += DF[e], ar += DR[e])
                            list[n++] = (Turn){f, r, tf, tr, af, ar};
                }
            board[f][r] = piece;
        }
    return n;
}

static uint64_t perft(int side, int depth)
{
    int piece = side == 0 ? WHITE : BLACK;
    if (depth == 0) return 1;
    if (depth == 1) return turns(piece, NULL);
    Turn *list = malloc(5120 * sizeof *list);
    if (!list) {
        perror("perft_naive");
        exit(1);
    }
    uint64_t n = turns(piece, list), total = 0;
    for (uint64_t i = 0; i < n; i++) {
        Turn t = list[i];
        board[t.ff][t.fr] = EMPTY;
        board[t.tf][t.tr] = piece;
        board[t.af][t.ar] = ARROW;
        total += perft(side ^ 1, depth - 1);
        board[t.af][t.ar] = EMPTY;
        board[t.tf][t.tr] = EMPTY;
        board[t.ff][t.fr] = piece;
    }
    free(list);
    return total;
}

/* Reads "BOARD SIDE": ranks 10 to 1, Q q * and digits; returns the side. */
static int load(const char *text)
{
    int f = 0, r = 9;
    for (; *text && *text != ' '; text++) {
        if (*text == '/') {
            f = 0, r--;
        } else if (*text >= '0' && *text <= '9') {
            int n = *text - '0';
            if (text[1] == '0') n = 10, text++;
            f += n;
        } else {
            board[f++][r] = *text == 'Q' ? WHITE : *text == 'q' ? BLACK : ARROW;
        }
    }
    return text[0] == ' ' && text[1] == 'b';
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: perft_naive DEPTH [POSITION]\n");
        return 2;
    }
    int depth = atoi(argv[1]);
    int side = load(argc == 3 ? argv[2] : "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w");
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t n = perft(side, depth);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("Nodes searched: %llu\n", (unsigned long long)n);
    printf("Time ms: %.1f\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
    return 0;
}
