"""Questions of tests/e2e_ataxx.sh: Ataxx games, their PGN, and the start
positions positions/ataxx/starts.epd."""
import re

import qbt

# The reasons the rules end a game with, and how they score: by pieces, or drawn.
BY_PIECES = ("no pieces", "board full")
DRAWN = ("halfmove limit", "threefold repetition")
COUNTS = re.compile(r"^x (\d+), o (\d+)$")


def by_rule(path):
    """The games of a games.jsonl that did not end by a rule with the result
    the rule gives ("pair.game: RESULT REASON DETAIL"): by pieces (the
    larger count, from the detail "x N, o M", wins; equal is a draw) when a
    side has no pieces or the board is full, drawn by the halfmove limit
    and by repetition."""
    bad = []
    for r in qbt.rows(path):
        m = COUNTS.match(r.get("detail") or "")
        if m and r["reason"] in BY_PIECES:
            x, o = int(m.group(1)), int(m.group(2))
            want = "1-0" if x > o else "0-1" if o > x else "1/2-1/2"
        elif m and r["reason"] in DRAWN:
            want = "1/2-1/2"
        else:
            want = None
        if r["result"] != want:
            bad.append(f"{r['pair']}.{r['game']}: {r['result']} {r['reason']} {r.get('detail')}")
    return bad


def games(path):
    """The games of a games.jsonl sorted by pair and game, one a line: pair,
    game, Black (x), result, reason, opening, then the moves."""
    out = []
    for r in sorted(qbt.rows(path), key=lambda r: (r["pair"], r["game"])):
        out.append([r["pair"], r["game"], r["black"], r["result"], r["reason"], r["opening"]]
                   + [m["move"] for m in r["moves"]])
    return out


def pgn_like_jsonl(pgn, path):
    """The PGN file holds the games of the games.jsonl in its order, each
    with the tags cuteataxx writes (Black the first player, White the
    second, the FEN, every time) beside Variant "ataxx" and SetUp, and the
    moves of the record (UAI text: f2, g1e1, 0000) as its movetext."""
    with open(pgn, encoding="utf-8") as f:
        texts = [g for g in re.split(r"\n\n(?=\[)", f.read().strip()) if g.strip()]
    rs = qbt.rows(path)
    assert len(texts) == len(rs), f"{len(texts)} PGN games, {len(rs)} stored"
    for n, (t, r) in enumerate(zip(texts, rs), 1):
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', t, re.M))
        want = {"Black": r["black"], "White": r["white"], "Result": r["result"], "Variant": "ataxx",
                "FEN": r["fen"], "SetUp": "1", "Termination": r["reason"], "PlyCount": str(r["plies"])}
        for k, v in want.items():
            assert tags.get(k) == v, f"game {n}: [{k} {tags.get(k)!r}], expected {v!r}"
        body = re.sub(r"\{[^}]*\}", " ", t.split("\n\n", 1)[1] if "\n\n" in t else "")
        words = [w for w in body.split() if not re.fullmatch(r"\d+\.+", w)]
        assert words and words[-1] == r["result"], f"game {n}: movetext ends {words[-1:]}"
        assert words[:-1] == [m["move"] for m in r["moves"]], f"game {n}: movetext {words[:-1]}"


def starts(path):
    """Every position line of an EPD of start positions: x to move, counters
    0 1, two pieces a side, and left-right symmetric with the sides swapped
    (gaps in mirrored places); returns their number."""
    n = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            board, side, half, full = line.split(";")[0].split()
            assert (side, half, full) == ("x", "0", "1"), f"{line.strip()}: not x to move at 0 1"
            ranks = [re.sub(r"\d", lambda d: "." * int(d.group(0)), rank) for rank in board.split("/")]
            assert len(ranks) == 7 and all(len(rank) == 7 for rank in ranks), f"{board}: not 7x7"
            cells = "".join(ranks)
            assert cells.count("x") == 2 and cells.count("o") == 2, f"{board}: not two pieces a side"
            swap = str.maketrans("xo", "ox")
            assert all(rank[::-1].translate(swap) == rank for rank in ranks), f"{board}: not symmetric"
            n += 1
    return n


def book(lines, engine, bound):
    """The opening book's lines (comments left out): each id is its ;moves,
    2-4 moves in UAI text, ids unique, |c1| (the depth-4 score) at most
    bound; and the first, middle and last lines re-scored by engine at
    depth 4 (scripts/make_amazons_openings.py's search_score, which
    scripts/make_ataxx_openings.py uses) give their c1."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
    from fairy import FairyStockfish
    from make_amazons_openings import search_score
    with open(lines, encoding="utf-8") as f:
        rows = f.read().splitlines()
    ids = set()
    for n, line in enumerate(rows, 1):
        i = re.search(r';id "([^"]*)"', line)
        m = re.search(r';moves "([^"]*)"', line)
        c1 = re.search(r';c1 "ataxx-engine depth 4: ([-+]\d+)"', line)
        assert i and m and c1 and i.group(1) == m.group(1), f"line {n}: id, moves, c1: {line}"
        moves = m.group(1).split()
        assert i.group(1) not in ids and 2 <= len(moves) <= 4, f"line {n}: {i.group(1)!r} again, or not 2-4 moves"
        assert all(re.fullmatch(r"(?:[a-g][1-7]){1,2}|0000", w) for w in moves), f"line {n}: {moves}"
        assert abs(int(c1.group(1))) <= int(bound), f"line {n}: c1 {c1.group(1)}, beyond {bound}"
        ids.add(i.group(1))
    eng = FairyStockfish(engine, variant="ataxx")
    try:
        for line in (rows[0], rows[len(rows) // 2], rows[-1]):
            moves = re.search(r';moves "([^"]*)"', line).group(1).split()
            c1 = int(re.search(r'depth 4: ([-+]\d+)"', line).group(1))
            got = search_score(eng, moves, 4)
            assert got == c1, f"{' '.join(moves)}: re-scored {got}, c1 {c1}"
    finally:
        eng.close()
    return len(rows)
