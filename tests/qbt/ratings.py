"""qbt.ratings - the questions e2e_ratings.sh asks of `qibench ratings
--json` output, summary.json's ratings and tests/ratings_reference.py."""
import json

import qbt


def check_matches_reference(got, ref):
    """The ratings in the JSON file got (qibench ratings --json, or
    summary.json's "ratings") equal those of the reference's output ref: the
    engines (name, games, score, elo, elo_low, elo_high, in order), the
    crosstable and the LOS matrix, to 1e-6."""
    a, b = qbt.doc(got), qbt.doc(ref)
    for k in ("engines", "crosstable", "los"):
        assert qbt.close(a[k], b[k], 1e-6), f"{k} differs:\n{json.dumps(a[k])[:2000]}\n{json.dumps(b[k])[:2000]}"


def _strict(path):
    """The JSON document path, refusing NaN and Infinity."""
    def no_constant(c):
        raise AssertionError(f"{path}: non-finite {c}")
    with open(path, encoding="utf-8") as f:
        return json.load(f, parse_constant=no_constant)


def check_json_keys(path, games, engines):
    """qibench ratings --json with the average as anchor: no anchor, `games`
    games, `engines` engines each with exactly elo, elo_high, elo_low, games,
    name, score; the Elo add up to 0; no NaN or Infinity."""
    d = _strict(path)
    assert d["anchor"] is None and d["games"] == int(games), f"anchor {d['anchor']!r}, games {d['games']}"
    keys = [sorted(e) for e in d["engines"]]
    assert keys == [["elo", "elo_high", "elo_low", "games", "name", "score"]] * int(engines), keys
    assert abs(sum(e["elo"] for e in d["engines"])) < 1e-6, f"the Elo add up to {sum(e['elo'] for e in d['engines'])}"


def check_anchor(path, name):
    """qibench ratings --json --anchor name: the anchor is name, its Elo and
    interval are 0."""
    d = qbt.doc(path)
    a = [e for e in d["engines"] if e["name"] == name]
    assert a, f"no engine {name}"
    a = a[0]
    assert d["anchor"] == name and a["elo"] == a["elo_low"] == a["elo_high"] == 0, (d["anchor"], a)


def check_two_engines(path):
    """tests/data/ratings/match rated: negascout then ns-1000, negascout
    scored 15 of 16, +-235.2183 Elo (400 log10 15 apart, the logistic Elo
    of the score)."""
    e = qbt.doc(path)["engines"]
    assert [x["name"] for x in e] == ["negascout", "ns-1000"] and e[0]["score"] == 15 / 16, e
    assert abs(e[0]["elo"] - 235.2183) < 1e-3 and abs(e[1]["elo"] + 235.2183) < 1e-3, e


def score(games, engine, opponent):
    """engine's points against opponent in a games.jsonl, over their games:
    "P/N" as the crosstable prints it."""
    p = n = 0
    for r in qbt.rows(games):
        if {r["red"], r["black"]} != {engine, opponent}:
            continue
        won, lost = ("1-0", "0-1") if r["red"] == engine else ("0-1", "1-0")
        p += {won: 1, lost: 0}.get(r["result"], 0.5)
        n += 1
    return "%g/%d" % (p, n)
