/*
 * test_gameplay.c - the game loop's clock (play/gameplay.c): what a move is
 * charged, with the time the machine held the player back (EngineReply
 * held_ms) never charged, and when the flag falls.
 *
 * Players are scripted: each answers the first legal move after a wall
 * time and a held time from its script. Expected clocks are worked by
 * hand from the script and the time control (base 1000 ms, increment 100
 * ms, grace 50 ms): after a move, clock = clock - (wall - held) + 100.
 */
#include <stdlib.h>
#include <string.h>

#include "play/gameplay.h"
#include "testhelp.h"

typedef struct {
    Player player; /* first: a Scripted is a Player */
    const Game *game;
    GameState *state;
    const int64_t (*script)[2]; /* {wall, held} per move */
    int n, next;
} Scripted;

static ClientStatus s_new_game(Player *p) { (void)p; return CLIENT_OK; }

static ClientStatus s_begin(Player *p, const char *root, const MoveCode *moves, int n, char *err, size_t errlen)
{
    Scripted *s = (Scripted *)p;
    (void)err, (void)errlen;
    s->game->set_position(s->state, root, NULL, 0);
    for (int i = 0; i < n; i++) s->game->play(s->state, moves[i]);
    return CLIENT_OK;
}

static ClientStatus s_on_move(Player *p, MoveCode m, char *err, size_t errlen)
{
    Scripted *s = (Scripted *)p;
    (void)err, (void)errlen;
    s->game->play(s->state, m);
    return CLIENT_OK;
}

static ClientStatus s_go(Player *p, const GoLimits *l, EngineReply *r, char *err, size_t errlen)
{
    Scripted *s = (Scripted *)p;
    static MoveCode list[GAME_MOVES_MAX];
    (void)l;
    memset(r, 0, sizeof *r);
    if (s->next >= s->n) return snprintf(err, errlen, "script ended"), CLIENT_DISCONNECT;
    r->wall_ms = s->script[s->next][0];
    r->held_ms = s->script[s->next][1];
    s->next++;
    if (s->game->legal_moves(s->state, list) < 1) return snprintf(err, errlen, "no move"), CLIENT_DISCONNECT;
    r->best = list[0];
    r->answer = ANSWER_MOVE;
    return CLIENT_OK;
}

static const char *s_name(const Player *p) { (void)p; return "scripted"; }

static const PlayerOps SCRIPTED = {s_new_game, s_begin, s_on_move, s_go, s_name, NULL};

/* The clocks after each move, kept by the after_move hook. */
static int64_t clocks[8][2];
static int moves_seen;

static void after_move(void *ctx, GamePlay *gp, const EngineReply *reply)
{
    (void)ctx, (void)reply;
    if (moves_seen < 8) memcpy(clocks[moves_seen], gp->clock, sizeof gp->clock);
    moves_seen++;
}

/* Plays first (side 0) and second from the start with the scripts; returns the record. */
static void play(const int64_t (*first)[2], int n1, const int64_t (*second)[2], int n2, int max_turns, GameRecord *g)
{
    const Game *game = game_default();
    Scripted a = {{&SCRIPTED}, game, game->state_new(), first, n1, 0};
    Scripted b = {{&SCRIPTED}, game, game->state_new(), second, n2, 0};
    TimeControl tc = {0, 1000, 100, 0, 0, 0, 50};
    GameHooks hooks = {NULL, NULL, after_move, NULL, NULL, NULL};
    GameSetup s = {game, {&a.player, &b.player}, {&tc, &tc}, {0}, game->default_rules, max_turns, false, &hooks};
    moves_seen = 0;
    memset(g, 0, sizeof *g);
    game_play(&s, game->start, NULL, 0, g);
    game->state_free(a.state);
    game->state_free(b.state);
}

int main(void)
{
    static GameRecord g;
    /* Each side: 600 ms wall of which 500 held (charged 100), then 300
     * wall of which 0 held (charged 300). Clocks 1000 -> 1000 - 100 + 100
     * = 1000 -> 1000 - 300 + 100 = 800. */
    const int64_t held[2][2] = {{600, 500}, {300, 0}};
    play(held, 2, held, 2, 4, &g);
    CHECK(g.term == TERM_RULES && g.result == RESULT_NONE && g.plies == 4, "4 plies, unterminated (term %d, %s)",
          (int)g.term, g.detail);
    CHECK(moves_seen == 4, "4 moves seen (%d)", moves_seen);
    CHECK(clocks[0][0] == 1000 && clocks[1][1] == 1000, "held time not charged: %lld %lld",
          (long long)clocks[0][0], (long long)clocks[1][1]);
    CHECK(clocks[2][0] == 800 && clocks[3][1] == 800, "the rest charged: %lld %lld", (long long)clocks[2][0],
          (long long)clocks[3][1]);
    CHECK(g.moves[0].time_ms == 600, "the record keeps the wall time (%lld)", (long long)g.moves[0].time_ms);

    /* 1100 ms wall, none held: 1000 - 1100 = -100, past the 50 ms grace: lost. */
    const int64_t late[1][2] = {{1100, 0}};
    play(late, 1, held, 2, 4, &g);
    CHECK(g.term == TERM_TIME && g.result == RESULT_SECOND_WINS, "1100 ms on a 1000 ms clock: lost on time (%s)",
          g.detail);
    /* 1100 ms wall, 200 held: charged 900, 1000 - 900 + 100 = 200 left: goes on. */
    const int64_t late_held[1][2] = {{1100, 200}};
    play(late_held, 1, held, 2, 2, &g);
    CHECK(g.term == TERM_RULES && g.plies == 2 && clocks[0][0] == 200, "the same with 200 ms held: 200 left (%lld, %s)",
          (long long)clocks[0][0], g.detail);
    /* 1040 ms wall, none held: -40, within the 50 ms grace: goes on at -40 + 100 = 60. */
    const int64_t grace[1][2] = {{1040, 0}};
    play(grace, 1, held, 2, 2, &g);
    CHECK(g.term == TERM_RULES && clocks[0][0] == 60, "40 ms over, within the grace: 60 left (%lld)",
          (long long)clocks[0][0]);
    return TEST_REPORT();
}
