/*
 * test_atx_perft.c - every position of positions/ataxx/perft.epd to each
 * depth whose count is at most ATX_PERFT_BUDGET leaves (default 50000000),
 * plus, over the depth-3 tree of each position (depth 2 where D3 is above
 * 200000), the incremental key against the key from scratch, the counter
 * and the legality test against the generator, unmake against the position
 * before make, and the bitboard perft against a perft made of the
 * generator and make/unmake.
 *
 * Usage: test_atx_perft [EPD_FILE]. The counts come from the file (see its
 * header for where they were obtained), never from this program.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "atx_testlib.h"
#include "board.h"
#include "movegen.h"
#include "perft_epd.h"
#include "testhelp.h"

#define MAX_DEPTHS 10

/* Perft made of the generator and make/unmake (no bitboard shortcut). */
static uint64_t perft_make(AtxPosition *pos, int depth)
{
    if (depth == 0) return 1;
    AtxMove list[ATX_MAX_MOVES];
    int n = atx_gen_moves(pos, list);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        atx_pos_make(pos, list[i]);
        nodes += perft_make(pos, depth - 1);
        atx_pos_unmake(pos);
    }
    return nodes;
}

/* Walks the tree of the given depth checking keys, the counter, legality,
 * unmake and the bitboard perft; returns the number of disagreements. */
static int check_tree(AtxPosition *pos, int depth)
{
    AtxMove list[ATX_MAX_MOVES];
    int n = atx_gen_moves(pos, list), errors = 0;
    errors += atx_count_moves(pos) != n;
    errors += atx_pos_key(pos) != atx_pos_compute_key(pos);
    for (int i = 0; i < n; i++) errors += !atx_move_is_legal(pos, list[i]);
    if (depth == 0) return errors;
    errors += atx_perft(pos, 2) != perft_make(pos, 2);
    static AtxPosition before[MAX_DEPTHS];
    before[depth] = *pos;
    for (int i = 0; i < n; i++) {
        atx_pos_make(pos, list[i]);
        errors += check_tree(pos, depth - 1);
        atx_pos_unmake(pos);
        errors += !atx_test_same(pos, &before[depth]);
    }
    return errors;
}

/* Sets the line's position and checks its counts (perft_epd_run). */
static int check_line(const PerftLine *l, unsigned long long budget)
{
    static AtxPosition pos;
    char err[200];
    int rc = atx_pos_from_text(&pos, l->text, err, sizeof err);
    CHECK(rc == 0, "%s:%d: %s", l->path, l->lineno, err);
    if (rc) return -1;
    int depths = 0;
    for (int d = 1; d <= l->deepest && l->expected[d] <= budget; d++) {
        unsigned long long got = atx_perft(&pos, d);
        CHECK(got == l->expected[d], "%s:%d: perft %d of %s: expected %llu, got %llu", l->path, l->lineno, d, l->text,
              l->expected[d], got);
        depths++;
    }
    CHECK(check_tree(&pos, l->expected[3] <= 200000 ? 3 : 2) == 0,
          "%s:%d: keys, counts or perfts disagree in the tree of %s", l->path, l->lineno, l->text);
    return depths;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "positions/ataxx/perft.epd";
    const char *budget_env = getenv("ATX_PERFT_BUDGET");
    unsigned long long budget = budget_env ? strtoull(budget_env, NULL, 10) : 50000000ULL;
    atx_board_init();
    if (perft_epd_run("test_atx_perft", path, MAX_DEPTHS, 20, budget, check_line)) return 1;
    return TEST_REPORT();
}
