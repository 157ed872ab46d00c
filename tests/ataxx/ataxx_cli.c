/*
 * ataxx_cli.c - a small command-line front end to engine/ataxx/ for the
 * oracle test (tests/ataxx/oracle_perft.sh) and the speed comparison.
 *
 *   ataxx_cli perft DEPTH [POSITION]    "Nodes searched: N" and "Time ms: T"
 *   ataxx_cli divide DEPTH [POSITION]   "move: count" lines (Fairy-Stockfish
 *                                        form, generation order), a blank
 *                                        line, "Nodes searched: N"
 *   ataxx_cli random SEED GAMES [POSITION]
 *                                        random games from POSITION: one line
 *                                        per position, "TEXT;FSF-TEXT;MOVES"
 *                                        (MOVES from the game's start, in
 *                                        Fairy-Stockfish form, space-separated),
 *                                        the final (game over) position included
 *   ataxx_cli parse [POSITION]          reads move texts from stdin, one per
 *                                        line; prints "ok STANDARD FSF" or
 *                                        "error REASON" for each
 *   ataxx_cli play MOVE...              plays moves (either form) from the
 *                                        start; prints the position text
 *   ataxx_cli fen [POSITION]            the position text in both dialects
 *   ataxx_cli eval [POSITION]           the evaluation and its terms
 *
 * POSITION is position text in either dialect (one argument); the default
 * is the start. Usage errors exit 2, a bad position or move exits 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "eval.h"
#include "game_cli.h"
#include "movegen.h"
#include "notation.h"

static AtxPosition pos;

static int usage(void)
{
    fprintf(stderr, "usage: ataxx_cli perft|divide DEPTH [POSITION] | random SEED GAMES [POSITION] |\n"
                    "       parse [POSITION] | play MOVE... | fen [POSITION] | eval [POSITION]\n");
    return 2;
}

/* Sets pos from text (NULL: the start); 0, or 1 after printing the reason. */
static int load(const char *text)
{
    char err[160];
    if (atx_pos_from_text(&pos, text ? text : ATX_START_TEXT, err, sizeof err) == 0) return 0;
    fprintf(stderr, "ataxx_cli: bad position: %s\n", err);
    return 1;
}

static int cmd_perft(int depth, bool divide)
{
    double t0 = cli_now_ms();
    uint64_t total = 0;
    if (!divide) {
        total = atx_perft(&pos, depth);
    } else {
        AtxMove list[ATX_MAX_MOVES];
        int n = depth > 0 ? atx_gen_moves(&pos, list) : 0;
        for (int i = 0; i < n; i++) {
            char text[ATX_MOVE_TEXT_MAX];
            atx_move_to_fsf(&pos, list[i], text);
            atx_pos_make(&pos, list[i]);
            uint64_t count = atx_perft(&pos, depth - 1);
            atx_pos_unmake(&pos);
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

static void print_line(const char *moves)
{
    char text[ATX_POS_TEXT_MAX], fsf[ATX_POS_TEXT_MAX];
    atx_pos_to_text(&pos, text, sizeof text);
    atx_pos_to_text_fsf(&pos, fsf, sizeof fsf);
    printf("%s;%s;%s\n", text, fsf, moves);
}

static int cmd_random(uint64_t seed, long games, const char *start)
{
    AtxMove list[ATX_MAX_MOVES];
    static char moves[ATX_MAX_PLY * 8];
    uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 1;
    for (long g = 0; g < games; g++) {
        if (load(start)) return 1;
        moves[0] = '\0';
        size_t used = 0;
        for (;;) {
            print_line(moves);
            int n = atx_gen_moves(&pos, list);
            if (n == 0 || pos.ply >= ATX_MAX_PLY) break;
            AtxMove m = list[cli_random(&state) % (uint64_t)n];
            char text[ATX_MOVE_TEXT_MAX];
            atx_move_to_fsf(&pos, m, text);
            used += (size_t)sprintf(moves + used, "%s%s", used ? " " : "", text);
            atx_pos_make(&pos, m);
        }
    }
    return 0;
}

static int cmd_parse(void)
{
    char line[256], err[160], text[ATX_MOVE_TEXT_MAX], fsf[ATX_MOVE_TEXT_MAX];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        AtxMove m;
        if (atx_move_parse(&pos, line, &m, err, sizeof err) == 0) {
            atx_move_to_text(m, text);
            atx_move_to_fsf(&pos, m, fsf);
            printf("ok %s %s\n", text, fsf);
        } else {
            printf("error %s\n", err);
        }
    }
    return 0;
}

static int cmd_play(int argc, char **argv)
{
    char err[160], text[ATX_POS_TEXT_MAX];
    load(NULL);
    for (int i = 0; i < argc; i++) {
        AtxMove m;
        if (atx_move_parse(&pos, argv[i], &m, err, sizeof err)) {
            fprintf(stderr, "ataxx_cli: move %d '%s': %s\n", i + 1, argv[i], err);
            return 1;
        }
        atx_pos_make(&pos, m);
    }
    atx_pos_to_text(&pos, text, sizeof text);
    printf("%s\n", text);
    return 0;
}

static int cmd_fen(void)
{
    char text[ATX_POS_TEXT_MAX], fsf[ATX_POS_TEXT_MAX];
    atx_pos_to_text(&pos, text, sizeof text);
    atx_pos_to_text_fsf(&pos, fsf, sizeof fsf);
    printf("%s\n%s\n", text, fsf);
    return 0;
}

static int cmd_eval(void)
{
    AtxEvalTerms t;
    int score = atx_eval_terms(&pos, &t);
    char diagram[1024];
    atx_pos_print(&pos, diagram, sizeof diagram);
    printf("%s", diagram);
    printf("material %d, mobility %d, stability %d, fill %d, empty %d\n", t.material, t.mobility, t.stability, t.fill,
           t.empty);
    printf("eval (x's view) %d, side to move %d\n", score, atx_eval(&pos));
    return 0;
}

int main(int argc, char **argv)
{
    atx_board_init();
    if (argc < 2) return usage();
    const char *cmd = argv[1];
    if (!strcmp(cmd, "perft") || !strcmp(cmd, "divide")) {
        long depth = argc >= 3 ? cli_parse_arg(argv[2], 0, 20) : -1;
        if (depth < 0 || argc > 4) return usage();
        return load(argc == 4 ? argv[3] : NULL) || cmd_perft((int)depth, cmd[0] == 'd');
    }
    if (!strcmp(cmd, "random")) {
        long seed = argc >= 4 ? cli_parse_arg(argv[2], 0, 2147483647L) : -1;
        long games = argc >= 4 ? cli_parse_arg(argv[3], 1, 1000000) : -1;
        if (seed < 0 || games < 0 || argc > 5) return usage();
        return cmd_random((uint64_t)seed, games, argc == 5 ? argv[4] : NULL);
    }
    if (!strcmp(cmd, "parse") && argc <= 3) return load(argc == 3 ? argv[2] : NULL) || cmd_parse();
    if (!strcmp(cmd, "play")) return cmd_play(argc - 2, argv + 2);
    if (!strcmp(cmd, "fen") && argc <= 3) return load(argc == 3 ? argv[2] : NULL) || cmd_fen();
    if (!strcmp(cmd, "eval") && argc <= 3) return load(argc == 3 ? argv[2] : NULL) || cmd_eval();
    return usage();
}
