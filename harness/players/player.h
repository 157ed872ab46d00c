/*
 * players/player.h - anything that answers "your move, with these limits": a UCI or
 * xboard engine (players/client.h), a person at a terminal. play/gameplay.c plays one
 * game over two players and a game, whatever they are, and never trusts
 * them: it keeps the position and checks every reply.
 *
 * A player is told the game, not made to replay it: `begin` gives it a game
 * (its start and the moves so far) at the start and after moves were taken
 * back, `on_move` each move played since, one at a time, and `go` asks for
 * a move in the game as it was told. A player keeps only what it needs (an
 * engine client its `position ... moves ...` line, a person the position),
 * so that nothing it does per move grows with the game's length.
 */
#ifndef HARNESS_PLAYER_H
#define HARNESS_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

/* How a request to a player ended. */
typedef enum {
    CLIENT_OK = 0,
    CLIENT_START_FAILED, /* could not be started */
    CLIENT_NO_HANDSHAKE, /* no uciok / feature done=1 in time */
    CLIENT_STALL,        /* no answer to isready / ping, or no move in time */
    CLIENT_DISCONNECT,   /* crashed, exited or closed its output (a person: end of input) */
    CLIENT_ILLEGAL_MOVE, /* a well-formed move that is not legal in the position */
    CLIENT_BAD_MOVE,     /* move text that cannot be read */
    CLIENT_UNSUPPORTED,  /* the player cannot be given this position (setboard=0) */
    CLIENT_BAD_OPTION,   /* option.NAME=VALUE the engine did not announce, or a value outside its type */
    CLIENT_STATUS_COUNT  /* the number of statuses: a table sentinel */
} ClientStatus;

/* Limits of one search. Zero = not given; times in milliseconds. */
typedef struct {
    int depth;
    uint64_t nodes;
    int64_t movetime;
    int64_t time[2], inc[2]; /* per side: [0] the first player, [1] the second */
    int movestogo;
} GoLimits;

#define REPORT_MAX_ITERATIONS 64

/* One `info` line with a depth, as the engine sent it. */
typedef struct {
    int depth;
    uint64_t nodes;
    int64_t time_ms;
    bool mate;
    int score; /* centipawns, or moves to mate (negative: being mated) */
    char move[24]; /* the PV's first move: as sent until parse_pv, then in the game's record notation ("" none or not legal) */
} Iteration;

/* What kind of answer a player gave. */
typedef enum {
    ANSWER_MOVE = 0, /* a move (EngineReply.best) */
    ANSWER_RESIGN,   /* resigned instead of moving */
    ANSWER_COMMAND,  /* a person's command instead of a move (EngineReply.command) */
    ANSWER_LEFT      /* a person left (end of input) */
} AnswerKind;

/* Longest command line a person's answer carries (bytes, with the NUL). */
#define ANSWER_COMMAND_BYTES 512

/* What a player answered to one request for a move. */
typedef struct {
    MoveCode best;
    int depth, seldepth;
    bool has_score, mate;
    int score;
    uint64_t nodes, nps;
    int64_t time_ms;   /* as reported by the engine (0 if not) */
    int64_t wall_ms;   /* from the request to the move, measured here */
    int64_t held_ms;   /* of wall_ms, what the machine held the engine or the harness back: runnable, waiting for a CPU */
    char pv[1024];     /* moves in the game's record notation, space-separated (the legal prefix) */
    Iteration iter[REPORT_MAX_ITERATIONS];
    int niter;
    char bad_text[64]; /* the offending move text for ILLEGAL / BAD_MOVE */
    AnswerKind answer; /* best is MOVE_CODE_NONE unless ANSWER_MOVE */
    char command[ANSWER_COMMAND_BYTES]; /* ANSWER_COMMAND: the line typed ("undo", "save x.pgn") */
} EngineReply;

typedef struct Player Player;

/* What each kind of player does; the player is the first argument. */
typedef struct {
    /* Prepares for a new game or an unrelated position. */
    ClientStatus (*new_game)(Player *p);
    /* The game from now on: the position root and moves[0..n) played from
     * it (legal: they were checked when played). Called at the start of a
     * game and after moves were taken back; a player copies what it keeps.
     * Fails (CLIENT_UNSUPPORTED, err set) only for a game it cannot hold. */
    ClientStatus (*begin)(Player *p, const char *root, const MoveCode *moves, int n, char *err, size_t errlen);
    /* One more move of the game (legal: checked), by either side. */
    ClientStatus (*on_move)(Player *p, MoveCode m, char *err, size_t errlen);
    /*
     * Asks for a move in the game as begin and on_move told it. Fills
     * reply: with CLIENT_OK reply->answer says whether it is a move
     * (reply->best, which the caller checks), a resignation, or a person's
     * command. On failure err says what happened in one line.
     */
    ClientStatus (*go)(Player *p, const GoLimits *limits, EngineReply *reply, char *err, size_t errlen);
    /* The player's name for tables and messages. */
    const char *(*name)(const Player *p);
    /* May be NULL. The player has moved and the opponent's turn begins:
     * an engine with ponder=true thinks on the move it expects, with
     * limits as its next go would have them now (the clocks as they stand). */
    void (*ponder)(Player *p, const GoLimits *limits);
} PlayerOps;

/* Each kind of player embeds this as its first member. */
struct Player {
    const PlayerOps *ops;
};

static inline ClientStatus player_new_game(Player *p) { return p->ops->new_game(p); }

static inline ClientStatus player_begin(Player *p, const char *root, const MoveCode *moves, int n, char *err,
                                        size_t errlen)
{
    return p->ops->begin(p, root, moves, n, err, errlen);
}

static inline ClientStatus player_on_move(Player *p, MoveCode m, char *err, size_t errlen)
{
    return p->ops->on_move(p, m, err, errlen);
}

static inline ClientStatus player_go(Player *p, const GoLimits *limits, EngineReply *reply, char *err, size_t errlen)
{
    return p->ops->go(p, limits, reply, err, errlen);
}

static inline const char *player_name(const Player *p) { return p->ops->name(p); }

static inline void player_ponder(Player *p, const GoLimits *limits)
{
    if (p->ops->ponder) p->ops->ponder(p, limits);
}

/* Short lower-case name of a status ("stall", "illegal move", ...). */
const char *client_status_text(ClientStatus s);

#endif
