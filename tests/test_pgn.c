/*
 * test_pgn.c - the PGN writer: the exact text of hand-made games (book
 * moves, scores, mate scores, a move without a score, a game starting with
 * Black, missing tags, escaping), every Termination text, line wrapping,
 * write errors, round trips through the opening-book reader; the xqbase
 * conventions (Game/Red/Format tags, ICCS "H2-E2", WXF and Chinese move text,
 * ECCO/Opening/Variation) written and read back, the WXF and Chinese text
 * checked against moves worked by hand.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "movegen.h"
#include "formats/openings.h"
#include "formats/pgn.h"
#include "rules.h"
#include "testhelp.h"

#define START_FULL "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define BLACK_FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 3 7"

/* The game every test here writes. */
#define XQ game_by_name("xiangqi")

/* The move named by ICCS text, computed without the notation module. */
static Move iccs(const char *s)
{
    return MOVE(SQ(s[0] - 'a', s[1] - '0'), SQ(s[2] - 'a', s[3] - '0'));
}

/* Appends a move: book (no score), or a score (mate: moves to mate), or none. */
static void add_move(GameRecord *g, const char *move, bool has_score, bool mate, int score, int depth, int64_t ms)
{
    MoveRecord *mr = &g->moves[g->plies++];
    memset(mr, 0, sizeof *mr);
    mr->move = iccs(move);
    mr->has_score = has_score;
    mr->mate = mate;
    mr->score = score;
    mr->depth = depth;
    mr->time_ms = ms;
}

static GameRecord *new_game(const char *fen)
{
    GameRecord *g = calloc(1, sizeof *g);
    if (!g) {
        perror("calloc");
        exit(1);
    }
    snprintf(g->fen, sizeof g->fen, "%s", fen);
    g->loser_side = -1;
    return g;
}

/* pgn_write's output as a string (caller frees). */
static char *written(const PgnTags *tags, const GameRecord *g)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        perror("open_memstream");
        exit(1);
    }
    int rc = pgn_write(f, XQ, tags, g);
    CHECK(rc == 0, "pgn_write returned %d", rc);
    fclose(f);
    return text;
}

/* Are all lines of text shorter than 80 characters? */
static bool lines_short(const char *text)
{
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        if (n >= 80) return false;
        p += n + (p[n] == '\n');
    }
    return true;
}

/* A game from the start: two book plies, scores, a mate, a move without score. */
static GameRecord *sample_game(void)
{
    GameRecord *g = new_game(START_FULL);
    g->opening_plies = 2;
    add_move(g, "h2e2", false, false, 0, 0, 0);
    add_move(g, "h9g7", false, false, 0, 0, 0);
    add_move(g, "h0g2", true, false, 35, 12, 1234);
    add_move(g, "i9h9", true, false, -10, 11, 950);
    add_move(g, "b2c2", true, true, 3, 20, 500);
    add_move(g, "b9c7", false, false, 0, 0, 7);
    g->result = RESULT_FIRST_WINS;
    g->term = TERM_RULES;
    g->reason = END_CHECKMATE;
    return g;
}

static void test_exact_text(void)
{
    PgnTags tags = {"Test \"x\" \\ y", "Lab", "2024.05.06", 3, "red-engine", "black-engine", "40/60+0.6",
                    NULL, NULL, NULL};
    GameRecord *g = sample_game();
    char *text = written(&tags, g);
    const char *want = "[Game \"Chinese Chess\"]\n"
                       "[Event \"Test \\\"x\\\" \\\\ y\"]\n"
                       "[Site \"Lab\"]\n"
                       "[Date \"2024.05.06\"]\n"
                       "[Round \"3\"]\n"
                       "[White \"red-engine\"]\n"
                       "[Black \"black-engine\"]\n"
                       "[Result \"1-0\"]\n"
                       "[Red \"red-engine\"]\n"
                       "[Format \"ICCS\"]\n"
                       "[Variant \"xiangqi\"]\n"
                       "[FEN \"" START_FULL "\"]\n"
                       "[SetUp \"1\"]\n"
                       "[Termination \"checkmate\"]\n"
                       "[TimeControl \"40/60+0.6\"]\n"
                       "[PlyCount \"6\"]\n"
                       "\n"
                       "1. H2-E2 {book} H9-G7 {book} 2. H0-G2 {+0.35/12 1.234s} I9-H9 {-0.10/11 0.950s}\n"
                       "3. B2-C2 {+M3/20 0.500s} B9-C7 {0.007s} 1-0\n"
                       "\n";
    CHECK(strcmp(text, want) == 0, "sample game:\n%s---- expected:\n%s", text, want);
    free(text);
    free(g);
}

static void test_black_first(void)
{
    PgnTags tags = {NULL, "", NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL};
    GameRecord *g = new_game(BLACK_FEN);
    g->opening_plies = 1;
    add_move(g, "h7e7", false, false, 0, 0, 0);
    add_move(g, "h0g2", true, false, 0, 5, 1000);
    add_move(g, "h9g7", true, true, -2, 9, 250);
    g->result = RESULT_NONE;
    char *text = written(&tags, g);
    const char *want = "[Game \"Chinese Chess\"]\n"
                       "[Event \"?\"]\n"
                       "[Site \"?\"]\n"
                       "[Date \"????.??.??\"]\n"
                       "[Round \"?\"]\n"
                       "[White \"?\"]\n"
                       "[Black \"?\"]\n"
                       "[Result \"*\"]\n"
                       "[Red \"?\"]\n"
                       "[Format \"ICCS\"]\n"
                       "[Variant \"xiangqi\"]\n"
                       "[FEN \"" BLACK_FEN "\"]\n"
                       "[SetUp \"1\"]\n"
                       "[Termination \"unterminated\"]\n"
                       "[TimeControl \"-\"]\n"
                       "[PlyCount \"3\"]\n"
                       "\n"
                       "7... H7-E7 {book} 8. H0-G2 {0.00/5 1.000s} H9-G7 {-M2/9 0.250s} *\n"
                       "\n";
    CHECK(strcmp(text, want) == 0, "black first:\n%s---- expected:\n%s", text, want);
    free(text);

    /* No moves at all: just the result. */
    g->plies = 0;
    g->result = RESULT_DRAW;
    g->term = TERM_DRAW_ADJ;
    text = written(&tags, g);
    CHECK(strstr(text, "[PlyCount \"0\"]\n\n1/2-1/2\n\n") != NULL, "empty game:\n%s", text);
    free(text);
    free(g);
}

static void test_terminations(void)
{
    static const struct {
        Termination term;
        EndReason reason;
        const char *text;
    } CASES[] = {
        {TERM_RULES, END_PERPETUAL_CHECK, "perpetual check"},
        {TERM_RULES, END_REPETITION, "repetition"},
        {TERM_TIME, END_NONE, "time forfeit"},
        {TERM_CRASH, END_NONE, "abandoned: engine crashed"},
        {TERM_STALL, END_NONE, "abandoned: engine stalled"},
        {TERM_ILLEGAL, END_NONE, "illegal move"},
        {TERM_RESIGN, END_NONE, "adjudication: resign"},
        {TERM_DRAW_ADJ, END_NONE, "adjudication: draw"},
        {TERM_ENGINE_RESIGN, END_NONE, "resignation"},
    };
    PgnTags tags = {"e", "s", "2024.01.01", 1, "a", "b", "-", NULL, NULL, NULL};
    GameRecord *g = new_game(START_FULL);
    g->result = RESULT_SECOND_WINS;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        g->term = CASES[i].term;
        g->reason = CASES[i].reason;
        char *text = written(&tags, g), want[96];
        snprintf(want, sizeof want, "[Termination \"%s\"]\n", CASES[i].text);
        CHECK(strstr(text, want) != NULL, "termination %zu: expected %s in\n%s", i, want, text);
        CHECK(strstr(text, "[Result \"0-1\"]\n") != NULL && strstr(text, "\n0-1\n\n") != NULL, "0-1 result");
        free(text);
    }
    free(g);
}

/* A long game: shuttling horses, 60 plies with long comments. */
static GameRecord *long_game(void)
{
    static const char *const CYCLE[4] = {"h0g2", "h9g7", "g2h0", "g7h9"};
    GameRecord *g = new_game(START_FULL);
    for (int i = 0; i < 60; i++) add_move(g, CYCLE[i % 4], true, false, -1234 + i * 37, 30 + i % 7, 123456 + i);
    g->result = RESULT_DRAW;
    g->term = TERM_RULES;
    g->reason = END_REPETITION;
    return g;
}

static void test_wrapping(void)
{
    PgnTags tags = {"e", "s", "2024.01.01", 1, "a", "b", "-", NULL, NULL, NULL};
    GameRecord *g = long_game();
    char *text = written(&tags, g);
    CHECK(lines_short(text), "lines under 80 characters:\n%s", text);
    /* Unwrapped, the movetext reads as one space-separated sequence. */
    const char *body = strstr(text, "\n\n");
    const char *start = "1. H0-G2 {-12.34/30 123.456s} H9-G7 {-11.97/31 123.457s} 2. G2-H0";
    CHECK(body && strncmp(body + 2, start, strlen(start)) == 0, "long game starts right:\n%s", text);
    size_t n = body ? strlen(body) : 0;
    CHECK(n > 9 && strcmp(body + n - 9, "1/2-1/2\n\n") == 0, "long game ends with the result");
    CHECK(strstr(text, "30. G2-H0") != NULL && strstr(text, "31.") == NULL, "30 full moves numbered");
    free(text);
    free(g);
}

static void test_write_error(void)
{
    FILE *f = fopen("/dev/full", "w");
    if (!f) return; /* not on every system */
    PgnTags tags = {"e", "s", "2024.01.01", 1, "a", "b", "-", NULL, NULL, NULL};
    GameRecord *g = sample_game();
    CHECK(pgn_write(f, XQ, &tags, g) == -1, "writing to /dev/full fails");
    fclose(f);
    free(g);
}

/* The sample game in WXF and Chinese. Worked by hand from the start position
 * (Red's files numbered 九..一 from a to i, Black's 1..9 from i to a; WXF
 * "." for a sideways move, "+" forward): h2e2 炮二平五 C2.5, h9g7 马8进7 H8+7,
 * h0g2 马二进三 H2+3, i9h9 车9平8 R9.8, b2c2 炮八平七 C8.7, b9c7 马2进3 H2+3. */
static void test_notations(void)
{
    PgnTags tags = {"e", "s", "2024.01.01", 1, "a", "b", "-", NULL, NULL, NULL};
    GameRecord *g = sample_game();
    static const struct {
        const char *name, *format, *moves;
    } CASES[] = {
        {"wxf", "[Format \"WXF\"]\n",
         "1. C2.5 {book} H8+7 {book} 2. H2+3 {+0.35/12 1.234s} R9.8 {-0.10/11 0.950s} 3. C8.7"},
        {"chinese", "[Format \"Chinese\"]\n",
         "1. 炮二平五 {book} 马8进7 {book} 2. 马二进三 {+0.35/12 1.234s} 车9平8"},
        {"iccs", "[Format \"ICCS\"]\n", "1. H2-E2 {book} H9-G7 {book} 2. H0-G2"},
        {"record", NULL, "1. h2e2 {book} h9g7 {book} 2. h0g2 {+0.35/12 1.234s} i9h9"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        PgnNotation n = pgn_notation_by_name(XQ, CASES[i].name);
        CHECK(n >= 0, "notation %s: known", CASES[i].name);
        CHECK(f && pgn_write_notation(f, XQ, &tags, g, n) == 0, "notation %zu: written", i);
        if (f) fclose(f);
        if (!text) continue;
        char *body = strstr(text, "\n\n");
        for (char *p = body ? body + 2 : text; *p && p[1]; p++)
            if (*p == '\n') *p = ' '; /* the movetext as one line */
        CHECK(body && strncmp(body + 2, CASES[i].moves, strlen(CASES[i].moves)) == 0, "notation %zu:\n%s", i, text);
        if (CASES[i].format) CHECK(strstr(text, CASES[i].format) != NULL, "notation %zu: %s", i, CASES[i].format);
        else CHECK(strstr(text, "[Format ") == NULL, "record notation: no Format tag\n%s", text);
        const char *first = "[Game \"Chinese Chess\"]\n[Event ";
        CHECK(strncmp(text, first, strlen(first)) == 0, "notation %zu: Game tag first", i);
        if (strcmp(CASES[i].name, "wxf") == 0)
            CHECK(strstr(text, " H2+3 {0.007s} 1-0") != NULL, "WXF 马2进3\n%s", text);
        if (strcmp(CASES[i].name, "chinese") == 0)
            CHECK(strstr(text, "3. 炮八平七 {+M3/20 0.500s}") != NULL && strstr(text, "马2进3 {0.007s} 1-0"),
                  "Chinese moves 5 and 6\n%s", text);
        free(text);
    }
    /* names: Xiangqi has all four, another game its record notation only */
    PgnNotation iccs = pgn_notation_by_name(XQ, "iccs"), wxf = pgn_notation_by_name(XQ, "wxf"),
                chinese = pgn_notation_by_name(XQ, "chinese");
    CHECK(iccs > 0 && wxf > 0 && chinese > 0 && iccs != wxf && wxf != chinese && iccs != chinese
              && pgn_notation_by_name(XQ, "record") == PGN_NOTATION_RECORD,
          "notation names");
    char names[128];
    pgn_notation_names(XQ, names, sizeof names);
    CHECK(strcmp(names, "iccs, wxf, chinese or record") == 0, "notation names listed: %s", names);
    CHECK(strcmp(pgn_format_name(XQ, wxf), "WXF") == 0 && pgn_format_name(XQ, PGN_NOTATION_RECORD) == NULL,
          "Format tag values");
    const Game *amazons = game_by_name("amazons");
    CHECK(pgn_notation_by_name(XQ, "san") == -1 && pgn_notation_by_name(XQ, NULL) == -1
              && (!amazons || (pgn_notation_by_name(amazons, "wxf") == -1
                               && pgn_notation_by_name(amazons, "record") == PGN_NOTATION_RECORD)),
          "unknown notation names");
    if (amazons) {
        pgn_notation_names(amazons, names, sizeof names);
        CHECK(strcmp(names, "record") == 0, "amazons notation names listed: %s", names);
    }
    if (amazons) {
        FILE *f = fopen("/dev/null", "w");
        CHECK(f && pgn_write_notation(f, amazons, &tags, g, wxf) == -1, "WXF for amazons refused");
        if (f) fclose(f);
    }
    free(g);
}

/* ECCO tags: written after Format in xqbase's names, read back by the book
 * reader into the opening's fields (the id from Event, as Opening is the ECCO name). */
static void test_ecco_tags(void)
{
    PgnTags tags = {"cc-screen-rr", "s", "2024.01.01", 1, "a", "b", "-", "C17", "中炮过河车对屏风马", "红进七兵"};
    GameRecord *g = sample_game();
    char *text = written(&tags, g);
    CHECK(strstr(text, "[Red \"a\"]\n[Format \"ICCS\"]\n[ECCO \"C17\"]\n[Opening \"中炮过河车对屏风马\"]\n"
                       "[Variation \"红进七兵\"]\n[Variant \"xiangqi\"]\n")
              != NULL,
          "ECCO tags:\n%s", text);
    char path[] = "/tmp/qibench_pgn_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f) {
        fputs(text, f);
        fclose(f);
        BookOptions opt = {XQ, path, BOOK_PGN, ORDER_SEQUENTIAL, 0, 0, 0};
        OpeningBook book;
        char err[256] = "";
        CHECK(book_load(&opt, &book, err, sizeof err) == 0, "ECCO read back: %s", err);
        if (book.count == 1) {
            const Opening *op = &book.items[0];
            CHECK(strcmp(op->id, "cc-screen-rr") == 0 && strcmp(op->ecco, "C17") == 0
                      && strcmp(op->opening, "中炮过河车对屏风马") == 0 && strcmp(op->variation, "红进七兵") == 0,
                  "ECCO read back: id '%s' ecco '%s' opening '%s' variation '%s'", op->id, op->ecco, op->opening,
                  op->variation);
            book_free(&book);
        }
        /* a malformed code is refused, naming the file and line */
        f = fopen(path, "w");
        fputs("[Event \"x\"]\n[ECCO \"F12\"]\n\n1. h2e2 *\n", f);
        fclose(f);
        CHECK(book_load(&opt, &book, err, sizeof err) == -1 && strstr(err, ":2: ECCO tag: expected a code A00-E99")
                  && strstr(err, path),
              "bad ECCO tag: %s", err);
        unlink(path);
    }
    free(text);
    free(g);
}

/* The reader takes ICCS as the record has it ("h2e2") and as xqbase writes it
 * ("H2-E2"; "h2-e2" too), and the same game in WXF and Chinese. */
static void test_read_forms(void)
{
    static const char *const TEXTS[] = {
        "1. h2e2 h9g7 2. h0g2 i9h9 *\n",
        "1. H2-E2 H9-G7 2. H0-G2 I9-H9 *\n",
        "1. h2-e2 h9-g7 2. h0-g2 i9-h9 *\n",
        "1. C2.5 H8+7 2. H2+3 R9.8 *\n",
        "1. 炮二平五 马8进7 2. 马二进三 车9平8 *\n",
    };
    const Move want[4] = {iccs("h2e2"), iccs("h9g7"), iccs("h0g2"), iccs("i9h9")};
    for (size_t i = 0; i < sizeof TEXTS / sizeof TEXTS[0]; i++) {
        char path[] = "/tmp/qibench_pgn_XXXXXX";
        int fd = mkstemp(path);
        FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (!f) continue;
        fprintf(f, "[Event \"x\"]\n\n%s", TEXTS[i]);
        fclose(f);
        BookOptions opt = {XQ, path, BOOK_PGN, ORDER_SEQUENTIAL, 0, 0, 0};
        OpeningBook book;
        char err[256] = "";
        CHECK(book_load(&opt, &book, err, sizeof err) == 0, "form %zu: %s", i, err);
        bool same = err[0] == '\0' && book.count == 1 && book.items[0].nmoves == 4;
        for (int k = 0; same && k < 4; k++) same = book.items[0].moves[k] == (MoveCode)want[k];
        CHECK(same, "form %zu: the four moves read", i);
        if (err[0] == '\0') book_free(&book);
        unlink(path);
    }
}

/* Writes the games to a temp file, reads it back as a book, compares. */
static void round_trip(GameRecord **games, int n, PgnNotation notation)
{
    char path[] = "/tmp/qibench_pgn_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        perror("mkstemp");
        exit(1);
    }
    for (int i = 0; i < n; i++) {
        char event[32];
        snprintf(event, sizeof event, "game %d", i + 1);
        PgnTags tags = {event, "s", "2024.01.01", i + 1, "a", "b", "-", NULL, NULL, NULL};
        CHECK(pgn_write_notation(f, XQ, &tags, games[i], notation) == 0, "round trip: write %d", i);
    }
    fclose(f);
    BookOptions opt = {XQ, path, BOOK_PGN, ORDER_SEQUENTIAL, 0, 0, 0};
    OpeningBook book;
    char err[256] = "";
    CHECK(book_load(&opt, &book, err, sizeof err) == 0, "round trip: %s", err);
    CHECK(book.count == n, "round trip: %d games read, %d written", book.count, n);
    for (int i = 0; i < n && i < book.count; i++) {
        const Opening *op = &book.items[i];
        const GameRecord *g = games[i];
        char event[32];
        snprintf(event, sizeof event, "game %d", i + 1);
        CHECK(strcmp(op->id, event) == 0, "round trip %d: id '%s'", i, op->id);
        CHECK(strcmp(op->fen, g->fen) == 0, "round trip %d: fen '%s', wrote '%s'", i, op->fen, g->fen);
        bool same = op->nmoves == g->plies;
        for (int k = 0; same && k < g->plies; k++) same = op->moves[k] == g->moves[k].move;
        CHECK(same, "round trip %d: %d moves read, %d written", i, op->nmoves, g->plies);
    }
    book_free(&book);
    unlink(path);
}

static void test_round_trip(void)
{
    GameRecord *games[3] = {sample_game(), long_game(), new_game(BLACK_FEN)};
    add_move(games[2], "h7e7", false, false, 0, 0, 0);
    add_move(games[2], "h0g2", true, true, 1, 3, 10);
    games[2]->opening_plies = 1;
    static const char *const NAMES[] = {"record", "iccs", "wxf", "chinese"};
    for (int i = 0; i < 4; i++) round_trip(games, 3, pgn_notation_by_name(XQ, NAMES[i]));
    for (int i = 0; i < 3; i++) free(games[i]);
}

int main(void)
{
    xq_board_init();
    xq_movegen_init();
    test_exact_text();
    test_black_first();
    test_terminations();
    test_wrapping();
    test_write_error();
    test_round_trip();
    test_notations();
    test_ecco_tags();
    test_read_forms();
    return TEST_REPORT();
}
