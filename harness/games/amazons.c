/*
 * amazons.c - the Game of the Amazons for the harness: the Game descriptor
 * over the rules core in engine/amazons/ (board, movegen, notation). The
 * side to move with no legal turn loses; there are no draws and no rule
 * limits, so the harness never scores an Amazons game a draw. Also the
 * endings in words and SGF (GM[18]). With amazons_board.c (drawing), the
 * only harness files that include an Amazons header; the Makefile seals
 * them with the rules core into one object whose only global symbol is
 * GAME_AMAZONS.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/amazons_impl.h"
#include "amazons/board.h"
#include "amazons/game.h"
#include "amazons/movegen.h"
#include "amazons/notation.h"

/* The game's notations, in Game.notations order. */
enum { N_CANONICAL, N_FAIRY, N_COUNT };

static const GameNotation NOTATIONS[N_COUNT] = {
    [N_CANONICAL] = {"canonical", "Amazons", "an", "d1-d6/g9", true, true, -1},
    [N_FAIRY] = {"fairy", "Fairy-Stockfish", "a", "d1d6,d6g9", true, true, -1},
};

/* The game's reasons (0: none). */
enum { END_NO_TURN = 1, END_REASONS };

/* The engines the harness knows: Fairy-Stockfish (UCI_Variant amazons)
 * writes "d1d6,d6g9". */
static const GameEngine PROFILES[] = {
    {"fairy-stockfish", "fairy-stockfish", "fairy", "pv=coord,mate=cecp"},
};

/* Every ply fills a square: from the start, 100 - 8 amazons = 92 plies at most. */
#define AMAZONS_MAX_PLIES (AMZ_SQUARES - 2 * AMZ_MAX_AMAZONS)

/* ------------------------------------------------------------------------ */
/* State                                                                    */
/* ------------------------------------------------------------------------ */

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void init_tables(void) { amz_board_init(); }

static GameState *am_state_new(void)
{
    pthread_once(&tables_once, init_tables);
    GameState *s = malloc(sizeof *s);
    if (s && amz_pos_from_text(&s->pos, AMZ_START_TEXT, NULL, 0) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

static void am_state_free(GameState *s) { free(s); }

static void am_state_copy(GameState *dst, const GameState *src) { *dst = *src; }

static int am_set_position(GameState *s, const char *text, char *err, size_t errlen)
{
    return amz_pos_from_text(&s->pos, text, err, errlen);
}

static void am_position_text(const GameState *s, char *buf, size_t len) { amz_pos_to_text(&s->pos, buf, len); }

static int am_side_to_move(const GameState *s) { return s->pos.side; }

static int am_plies(const GameState *s) { return s->pos.ply; }

/* The full-move number: the root's, plus one for each Black turn since. */
static int am_move_number(const GameState *s)
{
    int root_side = (s->pos.side + s->pos.ply) & 1;
    return s->pos.fullmove + (s->pos.ply + root_side) / 2;
}

static int am_legal_moves(GameState *s, MoveCode *list) { return amz_gen_moves(&s->pos, list); }

static bool am_is_legal(GameState *s, MoveCode m) { return amz_move_is_legal(&s->pos, m); }

static bool am_play(GameState *s, MoveCode m) { return amz_pos_make(&s->pos, m); }

static void am_undo(GameState *s) { amz_pos_unmake(&s->pos); }

/* ------------------------------------------------------------------------ */
/* Turn text                                                                */
/* ------------------------------------------------------------------------ */

/* Does text name the three squares of a turn ("d1", "j10"), whatever stands
 * between them, or four with the second twice (the Fairy form d1d6,d6g9)?
 * Then a refusal is an illegal turn, not malformed text. */
static bool names_a_turn(const char *text)
{
    int squares = 0;
    long named[4] = {0, 0, 0, 0};
    for (const char *p = text; *p;) {
        int file = tolower((unsigned char)*p) - 'a';
        if (file < 0 || file >= AMZ_FILES || !isdigit((unsigned char)p[1])) {
            if (isalnum((unsigned char)*p)) return false;
            p++;
            continue;
        }
        char *end;
        long rank = strtol(p + 1, &end, 10);
        if (rank < 1 || rank > AMZ_RANKS) return false;
        if (squares == 4) return false;
        named[squares++] = rank * AMZ_FILES + file;
        p = end;
    }
    return squares == 3 || (squares == 4 && named[1] == named[2]);
}

/* Every notation reads every form (the parser takes them all). */
static int am_parse_move(GameState *s, const char *text, int n, MoveCode *out, char *err, size_t errlen)
{
    (void)n;
    AmzMove m;
    if (amz_move_parse(&s->pos, text, &m, err, errlen) == 0) {
        *out = m;
        return 0;
    }
    return names_a_turn(text) ? MOVE_ILLEGAL : MOVE_MALFORMED;
}

/* Both notations are coordinates: no position needed. */
static int am_format_move(GameState *s, MoveCode m, int n, char *buf, size_t len)
{
    char text[AMZ_MOVE_TEXT_MAX];
    (void)s;
    buf[0] = '\0';
    int from = AMZ_MOVE_FROM(m), to = AMZ_MOVE_TO(m), arrow = AMZ_MOVE_ARROW(m);
    if (m >> 21 || from >= AMZ_SQUARES || to >= AMZ_SQUARES || arrow >= AMZ_SQUARES || from == to) return -1;
    if (n == N_CANONICAL) amz_move_to_canonical(m, text);
    else if (n == N_FAIRY) amz_move_to_fairy(m, text);
    else return -1;
    if (strlen(text) >= len) return -1;
    memcpy(buf, text, strlen(text) + 1);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Endings                                                                  */
/* ------------------------------------------------------------------------ */

/* No draws and no limits: the rules are ignored. */
static GameOutcome am_outcome(GameState *s, const GameRules *rules)
{
    (void)rules;
    if (amz_count_moves(&s->pos) > 0) return (GameOutcome){RESULT_NONE, 0, ""};
    return (GameOutcome){game_win_for(!s->pos.side), END_NO_TURN, ""};
}

static const char *am_reason_name(int reason) { return reason == END_NO_TURN ? "no legal turn" : "unknown"; }

/* "White has no legal turn: Black wins". */
static void am_ending_text(GameOutcome o, char *buf, size_t len)
{
    static const char *const SIDE[2] = {"White", "Black"};
    int winner = o.result == RESULT_FIRST_WINS ? 0 : 1;
    if (o.reason == END_NO_TURN) snprintf(buf, len, "%s has no legal turn: %s wins", SIDE[!winner], SIDE[winner]);
    else snprintf(buf, len, "%s wins", SIDE[winner]);
}

/* ------------------------------------------------------------------------ */
/* SGF                                                                      */
/* ------------------------------------------------------------------------ */

/*
 * SGF for Amazons, GM[18], as in the SGF FF[4] Amazons page
 * (https://red-bean.com/sgf/amazons.html): a point is two lower-case
 * letters, the column then the row; the default start is
 * AB[dj][gj][ag][jg]AW[da][ga][ad][jd], so row 'a' is White's first rank
 * (our rank 1) and 'j' rank 10; a move is three points concatenated, from,
 * to and arrow: ;W[dadfgi]. Setup properties AB / AW / AA (arrows) in the
 * root replace the default start.
 */
static void sgf_point(int sq, char *out)
{
    out[0] = (char)('a' + AMZ_SQ_FILE(sq));
    out[1] = (char)('a' + AMZ_SQ_RANK(sq));
}

static int am_sgf_move(MoveCode m, char *buf, size_t len)
{
    int sq[3] = {AMZ_MOVE_FROM(m), AMZ_MOVE_TO(m), AMZ_MOVE_ARROW(m)};
    if (len < 7 || m >> 21 || sq[0] >= AMZ_SQUARES || sq[1] >= AMZ_SQUARES || sq[2] >= AMZ_SQUARES) return -1;
    for (int i = 0; i < 3; i++) sgf_point(sq[i], buf + 2 * i);
    buf[6] = '\0';
    return 0;
}

/* AB[..]AW[..]AA[..] (and PL[B] when Black moves first), or "" at the
 * default start; -1 when they do not fit in len. */
static int am_sgf_setup(const GameState *s, char *buf, size_t len)
{
    static const char *const PROPERTY[4] = {"", "AW", "AB", "AA"};
    AmzPosition start;
    size_t used = 0;
    buf[0] = '\0';
    amz_pos_from_text(&start, AMZ_START_TEXT, NULL, 0);
    if (memcmp(start.board, s->pos.board, sizeof start.board) == 0 && s->pos.side == AMZ_WHITE) return 0;
    for (int cell = 1; cell <= 3; cell++) {
        bool named = false;
        for (int sq = 0; sq < AMZ_SQUARES; sq++) {
            if (s->pos.board[sq] != cell) continue;
            if (used + 8 >= len) return -1;
            char p[3] = {0};
            sgf_point(sq, p);
            used += (size_t)snprintf(buf + used, len - used, "%s[%s]", named ? "" : PROPERTY[cell], p);
            named = true;
        }
    }
    if (s->pos.side == AMZ_BLACK && used + 6 >= len) return -1;
    if (s->pos.side == AMZ_BLACK) snprintf(buf + used, len - used, "PL[B]");
    return 0;
}

static const GameSgf SGF = {18, AMZ_FILES, {'W', 'B'}, am_sgf_move, am_sgf_setup};

/* PGN: the roster's tags, moves in the record notation. */
static const GamePgn PGN = {NULL, {"White", "Black"}, NULL, NULL, 0};

const Game GAME_AMAZONS = {
    .name = "amazons",
    .variant = "amazons",
    .engine = "amazons-engine",
    .side_name = {"White", "Black"},
    .start = AMZ_START_TEXT,
    .max_moves = AMZ_MAX_MOVES,
    .max_plies = AMAZONS_MAX_PLIES,
    .phase_end = {20, 50},
    .has_draws = false,
    .default_rules = {0, 0, 0},
    .notations = NOTATIONS,
    .notation_count = N_COUNT,
    .record_notation = N_CANONICAL,
    .protocol_notation = N_FAIRY,
    .reason_count = END_REASONS,
    .profiles = PROFILES,
    .profile_count = (int)(sizeof PROFILES / sizeof PROFILES[0]),
    .sgf = &SGF,
    .pgn = &PGN,
    .reason_name = am_reason_name,
    .state_new = am_state_new,
    .state_free = am_state_free,
    .state_copy = am_state_copy,
    .set_position = am_set_position,
    .position_text = am_position_text,
    .side_to_move = am_side_to_move,
    .move_number = am_move_number,
    .plies = am_plies,
    .legal_moves = am_legal_moves,
    .is_legal = am_is_legal,
    .play = am_play,
    .undo = am_undo,
    .parse_move = am_parse_move,
    .format_move = am_format_move,
    .outcome = am_outcome,
    .engine_position = NULL,
    .render = am_render,
    .ending_text = am_ending_text,
};
