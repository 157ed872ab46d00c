/*
 * test_amz_game.c - engine/amazons/game.h holds to the game.h contract: the
 * descriptor macros, and the game_* functions over random games (history
 * index range, protocol text both ways, rule, side, key, make/unmake).
 */
#include <stdio.h>
#include <string.h>

#include "amz_testlib.h"
#include "game.h"
#include "testhelp.h"

static GamePosition pos;
static GameMove list[GAME_MAX_MOVES];

static void test_descriptors(void)
{
    CHECK(!strcmp(GAME_NAME, "amazons") && !strcmp(GAME_UCI_VARIANT, "amazons"), "names");
    CHECK(!strcmp(GAME_ENGINE_ID, "qibench-amazons") && !strcmp(GAME_ENGINE_BIN, "amazons-engine"), "ids");
    CHECK(!strcmp(GAME_BENCH_FILE, "positions/amazons/bench.epd"), "bench file");
    CHECK(GAME_MAX_MOVES >= 5120 && GAME_MOVE_INDEXES == 10000, "sizes");
    CHECK(GAME_HAS_NOISY == 0 && GAME_HAS_CHECK == 0, "no captures, no check");
    CHECK(GAME_MOVE_TEXT_MAX > strlen("a10j10,j10j1") && GAME_POS_TEXT_MAX >= 160, "text sizes");
    GameMove none = GAME_MOVE_NONE;
    CHECK(none == 0 && sizeof(GameMove) == 4, "GameMove is 32 bits, none is 0");
}

static void test_start(void)
{
    char err[160] = "", text[GAME_POS_TEXT_MAX], diagram[1024];
    CHECK(game_pos_from_text(&pos, GAME_START_FEN, err, sizeof err) == 0, "start: %s", err);
    game_pos_to_text(&pos, text, sizeof text);
    CHECK(!strcmp(text, GAME_START_FEN), "start text %s", text);
    game_pos_print(&pos, diagram, sizeof diagram);
    CHECK(strstr(diagram, "Fen: " GAME_START_FEN) && strstr(diagram, "a b c d e f g h i j"), "diagram:\n%s", diagram);
    CHECK(game_side(&pos) == 0 && game_rule(&pos, 0) == GAME_RULE_NONE, "side and rule at the start");
    CHECK(game_perft(&pos, 2) == 4307152, "game_perft 2");
    CHECK(game_pos_from_text(&pos, "10/10 w", err, sizeof err) == -1 && strstr(err, "ranks"), "bad text: %s", err);
}

/* One position: every move's index in range and text round trip. Returns errors. */
static int check_moves(int n)
{
    static int owner[GAME_MOVE_INDEXES];
    int errors = 0;
    memset(owner, -1, sizeof owner);
    for (int i = 0; i < n; i++) {
        char text[GAME_MOVE_TEXT_MAX], err[160];
        GameMove back = GAME_MOVE_NONE;
        int idx = game_move_index(list[i]), queen = (int)(list[i] & 0x3FFF);
        errors += idx < 0 || idx >= GAME_MOVE_INDEXES || list[i] == GAME_MOVE_NONE;
        /* One index per queen move (from, to): the arrow does not change it. */
        if (idx >= 0 && idx < GAME_MOVE_INDEXES) {
            errors += owner[idx] != -1 && owner[idx] != queen;
            owner[idx] = queen;
        }
        game_move_text(list[i], text);
        errors += game_move_parse(&pos, text, &back, err, sizeof err) != 0 || back != list[i] || !strchr(text, ',');
    }
    return errors;
}

static void test_random_games(void)
{
    uint64_t rng = 77;
    int errors = 0, positions = 0;
    for (int game = 0; game < 25; game++) {
        game_pos_from_text(&pos, GAME_START_FEN, NULL, 0);
        for (int ply = 0;; ply++) {
            int n = game_moves(&pos, list);
            errors += check_moves(n) + (game_side(&pos) != (ply & 1)) + (game_rule(&pos, 0) != GAME_RULE_NONE);
            errors += game_key(&pos) != amz_pos_compute_key(&pos);
            positions++;
            if (n == 0) break;
            uint64_t key = game_key(&pos);
            GameMove m = list[amz_test_random(&rng) % (uint64_t)n];
            errors += !game_make(&pos, m) || game_key(&pos) == key;
            game_unmake(&pos);
            errors += game_key(&pos) != key;
            game_make(&pos, m);
        }
    }
    CHECK(errors == 0, "%d errors over %d positions", errors, positions);
}

/* The evaluation is from the side to move: with no tied squares (no tempo),
 * the same board with the other side to move has the opposite score. */
static void test_eval_side(void)
{
    game_pos_from_text(&pos, "****5q/**********/**********/**********/**********/**********/**********/"
                             "**********/1*********/Q9 w", NULL, 0);
    int white = game_eval(&pos);
    game_pos_from_text(&pos, "****5q/**********/**********/**********/**********/**********/**********/"
                             "**********/1*********/Q9 b", NULL, 0);
    CHECK(white > 0 && game_eval(&pos) == -white, "eval %d then %d", white, game_eval(&pos));
}

/* Every position of the bench file reads and has a legal turn (run from the
 * top of the tree, as the test runner does). */
static void test_bench_file(void)
{
    char line[512], err[160];
    int positions = 0, bad = 0;
    FILE *f = fopen(GAME_BENCH_FILE, "r");
    CHECK(f != NULL, "cannot open %s", GAME_BENCH_FILE);
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *semi = strstr(line, " ;");
        if (semi) *semi = '\0';
        bool ok = game_pos_from_text(&pos, line, err, sizeof err) == 0 && game_moves(&pos, list) > 0;
        if (!ok) fprintf(stderr, "%s: '%s': %s\n", GAME_BENCH_FILE, line, err);
        bad += !ok;
        positions++;
    }
    fclose(f);
    CHECK(bad == 0 && positions >= 10, "%s: %d positions, %d bad", GAME_BENCH_FILE, positions, bad);
}

int main(void)
{
    game_init();
    test_descriptors();
    test_start();
    test_random_games();
    test_eval_side();
    test_bench_file();
    return TEST_REPORT();
}
