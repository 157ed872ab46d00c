/*
 * playout.c - one annotated position played out and judged.
 */
#include "playout.h"

#include <string.h>

#include "movegen.h"

static GameResult expected_result(const char *text)
{
    if (strcmp(text, "1-0") == 0) return RESULT_RED_WINS;
    if (strcmp(text, "0-1") == 0) return RESULT_BLACK_WINS;
    if (strcmp(text, "1/2-1/2") == 0) return RESULT_DRAW;
    return RESULT_NONE;
}

void playout_run(Client *attacker, const GoLimits *attacker_limits, Client *defender, const GoLimits *defender_limits,
                 const EpdEntry *e, PlayoutResult *out)
{
    static _Thread_local Position pos;
    RulesConfig rules = rules_default_config();
    int bound = 2 * (e->within > 0 ? e->within : PLAYOUT_DEFAULT_MOVES);
    memset(out, 0, sizeof *out);
    if (bound > PLAYOUT_MAX_PLIES) bound = PLAYOUT_MAX_PLIES;
    pos_from_fen(&pos, e->fen, NULL, 0);
    int attacker_side = pos.side;
    for (;;) {
        out->outcome = rules_outcome(&pos, &rules);
        if (out->outcome.result != RESULT_NONE || out->plies >= bound) break;
        bool attacking = pos.side == attacker_side;
        EngineReply reply;
        out->status = client_go(attacking ? attacker : defender, e->fen, out->moves, out->plies,
                                attacking ? attacker_limits : defender_limits, &reply, out->err, sizeof out->err);
        if (out->status == CLIENT_OK && (reply.resigned || reply.best == MOVE_NONE)) {
            /* A resignation is a loss for the resigning side. */
            out->outcome.result = pos.side == RED ? RESULT_BLACK_WINS : RESULT_RED_WINS;
            out->outcome.reason = END_NONE;
            break;
        }
        if (out->status != CLIENT_OK) {
            out->failed_side = pos.side;
            return;
        }
        out->moves[out->plies++] = reply.best;
        pos_make_move(&pos, reply.best);
    }
    GameResult want = expected_result(e->result);
    if (want == RESULT_DRAW)
        out->passed = out->outcome.result == RESULT_NONE || out->outcome.result == RESULT_DRAW;
    else
        out->passed = out->outcome.result == want;
}
