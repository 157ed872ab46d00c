/*
 * cli/commands.c - every command's options, as cli/cliopt.h describes them:
 * what main normalises a command line against and what COMMAND --help
 * prints. A command's own parser reads the names given here (CliOpt.name).
 */
#include <string.h>

#include "cli/cliopt.h"

#define ENGINE_OPTS                                                                                                    \
    {"-engine", NULL, CLI_LIST, "KEY=VALUE...",                                                                        \
     "an engine: name=N cmd=PATH [arg=A]... [dir=D] [proto=uci|xboard]\n"                                              \
     "[option.NAME=VALUE]... [notation=NAME|auto] [quirks=K=V,...] [initstr=TEXT]\n"                                   \
     "[restart=on|off|auto] [stderr=FILE] [depth=N] [nodes=N] [movetime=MS] [st=S]\n"                                  \
     "[tc=[MOVES/]TIME[+INC] | tc=inf] (TIME in seconds or M:SS) [timemargin=MS]\n"                                   \
     "(default: our own engine for the game, bin/GAME-engine)"},                                                       \
        {"-each", NULL, CLI_LIST, "KEY=VALUE...", "settings for every engine (an engine's own win)"},                  \
        {"-variant-engines", NULL, 1, "LIST|all", "our engine once per search variant (comma separated)"},             \
        {"--game", "variant", 1, "NAME", "the game: xiangqi (default) or amazons"}

#define TIMEOUT_OPTS                                                                                                   \
    {"--handshake-timeout", NULL, 1, "MS", "uci -> uciok / xboard features (default 10000)"},                          \
        {"--ready-timeout", NULL, 1, "MS", "isready -> readyok / ping -> pong (default 5000)"},                        \
        {"--move-grace", NULL, 1, "MS", "time beyond movetime or the clock before a stall (default 5000)"},            \
        {"--search-timeout", NULL, 1, "MS", "a depth or node search longer than this is a stall\n(default 600000)"}

#define RUN_EXITS                                                                                                      \
    "Exit status: 0 finished (or the SPRT accepted H1), 1 the SPRT accepted H0, 2 usage or\n"                          \
    "setup error (a bad option, an engine that does not start or never completes its\n"                                \
    "handshake, stored results that fail their checks), 3 stopped by errors (an engine\n"                             \
    "failure without --recover, every game abandoned), 130 interrupted by Ctrl-C."

static const CliOpt MATCH_OPTS[] = {
    ENGINE_OPTS,
    {"--openings", NULL, CLI_LIST, "KEY=VALUE...",
     "file=F [format=epd|pgn] [order=sequential|random] [plies=N] [start=K]\n(default: every game from the start position)"},
    {"--rounds", NULL, 1, "N", "rounds per pairing (default 1); a round is --games games"},
    {"--games", NULL, 1, "G", "games per round (default 2, a pair: one opening, colours swapped);\n"
                              "-rounds N -games G plays N x G games per pairing in either order\n"
                              "(an odd total is rounded up to whole pairs)"},
    {"--repeat", NULL, CLI_LIST, "[2]", "each opening played twice, colours swapped: always so in qibench"},
    {"--noswap", NULL, 0, NULL, "the first engine of a pairing has Red in both games of a pair"},
    {"--seed", "srand", 1, "N", "seed of order=random openings (default 1)"},
    {"--concurrency", NULL, 1, "N", "games at a time (default 1)"},
    {"--format", "tournament", 1, "KIND", "round-robin (default for tournament), gauntlet (the first\nengine against each other), knockout or swiss"},
    {"--tiebreak-pairs", NULL, 1, "K", "knockout: at most K more pairs for a tied encounter (default 2)"},
    {"--swiss-rounds", NULL, 1, "R", "Swiss: rounds (default ceil(log2 N))"},
    {"--rules", NULL, 1, "NAME", "Xiangqi rule set: asian (default), check-only, chess-like"},
    {"--maxplies", NULL, 1, "N", "a game is drawn after N plies (default 0: none)"},
    {"--maxmoves", NULL, 1, "N", "the same in full moves (N moves = 2N plies)"},
    {"--nocapture", NULL, 1, "N", "drawn after N plies without a capture (default 120;\nchess-like 100)"},
    {"--resign", NULL, CLI_LIST, "movecount=N score=CP", "adjudicate a loss after N moves of both engines at -CP or worse"},
    {"--draw", NULL, CLI_LIST, "movenumber=N movecount=N score=CP", "adjudicate a draw"},
    {"--sprt", NULL, CLI_LIST, "elo0=A elo1=B [alpha=0.05] [beta=0.05] [model=normalized|logistic]",
     "stop when the GSPRT accepts H0 (exit 1) or H1 (exit 0)"},
    {"--recover", NULL, 0, NULL, "restart an engine that crashed or stalled and go on"},
    {"--event", NULL, 1, "TEXT", "the PGN Event tag (default qibench)"},
    {"--site", NULL, 1, "TEXT", "the Site tag of the --pgnout file (default ?)"},
    {"--wait", NULL, 1, "MS", "pause between a worker's games (default 0)"},
    {"--pgnout", NULL, CLI_LIST, "FILE [min] [fi] [notation=N]",
     "append the games to FILE when the run is over (file=FILE as fastchess;\n"
     "min: no comments; fi: finished games only; notation=iccs (H2-E2, the\n"
     "default), wxf (C2.5), chinese (炮二平五) or record (h2e2); a run stopped\n"
     "early: when --resume finishes it); games.pgn is always written as games end"},
    {"--epdout", NULL, CLI_LIST, "FILE", "append each game's final position to FILE when the run is over\n(file=FILE as fastchess)"},
    {"--name", NULL, 1, "RUN", "results go to RESULTS/RUN (default COMMAND-YYYYMMDD-HHMMSS)"},
    {"--results", NULL, 1, "DIR", "the results root (default results)"},
    {"--force", NULL, 0, NULL, "replace the results in a --name folder that exists"},
    {"--resume", NULL, 1, "DIR", "go on with an interrupted run (its games are kept)"},
    {"--shard", NULL, 1, "K/N", "play only the game pairs k with k mod N = K - 1 (see merge)"},
    {"--log", NULL, CLI_LIST, "FILE", "every line of engine traffic, with timestamps (or file=FILE\n[level=L] as fastchess)"},
    {"--debug", NULL, 0, NULL, "every line of engine traffic on stderr"},
    {"--progress", NULL, 1, "N", "off a terminal, a status line every N games (default 10)"},
    {"--ratinginterval", NULL, 1, "N", "standings table every N games (default 0: only at the end)"},
    TIMEOUT_OPTS,
    {NULL, NULL, 0, NULL, NULL},
};

static const CliOpt SUITE_OPTS[] = {
    ENGINE_OPTS,
    {"--concurrency", NULL, 1, "N", "searches at a time, each in its own engine process (default 1)"},
    {"--name", NULL, 1, "RUN", "results go to RESULTS/RUN (default suite-YYYYMMDD-HHMMSS)"},
    {"--results", NULL, 1, "DIR", "the results root (default results)"},
    {"--force", NULL, 0, NULL, "replace the results in a --name folder that exists"},
    {"--reference", NULL, 1, "NAME", "engine the others are compared with (default the first)"},
    {"--baseline", NULL, 1, "NAME", "engine whose nodes per depth the others are divided by"},
    {"--log", NULL, CLI_LIST, "FILE", "every line of engine traffic, with timestamps (or file=FILE\n[level=L] as fastchess)"},
    {"--debug", NULL, 0, NULL, "every line of engine traffic on stderr"},
    {"--playout", NULL, 0, NULL, "play out the positions with `result R; within N;`"},
    {"--defender", NULL, 1, "NAME", "with --playout: the -engine that defends (default: each engine\nagainst itself)"},
    {"--rules", NULL, 1, "NAME", "Xiangqi rule set: asian (default), check-only, chess-like"},
    TIMEOUT_OPTS,
    {NULL, NULL, 0, NULL, NULL},
};

static const CliOpt BENCH_OPTS[] = {
    ENGINE_OPTS,
    {"--depth", NULL, 1, "N", "search depth (default: the engine's bench depth)"},
    {"--expect", NULL, 1, "FILE", "check the node counts against \"variant depth nodes\" lines"},
    {"--json", NULL, 1, "FILE", "write the results as JSON"},
    {NULL, NULL, 0, NULL, NULL},
};

static const CliOpt STATS_OPTS[] = {
    {"--wdl", NULL, 1, "W,D,L", "game counts: wins, draws, losses"},
    {"--penta", NULL, 1, "LL,LD,WLDD,WD,WW", "pair counts (pentanomial)"},
    {"--sprt", NULL, CLI_LIST, "elo0=A elo1=B [alpha=0.05] [beta=0.05] [model=normalized|logistic]",
     "the GSPRT for the counts"},
    {"--json", NULL, 0, NULL, "JSON on stdout instead of text"},
    {NULL, NULL, 0, NULL, NULL},
};

static const CliOpt MERGE_OPTS[] = {
    {"--results", NULL, 1, "DIR", "the results root (default results)"},
    {"--name", NULL, 1, "RUN", "the merged run's folder name (default merge-YYYYMMDD-HHMMSS)"},
    {"--force", NULL, 0, NULL, "replace the results in a --name folder that exists"},
    {NULL, NULL, 0, NULL, NULL},
};

static const CliOpt RATINGS_OPTS[] = {
    {"--anchor", NULL, 1, "NAME", "this engine is at Elo 0 (default: the mean is 0)"},
    {"--json", NULL, 0, NULL, "JSON on stdout instead of text"},
    {NULL, NULL, 0, NULL, NULL},
};

static const CliOpt PLAY_OPTS[] = {
    ENGINE_OPTS,
    {"--red", NULL, 1, "human|ENGINE", "who plays Red (Amazons: --white); default: the human when the\nother side is an engine"},
    {"--black", NULL, 1, "human|ENGINE", "who plays Black"},
    {"--white", NULL, 1, "human|ENGINE", "who plays White (Amazons)"},
    {"--fen", NULL, 1, "FEN", "start from this position"},
    {"--pgn", NULL, 1, "FILE", "start from the end of this game"},
    {"--ascii", NULL, 0, NULL, "letters only: no colour, no box drawing, no Chinese characters"},
    {"--flip", NULL, 0, NULL, "the second player's side at the bottom"},
    {"--notation", NULL, 1, "N", "the notation moves are shown in"},
    {"--delay", NULL, 1, "MS", "pause after an engine's move (0 to 600000)"},
    {"--rules", NULL, 1, "NAME", "Xiangqi rule set: asian (default), check-only, chess-like"},
    {"--results", NULL, 1, "DIR", "where the game is saved (default results)"},
    {NULL, NULL, 0, NULL, NULL},
};

static const CliOpt OPENINGS_OPTS[] = {
    {"-o", NULL, 1, "OUT", "write the EPD book to OUT (default: standard output)"},
    {"--game", "variant", 1, "NAME", "the game (default xiangqi)"},
    {"--notation", NULL, 1, "N", "read moves only in notation N (default any)"},
    {"--plies", NULL, 1, "MIN-MAX", "each opening must have MIN to MAX plies (default 1-100)"},
    {NULL, NULL, 0, NULL, NULL},
};

static const CliOpt REGRESS_OPTS[] = {
    {"--base", NULL, 1, "REV", "base revision (commit, tag, branch; required)"},
    {"--game", "variant", 1, "NAME", "the game (default xiangqi): bin/NAME-engine"},
    {"--repo", NULL, 1, "DIR", "git repository (default: the top level of the current directory)"},
    {"--candidate", NULL, 1, "PATH", "test this engine binary instead of building the working tree"},
    {"--jobs", NULL, 1, "N", "make -jN for the builds (default 2)"},
    {"--bench-depth", NULL, 1, "N", "bench depth (default 5)"},
    {"--bench-runs", NULL, 1, "N", "bench runs of each engine, interleaved (default 5)"},
    {"--search", NULL, 1, "VARIANT", "search variant for bench and match (default: the engine's)"},
    {"--nodes", NULL, 1, "N", "match: nodes per move (default 5000)"},
    {"--tc", NULL, 1, "TC", "match: time control instead, e.g. 10+0.1 (seconds)"},
    {"--openings", NULL, CLI_LIST, "KEY=VALUE...", "as in match (default: REPO/positions/GAME/openings.epd)"},
    {"--rounds", NULL, 1, "N", "match: at most N game pairs (default: one per opening; 500 with --tc)"},
    {"--concurrency", NULL, 1, "N", "match: games at a time (default 1)"},
    {"--sprt", NULL, CLI_LIST, "KEY=VALUE...", "elo0= elo1= alpha= beta= model= (default elo0=-60 elo1=0)"},
    {"--min-speed", NULL, 1, "R", "fail when the new/base speed ratio's lower bound is below R"},
    {"--no-match", NULL, 0, NULL, "bench only"},
    {"--results", NULL, 1, "DIR", "results root (default results)"},
    {"--name", NULL, 1, "RUN", "the match's folder name (default regress-DATE-TIME)"},
    {"--keep", NULL, 0, NULL, "keep the temporary base tree and build logs"},
    {NULL, NULL, 0, NULL, NULL},
};

static const CliCommand COMMANDS[] = {
    {"match", "match ENGINE ENGINE [OPTIONS]",
     "Paired games between two engines: each opening is played twice, colours swapped,\n"
     "and the pairs give the pentanomial counts, the Elo interval and the SPRT. Every\n"
     "engine needs tc=, st=, depth= or nodes=. Results in RESULTS/RUN: games.jsonl,\n"
     "games.pgn, summary.json.",
     MATCH_OPTS,
     "qibench match -engine name=d3 depth=3 -engine name=d2 depth=2 -rounds 10 -games 2 \\\n"
     "      -openings file=positions/xiangqi/openings.epd -concurrency 2",
     RUN_EXITS},
    {"tournament", "tournament ENGINE ENGINE... [OPTIONS]",
     "Every pairing of the engines (--format), each played as a match: pairs of games,\n"
     "one opening, colours swapped. Options as for match.",
     MATCH_OPTS,
     "qibench tournament -variant-engines negamax,alphabeta,pvs -each depth=2 \\\n"
     "      --openings file=positions/xiangqi/openings.epd --rounds 2",
     RUN_EXITS},
    {"suite", "suite FILE [ENGINES] [OPTIONS]",
     "Searches every position of the EPD file with every engine (bm/am/pv scoring, or\n"
     "playouts with --playout). Results in RESULTS/RUN/searches.jsonl and summary.json.",
     SUITE_OPTS,
     "qibench suite positions/xiangqi/bench.epd -engine name=ours depth=3",
     "Exit status: 0 done, 2 usage or setup error (an engine that does not start or never\n"
     "completes its handshake), 3 a search failed (crash, stall, an illegal move) or a\n"
     "position was unsupported (an xboard engine without setboard; give it a PGN book or\n"
     "leave it out), 130 interrupted."},
    {"bench", "bench [ENGINES] [OPTIONS]",
     "The engine's own bench per search variant (default: all variants of our engine).",
     BENCH_OPTS, "qibench bench --depth 3 --expect tests/bench.expected",
     "Exit status: 0 done (and the node counts as expected), 1 a node count differs from\n"
     "--expect, 2 usage or setup error."},
    {"stats", "stats --wdl W,D,L | --penta LL,LD,WLDD,WD,WW [--sprt ...] [--json]",
     "Score, Elo +- 95% error, LOS, draw ratio, normalized Elo and the GSPRT (LLR, bounds,\n"
     "verdict) for given counts.",
     STATS_OPTS, "qibench stats --penta 2,10,40,12,3 --sprt elo0=0 elo1=5",
     "Exit status: 0 done, 2 usage error."},
    {"merge", "merge DIR... [OPTIONS]",
     "Combines the shards (match/tournament --shard K/N) of one run into a new run folder.",
     MERGE_OPTS, "qibench merge results/s1 results/s2 --name all",
     "Exit status: 0 done, 2 usage error or shards of different runs."},
    {"ratings", "ratings DIR... [OPTIONS]",
     "One maximum-likelihood Elo list (95% intervals, LOS, crosstable) from the games of\n"
     "finished runs. DIR: a match or tournament folder (its games.jsonl), or a games.jsonl file.",
     RATINGS_OPTS, "qibench ratings results/t1 results/t2 --anchor ours",
     "Exit status: 0 done, 2 usage or input error."},
    {"play", "play [OPTIONS]",
     "A game in the terminal, human or engine per side (default: human Red against our\n"
     "engine at movetime 1000 ms). Type help at the prompt for the commands.",
     PLAY_OPTS, "qibench play --red human -engine name=ours movetime=500",
     "Exit status: 0 the game ended or was left, 2 usage or setup error."},
    {"openings", "openings FILE [OPTIONS]",
     "Named move lists, one a line: ID | NAME | MOVES (moves from the start position in any\n"
     "notation of the game; '#' starts a comment line) -> EPD opening book:\n"
     "POSITION ;id \"ID\" ;c0 \"NAME\" ;moves \"MOVES\".",
     OPENINGS_OPTS, "qibench openings my-openings.txt -o book.epd",
     "Exit status: 0 done, 1 cannot write, 2 usage or input error (FILE:LINE: what was expected)."},
    {"regress", "regress --base REV [OPTIONS]",
     "Builds the engine at git revision REV in a temporary directory and the working tree's\n"
     "engine, then (a) runs both benches interleaved and compares node signatures and\n"
     "speed, (b) plays an SPRT match new vs base.",
     REGRESS_OPTS, "qibench regress --base HEAD~1 --bench-runs 3 --rounds 20",
     "Exit status: 0 pass, 1 regression (SPRT accepted H0), 2 usage or setup error (bad\n"
     "revision, failed build), 3 error during the run, 4 speed below --min-speed."},
};

const CliCommand *cli_command(const char *name)
{
    for (size_t i = 0; i < sizeof COMMANDS / sizeof *COMMANDS; i++)
        if (strcmp(COMMANDS[i].name, name) == 0) return &COMMANDS[i];
    return NULL;
}
