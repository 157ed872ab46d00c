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

/* Checks one line's counts; returns the number of depths checked. */
static int check_line(AmzPosition *pos, const char *path, int lineno, const char *text, int deepest,
                      const unsigned long long *expected, unsigned long long budget)
{
    int depths = 0;
    for (int d = 1; d <= deepest && expected[d] <= budget; d++) {
        unsigned long long got = amz_perft(pos, d);
        CHECK(got == expected[d], "%s:%d: perft %d of %s: expected %llu, got %llu", path, lineno, d, text,
              expected[d], got);
        depths++;
    }
    CHECK(check_tree(pos, expected[2] <= 300000 ? 2 : 1) == 0, "%s:%d: keys or counts disagree in the tree of %s",
          path, lineno, text);
    return depths;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "positions/amazons/perft.epd";
    const char *budget_env = getenv("AMZ_PERFT_BUDGET");
    unsigned long long budget = budget_env ? strtoull(budget_env, NULL, 10) : 200000000ULL;
    static AmzPosition pos;
    char line[512], text[512], err[200];
    int lineno = 0, positions = 0, depths = 0;

    amz_board_init();
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "test_amz_perft: cannot open %s: %s\n", path, strerror(errno));
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        unsigned long long expected[MAX_DEPTHS] = {0};
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        int deepest = perft_epd_parse_line(line, text, sizeof text, expected, MAX_DEPTHS);
        CHECK(deepest > 0, "%s:%d: expected 'TEXT ;D1 n ...'", path, lineno);
        if (deepest <= 0) continue;
        int rc = amz_pos_from_text(&pos, text, err, sizeof err);
        CHECK(rc == 0, "%s:%d: %s", path, lineno, err);
        if (rc) continue;
        positions++;
        depths += check_line(&pos, path, lineno, text, deepest, expected, budget);
    }
    fclose(f);
    CHECK(positions >= 10, "%s holds %d positions", path, positions);
    printf("perft: %d positions, %d depths checked (budget %llu leaves)\n", positions, depths, budget);
    return TEST_REPORT();
}
