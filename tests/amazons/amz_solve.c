/*
 * amz_solve.c - an exhaustive Amazons endgame solver: plays every line to
 * the end of the game (the side to move with no legal turn loses; there are
 * no draws), so its verdict is the game-theoretic value, with no evaluation
 * involved. Used to make and to check positions/amazons/tactics.epd.
 *
 *   amz_solve solve [--budget NODES] [--max-live N]
 *       reads lines "POSITION[;MOVE MOVE ...]" from stdin (the moves, in any
 *       accepted form, are played from the position first) and prints one
 *       line for each:
 *         TEXT;live=L;regions=R;mixed=X;turns=N;result=RESULT;winning=W;nodes=K
 *       L: empty squares an amazon can still reach (the others never matter);
 *       R: regions (king-connected groups of empty squares and amazons) with
 *       an amazon and an empty square, X of them holding amazons of both
 *       sides; N: legal turns (counted when skipped too); RESULT: win or
 *       loss for the side to move, "unsolved" when the budget ran out,
 *       "skipped" when L > --max-live (nothing searched then); W: the
 *       winning turns, canonical, space-separated (every root turn is
 *       searched to the end to find them all).
 *   amz_solve check [--budget NODES] FILE
 *       for every EPD line of FILE with a bm: the side to move wins and the
 *       bm turns are exactly the winning turns. Ends "N passed, N failed".
 *
 * The search: negamax over win/loss with a transposition table (a win or a
 * loss is the same whatever the path), immediate wins first (a turn after
 * which the opponent has none), then the turns that leave the opponent the
 * fewest. The default budget is 200 million nodes per position.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

#define TT_BITS 22
#define TT_SIZE (1u << TT_BITS)
#define DEFAULT_BUDGET 200000000LL
#define LINE_MAX_BYTES 4096

/* The table: key with its lowest bit replaced by the result (1 = the side
 * to move wins); 0 is an empty slot. Always replaced. The slot index holds
 * the lowest bit, so the keys sharing a slot agree on it and the rest of
 * the key tells them apart. */
static uint64_t tt[TT_SIZE];
static long long nodes, budget = DEFAULT_BUDGET;
static bool aborted;

/* Per-ply move lists and their ordering keys. */
static AmzMove lists[AMZ_MAX_PLY + 1][AMZ_MAX_MOVES];
static int order_keys[AMZ_MAX_PLY + 1][AMZ_MAX_MOVES];

static int usage(void)
{
    fprintf(stderr, "usage: amz_solve solve [--budget NODES] [--max-live N] < LINES\n"
                    "       amz_solve check [--budget NODES] FILE\n");
    return 2;
}

/* ------------------------------------------------------------------------ */
/* The search                                                               */
/* ------------------------------------------------------------------------ */

static int tt_probe(uint64_t key)
{
    uint64_t e = tt[key & (TT_SIZE - 1)];
    if (e != 0 && (e | 1) == (key | 1)) return (int)(e & 1);
    return -1;
}

static void tt_store(uint64_t key, bool win) { tt[key & (TT_SIZE - 1)] = (key & ~1ULL) | (win ? 1 : 0); }

/* Sorts list[0..n) by keys ascending (insertion sort: the lists are short). */
static void sort_moves(AmzMove *list, int *keys, int n)
{
    for (int i = 1; i < n; i++) {
        AmzMove m = list[i];
        int k = keys[i], j = i - 1;
        for (; j >= 0 && keys[j] > k; j--) list[j + 1] = list[j], keys[j + 1] = keys[j];
        list[j + 1] = m, keys[j + 1] = k;
    }
}

/* Does the side to move win? (Undefined once aborted is set.) */
static bool wins(AmzPosition *pos)
{
    if (++nodes > budget) {
        aborted = true;
        return false;
    }
    uint64_t key = amz_pos_key(pos);
    int known = tt_probe(key);
    if (known >= 0) return known == 1;
    AmzMove *list = lists[pos->ply];
    int *keys = order_keys[pos->ply];
    int n = amz_gen_moves(pos, list);
    /* 1. Immediate wins; the others ordered by the opponent's turns. */
    for (int i = 0; i < n; i++) {
        amz_pos_make(pos, list[i]);
        keys[i] = amz_count_moves(pos);
        amz_pos_unmake(pos);
        if (keys[i] == 0) {
            tt_store(key, true);
            return true;
        }
    }
    sort_moves(list, keys, n);
    /* 2. A turn after which the opponent loses wins. */
    for (int i = 0; i < n; i++) {
        amz_pos_make(pos, list[i]);
        bool child_wins = wins(pos);
        amz_pos_unmake(pos);
        if (aborted) return false;
        if (!child_wins) {
            tt_store(key, true);
            return true;
        }
    }
    tt_store(key, false);
    return false;
}

/* Every root turn searched to the end: winning[0..*nwin) are those that
 * win. Returns false when the budget ran out. */
static bool solve_root(AmzPosition *pos, AmzMove *all, int *nall, AmzMove *winning, int *nwin)
{
    nodes = 0;
    aborted = false;
    *nall = amz_gen_moves(pos, all);
    *nwin = 0;
    for (int i = 0; i < *nall; i++) {
        amz_pos_make(pos, all[i]);
        bool child_wins = wins(pos);
        amz_pos_unmake(pos);
        if (aborted) return false;
        if (!child_wins) winning[(*nwin)++] = all[i];
    }
    return true;
}

/* ------------------------------------------------------------------------ */
/* Regions                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct {
    int live;    /* empty squares in a region with an amazon */
    int regions; /* regions with an amazon and an empty square */
    int mixed;   /* ... with amazons of both sides */
} Regions;

/* Groups the empty squares and amazons by king steps. */
static Regions count_regions(const AmzPosition *pos)
{
    Regions r = {0, 0, 0};
    bool seen[AMZ_SQUARES] = {false};
    int queue[AMZ_SQUARES];
    for (int s0 = 0; s0 < AMZ_SQUARES; s0++) {
        if (seen[s0] || pos->board[s0] == AMZ_ARROW) continue;
        int head = 0, tail = 0, empty = 0, sides = 0;
        seen[s0] = true;
        queue[tail++] = s0;
        while (head < tail) {
            int s = queue[head++], f = AMZ_SQ_FILE(s), rk = AMZ_SQ_RANK(s);
            if (pos->board[s] == AMZ_EMPTY) empty++;
            else sides |= pos->board[s] == AMZ_WHITE_AMAZON ? 1 : 2;
            for (int dr = -1; dr <= 1; dr++)
                for (int df = -1; df <= 1; df++) {
                    int nf = f + df, nr = rk + dr;
                    if (nf < 0 || nf >= AMZ_FILES || nr < 0 || nr >= AMZ_RANKS) continue;
                    int t = AMZ_SQ(nf, nr);
                    if (!seen[t] && pos->board[t] != AMZ_ARROW) seen[t] = true, queue[tail++] = t;
                }
        }
        if (sides == 0 || empty == 0) continue;
        r.live += empty;
        r.regions++;
        if (sides == 3) r.mixed++;
    }
    return r;
}

/* ------------------------------------------------------------------------ */
/* Commands                                                                 */
/* ------------------------------------------------------------------------ */

static AmzMove all_moves[AMZ_MAX_MOVES], winning_moves[AMZ_MAX_MOVES];

/* Sets pos from "POSITION[;MOVES]"; 0, or -1 with the reason printed. */
static int load_line(AmzPosition *pos, char *line)
{
    char err[160];
    char *moves = strchr(line, ';');
    if (moves) *moves++ = '\0';
    if (amz_pos_from_text(pos, line, err, sizeof err) != 0) {
        printf("error: bad position '%s': %s\n", line, err);
        return -1;
    }
    for (char *tok = moves ? strtok(moves, " \t") : NULL; tok; tok = strtok(NULL, " \t")) {
        AmzMove m;
        if (amz_move_parse(pos, tok, &m, err, sizeof err) != 0) {
            printf("error: move '%s': %s\n", tok, err);
            return -1;
        }
        amz_pos_make(pos, m);
    }
    return 0;
}

/* Copies the current position to a new root (so the history has room). */
static void reroot(AmzPosition *pos)
{
    char text[AMZ_POS_TEXT_MAX];
    amz_pos_to_text(pos, text, sizeof text);
    amz_pos_from_text(pos, text, NULL, 0);
}

static int cmd_solve(int max_live)
{
    static AmzPosition pos;
    char line[LINE_MAX_BYTES], text[AMZ_POS_TEXT_MAX], mv[AMZ_MOVE_TEXT_MAX];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#') continue;
        if (load_line(&pos, line) != 0) continue;
        reroot(&pos);
        Regions r = count_regions(&pos);
        amz_pos_to_text(&pos, text, sizeof text);
        int nall = amz_count_moves(&pos), nwin = 0;
        const char *result = "skipped";
        nodes = 0;
        if (max_live < 0 || r.live <= max_live) {
            bool done = solve_root(&pos, all_moves, &nall, winning_moves, &nwin);
            result = !done ? "unsolved" : nwin > 0 ? "win" : "loss";
        }
        printf("%s;live=%d;regions=%d;mixed=%d;turns=%d;result=%s;winning=", text, r.live, r.regions, r.mixed, nall,
               result);
        for (int i = 0; i < nwin && strcmp(result, "win") == 0; i++) {
            amz_move_to_canonical(winning_moves[i], mv);
            printf("%s%s", i ? " " : "", mv);
        }
        printf(";nodes=%lld\n", nodes);
        fflush(stdout);
    }
    return 0;
}

/* The bm turns of an EPD line ("bm M1 M2 ...;"), parsed in pos. Returns
 * their number, or -1 (with the reason printed) when one does not parse. */
static int read_bm(AmzPosition *pos, const char *ops, AmzMove *bm, int room)
{
    const char *p = strstr(ops, "bm ");
    if (!p) return 0;
    char buf[LINE_MAX_BYTES], err[160];
    snprintf(buf, sizeof buf, "%s", p + 3);
    buf[strcspn(buf, ";")] = '\0';
    int n = 0;
    for (char *tok = strtok(buf, " \t"); tok && n < room; tok = strtok(NULL, " \t")) {
        if (amz_move_parse(pos, tok, &bm[n], err, sizeof err) != 0) {
            printf("FAIL: bm '%s' does not parse: %s\n", tok, err);
            return -1;
        }
        n++;
    }
    return n;
}

static bool listed(const AmzMove *list, int n, AmzMove m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m) return true;
    return false;
}

/* One EPD line: true when its bm set is the winning set. */
static bool check_line(AmzPosition *pos, char *line, int lineno)
{
    static AmzMove bm[AMZ_MAX_MOVES];
    char *ops = strchr(line, ';'), err[160];
    nodes = 0;
    if (ops) *ops++ = '\0';
    if (amz_pos_from_text(pos, line, err, sizeof err) != 0) {
        printf("FAIL: line %d: bad position: %s\n", lineno, err);
        return false;
    }
    int nbm = read_bm(pos, ops ? ops : "", bm, AMZ_MAX_MOVES), nall, nwin;
    if (nbm <= 0) {
        if (nbm == 0) printf("FAIL: line %d: no bm\n", lineno);
        return false;
    }
    if (!solve_root(pos, all_moves, &nall, winning_moves, &nwin)) {
        printf("FAIL: line %d: not solved within %lld nodes\n", lineno, budget);
        return false;
    }
    bool same = nbm == nwin;
    for (int i = 0; i < nbm && same; i++) same = listed(winning_moves, nwin, bm[i]);
    if (!same) {
        char mv[AMZ_MOVE_TEXT_MAX];
        printf("FAIL: line %d: bm lists %d turns, %d of %d win:", lineno, nbm, nwin, nall);
        for (int i = 0; i < nwin && i < 8; i++) amz_move_to_canonical(winning_moves[i], mv), printf(" %s", mv);
        printf("\n");
    }
    return same;
}

static int cmd_check(const char *path)
{
    static AmzPosition pos;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "amz_solve: %s: %s\n", path, strerror(errno));
        return 1;
    }
    char line[LINE_MAX_BYTES];
    int passed = 0, failed = 0, lineno = 0;
    long long total = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#') continue;
        if (check_line(&pos, line, lineno)) passed++;
        else failed++;
        total += nodes;
    }
    fclose(f);
    printf("amz_solve check %s: %d positions, %lld nodes\n", path, passed + failed, total);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

static long long parse_count(const char *s, long long hi)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < 0 || v > hi) return -1;
    return v;
}

int main(int argc, char **argv)
{
    game_init();
    if (argc < 2) return usage();
    int max_live = -1, i = 2;
    for (; i + 1 < argc && strncmp(argv[i], "--", 2) == 0; i += 2) {
        long long v = parse_count(argv[i + 1], 1000000000000LL);
        if (v < 0) return usage();
        if (strcmp(argv[i], "--budget") == 0) budget = v;
        else if (strcmp(argv[i], "--max-live") == 0 && v <= AMZ_SQUARES) max_live = (int)v;
        else return usage();
    }
    if (strcmp(argv[1], "solve") == 0 && i == argc) return cmd_solve(max_live);
    if (strcmp(argv[1], "check") == 0 && i == argc - 1) return cmd_check(argv[i]);
    return usage();
}
