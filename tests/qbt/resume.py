"""Questions of e2e_resume.sh: runs killed, interrupted, resumed, sharded
and merged, compared with an uninterrupted run."""
import json
from collections import Counter

from qbt import doc, rows


def _by_game(path):
    return sorted(rows(path), key=lambda r: (r["pair"], r["game"]))


def games(path):
    """The games of a games.jsonl as text, one a line in (pair, game) order:
    pair, game, red, result, reason, moves."""
    return [" ".join(str(x) for x in (r["pair"], r["game"], r["red"], r["result"], r["reason"],
                                      " ".join(m["move"] for m in r["moves"])))
            for r in _by_game(path)]


def moves(path):
    """The games as tests/data/old-format/*.moves has them: pair, game, the
    first side (under the game's name or the old "red"), black, result, moves."""
    return [" ".join(str(x) for x in (r["pair"], r["game"], r.get("red", r.get("white")), r["black"], r["result"],
                                      " ".join(m["move"] for m in r["moves"])))
            for r in _by_game(path)]


def stats(path):
    """The pairings, terminations and games of a summary.json, as one line."""
    s = doc(path)
    return json.dumps([s["pairings"], s["terminations"], s["games"]], sort_keys=True)


def pairs_once(path, n):
    """path holds n games, every (pair, game) once, every line whole."""
    keys = [(r["pair"], r["game"]) for r in rows(path)]
    assert len(keys) == len(set(keys)) == int(n), f"{len(keys)} games, {len(set(keys))} different (expected {n})"


def some_once(path, n):
    """path holds more than none and fewer than n games, every (pair, game) once."""
    keys = [(r["pair"], r["game"]) for r in rows(path)]
    assert 0 < len(keys) < int(n) and len(set(keys)) == len(keys), \
        f"{len(keys)} games, {len(set(keys))} different (expected 1 to {int(n) - 1}, none twice)"


def none_cut_short(*paths):
    """No game of the games.jsonl paths (none: no file) was cut short by a
    stop: each ended with a result, not abandoned, unterminated or forfeited."""
    bad = [(r["pair"], r["game"], r["result"], r["reason"]) for p in paths for r in rows(p)
           if r["result"] not in ("1-0", "0-1", "1/2-1/2") or r["reason"].startswith("abandoned")
           or r["reason"] in ("unterminated", "time forfeit", "illegal move")]
    assert not bad, f"games cut short: {bad}"


def history(path):
    """The llr_history of a summary.json's first pairing: its length, then it."""
    h = doc(path)["pairings"][0]["llr_history"]
    return f"{len(h)} {h}"


def penta_wdl(path):
    """The pentanomial and W/D/L counts (of the first engine, red in each
    pair's game 1) of the finished pairs of a games.jsonl, as
    `qibench stats --penta` and `--wdl` take them."""
    pts = {}
    for r in rows(path):
        a_red = r["game"] == 1
        p = 2 if r["result"] == "1/2-1/2" else 4 if (r["result"] == "1-0") == a_red else 0
        pts.setdefault(r["pair"], []).append(p // 2)
    pen = [0] * 5
    w = [0, 0, 0]
    for v in pts.values():
        if len(v) == 2:
            pen[sum(v)] += 1
            for x in v:
                w[2 - x] += 1
    return ",".join(map(str, pen)) + " " + ",".join(map(str, w))


def same_as_stats(summary, penta_json, wdl_json, penta):
    """summary.json's first pairing says what `qibench stats --penta PENTA`
    (penta_json) and `--wdl` (wdl_json) say, and its pentanomial is PENTA."""
    s = doc(summary)["pairings"][0]
    p, w = doc(penta_json), doc(wdl_json)
    keys = ["games", "pairs", "score", "elo", "elo_error", "los", "nelo", "nelo_error", "llr",
            "lower_bound", "upper_bound", "verdict"]
    bad = [k for k in keys if s[k] != p[k]] + [k for k in ("wins", "draws", "losses", "draw_ratio") if s[k] != w[k]]
    assert not bad and p["llr"] is not None, f"differ: {bad}; llr {p['llr']}"
    assert s["penta"] == [int(x) for x in penta.split(",")], f"penta {s['penta']}, expected {penta}"


def terminations_add_up(summary, games_jsonl):
    """summary.json's terminations are the reasons counted in games.jsonl,
    and its games the lines."""
    s = doc(summary)
    rs = rows(games_jsonl)
    found = dict(Counter(r["reason"] for r in rs))
    assert found == s["terminations"] and s["games"] == len(rs), \
        f"summary {s['terminations']} of {s['games']}, games.jsonl {found} of {len(rs)}"


def old_match_summary(summary, ratings_json):
    """The resumed old match's summary.json has 6 games, the ratings of
    `qibench ratings --json` (ratings_json), and search statistics of 12
    engine-games."""
    s, r = doc(summary), doc(ratings_json)
    assert s["games"] == 6 and s["ratings"]["games"] == 6 and s["ratings"]["engines"] == r["engines"], (s["ratings"], r)
    n = sum(e["games"] for e in s["search"]["engines"])
    assert n == 12, f"search statistics of {n} engine-games, expected 12"


def old_sides(path):
    """4 games: the 2 old ones with sides red/black, the 2 new white/black."""
    rs = rows(path)
    assert len(rs) == 4 and all("red" in r for r in rs[:2]) and all("white" in r and "red" not in r for r in rs[2:]), rs


def old_merged(old_ratings, merged_ratings, merged_summary):
    """The old tournament and its merge rate alike, 6 games each."""
    a, b, m = doc(old_ratings), doc(merged_ratings), doc(merged_summary)
    assert a["games"] == 6 and a["engines"] == b["engines"] and m["games"] == 6 \
        and m["ratings"]["engines"] == a["engines"], (a, b, m.get("ratings"))
