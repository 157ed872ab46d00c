/*
 * test_atx_game.c - engine/ataxx/game.h holds to the game.h contract: the
 * descriptor macros, the start, game_rule at every kind of game end (by
 * pieces, from the side to move's view; the halfmove limit and a repetition
 * drawn), and the game_* functions over random games (history index range
 * and uniqueness, protocol text both ways, side, key, make/unmake).
 */
#include <stdio.h>
#include <string.h>

#include "atx_testlib.h"
#include "game.h"
#include "testhelp.h"

static GamePosition pos;
static GameMove list[GAME_MAX_MOVES];
static char err[160];

static void test_descriptors(void)
{
    CHECK(!strcmp(GAME_NAME, "ataxx") && !strcmp(GAME_UCI_VARIANT, "ataxx"), "names");
    CHECK(!strcmp(GAME_ENGINE_ID, "qibench-ataxx") && !strcmp(GAME_ENGINE_BIN, "ataxx-engine"), "ids");
    CHECK(!strcmp(GAME_BENCH_FILE, "positions/ataxx/bench.epd"), "bench file");
    CHECK(GAME_MAX_MOVES >= 448 && GAME_MOVE_INDEXES == 49 * 49 + 1, "sizes");
    CHECK(GAME_HAS_NOISY == 0 && GAME_HAS_CHECK == 0 && GAME_HAS_NULL_MOVE == 0, "no captures, no check, no null move");
    CHECK(GAME_MOVE_TEXT_MAX > strlen("(none)") && GAME_POS_TEXT_MAX > strlen("xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx x 60000 99999"),
          "text sizes");
    GameMove none = GAME_MOVE_NONE;
    CHECK(none == 0 && sizeof(GameMove) == 2, "GameMove is 16 bits, none is 0");
    CHECK(GAME_SCORE_NO_MOVES(5) == 0, "no moves: 0 (only at the root of a finished game)");
}

static void test_start(void)
{
    char text[GAME_POS_TEXT_MAX], diagram[1024];
    CHECK(game_pos_from_text(&pos, GAME_START_FEN, err, sizeof err) == 0, "start: %s", err);
    game_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, GAME_START_FEN), "start text %s", text);
    game_pos_print(&pos, diagram, sizeof diagram);
    CHECK(strstr(diagram, "Fen: " GAME_START_FEN) && strstr(diagram, "a b c d e f g"), "diagram:\n%s", diagram);
    CHECK(game_side(&pos) == 0 && game_rule(&pos, 0) == GAME_RULE_NONE, "side and rule at the start");
    CHECK(game_perft(&pos, 3) == 6460 && game_has_moves(&pos), "game_perft 3 (libataxx: 6460)");
    CHECK(game_pos_from_text(&pos, "7/7 x", err, sizeof err) == -1 && strstr(err, "ranks"), "bad text: %s", err);
}

static GameRule rule_of(const char *text)
{
    if (game_pos_from_text(&pos, text, err, sizeof err)) return (GameRule)-1;
    return game_rule(&pos, 0);
}

static void test_rules(void)
{
    CHECK(rule_of("xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo x 0 30") == GAME_RULE_WIN,
          "full, x 25 o 24, x to move: a win");
    CHECK(rule_of("xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo o 0 30") == GAME_RULE_LOSS,
          "the same, o to move: a loss");
    CHECK(rule_of("xxxxxxx/xxxxxxx/xxxxxxx/xxx-ooo/ooooooo/ooooooo/ooooooo o 0 30") == GAME_RULE_DRAW, "24 each: a draw");
    CHECK(rule_of("7/7/7/7/7/7/x6 o 0 1") == GAME_RULE_LOSS, "o has no pieces, o to move: a loss");
    CHECK(rule_of("7/7/7/7/7/7/x6 x 0 1") == GAME_RULE_WIN, "o has no pieces, x to move: a win");
    CHECK(rule_of("ooooooo/ooooooo/-------/-------/-------/xxxxxxx/xxxxxxx o 0 1") == GAME_RULE_DRAW, "walled, 14 each");
    CHECK(rule_of("ooooooo/ooooooo/-------/-------/-------/xxxxxxx/xxxxxx1 o 0 1") == GAME_RULE_NONE,
          "walled with room for x: goes on");
    CHECK(rule_of("x5o/7/7/7/7/7/o5x x 100 1") == GAME_RULE_DRAW, "halfmove 100: a draw");
    CHECK(rule_of("xxxx3/7/7/7/7/7/o6 x 100 1") == GAME_RULE_DRAW, "halfmove 100, x ahead: a draw");
    CHECK(rule_of("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1") == GAME_RULE_NONE, "boxed in: x passes, no rule");
    CHECK(game_moves(&pos, list) == 1 && list[0] == ATX_MOVE_PASS && game_has_moves(&pos), "the pass is x's move");
    /* A repetition inside a search is a draw at once. */
    game_pos_from_text(&pos, GAME_START_FEN, err, sizeof err);
    static const char *const CYCLE[] = {"a7c7", "g7e7", "c7a7", "e7g7"};
    for (int i = 0; i < 4; i++) {
        GameMove m;
        CHECK(game_move_parse(&pos, CYCLE[i], &m, err, sizeof err) == 0, "%s: %s", CYCLE[i], err);
        CHECK(game_rule(&pos, 0) == GAME_RULE_NONE, "before %s: no rule", CYCLE[i]);
        game_make(&pos, m);
    }
    CHECK(game_rule(&pos, 0) == GAME_RULE_DRAW, "the start again: a draw");
}

static void test_random_games(void)
{
    uint64_t seed = 11;
    static unsigned char seen[GAME_MOVE_INDEXES];
    int bad_index = 0, bad_text = 0, bad_side = 0, bad_legal = 0, moves = 0, bad_rule = 0;
    for (int g = 0; g < 10; g++) {
        game_pos_from_text(&pos, g % 2 ? GAME_START_FEN : "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", err, sizeof err);
        for (;;) {
            int n = game_moves(&pos, list);
            /* game_rule at a board end: never NONE */
            if (n == 0) {
                bad_rule += game_rule(&pos, 0) == GAME_RULE_NONE;
                break;
            }
            memset(seen, 0, sizeof seen);
            for (int i = 0; i < n; i++) {
                int ix = game_move_index(list[i]);
                if (ix < 0 || ix >= GAME_MOVE_INDEXES || seen[ix]) bad_index++;
                else seen[ix] = 1;
                char t[GAME_MOVE_TEXT_MAX];
                GameMove back = GAME_MOVE_NONE;
                game_move_text(list[i], t);
                bad_text += game_move_parse(&pos, t, &back, err, sizeof err) != 0 || back != list[i];
                bad_legal += !game_move_legal(&pos, list[i]);
                moves++;
            }
            int side = game_side(&pos);
            uint64_t key = game_key(&pos);
            GameMove m = list[atx_test_random(&seed) % (uint64_t)n];
            game_make(&pos, m);
            bad_side += game_side(&pos) == side || game_last_move(&pos) != m;
            game_unmake(&pos);
            bad_side += game_side(&pos) != side || game_key(&pos) != key;
            game_make(&pos, m);
        }
    }
    CHECK(bad_index == 0, "%d move indexes out of range or shared", bad_index);
    CHECK(bad_text == 0, "%d moves did not parse back from their protocol text", bad_text);
    CHECK(bad_legal == 0, "%d generated moves not game_move_legal", bad_legal);
    CHECK(bad_side == 0, "%d side/key/last-move errors", bad_side);
    CHECK(bad_rule == 0, "%d finished games without a rule's verdict", bad_rule);
    CHECK(moves > 10000, "%d moves", moves);
    CHECK(game_move_index(ATX_MOVE_PASS) == GAME_MOVE_INDEXES - 1, "the pass: the last index");
}

int main(void)
{
    game_init();
    test_descriptors();
    test_start();
    test_rules();
    test_random_games();
    return TEST_REPORT();
}
