/*
 * play/playout.h - playing an annotated position out (`result 1-0; within 30;`):
 * the engine plays the side to move, itself or a defender the other side,
 * and the game's rules adjudicate every ply.
 */
#ifndef HARNESS_PLAYOUT_H
#define HARNESS_PLAYOUT_H

#include "formats/epd.h"
#include "games/game.h"
#include "players/player.h"

/* A playout without `within` gets this many moves (each side). */
#define PLAYOUT_DEFAULT_MOVES 100
#define PLAYOUT_MAX_PLIES 1000

typedef struct {
    GameOutcome outcome;      /* RESULT_NONE if the bound came first; reason 0 for a resignation */
    int plies;
    MoveCode moves[PLAYOUT_MAX_PLIES];
    ClientStatus status;      /* CLIENT_OK unless an engine failed */
    int failed_side;          /* the side whose engine failed */
    char err[256];
    bool passed;
} PlayoutResult;

/*
 * Plays e out: `attacker` moves for the side to move in e->fen, `defender`
 * (may be the same client) for the other, each with its limits, for at most
 * e->within moves each (PLAYOUT_DEFAULT_MOVES if 0). It passes when a
 * decisive expected result is reached within the bound, or, for an expected
 * draw, when the side to move has not lost and its opponent has not lost
 * either by the end (a draw by rule or the bound).
 */
void playout_run(const Game *game, const GameRules *rules, Player *attacker, const GoLimits *attacker_limits, Player *defender,
                 const GoLimits *defender_limits, const EpdEntry *e, PlayoutResult *out);

#endif
