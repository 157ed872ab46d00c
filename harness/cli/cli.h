/*
 * cli/cli.h - the command-line words several commands share, parsed in one
 * place: whole numbers with a range, run names, KEY=VALUE lists (openings,
 * adjudication, SPRT), --rules, --log, and our own engine's path (the
 * engine timeouts are rows of the option tables: CLI_TIMEOUT_OPTS).
 * Each command keeps its own error wording; these only say yes or no (or,
 * for the SPRT, what was wrong).
 */
#ifndef HARNESS_CLI_H
#define HARNESS_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "players/client.h"
#include "stats/stats.h"

/*
 * A whole number in [min, max], the whole of text (strtol, base 10).
 * Returns true and sets *out, or false (and leaves *out alone).
 */
bool cli_parse_int(const char *text, long min, long max, long *out);

/* Is name usable as a run's folder name (--name): not empty, no '/'? */
bool cli_is_run_name(const char *name);

/* "COMMAND-YYYYMMDD-HHMMSS" (local time now) into out: a run's default name. */
void cli_default_run_name(const char *command, char *out, size_t len);

/*
 * Makes a new run's folder ROOT/NAME into out. A folder that exists and
 * holds anything is never written into: with a NAME given that is an
 * error, unless force, which first removes the results files a run
 * writes there (run.json, games.*, searches.jsonl, playouts.jsonl,
 * summary.json, *.stderr.log; nothing else); without a NAME
 * (COMMAND-YYYYMMDD-HHMMSS) "-2", "-3" ... is added until the name is
 * free. The folder is then this process's to write (results_lock_run); one
 * that another process writes is refused, --force or not. Returns 0, or -1
 * with err set ("results folder F exists ...", "... is being written by
 * process PID ...").
 */
int cli_make_run_dir(const char *root, const char *name, const char *command, bool force, char *out, size_t len,
                     char *err, size_t errlen);
/* What cli_make_run_dir would refuse, checked without making anything: so
 * that a folder that exists is named before any engine starts. 0, or -1
 * with err set. */
int cli_check_run_dir(const char *root, const char *name, const char *command, bool force, char *err, size_t errlen);

/* The path of our engine for game (bin/GAME-engine) next to this
 * program (or that relative path when /proc/self/exe cannot be read) into out. */
void cli_own_engine_path(const Game *game, char *out, size_t len);

/* Is flag one that names the game: --game NAME, or -variant NAME as
 * cutechess-cli and fastchess spell it? It takes one value. */
bool cli_is_game_flag(const char *flag);

/* The game the command line names (the last --game / -variant; default
 * game_default()). NULL with a one-line reason in err for an unknown name
 * or a missing value. Commands read it first, then skip the flag and its
 * value while they parse the rest. */
const Game *cli_game(int argc, char **argv, char *err, size_t errlen);

/*
 * Sets one KEY=VALUE on target: key is NUL-terminated (at most 31
 * characters), value is the text after the first '='. Returns 0, or -1 when
 * the key is unknown or the value is bad.
 */
typedef int (*CliKeySet)(void *target, const char *key, const char *value);

/*
 * The KEY=VALUE words after the flag at argv[*i], up to the next word that
 * starts with '-' (or the end), each handed to set(target, ...). On return
 * *i is the index after the last word consumed. Returns 0, or -1 with *i
 * at the offending word and err "FLAG: expected KEY=VALUE, got 'WORD'" (no
 * '=', or a key of 32 characters or more), "FLAG: unknown key 'K': did
 * you mean KEY? (expected ...)" (set is one of the sets below and K not one
 * of its keys; a cutechess key of no use here says why) or "FLAG: bad
 * KEY=VALUE (expected KEY=WHAT IT TAKES)" (set refused it).
 */
int cli_key_values(int argc, char **argv, int *i, CliKeySet set, void *target, char *err, size_t errlen);

/* CliKeySet for --openings onto a BookOptions: file=, format=epd|pgn,
 * order=sequential|random, plies=0..OPENING_MAX_PLIES, start=1..1000000. */
int cli_openings_key(void *book, const char *key, const char *value);

/* CliKeySet for --resign / --draw onto int[3] {movenumber, movecount,
 * score}, each 0..100000. */
int cli_adjudication_key(void *fields, const char *key, const char *value);

typedef enum { CLI_SPRT_OK, CLI_SPRT_BAD_NUMBER, CLI_SPRT_BAD_MODEL, CLI_SPRT_UNKNOWN_KEY } CliSprtStatus;

/*
 * One --sprt word onto p: elo0=, elo1=, alpha=, beta= (a finite number,
 * strtod, the whole value) or model=normalized|logistic. Returns
 * CLI_SPRT_OK, or what was wrong (p is then unchanged). The range checks
 * are stats_sprt_check's.
 */
CliSprtStatus cli_sprt_set(SprtParams *p, const char *key, const char *value);

/* cli_sprt_set as a CliKeySet (target a SprtParams): 0 or -1. */
int cli_sprt_key(void *params, const char *key, const char *value);

/* --rules NAME: the rule set of game called value into *rule_set; 0, or -1
 * with a one-line error naming the game's rule sets. */
int cli_rule_set(const Game *game, const char *value, int *rule_set, char *err, size_t errlen);

/* Tells our own engine (spec->cmd is own) the rule set the harness judges
 * by, as option Rules=NAME (our engine's own default may differ from
 * the harness's), unless the engine has a Rules option given. Games
 * without named rule sets: nothing. */
void cli_own_engine_rules(EngineSpec *spec, const Game *game, const char *own, int rule_set);

/*
 * --log FILE, or fastchess's --log file=FILE [level=L] [engine=B]
 * [realtime=B] (those keys accepted: the log always holds every line of
 * engine traffic) at argv[*i]; *i moves past its words. Returns 0 with
 * *path set, or -1 with err.
 */
int cli_log_option(int argc, char **argv, int *i, const char **path, char *err, size_t errlen);

#endif
