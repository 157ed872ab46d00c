/*
 * mcts.h - Monte-Carlo tree search (the `mcts` variant): its tunables, the
 * tree's node and the arena the nodes live in. Private to engine/search/.
 *
 * UCT (Kocsis and Szepesvari 2006): every iteration walks down the tree by
 * UCB1, adds at most one node, plays out from it and backs the result up.
 *
 * Widening: a node with v visits may have up to MCTS_WIDEN_BASE +
 * MCTS_WIDEN_FACTOR * sqrt(v) children (progressive widening, Coulom 2007,
 * Chaslot et al. 2008), so that Amazons' 2,000 moves a node do not all
 * need a visit before any is searched twice. At the root all moves are
 * valued once per search by their one-ply value (the leaf value below of
 * the position after the move, a game's end by the rules or for want of a
 * move first) and expanded best first. Below the root a full ordering
 * would cost thousands of evaluations a node in Amazons; a new child is
 * the best by one-ply value of MCTSSample moves drawn at random from those
 * not yet expanded (with MCTSCutoff 0, that value is its first result).
 *
 * Measured in Amazons, mcts against itself at 100 ms a move, 10-15 game
 * pairs a match (README, "MCTS"): evaluation playouts cut off at once
 * (MCTSCutoff 0) won 20 games of 20 against random playouts, 11-9 and 12-8
 * against cut-offs after 2 and 4 plies. The rest was within the noise
 * (+-120 Elo): 4 moves sampled a node against 1, 8, and 1 with scale 1000
 * went 8-12, 10-10, 18-12; scale 400 against 1000, 9-11 and 16-14; c = 0.5
 * against 0.25 and 1.0 (scale 1000, one move sampled), 16-8 and 15-9;
 * implicit minimax backups (Lanctot et al. 2014) mixed in at 0.5 and 0.25
 * lost 10-20 and 14-16, and were left out.
 *
 * After the Amazons evaluation became 6 times faster (bitboards), against
 * alphabeta-hh at 100 ms a move (+200 ms margin, positions/amazons/
 * openings.epd, the machine shared): 4 moves sampled won 60-40 (50 game
 * pairs); 16, 64, 128 won 25-15, 30-10, 24-16 (20 pairs each); a scale of
 * 800 with 64 samples 26-14. MCTSSample became an option, default 64, which
 * then won 68-32 over 50 pairs (+131 +- 74 Elo). In Xiangqi 64 is nearly
 * every move, so a new child is the best of almost all.
 *
 * Playouts (option MCTSPlayout): `random` plays uniformly random legal
 * moves to the end of the game (no legal move: the side to move lost; the
 * game's rules: game_rule), scoring MCTS_PLAYOUT_PLY_CAP plies without an
 * end as a draw; `eval` plays MCTSCutoff random plies (ending early by the
 * same rules), then takes the leaf value: quiescence (Quiescence on) or the
 * static evaluation, squashed to a win probability by 1 / (1 + exp(-v /
 * MCTS_EVAL_SCALE)). Results are in [0, 1]: 1 a win, 0.5 a draw.
 *
 * Score reported (`score cp`): the best root child's mean result q mapped
 * back through the same logistic, MCTS_EVAL_SCALE * ln(q / (1 - q)), q
 * clamped to [MCTS_Q_CLAMP, 1 - MCTS_Q_CLAMP]; a child that ends the game
 * at once (the opponent has no legal move, or loses by a rule) is `mate 1`
 * (or the rule-win score) and is always chosen.
 */
#ifndef SEARCH_MCTS_H
#define SEARCH_MCTS_H

#include <stddef.h>
#include <stdint.h>

#include "game_contract.h"

/* UCB1's exploration constant c: q + c * sqrt(ln N / n). */
#define MCTS_EXPLORATION 0.5
/* Progressive widening: children allowed at v visits, BASE + FACTOR * sqrt(v). */
#define MCTS_WIDEN_BASE 2
#define MCTS_WIDEN_FACTOR 1.0
/* Evaluation units per logistic unit when squashing to a win probability
 * (Amazons: 100 a square of territory; Xiangqi: centipawns). */
#define MCTS_EVAL_SCALE 400.0
/* A random playout that reaches this many plies is a draw. */
#define MCTS_PLAYOUT_PLY_CAP 200
/* The principal line follows children visited at least this often; its
 * length is the reported depth, which `go depth N` waits for. */
#define MCTS_PV_MIN_VISITS 8
/* The mean result is clamped to [MCTS_Q_CLAMP, 1 - MCTS_Q_CLAMP] for `score cp`. */
#define MCTS_Q_CLAMP 0.001

/* How the game stands at a node, for its side to move. */
enum { MCTS_OPEN = 0, MCTS_MATED, MCTS_RULE_LOSS, MCTS_RULE_DRAW, MCTS_RULE_WIN };

/* One position of the tree (32 bytes). Children form a list in the order
 * they were added. Node 0 is the root, so 0 also means "none". */
typedef struct {
    GameMove move;     /* the move from the parent (GAME_MOVE_NONE at the root) */
    uint32_t child;    /* first child, 0: none */
    uint32_t sibling;  /* next child of the same parent, 0: none */
    uint32_t visits;
    double value;      /* sum of results, each for the side that played move */
    uint16_t children; /* children added */
    uint16_t moves;    /* legal moves of the position */
    uint8_t outcome;   /* MCTS_OPEN, or how the game ends here */
} MctsNode;

/* The arena: nodes[0, used) of nodes[0, cap), sized from the Hash option,
 * and the root's moves in expansion order. */
typedef struct {
    MctsNode *nodes;
    uint32_t cap, used;
    int mb;
    GameMove *root_moves; /* GAME_MAX_MOVES */
} MctsTree;

/* Allocates an arena of about mb megabytes (at least 1024 nodes). Returns 0,
 * or -1 (tree unchanged) when memory runs out. */
int mcts_tree_init(MctsTree *tree, int mb);

/* Frees the arena; a zeroed or freed tree is a no-op. */
void mcts_tree_free(MctsTree *tree);

#endif
