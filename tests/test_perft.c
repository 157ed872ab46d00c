/*
 * test_perft.c - every position of positions/xiangqi/perft.epd to each depth
 * whose published count is at most QB_PERFT_BUDGET nodes (default 200000),
 * plus, on the depth-2 tree of each position, the incremental key against
 * the key from scratch and the capture generator against the full one.
 *
 * Usage: test_perft [EPD_FILE]. The counts come from the file (see its
 * header for where each was obtained), never from this program.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "perft_epd.h"
#include "testhelp.h"

#define MAX_DEPTHS 8

/* Walks the depth-2 tree checking keys and the capture generator. */
static int check_tree(Position *pos, int depth)
{
    Move list[MAX_MOVES], caps[MAX_MOVES];
    int errors = 0, n = xq_gen_legal(pos, list), ncap = 0;
    for (int i = 0; i < n; i++) ncap += pos_piece_on(pos, MOVE_TO(list[i])) != EMPTY;
    errors += xq_gen_captures(pos, caps) != ncap;
    errors += pos_key(pos) != xq_pos_compute_key(pos);
    if (depth == 0) return errors;
    for (int i = 0; i < n; i++) {
        xq_pos_make_move(pos, list[i]);
        errors += check_tree(pos, depth - 1);
        xq_pos_unmake_move(pos);
    }
    return errors;
}

/* Sets the line's position and checks its counts (perft_epd_run). */
static int check_line(const PerftLine *l, unsigned long long budget)
{
    static Position pos;
    char err[200];
    int rc = xq_pos_from_fen(&pos, l->text, err, sizeof err);
    CHECK(rc == 0, "%s:%d: %s", l->path, l->lineno, err);
    if (rc) return -1;
    int depths = 0;
    for (int d = 1; d <= l->deepest && l->expected[d] <= budget; d++) {
        unsigned long long got = xq_perft(&pos, d);
        CHECK(got == l->expected[d], "%s:%d: perft %d of %s: expected %llu, got %llu", l->path, l->lineno, d, l->text,
              l->expected[d], got);
        depths++;
    }
    CHECK(check_tree(&pos, 2) == 0, "%s:%d: keys or captures disagree in the tree of %s", l->path, l->lineno, l->text);
    return depths;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "positions/xiangqi/perft.epd";
    const char *budget_env = getenv("QB_PERFT_BUDGET");
    unsigned long long budget = budget_env ? strtoull(budget_env, NULL, 10) : 200000;
    xq_board_init();
    xq_movegen_init();
    if (perft_epd_run("test_perft", path, MAX_DEPTHS, 2, budget, check_line)) return 1;
    return TEST_REPORT();
}
