/*
 * test_games.c - every game the harness knows, through harness/game.h only:
 * the registry, start positions and their published move counts, move text
 * both ways in every notation, play / undo, endings with their reasons, and
 * the malformed / illegal distinction the engine client relies on.
 *
 * Expected values: Xiangqi's start has 44 legal moves and Amazons' 2,176
 * (the published perft(1) counts, also in positions/<game>/perft.epd); the
 * ended positions are hand-made (see each comment).
 */
#include <stdlib.h>
#include <string.h>

#include "games/game.h" /* not engine/xiangqi/game.h, first on the path */
#include "players/client.h"
#include "testhelp.h"

static MoveCode list[GAME_MOVES_MAX];

/* The registry: the games by name, the default, unknown names; every game's bounds and notations. */
static void test_registry(void)
{
    const Game *xq = game_by_name("xiangqi"), *am = game_by_name("amazons");
    CHECK(xq && am && xq != am, "xiangqi and amazons are registered");
    CHECK(game_default() == xq, "xiangqi is the default");
    CHECK(game_by_name("chess") == NULL && game_by_name("") == NULL, "unknown names");
    CHECK(strcmp(game_names(), "xiangqi, amazons, ataxx") == 0, "names: '%s'", game_names());
    CHECK(xq && strcmp(xq->side_name[0], "Red") == 0 && strcmp(xq->side_name[1], "Black") == 0, "Red, Black");
    CHECK(am && strcmp(am->side_name[0], "White") == 0 && strcmp(am->side_name[1], "Black") == 0, "White, Black");
    CHECK(xq && xq->has_draws && am && !am->has_draws, "Amazons has no draws");
    for (int i = 0; i < game_count(); i++) {
        const Game *g = game_at(i);
        CHECK(g->max_moves <= GAME_MOVES_MAX && g->reason_count <= GAME_REASONS_MAX, "%s: bounds fit", g->name);
        CHECK(g->notations[g->record_notation].writable && g->notations[g->protocol_notation].protocol,
              "%s: record and protocol notations", g->name);
    }
}

/* Every legal move of s written in notation n reads back as itself. */
static void check_round_trip(const Game *g, GameState *s, int n, int count)
{
    char text[MOVE_TEXT_BYTES], err[256];
    int bad = 0;
    for (int i = 0; i < count; i++) {
        MoveCode m = MOVE_CODE_NONE;
        if (g->format_move(s, list[i], n, text, sizeof text) || g->parse_move(s, text, n, &m, err, sizeof err)
            || m != list[i])
            bad++;
    }
    CHECK(bad == 0, "%s: %d of %d moves do not round-trip in %s", g->name, bad, count, g->notations[n].name);
}

/* The start position: text round trip, move count, every notation, play / undo. */
static void test_start(const Game *g, int published)
{
    char text[GAME_TEXT_MAX], again[GAME_TEXT_MAX];
    GameState *s = game_state_at(g, g->start);
    CHECK(s != NULL, "%s: the start position reads", g->name);
    if (!s) return;
    g->position_text(s, text, sizeof text);
    CHECK(strcmp(text, g->start) == 0, "%s: start text '%s'", g->name, text);
    int n = g->legal_moves(s, list);
    CHECK(n == published, "%s: %d legal moves at the start, published %d", g->name, n, published);
    for (int k = 0; k < g->notation_count; k++)
        if (g->notations[k].writable) check_round_trip(g, s, k, n);
    GameOutcome o = g->outcome(s, NULL);
    CHECK(o.result == RESULT_NONE && o.reason == 0, "%s: the start is not an ending", g->name);
    CHECK(g->side_to_move(s) == 0 && g->plies(s) == 0 && g->move_number(s) == 1, "%s: first player, move 1", g->name);
    CHECK(n > 0 && g->play(s, list[n - 1]) && g->side_to_move(s) == 1 && g->plies(s) == 1, "%s: play", g->name);
    g->undo(s);
    g->position_text(s, again, sizeof again);
    CHECK(strcmp(text, again) == 0 && g->plies(s) == 0, "%s: undo restores the start", g->name);
    CHECK(!g->is_legal(s, MOVE_CODE_NONE) && !g->is_legal(s, 0xFFFFFFFFu), "%s: garbage is not legal", g->name);
    g->state_free(s);
}

/* A position that has ended: who won, and the reason's name. */
static void check_ended(const Game *g, const char *position, GameResult want, const char *reason)
{
    GameState *s = game_state_at(g, position);
    CHECK(s != NULL, "%s: '%s' reads", g->name, position);
    if (!s) return;
    GameOutcome o = g->outcome(s, NULL);
    CHECK(o.result == want && strcmp(g->reason_name(o.reason), reason) == 0, "%s: %s %s, expected %s %s", g->name,
          game_result_text(o.result), g->reason_name(o.reason), game_result_text(want), reason);
    g->state_free(s);
}

/* What parse_move says besides 0: text that is no move, or a move not legal here. */
static void check_parse(const Game *g, const char *text, int want)
{
    char err[256] = "";
    MoveCode m;
    GameState *s = game_state_at(g, g->start);
    int rc = s ? g->parse_move(s, text, g->protocol_notation, &m, err, sizeof err) : 99;
    CHECK(rc == want && (rc == 0 || (err[0] && !strchr(err, '\n'))), "%s: '%s' gives %d (%s), expected %d", g->name,
          text, rc, err, want);
    g->state_free(s);
}

/* Every game's engine profiles are quirks= text the client reads, naming
 * only dialects the game knows. */
static void test_profiles(void)
{
    for (int i = 0; i < game_count(); i++) {
        const Game *g = game_at(i);
        for (int k = 0; k < g->profile_count; k++) {
            EngineQuirks q = {0};
            char err[256] = "";
            int rc = client_parse_quirks(g->profiles[k].quirks, &q, err, sizeof err);
            if (rc == 0) rc = client_check_quirks(g, &q, err, sizeof err);
            CHECK(rc == 0, "%s profile %s: %s", g->name, g->profiles[k].name, err);
            CHECK(game_notation_by_name(g, g->profiles[k].notation) >= 0, "%s profile %s: notation %s", g->name,
                  g->profiles[k].name, g->profiles[k].notation);
        }
    }
}

/* The position text as an engine spells it: xboard's h / e for the horse
 * and elephant (the usual dialect), or n / b as the FEN has them. */
static void test_engine_position(const Game *xq, const Game *am)
{
    char out[GAME_TEXT_MAX], err[128] = "";
    const char *fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    CHECK(game_engine_position(xq, fen, "", out, sizeof out, err, sizeof err) == 0
              && strcmp(out, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1") == 0,
          "he: %s", out);
    CHECK(game_engine_position(xq, fen, "nb", out, sizeof out, err, sizeof err) == 0 && strcmp(out, fen) == 0,
          "nb: %s", out);
    CHECK(game_engine_position(xq, fen, "zz", out, sizeof out, err, sizeof err) == -1
              && strcmp(err, "expected he or nb") == 0,
          "zz refused: %s", err);
    CHECK(game_engine_position(xq, fen, "he", out, 20, err, sizeof err) == -1, "too long for 20 bytes refused");
    CHECK(game_engine_position(am, am->start, "", out, sizeof out, err, sizeof err) == 0 && strcmp(out, am->start) == 0,
          "amazons as it is: %s", out);
    CHECK(game_engine_position(am, am->start, "he", out, sizeof out, err, sizeof err) == -1,
          "amazons has one spelling");
}

int main(void)
{
    test_registry();
    const Game *xq = game_by_name("xiangqi"), *am = game_by_name("amazons");
    if (!xq || !am) return TEST_REPORT();
    test_profiles();
    test_engine_position(xq, am);
    test_start(xq, 44);
    test_start(am, 2176);
    /* Two chariots: a8 checks along rank 9 (e9's rank), b8 covers rank 8. */
    check_ended(xq, "R3k4/1R7/9/9/9/9/9/9/9/3K5 b", RESULT_FIRST_WINS, "checkmate");
    /* The white amazon on a10 is walled in by arrows on a9, b9 and b10;
     * White to move has no turn, Black (j1) wins. */
    check_ended(am, "Q*8/**8/10/10/10/10/10/10/10/9q w", RESULT_SECOND_WINS, "no legal turn");
    check_parse(xq, "h2e2", 0);
    check_parse(xq, "a0a5", MOVE_ILLEGAL); /* the chariot's file is blocked by the a3 pawn */
    check_parse(xq, "zz", MOVE_MALFORMED);
    check_parse(am, "d1d6,d6g9", 0);
    check_parse(am, "d1-d6/d6", MOVE_ILLEGAL); /* an arrow on the destination */
    check_parse(am, "d1-d1/g9", MOVE_ILLEGAL); /* a zero-length move */
    check_parse(am, "k1-d6/g9", MOVE_MALFORMED); /* off the board */
    check_parse(am, "hello", MOVE_MALFORMED);
    return TEST_REPORT();
}
