"""qbt.cutechess - the questions e2e_cutechess.sh asks of the runs played
from cutechess-cli and fastchess command lines, their PGN files and
docs/cutechess.md."""
import re

import qbt

def check_summary_recount(run):
    """run's summary.json agrees with a recount of its games.jsonl: the
    number of games, and per pairing W/D/L and the pentanomial of its pairs
    (from the pairing's engine's side)."""
    rows = qbt.rows(run + "/games.jsonl")
    s = qbt.doc(run + "/summary.json")
    assert s["games"] == len(rows), f"summary.json: {s['games']} games, games.jsonl {len(rows)}"
    for p in s["pairings"]:
        a, b = p["engine"], p["opponent"]
        w = d = l = 0
        pairs = {}
        for r in rows:
            if {r["red"], r["black"]} != {a, b}:
                continue
            pts = qbt.game_points(r, a)
            w += pts == 1
            d += pts == 0.5
            l += pts == 0
            pairs.setdefault((r["round"], r["pair"]), []).append(pts)
        penta = [0] * 5
        for v in pairs.values():
            if len(v) == 2:
                penta[int(sum(v) * 2)] += 1
        assert (p["wins"], p["draws"], p["losses"]) == (w, d, l), f"{a}-{b}: W/D/L {p}, recounted {(w, d, l)}"
        assert p["penta"] == penta, f"{a}-{b}: pentanomial {p['penta']}, recounted {penta}"


def check_pairs_share_opening(games):
    """Every pair (round, pair) of games.jsonl is two games from one opening
    with the colours swapped."""
    p = {}
    for r in qbt.rows(games):
        p.setdefault((r["round"], r["pair"]), []).append(r)
    for k, g in p.items():
        assert len(g) == 2 and g[0]["opening"] == g[1]["opening"] and g[0]["red"] == g[1]["black"], \
            f"pair {k}: " + "; ".join(f"{x['opening']} {x['red']}-{x['black']}" for x in g)


def fairy_moves(games, index):
    """The moves of game index of games.jsonl in Fairy-Stockfish's
    coordinates (ranks 1-10; games.jsonl writes ICCS, ranks 0-9)."""
    up = lambda m: m.group(1) + str(int(m.group(2)) + 1)
    return " ".join(re.sub(r"([a-i])(\d)", up, m["move"]) for m in qbt.rows(games)[int(index)]["moves"])


def check_wxf_tags(wxf, pgn):
    """The PGN file wxf has the tags of pgn (but [Format]) and [Format "WXF"]
    in each of its two games."""
    def tags(f):
        with open(f, encoding="utf-8") as h:
            return [l for l in h if l.startswith("[") and not l.startswith("[Format ")]
    with open(wxf, encoding="utf-8") as h:
        fmt = [l for l in h if l.startswith("[Format ")]
    assert tags(wxf) == tags(pgn), f"the tags of {wxf} are not those of {pgn}"
    assert fmt == ['[Format "WXF"]\n'] * 2, f"{wxf}: Format tags {fmt}"


def check_option_table(md, least):
    """docs/cutechess.md's table under "# Coming from cutechess-cli or
    fastchess" has at least `least` rows, each with four filled cells."""
    with open(md, encoding="utf-8") as f:
        t = f.read().split("# Coming from cutechess-cli or fastchess")[1].split("| --- | --- | --- | --- |\n")[1]
    rows = t.split("\n\n")[0].strip().splitlines()
    assert len(rows) >= int(least), f"{len(rows)} rows"
    for r in rows:
        cells = [c.strip() for c in r.replace("\\|", "/").strip().strip("|").split(" | ")]
        assert len(cells) == 4 and all(cells), f"not four filled cells: {r}"
