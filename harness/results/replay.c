/*
 * results/replay.c - a stored game read back (--resume, merge): its record
 * (results/record.h) replayed from its opening under the rules into a
 * GameRecord (see match/match_run.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/match_run.h"
#include "util/util.h"

/* The rules as gameplay applies them: the record's length caps the ply limit. */
static GameRules replay_rules(const MatchRun *run)
{
    GameRules rules = run->opt->rules;
    if (rules.max_plies <= 0 || rules.max_plies > GAME_MAX_PLIES - 1) rules.max_plies = GAME_MAX_PLIES - 1;
    return rules;
}

/* One stored move (sm) of ply i into g->moves[i], played on s. */
static int replay_move(const MatchRun *run, GameState *s, const StoredMove *sm, int i, const Opening *op, GameRecord *g,
                       char *err, size_t errlen)
{
    const Game *game = run->opt->game;
    const char *text = sm->move;
    char why[256];
    MoveRecord *m = &g->moves[i];
    GameRules rules = replay_rules(run);
    if (!text[0]) return util_fail(err, errlen, "ply %d has no move", i + 1);
    GameOutcome o = i < g->opening_plies ? (GameOutcome){.result = RESULT_NONE} : game->outcome(s, &rules);
    if (o.result != RESULT_NONE)
        return util_fail(err, errlen, "ply %d '%s' comes after the game ended (%s)", i + 1, text,
                         game->reason_name(o.reason));
    if (game->parse_move(s, text, game->record_notation, &m->move, why, sizeof why))
        return util_fail(err, errlen, "ply %d '%s' is not a legal move: %s", i + 1, text, why);
    bool book = sm->book;
    if (book != (i < g->opening_plies) || (book && (!op || op->moves[i] != m->move)))
        return util_fail(err, errlen, "ply %d '%s' %s the opening's", i + 1, text, book ? "is not" : "should be");
    if (!book) {
        m->time_ms = sm->time_ms > 0 ? sm->time_ms : 0;
        m->depth = sm->depth > 0 && sm->depth <= INT32_MAX ? (int)sm->depth : 0;
        m->nodes = sm->nodes > 0 ? (uint64_t)sm->nodes : 0;
        m->seldepth = sm->seldepth > 0 && sm->seldepth <= INT32_MAX ? (int)sm->seldepth : 0;
        m->allot_ms = sm->allot_ms > 0 ? sm->allot_ms : 0;
        m->has_score = sm->has_cp || sm->has_mate;
        m->mate = sm->has_mate;
        m->score = (int)(sm->has_mate ? sm->mate : sm->cp);
    }
    if (!game->play(s, m->move)) return util_fail(err, errlen, "ply %d: the game is too long", i + 1);
    return 0;
}

/* The ending stored in g against what the rules say of the final position s. */
static int check_ending(const MatchRun *run, GameState *s, const GameRecord *g, char *err, size_t errlen)
{
    const Game *game = run->opt->game;
    GameRules rules = replay_rules(run);
    GameOutcome o = game->outcome(s, &rules);
    if (g->term == TERM_RULES && (o.result != g->result || o.reason != g->reason)) {
        if (o.result == RESULT_NONE)
            return util_fail(err, errlen, "the game is recorded as ended by %s, but the rules say it goes on",
                             game->reason_name(g->reason));
        return util_fail(err, errlen, "the result is %s (%s), but the rules give %s (%s)", game_result_text(g->result),
                         game->reason_name(g->reason), game_result_text(o.result), game->reason_name(o.reason));
    }
    if (g->term != TERM_RULES && g->term != TERM_DRAW_ADJ && g->result == RESULT_DRAW)
        return util_fail(err, errlen, "a %s cannot be a draw", game_termination_name(game, g->term, 0));
    return 0;
}

/* The header of a stored game: fen (the opening's), result, reason, detail. */
static int read_header(const MatchRun *run, const StoredGame *sg, const Opening *op, GameRecord *g, char *err,
                       size_t errlen)
{
    const Game *game = run->opt->game;
    const char *want = op ? op->fen : game->start;
    if (strcmp(sg->fen, want) != 0)
        return util_fail(err, errlen, "the start position is not the opening's (%.100s)", want);
    if (!sg->reason[0]) return util_fail(err, errlen, "expected \"result\" and \"reason\"");
    snprintf(g->fen, sizeof g->fen, "%s", sg->fen);
    g->result = game_result_parse(sg->result);
    int key = standings_term_key_of(run, sg->reason);
    if (g->result == RESULT_NONE || key < 0)
        return util_fail(err, errlen, "'%s' (%s) is not the result and ending of a game", sg->result, sg->reason);
    g->term = key < TERM_COUNT ? (Termination)key : TERM_RULES;
    g->reason = key < TERM_COUNT ? 0 : key - (TERM_COUNT - 1);
    snprintf(g->detail, sizeof g->detail, "%s", sg->detail);
    g->loser_side = -1;
    g->opening_plies = op ? op->nmoves : 0;
    return 0;
}

int results_replay(const MatchRun *run, const StoredGame *sg, int k, GameRecord *g, char *err, size_t errlen)
{
    const Game *game = run->opt->game;
    const Opening *op = run->book.count ? &run->book.items[run->jobs[k].round % run->book.count] : NULL;
    memset(g, 0, sizeof *g);
    if (read_header(run, sg, op, g, err, errlen)) return -1;
    /* The rule set the games were judged by, for the derived PGN's Rules tag. */
    if (game->rule_sets) snprintf(g->rules, sizeof g->rules, "%s", game_rule_set_name(game, run->opt->rules.rule_set));
    GameState *s = game_state_at(game, g->fen);
    int rc = s ? 0 : util_fail(err, errlen, "out of memory");
    if (rc == 0 && !sg->has_moves) rc = util_fail(err, errlen, "expected \"moves\"");
    g->start_side = s ? game->side_to_move(s) : 0;
    for (int i = 0; rc == 0 && i < sg->nmoves; i++) {
        if (g->plies >= GAME_MAX_PLIES - 1) rc = util_fail(err, errlen, "more than %d plies", GAME_MAX_PLIES - 1);
        else rc = replay_move(run, s, &sg->moves[i], g->plies, op, g, err, errlen);
        if (rc == 0) g->plies++;
    }
    if (rc == 0 && g->plies == 0 && g->term != TERM_RULES)
        g->opening_plies = 0; /* an engine that did not start: the game ended before its opening was played */
    if (rc == 0 && g->plies < g->opening_plies) rc = util_fail(err, errlen, "the opening's moves are missing");
    if (rc == 0 && sg->plies != g->plies)
        rc = util_fail(err, errlen, "\"plies\" is not the number of moves (%d)", g->plies);
    if (rc == 0 && sg->round != run->jobs[k].round + 1)
        rc = util_fail(err, errlen, "\"round\" is not the pair's round (%d)", run->jobs[k].round + 1);
    if (rc == 0) rc = check_ending(run, s, g, err, errlen);
    game->state_free(s);
    return rc;
}
