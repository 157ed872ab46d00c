/*
 * test_order.c - the move-ordering sort (order_sort_by_keys, engine/search/
 * order.c) gives exactly the order of a stable insertion sort, highest key
 * first and ties in their original order, for every length up to
 * GAME_MAX_MOVES and key sets from all-equal to all-distinct, sorted,
 * reversed and random.
 */
#include <stdint.h>
#include <string.h>

#include "ctx.h"
#include "testhelp.h"

static uint32_t rng_state = 12345;

/* A fixed pseudo-random sequence (LCG), so that failures repeat. */
static uint32_t rng(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

/* The reference: stable insertion sort by keys, descending. */
static void reference_sort(GameMove *list, int *keys, int n)
{
    for (int i = 1; i < n; i++) {
        GameMove m = list[i];
        int k = keys[i], j = i - 1;
        for (; j >= 0 && keys[j] < k; j--) {
            list[j + 1] = list[j];
            keys[j + 1] = keys[j];
        }
        list[j + 1] = m;
        keys[j + 1] = k;
    }
}

typedef enum { KEYS_RANDOM, KEYS_ASCENDING, KEYS_DESCENDING, KEYS_EQUAL } KeyShape;

/* Fills keys[0, n) in the given shape, values in [0, range). */
static void fill_keys(int *keys, int n, KeyShape shape, int range)
{
    for (int i = 0; i < n; i++) {
        switch (shape) {
        case KEYS_RANDOM: keys[i] = (int)(rng() % (uint32_t)range); break;
        case KEYS_ASCENDING: keys[i] = i * range / (n ? n : 1); break;
        case KEYS_DESCENDING: keys[i] = (n - i) * range / (n ? n : 1); break;
        case KEYS_EQUAL: keys[i] = 7; break;
        }
    }
}

/* Sorts one key set both ways; returns true when the move orders agree. */
static bool same_order(int n, KeyShape shape, int range)
{
    static GameMove a[GAME_MAX_MOVES], b[GAME_MAX_MOVES];
    static int ka[GAME_MAX_MOVES], kb[GAME_MAX_MOVES];
    fill_keys(ka, n, shape, range);
    for (int i = 0; i < n; i++) a[i] = b[i] = (GameMove)(i + 1), kb[i] = ka[i];
    reference_sort(a, ka, n);
    order_sort_by_keys(b, kb, n);
    return memcmp(a, b, (size_t)n * sizeof *a) == 0;
}

int main(void)
{
    static const int ranges[] = {1, 2, 3, 10, 1000, 1 << 30};
    int bad = 0, cases = 0;
    for (int n = 0; n <= GAME_MAX_MOVES; n++)
        for (int r = 0; r < (int)(sizeof ranges / sizeof ranges[0]); r++)
            for (int rep = 0; rep < 3; rep++, cases++) bad += !same_order(n, KEYS_RANDOM, ranges[r]);
    CHECK(bad == 0, "random keys: %d of %d cases differ from insertion sort", bad, cases);
    for (int shape = KEYS_ASCENDING; shape <= KEYS_EQUAL; shape++) {
        bad = 0;
        for (int n = 0; n <= GAME_MAX_MOVES; n++) bad += !same_order(n, (KeyShape)shape, 100);
        CHECK(bad == 0, "key shape %d: %d lengths differ from insertion sort", shape, bad);
    }

    /* A hand-checked case: highest first, ties in their original order. */
    GameMove list[] = {1, 2, 3, 4, 5, 6};
    int keys[] = {0, 5, 0, 9, 5, 0};
    order_sort_by_keys(list, keys, 6);
    GameMove expected[] = {4, 2, 5, 1, 3, 6};
    CHECK(memcmp(list, expected, sizeof list) == 0, "got %d %d %d %d %d %d", list[0], list[1], list[2], list[3],
          list[4], list[5]);
    return TEST_REPORT();
}
