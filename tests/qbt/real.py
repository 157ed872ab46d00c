"""Questions of e2e_real.sh: games and searches against the Xiangqi
engines Debian packages."""
import re

from qbt import rows


def not_by_rules(path, rules):
    """The games not ended by one of the rules ("checkmate|stalemate|..."),
    as "result reason: detail", joined by ';' (nothing when all were)."""
    ok = set(rules.split("|"))
    return ";".join("%s %s: %s" % (r["result"], r["reason"], r["detail"]) for r in rows(path) if r["reason"] not in ok)


def summary_line(path):
    """The games on one line: red-black result (reason, plies), ..."""
    return ", ".join("%s-%s %s (%s, %d plies)" % (r["red"], r["black"], r["result"], r["reason"], r["plies"])
                     for r in rows(path))


def thought(path, engine):
    """Every move engine made out of book reports a depth >= 1 and nodes."""
    ms = [m for r in rows(path) for i, m in enumerate(r["moves"])
          if not m.get("book") and (r["red"] if i % 2 == 0 else r["black"]) == engine]
    assert ms, f"no move of {engine}"
    bad = [m for m in ms if not (m["depth"] >= 1 and m["nodes"] > 0)]
    assert not bad, f"{len(bad)} of {len(ms)} moves of {engine} without depth or nodes, first {bad[0]}"


def pgn_matches(games_jsonl, pgn):
    """games.pgn holds the games of games.jsonl, result and moves, in order."""
    rs = rows(games_jsonl)
    with open(pgn, encoding="utf-8") as f:
        games = re.split(r"\n(?=\[Game )", f.read().strip())
    assert len(games) == len(rs), f"{len(games)} PGN games, {len(rs)} in games.jsonl"
    for n, (g, r) in enumerate(zip(games, rs), 1):
        res = re.search(r'\[Result "([^"]*)"\]', g).group(1)
        body = re.sub(r"\{[^}]*\}", " ", g.split("\n\n", 1)[1])
        moves = [w.lower().replace("-", "") for w in body.split() if re.fullmatch(r"[A-I][0-9]-[A-I][0-9]", w)]
        assert res == r["result"], f"game {n}: PGN result {res}, games.jsonl {r['result']}"
        assert moves == [m["move"] for m in r["moves"]], f"game {n}: the moves differ"


def unsupported_saying(path, word):
    """Every search is 'unsupported', its error saying word."""
    bad = [(r.get("position"), r["status"], r.get("error")) for r in rows(path)
           if not (r["status"] == "unsupported" and word in r["error"])]
    assert not bad, f"not unsupported saying {word!r}: {bad}"


def pv_read(path, engine):
    """engine's 2 searches are ok, their PVs of 3 moves or more starting
    with the best move."""
    rs = [r for r in rows(path) if r["engine"] == engine]
    bad = [(r["status"], r["bestmove"], r["pv"]) for r in rs
           if not (r["status"] == "ok" and len(r["pv"].split()) >= 3 and r["pv"].split()[0] == r["bestmove"])]
    assert len(rs) == 2 and not bad, f"{len(rs)} searches of {engine}; not ok with such a PV: {bad}"


def pv_empty(path, engine):
    """engine's 2 searches are ok with a best move and an empty PV."""
    rs = [r for r in rows(path) if r["engine"] == engine]
    bad = [(r["status"], r["bestmove"], r["pv"]) for r in rs if not (r["status"] == "ok" and r["pv"] == "" and r["bestmove"])]
    assert len(rs) == 2 and not bad, f"{len(rs)} searches of {engine}; not ok with a move and no PV: {bad}"
