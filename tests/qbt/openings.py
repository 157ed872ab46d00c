"""Questions of e2e_openings.sh over the opening book
(positions/xiangqi/openings.epd)."""
import re


def book_ok(path, bound):
    """At least 60 openings, unique ids, 4-10 plies each, named in English
    and Chinese, c1 (Fairy-Stockfish's score) within +-bound centipawns."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    bound = int(bound)
    ids = [re.search(r';id "([^"]*)"', r).group(1) for r in lines]
    assert len(lines) >= 60, f"{len(lines)} openings, expected at least 60"
    assert len(set(ids)) == len(ids), "ids are not unique"
    for r, i in zip(lines, ids):
        plies = len(re.search(r';moves "([^"]*)"', r).group(1).split())
        assert 4 <= plies <= 10, f"{i}: {plies} plies"
        name = re.search(r';c0 "([^"]*)"', r).group(1)
        assert re.search(r"[\u4e00-\u9fff]", name) and re.search(r"[A-Za-z]", name), f"{i}: name {name!r}"
        cp = re.search(r';c1 "fairy-stockfish depth \d+: ([+-]\d+)"', r)
        assert cp and abs(int(cp.group(1))) <= bound, f"{i}: c1 not within +-{bound} cp"
