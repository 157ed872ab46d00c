/*
 * mock_engine.c - a scripted UCI engine for fault-injection tests of the
 * harness (in the manner of fastchess app/tests/mock/engine). It knows no
 * rules: it answers `go` with the next move of a fixed list, and fails on
 * command. Standalone: libc only.
 *
 * Moves (--moves LIST, or --moves-file FILE holding LIST): the answer to a
 * `go` is moves[k % count], where k is the number
 * of moves in the last `position` command (0 after `position startpos`).
 * The default list is legal in sequence from the start position when two
 * mocks play each other (or one mock plays both sides); past its end the
 * list wraps, and the answers are then illegal. With --amazons the list
 * holds Amazons turns in the canonical form (d1-d6/g9), answered in the
 * Fairy-Stockfish form (d1d6,d6g9), and UCI_Variant offers amazons.
 * With --uai it speaks UAI: it answers `uai` with `uaiok` (and `uci` not
 * at all), offers no UCI_Variant, and takes `uainewgame`; --variant NAME
 * offers UCI_Variant NAME instead of the default's; --bare-score writes
 * its info line as libataxx's UAI engines do ("score 7", no cp).
 *
 * Pondering: --ponder adds "ponder M" to each bestmove, M the list's next
 * move (what a mock with the same list answers), --ponder-move TEXT makes
 * M TEXT. `go ponder` is answered only after `ponderhit` (as a `go` then:
 * it counts as one for the faults) or `stop` (its bestmove at once, unless
 * --ignore-stop); --ponder-log FILE appends a line per `go ponder`,
 * `ponderhit` and `stop` while pondering.
 *
 * Faults count the `go` commands since the program started (1 = the first);
 * --no-readyok counts `isready` commands the same way. --fd-report FILE
 * appends one line per start, "self=S parent=P zombies=Z inherited=LIST":
 * the descriptors the mock has, those its parent (the harness) holds, the
 * parent's children that have exited unreaped (Linux /proc; -1 without),
 * and what the mock's descriptors from 3 up point to. --affinity-report FILE
 * appends "affinity=LIST" per start: the CPUs it may run on (Linux
 * /proc/self/status Cpus_allowed_list; "?" without).
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define MAX_MOVES 512 /* a long game: tests/bench_harness.sh plays 300 plies */
#define MOVE_BYTES 16 /* "j10-j1/a10" and its Fairy form "j10j1,j1a10" fit */
#define DEFAULT_MOVES "h2e2,h9g7,h0g2,i9h9,i0h0,b9c7"
#define ARG_MAX_VALUE 1000000000L
#define EXIT_ON_GO_STATUS 3
#define OVERLONG_BYTES (4L << 20) /* --overlong: 4 MB without a newline */
#define FLOOD_LINES 100000L      /* --flood: info lines before the move */
#define MID_SEARCH_MS 100        /* --crash-mid-search: thinking time before the crash */

typedef struct {
    long crash_on_go, exit_on_go, stall_after_go, illegal, garbage, slow_start_ms, slow_go_ms;
    long crash_mid_search, signal_on_go, signal, no_readyok, none, overlong, flood, flood_forever, close_stdout, many_variants;
    bool no_uciok, exit_at_startup, crash_at_startup, ignore_quit, fairy, amazons, stderr_noise, uai, bare_score;
    bool ponder, ignore_stop;
    const char *fd_report, *variant, *affinity_report, *ponder_move, *ponder_log;
    char moves[MAX_MOVES][MOVE_BYTES];
    int move_count;
} Script;

static Script S;
static long go_count;
static long position_plies;
static long ready_count;
static bool pondering;

static void usage(void)
{
    fprintf(stderr,
            "usage: mock_engine [--crash-on-go N] [--exit-on-go N] [--stall-after-go N]\n"
            "                   [--illegal N] [--garbage N] [--slow-start MS] [--slow-go MS] [--no-uciok]\n"
            "                   [--exit-at-startup] [--ignore-quit] [--fairy] [--stderr-noise]\n"
            "                   [--moves m1,m2,... | --moves-file FILE] [--crash-at-startup] [--crash-mid-search N]\n"
            "                   [--signal-on-go N [--signal SIG]] [--no-readyok N] [--none N]\n"
            "                   [--overlong N] [--flood N] [--flood-forever N] [--close-stdout N]\n"
            "                   [--fd-report FILE] [--affinity-report FILE] [--amazons] [--uai] [--variant NAME]\n"
            "                   [--bare-score] [--ponder] [--ponder-move TEXT] [--ignore-stop] [--ponder-log FILE]\n");
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

/* --moves-file FILE: the --moves list read from a file (a long game is
 * longer than a command-line value may be). */
static void read_moves(const char *path)
{
    static char list[MAX_MOVES * MOVE_BYTES + 2];
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(list, 1, sizeof list - 1, f) : 0;
    if (!f || n == sizeof list - 1) usage();
    fclose(f);
    list[strcspn(list, "\r\n")] = '\0';
    parse_moves(list);
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
        {"--garbage", &S.garbage}, {"--slow-start", &S.slow_start_ms}, {"--slow-go", &S.slow_go_ms},
        {"--crash-mid-search", &S.crash_mid_search}, {"--signal-on-go", &S.signal_on_go},
        {"--signal", &S.signal}, {"--no-readyok", &S.no_readyok}, {"--none", &S.none},
        {"--overlong", &S.overlong}, {"--flood", &S.flood}, {"--flood-forever", &S.flood_forever},
        {"--close-stdout", &S.close_stdout}, {"--many-variants", &S.many_variants},
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (strcmp(flags[i].name, name) == 0) return flags[i].field;
    return NULL;
}

static void parse_args(int argc, char **argv)
{
    static char default_moves[] = DEFAULT_MOVES;
    parse_moves(default_moves);
    S.signal = SIGKILL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        long *field = value_flag(a);
        if (field || strcmp(a, "--moves") == 0 || strcmp(a, "--fd-report") == 0 || strcmp(a, "--variant") == 0) {
            if (i + 1 >= argc) usage();
            if (field) *field = parse_count(argv[++i]);
            else if (a[2] == 'm') parse_moves(argv[++i]);
            else if (a[2] == 'v') S.variant = argv[++i];
            else S.fd_report = argv[++i];
        } else if (strcmp(a, "--affinity-report") == 0 && i + 1 < argc) {
            S.affinity_report = argv[++i];
        } else if (strcmp(a, "--moves-file") == 0 && i + 1 < argc) {
            read_moves(argv[++i]);
        } else if (strcmp(a, "--ponder-move") == 0 && i + 1 < argc) {
            S.ponder = true;
            S.ponder_move = argv[++i];
        } else if (strcmp(a, "--ponder-log") == 0 && i + 1 < argc) {
            S.ponder_log = argv[++i];
        } else if (strcmp(a, "--no-uciok") == 0) S.no_uciok = true;
        else if (strcmp(a, "--crash-at-startup") == 0) S.crash_at_startup = true;
        else if (strcmp(a, "--exit-at-startup") == 0) S.exit_at_startup = true;
        else if (strcmp(a, "--ignore-quit") == 0) S.ignore_quit = true;
        else if (strcmp(a, "--fairy") == 0) S.fairy = true;
        else if (strcmp(a, "--amazons") == 0) S.amazons = true;
        else if (strcmp(a, "--uai") == 0) S.uai = true;
        else if (strcmp(a, "--bare-score") == 0) S.bare_score = true;
        else if (strcmp(a, "--ponder") == 0) S.ponder = true;
        else if (strcmp(a, "--ignore-stop") == 0) S.ignore_stop = true;
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

/* Rewrites the Amazons turn "d1-d6/g9" as "d1d6,d6g9" (anything else as it is). */
static void to_amazons_fairy(const char *move, char *out, size_t outlen)
{
    const char *dash = strchr(move, '-'), *slash = strchr(move, '/');
    if (!dash || !slash || slash < dash) {
        snprintf(out, outlen, "%s", move);
        return;
    }
    int from = (int)(dash - move), to = (int)(slash - dash - 1);
    snprintf(out, outlen, "%.*s%.*s,%.*s%s", from, move, to, dash + 1, to, dash + 1, slash + 1);
}

/* A move as the mock writes it (--amazons, --fairy). */
static void spell(const char *move, char *text, size_t len)
{
    if (S.amazons) to_amazons_fairy(move, text, len);
    else if (S.fairy) to_fairy(move, text, len);
    else snprintf(text, len, "%s", move);
}

static void answer_move(const char *move)
{
    char text[2 * MOVE_BYTES], ponder[2 * MOVE_BYTES + 64] = "";
    spell(move, text, sizeof text);
    if (S.ponder && S.ponder_move) snprintf(ponder, sizeof ponder, " ponder %s", S.ponder_move);
    else if (S.ponder) {
        spell(S.moves[(position_plies + 1) % S.move_count], ponder + 8, sizeof ponder - 8);
        memcpy(ponder, " ponder ", 8);
    }
    if (S.bare_score) printf("info depth 1 nodes 1 score 7 time 0 pv %s\nbestmove %s%s\n", text, text, ponder);
    else printf("info depth 1 score cp 0 nodes 1 time 0 pv %s\nbestmove %s%s\n", text, text, ponder);
    fflush(stdout);
}

/* --ponder-log: one line. */
static void ponder_note(const char *what)
{
    FILE *f = S.ponder_log ? fopen(S.ponder_log, "a") : NULL;
    if (!f) return;
    fprintf(f, "%s\n", what);
    fclose(f);
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

/* Thinks a little, says so, and dies by SIGSEGV half-way through a line. */
static void crash_mid_search(void)
{
    say("info depth 1 score cp 12 nodes 100 time 1 pv h2e2");
    sleep_ms(MID_SEARCH_MS);
    say("info depth 2 score cp 8 nodes 900 time 50 pv h2e2 h9g7");
    printf("info depth 3 sc");
    fflush(stdout);
    crash();
}

/* Megabytes without a newline, then junk lines; the move follows. */
static void overlong_output(void)
{
    static char block[65536];
    memset(block, 'x', sizeof block);
    for (long sent = 0; sent < OVERLONG_BYTES; sent += (long)sizeof block) fwrite(block, 1, sizeof block, stdout);
    printf("\n");
    say("info depth banana score cp");
    say("\x01\x02\x7f~~~ \xff\xfe");
    say("info depth 99999999999999999999999 score mate -99999999999999 nodes -5 pv zz99 a0a9");
    say("bestmoves h2e2");
}

static void flood(bool forever)
{
    for (long i = 0; forever || i < FLOOD_LINES; i++)
        if (printf("info depth %ld seldepth %ld score cp %ld nodes %ld nps 1000 time %ld pv h2e2 h9g7\n", i % 64 + 1,
                   i % 64 + 1, i % 200 - 100, i * 10, i) < 0)
            exit(1); /* the harness stopped reading */
    fflush(stdout);
}

/* Closes stdout and carries on reading commands (quit still works). */
static void close_stdout(void)
{
    fflush(stdout);
    close(STDOUT_FILENO);
}

/* The --fd-report line: descriptors of this process and of its parent,
 * and the parent's unreaped children. */
static long count_entries(const char *dir_path)
{
    DIR *d = opendir(dir_path);
    if (!d) return -1;
    long n = -1; /* the descriptor of the listing itself */
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.') n++;
    closedir(d);
    return n;
}

static long count_zombie_siblings(void)
{
    DIR *d = opendir("/proc");
    if (!d) return -1;
    long zombies = 0, parent = (long)getppid();
    for (struct dirent *e; (e = readdir(d));) {
        char path[300], text[512];
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        size_t n = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[n] = '\0';
        char *paren = strrchr(text, ')'), state;
        long ppid;
        if (paren && sscanf(paren + 1, " %c %ld", &state, &ppid) == 2 && ppid == parent && state == 'Z') zombies++;
    }
    closedir(d);
    return zombies;
}

/* What descriptors 3 and up of this process are ("path,path,..."): the
 * ones the mock inherited. */
static void inherited(char *out, size_t outlen)
{
    size_t used = 0;
    out[0] = '\0';
    for (int fd = 3; fd < 1024 && used + 2 < outlen; fd++) {
        char link[64], target[256];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, target, sizeof target - 1);
        if (n <= 0) continue;
        target[n] = '\0';
        used += (size_t)snprintf(out + used, outlen - used, "%s%s", used ? "," : "", target);
    }
}

static void fd_report(void)
{
    char parent_fds[64], fds[2048];
    long self = count_entries("/proc/self/fd");
    inherited(fds, sizeof fds);
    snprintf(parent_fds, sizeof parent_fds, "/proc/%ld/fd", (long)getppid());
    FILE *f = fopen(S.fd_report, "a");
    if (!f) return;
    fprintf(f, "self=%ld parent=%ld zombies=%ld inherited=%s\n", self, count_entries(parent_fds),
            count_zombie_siblings(), fds);
    fclose(f);
}

/* The --affinity-report line: the CPUs this process may run on. */
static void affinity_report(void)
{
    char line[512], cpus[256] = "?";
    FILE *st = fopen("/proc/self/status", "r");
    while (st && fgets(line, sizeof line, st))
        if (sscanf(line, "Cpus_allowed_list: %255s", cpus) == 1) break;
    if (st) fclose(st);
    FILE *f = fopen(S.affinity_report, "a");
    if (!f) return;
    fprintf(f, "affinity=%s\n", cpus);
    fclose(f);
}

static void cmd_go(void)
{
    go_count++;
    if (S.slow_go_ms > 0) sleep_ms(S.slow_go_ms);
    if (S.crash_on_go == go_count) crash();
    if (S.exit_on_go == go_count) exit(EXIT_ON_GO_STATUS);
    if (S.crash_mid_search == go_count) crash_mid_search();
    if (S.signal_on_go == go_count) {
        signal((int)S.signal, SIG_DFL);
        raise((int)S.signal);
    }
    if (S.close_stdout == go_count) {
        close_stdout();
        return;
    }
    if (S.flood_forever == go_count) flood(true);
    if (S.flood == go_count) flood(false);
    if (S.overlong == go_count) overlong_output();
    if (S.none == go_count) {
        say("info depth 1 score cp 0 nodes 1 time 0");
        say("bestmove (none)");
        return;
    }
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
    const char *variant = S.variant ? S.variant : S.amazons ? "amazons" : "xiangqi";
    if (!S.uai) {
        /* --many-variants N: N made-up variants before the real one, as
         * Fairy-Stockfish's list runs past a thousand bytes. */
        printf("option name UCI_Variant type combo default %s", variant);
        for (long i = 0; i < S.many_variants; i++) printf(" var variant%03ld", i);
        printf(" var %s\n", variant);
    }
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
    if (S.uai ? strcmp(line, "uai") == 0 : strcmp(line, "uci") == 0) cmd_uci(S.uai ? "uaiok" : "uciok");
    else if (strcmp(line, "ucci") == 0 && !S.uai) cmd_uci("ucciok");
    else if (strcmp(line, "isready") == 0) {
        if (S.no_readyok == 0 || ++ready_count < S.no_readyok) say("readyok");
    }
    else if (strncmp(line, "position", 8) == 0) cmd_position(line);
    else if (strncmp(line, "go ponder", 9) == 0 && (line[9] == '\0' || line[9] == ' ')) {
        pondering = true;
        ponder_note("go ponder");
    } else if (strcmp(line, "ponderhit") == 0 && pondering) {
        pondering = false;
        ponder_note("ponderhit");
        cmd_go();
    } else if (strcmp(line, "stop") == 0 && pondering) {
        ponder_note(S.ignore_stop ? "stop ignored" : "stop");
        if (S.ignore_stop) return;
        pondering = false;
        answer_move(S.moves[position_plies % S.move_count]);
    }
    else if (strncmp(line, "go", 2) == 0 && (line[2] == '\0' || line[2] == ' ')) cmd_go();
    else if (strcmp(line, "quit") == 0 && !S.ignore_quit) exit(0);
}

int main(int argc, char **argv)
{
    parse_args(argc, argv);
    if (S.fd_report) fd_report();
    if (S.affinity_report) affinity_report();
    if (S.exit_at_startup) return 1;
    if (S.crash_at_startup) crash();
    if (S.ignore_quit) signal(SIGTERM, SIG_IGN);
    if (S.stderr_noise) fprintf(stderr, "mock: starting (pid %ld)\n", (long)getpid());
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) >= 0) handle(line);
    free(line);
    if (S.ignore_quit) hang_forever();
    return 0;
}
