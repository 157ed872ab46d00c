/*
 * amazons_cli.c - a small command-line front end to engine/amazons/ for the
 * oracle test (tests/amazons/oracle_perft.sh) and the speed comparison.
 *
 *   amazons_cli perft DEPTH [POSITION]    "Nodes searched: N" and "Time ms: T"
 *   amazons_cli divide DEPTH [POSITION]   "move: count" lines (Fairy form,
 *                                          generation order), a blank line,
 *                                          "Nodes searched: N"
 *   amazons_cli random SEED GAMES         random games from the start: one
 *                                          line per position, "TEXT;MOVES"
 *                                          (MOVES from the start, Fairy form,
 *                                          space-separated), the final
 *                                          (no legal turn) position included
 *   amazons_cli parse [POSITION]          reads move texts from stdin, one per
 *                                          line; prints "ok FAIRY CANONICAL"
 *                                          or "error REASON" for each
 *   amazons_cli play MOVE...              plays Fairy or canonical moves from
 *                                          the start; prints the position text
 *   amazons_cli eval [POSITION]           game_eval and its terms
 *
 * POSITION is position text (one argument); the default is the start.
 * Usage errors exit 2, a bad position or move exits 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game_cli.h"

static AmzPosition pos;

static int usage(void)
{
    fprintf(stderr, "usage: amazons_cli perft|divide DEPTH [POSITION] | random SEED GAMES |\n"
                    "       parse [POSITION] | play MOVE... | eval [POSITION]\n");
    return 2;
}

/* Sets pos from text (NULL: the start); 0, or 1 after printing the reason. */
static int load(const char *text)
{
    char err[160];
    if (amz_pos_from_text(&pos, text ? text : AMZ_START_TEXT, err, sizeof err) == 0) return 0;
    fprintf(stderr, "amazons_cli: bad position: %s\n", err);
    return 1;
}

static int cmd_perft(int depth, bool divide)
{
    double t0 = cli_now_ms();
    uint64_t total = 0;
    if (!divide) {
        total = amz_perft(&pos, depth);
    } else {
        static AmzMove list[AMZ_MAX_MOVES];
        int n = amz_gen_moves(&pos, list);
        for (int i = 0; i < n && depth > 0; i++) {
            char text[AMZ_MOVE_TEXT_MAX];
            amz_pos_make(&pos, list[i]);
            uint64_t count = amz_perft(&pos, depth - 1);
            amz_pos_unmake(&pos);
            amz_move_to_fairy(list[i], text);
            printf("%s: %llu\n", text, (unsigned long long)count);
            total += count;
        }
        if (depth == 0) total = 1;
        printf("\n");
    }
    printf("Nodes searched: %llu\n", (unsigned long long)total);
    if (!divide) printf("Time ms: %.1f\n", cli_now_ms() - t0);
    return 0;
}

/* Prints the current position and the moves that led to it from the start. */
static void print_line(const char *moves)
{
    char text[AMZ_POS_TEXT_MAX];
    amz_pos_to_text(&pos, text, sizeof text);
    printf("%s;%s\n", text, moves);
}

static int cmd_random(uint64_t seed, long games)
{
    static AmzMove list[AMZ_MAX_MOVES];
    static char moves[AMZ_MAX_PLY * AMZ_MOVE_TEXT_MAX];
    uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 1;
    for (long g = 0; g < games; g++) {
        load(NULL);
        moves[0] = '\0';
        size_t used = 0;
        for (;;) {
            print_line(moves);
            int n = amz_gen_moves(&pos, list);
            if (n == 0) break;
            AmzMove m = list[cli_random(&state) % (uint64_t)n];
            char text[AMZ_MOVE_TEXT_MAX];
            amz_move_to_fairy(m, text);
            used += (size_t)sprintf(moves + used, "%s%s", used ? " " : "", text);
            amz_pos_make(&pos, m);
        }
    }
    return 0;
}

static int cmd_parse(void)
{
    char line[256], err[160], fairy[AMZ_MOVE_TEXT_MAX], canonical[AMZ_MOVE_TEXT_MAX];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        AmzMove m;
        if (amz_move_parse(&pos, line, &m, err, sizeof err) == 0) {
            amz_move_to_fairy(m, fairy);
            amz_move_to_canonical(m, canonical);
            printf("ok %s %s\n", fairy, canonical);
        } else {
            printf("error %s\n", err);
        }
    }
    return 0;
}

static int cmd_play(int argc, char **argv)
{
    char err[160], text[AMZ_POS_TEXT_MAX];
    load(NULL);
    for (int i = 0; i < argc; i++) {
        AmzMove m;
        if (amz_move_parse(&pos, argv[i], &m, err, sizeof err)) {
            fprintf(stderr, "amazons_cli: move %d '%s': %s\n", i + 1, argv[i], err);
            return 1;
        }
        amz_pos_make(&pos, m);
    }
    amz_pos_to_text(&pos, text, sizeof text);
    printf("%s\n", text);
    return 0;
}

static int cmd_eval(void)
{
    AmzEvalTerms t;
    int score = amz_eval_terms(&pos, &t);
    char diagram[1024];
    amz_pos_print(&pos, diagram, sizeof diagram);
    printf("%s", diagram);
    printf("queen territory %d, king territory %d, c1 %d, mobility %d, trapped %d, phase %d/%d\n",
           t.queen_territory, t.king_territory, t.queen_closeness, t.mobility, t.trapped, t.phase,
           AMZ_EVAL_PHASE_MAX);
    printf("eval (white's view) %d, game_eval (side to move) %d\n", score, game_eval(&pos));
    return 0;
}

int main(int argc, char **argv)
{
    game_init();
    if (argc < 2) return usage();
    const char *cmd = argv[1];
    if (!strcmp(cmd, "perft") || !strcmp(cmd, "divide")) {
        long depth = argc >= 3 ? cli_parse_arg(argv[2], 0, 20) : -1;
        if (depth < 0 || argc > 4) return usage();
        return load(argc == 4 ? argv[3] : NULL) || cmd_perft((int)depth, cmd[0] == 'd');
    }
    if (!strcmp(cmd, "random")) {
        long seed = argc == 4 ? cli_parse_arg(argv[2], 0, 2147483647L) : -1;
        long games = argc == 4 ? cli_parse_arg(argv[3], 1, 1000000) : -1;
        if (seed < 0 || games < 0) return usage();
        return cmd_random((uint64_t)seed, games);
    }
    if (!strcmp(cmd, "parse") && argc <= 3) return load(argc == 3 ? argv[2] : NULL) || cmd_parse();
    if (!strcmp(cmd, "play")) return cmd_play(argc - 2, argv + 2);
    if (!strcmp(cmd, "eval") && argc <= 3) return load(argc == 3 ? argv[2] : NULL) || cmd_eval();
    return usage();
}
