/*
 * ataxx.c - Ataxx for the harness: the Game descriptor over the rules core
 * in engine/ataxx/ (board, movegen, notation). Black (`x`, the first
 * player) against White (`o`), as libataxx, UAI engines and cuteataxx name
 * them (Fairy-Stockfish calls x white: its FEN is spelled for it, quirks
 * fen=fsf). A side without a move passes; the game ends when a side has no
 * pieces, when no empty square is within reach (the board is full), when
 * the halfmove clock reaches 100 and by threefold repetition, and is won
 * by the side with more pieces (the halfmove limit and repetition are
 * draws). Moves as UAI writes them (`f2`, `g1e1`, the pass `0000`) and as
 * Fairy-Stockfish does (`P@f2`). Also the position adjudications of
 * cuteataxx (--material counts pieces; --decided is its "easy fill"), the
 * endings in words and the PGN tags cuteataxx writes (Black and White for
 * the players, FEN always). With ataxx_board.c (drawing), the only harness
 * files that include an Ataxx header.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/ataxx_impl.h"
#include "ataxx/movegen.h"
#include "ataxx/notation.h"

/* The game's notations, in Game.notations order. */
enum { N_UAI, N_FAIRY, N_COUNT };

static const GameNotation NOTATIONS[N_COUNT] = {
    [N_UAI] = {"uai", "UAI", "a", "g1e1", true, true, -1},
    [N_FAIRY] = {"fairy", "Fairy-Stockfish", "a", "P@f2", true, true, -1},
};

/* The game's reasons (0: none). */
enum { END_NO_PIECES = 1, END_BOARD_FULL, END_HALFMOVE, END_REPETITION, END_MAX_PLIES, END_REASONS };

static const char *const REASON_NAMES[END_REASONS] = {
    [END_NO_PIECES] = "no pieces",
    [END_BOARD_FULL] = "board full",
    [END_HALFMOVE] = "halfmove limit",
    [END_REPETITION] = "threefold repetition",
    [END_MAX_PLIES] = "max plies",
};

/* The engines the harness knows: Fairy-Stockfish (UCI_Variant ataxx) reads
 * and writes its own FEN (P, p, * and w / b) and singles as drops (P@f2). */
static const GameEngine PROFILES[] = {
    {"fairy-stockfish", "fairy-stockfish", "fairy", "pv=coord,fen=fsf"},
};

/* Side names, as libataxx and cuteataxx's PGN have them: x is Black. */
static const char *const SIDE[2] = {"Black", "White"};

/* ------------------------------------------------------------------------ */
/* State                                                                    */
/* ------------------------------------------------------------------------ */

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void init_tables(void) { atx_board_init(); }

static GameState *ax_state_new(void)
{
    pthread_once(&tables_once, init_tables);
    GameState *s = malloc(sizeof *s);
    if (s && atx_pos_from_text(&s->pos, ATX_START_TEXT, NULL, 0) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

static void ax_state_free(GameState *s) { free(s); }

static void ax_state_copy(GameState *dst, const GameState *src) { *dst = *src; }

static int ax_set_position(GameState *s, const char *text, char *err, size_t errlen)
{
    return atx_pos_from_text(&s->pos, text, err, errlen);
}

static void ax_position_text(const GameState *s, char *buf, size_t len) { atx_pos_to_text(&s->pos, buf, len); }

static int ax_side_to_move(const GameState *s) { return s->pos.side; }

static int ax_plies(const GameState *s) { return s->pos.ply; }

static int ax_move_number(const GameState *s) { return atx_fullmove(&s->pos); }

static int ax_legal_moves(GameState *s, MoveCode *list)
{
    AtxMove moves[ATX_MAX_MOVES];
    int n = atx_gen_moves(&s->pos, moves);
    for (int i = 0; i < n; i++) list[i] = moves[i];
    return n;
}

static bool ax_is_legal(GameState *s, MoveCode m) { return m <= 0xFFFFu && atx_move_is_legal(&s->pos, (AtxMove)m); }

static bool ax_play(GameState *s, MoveCode m) { return atx_pos_make(&s->pos, (AtxMove)m); }

static void ax_undo(GameState *s) { atx_pos_unmake(&s->pos); }

/* ------------------------------------------------------------------------ */
/* Move text                                                                */
/* ------------------------------------------------------------------------ */

/* Does text have the shape of a move ("f2", "g1e1", "0000", "P@f2", with
 * squares on the board, any case, blanks around)? Then a refusal is an
 * illegal move, not malformed text. */
static bool names_a_move(const char *text)
{
    char t[16];
    size_t n = 0;
    while (isspace((unsigned char)*text)) text++;
    while (*text && !isspace((unsigned char)*text) && n + 1 < sizeof t) t[n++] = (char)tolower((unsigned char)*text++);
    t[n] = '\0';
    while (isspace((unsigned char)*text)) text++;
    if (*text) return false;
    if (strcmp(t, "0000") == 0) return true;
    const char *sq = (n == 4 && t[0] == 'p' && t[1] == '@') ? t + 2 : t;
    size_t squares = strlen(sq) / 2;
    if (strlen(sq) % 2 || squares < 1 || squares > 2 || (sq != t && squares != 1)) return false;
    for (size_t i = 0; i < squares; i++) {
        char two[3] = {sq[2 * i], sq[2 * i + 1], '\0'};
        if (atx_square_parse(two) < 0) return false;
    }
    return true;
}

/* Every notation reads every form (the core's parser takes them all). */
static int ax_parse_move(GameState *s, const char *text, int n, MoveCode *out, char *err, size_t errlen)
{
    (void)n;
    AtxMove m;
    if (atx_move_parse(&s->pos, text, &m, err, errlen) == 0) {
        *out = m;
        return 0;
    }
    return names_a_move(text) ? MOVE_ILLEGAL : MOVE_MALFORMED;
}

/* Is m a move's shape (the pass, or a flagged pair of squares)? */
static bool is_move_shape(MoveCode m)
{
    if (m == ATX_MOVE_PASS) return true;
    return m <= 0xFFFFu && (m & ATX_MOVE_FLAG) && !(m & ~0x1FFFu) && ATX_MOVE_FROM(m) < ATX_SQUARES
           && ATX_MOVE_TO(m) < ATX_SQUARES;
}

/* UAI text needs no position; Fairy-Stockfish's pass names a piece of the
 * mover's, so it does. */
static int ax_format_move(GameState *s, MoveCode m, int n, char *buf, size_t len)
{
    char text[ATX_MOVE_TEXT_MAX];
    buf[0] = '\0';
    if (!is_move_shape(m)) return -1;
    if (n == N_UAI) atx_move_to_text((AtxMove)m, text);
    else if (n == N_FAIRY) atx_move_to_fsf(&s->pos, (AtxMove)m, text);
    else return -1;
    if (strlen(text) >= len) return -1;
    memcpy(buf, text, strlen(text) + 1);
    return 0;
}

/* The position for an engine: as it is (""), or Fairy-Stockfish's ("fsf"). */
static int ax_engine_position(const char *text, const char *dialect, char *out, size_t len, char *err, size_t errlen)
{
    if (dialect[0] && strcmp(dialect, "fsf") != 0) return snprintf(err, errlen, "expected fsf"), -1;
    if (!dialect[0]) {
        if (strlen(text) >= len) return snprintf(err, errlen, "position text too long"), -1;
        memcpy(out, text, strlen(text) + 1);
        return 0;
    }
    static _Thread_local AtxPosition pos;
    char fsf[ATX_POS_TEXT_MAX];
    if (atx_pos_from_text(&pos, text, err, errlen)) return -1;
    atx_pos_to_text_fsf(&pos, fsf, sizeof fsf);
    if (strlen(fsf) >= len) return snprintf(err, errlen, "position text too long"), -1;
    memcpy(out, fsf, strlen(fsf) + 1);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Endings                                                                  */
/* ------------------------------------------------------------------------ */

static GameOutcome ax_outcome(GameState *s, const GameRules *rules)
{
    const AtxPosition *p = &s->pos;
    static const int REASON[] = {[ATX_END_NONE] = 0, [ATX_END_NO_PIECES] = END_NO_PIECES,
                                 [ATX_END_NO_MOVES] = END_BOARD_FULL, [ATX_END_HALFMOVE] = END_HALFMOVE,
                                 [ATX_END_REPETITION] = END_REPETITION};
    static const GameResult RESULT[] = {[ATX_RESULT_NONE] = RESULT_NONE, [ATX_RESULT_X_WINS] = RESULT_FIRST_WINS,
                                        [ATX_RESULT_O_WINS] = RESULT_SECOND_WINS, [ATX_RESULT_DRAW] = RESULT_DRAW};
    AtxEnd end = atx_end_reason(p, true);
    GameOutcome o = {RESULT_NONE, 0, ""};
    if (end != ATX_END_NONE) {
        o.result = RESULT[atx_result(p, true)];
        o.reason = REASON[end];
    } else if (rules && rules->max_plies > 0 && p->ply >= rules->max_plies) {
        o.result = RESULT_DRAW;
        o.reason = END_MAX_PLIES;
    } else {
        return o;
    }
    snprintf(o.detail, sizeof o.detail, "x %d, o %d", atx_bb_count(p->pieces[ATX_X]), atx_bb_count(p->pieces[ATX_O]));
    return o;
}

static const char *ax_reason_name(int reason)
{
    return reason > 0 && reason < END_REASONS ? REASON_NAMES[reason] : "unknown";
}

/* "the board is full (x 30, o 19): Black wins", "halfmove limit (x 20, o 20): draw". */
static void ax_ending_text(GameOutcome o, char *buf, size_t len)
{
    static const char *const WORDS[END_REASONS] = {
        [END_NO_PIECES] = "a side has no pieces",     [END_BOARD_FULL] = "the board is full",
        [END_HALFMOVE] = "100 plies without a single", [END_REPETITION] = "the position occurred three times",
        [END_MAX_PLIES] = "the ply limit",
    };
    const char *what = o.reason > 0 && o.reason < END_REASONS ? WORDS[o.reason] : "the game is over";
    char counts[112] = "";
    if (o.detail[0]) snprintf(counts, sizeof counts, " (%s)", o.detail);
    if (o.result == RESULT_DRAW) snprintf(buf, len, "%s%s: draw", what, counts);
    else snprintf(buf, len, "%s%s: %s wins", what, counts, SIDE[o.result == RESULT_FIRST_WINS ? 0 : 1]);
}

/* ------------------------------------------------------------------------ */
/* Adjudication (cuteataxx's material and easy fill)                        */
/* ------------------------------------------------------------------------ */

static int ax_material(const GameState *s, int side) { return atx_bb_count(s->pos.pieces[side & 1]); }

/* The empty squares a side can fill from its pieces `from` (singles) and
 * `free` (the pieces whose doubles free no one), step by step: every
 * empty square in reach of what it filled. */
static AtxBB fillable(AtxBB from, AtxBB free, AtxBB empty)
{
    AtxBB filled = (atx_bb_singles(from) | atx_bb_reach(free)) & empty, before;
    do {
        before = filled;
        filled |= atx_bb_reach(filled) & empty;
    } while (filled != before);
    return filled;
}

/*
 * cuteataxx's "easy fill" (src/core/ataxx/adjudicate.cpp, its rule, in our
 * words): the side to move has no single or double and must pass; the
 * other can move without a double that would free it (a single anywhere,
 * or a double of a piece out of the stuck side's reach); counting every
 * empty square the other can fill (step by step, to the end rather than
 * cuteataxx's ten steps), some of them next to another empty or enemy
 * square, the other ends with at least as many pieces, and the stuck side
 * would not win even if the other filled every empty square. Then the side
 * not to move wins.
 */
static int ax_decided(GameState *s, char *detail, size_t len)
{
    const AtxPosition *p = &s->pos;
    int us = p->side, them = !us;
    AtxBB mine = p->pieces[us], theirs = p->pieces[them], empty = atx_empty(p);
    if (atx_game_over(p) || (atx_bb_reach(mine) & empty)) return -1;
    AtxBB free = theirs & ~atx_bb_reach(mine);
    if (!((atx_bb_singles(theirs) | atx_bb_reach(free)) & empty)) return -1;
    int n_mine = atx_bb_count(mine), n_theirs = atx_bb_count(theirs);
    if (n_mine > n_theirs + atx_bb_count(empty)) return -1;
    AtxBB open = empty | theirs, room = atx_bb_singles(open) & open;
    AtxBB filled = fillable(theirs, free, empty);
    if (!(filled & room) || n_theirs + atx_bb_count(filled) < n_mine) return -1;
    snprintf(detail, len, "easy fill: %s must pass, %s fills the board (%d to %d, %d empty)", SIDE[us], SIDE[them],
             n_theirs, n_mine, atx_bb_count(empty));
    return them;
}

/* ------------------------------------------------------------------------ */
/* The descriptor                                                           */
/* ------------------------------------------------------------------------ */

/* PGN as cuteataxx writes it: Black (x) and White (o) name the players;
 * the FEN tag is always there (qibench writes FEN and SetUp for every game). */
static const GamePgn PGN = {NULL, {"Black", "White"}, NULL, NULL, 0};

const Game GAME_ATAXX = {
    .name = "ataxx",
    .variant = "ataxx",
    .engine = "ataxx-engine",
    .side_name = {"Black", "White"},
    .start = ATX_START_TEXT,
    .max_moves = ATX_MAX_MOVES,
    .max_plies = 0,
    .phase_end = {0, 0},
    .has_draws = true,
    .default_rules = {0, 0, 0},
    .notations = NOTATIONS,
    .notation_count = N_COUNT,
    .record_notation = N_UAI,
    .protocol_notation = N_UAI,
    .reason_count = END_REASONS,
    .profiles = PROFILES,
    .profile_count = (int)(sizeof PROFILES / sizeof PROFILES[0]),
    .sgf = NULL,
    .pgn = &PGN,
    .rule_sets = NULL,
    .limit_rule = NULL,
    .reason_name = ax_reason_name,
    .state_new = ax_state_new,
    .state_free = ax_state_free,
    .state_copy = ax_state_copy,
    .set_position = ax_set_position,
    .position_text = ax_position_text,
    .side_to_move = ax_side_to_move,
    .move_number = ax_move_number,
    .plies = ax_plies,
    .legal_moves = ax_legal_moves,
    .is_legal = ax_is_legal,
    .play = ax_play,
    .undo = ax_undo,
    .parse_move = ax_parse_move,
    .format_move = ax_format_move,
    .outcome = ax_outcome,
    .engine_position = ax_engine_position,
    .render = ax_render,
    .ending_text = ax_ending_text,
    .material_unit = "pieces",
    .material = ax_material,
    .decided_rule = "easy fill (the side to move must pass and cannot stop the other filling the board)",
    .decided = ax_decided,
};
