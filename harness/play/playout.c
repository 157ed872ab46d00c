/*
 * play/playout.c - one annotated position played out by the game loop
 * (play/gameplay.c) and judged by the game's rules, within its bound.
 */
#include "play/playout.h"

#include <stdlib.h>
#include <string.h>

#include "play/gameplay.h"

/* The loop's record as a playout's result. */
static void take_result(const GameRecord *g, PlayoutResult *out)
{
    out->plies = g->plies;
    for (int i = 0; i < g->plies; i++) out->moves[i] = g->moves[i].move;
    if (g->failure != CLIENT_OK) { /* a player failed: its status and reason, without the side's name */
        const char *colon = strstr(g->detail, ": ");
        out->status = g->failure;
        out->failed_side = g->loser_side;
        snprintf(out->err, sizeof out->err, "%s", colon ? colon + 2 : g->detail);
        return;
    }
    out->outcome.result = g->result; /* a resignation: a loss for the side that resigned, reason 0 */
    if (g->term == TERM_RULES) {
        out->outcome.reason = g->reason;
        snprintf(out->outcome.detail, sizeof out->outcome.detail, "%.95s", g->detail);
    }
}

void playout_run(const Game *game, const GameRules *rules, Player *attacker, const GoLimits *attacker_limits, Player *defender,
                 const GoLimits *defender_limits, const EpdEntry *e, PlayoutResult *out)
{
    int bound = 2 * (e->within > 0 ? e->within : PLAYOUT_DEFAULT_MOVES);
    memset(out, 0, sizeof *out);
    if (bound > PLAYOUT_MAX_PLIES) bound = PLAYOUT_MAX_PLIES;
    GameState *pos = game->state_new();
    GameRecord *g = malloc(sizeof *g);
    if (!pos || !g || game->set_position(pos, e->fen, out->err, sizeof out->err)) {
        if (!pos || !g) snprintf(out->err, sizeof out->err, "out of memory");
        out->status = CLIENT_UNSUPPORTED;
        game->state_free(pos);
        free(g);
        return;
    }
    /* The limits are how long each thinks: no clock, so no loss on time. */
    int attacker_side = game->side_to_move(pos);
    game->state_free(pos);
    TimeControl tc[2] = {{0}, {0}};
    const GoLimits *limits[2];
    limits[attacker_side] = attacker_limits;
    limits[!attacker_side] = defender_limits;
    for (int side = 0; side < 2; side++)
        tc[side] = (TimeControl){0, 0, 0, limits[side]->movetime, limits[side]->depth, limits[side]->nodes, 0};
    GameSetup s = {game, {NULL, NULL}, {&tc[0], &tc[1]}, {0}, *rules, bound, true, NULL};
    s.player[attacker_side] = attacker;
    s.player[!attacker_side] = defender;
    game_play(&s, e->fen, NULL, 0, g);
    take_result(g, out);
    free(g);
    if (out->status != CLIENT_OK) return;
    GameResult want = game_result_parse(e->result);
    if (want == RESULT_DRAW)
        out->passed = out->outcome.result == RESULT_NONE || out->outcome.result == RESULT_DRAW;
    else
        out->passed = out->outcome.result == want;
}
