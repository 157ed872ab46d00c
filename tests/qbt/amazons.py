"""Questions of tests/e2e_amazons.sh: Amazons games, their PGN and SGF, the
opening book positions/amazons/openings.epd and the tactics suite."""
import os
import re
import sys

import qbt

TURN = re.compile(r"[a-j]\d+-[a-j]\d+/[a-j]\d+")


results = qbt.results


def games(path):
    """The games of a games.jsonl sorted by pair and game, one a line: pair,
    game, White, result, reason, opening, then the turns."""
    out = []
    for r in sorted(qbt.rows(path), key=lambda r: (r["pair"], r["game"])):
        out.append([r["pair"], r["game"], r["white"], r["result"], r["reason"], r["opening"]]
                   + [m["move"] for m in r["moves"]])
    return out


def all_won(path, games, least, most):
    """A games.jsonl of `games` games, each won (1-0 or 0-1) by "no legal
    turn" in least to most plies: never a draw."""
    rs = qbt.rows(path)
    assert len(rs) == int(games), f"{len(rs)} games, not {games}"
    for r in rs:
        assert r["result"] in ("1-0", "0-1") and r["reason"] == "no legal turn", \
            f"pair {r['pair']} game {r['game']}: {r['result']} by {r['reason']}"
        assert int(least) <= r["plies"] <= int(most), \
            f"pair {r['pair']} game {r['game']}: {r['plies']} plies, not {least}-{most}"


def sgf_like_jsonl(run):
    """The games.sgf of the run folder holds the games of its games.jsonl in
    their order: one tree each (GM[18]), its PW and PB the game's White and
    Black, one node per ply."""
    rs = qbt.rows(os.path.join(run, "games.jsonl"))
    with open(os.path.join(run, "games.sgf"), encoding="utf-8") as f:
        trees = f.read().split("(;FF[4]")[1:]
    assert len(trees) == len(rs), f"{len(trees)} SGF trees, {len(rs)} games in games.jsonl"
    for n, (r, t) in enumerate(zip(rs, trees), 1):
        pw, pb = re.search(r"PW\[([^\]]*)\]", t), re.search(r"PB\[([^\]]*)\]", t)
        players = (pw and pw.group(1), pb and pb.group(1))
        assert players == (r["white"], r["black"]), f"tree {n}: PW, PB {players}, the game's {r['white']}, {r['black']}"
        nodes = len(re.findall(r";[WB]\[", t))
        assert nodes == r["plies"], f"tree {n}: {nodes} move nodes, the game's {r['plies']} plies"
        assert "GM[18]" in t, f"tree {n}: no GM[18]"


def book_ids(book):
    """The ids of an EPD file's lines (comments skipped), in order."""
    with open(book, encoding="utf-8") as f:
        return [re.search(r';id "([^"]*)"', line).group(1) for line in f if not line.startswith("#")]


def openings_in_order(path, book):
    """Each game of a games.jsonl starts from the book's opening of its pair
    (pair 0 the book's first line, and so on)."""
    ids = book_ids(book)
    for r in qbt.rows(path):
        assert r["opening"] == ids[r["pair"]], \
            f"pair {r['pair']} game {r['game']}: opening {r['opening']}, the book's {ids[r['pair']]}"


def pgn_turns(pgn):
    """The turns of each game of a PGN file (tags, comments, move numbers and
    results left out)."""
    with open(pgn, encoding="utf-8") as f:
        parts = f.read().split("[Event ")[1:]
    out = []
    for game in parts:
        words = re.sub(r"\{[^}]*\}|\[[^]]*\]", " ", "[" + game).split()
        out.append([w for w in words if not re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|\*", w)])
    return out


def pgn_like_jsonl(pgn, path):
    """The movetext of the PGN's games is the turns of the games.jsonl's (in
    any order), each turn written d1-d6/g9."""
    games = pgn_turns(pgn)
    turns = [[m["move"] for m in r["moves"]] for r in qbt.rows(path)]
    for g in games:
        for w in g:
            assert TURN.fullmatch(w), f"PGN: {w!r} is no turn like d1-d6/g9"
    only = [g for g in games if g not in turns] or [t for t in turns if t not in games]
    assert sorted(games) == sorted(turns), \
        f"PGN and games.jsonl differ: {len(games)} and {len(turns)} games, " \
        f"the first in one alone: {' '.join(only[0][:6]) if only else '(a game twice)'} ..."


def book_lines(lines, bound):
    """Every line of the opening book (comments left out): its id is its
    ;moves, 2-4 turns like d1-d6/g9, ids unique, |c1| (the depth-2 score)
    at most bound."""
    ids = set()
    with open(lines, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            i = re.search(r';id "([^"]*)"', line)
            m = re.search(r';moves "([^"]*)"', line)
            c1 = re.search(r';c1 "amazons-engine depth 2: ([-+]\d+)"', line)
            assert i and m and c1, f"line {n}: no id, moves or c1: {line.strip()}"
            i, m, c1 = i.group(1), m.group(1), int(c1.group(1))
            turns = m.split()
            assert i == m, f"line {n}: id {i!r}, moves {m!r}"
            assert i not in ids, f"line {n}: id {i!r} twice"
            assert 2 <= len(turns) <= 4, f"line {n}: {len(turns)} turns"
            assert abs(c1) <= int(bound), f"line {n}: c1 {c1}, beyond {bound}"
            for t in turns:
                assert TURN.fullmatch(t), f"line {n}: {t!r} is no turn like d1-d6/g9"
            ids.add(i)


def rescored(engine, lines):
    """The first, middle and last lines of the book re-scored by engine at
    depth 2 (scripts/make_amazons_openings.py's search_score) give their c1."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
    from fairy import FairyStockfish
    from make_amazons_openings import search_score
    with open(lines, encoding="utf-8") as f:
        book = f.read().splitlines()
    eng = FairyStockfish(engine, variant="amazons")
    wrong = []
    try:
        for line in (book[0], book[len(book) // 2], book[-1]):
            moves = re.search(r';moves "([^"]*)"', line).group(1).split()
            fairy = [re.sub(r"(\w+)-(\w+)/(\w+)", r"\1\2,\2\3", t) for t in moves]
            c1 = int(re.search(r'depth 2: ([-+]\d+)"', line).group(1))
            got = search_score(eng, fairy, 2)
            if got != c1:
                wrong.append(f"{' '.join(moves)}: {got}, c1 {c1}")
    finally:
        eng.close()
    assert not wrong, "; ".join(wrong)


def drop_a_winning_turn(lines):
    """The first line of a tactics EPD with two or more bm turns, the first
    of them dropped (a bm set missing a winning turn)."""
    with open(lines, encoding="utf-8") as f:
        for line in f:
            bm = re.search(r";bm ([^;]*) ;", line).group(1).split()
            if len(bm) > 1:
                return line.replace(";bm " + " ".join(bm) + " ;", ";bm " + " ".join(bm[1:]) + " ;").rstrip("\n")
    raise AssertionError(f"{lines}: no line with two bm turns")


def tactics_solved(path, searches, least):
    """A suite's searches.jsonl: `searches` searches, each ok, solved exactly
    when its bestmove is one of bm, and at least `least` solved."""
    rs = qbt.rows(path)
    assert len(rs) == int(searches), f"{len(rs)} searches, not {searches}"
    for r in rs:
        assert r["status"] == "ok", f"{r.get('position')}: status {r['status']}"
        assert r["solved"] == (r["bestmove"] in r["expected"]["bm"]), \
            f"{r.get('position')}: solved {r['solved']} with bestmove {r['bestmove']}, bm {r['expected']['bm']}"
    hits = sum(r["solved"] for r in rs)
    assert hits >= int(least), f"{hits} solved, fewer than {least}"
