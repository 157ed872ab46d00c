/*
 * players/client.h - talking to an engine over UCI / UCCI, UAI or xboard (CECP v2). The
 * harness never trusts an engine: it keeps the position itself, checks
 * every move for legality and reports each kind of failure separately.
 */
#ifndef HARNESS_CLIENT_H
#define HARNESS_CLIENT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "games/game.h"
#include "players/player.h"

#define SPEC_MAX_ARGS 32
#define SPEC_MAX_OPTIONS 32

/* The protocols: UCI (UCCI its synonym), xboard (CECP), and UAI, UCI
 * with other words (players/uci.c says which). */
typedef enum { PROTO_UCI, PROTO_XBOARD, PROTO_UAI, PROTO_COUNT } Protocol;

/* A protocol's name (proto=NAME, and in results): "uci", "xboard", "uai". */
const char *client_proto_name(Protocol p);

/* The protocol proto=NAME names, its synonyms too (ucci, cecp); 0, or -1
 * with a one-line reason naming the protocols in err. */
int client_proto_parse(const char *name, Protocol *out, char *err, size_t errlen);


typedef struct {
    char name[64];
    char value[256];
    bool from_each;  /* given by -each (an engine without it is not sent it) */
    bool skip;       /* the engine does not have it (set by the handshake) */
} EngineOption;

/* How an engine writes its principal variations (AUTO: coordinates, else SAN). */
typedef enum { PV_AUTO, PV_COORD, PV_SAN } PvNotation;

/* A yes / no setting that may also be left to the engine's features or profile. */
typedef enum { QUIRK_AUTO, QUIRK_NO, QUIRK_YES } QuirkSwitch;


/*
 * How a third-party engine departs from the protocol, as given on the
 * command line (`quirks=profile=maxqi,setboard=0,pv=san,...`). Every field
 * left at its zero value comes from the engine's built-in profile (chosen by
 * its program or reported name; see players/client.c), and failing that from the
 * engine's own feature announcements.
 */
typedef struct {
    char profile[32];     /* "" = by name, "none" = no profile, else a profile name */
    QuirkSwitch setboard; /* xboard: can it set up a FEN? (overrides feature setboard) */
    QuirkSwitch usermove; /* xboard: moves sent as "usermove h2e2"? (overrides the feature) */
    QuirkSwitch ping;     /* xboard: does ping / pong work? (overrides the feature) */
    PvNotation pv;        /* how PVs are written */
    char fen[16];         /* position spelling (xboard setboard; UCI position when set): a dialect the game's engine_position knows, "" = by profile */
    int mate_score;       /* xboard: 0 = by profile, -1 = CECP 100000 + moves, N = N - plies (Fairy-Max 8000) */
} EngineQuirks;

/* restart=: auto and off keep the process between games (one that failed
 * is started again for its next game); on starts one for every game. */
typedef enum { RESTART_AUTO, RESTART_ON, RESTART_OFF } EngineRestart;

/* One engine as given on the command line (-engine name=... cmd=... ...). */
typedef struct {
    char name[64];
    char cmd[1024];
    char args[SPEC_MAX_ARGS][256];
    int nargs;
    char dir[1024];            /* working directory, "" = current */
    Protocol proto;
    char notation[16];         /* the engine's move notation (a protocol notation of the game), "" = auto */
    EngineOption options[SPEC_MAX_OPTIONS];
    int noptions;
    char variant[64];          /* our engine's search variant (-variant-engines), "" otherwise */
    EngineQuirks quirks;       /* quirks= overrides (all zero: the built-in profile) */
    char initstr[512];         /* initstr=: sent after the handshake ("\\n" separates lines), "" = none */
    EngineRestart restart;     /* restart=on: a fresh process for every game */
    char stderr_file[1024];    /* stderr=FILE: the engine's stderr there instead of the run's NAME.stderr.log */
    bool ponder;               /* ponder=true: it thinks on the opponent's time (UCI/UAI go ponder, xboard hard) */
    const struct Game *game;   /* the game played (NULL: game_default()) */
    const struct CpuList *cpus; /* its process pinned to these CPUs (a game slot's: --use-affinity), NULL: not pinned */
} EngineSpec;

/*
 * What the harness knows about a third-party engine, per game: each game's
 * table is Game.profiles (GameEngine: its quirks in quirks= syntax). A
 * profile applies when one of its `match` words (lower case, '|'-separated)
 * occurs in the engine's program name, UCI `id name` or xboard `myname`;
 * quirks= on the command line overrides any field, or picks a profile by
 * name.
 */

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

/* Room for any error client_start writes in full: an option error names
 * every option the engine announced, or every choice of a combo option. */
#define CLIENT_ERR_BYTES 8704

/*
 * Starts the engine and completes the handshake (options, UCI_Variant or
 * `variant NAME` of the spec's game). Returns NULL on failure with *status and err set.
 * log (may be NULL) receives every line of traffic; stderr_path (may be
 * NULL) the engine's stderr. An err of CLIENT_ERR_BYTES holds any error whole.
 */
Client *client_start(const EngineSpec *spec, const ClientTimeouts *t, FILE *log, const char *stderr_path,
                     ClientStatus *status, char *err, size_t errlen);

/* Prepares for a new game or an unrelated position (ucinewgame / new). */
ClientStatus client_new_game(Client *c);

/*
 * The game from now on: the position root_fen and moves[0..n) played from it
 * (legal moves: the caller checked them when they were played). Copies what
 * the client keeps (the position, the moves in the engine's notation, the
 * UCI position line). CLIENT_UNSUPPORTED with err when root_fen cannot be
 * set up or the game is longer than a client holds; the next search then
 * fails the same way.
 */
ClientStatus client_set_game(Client *c, const char *root_fen, const MoveCode *moves, int n, char *err,
                             size_t errlen);

/* One more move of the game (legal: checked by the caller), by either side;
 * appended to what the client keeps. Fails like client_set_game. */
ClientStatus client_tell_move(Client *c, MoveCode m, char *err, size_t errlen);

/*
 * Asks for a move in the game as told (client_set_game, client_tell_move).
 * Fills report; report->best is legal in that position when CLIENT_OK (or
 * MOVE_CODE_NONE with report->answer ANSWER_RESIGN). On failure err says
 * what happened in one line.
 */
ClientStatus client_search(Client *c, const GoLimits *limits, EngineReply *report, char *err, size_t errlen);

/* client_set_game, then client_search: one search of an unrelated position
 * (a suite's, a hint's). */
ClientStatus client_go(Client *c, const char *root_fen, const MoveCode *moves, int nmoves, const GoLimits *limits,
                       EngineReply *report, char *err, size_t errlen);

/* Quits and restarts the engine (after a crash or stall). */
ClientStatus client_restart(Client *c, char *err, size_t errlen);

/* Quits the engine (quit, then SIGTERM, then SIGKILL) and frees. NULL is a no-op. */
void client_free(Client *c);

/* The engine's move notation in use (a game notation index, after auto-detection). */
int client_notation(const Client *c);

/* The client as a player (for play/gameplay.c); valid until client_free. */
Player *client_player(Client *c);

/*
 * Parses a quirks= value: comma-separated KEY=VALUE items, `profile=NAME`
 * (one of the game's profiles, or none), `setboard=0|1`,
 * `usermove=0|1`, `ping=0|1`, `pv=coord|san|auto`, `fen=NAME` (a dialect of the game's
 * position text: xboard's setboard, and UCI's position line when given),
 * `mate=cecp|N`. (fen= is checked against the game when the engine starts.) Fills q (items not given keep their value). Returns 0, or
 * -1 with a one-line reason in err.
 */
int client_parse_quirks(const char *text, EngineQuirks *q, char *err, size_t errlen);

/* Checks the game-dependent quirks (profile=, fen=) against game. Returns 0,
 * or -1 with a one-line reason in err. */
int client_check_quirks(const struct Game *game, const EngineQuirks *q, char *err, size_t errlen);

/* The options of c's spec the engine did not announce (from -each, so not
 * sent), ", "-separated into buf ("" when none). */
void client_skipped_options(const Client *c, char *buf, size_t len);

/*
 * Starts each engine of specs once before the first game: one that cannot
 * start or does not complete its handshake is a setup error ("engine 'a'
 * cannot start: ..."), its announced options are checked (client_start
 * fails with CLIENT_BAD_OPTION), and each -each option an engine does not
 * have is warned of on stderr. With positions (the games start from
 * positions other than the start, as an EPD book's do), an engine that
 * cannot be set to a position (xboard without setboard) is a setup error
 * too. who prefixes the lines ("qibench match"). Returns 0, or -1 after
 * printing the one-line error.
 */
int client_preflight(const EngineSpec *const *specs, int n, const ClientTimeouts *t, bool positions, const char *who);

#endif
