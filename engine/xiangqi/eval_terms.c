/*
 * eval_terms.c - the evaluation terms beyond material and piece-square
 * tables, each a search feature of its own (game.h, GAME_EVAL_FEATURES) so
 * that an ablation can take it out: mobility, king safety, pawn structure
 * across the river, and piece values by game phase. They are computed from
 * scratch at each evaluation (the tables stay incremental), from Red's
 * point of view, and are symmetric: a position and its colour-flipped
 * mirror get opposite values (tests/test_eval_terms.c).
 *
 * The weights are round numbers chosen from the usual Xiangqi principles;
 * the preset modern has the terms that measured as gains at equal time
 * (Mobility, KingSafety; Pawns and Phase did not: README, "Search
 * features"):
 *  - mobility: a chariot's squares (3 cp each), a horse's moves whose leg
 *    is free (6 cp each: a horse with two moves is a poor piece), a
 *    cannon's quiet squares and captures (1 cp each);
 *  - king safety: each missing advisor or elephant costs 3 cp for every
 *    point of the enemy's attack (chariot 3, horse 2, cannon 2, pawn across
 *    the river 1), and an enemy cannon on the general's file with nothing
 *    between them (the "hollow cannon") costs 40 cp;
 *  - pawns: two pawns side by side across the river are worth 15 cp more;
 *  - phase: as the chariots, horses and cannons come off, a cannon loses up
 *    to 60 cp (fewer screens), a horse gains up to 40 cp and a pawn across
 *    the river up to 40 cp (interpolated on the remaining material);
 *  - endgames: a lone chariot (its side has no horse, cannon or pawn)
 *    against at most one horse or cannon, advisors and elephants, no pawn
 *    on the board. Against the full guard (two advisors, two elephants) it
 *    is a draw (xqinenglish.com, "One Chariot endgames"; endgames.epd's
 *    eg-r-2a2b and eg-r-n2a2b): the material difference is taken out, so
 *    the score is 0 and the tables'. Against any less it is a sure win: the
 *    chariot's side scores at least 600 - 100 for each advisor and elephant
 *    left, so that a defender never gives one up for nothing;
 *  - king attack: two or more pieces with moves into the enemy palace
 *    (units squared over 128, at most 500 cp);
 *  - threats: 20 cp for each capture of a more valuable piece that a
 *    chariot, horse, cannon or pawn has (off in modern: no gain measured);
 *  - tuned: the numbers of eval_tuned.c, fitted to games by
 *    bin/xiangqi-tune, in place of the hand-written ones: the tables by
 *    phase (the term is their sum less the incremental hand tables'), and
 *    the weights of Mobility, KingSafety, KingAttack and Threats when those
 *    are on (the weighted terms: each a weight times a feature, hand
 *    weights the same in both phases, tuned ones by phase), and a bonus
 *    for the side to move (tempo: 0 by hand).
 */
#include "eval.h"
#include "movegen.h"

enum {
    MOB_CHARIOT = 3,
    MOB_HORSE = 6,
    MOB_CANNON = 1,
    KS_PER_POINT = 3,
    KS_HOLLOW_CANNON = 40,
    PAWN_LINKED = 15,
    PHASE_CANNON = -60,
    PHASE_HORSE = 40,
    PHASE_PAWN = 40,
    /* A lone chariot against an incomplete guard: at least this, less this per guard piece left. */
    ENDGAME_WIN = 600,
    ENDGAME_PER_GUARD = 100,
    /* King attack: units per attacker, per move into the palace, per missing guard piece. */
    KA_CHARIOT = 40,
    KA_HORSE = 30,
    KA_CANNON = 25,
    KA_PAWN = 15,
    KA_PER_HIT = 8,
    KA_PER_MISSING = 10,
    KA_SCALE = 128, /* penalty = units^2 / KA_SCALE, with two attackers or more */
    KA_MAX = 500,
    /* Threats: per capture of a more valuable piece. */
    THREAT = 20
};

/* King attack units per attacking piece, by type. */
static const int KA_WEIGHT[8] = {[HORSE] = KA_HORSE, [CHARIOT] = KA_CHARIOT, [CANNON] = KA_CANNON, [PAWN] = KA_PAWN};

/* Is s in colour c's palace? */
static inline bool in_palace(int s, int c)
{
    int f = SQ_FILE(s), r = SQ_RANK(s);
    return f >= 3 && f <= 5 && (c == RED ? r <= 2 : r >= 7);
}

/* The pieces whose pseudo-legal moves (movegen's) count for Mobility. */
static const bool MOBILE[8] = {[HORSE] = true, [CHARIOT] = true, [CANNON] = true};

/* Has the pawn of colour c on s crossed the river? */
static inline bool across_river(int s, int c) { return c == RED ? SQ_RANK(s) >= 5 : SQ_RANK(s) <= 4; }

/* What one pass over a side's pieces counts. */
typedef struct {
    int moves[8]; /* pseudo-legal moves by piece type (with EVAL_TERM_MOBILITY) */
    int attackers, units; /* pieces with a move into the enemy palace, and their units (EVAL_TERM_KING_ATTACK) */
    int across;   /* pawns across the river */
    int linked;   /* pairs of them side by side */
    int threats;  /* captures of a more valuable piece (with EVAL_TERM_THREATS) */
} SideCount;

/* Does a piece of type A that can capture a piece of type V threaten more than it risks? */
static inline bool is_threat(int a, int v) { return v != GENERAL && xq_eval_piece_value(v) > xq_eval_piece_value(a); }

/* Counts colour c's pieces for the terms among terms that need them. */
static void count_side(const Position *pos, int c, unsigned terms, SideCount *out)
{
    const uint8_t *b = pos->board;
    int pawn = MAKE_PIECE(PAWN, c), them = c ^ 1;
    bool with_mobility = (terms & EVAL_TERM_MOBILITY) != 0, with_attack = (terms & EVAL_TERM_KING_ATTACK) != 0;
    bool with_threats = (terms & EVAL_TERM_THREATS) != 0;
    SideCount n = {{0}, 0, 0, 0, 0, 0};
    for (int i = 0; i < pos->count[c]; i++) {
        int from = pos->list[c][i], type = PIECE_TYPE(b[from]);
        if (type == PAWN) {
            if (across_river(from, c)) {
                n.across++;
                /* Each pair once: the right-hand neighbour. */
                n.linked += b[from + 1] == pawn;
            }
        }
        /* Chariots, horses, cannons and pawns attack the palace and threaten pieces. */
        if (!(with_mobility && MOBILE[type]) && !((with_attack || with_threats) && KA_WEIGHT[type])) continue;
        Move moves[GEN_PIECE_MAX];
        int k = xq_gen_piece_moves(pos, from, moves);
        if (with_mobility) n.moves[type] += k;
        if (with_attack && KA_WEIGHT[type]) {
            int hits = 0;
            for (int j = 0; j < k; j++) hits += in_palace(MOVE_TO(moves[j]), them);
            if (hits) n.attackers++, n.units += KA_WEIGHT[type] + KA_PER_HIT * hits;
        }
        if (with_threats)
            for (int j = 0; j < k; j++) {
                int victim = b[MOVE_TO(moves[j])];
                n.threats += victim != EMPTY && is_threat(type, PIECE_TYPE(victim));
            }
    }
    *out = n;
}

/* The king attack on colour c's general by the other side (a: its counts). */
static int king_attack(const Position *pos, int c, const SideCount *a)
{
    if (a->attackers < 2) return 0;
    int missing = 4 - pos->kinds[MAKE_PIECE(ADVISOR, c)] - pos->kinds[MAKE_PIECE(ELEPHANT, c)];
    int units = a->units + KA_PER_MISSING * missing;
    int penalty = units * units / KA_SCALE;
    return penalty < KA_MAX ? penalty : KA_MAX;
}

/* Colour c's general's danger in points: missing advisors and elephants
 * times the enemy's attack (enemy_across: its pawns across the river). */
static int king_danger_points(const Position *pos, int c, int enemy_across)
{
    int them = c ^ 1;
    int defenders = pos->kinds[MAKE_PIECE(ADVISOR, c)] + pos->kinds[MAKE_PIECE(ELEPHANT, c)];
    int attack = 3 * pos->kinds[MAKE_PIECE(CHARIOT, them)] + 2 * pos->kinds[MAKE_PIECE(HORSE, them)]
                 + 2 * pos->kinds[MAKE_PIECE(CANNON, them)] + enemy_across;
    return (4 - defenders) * attack;
}

/* Is there a hollow cannon against colour c's general: an enemy cannon on its file, nothing between? */
static bool hollow_cannon(const Position *pos, int c)
{
    const uint8_t *b = pos->board;
    int k = pos->king[c], step = c == RED ? 16 : -16, s = k + step;
    while (b[s] == EMPTY) s += step;
    return b[s] == MAKE_PIECE(CANNON, c ^ 1);
}

/* Colour c's phase adjustment, at endgame weight e of EVAL_PHASE_FULL. */
static int phase(const Position *pos, int c, int across, int e)
{
    int score = PHASE_CANNON * pos->kinds[MAKE_PIECE(CANNON, c)] + PHASE_HORSE * pos->kinds[MAKE_PIECE(HORSE, c)]
                + PHASE_PAWN * across;
    return score * e / EVAL_PHASE_FULL;
}

/* The material of colour c (the values of eval.h). */
static int material(const Position *pos, int c)
{
    int sum = 0;
    for (int type = ADVISOR; type <= PAWN; type++) sum += xq_eval_piece_value(type) * pos->kinds[MAKE_PIECE(type, c)];
    return sum;
}

/* Is colour c's lone chariot against the other side's guard (Endgames)? */
static bool is_lone_chariot(const Position *pos, int c)
{
    const uint8_t *k = pos->kinds;
    int them = c ^ 1;
    return k[MAKE_PIECE(CHARIOT, c)] == 1 && !k[MAKE_PIECE(HORSE, c)] && !k[MAKE_PIECE(CANNON, c)]
           && !k[MAKE_PIECE(PAWN, c)] && !k[MAKE_PIECE(PAWN, them)] && !k[MAKE_PIECE(CHARIOT, them)]
           && k[MAKE_PIECE(HORSE, them)] + k[MAKE_PIECE(CANNON, them)] <= 1;
}

/* The endgame correction for colour c's lone chariot against the other
 * side's guard (0 when the position is not that endgame), from c's side. */
static int lone_chariot(const Position *pos, int c)
{
    const uint8_t *k = pos->kinds;
    int them = c ^ 1;
    if (!is_lone_chariot(pos, c)) return 0;
    int diff = material(pos, c) - material(pos, them);
    int guard = k[MAKE_PIECE(ADVISOR, them)] + k[MAKE_PIECE(ELEPHANT, them)];
    if (k[MAKE_PIECE(ADVISOR, them)] == 2 && k[MAKE_PIECE(ELEPHANT, them)] == 2) return -diff;
    int win = ENDGAME_WIN - ENDGAME_PER_GUARD * guard;
    return diff < win ? win - diff : 0;
}

/* The tuned tapered tables' sum over the pieces, Red's view (eval_tuned.c), at phase p. */
static int tuned(const Position *pos, int p)
{
    int mg = 0, eg = 0;
    for (int c = RED; c <= BLACK; c++) {
        int sign = c == RED ? 1 : -1;
        for (int i = 0; i < pos->count[c]; i++) {
            int s = pos->list[c][i], e = eval_tuned_entry(PIECE_TYPE(pos->board[s]), c, s);
            mg += sign * XQ_EVAL_TUNED[0][e];
            eg += sign * XQ_EVAL_TUNED[1][e];
        }
    }
    return (mg * p + eg * (EVAL_PHASE_FULL - p)) / EVAL_PHASE_FULL;
}

/* The weights of the hand-written terms (mg = eg): what Tuned refits. */
static const int16_t HAND_WEIGHTS[EVAL_WEIGHTS] = {
    [EVAL_W_MOB_CHARIOT] = MOB_CHARIOT, [EVAL_W_MOB_HORSE] = MOB_HORSE, [EVAL_W_MOB_CANNON] = MOB_CANNON,
    [EVAL_W_KS_POINT] = KS_PER_POINT,   [EVAL_W_KS_HOLLOW] = KS_HOLLOW_CANNON, [EVAL_W_KING_ATTACK] = 100,
    [EVAL_W_THREAT] = THREAT,           [EVAL_W_TEMPO] = 0,
};
/* Each weight's divisor: the king attack's is a percentage. */
static const int WEIGHT_DIV[EVAL_WEIGHTS] = {1, 1, 1, 1, 1, 100, 1, 1};

int xq_eval_hand_weight(int w) { return w >= 0 && w < EVAL_WEIGHTS ? HAND_WEIGHTS[w] : 0; }

int xq_eval_weight_divisor(int w) { return w >= 0 && w < EVAL_WEIGHTS ? WEIGHT_DIV[w] : 1; }

/* The features of the weighted terms (Red's less Black's), from both sides' counts. */
static void weighted_features(const Position *pos, unsigned terms, const SideCount *red, const SideCount *black,
                              int f[EVAL_WEIGHTS])
{
    for (int w = 0; w < EVAL_WEIGHTS; w++) f[w] = 0;
    if (terms & EVAL_TERM_MOBILITY) {
        f[EVAL_W_MOB_CHARIOT] = red->moves[CHARIOT] - black->moves[CHARIOT];
        f[EVAL_W_MOB_HORSE] = red->moves[HORSE] - black->moves[HORSE];
        f[EVAL_W_MOB_CANNON] = red->moves[CANNON] - black->moves[CANNON];
    }
    if (terms & EVAL_TERM_KING_SAFETY) {
        f[EVAL_W_KS_POINT] = king_danger_points(pos, BLACK, red->across) - king_danger_points(pos, RED, black->across);
        f[EVAL_W_KS_HOLLOW] = hollow_cannon(pos, BLACK) - hollow_cannon(pos, RED);
    }
    if (terms & EVAL_TERM_KING_ATTACK) f[EVAL_W_KING_ATTACK] = king_attack(pos, BLACK, red) - king_attack(pos, RED, black);
    if (terms & EVAL_TERM_THREATS) f[EVAL_W_THREAT] = red->threats - black->threats;
    if (terms & EVAL_TERM_TUNED) f[EVAL_W_TEMPO] = pos->side == RED ? 1 : -1;
}

/* Both sides' counts, and the weighted terms' features from them. */
static void count_both(const Position *pos, unsigned terms, SideCount *red, SideCount *black, int f[EVAL_WEIGHTS])
{
    count_side(pos, RED, terms, red);
    count_side(pos, BLACK, terms, black);
    weighted_features(pos, terms, red, black, f);
}

void xq_eval_term_features(const Position *pos, unsigned terms, int f[EVAL_WEIGHTS])
{
    SideCount red, black;
    count_both(pos, terms, &red, &black, f);
}

/* The weighted terms' value: the hand weights, or with Tuned the tuned ones at phase p. */
static int weighted(unsigned terms, const int f[EVAL_WEIGHTS], int p)
{
    int64_t mg = 0, eg = 0;
    bool tuned_weights = (terms & EVAL_TERM_TUNED) != 0;
    for (int w = 0; w < EVAL_WEIGHTS; w++) {
        if (!f[w]) continue;
        int scale = 100 / WEIGHT_DIV[w];
        mg += (int64_t)f[w] * scale * (tuned_weights ? XQ_EVAL_TUNED_WEIGHTS[0][w] : HAND_WEIGHTS[w]);
        eg += (int64_t)f[w] * scale * (tuned_weights ? XQ_EVAL_TUNED_WEIGHTS[1][w] : HAND_WEIGHTS[w]);
    }
    if (mg == eg) return (int)(mg / 100);
    return (int)((mg * p + eg * (EVAL_PHASE_FULL - p)) / (100 * EVAL_PHASE_FULL));
}

int xq_eval_terms(const Position *pos, unsigned terms)
{
    if (!terms) return 0;
    SideCount red, black;
    int f[EVAL_WEIGHTS];
    count_both(pos, terms, &red, &black, f);
    int p = xq_eval_phase(pos);
    int score = weighted(terms, f, p);
    if (terms & EVAL_TERM_PAWNS) score += PAWN_LINKED * (red.linked - black.linked);
    if (terms & EVAL_TERM_PHASE) {
        int e = EVAL_PHASE_FULL - p;
        score += phase(pos, RED, red.across, e) - phase(pos, BLACK, black.across, e);
    }
    if (terms & EVAL_TERM_ENDGAMES) score += lone_chariot(pos, RED) - lone_chariot(pos, BLACK);
    /* The tuned tables, but not where Endgames judges a lone chariot (its values are the hand tables'). */
    if ((terms & EVAL_TERM_TUNED)
        && !((terms & EVAL_TERM_ENDGAMES) && (is_lone_chariot(pos, RED) || is_lone_chariot(pos, BLACK))))
        score += tuned(pos, p) - pos_score(pos);
    return score;
}
