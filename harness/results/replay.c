/*
 * results/replay.c - a stored game read back (--resume, merge): its line
 * in games.jsonl parsed into a GameRecord and replayed from its opening
 * under the rules (see match/match_run.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/match_run.h"
#include "util/util.h"

/* The next object of a JSON array's text at *p (after '[' or ','), copied
 * into obj (room for len bytes). Returns 1 with one, 0 at the array's end,
 * -1 when the text is not an array of objects. */
static int next_object(const char **p, char *obj, size_t len)
{
    const char *s = *p;
    while (*s == ' ' || *s == ',' || *s == '[') s++;
    if (*s == ']') return 0;
    if (*s != '{') return -1;
    int depth = 0;
    bool in_string = false;
    const char *start = s;
    for (; *s; s++) {
        if (in_string) {
            if (*s == '\\' && s[1]) s++;
            else if (*s == '"') in_string = false;
        } else if (*s == '"') {
            in_string = true;
        } else if (*s == '{') {
            depth++;
        } else if (*s == '}' && --depth == 0) {
            size_t n = (size_t)(s + 1 - start);
            if (n >= len) return -1;
            memcpy(obj, start, n);
            obj[n] = '\0';
            *p = s + 1;
            return 1;
        }
    }
    return -1;
}

static long get_long(const char *obj, const char *key, long fallback)
{
    char v[32], *end;
    if (!json_get(obj, key, v, sizeof v)) return fallback;
    long x = strtol(v, &end, 10);
    return *end ? fallback : x;
}

/* The rules as gameplay applies them: the record's length caps the ply limit. */
static GameRules replay_rules(const MatchRun *run)
{
    GameRules rules = run->opt->rules;
    if (rules.max_plies <= 0 || rules.max_plies > GAME_MAX_PLIES - 1) rules.max_plies = GAME_MAX_PLIES - 1;
    return rules;
}

/* One stored move (obj) of ply i into g->moves[i], played on s. */
static int replay_move(const MatchRun *run, GameState *s, const char *obj, int i, const Opening *op, GameRecord *g,
                       char *err, size_t errlen)
{
    const Game *game = run->opt->game;
    char text[MOVE_TEXT_BYTES], why[256], v[16];
    MoveRecord *m = &g->moves[i];
    GameRules rules = replay_rules(run);
    if (!json_get(obj, "move", text, sizeof text)) return util_fail(err, errlen, "ply %d has no move", i + 1);
    GameOutcome o = i < g->opening_plies ? (GameOutcome){.result = RESULT_NONE} : game->outcome(s, &rules);
    if (o.result != RESULT_NONE)
        return util_fail(err, errlen, "ply %d '%s' comes after the game ended (%s)", i + 1, text,
                         game->reason_name(o.reason));
    if (game->parse_move(s, text, game->record_notation, &m->move, why, sizeof why))
        return util_fail(err, errlen, "ply %d '%s' is not a legal move: %s", i + 1, text, why);
    bool book = json_get(obj, "book", v, sizeof v) && strcmp(v, "true") == 0;
    if (book != (i < g->opening_plies) || (book && (!op || op->moves[i] != m->move)))
        return util_fail(err, errlen, "ply %d '%s' %s the opening's", i + 1, text, book ? "is not" : "should be");
    if (!book) {
        m->time_ms = get_long(obj, "time_ms", 0);
        m->depth = (int)get_long(obj, "depth", 0);
        m->nodes = (uint64_t)get_long(obj, "nodes", 0);
        m->seldepth = (int)get_long(obj, "seldepth", 0);
        m->allot_ms = get_long(obj, "allot_ms", 0);
        m->has_score = json_get(obj, "cp", v, sizeof v) || json_get(obj, "mate", v, sizeof v);
        m->mate = json_get(obj, "mate", v, sizeof v);
        m->score = (int)get_long(obj, m->mate ? "mate" : "cp", 0);
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
static int read_header(const MatchRun *run, const char *line, const Opening *op, GameRecord *g, char *err,
                       size_t errlen)
{
    const Game *game = run->opt->game;
    char result[16], reason[64];
    const char *want = op ? op->fen : game->start;
    if (!json_get(line, "fen", g->fen, sizeof g->fen) || strcmp(g->fen, want) != 0)
        return util_fail(err, errlen, "the start position is not the opening's (%.100s)", want);
    if (!json_get(line, "result", result, sizeof result) || !json_get(line, "reason", reason, sizeof reason))
        return util_fail(err, errlen, "expected \"result\" and \"reason\"");
    g->result = game_result_parse(result);
    int key = standings_term_key_of(run, reason);
    if (g->result == RESULT_NONE || key < 0)
        return util_fail(err, errlen, "'%s' (%s) is not the result and ending of a game", result, reason);
    g->term = key < TERM_COUNT ? (Termination)key : TERM_RULES;
    g->reason = key < TERM_COUNT ? 0 : key - (TERM_COUNT - 1);
    if (!json_get(line, "detail", g->detail, sizeof g->detail) || strcmp(g->detail, "null") == 0) g->detail[0] = '\0';
    g->loser_side = -1;
    g->opening_plies = op ? op->nmoves : 0;
    return 0;
}

int results_replay(const MatchRun *run, const char *line, int k, GameRecord *g, char *err, size_t errlen)
{
    const Game *game = run->opt->game;
    const Opening *op = run->book.count ? &run->book.items[run->jobs[k].round % run->book.count] : NULL;
    memset(g, 0, sizeof *g);
    if (read_header(run, line, op, g, err, errlen)) return -1;
    /* The rule set the games were judged by, for the derived PGN's Rules tag. */
    if (game->rule_sets) snprintf(g->rules, sizeof g->rules, "%s", game_rule_set_name(game, run->opt->rules.rule_set));
    size_t len = strlen(line) + 1;
    char *moves = malloc(len), *obj = malloc(len);
    GameState *s = game_state_at(game, g->fen);
    int rc = moves && obj && s ? 0 : util_fail(err, errlen, "out of memory");
    if (rc == 0 && !json_get(line, "moves", moves, len)) rc = util_fail(err, errlen, "expected \"moves\"");
    g->start_side = s ? game->side_to_move(s) : 0;
    const char *p = moves;
    int r = 0;
    while (rc == 0 && (r = next_object(&p, obj, len)) > 0) {
        if (g->plies >= GAME_MAX_PLIES - 1) rc = util_fail(err, errlen, "more than %d plies", GAME_MAX_PLIES - 1);
        else rc = replay_move(run, s, obj, g->plies, op, g, err, errlen);
        if (rc == 0) g->plies++;
    }
    if (rc == 0 && r < 0) rc = util_fail(err, errlen, "\"moves\" is not a list of moves");
    if (rc == 0 && g->plies == 0 && g->term != TERM_RULES)
        g->opening_plies = 0; /* an engine that did not start: the game ended before its opening was played */
    if (rc == 0 && g->plies < g->opening_plies) rc = util_fail(err, errlen, "the opening's moves are missing");
    if (rc == 0 && get_long(line, "plies", -1) != g->plies)
        rc = util_fail(err, errlen, "\"plies\" is not the number of moves (%d)", g->plies);
    if (rc == 0 && get_long(line, "round", -1) != run->jobs[k].round + 1)
        rc = util_fail(err, errlen, "\"round\" is not the pair's round (%d)", run->jobs[k].round + 1);
    if (rc == 0) rc = check_ending(run, s, g, err, errlen);
    game->state_free(s);
    free(moves);
    free(obj);
    return rc;
}
