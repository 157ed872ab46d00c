/*
 * client.h - talking to an engine over UCI / UCCI or xboard (CECP v2). The
 * harness never trusts an engine: it keeps the position itself, checks
 * every move for legality and reports each kind of failure separately.
 */
#ifndef HARNESS_CLIENT_H
#define HARNESS_CLIENT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "board.h"

#define SPEC_MAX_ARGS 32
#define SPEC_MAX_OPTIONS 32

typedef enum { PROTO_UCI, PROTO_XBOARD } Protocol;

/* How an engine writes moves: ICCS ranks 0-9, or ranks 1-10 (Fairy-Stockfish). */
typedef enum { MOVES_AUTO, MOVES_ICCS, MOVES_FAIRY } MoveConvention;

typedef struct {
    char name[64];
    char value[256];
} EngineOption;

/* How an engine writes its principal variations (AUTO: coordinates, else SAN). */
typedef enum { PV_AUTO, PV_COORD, PV_SAN } PvNotation;

/* A yes / no setting that may also be left to the engine's features or profile. */
typedef enum { QUIRK_AUTO, QUIRK_NO, QUIRK_YES } QuirkSwitch;

/* xboard setboard FEN letters for horse and elephant: h/e (xboard's Xiangqi) or n/b. */
typedef enum { FEN_AUTO, FEN_HE, FEN_NB } FenLetters;

/*
 * How a third-party engine departs from the protocol, as given on the
 * command line (`quirks=profile=maxqi,setboard=0,pv=san,...`). Every field
 * left at its zero value comes from the engine's built-in profile (chosen by
 * its program or reported name; see client.c), and failing that from the
 * engine's own feature announcements.
 */
typedef struct {
    char profile[32];     /* "" = by name, "none" = no profile, else a profile name */
    QuirkSwitch setboard; /* xboard: can it set up a FEN? (overrides feature setboard) */
    QuirkSwitch usermove; /* xboard: moves sent as "usermove h2e2"? (overrides the feature) */
    QuirkSwitch ping;     /* xboard: does ping / pong work? (overrides the feature) */
    PvNotation pv;        /* how PVs are written */
    FenLetters fen;       /* xboard setboard letters */
    int mate_score;       /* xboard: 0 = by profile, -1 = CECP 100000 + moves, N = N - plies (Fairy-Max 8000) */
} EngineQuirks;

/* One engine as given on the command line (-engine name=... cmd=... ...). */
typedef struct {
    char name[64];
    char cmd[1024];
    char args[SPEC_MAX_ARGS][256];
    int nargs;
    char dir[1024];            /* working directory, "" = current */
    Protocol proto;
    MoveConvention moves;
    EngineOption options[SPEC_MAX_OPTIONS];
    int noptions;
    char variant[64];          /* our engine's search variant (-variant-engines), "" otherwise */
    EngineQuirks quirks;       /* quirks= overrides (all zero: the built-in profile) */
} EngineSpec;

typedef enum {
    CLIENT_OK = 0,
    CLIENT_START_FAILED, /* could not be started */
    CLIENT_NO_HANDSHAKE, /* no uciok / feature done=1 in time */
    CLIENT_STALL,        /* no answer to isready / ping, or no move in time */
    CLIENT_DISCONNECT,   /* crashed, exited or closed its output */
    CLIENT_ILLEGAL_MOVE, /* a well-formed move that is not legal in the position */
    CLIENT_BAD_MOVE,     /* move text that cannot be read */
    CLIENT_UNSUPPORTED   /* the engine cannot be given this position (setboard=0) */
} ClientStatus;

/* Limits of one search. Zero = not given; times in milliseconds. */
typedef struct {
    int depth;
    uint64_t nodes;
    int64_t movetime;
    int64_t time[2], inc[2]; /* Red, Black */
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
} Iteration;

/* What the engine answered to one search. */
typedef struct {
    Move best;
    int depth, seldepth;
    bool has_score, mate;
    int score;
    uint64_t nodes, nps;
    int64_t time_ms;  /* as reported by the engine (0 if not) */
    int64_t wall_ms;  /* from sending `go` to reading the move, measured here */
    char pv[1024];    /* ICCS moves, space-separated (only the legal prefix) */
    Iteration iter[REPORT_MAX_ITERATIONS];
    int niter;
    char bad_text[64]; /* the offending move text for ILLEGAL / BAD_MOVE */
    bool resigned;     /* xboard `resign` instead of a move (best is MOVE_NONE) */
} EngineReply;

/* Timeouts in milliseconds. */
typedef struct {
    int handshake_ms; /* uci -> uciok, xboard -> feature done=1 */
    int ready_ms;     /* isready -> readyok, ping -> pong */
    int move_grace_ms;/* beyond the search's own time before it counts as a stall */
    int untimed_ms;   /* a depth- or node-limited search taking longer is a stall */
    int quit_grace_ms;/* after quit before SIGTERM, and after SIGTERM before SIGKILL */
} ClientTimeouts;

typedef struct Client Client;

/* Defaults: 10 s handshake, 5 s ready, 5 s move grace, 10 min untimed, 1 s quit grace. */
ClientTimeouts client_default_timeouts(void);

/*
 * Starts the engine and completes the handshake (options, UCI_Variant or
 * `variant xiangqi`). Returns NULL on failure with *status and err set.
 * log (may be NULL) receives every line of traffic; stderr_path (may be
 * NULL) the engine's stderr.
 */
Client *client_start(const EngineSpec *spec, const ClientTimeouts *t, FILE *log, const char *stderr_path,
                     ClientStatus *status, char *err, size_t errlen);

/* Prepares for a new game or an unrelated position (ucinewgame / new). */
ClientStatus client_new_game(Client *c);

/*
 * Asks for a move in the position reached from root_fen by moves[0..n)
 * (legal moves: the caller checked them when they were played).
 * Fills report; report->best is legal in that position when CLIENT_OK.
 * On failure err says what happened in one line.
 */
ClientStatus client_go(Client *c, const char *root_fen, const Move *moves, int nmoves, const GoLimits *limits,
                       EngineReply *report, char *err, size_t errlen);

/* Quits and restarts the engine (after a crash or stall). */
ClientStatus client_restart(Client *c, char *err, size_t errlen);

/* Quits the engine (quit, then SIGTERM, then SIGKILL) and frees. NULL is a no-op. */
void client_free(Client *c);

/* Short lower-case name of a status ("stall", "illegal move", ...). */
const char *client_status_text(ClientStatus s);

/* The move convention in use (after auto-detection). */
MoveConvention client_moves(const Client *c);

/*
 * Parses a quirks= value: comma-separated KEY=VALUE items, `profile=NAME`
 * (fairy-stockfish, maxqi, fairy-max, sjaak, none), `setboard=0|1`,
 * `usermove=0|1`, `ping=0|1`, `pv=coord|san|auto`, `fen=he|nb`,
 * `mate=cecp|N`. Fills q (items not given keep their value). Returns 0, or
 * -1 with a one-line reason in err.
 */
int client_parse_quirks(const char *text, EngineQuirks *q, char *err, size_t errlen);

/* The name of the built-in profile in use ("none" when no profile applies). */
const char *client_profile(const Client *c);

#endif
