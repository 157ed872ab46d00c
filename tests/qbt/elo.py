"""qbt.elo - the questions e2e_elo.sh asks: the Elo interval of a match's
status lines, final line and summary.json, and of a tournament's
standings, against scripts/stats_reference.py's penta_summary on the
pentanomial recounted from games.jsonl."""
import os
import re
import sys

import qbt

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from stats_reference import penta_summary  # noqa: E402

def _fmt(f, v):
    """A value as qibench prints it: n/a for none, -0.0 as 0."""
    return "n/a" if v is None else f % (v + 0.0)


def _half_points(g, who):
    return int(2 * qbt.game_points(g, who))


def check_match(games, err, out, summary, engine, opponent, total, status_lines):
    """A match of engine against opponent played one game at a time: each
    of the status_lines status lines on stderr (err) "games N/total ...
    Elo +x ± y (95%, pairs)" gives the interval of the first N/2 pairs, the
    final line on stdout (out) that of all pairs, and summary.json's
    engines the Elo and error of all pairs (opponent's Elo negated)."""
    pairs = {}
    for g in qbt.rows(games):
        pairs.setdefault(g["pair"], []).append(_half_points(g, engine))

    def interval(upto_pairs):
        p = [0] * 5
        for k in sorted(pairs)[:upto_pairs]:
            p[sum(pairs[k])] += 1
        s = penta_summary(p)
        if not s.get("pairs"):
            return None
        return "%s ± %s" % (_fmt("%+.1f", s["elo"]), _fmt("%.1f", s["elo_error"]))

    n_lines = 0
    with open(err, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"games (\d+)/%s .* Elo (.*) \(95%%, pairs\)" % total, line)
            if not m:
                continue
            n_lines += 1
            want = interval(int(m.group(1)) // 2)
            assert want is None or m.group(2) == want, f"status line {line.strip()!r}: want {want}"
    assert n_lines == int(status_lines), f"{n_lines} status lines"
    with open(out, encoding="utf-8") as f:
        final = re.search(r"^  Elo (.*) \(95%, pairs\), LOS", f.read(), re.M)
    assert final, f"{out}: no final Elo line"
    assert final.group(1) == interval(len(pairs)), f"final line {final.group(1)}: want {interval(len(pairs))}"
    ref = penta_summary([sum(1 for k in pairs if sum(pairs[k]) == c) for c in range(5)])
    e = {x["name"]: x for x in qbt.doc(summary)["engines"]}
    assert 0 < ref["elo_error"] < 1000, ref  # a test that can tell intervals apart
    a, b = e[engine], e[opponent]
    assert abs(a["elo_error"] - ref["elo_error"]) < 1e-6 and abs(a["elo"] - ref["elo"]) < 1e-6, (a, ref)
    assert abs(b["elo_error"] - ref["elo_error"]) < 1e-6 and abs(b["elo"] + ref["elo"]) < 1e-6, (b, ref)


def check_standings(games, out, *engines):
    """A tournament's last standings table in out: each engine's Elo and
    error are those of penta_summary over its pairs against all opponents."""
    pair = {}
    for g in qbt.rows(games):
        pair.setdefault((frozenset((g["red"], g["black"])), g["pair"]), []).append(g)
    with open(out, encoding="utf-8") as f:
        text = f.read()
    table = text[text.rindex("standings after"):]
    for name in engines:
        p = [0] * 5
        for gs in pair.values():
            if name in {gs[0]["red"], gs[0]["black"]}:
                p[sum(_half_points(g, name) for g in gs)] += 1
        s = penta_summary(p)
        row = re.search(r"^ +\d  %s +\d+ +[\d.]+%% +(\S+) +(\S+) " % re.escape(name), table, re.M)
        want = (_fmt("%+.1f", s["elo"]), _fmt("%.1f", s["elo_error"]))
        assert row and row.groups() == want, f"{name}: {row and row.groups()}, want {want}"
