/*
 * play/gameplay.c - the one game loop: the harness keeps the position and the
 * clocks, tells the players each move, judges every reply and ply, and
 * decides every ending; a player that fails loses the game.
 */
#include "play/gameplay.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


const char *game_termination_name(const Game *game, Termination term, int reason)
{
    static const char *const TEXT[] = {"", "time forfeit", "abandoned: engine crashed", "abandoned: engine stalled",
                                       "illegal move", "adjudication: resign", "adjudication: draw", "resignation",
                                       "adjudication: material", "adjudication: decided"};
    _Static_assert(sizeof TEXT / sizeof TEXT[0] == TERM_COUNT, "a name per termination");
    if (term == TERM_RULES) return reason == 0 ? "unterminated" : game->reason_name(reason);
    return term < TERM_COUNT ? TEXT[term] : "unknown";
}

const char *game_termination_text(const Game *game, const GameRecord *g)
{
    return game_termination_name(game, g->term, g->reason);
}

/* Ends the game as a loss for `side`; the detail starts with its lower-case name. */
static void forfeit(const Game *game, GameRecord *g, int side, Termination term, const char *detail)
{
    char who[16];
    snprintf(who, sizeof who, "%s", game->side_name[side]);
    for (char *c = who; *c; c++) *c = (char)tolower((unsigned char)*c);
    g->result = game_win_for(!side);
    g->term = term;
    g->loser_side = side;
    snprintf(g->detail, sizeof g->detail, "%s: %.200s", who, detail);
}

/* Do the last `count` scores of the moves of ply parity side_parity (each
 * from its mover's view) all pass ok(score, limit)? Moves without a score
 * break the run; mates count as +-100000. */
static bool recent_scores(const GameRecord *g, int side_parity, int count, bool (*ok)(int, int), int limit)
{
    int seen = 0;
    for (int i = g->plies - 1; i >= g->opening_plies && seen < count; i--) {
        if ((i & 1) != side_parity) continue;
        const MoveRecord *m = &g->moves[i];
        if (!m->has_score || !ok(m->mate ? (m->score > 0 ? 100000 : -100000) : m->score, limit)) return false;
        seen++;
    }
    return seen == count;
}

static bool is_lost(int score, int limit) { return score <= -limit; }
static bool is_won(int score, int limit) { return score >= limit; }
static bool is_level(int score, int limit) { return score >= -limit && score <= limit; }

/* Score adjudication after a move; true if it ended the game. A game
 * without draws is never adjudicated drawn. */
static bool adjudicate(const Game *game, GameRecord *g, const Adjudication *adj)
{
    for (int p = 0; p < 2 && adj->resign_movecount > 0; p++) {
        /* Both agree: the side of ply parity p is lost. Ply 0 was played by g->start_side. */
        if (recent_scores(g, p, adj->resign_movecount, is_lost, adj->resign_score)
            && recent_scores(g, p ^ 1, adj->resign_movecount, is_won, adj->resign_score)) {
            forfeit(game, g, g->start_side ^ p, TERM_RESIGN, "adjudicated lost by score");
            return true;
        }
    }
    if (game->has_draws && adj->draw_movecount > 0 && g->plies / 2 >= adj->draw_movenumber
        && recent_scores(g, 0, adj->draw_movecount, is_level, adj->draw_score)
        && recent_scores(g, 1, adj->draw_movecount, is_level, adj->draw_score)) {
        g->result = RESULT_DRAW;
        g->term = TERM_DRAW_ADJ;
        return true;
    }
    return false;
}

/* Position adjudication before a turn, in a position the rules have not
 * ended (as kz04px's UAI match runner judges it): the side to move wins when
 * it is adj->material or more ahead in the game's material; with
 * adj->decided, the game's decided rule names a winner. True if it ended
 * the game. */
static bool adjudicate_position(const Game *game, GameState *pos, GameRecord *g, const Adjudication *adj)
{
    int side = game->side_to_move(pos);
    char why[160], detail[96] = "";
    if (adj->material > 0 && game->material) {
        int ahead = game->material(pos, side) - game->material(pos, !side);
        if (ahead >= adj->material) {
            snprintf(why, sizeof why, "adjudicated lost: %d %s behind", ahead, game->material_unit);
            forfeit(game, g, !side, TERM_MATERIAL_ADJ, why);
            return true;
        }
    }
    int winner = adj->decided && game->decided ? game->decided(pos, detail, sizeof detail) : -1;
    if (winner != 0 && winner != 1) return false;
    snprintf(why, sizeof why, "adjudicated lost: %s", detail[0] ? detail : game->decided_rule);
    forfeit(game, g, !winner, TERM_DECIDED_ADJ, why);
    return true;
}

/* Maps a client failure to the game's termination for the side that failed.
 * A stall is a loss on time only when the engine's clock ran out during the
 * search (out_of_time); otherwise (no readyok between games, no move for a
 * depth- or movetime-limited search) it is a stalled engine. */
static void engine_failed(const Game *game, GameRecord *g, int side, ClientStatus st, bool out_of_time,
                          const char *err)
{
    Termination term = st == CLIENT_ILLEGAL_MOVE || st == CLIENT_BAD_MOVE ? TERM_ILLEGAL
                       : st == CLIENT_STALL ? (out_of_time ? TERM_TIME : TERM_STALL)
                                            : TERM_CRASH;
    forfeit(game, g, side, term, err);
    g->failure = st;
}

GoLimits game_next_limits(const GameSetup *s, int side, const int64_t clock[2], const int moves_made[2])
{
    const TimeControl *t = s->tc[side];
    GoLimits l;
    memset(&l, 0, sizeof l);
    l.depth = t->depth;
    l.nodes = t->nodes;
    l.movetime = t->movetime_ms;
    if (t->base_ms > 0) {
        for (int c = 0; c < 2; c++) {
            l.time[c] = clock[c] > 1 ? clock[c] : 1;
            l.inc[c] = s->tc[c]->inc_ms;
        }
        if (t->moves > 0) l.movestogo = t->moves - moves_made[side] % t->moves;
    }
    return l;
}

int64_t game_default_grace(const TimeControl *t)
{
    return t->movetime_ms > 0 ? GAME_GRACE_MS + t->movetime_ms / 4 : GAME_GRACE_CLOCK_MS;
}

bool game_charge_clock(const TimeControl *t, int64_t *clock, int *moves_made, int64_t used)
{
    if (t->movetime_ms > 0 && used > t->movetime_ms + t->margin_ms) return false;
    if (t->base_ms <= 0) return true;
    *clock -= used;
    if (*clock + t->margin_ms < 0) return false;
    *clock += t->inc_ms;
    if (t->moves > 0 && ++*moves_made % t->moves == 0) *clock += t->base_ms;
    return true;
}

/* Plays the opening moves into pos and g (they were checked when the book was read). */
static void play_opening(const Game *game, GameState *pos, const MoveCode *opening, int n, GameRecord *g)
{
    for (int i = 0; i < n && g->plies < GAME_MAX_PLIES - 1; i++) {
        g->moves[g->plies++].move = opening[i];
        game->play(pos, opening[i]);
    }
    g->opening_plies = g->plies;
}

/* Has the game ended by its rules, or reached the setup's bound of turns?
 * Then g says how (a bound leaves it unterminated). The record's length
 * caps the rules' ply limit. */
static bool ended(const GameSetup *s, GameState *pos, GameRecord *g)
{
    GameRules rules = s->rules;
    if (rules.max_plies <= 0 || rules.max_plies > GAME_MAX_PLIES - 1) rules.max_plies = GAME_MAX_PLIES - 1;
    GameOutcome o = s->game->outcome(pos, &rules);
    if (o.result == RESULT_NONE) return s->max_turns > 0 && g->plies - g->opening_plies >= s->max_turns;
    g->result = o.result;
    g->term = TERM_RULES;
    g->reason = o.reason;
    snprintf(g->detail, sizeof g->detail, "%s", o.detail);
    return true;
}

/* Checks the clock after a move; false (the game forfeited) if the flag
 * fell. With clock_only a move time is not a limit the mover can lose by.
 * What the busy machine held the engine back (held_ms) is not the
 * engine's time: it is not charged to its clock, nor counted against its
 * move time. */
static bool in_time(const GameSetup *s, int side, int64_t *clock, int *moves_made, const EngineReply *r,
                    GameRecord *g)
{
    TimeControl t = *s->tc[side];
    if (s->clock_only) t.movetime_ms = 0;
    int64_t left = *clock, used = r->wall_ms, charged = r->wall_ms - r->held_ms;
    if (game_charge_clock(&t, clock, moves_made, charged)) return true;
    char why[256], held[64] = "";
    if (r->held_ms > 0) snprintf(held, sizeof held, " and %lld ms the machine held it back", (long long)r->held_ms);
    if (t.movetime_ms > 0 && charged > t.movetime_ms + t.margin_ms)
        snprintf(why, sizeof why, "lost on time: %lld ms for a move of %lld ms, past its grace of %lld ms%s "
                 "(timemargin=MS sets the grace)", (long long)used, (long long)t.movetime_ms, (long long)t.margin_ms,
                 held);
    else
        snprintf(why, sizeof why, "lost on time: %lld ms used with %lld ms on the clock, past its grace of %lld ms%s "
                 "(timemargin=MS sets the grace)", (long long)used, (long long)left, (long long)t.margin_ms, held);
    forfeit(s->game, g, side, TERM_TIME, why);
    return false;
}

/* Tells both players (once when one plays both sides) the game so far. */
static void tell_game(const GamePlay *gp)
{
    const GameRecord *g = gp->rec;
    MoveCode *moves = malloc((size_t)(g->plies + 1) * sizeof *moves);
    char err[256];
    for (int i = 0; moves && i < g->plies; i++) moves[i] = g->moves[i].move;
    for (int side = 0; side < 2; side++) {
        Player *p = gp->setup->player[side];
        if (side == 1 && p == gp->setup->player[0]) break;
        if (moves) player_begin(p, g->fen, moves, g->plies, err, sizeof err);
        else player_begin(p, "", NULL, 0, err, sizeof err); /* no memory: its next search fails */
    }
    free(moves);
}

/* Tells both players one more move (a failure shows at their next search). */
static void tell_move(const GamePlay *gp, MoveCode m)
{
    char err[256];
    player_on_move(gp->setup->player[0], m, err, sizeof err);
    if (gp->setup->player[1] != gp->setup->player[0]) player_on_move(gp->setup->player[1], m, err, sizeof err);
}

bool game_take_back(GamePlay *gp, int keep)
{
    GameRecord *g = gp->rec;
    if (keep < 0 || keep >= g->plies) return false;
    while (g->plies > keep) {
        gp->setup->game->undo(gp->pos);
        g->plies--;
    }
    if (g->opening_plies > g->plies) g->opening_plies = g->plies;
    g->result = RESULT_NONE;
    g->term = TERM_RULES;
    g->reason = 0;
    g->loser_side = -1;
    g->failure = CLIENT_OK;
    g->detail[0] = '\0';
    gp->over = false;
    tell_game(gp);
    return true;
}

/* A person's command (or leaving, line NULL) through the hook; without
 * one, the side to move forfeits. */
static LoopAction person(GamePlay *gp, int side, const char *line)
{
    const GameHooks *h = gp->setup->hooks;
    if (h && h->command) return h->command(h->ctx, gp, line);
    forfeit(gp->setup->game, gp->rec, side, TERM_CRASH, line ? "a command instead of a move" : "left the game");
    gp->over = true;
    return LOOP_ON;
}

/* Judges a reply: a failure, a resignation, a move that is not legal, or
 * a fallen flag ends the game (true). */
static bool reply_ends(GamePlay *gp, int side, ClientStatus st, const EngineReply *r, const GoLimits *l,
                       const char *err)
{
    const GameSetup *s = gp->setup;
    const Game *game = s->game;
    if (st != CLIENT_OK) {
        engine_failed(game, gp->rec, side, st, s->tc[side]->base_ms > 0 && r->wall_ms >= l->time[side], err);
        return true;
    }
    if (r->answer == ANSWER_RESIGN || r->best == MOVE_CODE_NONE) {
        forfeit(game, gp->rec, side, TERM_ENGINE_RESIGN, r->answer == ANSWER_RESIGN ? "resigned" : "no move");
        return true;
    }
    if (!game->is_legal(gp->pos, r->best)) {
        engine_failed(game, gp->rec, side, CLIENT_ILLEGAL_MOVE, false, "a move that is not legal");
        return true;
    }
    return !in_time(s, side, &gp->clock[side], &gp->moves_made[side], r, gp->rec);
}

/* Plays a checked move: the record, the position, the players. */
static void play_move(GamePlay *gp, int side, const EngineReply *r, const GoLimits *l)
{
    const GameSetup *s = gp->setup;
    MoveRecord *m = &gp->rec->moves[gp->rec->plies++];
    int64_t allot = l->movetime > 0 ? l->movetime : s->tc[side]->base_ms > 0 ? l->time[side] : 0;
    *m = (MoveRecord){r->best, r->wall_ms, r->depth, r->nodes, r->has_score, r->mate, r->score, r->seldepth, allot};
    s->game->play(gp->pos, r->best);
    tell_move(gp, r->best);
}

/* Has the interrupted hook stopped the game? */
static bool interrupted(const GamePlay *gp)
{
    const GameHooks *h = gp->setup->hooks;
    return h && h->interrupted && h->interrupted(h->ctx);
}

/* One turn: the side to move answers; the answer is judged and played. */
static LoopAction turn(GamePlay *gp)
{
    const GameSetup *s = gp->setup;
    int side = s->game->side_to_move(gp->pos);
    GoLimits l = game_next_limits(s, side, gp->clock, gp->moves_made);
    EngineReply r;
    char err[256];
    if (s->player[!side] != s->player[side]) { /* the other may think on this turn (ponder=true) */
        GoLimits next = game_next_limits(s, !side, gp->clock, gp->moves_made);
        player_ponder(s->player[!side], &next);
    }
    ClientStatus st = player_go(s->player[side], &l, &r, err, sizeof err);
    if (interrupted(gp)) return LOOP_QUIT; /* the answer (an engine killed, a read cut short) is no move */
    if (st == CLIENT_OK && (r.answer == ANSWER_COMMAND || r.answer == ANSWER_LEFT)) {
        LoopAction a = person(gp, side, r.answer == ANSWER_COMMAND ? r.command : NULL);
        if (a != LOOP_RESIGN) return a;
        r.answer = ANSWER_RESIGN;
    }
    if ((gp->over = reply_ends(gp, side, st, &r, &l, err))) return LOOP_ON;
    play_move(gp, side, &r, &l);
    if (s->hooks && s->hooks->after_move) s->hooks->after_move(s->hooks->ctx, gp, &r);
    gp->over = adjudicate(s->game, gp->rec, &s->adj);
    return LOOP_ON;
}

/* Turns until the game ends and the ended hook lets it, or a hook stops it. */
static LoopAction run(GamePlay *gp)
{
    const GameHooks *h = gp->setup->hooks;
    for (;;) {
        if (interrupted(gp)) return LOOP_QUIT;
        if (!gp->over)
            gp->over = ended(gp->setup, gp->pos, gp->rec)
                       || adjudicate_position(gp->setup->game, gp->pos, gp->rec, &gp->setup->adj);
        if (gp->over) {
            LoopAction a = h && h->ended ? h->ended(h->ctx, gp) : LOOP_ON;
            if (a == LOOP_ON && !gp->over) continue; /* moves were taken back */
            return a == LOOP_RESIGN ? LOOP_ON : a;
        }
        if (h && h->before_turn) h->before_turn(h->ctx, gp);
        LoopAction a = turn(gp);
        if (a == LOOP_NEW || a == LOOP_QUIT) return a;
    }
}

LoopAction game_play(const GameSetup *s, const char *fen, const MoveCode *opening, int nopening, GameRecord *g)
{
    const Game *game = s->game;
    GamePlay gp = {s, g, game->state_new(), {s->tc[0]->base_ms, s->tc[1]->base_ms}, {0, 0}, false};
    memset(g, 0, sizeof *g);
    snprintf(g->fen, sizeof g->fen, "%s", fen);
    g->loser_side = -1;
    if (game->rule_sets) snprintf(g->rules, sizeof g->rules, "%s", game_rule_set_name(game, s->rules.rule_set));
    if (!gp.pos || game->set_position(gp.pos, fen, NULL, 0)) { /* a harness bug: books and suites are checked */
        game->state_free(gp.pos);
        snprintf(g->detail, sizeof g->detail, "cannot set up the position %.200s", fen);
        return LOOP_ON;
    }
    g->start_side = game->side_to_move(gp.pos);
    play_opening(game, gp.pos, opening, nopening, g);
    tell_game(&gp);
    LoopAction a = run(&gp);
    game->state_free(gp.pos);
    return a;
}
