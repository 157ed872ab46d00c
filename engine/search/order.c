/*
 * order.c - move ordering shared by every variant, and the history table.
 *
 * Every variant gets the same static order (captures by most valuable
 * victim / least valuable attacker before quiet moves in generation order),
 * so that "+HH" and "+TT" measure exactly what they add on top of it.
 */
#include "ctx.h"

/* Sort keys, highest first. */
#define KEY_PV (1 << 30)
#define KEY_TT (1 << 29)
#define KEY_CAPTURE (1 << 28)

static int capture_key(const GamePosition *pos, GameMove m)
{
    /* Victim dominates; among equal victims the cheaper attacker first. */
    return KEY_CAPTURE + game_victim_value(pos, m) * 64 - game_attacker_value(pos, m) / 32;
}

/* Stable insertion sort of list by keys, descending: ties keep generation order. */
static void sort_by_keys(GameMove *list, int *keys, int n)
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

void order_moves(SearchCtx *ctx, GameMove *list, int n, GameMove tt_move, int ply)
{
    int keys[GAME_MAX_MOVES];
    bool pv_found = false;
    /* On the previous iteration's PV (the path of first moves so far), its
     * move at this ply goes first; off it, following stops. */
    GameMove pv_move = ctx->follow_pv && ply < ctx->prev_pv_len ? ctx->prev_pv[ply] : GAME_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        GameMove m = list[i];
        if (m == pv_move) {
            keys[i] = KEY_PV;
            pv_found = true;
        } else if (m == tt_move) {
            keys[i] = KEY_TT;
        } else if (game_is_capture(ctx->pos, m)) {
            keys[i] = capture_key(ctx->pos, m);
        } else {
            keys[i] = ctx->use_hh ? ctx->history[game_move_index(m)] : 0;
        }
    }
    if (!pv_found) ctx->follow_pv = false;
    sort_by_keys(list, keys, n);
}

void order_captures(const SearchCtx *ctx, GameMove *list, int n)
{
    int keys[GAME_MAX_MOVES];
    for (int i = 0; i < n; i++)
        keys[i] = game_is_capture(ctx->pos, list[i]) ? capture_key(ctx->pos, list[i]) : 0;
    sort_by_keys(list, keys, n);
}

void history_reward(SearchCtx *ctx, GameMove m, int depth)
{
    int *h = &ctx->history[game_move_index(m)];
    *h += depth * depth;
    if (*h > HISTORY_MAX)
        for (int i = 0; i < GAME_MOVE_INDEXES; i++) ctx->history[i] /= 2;
}
