/*
 * mock_engine.c - a scripted UCI engine for fault-injection tests of the
 * harness (in the manner of fastchess app/tests/mock/engine). It knows no
 * rules: it answers `go` with the next move of a fixed list, and fails on
 * command. Standalone: libc only.
 *
 * Moves: the answer to a `go` is moves[k % count], where k is the number
 * of moves in the last `position` command (0 after `position startpos`).
 * The default list is legal in sequence from the start position when two
 * mocks play each other (or one mock plays both sides); past its end the
 * list wraps, and the answers are then illegal.
 *
 * Faults count the `go` commands since the program started (1 = the first).
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define MAX_MOVES 64
#define MOVE_BYTES 8
#define DEFAULT_MOVES "h2e2,h9g7,h0g2,i9h9,i0h0,b9c7"
#define ARG_MAX_VALUE 1000000000L
#define EXIT_ON_GO_STATUS 3

typedef struct {
    long crash_on_go, exit_on_go, stall_after_go, illegal, garbage, slow_start_ms;
    bool no_uciok, exit_at_startup, ignore_quit, fairy, stderr_noise;
    char moves[MAX_MOVES][MOVE_BYTES];
    int move_count;
} Script;

static Script S;
static long go_count;
static long position_plies;

static void usage(void)
{
    fprintf(stderr,
            "usage: mock_engine [--crash-on-go N] [--exit-on-go N] [--stall-after-go N]\n"
            "                   [--illegal N] [--garbage N] [--slow-start MS] [--no-uciok]\n"
            "                   [--exit-at-startup] [--ignore-quit] [--fairy] [--stderr-noise]\n"
            "                   [--moves m1,m2,...]\n");
    exit(2);
}

static long parse_count(const char *text)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < 0 || v > ARG_MAX_VALUE) usage();
    return v;
}

static void parse_moves(char *list)
{
    S.move_count = 0;
    for (char *m = strtok(list, ","); m; m = strtok(NULL, ",")) {
        if (S.move_count == MAX_MOVES || strlen(m) >= MOVE_BYTES) usage();
        strcpy(S.moves[S.move_count++], m);
    }
    if (S.move_count == 0) usage();
}

/* Options that take a value: name -> field. */
static long *value_flag(const char *name)
{
    static const struct {
        const char *name;
        long *field;
    } flags[] = {
        {"--crash-on-go", &S.crash_on_go}, {"--exit-on-go", &S.exit_on_go},
        {"--stall-after-go", &S.stall_after_go}, {"--illegal", &S.illegal},
        {"--garbage", &S.garbage}, {"--slow-start", &S.slow_start_ms},
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (strcmp(flags[i].name, name) == 0) return flags[i].field;
    return NULL;
}

static void parse_args(int argc, char **argv)
{
    static char default_moves[] = DEFAULT_MOVES;
    parse_moves(default_moves);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        long *field = value_flag(a);
        if (field || strcmp(a, "--moves") == 0) {
            if (i + 1 >= argc) usage();
            if (field) *field = parse_count(argv[++i]);
            else parse_moves(argv[++i]);
        } else if (strcmp(a, "--no-uciok") == 0) S.no_uciok = true;
        else if (strcmp(a, "--exit-at-startup") == 0) S.exit_at_startup = true;
        else if (strcmp(a, "--ignore-quit") == 0) S.ignore_quit = true;
        else if (strcmp(a, "--fairy") == 0) S.fairy = true;
        else if (strcmp(a, "--stderr-noise") == 0) S.stderr_noise = true;
        else usage();
    }
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

static void hang_forever(void) __attribute__((noreturn));
static void hang_forever(void)
{
    for (;;) pause();
}

/* One protocol line, flushed at once. */
static void say(const char *text)
{
    printf("%s\n", text);
    fflush(stdout);
}

/* Rewrites "h2e2" as "h3e3" (ranks 1-10, as Fairy-Stockfish prints them). */
static void to_fairy(const char *move, char *out, size_t outlen)
{
    size_t n = 0;
    for (const char *c = move; *c && n + 3 < outlen; c++) {
        if (*c >= '0' && *c <= '9') n += (size_t)snprintf(out + n, outlen - n, "%d", *c - '0' + 1);
        else out[n++] = *c;
    }
    out[n] = '\0';
}

static void answer_move(const char *move)
{
    char text[2 * MOVE_BYTES];
    if (S.fairy) to_fairy(move, text, sizeof text);
    else snprintf(text, sizeof text, "%s", move);
    printf("info depth 1 score cp 0 nodes 1 time 0 pv %s\nbestmove %s\n", text, text);
    fflush(stdout);
}

/* Dies by SIGSEGV, even when built with a sanitizer that catches it. */
static void crash(void)
{
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none); /* no core file */
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
    abort();
}

static void cmd_go(void)
{
    go_count++;
    if (S.crash_on_go == go_count) crash();
    if (S.exit_on_go == go_count) exit(EXIT_ON_GO_STATUS);
    if (S.stall_after_go > 0 && go_count >= S.stall_after_go) hang_forever();
    if (S.illegal == go_count) {
        answer_move("a0a9");
        return;
    }
    if (S.garbage == go_count) {
        say("garbage: the engine lost its mind");
        say("info depth banana score cp");
        say("\x01\x02\x7f~~~");
        say("bestmove zz99");
        return;
    }
    answer_move(S.moves[position_plies % S.move_count]);
}

static void cmd_uci(const char *ok)
{
    if (S.slow_start_ms > 0) sleep_ms(S.slow_start_ms);
    if (S.no_uciok) return;
    say("id name mock");
    say("id author qibench tests");
    say("option name UCI_Variant type combo default xiangqi var xiangqi");
    say(ok);
}

/* Remembers how many moves follow "moves" in a position command. */
static void cmd_position(char *args)
{
    char *moves = strstr(args, " moves");
    position_plies = 0;
    if (!moves) return;
    for (char *m = strtok(moves + strlen(" moves"), " \t"); m; m = strtok(NULL, " \t")) position_plies++;
}

static void handle(char *line)
{
    line[strcspn(line, "\r\n")] = '\0';
    if (S.stderr_noise) fprintf(stderr, "mock: got '%s'\n", line);
    if (strcmp(line, "uci") == 0) cmd_uci("uciok");
    else if (strcmp(line, "ucci") == 0) cmd_uci("ucciok");
    else if (strcmp(line, "isready") == 0) say("readyok");
    else if (strncmp(line, "position", 8) == 0) cmd_position(line);
    else if (strncmp(line, "go", 2) == 0 && (line[2] == '\0' || line[2] == ' ')) cmd_go();
    else if (strcmp(line, "quit") == 0 && !S.ignore_quit) exit(0);
}

int main(int argc, char **argv)
{
    parse_args(argc, argv);
    if (S.exit_at_startup) return 1;
    if (S.ignore_quit) signal(SIGTERM, SIG_IGN);
    if (S.stderr_noise) fprintf(stderr, "mock: starting (pid %ld)\n", (long)getpid());
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) >= 0) handle(line);
    free(line);
    if (S.ignore_quit) hang_forever();
    return 0;
}
