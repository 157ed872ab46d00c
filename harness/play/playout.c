/*
 * play/playout.c - one annotated position played out and judged by the game's rules.
 */
#include "play/playout.h"

#include <string.h>

/* Plays the position out into out; the game's rules judge every ply. */
static void play_out(const Game *game, const GameRules *rules, GameState *pos, Player *attacker, const GoLimits *attacker_limits,
                     Player *defender, const GoLimits *defender_limits, const EpdEntry *e, int bound,
                     PlayoutResult *out)
{
    int attacker_side = game->side_to_move(pos);
    for (;;) {
        out->outcome = game->outcome(pos, rules);
        if (out->outcome.result != RESULT_NONE || out->plies >= bound) return;
        int side = game->side_to_move(pos);
        bool attacking = side == attacker_side;
        EngineReply reply;
        out->status = player_go(attacking ? attacker : defender, e->fen, out->moves, out->plies,
                                attacking ? attacker_limits : defender_limits, &reply, out->err, sizeof out->err);
        if (out->status == CLIENT_OK && (reply.resigned || reply.best == MOVE_CODE_NONE)) {
            /* A resignation is a loss for the resigning side. */
            out->outcome = (GameOutcome){game_win_for(!side), 0, ""};
            return;
        }
        if (out->status != CLIENT_OK) {
            out->failed_side = side;
            return;
        }
        out->moves[out->plies++] = reply.best;
        game->play(pos, reply.best);
    }
}

void playout_run(const Game *game, const GameRules *rules, Player *attacker, const GoLimits *attacker_limits, Player *defender,
                 const GoLimits *defender_limits, const EpdEntry *e, PlayoutResult *out)
{
    int bound = 2 * (e->within > 0 ? e->within : PLAYOUT_DEFAULT_MOVES);
    memset(out, 0, sizeof *out);
    if (bound > PLAYOUT_MAX_PLIES) bound = PLAYOUT_MAX_PLIES;
    GameState *pos = game->state_new();
    if (!pos || game->set_position(pos, e->fen, out->err, sizeof out->err)) {
        out->status = CLIENT_UNSUPPORTED;
        game->state_free(pos);
        return;
    }
    play_out(game, rules, pos, attacker, attacker_limits, defender, defender_limits, e, bound, out);
    game->state_free(pos);
    if (out->status != CLIENT_OK) return;
    GameResult want = game_result_parse(e->result);
    if (want == RESULT_DRAW)
        out->passed = out->outcome.result == RESULT_NONE || out->outcome.result == RESULT_DRAW;
    else
        out->passed = out->outcome.result == want;
}
