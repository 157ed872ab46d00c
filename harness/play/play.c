/*
 * play/play.c - `qibench play`: the command line, the two sides (a person at
 * the terminal or an engine, each a Player), the game loop, the endings
 * (by the game's own rules, as in matches, in words) and saving every
 * game as PGN (and SGF where the game has one) under results/.
 *
 * The loop: judge the position by the game's rules; draw; ask the side to
 * move through the Player interface. An engine's move is checked by the
 * client as in matches (an engine that fails loses); a person's answer may
 * instead be a command that ends the request (undo, new, resign, quit).
 */
#include "play/play.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/openings.h"
#include "formats/pgn.h"
#include "cli/cli.h"
#include "play/play_impl.h"
#include "formats/sgf.h"
#include "util/term.h"
#include "util/util.h"

/* ------------------------------------------------------------------------ */
/* The command line                                                         */
/* ------------------------------------------------------------------------ */

typedef struct {
    const Game *game;
    const char *side[2];   /* "human" or an engine's name; NULL: not given */
    const char *fen, *pgn, *notation, *results;
    bool ascii, flip;
    int delay_ms;
    int rule_set;    /* --rules */
} PlayOptions;

/* The side (0, 1) that --FLAG names for game ("--red"), or -1. */
static int side_flag(const Game *game, const char *flag)
{
    for (int s = 0; s < 2; s++) {
        char want[40];
        snprintf(want, sizeof want, "--%s", game->side_name[s]);
        for (char *c = want; *c; c++) *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
        if (strcmp(flag, want) == 0) return s;
    }
    return -1;
}

/* --red, --black, --white: the game's side names. */
static int set_side(const CliOpt *opt, const CliParse *p, int argc, char **argv, int *i, char *err, size_t errlen)
{
    PlayOptions *o = p->target;
    int side = side_flag(o->game, opt->name);
    (void)argc;
    if (side < 0)
        return util_fail(err, errlen, "unknown option '%s' (%s's sides are --%c%s and --%c%s; see --help)", opt->name,
                         o->game->name, tolower((unsigned char)o->game->side_name[0][0]), o->game->side_name[0] + 1,
                         tolower((unsigned char)o->game->side_name[1][0]), o->game->side_name[1] + 1);
    o->side[side] = argv[*i + 1];
    *i += 2;
    return 0;
}

const CliOpt PLAY_OPTS[] = {
    CLI_ENGINE_OPTS,
    CLI_OPT_SET("--red", NULL, CLI_VALUE, "human|ENGINE", PlayOptions, side, set_side,
                "the human when the other side is an engine, else the first engine", 0,
                "who plays Red (Amazons: --white)"),
    CLI_OPT_SET("--black", NULL, CLI_VALUE, "human|ENGINE", PlayOptions, side, set_side, NULL, 0, "who plays Black"),
    CLI_OPT_SET("--white", NULL, CLI_VALUE, "human|ENGINE", PlayOptions, side, set_side, NULL, 0,
                "who plays White (Amazons)"),
    CLI_OPT_TEXT("--fen", NULL, "FEN", PlayOptions, fen, 0, 0, NULL, 0, "start from this position"),
    CLI_OPT_TEXT("--pgn", NULL, "FILE", PlayOptions, pgn, 0, 0, NULL, 0, "start from the end of this game"),
    CLI_OPT_FLAG("--ascii", NULL, PlayOptions, ascii, 0, "letters only: no colour, no box drawing, no Chinese characters"),
    CLI_OPT_FLAG("--flip", NULL, PlayOptions, flip, 0, "the second player's side at the bottom"),
    CLI_OPT_TEXT("--notation", NULL, "N", PlayOptions, notation, 0, 0, NULL, 0, "the notation moves are shown in"),
    CLI_OPT_INT("--delay", NULL, "MS", PlayOptions, delay_ms, 0, 600000, "0", 0, "pause after an engine's move"),
    CLI_OPT_SET("--rules", NULL, CLI_VALUE, "NAME", PlayOptions, rule_set, cli_set_rules, "the game's first", 0,
                "the game's rule set (qibench help lists each game's)"),
    CLI_OPT_TEXT("--results", NULL, "DIR", PlayOptions, results, 0, 0, "results", 0, "where the game is saved"),
    CLI_OPT_END,
};

/* Our engine for the game, next to this program (bin/xiangqi-engine). */
static void own_engine_path(const Game *game, char *out, size_t len)
{
    char self[PLAY_PATH_BYTES];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    char *slash = n > 0 ? (self[n] = '\0', strrchr(self, '/')) : NULL;
    if (slash) *slash = '\0';
    snprintf(out, len, "%.900s/%s", slash ? self : "bin", game->engine);
}

/* Fills o and the engine list from argv; 0, or 2 after an error. */
static int parse_args(int argc, char **argv, PlayOptions *o, Play *p)
{
    char err[1024];
    memset(o, 0, sizeof *o);
    o->results = "results";
    if (!(o->game = cli_game(argc, argv, err, sizeof err))) return fprintf(stderr, "qibench play: %s\n", err), 2;
    own_engine_path(o->game, p->own_engine, sizeof p->own_engine);
    CliParse parse = {cli_command("play"), o, o->game, p->engines, p->own_engine, NULL};
    if (cli_parse(&parse, argc, argv, err, sizeof err)) return fprintf(stderr, "qibench play: %s\n", err), 2;
    if (o->fen && o->pgn) return fprintf(stderr, "qibench play: give --fen or --pgn, not both\n"), 2;
    if (spec_finish(p->engines, o->game, p->own_engine, err, sizeof err))
        return fprintf(stderr, "qibench play: %s\n", err), 2;
    for (int e = 0; e < p->engines->count; e++)
        cli_own_engine_rules(&p->engines->engines[e].spec, o->game, p->own_engine, o->rule_set);
    p->rules = o->game->default_rules;
    p->rules.rule_set = o->rule_set;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The sides                                                                */
/* ------------------------------------------------------------------------ */

static EngineEntry *engine_named(EngineList *list, const char *name)
{
    for (int e = 0; e < list->count; e++)
        if (strcmp(list->engines[e].spec.name, name) == 0) return &list->engines[e];
    return NULL;
}

/* Which side is who: a side not given is the human when the other side is
 * an engine, else the first engine. Fills p->human / p->entry. */
static int choose_sides(Play *p, const PlayOptions *o)
{
    const char *who[2] = {o->side[0], o->side[1]}, *first = p->engines->engines[0].spec.name;
    for (int s = 0; s < 2; s++)
        if (!who[s]) who[s] = !who[!s] ? (s == 0 ? "human" : first) : strcmp(who[!s], "human") == 0 ? first : "human";
    for (int s = 0; s < 2; s++) {
        p->human[s] = strcmp(who[s], "human") == 0;
        if (p->human[s]) continue;
        if (!(p->entry[s] = engine_named(p->engines, who[s])))
            return fprintf(stderr, "qibench play: no engine named '%s' (give it with -engine name=%s cmd=...)\n",
                           who[s], who[s]), 2;
        EngineEntry *e = p->entry[s];
        if (!e->tc.base_ms && !e->limits.depth && !e->limits.nodes && !e->limits.movetime)
            e->limits.movetime = PLAY_DEFAULT_MOVETIME_MS;
        p->tc[s] = e->tc;
        p->tc[s].depth = e->limits.depth;
        p->tc[s].nodes = e->limits.nodes;
        p->tc[s].movetime_ms = e->limits.movetime;
    }
    return 0;
}

/* Starts the engines of the engine sides (once for an engine named twice). */
static int start_engines(Play *p)
{
    ClientTimeouts t = client_default_timeouts();
    for (int s = 0; s < 2; s++) {
        if (p->human[s]) continue;
        if (s == 1 && !p->human[0] && p->entry[0] == p->entry[1]) {
            p->client[1] = p->client[0];
        } else {
            ClientStatus st;
            char err[512];
            p->client[s] = client_start(&p->entry[s]->spec, &t, NULL, NULL, &st, err, sizeof err);
            if (!p->client[s])
                return fprintf(stderr, "qibench play: cannot start %s's engine: %s\n", p->game->side_name[s], err), 2;
        }
        p->player[s] = client_player(p->client[s]);
    }
    return 0;
}

const char *play_side_name(const Play *p, int side)
{
    return p->human[side] ? "human" : p->entry[side]->spec.name;
}

/* ------------------------------------------------------------------------ */
/* Saving                                                                   */
/* ------------------------------------------------------------------------ */

static int make_dirs(const char *path)
{
    char buf[PLAY_PATH_BYTES];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *c = buf + 1; *c; c++)
        if (*c == '/') {
            *c = '\0';
            if (mkdir(buf, 0777) && errno != EEXIST) return -1;
            *c = '/';
        }
    return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

/* Creates RESULTS/play-YYYYMMDD-HHMMSS (with -2, -3 ... when it exists: an
 * existing folder is never written into). */
static int make_run_dir(Play *p)
{
    char stamp[32];
    time_t t = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&t));
    if (make_dirs(p->results_root)) return -1;
    for (int k = 1; k < 1000; k++) {
        if (k == 1) snprintf(p->run_dir, sizeof p->run_dir, "%.900s/play-%s", p->results_root, stamp);
        else snprintf(p->run_dir, sizeof p->run_dir, "%.900s/play-%s-%d", p->results_root, stamp, k);
        if (mkdir(p->run_dir, 0777) == 0) return 0;
        if (errno != EEXIST) break;
    }
    p->run_dir[0] = '\0';
    return -1;
}

int play_write_game(const Play *p, const char *path, bool sgf, bool append)
{
    char date[16];
    time_t t = time(NULL);
    strftime(date, sizeof date, "%Y.%m.%d", localtime(&t));
    PgnTags tags = {"qibench play", "?", date, p->saved + 1, play_side_name(p, 0), play_side_name(p, 1), "-",
                    NULL, NULL, NULL};
    FILE *f = fopen(path, append ? "a" : "w");
    if (!f) return -1;
    int rc = sgf ? sgf_write(f, p->game, &tags, p->rec) : pgn_write(f, p->game, &tags, p->rec);
    if (fclose(f) != 0) rc = -1;
    return rc;
}

/* Appends the game to RUN/game.pgn (and game.sgf) unless nothing was played. */
static void save_game(Play *p)
{
    char path[PLAY_PATH_BYTES + 16];
    if (!p->dirty || p->rec->plies <= p->rec->opening_plies) return; /* nothing played */
    p->dirty = false;
    if (!p->run_dir[0] && make_run_dir(p)) {
        snprintf(p->message, sizeof p->message, "cannot create a folder under %s: %s", p->results_root,
                 strerror(errno));
        p->save_failed = true;
        return;
    }
    snprintf(path, sizeof path, "%s/game.pgn", p->run_dir);
    bool ok = play_write_game(p, path, false, true) == 0;
    if (ok && p->game->sgf) {
        snprintf(path, sizeof path, "%s/game.sgf", p->run_dir);
        ok = play_write_game(p, path, true, true) == 0;
    }
    p->save_failed |= !ok;
    p->saved += ok;
    snprintf(p->message + strlen(p->message), sizeof p->message - strlen(p->message), "%sgame %d %s %s/game.pgn%s",
             p->message[0] ? "\n" : "", p->saved + !ok, ok ? "saved in" : "could not be saved in", p->run_dir,
             p->game->sgf ? " and game.sgf" : "");
}

/* ------------------------------------------------------------------------ */
/* The game                                                                 */
/* ------------------------------------------------------------------------ */

/* Plays and records a checked move. */
static void record_move(Play *p, MoveCode m, const EngineReply *r)
{
    MoveRecord *mr = &p->rec->moves[p->rec->plies];
    *mr = (MoveRecord){m, r ? r->wall_ms : 0, r ? r->depth : 0, r ? r->nodes : 0, r && r->has_score,
                       r && r->mate, r ? r->score : 0, r ? r->seldepth : 0, 0};
    p->played[p->rec->plies++] = m;
    p->game->play(p->state, m);
    p->view.last = m;
    p->dirty = p->redraw = true;
}

/* A new game from the session's start (and --pgn's moves). */
static void start_game(Play *p)
{
    memset(p->rec, 0, sizeof *p->rec);
    snprintf(p->rec->fen, sizeof p->rec->fen, "%s", p->root);
    p->game->set_position(p->state, p->root, NULL, 0);
    p->rec->start_side = p->game->side_to_move(p->state);
    p->rec->loser_side = -1;
    p->view.last = MOVE_CODE_NONE;
    for (int i = 0; i < p->nprelude && i < GAME_MAX_PLIES - 1; i++) record_move(p, p->prelude[i], NULL);
    p->rec->opening_plies = p->rec->plies;
    p->dirty = p->over = false;
    p->redraw = true;
    p->last_ply = -1;
    for (int s = 0; s < 2; s++) {
        p->clock[s] = p->tc[s].base_ms;
        p->moves_made[s] = 0;
        if (p->client[s] && (s == 0 || p->client[1] != p->client[0]) && client_new_game(p->client[s]) != CLIENT_OK) {
            char err[256];
            client_restart(p->client[s], err, sizeof err);
        }
    }
}

/* Ends the game: side loses (term, detail), in words. */
static void forfeit(Play *p, int side, Termination term, const char *detail)
{
    const char *loser = p->game->side_name[side], *winner = p->game->side_name[!side];
    p->rec->result = game_win_for(!side);
    p->rec->term = term;
    p->rec->loser_side = side;
    snprintf(p->rec->detail, sizeof p->rec->detail, "%s: %.200s", loser, detail);
    if (term == TERM_ENGINE_RESIGN) snprintf(p->ending, sizeof p->ending, "%s resigns: %s wins", loser, winner);
    else if (term == TERM_TIME) snprintf(p->ending, sizeof p->ending, "%s lost on time: %s wins", loser, winner);
    else snprintf(p->ending, sizeof p->ending, "%s forfeits (%.150s): %s wins", loser, detail, winner);
    p->over = p->redraw = true;
    save_game(p);
}

/* Judges the position by the game's rules; true (and saved) when it ended. */
static bool ended_by_rules(Play *p)
{
    GameRules rules = p->rules;
    if (rules.max_plies <= 0 || rules.max_plies > GAME_MAX_PLIES - 1) rules.max_plies = GAME_MAX_PLIES - 1;
    GameOutcome o = p->game->outcome(p->state, &rules);
    if (o.result == RESULT_NONE) return false;
    p->rec->result = o.result;
    p->rec->term = TERM_RULES;
    p->rec->reason = o.reason;
    snprintf(p->rec->detail, sizeof p->rec->detail, "%s", o.detail);
    p->game->ending_text(o, p->ending, sizeof p->ending);
    p->over = p->redraw = true;
    save_game(p);
    return true;
}

bool play_engine_to_move(const Play *p) { return !p->over && !p->human[p->game->side_to_move(p->state)]; }

bool play_undo(Play *p)
{
    int plies = p->rec->plies, start = p->rec->start_side, last_human = -1;
    bool both = p->human[0] && p->human[1];
    for (int i = 0; i < plies; i++)
        if (p->human[(start + i) & 1]) last_human = i;
    if (last_human < 0) return false;
    int keep = both ? plies - 1 : last_human; /* with an engine: back to the person's last move */
    while (p->rec->plies > keep) {
        p->game->undo(p->state);
        p->rec->plies--;
    }
    if (p->rec->opening_plies > p->rec->plies) p->rec->opening_plies = p->rec->plies;
    p->rec->result = RESULT_NONE;
    p->rec->term = TERM_RULES;
    p->rec->reason = 0;
    p->rec->loser_side = -1;
    p->rec->detail[0] = '\0';
    p->view.last = p->rec->plies ? p->played[p->rec->plies - 1] : MOVE_CODE_NONE;
    p->over = false;
    p->dirty = p->redraw = true;
    if (p->last_ply >= p->rec->plies) p->last_ply = -1;
    return true;
}

/* A side's failed search: the client's status as a termination. */
static Termination failure_term(ClientStatus st)
{
    if (st == CLIENT_ILLEGAL_MOVE || st == CLIENT_BAD_MOVE) return TERM_ILLEGAL;
    return st == CLIENT_STALL ? TERM_STALL : TERM_CRASH;
}

/* The side to move answers: a move, a resignation, a command that ends
 * the request, or a failure. */
static void next_turn(Play *p)
{
    int side = p->game->side_to_move(p->state);
    GameSetup setup = {p->game, {p->player[0], p->player[1]}, {&p->tc[0], &p->tc[1]}, {0}, p->rules};
    GoLimits l = game_next_limits(&setup, side, p->clock, p->moves_made);
    EngineReply r;
    char err[512];
    ClientStatus st = player_go(p->player[side], p->root, p->played, p->rec->plies, &l, &r, err, sizeof err);
    HumanAction a = p->human[side] ? human_last_action(p->person) : HUMAN_DONE;
    if (p->human[side] && (st == CLIENT_DISCONNECT || a == HUMAN_QUIT)) p->quit = true;
    else if (a == HUMAN_UNDO) return; /* the command took the moves back */
    else if (a == HUMAN_NEW) save_game(p), start_game(p);
    else if (st != CLIENT_OK) forfeit(p, side, failure_term(st), err);
    else if (r.resigned || r.best == MOVE_CODE_NONE) forfeit(p, side, TERM_ENGINE_RESIGN, "resigned");
    else if (!game_charge_clock(&p->tc[side], &p->clock[side], &p->moves_made[side], r.wall_ms))
        forfeit(p, side, TERM_TIME, "the clock ran out");
    else {
        if (!p->human[side]) p->last = r, p->last_ply = p->rec->plies;
        record_move(p, r.best, &r);
    }
}

/* After the end: commands only, until new, undo or quit. */
static void after_game(Play *p)
{
    char line[HUMAN_LINE_BYTES * 2];
    if (!human_read_line(p->person, "game over (new, undo, save FILE, quit)> ", line, sizeof line)) {
        p->quit = true;
        return;
    }
    HumanAction a = line[0] ? cmd_run(p, line) : HUMAN_DONE;
    if (a == HUMAN_QUIT) p->quit = true;
    else if (a == HUMAN_NEW) save_game(p), start_game(p);
    else if (a == HUMAN_RESIGN) fprintf(p->out, "the game is over\n");
    else if (a == HUMAN_NOT_A_COMMAND) fprintf(p->out, "the game is over: type new, undo or quit (help lists all)\n");
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

static void play_loop(Play *p)
{
    bool watching = !p->human[0] && !p->human[1];
    start_game(p); /* a finished game from --pgn is shown, not saved again */
    while (!p->quit) {
        if (!p->over) ended_by_rules(p);
        if (p->redraw) view_draw(p);
        if (p->over && watching) break;
        if (p->over) {
            after_game(p);
            continue;
        }
        if (watching && p->delay_ms > 0 && p->rec->plies > p->rec->opening_plies) sleep_ms(p->delay_ms);
        next_turn(p);
    }
    save_game(p); /* an unfinished game, as it stands */
    if (p->message[0]) fprintf(p->out, "%s\n", p->message);
}

/* ------------------------------------------------------------------------ */
/* Setting up                                                               */
/* ------------------------------------------------------------------------ */

/* The start position and --pgn's moves; 0 or 2 after an error. */
static int set_start(Play *p, const PlayOptions *o)
{
    char err[512];
    snprintf(p->root, sizeof p->root, "%s", o->fen ? o->fen : p->game->start);
    if (o->pgn) {
        p->prelude = malloc(GAME_MAX_PLIES * sizeof *p->prelude);
        if (!p->prelude) return fprintf(stderr, "qibench play: out of memory\n"), 2;
        p->nprelude = pgn_read_game(p->game, o->pgn, p->root, sizeof p->root, p->prelude, GAME_MAX_PLIES - 1, err,
                                    sizeof err);
        if (p->nprelude < 0) return fprintf(stderr, "qibench play: %s\n", err), 2;
    }
    if (p->game->set_position(p->state, p->root, err, sizeof err))
        return fprintf(stderr, "qibench play: bad position '%s': %s\n", p->root, err), 2;
    p->game->position_text(p->state, p->root, sizeof p->root);
    return 0;
}

/* The screen: ASCII unless UTF-8 on a terminal. */
static int set_view(Play *p, const PlayOptions *o)
{
    bool tty = isatty(fileno(stdout));
    p->out = stdout;
    p->view.ascii = o->ascii || !tty || !term_locale_is_utf8();
    p->view.colour = !p->view.ascii;
    p->clear = tty;
    p->delay_ms = o->delay_ms;
    p->results_root = o->results;
    p->notation = o->notation ? game_notation_by_name(p->game, o->notation) : p->game->record_notation;
    if (p->notation < 0 || !p->game->notations[p->notation].writable)
        return fprintf(stderr, "qibench play: unknown notation '%s' for %s\n", o->notation, p->game->name), 2;
    /* The person's side at the bottom (the second side's when only it is human). */
    p->view.flipped = (p->human[1] && !p->human[0]) != o->flip;
    return 0;
}

static void play_free(Play *p)
{
    for (int s = 0; s < 2; s++)
        if (p->client[s] && (s == 0 || p->client[1] != p->client[0])) client_free(p->client[s]);
    client_free(p->hint_engine);
    human_free(p->person);
    if (p->state) p->game->state_free(p->state);
    free(p->rec);
    free(p->prelude);
    free(p->engines);
}

int play_command(int argc, char **argv)
{
    static Play play;
    Play *p = &play;
    PlayOptions o;
    memset(p, 0, sizeof *p);
    p->engines = calloc(1, sizeof *p->engines);
    int status = p->engines ? parse_args(argc, argv, &o, p) : 2;
    if (status == 0 && !p->quit) {
        p->game = o.game;
        p->state = p->game->state_new();
        p->rec = calloc(1, sizeof *p->rec);
        status = !p->state || !p->rec ? (fprintf(stderr, "qibench play: out of memory\n"), 2) : choose_sides(p, &o);
    }
    if (status == 0 && !p->quit) status = set_start(p, &o);
    if (status == 0 && !p->quit) status = set_view(p, &o);
    HumanHooks hooks = {p, cmd_run};
    if (status == 0 && !p->quit && !(p->person = human_new(p->game, "human", stdin, stdout, &hooks)))
        status = (fprintf(stderr, "qibench play: out of memory\n"), 2);
    for (int s = 0; s < 2 && status == 0 && !p->quit; s++)
        if (p->human[s]) p->player[s] = human_player(p->person);
    if (status == 0 && !p->quit) status = start_engines(p);
    if (status == 0 && !p->quit) {
        play_loop(p);
        status = p->save_failed ? 1 : 0;
    }
    if (p->game || p->engines) play_free(p);
    return status;
}
