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

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "positions/xiangqi/perft.epd";
    const char *budget_env = getenv("QB_PERFT_BUDGET");
    unsigned long long budget = budget_env ? strtoull(budget_env, NULL, 10) : 200000;
    static Position pos;
    char line[512], fen[512], err[200];
    int lineno = 0, positions = 0, depths = 0;

    xq_board_init();
    xq_movegen_init();
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "test_perft: cannot open %s: %s\n", path, strerror(errno));
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        unsigned long long expected[MAX_DEPTHS] = {0};
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        int deepest = perft_epd_parse_line(line, fen, sizeof fen, expected, MAX_DEPTHS);
        CHECK(deepest > 0, "%s:%d: expected 'FEN ;D1 n ...'", path, lineno);
        if (deepest <= 0) continue;
        CHECK(xq_pos_from_fen(&pos, fen, err, sizeof err) == 0, "%s:%d: %s", path, lineno, err);
        positions++;
        for (int d = 1; d <= deepest && expected[d] <= budget; d++) {
            unsigned long long got = xq_perft(&pos, d);
            CHECK(got == expected[d], "%s:%d: perft %d of %s: expected %llu, got %llu", path, lineno, d, fen,
                  expected[d], got);
            depths++;
        }
        CHECK(check_tree(&pos, 2) == 0, "%s:%d: keys or captures disagree in the tree of %s", path, lineno, fen);
    }
    fclose(f);
    CHECK(positions >= 2, "%s holds %d positions", path, positions);
    printf("perft: %d positions, %d depths checked (budget %llu nodes)\n", positions, depths, budget);
    return TEST_REPORT();
}
