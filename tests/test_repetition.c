/*
 * test_repetition.c - the repetition cases of tests/chase_cases.txt (or the
 * file given as the argument) through the game interface the harness plays
 * by (harness/games/game.h): each case's moves are played from its position,
 * the game must go on before the last move and end at it, with the case's
 * result and reason under --rules asian, and under the other rule sets what
 * they say by their definitions: check-only (perpetual check loses, any
 * other repetition is a draw) and chess-like (every repetition is a draw).
 * A perpetual chase says which piece chases which. The verdicts in the file
 * were worked out by hand from the AXF rules and agree with the oracle's
 * (tests/e2e_chase_oracle.sh); tests/e2e_chase.sh plays a few of them
 * through `qibench match` to prove the plumbing.
 */
#include <stdlib.h>
#include <string.h>

#include "games/game.h"
#include "testhelp.h"

/* One line of the case file, split at '|' and trimmed. */
typedef struct {
    char *id, *fen, *moves, *asian;
} Case;

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r')) *--e = '\0';
    return s;
}

/* Splits line into c; false for a comment, a blank line or a malformed one
 * (the last counted as a failure, with file and line). */
static bool parse_case(char *line, Case *c, const char *path, int n)
{
    char *t = trim(line);
    if (*t == '\0' || *t == '#') return false;
    char *field[6];
    int k = 0;
    for (char *p = t; k < 6; k++) {
        field[k] = p;
        char *bar = strchr(p, '|');
        if (!bar) {
            k++;
            break;
        }
        *bar = '\0';
        p = bar + 1;
    }
    CHECK(k >= 4, "%s:%d: expected ID | FEN | MOVES | ASIAN | ORACLE | NOTE", path, n);
    if (k < 4) return false;
    *c = (Case){trim(field[0]), trim(field[1]), trim(field[2]), trim(field[3])};
    return true;
}

/* "result reason" of the game after c's moves under rule set rs; "" when it
 * did not end at the last move (a failure is counted with what happened). */
static void verdict(const Game *g, const Case *c, int rs, char *out, size_t len, char *detail, size_t dlen)
{
    GameRules rules = g->default_rules;
    rules.rule_set = rs;
    GameState *s = game_state_at(g, c->fen);
    out[0] = detail[0] = '\0';
    CHECK(s != NULL, "%s: bad position '%s'", c->id, c->fen);
    if (!s) return;
    char moves[512], err[160];
    snprintf(moves, sizeof moves, "%s", c->moves);
    int plies = 0;
    for (char *m = strtok(moves, ", "); m; m = strtok(NULL, ", ")) {
        GameOutcome before = g->outcome(s, &rules);
        CHECK(before.result == RESULT_NONE, "%s (%s): ended (%s) before move %d, %s", c->id,
              game_rule_set_name(g, rs), g->reason_name(before.reason), plies + 1, m);
        MoveCode mc;
        int rc = g->parse_move(s, m, g->protocol_notation, &mc, err, sizeof err);
        CHECK(rc == 0, "%s: move %d, %s: %s", c->id, plies + 1, m, err);
        if (rc != 0 || before.result != RESULT_NONE) break;
        g->play(s, mc);
        plies++;
    }
    GameOutcome o = g->outcome(s, &rules);
    if (o.result != RESULT_NONE) {
        snprintf(out, len, "%s %s", game_result_text(o.result), g->reason_name(o.reason));
        snprintf(detail, dlen, "%s", o.detail);
    }
    g->state_free(s);
}

static void check_case(const Game *g, const Case *c)
{
    int asian = game_rule_set_by_name(g, "asian"), check_only = game_rule_set_by_name(g, "check-only"),
        chess_like = game_rule_set_by_name(g, "chess-like");
    char got[96], detail[96];
    verdict(g, c, asian, got, sizeof got, detail, sizeof detail);
    CHECK(strcmp(got, c->asian) == 0, "%s (asian): expected '%s', got '%s'", c->id, c->asian, got);
    if (strstr(c->asian, "perpetual chase"))
        CHECK(strstr(detail, " chasing the ") != NULL, "%s: the chase is described ('%s')", c->id, detail);
    /* check-only: a perpetual check keeps its verdict, anything else is a draw. */
    char want[96];
    if (strstr(c->asian, "perpetual check"))
        snprintf(want, sizeof want, "%s", c->asian);
    else
        snprintf(want, sizeof want, "1/2-1/2 repetition");
    verdict(g, c, check_only, got, sizeof got, detail, sizeof detail);
    CHECK(strcmp(got, want) == 0, "%s (check-only): expected '%s', got '%s'", c->id, want, got);
    verdict(g, c, chess_like, got, sizeof got, detail, sizeof detail);
    CHECK(strcmp(got, "1/2-1/2 repetition") == 0, "%s (chess-like): expected '1/2-1/2 repetition', got '%s'", c->id,
          got);
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/chase_cases.txt";
    const Game *g = game_by_name("xiangqi");
    CHECK(g && game_rule_set_by_name(g, "asian") >= 0 && game_rule_set_by_name(g, "check-only") >= 0 &&
              game_rule_set_by_name(g, "chess-like") >= 0,
          "xiangqi has the rule sets asian, check-only and chess-like");
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!g || !f) return TEST_REPORT();
    char line[1024];
    int n = 0, cases = 0;
    while (fgets(line, sizeof line, f)) {
        Case c;
        if (!parse_case(line, &c, path, ++n)) continue;
        check_case(g, &c);
        cases++;
    }
    fclose(f);
    CHECK(cases >= 40, "%s: at least 40 cases (got %d)", path, cases);
    printf("%d repetition cases, 3 rule sets each\n", cases);
    return TEST_REPORT();
}
