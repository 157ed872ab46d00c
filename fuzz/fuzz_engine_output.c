/*
 * fuzz_engine_output.c - libFuzzer target for what engines write, as the
 * harness reads it (harness/players/client_parse.h): UCI `info` and `bestmove`
 * lines, xboard thinking and `move` lines, result claims, SAN moves and
 * principal variations in coordinates or SAN.
 *
 * The first byte picks the position (start, a middlegame, a mated one), the
 * engine's coordinates (ICCS or Fairy ranks, guessed or not), the PV
 * notation and the xboard mate convention; the rest is engine output, one
 * line per '\n', each fed to every parser. Afterwards:
 *   1. the position is exactly as before (its text and ply);
 *   2. a best move, if any, is legal; `bestmove (none)` is accepted only
 *      when there is no legal move;
 *   3. the iterations fit their array and each was recorded with a depth;
 *   4. the PV is a sequence of legal ICCS moves from the position;
 *   5. a SAN move that the game's SAN reading accepts is legal.
 * A broken rule calls abort(), which libFuzzer (or fuzz/driver.c) reports.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "players/client_parse.h"
#include "games/game.h" /* not engine/xiangqi/game.h, first on the path */

/* Lines longer than this are cut by proc/proc.c before the parsers see them. */
#define FUZZ_LINE_MAX (PARSE_LINE_BYTES - 1)

static const char *const FENS[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", /* mated: no legal move */
};

static const Game *game;
static GameState *pos, *check;
static ParseState ps;
static EngineReply reply;
static char line[PARSE_LINE_BYTES];
static MoveCode list[GAME_MOVES_MAX];

static void fail(const char *what, const char *text)
{
    fprintf(stderr, "fuzz_engine_output: %s\n  text: %.300s\n", what, text);
    abort();
}

/* Feeds one line to every parser and checks what each did. */
static void feed(const char *text)
{
    char why[160];
    MoveCode m;
    parse_uci_info(&ps, text, &reply);
    parse_xboard_thinking(&ps, text, &reply);
    parse_is_result_claim(text);
    if (strncmp(text, "bestmove", 8) == 0 || strncmp(text, "move ", 5) == 0) {
        EngineReply r;
        memset(&r, 0, sizeof r);
        ClientStatus st = text[0] == 'b' ? parse_uci_bestmove(&ps, pos, text, &r, why, sizeof why)
                                         : parse_xboard_move(&ps, pos, text, &r, why, sizeof why);
        if (st == CLIENT_OK && r.best != MOVE_CODE_NONE && !game->is_legal(pos, r.best)) fail("illegal best move", text);
        if (st == CLIENT_OK && r.best == MOVE_CODE_NONE && game->legal_moves(pos, list) != 0)
            fail("(none) accepted with moves", text);
        if (st != CLIENT_OK && (!why[0] || strchr(why, '\n'))) fail("failure without a one-line reason", text);
    }
    int san = game->notations[ps.notation].san;
    if (strlen(text) < 16 && san >= 0 && game->parse_move(pos, text, san, &m, why, sizeof why) == 0
        && !game->is_legal(pos, m))
        fail("illegal SAN move", text);
}

/* The PV must replay legally from the position. */
static void check_pv(void)
{
    char words[sizeof reply.pv], *cursor, err[128];
    snprintf(words, sizeof words, "%s", reply.pv);
    game->state_copy(check, pos);
    for (char *w = strtok_r(words, " ", &cursor); w; w = strtok_r(NULL, " ", &cursor)) {
        MoveCode m;
        if (game->parse_move(check, w, game->record_notation, &m, err, sizeof err) != 0) fail("PV move not legal", reply.pv);
        game->play(check, m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const int NOTATIONS[] = {-1, 0, 1, -1}; /* auto, iccs, fairy, auto */
    static const PvNotation PVS[] = {PV_AUTO, PV_COORD, PV_SAN, PV_AUTO};
    char before[GAME_TEXT_MAX], after[GAME_TEXT_MAX];
    if (!game) {
        game = game_by_name("xiangqi");
        pos = game->state_new();
        check = game->state_new();
        if (!pos || !check) fail("out of memory", "");
    }
    if (size == 0) return 0;
    uint8_t mode = data[0];
    if (game->set_position(pos, FENS[(mode & 3) % 3], NULL, 0)) fail("bad built-in FEN", FENS[(mode & 3) % 3]);
    parse_init(&ps, game, NOTATIONS[(mode >> 2) & 3], PVS[(mode >> 4) & 3], mode & 0x40 ? 8000 : 0);
    memset(&reply, 0, sizeof reply);
    game->position_text(pos, before, sizeof before);
    int ply = game->plies(pos);
    for (size_t at = 1; at < size;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
        size_t copy = len < FUZZ_LINE_MAX ? len : FUZZ_LINE_MAX;
        memcpy(line, data + at, copy);
        line[copy] = '\0'; /* an embedded NUL ends the line early, as it does for the client */
        if (copy > 0 && line[copy - 1] == '\r') line[copy - 1] = '\0';
        feed(line);
        at += len + 1;
    }
    parse_pv(&ps, pos, &reply);
    game->position_text(pos, after, sizeof after);
    if (strcmp(before, after) != 0 || game->plies(pos) != ply) fail("the position changed", reply.pv);
    if (reply.niter < 0 || reply.niter > REPORT_MAX_ITERATIONS) fail("iteration count out of range", "");
    if (strlen(reply.pv) >= sizeof reply.pv) fail("PV overflow", "");
    check_pv();
    return 0;
}
