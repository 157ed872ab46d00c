/*
 * xiangqi.c - Xiangqi for the harness: the Game descriptor over the rules
 * core in engine/xiangqi/ (board, movegen, notation, rules), the SAN reader
 * for engines that write SAN principal variations (Sjaak II), the endings
 * in words, and the third-party engines' quirks. With xiangqi_board.c
 * (drawing) and xiangqi_explain.c (why a typed move is refused), the only
 * harness files that include a Xiangqi header; the Makefile seals them with
 * the rules core into one object whose only global symbol is GAME_XIANGQI.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xiangqi/board.h"
#include "xiangqi/game.h"
#include "xiangqi/movegen.h"
#include "xiangqi/notation.h"
#include "xiangqi/rules.h"
#include "games/xiangqi_impl.h"

/* The game's notations, in Game.notations order. */
enum { N_ICCS, N_FAIRY, N_WXF, N_CHINESE, N_SAN, N_SAN_FAIRY, N_COUNT };

static const GameNotation NOTATIONS[N_COUNT] = {
    [N_ICCS] = {"iccs", "ICCS", "an", "h2e2", true, true, N_SAN},
    [N_FAIRY] = {"fairy", "Fairy-Stockfish", "a", "h3e3", true, true, N_SAN_FAIRY},
    [N_WXF] = {"wxf", "WXF", "a", "C2.5", false, true, -1},
    [N_CHINESE] = {"chinese", "Chinese", "a", "炮二平五", false, true, -1},
    [N_SAN] = {"san", "SAN", "a", "Ce2", false, false, -1},                 /* ranks 0-9 (Sjaak II) */
    [N_SAN_FAIRY] = {"san-fairy", "SAN", "a", "Ce3", false, false, -1},     /* ranks 1-10 */
};

/* PGN as xqbase.com writes it ("中国象棋电脑应用规范(三): PGN文件格式", the
 * computer Chinese Chess standards published with ECCO): the Game tag first,
 * Red beside chess's White (both are written, for both kinds of reader),
 * and the Format tag naming how moves are written: ICCS "H2-E2" (the
 * default), WXF "C2.5" or Chinese "炮二平五" (UTF-8). */
static const GamePgnNotation PGN_NOTATIONS[] = {
    {"iccs", "ICCS", N_ICCS, true},
    {"wxf", "WXF", N_WXF, false},
    {"chinese", "Chinese", N_CHINESE, false},
};
static const GamePgn PGN = {"Chinese Chess", {"White", "Black"}, "Red", PGN_NOTATIONS,
                            (int)(sizeof PGN_NOTATIONS / sizeof PGN_NOTATIONS[0])};

/*
 * The engines the harness knows. Done for every xboard engine, so not in the
 * table: `xboard` is the first line (Sjaak II starts in console mode),
 * `variant xiangqi` goes after each `new` (which resets Sjaak's variant).
 */
static const GameEngine PROFILES[] = {
    /* UCI_Variant xiangqi (offered, so sent), moves with ranks 1-10 both ways. */
    {"fairy-stockfish", "fairy-stockfish", "fairy", "pv=coord,fen=nb,mate=cecp"},
    /* Fairy-Max for Xiangqi: no setboard (openings are played as moves from
     * the start), bare moves (no usermove), mate scores 8000 - plies. */
    {"maxqi", "maxqi", "iccs", "setboard=0,usermove=0,pv=coord,fen=he,mate=8000"},
    /* Fairy-Max itself (its Debian build has no xiangqi: the variants check refuses it). */
    {"fairy-max", "fairy-max|fairymax", "iccs", "setboard=0,usermove=0,pv=coord,fen=he,mate=8000"},
    /* Sjaak II: FEN with H / E, SAN principal variations ("1. ... Hc7 2. Hg2"). */
    {"sjaak", "sjaak", "iccs", "pv=san,fen=he,mate=cecp"},
};

/* ------------------------------------------------------------------------ */
/* State                                                                    */
/* ------------------------------------------------------------------------ */

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void init_tables(void)
{
    xq_board_init();
    xq_movegen_init();
}

static GameState *xq_state_new(void)
{
    pthread_once(&tables_once, init_tables);
    GameState *s = malloc(sizeof *s);
    if (s && xq_pos_from_fen(&s->pos, XQ_START_TEXT, NULL, 0) != 0) {
        free(s);
        return NULL;
    }
    return s;
}

static void xq_state_free(GameState *s) { free(s); }

/* Copies the position and the history that leads to it. */
static void xq_state_copy(GameState *dst, const GameState *src)
{
    size_t used = offsetof(Position, hist) + (size_t)(src->pos.ply + 1) * sizeof src->pos.hist[0];
    memcpy(&dst->pos, &src->pos, used);
}

static int xq_set_position(GameState *s, const char *text, char *err, size_t errlen)
{
    return xq_pos_from_fen(&s->pos, text, err, errlen);
}

static void xq_position_text(const GameState *s, char *buf, size_t len) { xq_pos_to_fen(&s->pos, buf, len); }

static int xq_side_to_move(const GameState *s) { return s->pos.side; }

static int xq_plies(const GameState *s) { return s->pos.ply; }

/* The full-move number: the root's, plus one for each Black move since. */
static int xq_move_number(const GameState *s)
{
    int root_side = (s->pos.side + s->pos.ply) & 1;
    return s->pos.fullmove + (s->pos.ply + root_side) / 2;
}

static int xq_legal_moves(GameState *s, MoveCode *list)
{
    Move moves[MAX_MOVES];
    int n = xq_gen_legal(&s->pos, moves);
    for (int i = 0; i < n; i++) list[i] = moves[i];
    return n;
}

static bool xq_is_legal(GameState *s, MoveCode m) { return m <= 0xFFFF && xq_move_is_legal(&s->pos, (Move)m); }

static bool xq_play(GameState *s, MoveCode m) { return xq_pos_make_move(&s->pos, (Move)m); }

static void xq_undo(GameState *s) { xq_pos_unmake_move(&s->pos); }

/* ------------------------------------------------------------------------ */
/* SAN (Sjaak II's principal variations)                                    */
/* ------------------------------------------------------------------------ */

/* Piece type of a SAN letter (Sjaak and WXF letters, chess aliases), 0 if none. */
static int san_piece(char ch)
{
    static const char LETTERS[] = "KAEHRCPGBNM";
    static const int TYPES[] = {GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON,
                                PAWN,    GENERAL, ELEPHANT, HORSE, ADVISOR};
    const char *at = ch ? strchr(LETTERS, ch) : NULL;
    return at ? TYPES[at - LETTERS] : 0;
}

/* Reads the rank digits ending at text[*end - 1] backwards; -1 if none,
 * -2 off the board. first_rank: what the first rank is called (0 or 1). */
static int san_rank_back(const char *text, size_t *end, int first_rank)
{
    size_t i = *end;
    while (i > 0 && isdigit((unsigned char)text[i - 1]) && *end - i < 2) i--;
    if (i == *end) return -1;
    int rank = atoi(text + i) - first_rank;
    if (rank < 0 || rank >= RANKS) return -2;
    *end = i;
    return rank;
}

/* What a SAN word names: piece kind (0 = pawn), target, optional origin. */
typedef struct {
    int kind, to_file, to_rank, from_file, from_rank;
} SanWord;

/* Splits "[Piece][file][rank][x]file rank[+#!?]"; false if it is not SAN. */
static bool san_split(const char *text, int first_rank, SanWord *w)
{
    char s[16];
    size_t len = strlen(text);
    if (len == 0 || len >= sizeof s) return false;
    memcpy(s, text, len + 1);
    while (len > 0 && strchr("+#!?", s[len - 1])) s[--len] = '\0';
    size_t end = len, i = 0;
    w->to_rank = san_rank_back(s, &end, first_rank);
    if (w->to_rank < 0 || end == 0 || s[end - 1] < 'a' || s[end - 1] > 'i') return false;
    w->to_file = s[--end] - 'a';
    if (end > 0 && s[end - 1] == 'x') end--;
    w->kind = san_piece(s[0]);
    if (w->kind) i = 1;
    w->from_file = w->from_rank = -1;
    if (i < end && s[i] >= 'a' && s[i] <= 'i') w->from_file = s[i++] - 'a';
    if (i < end) {
        size_t e = end;
        w->from_rank = san_rank_back(s, &e, first_rank);
        if (w->from_rank < 0 || e != i) return false;
        i = end;
    }
    return i == end;
}

/* The one legal move a SAN word names: 0, or MOVE_MALFORMED / MOVE_ILLEGAL. */
static int parse_san(Position *pos, const char *text, int first_rank, MoveCode *out)
{
    SanWord w;
    if (!san_split(text, first_rank, &w)) return MOVE_MALFORMED;
    Move list[MAX_MOVES];
    int n = xq_gen_legal(pos, list), found = 0;
    for (int k = 0; k < n; k++) {
        int from = MOVE_FROM(list[k]), to = MOVE_TO(list[k]);
        if (SQ_FILE(to) != w.to_file || SQ_RANK(to) != w.to_rank) continue;
        int type = PIECE_TYPE(pos_piece_on(pos, from));
        if (w.kind ? type != w.kind : type != PAWN) continue;
        if ((w.from_file >= 0 && SQ_FILE(from) != w.from_file) || (w.from_rank >= 0 && SQ_RANK(from) != w.from_rank))
            continue;
        *out = list[k];
        found++;
    }
    return found == 1 ? 0 : MOVE_ILLEGAL;
}

/* ------------------------------------------------------------------------ */
/* Move text                                                                */
/* ------------------------------------------------------------------------ */

/* Coordinates ("h2e2", "b3b10"): 4 to 6 characters, a file letter and a digit first. */
static bool looks_like_coordinates(const char *text)
{
    size_t len = strlen(text);
    return len >= 4 && len <= 6 && text[0] >= 'a' && text[0] <= 'i' && isdigit((unsigned char)text[1]);
}

static int xq_parse_move(GameState *s, const char *text, int n, MoveCode *out, char *err, size_t errlen)
{
    static const Notation CORE[] = {[N_ICCS] = NOTATION_ICCS, [N_FAIRY] = NOTATION_FAIRY,
                                    [N_WXF] = NOTATION_WXF, [N_CHINESE] = NOTATION_CHINESE};
    Move m;
    if (n == N_SAN || n == N_SAN_FAIRY) {
        int rc = parse_san(&s->pos, text, n == N_SAN_FAIRY ? 1 : 0, out);
        if (rc) snprintf(err, errlen, "'%.40s' names no single legal move in SAN", text);
        return rc;
    }
    if ((n == N_ICCS || n == N_FAIRY) && strlen(text) > 8) { /* coordinates are 4 to 6 characters */
        snprintf(err, errlen, "malformed %s move '%.40s'", NOTATIONS[n].name, text);
        return MOVE_MALFORMED;
    }
    int rc = n == NOTATION_ANY ? xq_move_parse_any(&s->pos, text, &m, err, errlen)
             : n >= 0 && n <= N_CHINESE ? xq_move_parse(&s->pos, text, CORE[n], &m, err, errlen)
                                        : (snprintf(err, errlen, "unknown notation %d", n), -1);
    if (rc == 0) {
        *out = m;
        return 0;
    }
    bool malformed = strncmp(err, "malformed", 9) == 0 || strncmp(err, "unknown", 7) == 0;
    if (!malformed) xq_explain(&s->pos, text, n == NOTATION_ANY ? -1 : (int)CORE[n], err, errlen);
    if (n == N_ICCS || n == N_FAIRY) return looks_like_coordinates(text) ? MOVE_ILLEGAL : MOVE_MALFORMED;
    return malformed ? MOVE_MALFORMED : MOVE_ILLEGAL;
}

/* Coordinates need no position: any move between two board squares can be
 * written (as ICCS could always be, for records). WXF and Chinese name the
 * piece, so the move must be legal in s. */
static int xq_format_move(GameState *s, MoveCode m, int n, char *buf, size_t len)
{
    char text[MOVE_TEXT_BYTES];
    buf[0] = '\0';
    if (m > 0xFFFF || !xq_sq_on_board(MOVE_FROM(m)) || !xq_sq_on_board(MOVE_TO(m))) return -1;
    if (n == N_ICCS) xq_move_to_iccs((Move)m, text);
    else if (n == N_FAIRY) xq_move_to_fairy((Move)m, text);
    else if (n == N_WXF || n == N_CHINESE) {
        if (xq_move_to_text(&s->pos, (Move)m, n == N_WXF ? NOTATION_WXF : NOTATION_CHINESE, text, sizeof text)) return -1;
    } else {
        return -1;
    }
    if (strlen(text) >= len) return -1;
    memcpy(buf, text, strlen(text) + 1);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Endings and engine spellings                                             */
/* ------------------------------------------------------------------------ */

/* The names of --rules, in RuleSet order (the default, asian, first). */
static const char *const RULE_SETS[] = {RULES_SET_NAMES, NULL};
_Static_assert(sizeof RULE_SETS / sizeof RULE_SETS[0] == RULES_SET_COUNT + 1, "a name per rule set");

static GameOutcome xq_outcome(GameState *s, const GameRules *rules)
{
    RulesConfig cfg = xq_rules_default_config();
    if (rules) cfg = (RulesConfig){rules->limit, rules->max_plies, (RuleSet)rules->rule_set};
    Outcome o = xq_rules_outcome(&s->pos, &cfg);
    static const GameResult MAP[] = {[RULES_NONE] = RESULT_NONE, [RULES_RED_WINS] = RESULT_FIRST_WINS,
                                     [RULES_BLACK_WINS] = RESULT_SECOND_WINS, [RULES_DRAW] = RESULT_DRAW};
    GameOutcome out = {MAP[o.result], (int)o.reason, ""};
    if (o.reason == END_PERPETUAL_CHASE) {
        char sq[3];
        xq_square_name(o.target_sq, sq);
        snprintf(out.detail, sizeof out.detail, "%s chasing the %s on %s", xq_piece_name(o.chaser_type),
                 xq_piece_name(o.target_type), sq);
    } else if (o.reason == END_SIXTY_MOVES) {
        snprintf(out.detail, sizeof out.detail, "%d plies without a capture, %d of them counted",
                 pos_halfmove(&s->pos), xq_rules_counted_plies(&s->pos));
    }
    return out;
}

static const char *xq_reason_name(int reason) { return xq_rules_reason_text((EndReason)reason); }

/* "Black is checkmated: Red wins", "perpetual check by Red: Black wins", "perpetual chase by
 * Red (chariot chasing the horse on c7): Black wins", "60-move rule: draw". */
static void xq_ending_text(GameOutcome o, char *buf, size_t len)
{
    static const char *const SIDE[2] = {"Red", "Black"};
    int winner = o.result == RESULT_FIRST_WINS ? 0 : 1, loser = !winner;
    if (o.result == RESULT_DRAW) {
        switch (o.reason) {
        case END_REPETITION: snprintf(buf, len, "the position occurred three times: draw"); break;
        case END_NO_CAPTURE: snprintf(buf, len, "no capture for too long: draw"); break;
        case END_SIXTY_MOVES: snprintf(buf, len, "60-move rule: draw"); break;
        case END_INSUFFICIENT_MATERIAL: snprintf(buf, len, "neither side can attack: draw"); break;
        default: snprintf(buf, len, "%s: draw", xq_rules_reason_text((EndReason)o.reason)); break;
        }
        return;
    }
    switch (o.reason) {
    case END_CHECKMATE: snprintf(buf, len, "%s is checkmated: %s wins", SIDE[loser], SIDE[winner]); break;
    case END_STALEMATE: snprintf(buf, len, "%s has no legal move: %s wins", SIDE[loser], SIDE[winner]); break;
    case END_PERPETUAL_CHECK: snprintf(buf, len, "perpetual check by %s: %s wins", SIDE[loser], SIDE[winner]); break;
    case END_PERPETUAL_CHASE:
        snprintf(buf, len, "perpetual chase by %s (%s): %s wins", SIDE[loser], o.detail[0] ? o.detail : "?",
                 SIDE[winner]);
        break;
    default: snprintf(buf, len, "%s: %s wins", xq_rules_reason_text((EndReason)o.reason), SIDE[winner]); break;
    }
}

/* The FEN with xboard's Xiangqi letters (dialect "he", the usual one: h
 * horse, e elephant), or as it is ("nb"). */
static int xq_engine_position(const char *fen, const char *dialect, char *out, size_t outlen, char *err, size_t errlen)
{
    bool he = dialect[0] == '\0' || strcmp(dialect, "he") == 0;
    if (!he && strcmp(dialect, "nb") != 0) return snprintf(err, errlen, "expected he or nb"), -1;
    if (strlen(fen) >= outlen) return snprintf(err, errlen, "position text too long"), -1;
    size_t i = 0;
    for (; fen[i] && fen[i] != ' '; i++) {
        char ch = fen[i];
        out[i] = !he ? ch : ch == 'n' ? 'h' : ch == 'N' ? 'H' : ch == 'b' ? 'e' : ch == 'B' ? 'E' : ch;
    }
    snprintf(out + i, outlen - i, "%s", fen + i);
    return 0;
}

const Game GAME_XIANGQI = {
    .name = "xiangqi",
    .variant = "xiangqi",
    .engine = "xiangqi-engine",
    .side_name = {"Red", "Black"},
    .start = XQ_START_TEXT,
    .max_moves = MAX_MOVES,
    .max_plies = 0,
    .phase_end = {20, 80},
    .has_draws = true,
    .default_rules = {-1, 0, RULES_ASIAN}, /* the rule set's no-capture limit: 120, chess-like 100 */
    .rule_sets = RULE_SETS,
    .limit_rule = "plies without a capture",
    .pgn = &PGN,
    .notations = NOTATIONS,
    .notation_count = N_COUNT,
    .record_notation = N_ICCS,
    .protocol_notation = N_ICCS,
    .reason_count = END_COUNT,
    .profiles = PROFILES,
    .profile_count = (int)(sizeof PROFILES / sizeof PROFILES[0]),
    .reason_name = xq_reason_name,
    .state_new = xq_state_new,
    .state_free = xq_state_free,
    .state_copy = xq_state_copy,
    .set_position = xq_set_position,
    .position_text = xq_position_text,
    .side_to_move = xq_side_to_move,
    .move_number = xq_move_number,
    .plies = xq_plies,
    .legal_moves = xq_legal_moves,
    .is_legal = xq_is_legal,
    .play = xq_play,
    .undo = xq_undo,
    .parse_move = xq_parse_move,
    .format_move = xq_format_move,
    .outcome = xq_outcome,
    .engine_position = xq_engine_position,
    .render = xq_render,
    .ending_text = xq_ending_text,
};
