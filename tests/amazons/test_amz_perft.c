/*
 * test_amz_perft.c - every position of positions/amazons/perft.epd to each
 * depth whose count is at most AMZ_PERFT_BUDGET leaves (default 200000000),
 * plus, over the depth-2 tree of each position (depth 1 where D2 is above
 * 300000), the incremental key against the key from scratch and the counter
 * against the generator.
 *
 * Usage: test_amz_perft [EPD_FILE]. The counts come from the file (see its
 * header for where they were obtained), never from this program.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "perft_epd.h"
#include "testhelp.h"

#define MAX_DEPTHS 10

/* Walks the tree of the given depth checking keys and the counter. */
static int check_tree(AmzPosition *pos, int depth)
{
    AmzMove list[AMZ_MAX_MOVES];
    int n = amz_gen_moves(pos, list), errors = 0;
    errors += amz_count_moves(pos) != n;
    errors += amz_pos_key(pos) != amz_pos_compute_key(pos);
    if (depth == 0) return errors;
    for (int i = 0; i < n; i++) {
        amz_pos_make(pos, list[i]);
        errors += check_tree(pos, depth - 1);
        amz_pos_unmake(pos);
    }
    return errors;
}

/* Sets the line's position and checks its counts (perft_epd_run). */
static int check_line(const PerftLine *l, unsigned long long budget)
{
    static AmzPosition pos;
    char err[200];
    int rc = amz_pos_from_text(&pos, l->text, err, sizeof err);
    CHECK(rc == 0, "%s:%d: %s", l->path, l->lineno, err);
    if (rc) return -1;
    int depths = 0;
    for (int d = 1; d <= l->deepest && l->expected[d] <= budget; d++) {
        unsigned long long got = amz_perft(&pos, d);
        CHECK(got == l->expected[d], "%s:%d: perft %d of %s: expected %llu, got %llu", l->path, l->lineno, d, l->text,
              l->expected[d], got);
        depths++;
    }
    CHECK(check_tree(&pos, l->expected[2] <= 300000 ? 2 : 1) == 0, "%s:%d: keys or counts disagree in the tree of %s",
          l->path, l->lineno, l->text);
    return depths;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "positions/amazons/perft.epd";
    const char *budget_env = getenv("AMZ_PERFT_BUDGET");
    unsigned long long budget = budget_env ? strtoull(budget_env, NULL, 10) : 200000000ULL;
    amz_board_init();
    if (perft_epd_run("test_amz_perft", path, MAX_DEPTHS, 10, budget, check_line)) return 1;
    return TEST_REPORT();
}
