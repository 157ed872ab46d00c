"""e2e_neutral.sh's scan: names of games, sides and notations in the
harness's generic code."""
import os
import re


def scan(games, *roots):
    """Every hit in the *.c and *.h files under roots, as
    "FILE:LINE: KIND 'HIT': TEXT": a game's name (games: blank-separated,
    case-insensitive, code and comments), a side's name (red, black, white
    as words inside string literals), a notation's name (ICCS, WXF,
    Chinese: case-insensitive words). A game's own files
    (harness/games/GAME.c, GAME_*.c, GAME_impl.h) are left out."""
    games = games.split()
    game_re = re.compile(r"(?i)" + "|".join(map(re.escape, games)))
    side_re = re.compile(r"(?i)\b(red|black|white)\b")
    notation_re = re.compile(r"(?i)\b(iccs|wxf|chinese)\b")
    literal_re = re.compile(r'"(?:[^"\\\n]|\\.)*"')
    own = re.compile(r"(^|/)harness/games/(%s)(_[^/]*)?\.c$|(^|/)harness/games/(%s)_impl\.h$"
                     % ("|".join(games), "|".join(games)))
    hits = []
    for root in roots:
        for folder, _, names in sorted(os.walk(root)):
            for name in sorted(names):
                path = os.path.join(folder, name)
                if not name.endswith((".c", ".h")) or own.search(path):
                    continue
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        literals = " ".join(literal_re.findall(line))
                        for kind, hit in (("game", game_re.search(line)), ("side", side_re.search(literals)),
                                          ("notation", notation_re.search(line))):
                            if hit:
                                hits.append("%s:%d: %s %r: %s" % (path, number, kind, hit.group(0), line.strip()[:100]))
    return hits
