/*
 * players/client_impl.h - what the engine client's three files share (players/client.c: life
 * cycle, profiles and lines; players/uci.c: UCI and UAI; players/xboard.c). Private to them.
 */
#ifndef HARNESS_CLIENT_IMPL_H
#define HARNESS_CLIENT_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "players/client.h"
#include "players/client_parse.h"
#include "proc/proc.h"
#include "util/util.h"

#define LINE_BYTES PARSE_LINE_BYTES
/* Moves one game can hold (the longest game any game allows, with room). */
#define CLIENT_MAX_PLIES 2048

/* An option the engine announced in its handshake. */
typedef struct {
    char name[64];
    char type[16];       /* spin, check, combo, string, button (xboard's words mapped to these) */
    long min, max;       /* spin */
    char *choices;       /* combo: the values, '\n'-separated (heap; NULL: none) */
    bool choices_lost;   /* out of memory on a value: any value is then let through */
} AnnouncedOption;

struct Client {
    Player player;                /* first: client_player() hands this out */
    EngineSpec spec;
    const Game *game;
    ClientTimeouts t;
    FILE *log;
    char stderr_path[1024];
    Proc *proc;
    const GameEngine *profile;    /* NULL: none */
    EngineQuirks q;               /* in effect: the user's, then the profile's */
    ParseState parse;
    bool has_variant_option;      /* UCI: offers UCI_Variant */
    AnnouncedOption *options_seen; /* what the handshake announced (heap) */
    int noptions_seen, options_cap;
    bool setboard, ping, usermove, plays_variant; /* xboard features */
    int ping_id;
    bool dirty;                   /* a search was abandoned: the engine may still be thinking */
    ClientStatus pending;         /* a failure between games, reported by the next client_go */
    char pending_err[256];
    int claims;                   /* xboard result claims seen (ignored) */
    int games_begun;              /* client_new_game calls (restart=on: a new process from the second) */
    /* The game as the harness told it (client_set_game, client_tell_move). */
    bool told;                    /* a game was set up (false: the last one could not be) */
    char root[GAME_TEXT_MAX];
    int n;                        /* its moves so far */
    GameState *pos;               /* the position after them */
    char (*texts)[MOVE_TEXT_BYTES]; /* its moves in the engine's notation */
    char *posline;                /* UCI: "position fen ROOT moves M1 M2 ...", appended to move by move */
    size_t posline_len, posline_cap;
    /* xboard: the game the engine holds (after its last move, in force
     * mode): texts[0..xb_n) and then xb_reply (its own last move, until the
     * harness plays it too), so that the next search sends only the moves since. */
    bool xb_synced;
    bool xb_pondering;            /* ponder=true: in play mode after its move, thinking on (no force sent) */
    int xb_n;
    MoveCode xb_reply;
    /* Pondering (spec.ponder; UCI and UAI: players/uci.c). After the
     * engine's move, the `ponder Y` of its bestmove (ponder_text, for the
     * game of ponder_after moves: the engine's own played); while a `go
     * ponder` on Y runs (pondering), whether the opponent's move was Y
     * (ponder_hit: the next search is `ponderhit`, else `stop`). */
    char ponder_text[MOVE_TEXT_BYTES];
    int ponder_after;
    MoveCode ponder_move;
    bool pondering, ponder_hit;
    int ponder_notes;             /* ponder moves that were not legal, noted in the stderr log (the first 100) */
    char line[LINE_BYTES];
    int64_t line_ms; /* when the last line was read (the monotonic clock, at the read) */
};

/* ---- players/client_options.c ---- */

/* Adds the option of a UCI `option name ...` line / of an xboard
 * `feature option="..."` value to c's announced options. */
void client_uci_option(Client *c, const char *line);
void client_xboard_option(Client *c, const char *value);
/* Frees the options the handshake announced (client_free). */
void client_options_free(Client *c);

/*
 * Checks every option.NAME=VALUE of c->spec against what the engine
 * announced: an unknown name, or a value outside its type (spin range,
 * check, combo choices), is CLIENT_BAD_OPTION with one line in err; an
 * unknown name that came from -each is marked skip (not sent). Returns
 * CLIENT_OK or CLIENT_BAD_OPTION.
 */
ClientStatus client_check_options(Client *c, char *err, size_t errlen);

/* ---- players/client.c ---- */

/* Formats err (when not NULL) and returns st. */
ClientStatus client_fail(ClientStatus st, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Sends one line (printf-style); a failed write is a disconnect. */
ClientStatus client_send(Client *c, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Maps a failed write to the disconnect it means. */
ClientStatus client_send_failed(Client *c, char *err, size_t errlen);

/* Reads the next line into c->line before the deadline (absolute ms). */
ClientStatus client_read_until(Client *c, int64_t deadline, char *err, size_t errlen);
/* What the machine has held c's engine and this thread back so far (us):
 * proc_run_delay_us of both, and the host's steal of every CPU (proc_steal_us). */
int64_t client_held_us(const Client *c);
/* Times a reply read with status st: wall_ms from start to the line read
 * (now, when none was), held_ms what the machine held back since held_us. */
void client_time_reply(Client *c, ClientStatus st, int64_t start, int64_t held_us, EngineReply *r);

/* Appends a note from the harness to the engine's stderr log (if any):
 * "qibench: NAME: TEXT". */
void client_note(const Client *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Waits for a line starting with the whole word `word`. */
ClientStatus client_expect_word(Client *c, const char *word, int timeout_ms, char *err, size_t errlen);

/* isready / readyok, or ping / pong: is the engine still answering? */
ClientStatus client_sync(Client *c, char *err, size_t errlen);

/* Sets c->profile from a name the engine gave itself (if none was chosen yet). */
void client_apply_profile(Client *c, const char *name);

/* Resets the output parser (after the profile or the features changed). */
void client_reset_parser(Client *c);


/* How long a search may take before it is a stall. */
int64_t client_search_budget(const Client *c, const GoLimits *l, int side);

/* ---- players/uci.c ---- */

/* The words in which the protocols of the UCI family (UCI, UAI) differ. */
typedef struct {
    const char *hello;     /* the handshake's command ("uci") */
    const char *ok[2];     /* its answers ("uciok", "ucciok"; NULL: none more) */
    const char *newgame;   /* before each game ("ucinewgame") */
    int wtime_side;        /* the side (0: the first player) whose clock go calls wtime / winc */
} UciWords;

/* The words of protocol p (PROTO_UCI for anything not of the family). */
const UciWords *uci_words(Protocol p);

ClientStatus uci_handshake(Client *c, char *err, size_t errlen);
/* One search in the game as told (c->posline, c->pos): `ponderhit` when
 * the engine pondered on the move played, else (a ponder search ended
 * first: uci_ponder_end) position and go. */
ClientStatus uci_go(Client *c, const GoLimits *l, EngineReply *r, char *err, size_t errlen);
/* After the engine's move (the game told up to it), when it gave a ponder
 * move legal there: `position ... moves ... X Y` and `go ponder` with
 * limits l (the clocks as they stand). A ponder move that is not legal is
 * ignored, with a note in the engine's stderr log (client_note). */
ClientStatus uci_ponder(Client *c, const GoLimits *l, char *err, size_t errlen);
/* Ends a ponder search (if one runs): `stop`, its bestmove read and
 * dropped within the move grace (CLIENT_STALL without it). */
ClientStatus uci_ponder_end(Client *c, char *err, size_t errlen);

/* ---- players/xboard.c ---- */
ClientStatus xboard_handshake(Client *c, char *err, size_t errlen);
/* One search in the game as told (c->root, c->texts[0..c->n), c->pos). */
ClientStatus xboard_go(Client *c, const GoLimits *l, EngineReply *r, char *err, size_t errlen);

#endif
