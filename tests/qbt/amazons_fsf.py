"""Questions of tests/e2e_amazons_fsf.sh: our Amazons engine against
Fairy-Stockfish (WebAssembly), its games.jsonl."""
from collections import Counter

import qbt


def not_by_rule(path):
    """The games not won by "no legal turn" (a forfeit, an illegal move, a
    time loss, a draw), as "RESULT REASON: DETAIL" joined by ";"."""
    return ";".join(f"{r['result']} {r['reason']}: {r['detail']}" for r in qbt.rows(path)
                    if r["reason"] != "no legal turn" or r["result"] not in ("1-0", "0-1"))


def colours_paired(path, games):
    """Each engine played White once in each pair, over `games` games."""
    c = Counter((r["pair"], r["white"]) for r in qbt.rows(path))
    assert len(c) == int(games), f"{len(c)} (pair, White) combinations, not {games}: {dict(c)}"
    twice = [k for k, v in c.items() if v != 1]
    assert not twice, f"White more than once in a pair: {twice}"


def played(path):
    """The games as "WHITE-BLACK RESULT (N plies)", joined by ", "."""
    return ", ".join(f"{r['white']}-{r['black']} {r['result']} ({r['plies']} plies)" for r in qbt.rows(path))


def replay_lines(path):
    """Each game as "FEN;TURNS", amz_solve's input to replay it."""
    return [r["fen"] + ";" + " ".join(m["move"] for m in r["moves"]) for r in qbt.rows(path)]


def thinking_read(path, engine, depth):
    """Every move of `engine` has its depth (`depth`) and nodes (> 0) read;
    there is at least one."""
    ms = []
    for r in qbt.rows(path):
        black_first = r["fen"].split()[1] == "b"  # the first move is the side to move's
        for i, m in enumerate(r["moves"]):
            if (r["white"], r["black"])[(i + black_first) % 2] == engine:
                ms.append((r["pair"], r["game"], i + 1, m))
    assert ms, f"no move of {engine}"
    for pair, game, ply, m in ms:
        assert m.get("depth") == int(depth) and (m.get("nodes") or 0) > 0, \
            f"pair {pair} game {game} ply {ply}: depth {m.get('depth')}, nodes {m.get('nodes')}"
