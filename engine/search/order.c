/*
 * order.c - move ordering shared by every variant, and the history table.
 *
 * Every variant gets the same static order (captures by most valuable
 * victim / least valuable attacker before quiet moves in generation order),
 * so that "+HH" and "+TT" measure exactly what they add on top of it. In a
 * game without noisy moves (GAME_HAS_NOISY 0) every move is quiet.
 */
#include <string.h>

#include "ctx.h"

/* Sort keys, highest first. */
#define KEY_PV (1 << 30)
#define KEY_TT (1 << 29)
#define KEY_CAPTURE (1 << 28)
#define KEY_KILLER (1 << 27)      /* the first killer; the second one below */
#define KEY_COUNTER (KEY_KILLER - 1) /* the counter move, after the killers */
#define KEY_BAD_CAPTURE (1 << 26) /* SEE: a losing capture, above history (at most HISTORY_MAX) */

#if GAME_HAS_NOISY
static int capture_key(const SearchCtx *ctx, GameMove m)
{
    GamePosition *pos = ctx->pos;
    /* SEE: a capture by a more valuable piece that loses material goes
     * after the killers (one by a cheaper piece never loses). */
    if (feature_on(ctx, SEARCH_FEATURE_SEE)) {
        int see = capture_exchange(pos, m);
        if (see < 0) return KEY_BAD_CAPTURE + 1 + (see > -HISTORY_MAX ? see + HISTORY_MAX : 0);
    }
    /* Victim dominates; among equal victims the cheaper attacker first. */
    return KEY_CAPTURE + game_victim_value(pos, m) * 64 - game_attacker_value(pos, m) / 32;
}
#endif

/* Runs up to this long are insertion-sorted before merging (so a chess-like
 * move list, rarely longer, is one insertion sort). */
#define SORT_RUN 64

/* Stable insertion sort of list[lo, hi) by keys, descending. */
static inline void insertion_sort(GameMove *list, int *keys, int lo, int hi)
{
    for (int i = lo + 1; i < hi; i++) {
        GameMove m = list[i];
        int k = keys[i], j = i - 1;
        for (; j >= lo && keys[j] < k; j--) {
            list[j + 1] = list[j];
            keys[j + 1] = keys[j];
        }
        list[j + 1] = m;
        keys[j + 1] = k;
    }
}

/* Merges the sorted runs [lo, mid) and [mid, hi) of (list, keys) into
 * (out, out_keys) at the same places; on equal keys the left run first. */
static void merge_runs(const GameMove *list, const int *keys, GameMove *out, int *out_keys, int lo, int mid, int hi)
{
    int i = lo, j = mid, o = lo;
    while (i < mid && j < hi) {
        bool left = keys[i] >= keys[j];
        out[o] = left ? list[i] : list[j];
        out_keys[o++] = left ? keys[i++] : keys[j++];
    }
    for (; i < mid; i++, o++) out[o] = list[i], out_keys[o] = keys[i];
    for (; j < hi; j++, o++) out[o] = list[j], out_keys[o] = keys[j];
}

static inline int min_int(int a, int b) { return a < b ? a : b; }

/*
 * Stable sort of list[0, n) by keys, descending: ties keep generation order
 * (the order is the one insertion sort gives). O(n log n): insertion-sorted
 * runs of SORT_RUN, then bottom-up merges back and forth between list and a
 * buffer. keys is left in an unspecified order.
 */
void order_sort_by_keys(GameMove *list, int *keys, int n)
{
    if (n <= SORT_RUN) {
        insertion_sort(list, keys, 0, n);
        return;
    }
    GameMove buf[GAME_MAX_MOVES];
    int buf_keys[GAME_MAX_MOVES];
    GameMove *from = list, *to = buf, *t;
    int *from_keys = keys, *to_keys = buf_keys, *tk;
    for (int lo = 0; lo < n; lo += SORT_RUN) insertion_sort(list, keys, lo, min_int(lo + SORT_RUN, n));
    for (int width = SORT_RUN; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width)
            merge_runs(from, from_keys, to, to_keys, lo, min_int(lo + width, n), min_int(lo + 2 * width, n));
        t = from, from = to, to = t;
        tk = from_keys, from_keys = to_keys, to_keys = tk;
    }
    if (from != list) memcpy(list, from, (size_t)n * sizeof *list);
}

/*
 * The sort of a node's moves, keys all >= 0: short lists (nearly all, in
 * chess-like games) are sorted in place here, without the call. A long list
 * (Amazons: 2,000 moves) mostly has key 0 (no history, no capture): its
 * moves with a key are moved to the front, in order, and sorted there, the
 * key-0 moves following in generation order, which is the order the stable
 * sort of the whole list gives, in O(n + k log k) for k keyed moves.
 */
static inline void sort_moves(GameMove *list, int *keys, int n)
{
    if (n <= SORT_RUN) {
        insertion_sort(list, keys, 0, n);
        return;
    }
    GameMove zero[GAME_MAX_MOVES];
    int k = 0, z = 0;
    for (int i = 0; i < n; i++) {
        if (keys[i] > 0) list[k] = list[i], keys[k++] = keys[i];
        else zero[z++] = list[i];
    }
    memcpy(list + k, zero, (size_t)z * sizeof *list);
    order_sort_by_keys(list, keys, k);
}

void order_moves(SearchCtx *ctx, GameMove *list, int n, GameMove tt_move, int ply)
{
    int keys[GAME_MAX_MOVES];
    bool pv_found = false;
    /* On the previous iteration's PV (the path of first moves so far), its
     * move at this ply goes first; off it, following stops. */
    GameMove pv_move = ctx->follow_pv && ply < ctx->prev_pv_len ? ctx->prev_pv[ply] : GAME_MOVE_NONE;
    GameMove counter = counter_move(ctx);
    for (int i = 0; i < n; i++) {
        GameMove m = list[i];
        if (m == pv_move) {
            keys[i] = KEY_PV;
            pv_found = true;
        } else if (m == tt_move) {
            keys[i] = KEY_TT;
#if GAME_HAS_NOISY
        } else if (game_is_capture(ctx->pos, m)) {
            keys[i] = capture_key(ctx, m);
#endif
        } else if (m == ctx->killers[ply][0] && feature_on(ctx, SEARCH_FEATURE_KILLERS)) {
            keys[i] = KEY_KILLER + 1;
        } else if (m == ctx->killers[ply][1] && feature_on(ctx, SEARCH_FEATURE_KILLERS)) {
            keys[i] = KEY_KILLER;
        } else if (m == counter) {
            keys[i] = KEY_COUNTER;
        } else {
            keys[i] = ctx->use_hh ? ctx->history[game_move_index(m)] : 0;
        }
    }
    if (!pv_found) ctx->follow_pv = false;
    sort_moves(list, keys, n);
}

void order_captures(const SearchCtx *ctx, GameMove *list, int n)
{
#if GAME_HAS_NOISY
    int keys[GAME_MAX_MOVES];
    for (int i = 0; i < n; i++)
        keys[i] = game_is_capture(ctx->pos, list[i]) ? capture_key(ctx, list[i]) : 0;
    sort_moves(list, keys, n);
#else
    /* Every move is quiet: the order stays. */
    (void)ctx, (void)list, (void)n;
#endif
}

void history_reward(SearchCtx *ctx, GameMove m, int depth)
{
    int *h = &ctx->history[game_move_index(m)];
    *h += depth * depth;
    if (*h > HISTORY_MAX)
        for (int i = 0; i < GAME_MOVE_INDEXES; i++) ctx->history[i] /= 2;
}

/* Moves *h towards +-HISTORY_GRAVITY by bonus: the nearer it is, the less it moves. */
static inline void history_gravity(int *h, int bonus)
{
    int64_t mag = bonus < 0 ? -bonus : bonus;
    *h += bonus - (int)((int64_t)*h * mag / HISTORY_GRAVITY);
}

void history_update(SearchCtx *ctx, GameMove m, const GameMove *tried, int n, int depth)
{
    int bonus = depth * depth < HISTORY_GRAVITY / 8 ? depth * depth : HISTORY_GRAVITY / 8;
    history_gravity(&ctx->history[game_move_index(m)], bonus);
    for (int i = 0; i < n; i++) history_gravity(&ctx->history[game_move_index(tried[i])], -bonus);
}
