/*
 * uci.c - the UCI / UCCI loop (../shared/DESIGN.md "Engine protocol"): one
 * handler per command in a {name, handler} table.
 */
#include "uci.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "movegen.h"
#include "notation.h"

#define ENGINE_NAME "qibench-xiangqi"
#define ENGINE_AUTHOR "the qibench developers"
#define MAX_PERFT_DEPTH 12

typedef struct {
    Position pos;
    FILE *out;
    bool quit;
} Engine;

typedef void (*Handler)(Engine *eng, char *args);

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/* Parses a whole decimal integer in [min, max]; returns false otherwise. */
static bool parse_int(const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end != '\0' || v < min || v > max) return false;
    *out = v;
    return true;
}

/* Returns the next space-separated word of *cursor (NUL-terminated in place). */
static char *next_word(char **cursor)
{
    char *p = *cursor;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) return NULL;
    char *word = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    if (*p) *p++ = '\0';
    *cursor = p;
    return word;
}

/* Prints the perft divide: one "move: count" line per root move, then the total. */
static uint64_t perft_divide(Position *pos, int depth, FILE *out)
{
    Move list[MAX_MOVES];
    char text[8];
    int n = gen_legal(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_make_move(pos, list[i]);
        uint64_t count = perft(pos, depth - 1);
        pos_unmake_move(pos);
        move_to_iccs(list[i], text);
        fprintf(out, "%s: %llu\n", text, (unsigned long long)count);
        total += count;
    }
    fprintf(out, "\nNodes searched: %llu\n", (unsigned long long)total);
    fflush(out);
    return total;
}

/* ------------------------------------------------------------------------ */
/* Commands                                                                 */
/* ------------------------------------------------------------------------ */

static void cmd_uci(Engine *eng, char *args)
{
    (void)args;
    fprintf(eng->out, "id name " ENGINE_NAME "\nid author " ENGINE_AUTHOR "\n");
    fprintf(eng->out, "option name Threads type spin default 1 min 1 max 1\n");
    fprintf(eng->out, "uciok\n");
}

static void cmd_ucci(Engine *eng, char *args)
{
    (void)args;
    fprintf(eng->out, "id name " ENGINE_NAME "\nid author " ENGINE_AUTHOR "\nucciok\n");
}

static void cmd_isready(Engine *eng, char *args)
{
    (void)args;
    fprintf(eng->out, "readyok\n");
}

static void cmd_quit(Engine *eng, char *args)
{
    (void)args;
    eng->quit = true;
}

static void cmd_noop(Engine *eng, char *args)
{
    (void)eng;
    (void)args;
}

/* position startpos|fen FEN [moves M...]: on any error the position is left as it was. */
static void cmd_position(Engine *eng, char *args)
{
    static Position next;
    char err[160], fen[256] = "";
    char *moves = strstr(args, " moves");
    if (moves) *moves = '\0', moves += 6;
    char *word = next_word(&args);
    if (word && strcmp(word, "startpos") == 0) {
        strcpy(fen, START_FEN);
    } else if (word && strcmp(word, "fen") == 0) {
        snprintf(fen, sizeof fen, "%s", args);
    } else {
        fprintf(stderr, "position: expected 'startpos' or 'fen FEN'\n");
        return;
    }
    if (pos_from_fen(&next, fen, err, sizeof err)) {
        fprintf(stderr, "position: bad FEN: %s\n", err);
        return;
    }
    while (moves && (word = next_word(&moves))) {
        Move m;
        if (move_parse(&next, word, NOTATION_ICCS, &m, err, sizeof err)) {
            fprintf(stderr, "position: move '%s': %s\n", word, err);
            return;
        }
        if (!pos_make_move(&next, m)) {
            fprintf(stderr, "position: too many moves (the limit is %d)\n", POS_MAX_PLY - 1);
            return;
        }
    }
    eng->pos = next;
}

static void cmd_go(Engine *eng, char *args)
{
    char *word = next_word(&args);
    long depth;
    if (word && strcmp(word, "perft") == 0) {
        word = next_word(&args);
        if (!word || !parse_int(word, 1, MAX_PERFT_DEPTH, &depth)) {
            fprintf(stderr, "go perft: expected a depth from 1 to %d\n", MAX_PERFT_DEPTH);
            return;
        }
        perft_divide(&eng->pos, (int)depth, eng->out);
        return;
    }
    fprintf(stderr, "go: only 'go perft N' is supported by this build\n");
}

static void cmd_d(Engine *eng, char *args)
{
    char buf[2048];
    (void)args;
    pos_print(&eng->pos, buf, sizeof buf);
    fputs(buf, eng->out);
}

static const struct {
    const char *name;
    Handler fn;
} COMMANDS[] = {
    {"uci", cmd_uci},           {"ucci", cmd_ucci}, {"isready", cmd_isready}, {"ucinewgame", cmd_noop},
    {"position", cmd_position}, {"go", cmd_go},     {"d", cmd_d},             {"quit", cmd_quit},
    {"stop", cmd_noop},         {"setoption", cmd_noop},
};

int uci_loop(FILE *in, FILE *out)
{
    static Engine eng;
    char line[65536];
    eng.out = out;
    pos_from_fen(&eng.pos, START_FEN, NULL, 0);
    while (!eng.quit && fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *args = line;
        char *word = next_word(&args);
        if (!word) continue;
        size_t i, n = sizeof COMMANDS / sizeof COMMANDS[0];
        for (i = 0; i < n && strcmp(COMMANDS[i].name, word) != 0; i++) {}
        if (i < n)
            COMMANDS[i].fn(&eng, args);
        else
            fprintf(stderr, "Unknown command: '%s'\n", word);
        fflush(out);
    }
    return 0;
}

int uci_command_line(int argc, char **argv)
{
    static Position pos;
    char err[160];
    long depth;
    if (strcmp(argv[0], "perft") == 0) {
        if (argc < 2 || argc > 3 || !parse_int(argv[1], 1, MAX_PERFT_DEPTH, &depth)) {
            fprintf(stderr, "usage: xiangqi-engine perft DEPTH [FEN]  (DEPTH from 1 to %d)\n", MAX_PERFT_DEPTH);
            return 1;
        }
        if (pos_from_fen(&pos, argc == 3 ? argv[2] : START_FEN, err, sizeof err)) {
            fprintf(stderr, "xiangqi-engine: bad FEN: %s\n", err);
            return 1;
        }
        perft_divide(&pos, (int)depth, stdout);
        return 0;
    }
    fprintf(stderr, "xiangqi-engine: unknown command '%s' (expected: perft)\n", argv[0]);
    return 1;
}
