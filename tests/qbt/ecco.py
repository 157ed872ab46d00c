"""qbt.ecco - the questions e2e_ecco.sh asks of a run played from an EPD
book with ECCO codes: games.jsonl's "ecco", games.pgn's xqbase and ECCO
tags, and summary.json's "ecco" breakdown against a recount."""
import re

import qbt

def _book(epd):
    book = {}
    with open(epd, encoding="utf-8") as f:
        for line in f:
            ops = dict(re.findall(r';(\w+) "([^"]*)"', line))
            book[ops["id"]] = ops
    return book


def check_match(run, epd, first="first"):
    """A match of `first` against another from the book epd (one opening
    for each ECCO letter A-E): every game of games.jsonl has its opening's
    code; summary.json's "ecco" and its pairing's equal the recount of
    games, points and score of `first` per letter; games.pgn has per game
    [Game "Chinese Chess"], [Red] = [White], [Black], [Format "ICCS"], the
    opening's [ECCO], [Opening] and [Variation], and the moves as H2-E2."""
    book = _book(epd)
    games = qbt.rows(run + "/games.jsonl")
    for g in games:
        assert g["ecco"] == book[g["opening"]]["ecco"], f"opening {g['opening']}: ecco {g['ecco']}"
    want = {}
    for g in games:
        pts = qbt.game_points(g, first)
        w = want.setdefault(g["ecco"][0], {"games": 0, "points_first": 0.0})
        w["games"] += 1
        w["points_first"] += pts
    for w in want.values():
        w["score_first"] = w["points_first"] / w["games"]
    s = qbt.doc(run + "/summary.json")
    assert sorted(want) == list("ABCDE"), f"the games' ECCO letters: {sorted(want)}"
    for key, got in (("summary", s["ecco"]), ("pairing", s["pairings"][0]["ecco"])):
        assert sorted(got) == sorted(want), f"{key} ecco: letters {sorted(got)}"
        for letter, w in want.items():
            g = got[letter]
            assert g["games"] == w["games"] and abs(g["points_first"] - w["points_first"]) < 1e-9 \
                and abs(g["score_first"] - w["score_first"]) < 1e-9, f"{key} ecco {letter}: {g}, recounted {w}"
    with open(run + "/games.pgn", encoding="utf-8") as f:
        blocks = f.read().split('[Game "Chinese Chess"]\n')[1:]
    assert len(blocks) == len(games), f"games.pgn: {len(blocks)} games, games.jsonl {len(games)}"
    for g, b in zip(games, blocks):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', b, re.M))
        ops = book[g["opening"]]
        assert tags["Red"] == tags["White"] == g["red"] and tags["Black"] == g["black"], tags
        assert tags["Format"] == "ICCS" and tags["ECCO"] == ops["ecco"] and tags["Opening"] == ops["opening"], tags
        assert tags.get("Variation", "") == ops.get("variation", ""), tags
        text = b.split("\n\n", 1)[1]
        moves = re.findall(r"\b([A-I][0-9]-[A-I][0-9])\b", text)
        want_moves = [f"{m[0].upper()}{m[1]}-{m[2].upper()}{m[3]}" for m in (x["move"] for x in g["moves"])]
        assert moves == want_moves, f"games.pgn moves {moves[:4]}, games.jsonl {want_moves[:4]}"


def check_tournament(run):
    """A tournament: summary.json has no "ecco" of its own; each pairing's
    equals the recount from its first engine's side (points_first,
    score_first), each engine's from its own side (points, score)."""
    games = qbt.rows(run + "/games.jsonl")
    s = qbt.doc(run + "/summary.json")

    def tally(filter_, side):
        out = {}
        for g in games:
            if not filter_(g):
                continue
            p = qbt.game_points(g, side)
            w = out.setdefault(g["ecco"][0], [0, 0.0])
            w[0] += 1
            w[1] += p
        return out

    def same(what, got, want, pkey, skey):
        assert sorted(got) == sorted(want), f"{what}: letters {sorted(got)}, recounted {sorted(want)}"
        for k, (n, p) in want.items():
            assert got[k]["games"] == n and abs(got[k][pkey] - p) < 1e-9 and abs(got[k][skey] - p / n) < 1e-9, \
                f"{what} {k}: {got[k]}, recounted {n} games {p} points"

    assert s["ecco"] is None, f"summary.json ecco: {s['ecco']}"
    for pr in s["pairings"]:
        a, b = pr["engine"], pr["opponent"]
        same(f"pairing {a}-{b}", pr["ecco"], tally(lambda g: {g["red"], g["black"]} == {a, b}, a),
             "points_first", "score_first")
    for e in s["engines"]:
        n = e["name"]
        same(f"engine {n}", e["ecco"], tally(lambda g: n in (g["red"], g["black"]), n), "points", "score")
