"""qbt.searchstats - the questions e2e_searchstats.sh asks of a run's
search statistics (summary.json's "search", games.jsonl's moves) and of
tests/searchstats_reference.py's recount."""
import json

import qbt

PHASES = ("opening", "middlegame", "endgame")


def check_matches_reference(summary, ref):
    """summary.json's "search" equals the reference's recount in the file
    ref (numbers to 1e-9 relative)."""
    a, b = qbt.doc(summary)["search"], qbt.doc(ref)
    assert qbt.close(a, b, 1e-9, relative=True), f"search differs from the recount:\n{json.dumps(a)[:1500]}\n{json.dumps(b)[:1500]}"


def check_endings(summary, engine, forfeits, *suffered):
    """engine lost `forfeits` games on time and suffered exactly the
    terminations REASON=N given (the others none): `check_endings
    summary.json mock 1 'time forfeit=1'`; every other engine suffered none."""
    e = {x["name"]: x for x in qbt.doc(summary)["search"]["engines"]}
    want = {}
    for s in suffered:
        k, _, n = s.rpartition("=")
        want[k] = int(n)
    got = e[engine]
    assert got["time_forfeits"] == int(forfeits) and got["terminations_suffered"] == want, \
        f"{engine}: {got['time_forfeits']} time forfeits, suffered {got['terminations_suffered']}"
    for name, x in e.items():
        assert name == engine or x["terminations_suffered"] == {}, f"{name} suffered {x['terminations_suffered']}"


def _moves_by_engine(games):
    """(engine, move) for every move of every game of games.jsonl."""
    out = []
    for r in qbt.rows(games):
        first = 0 if r["fen"].split()[1] == "w" else 1
        for i, m in enumerate(r["moves"]):
            out.append(((r["red"], r["black"])[(first + i) % 2], m))
    return out


def check_seldepth(games, engine):
    """Every move of engine has a seldepth, and more than half of all moves."""
    ms = _moves_by_engine(games)
    without = [m for e, m in ms if "seldepth" not in m]
    assert all("seldepth" in m for e, m in ms if e == engine), f"{engine}: moves without seldepth: {without[:5]}"
    assert sum("seldepth" in m for e, m in ms) > 0.5 * len(ms), \
        f"{len(without)} of {len(ms)} moves without seldepth: {without[:5]}"


def check_allot_ms(games, depth_engine, movetime_engine, movetime, clock_engine, most):
    """allot_ms: none on the moves of depth_engine, movetime on every move
    of movetime_engine, between 1 and most (the clock left) on every move
    of clock_engine."""
    seen = {}
    for e, m in _moves_by_engine(games):
        seen.setdefault(e, []).append(m.get("allot_ms"))
    assert set(seen[depth_engine]) == {None}, f"{depth_engine}: allot_ms {sorted(set(seen[depth_engine]), key=str)}"
    assert set(seen[movetime_engine]) == {int(movetime)}, f"{movetime_engine}: allot_ms {sorted(set(seen[movetime_engine]), key=str)}"
    bad = [a for a in seen[clock_engine] if not (a is not None and 0 < a <= int(most))]
    assert not bad, f"{clock_engine}: allot_ms out of (0, {most}]: {bad[:10]}"


def check_phases_add_up(summary):
    """Every engine's opening, middlegame and endgame moves, nodes and time
    add up to its "all"."""
    for x in qbt.doc(summary)["search"]["engines"]:
        for k in ("moves", "nodes", "time_ms"):
            parts = [x[p][k] for p in PHASES]
            assert sum(parts) == x["all"][k], f"{x['name']}: {k} {parts} add up to {sum(parts)}, not {x['all'][k]}"


def check_all_phases(summary):
    """Every engine played moves in each of the three phases."""
    for x in qbt.doc(summary)["search"]["engines"]:
        for p in PHASES:
            assert x[p]["moves"] > 0, f"{x['name']}: no move in the {p}"


def printed_all(ref, engine):
    """engine's "all" line as the table prints it (moves, depth mean and
    median, nodes a move), from the reference's recount ref."""
    x = [x for x in qbt.doc(ref)["engines"] if x["name"] == engine][0]["all"]
    return "%s %.2f %.1f %.0f" % (x["moves"], x["depth_mean"], x["depth_median"], x["nodes_per_move"])
