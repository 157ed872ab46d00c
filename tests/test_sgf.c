/*
 * test_sgf.c - the SGF writer on Amazons games: the exact text of a short
 * game (points as the SGF Amazons page has them: d1 = da, g9 = gi), results
 * (W+, B+R, W+T, W+F, none while undecided), setup properties for a game
 * that does not start at the default position, escaping, ten moves to a
 * line, and a game without SGF refused.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/sgf.h"
#include "testhelp.h"

#define AM game_by_name("amazons")

/* Fills g with the moves (canonical text) from fen. */
static void record(GameRecord *g, const char *fen, const char *moves)
{
    const Game *game = AM;
    memset(g, 0, sizeof *g);
    snprintf(g->fen, sizeof g->fen, "%s", fen ? fen : game->start);
    GameState *s = game_state_at(game, g->fen);
    char buf[512], err[160], *save;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        MoveCode m;
        if (game->parse_move(s, w, NOTATION_ANY, &m, err, sizeof err)) {
            CHECK(0, "%s: %s", w, err);
            break;
        }
        game->play(s, m);
        g->moves[g->plies++].move = m;
    }
    game->state_free(s);
}

/* Writes g with tags; returns the text (free it) and sets *rc. */
static char *write_sgf(const Game *game, const PgnTags *tags, const GameRecord *g, int *rc)
{
    char *text = NULL;
    size_t size;
    FILE *f = open_memstream(&text, &size);
    *rc = sgf_write(f, game, tags, g);
    fclose(f);
    return text;
}

static void expect_sgf(const PgnTags *tags, const GameRecord *g, const char *want, const char *what)
{
    int rc;
    char *text = write_sgf(AM, tags, g, &rc);
    CHECK(rc == 0 && strcmp(text, want) == 0, "%s: rc %d\n%s\nexpected\n%s", what, rc, text, want);
    free(text);
}

static void test_short_game(void)
{
    static GameRecord g;
    PgnTags tags = {"play", "here", "2024.05.01", 1, "me", "engine", "-", NULL, NULL, NULL};
    record(&g, NULL, "d1-d6/g9 d10-d7/d8");
    g.result = RESULT_FIRST_WINS;
    g.term = TERM_ENGINE_RESIGN;
    expect_sgf(&tags, &g,
               "(;FF[4]GM[18]SZ[10]CA[UTF-8]AP[qibench]EV[play]DT[2024-05-01]PW[me]PB[engine]RE[W+R]\n"
               ";W[dadfgi];B[djdgdh])\n", "resigned");
    g.result = RESULT_SECOND_WINS;
    g.term = TERM_RULES;
    expect_sgf(&tags, &g,
               "(;FF[4]GM[18]SZ[10]CA[UTF-8]AP[qibench]EV[play]DT[2024-05-01]PW[me]PB[engine]RE[B+]\n"
               ";W[dadfgi];B[djdgdh])\n", "by the rules");
    g.term = TERM_TIME;
    expect_sgf(&tags, &g,
               "(;FF[4]GM[18]SZ[10]CA[UTF-8]AP[qibench]EV[play]DT[2024-05-01]PW[me]PB[engine]RE[B+T]\n"
               ";W[dadfgi];B[djdgdh])\n", "on time");
    g.term = TERM_ILLEGAL;
    expect_sgf(&tags, &g,
               "(;FF[4]GM[18]SZ[10]CA[UTF-8]AP[qibench]EV[play]DT[2024-05-01]PW[me]PB[engine]RE[B+F]\n"
               ";W[dadfgi];B[djdgdh])\n", "forfeit");
    g.result = RESULT_NONE;
    PgnTags odd = {"a]b\\c", NULL, "????.??.??", 0, "x", NULL, NULL, NULL, NULL, NULL};
    expect_sgf(&odd, &g, "(;FF[4]GM[18]SZ[10]CA[UTF-8]AP[qibench]EV[a\\]b\\\\c]PW[x]\n;W[dadfgi];B[djdgdh])\n",
               "undecided, escaped, no date");
}

static void test_setup(void)
{
    static GameRecord g;
    PgnTags tags = {NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL};
    record(&g, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 b - - 0 1", "d10-d7/d8");
    expect_sgf(&tags, &g,
               "(;FF[4]GM[18]SZ[10]CA[UTF-8]AP[qibench]AW[da][ga][ad][jd]AB[ag][jg][dj][gj]PL[B]\n;B[djdgdh])\n",
               "Black first");
    record(&g, "3q2q3/10/10/q8q/10/10/Q8Q/10/1*8/3Q2Q3 w - - 0 1", "");
    expect_sgf(&tags, &g, "(;FF[4]GM[18]SZ[10]CA[UTF-8]AP[qibench]AW[da][ga][ad][jd]AB[ag][jg][dj][gj]AA[bb]\n)\n",
               "an arrow");
}

/* Setup properties that do not fit are refused, not cut: the buffer one
 * byte short of "AW[da][ga][ad][jd]AB[ag][jg][dj][gj]PL[B]" (41 bytes). */
static void test_setup_room(void)
{
    char buf[64];
    GameState *s = game_state_at(AM, "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 b - - 0 1");
    CHECK(s != NULL, "position set");
    if (!s) return;
    CHECK(AM->sgf->setup(s, buf, sizeof buf) == 0 && strcmp(buf, "AW[da][ga][ad][jd]AB[ag][jg][dj][gj]PL[B]") == 0,
          "setup: %s", buf);
    CHECK(AM->sgf->setup(s, buf, 41) == -1, "setup refused in 41 bytes");
    CHECK(AM->sgf->setup(s, buf, 20) == -1, "setup refused in 20 bytes");
    AM->state_free(s);
}

static void test_lines(void)
{
    static GameRecord g;
    PgnTags tags = {NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL};
    const Game *game = AM;
    GameState *s = game->state_new();
    MoveCode *list = malloc(GAME_MOVES_MAX * sizeof *list);
    memset(&g, 0, sizeof g);
    for (int i = 0; i < 23; i++) {
        CHECK(game->legal_moves(s, list) > 0, "a legal turn at ply %d", i);
        g.moves[g.plies++].move = list[0];
        game->play(s, list[0]);
    }
    int rc;
    char *text = write_sgf(game, &tags, &g, &rc);
    int lines = 0, nodes = 0;
    for (char *c = text; *c; c++) lines += *c == '\n', nodes += *c == ';';
    CHECK(rc == 0 && lines == 4 && nodes == 24, "23 moves: rc %d, %d lines, %d nodes:\n%s", rc, lines, nodes, text);
    free(text);
    free(list);
    game->state_free(s);
}

static void test_no_sgf(void)
{
    static GameRecord g;
    PgnTags tags = {NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL};
    memset(&g, 0, sizeof g);
    int rc;
    free(write_sgf(game_by_name("xiangqi"), &tags, &g, &rc));
    CHECK(rc == -1, "Xiangqi has no SGF: rc %d", rc);
}

int main(void)
{
    test_short_game();
    test_setup();
    test_setup_room();
    test_lines();
    test_no_sgf();
    return TEST_REPORT();
}
