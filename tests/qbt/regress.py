"""qbt.regress - the questions e2e_regress.sh asks of `qibench regress`'s
regress.json and the games of its match."""
import qbt


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check_same_nodes(path):
    """regress.json: the bench's node counts of base and new are the same,
    and not 0."""
    b = qbt.doc(path)["bench"]
    assert b["base_nodes"] == b["new_nodes"] > 0, f"base_nodes {b['base_nodes']}, new_nodes {b['new_nodes']}"


def check_too_slow(path, min_speed):
    """regress.json of a candidate too slow for --min-speed min_speed: exit
    status 4, speed_ok false, the speed interval's low end below min_speed."""
    r = qbt.doc(path)
    b = r["bench"]
    assert r["exit_status"] == 4 and b["speed_ok"] is False and b["speed_ratio_low"] < float(min_speed), \
        f"exit_status {r['exit_status']}, speed_ok {b['speed_ok']}, speed_ratio_low {b['speed_ratio_low']}"


def check_match_numbers(run, sprt_elo0, sprt_elo1):
    """run's regress.json stores its match as numbers, equal to a recount of
    games.jsonl over the finished pairs (a game whose partner the SPRT's
    stop cut is left out): games, W/D/L of "new", the pentanomial's pairs;
    the SPRT (elo0, elo1, normalized) accepted H1 with its LLR at the upper
    bound or above; the texts; the bench's speed interval around its ratio,
    and no --min-speed."""
    r = qbt.doc(run + "/regress.json")
    m = r["match"]
    pairs = {}
    for g in qbt.rows(run + "/games.jsonl"):
        pairs.setdefault(g["pair"], []).append(g)
    games = [g for gs in pairs.values() if len(gs) == 2 for g in gs]
    w = sum(1 for g in games if g["result"] == ("1-0" if g["red"] == "new" else "0-1"))
    d = sum(1 for g in games if g["result"] == "1/2-1/2")
    for key in ("games", "wins", "draws", "losses", "elo", "pairs"):
        assert _number(m[key]), f"match {key}: {m[key]!r}, not a number"
    want = (len(games), w, d, len(games) - w - d)
    assert (m["games"], m["wins"], m["draws"], m["losses"]) == want, \
        f"games, W/D/L {(m['games'], m['wins'], m['draws'], m['losses'])}, recounted {want}"
    assert len(m["penta"]) == 5 and sum(m["penta"]) == m["pairs"] == len(games) // 2, \
        f"penta {m['penta']}, pairs {m['pairs']}, recounted {len(games) // 2}"
    sp = m["sprt"]
    assert _number(sp["llr"]) and sp["lower_bound"] < 0 < sp["upper_bound"] and sp["verdict"] == "H1", sp
    assert (sp["elo0"], sp["elo1"], sp["model"]) == (float(sprt_elo0), float(sprt_elo1), "normalized"), sp
    assert sp["llr"] >= sp["upper_bound"], sp
    assert m["result_text"].startswith("new vs base: ") and m["sprt_text"].startswith("SPRT"), \
        (m["result_text"], m["sprt_text"])
    b = r["bench"]
    assert b["speed_ratio_low"] <= b["speed_ratio"] <= b["speed_ratio_high"], b
    assert b["min_speed"] is None and b["speed_ok"] is None, b
