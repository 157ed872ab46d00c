/*
 * play/play.c - `qibench play`: the command line, the two sides (a person at
 * the terminal or an engine, each a Player), and the session around the
 * one game loop (play/gameplay.h), which plays and judges each game as in
 * matches: its hooks draw the board before each turn, keep the engine's
 * last search, carry out a person's commands (play/prompt.c) and, at the
 * end, put the ending in words, save the game (play/save.c) and read
 * commands until new, undo or quit. Only a clock (tc=) can be lost on time
 * here: movetime, depth and nodes say how long an engine thinks. Ctrl-C
 * (proc/stopsig.h's session stop) kills an engine thinking, stops the
 * game where it is, saves it like quit and exits 130.
 */
#include "play/play.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "formats/openings.h"
#include "formats/pgn.h"
#include "proc/stopsig.h"
#include "play/prompt.h"
#include "play/save.h"
#include "play/view.h"
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

/* The side (0, 1) that --FLAG names for game (--SIDE: a side's name), or -1. */
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
                "who plays Red"),
    CLI_OPT_SET("--black", NULL, CLI_VALUE, "human|ENGINE", PlayOptions, side, set_side, NULL, 0, "who plays Black"),
    CLI_OPT_SET("--white", NULL, CLI_VALUE, "human|ENGINE", PlayOptions, side, set_side, NULL, 0, "who plays White"),
    CLI_OPT_TEXT("--fen", NULL, "FEN", PlayOptions, fen, 0, 0, NULL, 0, "start from this position"),
    CLI_OPT_TEXT("--pgn", NULL, "FILE", PlayOptions, pgn, 0, 0, NULL, 0, "start from the end of this game"),
    CLI_OPT_FLAG("--ascii", NULL, PlayOptions, ascii, 0, "letters only: no colour, no box drawing, no wide characters"),
    CLI_OPT_FLAG("--flip", NULL, PlayOptions, flip, 0, "the second player's side at the bottom"),
    CLI_OPT_TEXT("--notation", NULL, "N", PlayOptions, notation, 0, 0, NULL, 0, "the notation moves are shown in"),
    CLI_OPT_INT("--delay", NULL, "MS", PlayOptions, delay_ms, 0, 600000, "0", 0, "pause after an engine's move"),
    CLI_OPT_SET("--rules", NULL, CLI_VALUE, "NAME", PlayOptions, rule_set, cli_set_rules, "the game's first", 0,
                "the game's rule set (qibench help lists each game's)"),
    CLI_OPT_TEXT("--results", NULL, "DIR", PlayOptions, results, 0, 0, "results", 0, "where the game is saved"),
    CLI_OPT_END,
};

/* Fills o and the engine list from argv; 0, or 2 after an error. */
static int parse_args(int argc, char **argv, PlayOptions *o, Play *p)
{
    char err[1024];
    memset(o, 0, sizeof *o);
    o->results = "results";
    if (!(o->game = cli_game(argc, argv, err, sizeof err))) return fprintf(stderr, "qibench play: %s\n", err), 2;
    cli_own_engine_path(o->game, p->own_engine, sizeof p->own_engine);
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
            char err[CLIENT_ERR_BYTES];
            p->client[s] = client_start(&p->entry[s]->spec, &t, NULL, NULL, &st, err, sizeof err);
            if (!p->client[s])
                return fprintf(stderr, "qibench play: cannot start %s's engine: %s\n", p->game->side_name[s], err), 2;
        }
        p->player[s] = client_player(p->client[s]);
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* The game: hooks of the game loop                                         */
/* ------------------------------------------------------------------------ */

/* Before a game from the session's start (and --pgn's moves). */
static void start_game(Play *p)
{
    p->dirty = false;
    p->redraw = true;
    p->last_ply = -1;
    p->shown = 0;
    for (int s = 0; s < 2; s++)
        if (p->client[s] && (s == 0 || p->client[1] != p->client[0]) && client_new_game(p->client[s]) != CLIENT_OK) {
            char err[256];
            client_restart(p->client[s], err, sizeof err);
        }
}

/* Sleeps ms, or less when a signal stops the session. */
static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR && stopsig_level() == 0) {}
}

/* Ctrl-C (or SIGTERM, SIGHUP): the game stops where it is, to be saved. */
static bool interrupted(void *ctx)
{
    (void)ctx;
    return stopsig_level() != 0;
}

static bool watching(const Play *p) { return !p->human[0] && !p->human[1]; }

static void before_turn(void *ctx, GamePlay *gp)
{
    Play *p = ctx;
    p->gp = gp;
    if (p->redraw) view_draw(p);
    if (watching(p) && p->delay_ms > 0 && p->rec->plies > p->rec->opening_plies) sleep_ms(p->delay_ms);
}

/* Keeps an engine's search (and the position it searched, for its PV). */
static void after_move(void *ctx, GamePlay *gp, const EngineReply *r)
{
    Play *p = ctx;
    int ply = gp->rec->plies - 1;
    p->dirty = p->redraw = true;
    if (p->human[(gp->rec->start_side + ply) & 1] || !p->searched) return;
    p->last = *r;
    p->last_ply = ply;
    p->game->state_copy(p->searched, gp->pos);
    p->game->undo(p->searched);
}

static LoopAction on_command(void *ctx, GamePlay *gp, const char *line)
{
    Play *p = ctx;
    LoopAction a = LOOP_ON;
    p->gp = gp;
    if (!line) return LOOP_QUIT; /* end of input */
    if (!prompt_command(p, line, &a)) fprintf(p->out, "'%s' is not a command (type help)\n", line);
    return a;
}

/* The ending in words: by the rules as the game says it; a forfeit with
 * the loser's reason. */
static void ending_words(Play *p, const GameRecord *g)
{
    const char *loser = g->loser_side >= 0 ? p->game->side_name[g->loser_side] : "",
               *winner = g->loser_side >= 0 ? p->game->side_name[!g->loser_side] : "", *why = strstr(g->detail, ": ");
    GameOutcome o = {g->result, g->reason, ""};
    snprintf(o.detail, sizeof o.detail, "%.95s", g->detail);
    if (g->term == TERM_RULES) p->game->ending_text(o, p->ending, sizeof p->ending);
    else if (g->term == TERM_ENGINE_RESIGN) snprintf(p->ending, sizeof p->ending, "%s resigns: %s wins", loser, winner);
    else if (g->term == TERM_TIME) snprintf(p->ending, sizeof p->ending, "%s lost on time: %s wins", loser, winner);
    else snprintf(p->ending, sizeof p->ending, "%s forfeits (%.150s): %s wins", loser, why ? why + 2 : g->detail, winner);
}

/* After the end: the ending shown and saved; then commands only, until
 * new, undo or quit (two engines: the session ends). */
static LoopAction on_end(void *ctx, GamePlay *gp)
{
    Play *p = ctx;
    char line[HUMAN_LINE_BYTES * 2];
    p->gp = gp;
    ending_words(p, gp->rec);
    p->redraw = true;
    save_game(p);
    while (gp->over) {
        if (p->redraw) view_draw(p);
        if (watching(p) || interrupted(p)) return LOOP_QUIT;
        if (!human_read_line(p->person, "game over (new, undo, save FILE, quit)> ", line, sizeof line)) return LOOP_QUIT;
        LoopAction a = LOOP_ON;
        if (line[0] && !prompt_command(p, line, &a))
            fprintf(p->out, "the game is over: type new, undo or quit (help lists all)\n");
        if (a == LOOP_NEW || a == LOOP_QUIT) return a;
    }
    return LOOP_ON; /* moves were taken back: play on */
}

/* Games until quit (or, between two engines, the end of the first). */
static void play_loop(Play *p)
{
    GameHooks hooks = {p, before_turn, after_move, on_command, on_end, interrupted};
    GameSetup s = {p->game, {p->player[0], p->player[1]}, {&p->tc[0], &p->tc[1]}, {0}, p->rules, 0, true, &hooks};
    while (!p->quit) {
        start_game(p); /* a finished game from --pgn is shown, not saved again */
        LoopAction a = game_play(&s, p->root, p->prelude, p->nprelude, p->rec);
        p->gp = NULL;
        p->quit = a != LOOP_NEW;
        save_game(p); /* an unfinished game, as it stands */
    }
    if (interrupted(p) && !p->message[0]) { /* nothing new to save: say what there is */
        if (!p->saved) snprintf(p->message, sizeof p->message, "nothing saved: no move was played");
        else snprintf(p->message, sizeof p->message, "%d game%s saved in %.900s/game.pgn", p->saved,
                      p->saved == 1 ? "" : "s", p->run_dir);
    }
    if (p->message[0]) fprintf(p->out, "%s\n", p->message);
    fflush(p->out);
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
    if (p->game->set_position(p->cursor, p->root, err, sizeof err))
        return fprintf(stderr, "qibench play: bad position '%s': %s\n", p->root, err), 2;
    p->game->position_text(p->cursor, p->root, sizeof p->root);
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
    if (p->cursor) p->game->state_free(p->cursor);
    if (p->searched) p->game->state_free(p->searched);
    free(p->texts);
    free(p->numbers);
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
        p->cursor = p->game->state_new();
        p->searched = p->game->state_new();
        p->rec = calloc(1, sizeof *p->rec);
        p->texts = malloc(GAME_MAX_PLIES * sizeof *p->texts);
        p->numbers = malloc(GAME_MAX_PLIES * sizeof *p->numbers);
        status = !p->cursor || !p->searched || !p->rec || !p->texts || !p->numbers
                     ? (fprintf(stderr, "qibench play: out of memory\n"), 2)
                     : choose_sides(p, &o);
    }
    if (status == 0 && !p->quit) status = set_start(p, &o);
    if (status == 0 && !p->quit) status = set_view(p, &o);
    if (status == 0 && !p->quit && !(p->person = human_new(p->game, "human", stdin, stdout, prompt_words())))
        status = (fprintf(stderr, "qibench play: out of memory\n"), 2);
    for (int s = 0; s < 2 && status == 0 && !p->quit; s++)
        if (p->human[s]) p->player[s] = human_player(p->person);
    /* From here Ctrl-C saves the game as it stands (an engine thinking is
     * killed) and exits 130; a second Ctrl-C leaves at once. */
    bool stops = status == 0 && !p->quit;
    if (stops) stopsig_install_session("saving the game");
    if (status == 0 && !p->quit) status = start_engines(p);
    if (status == 0 && !p->quit) {
        play_loop(p);
        status = p->save_failed ? 1 : 0;
    }
    if (p->game || p->engines) play_free(p);
    if (stops && stopsig_status()) status = stopsig_status(); /* 130 after Ctrl-C, 128 + SIGTERM or SIGHUP */
    if (stops) stopsig_restore();
    return status;
}
