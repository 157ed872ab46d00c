"""qbt.formats - the questions e2e_formats.sh asks of a knockout or Swiss
tournament's folder (games.jsonl, summary.json)."""
import json

import qbt


def games(run):
    """The games of run as sorted text, one a line: pair, game, red, black,
    result and the moves (to compare two runs move for move)."""
    out = []
    for r in sorted(qbt.rows(run + "/games.jsonl"), key=lambda r: (r["pair"], r["game"])):
        out.append([r["pair"], r["game"], r["red"], r["black"], r["result"], " ".join(m["move"] for m in r["moves"])])
    return out


def section(run, key):
    """summary.json's knockout / swiss object (key), the engines' W/D/L, the
    state and the format, as one JSON line (to compare two runs)."""
    s = qbt.doc(run + "/summary.json")
    return json.dumps([s[key], s["engines"], s["state"], s["format"]], sort_keys=True)


def check_tiebreak(run, pairs, winner):
    """A knockout of two identical engines: the one encounter went to
    `pairs` pairs, tied (pairs points each), and the higher seed `winner`
    went through by seed and won."""
    k = qbt.doc(run + "/summary.json")["knockout"]
    e = k["rounds"][0]["encounters"][0]
    n = int(pairs)
    assert e["pairs"] == n and e["score_a"] == e["score_b"] == n and e["winner"] == winner \
        and e["decided_by"] == "seed", e
    assert k["winner"] == winner, f"the knockout's winner is {k['winner']!r}, not {winner!r}"


def check_every_bye(summary):
    """Every engine of a Swiss tournament's standings had a bye."""
    st = qbt.doc(summary)["swiss"]["standings"]
    assert all(s["bye"] for s in st), f"not every engine had a bye: {st}"
