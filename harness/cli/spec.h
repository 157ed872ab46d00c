/*
 * cli/spec.h - engines on the command line, in the style cutechess-cli and
 * fastchess users know:
 *   -engine name=N cmd=PATH [arg=A]... [dir=D] [proto=uci|xboard]
 *           [option.NAME=VALUE]... [notation=NAME|auto] [quirks=KEY=VALUE,...]
 *           [depth=N] [nodes=N] [movetime=MS] [st=SECONDS] [tc=[M/]S[+I]] [timemargin=MS]
 *   -each KEY=VALUE...        (applied to every engine; an engine's own setting wins)
 *   -variant-engines LIST|all (our engine once per search variant)
 */
#ifndef HARNESS_SPEC_H
#define HARNESS_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "players/client.h"
#include "play/gameplay.h"

#define MAX_ENGINES 64
#define SPEC_MAX_SET 96 /* keys one -engine or -each may set */

typedef struct {
    EngineSpec spec;
    GoLimits limits;
    TimeControl tc;   /* games: tc=, timemargin= (limits' depth/nodes/movetime apply too) */
    char set[SPEC_MAX_SET][72]; /* keys given explicitly (so -each does not override them) */
    int nset;
} EngineEntry;

typedef struct {
    EngineEntry engines[MAX_ENGINES];
    int count;
    EngineEntry each;  /* the -each settings */
    bool has_each;
} EngineList;

/*
 * Consumes the engine arguments starting at argv[*i] if argv[*i] is
 * -engine, -each or -variant-engines, advancing *i past them. Returns 1 if
 * it consumed something, 0 if argv[*i] is not an engine argument, -1 on an
 * error (one line in err: "-engine: unknown key 'x' (expected name, cmd,
 * ...)", "-variant-engines: unknown variant 'x'"...). own_engine is the
 * path of our engine for the game (bin/GAME-engine), used by
 * -variant-engines (which asks it for its variants) and as the default cmd.
 */
int spec_parse(int argc, char **argv, int *i, EngineList *list, const char *own_engine, char *err, size_t errlen);

/* Applies -each to every engine, fills defaults (names, cmd), checks that
 * names are unique and that notation= and quirks= fit game (and sets each
 * spec's game). Returns 0 or -1 with err. */
int spec_finish(EngineList *list, const Game *game, const char *own_engine, char *err, size_t errlen);

/* client_preflight over the engines of list: each started once, its
 * options checked, before the first game. Returns 0; -1 after printing
 * why; or the stop status (130, 128 + signal: proc/stopsig.h) when a stop
 * signal came meanwhile. positions: as client_preflight's. */
int spec_preflight(const EngineList *list, const ClientTimeouts *t, bool positions, const char *who);

/* An engine key (-engine KEY=VALUE, -each KEY=VALUE), for help and docs. */
typedef struct {
    const char *key;     /* "tc"; "option.NAME": every key option.X */
    const char *aliases; /* another name (fastchess's plies for depth), or NULL */
    const char *arg;     /* what the value is: "N", "uci|xboard" */
    const char *def;     /* the default, or NULL */
    const char *help;    /* lines after a '\n' are indented */
    unsigned long long min, max; /* a whole number's range (max 0: not a whole number) */
} SpecKeyInfo;

/* The engine keys, in the order help lists them: how many, and the i-th
 * (NULL out of range). One table in spec.c drives parsing, -each and help. */
int spec_key_count(void);
const SpecKeyInfo *spec_key_at(int i);

/* Parses a time control "40/60+0.6", "10+0.1", "60" or "inf" (seconds). */
int spec_parse_tc(const char *text, TimeControl *tc);

/* Text of an engine's limit for tables and JSON ("depth=4", "nodes=10000"). */
void spec_limit_text(const GoLimits *l, char *buf, size_t len);

#endif
