"""qbt.stats - the questions e2e_stats.sh asks of `qibench stats --json`."""
import json

import qbt

KEYS = ["games", "pairs", "wins", "draws", "losses", "score", "elo", "elo_error", "los",
        "draw_ratio", "nelo", "nelo_error", "llr", "lower_bound", "upper_bound", "verdict"]


def _holds(d, c):
    """Does the object d meet the condition c (see check_json)?"""
    for op in ("~", ">", "<"):
        if op in c and "=" not in c.split(op, 1)[0]:
            k, v = c.split(op, 1)
            x = d[k]
            if not isinstance(x, (int, float)) or isinstance(x, bool):
                return False
            if op == ">":
                return x > float(v)
            if op == "<":
                return x < float(v)
            want, _, tol = v.partition("+-")
            return abs(x - float(want)) < float(tol) if tol else x == float(want)
    assert "=" in c, f"condition {c!r}: expected KEY=VALUE, KEY~VALUE+-TOL, KEY>VALUE or KEY<VALUE"
    k = c.split("=", 1)[0]
    assert k in d, f"condition {c!r}: no key {k}"
    return qbt.matches(d, [c])


def check_json(path, *conditions):
    """path holds one line, a JSON object with exactly the documented keys
    (in order) and no NaN or Infinity, that meets every condition: KEY=VALUE
    (the field as printed; `pairs=` for null, `verdict=H0`), KEY~VALUE
    (a number equal to VALUE: `elo~0` holds for 0 and 0.0), KEY~VALUE+-TOL
    (a number less than TOL from VALUE), KEY>VALUE, KEY<VALUE."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    assert len(lines) == 1, f"expected one line, got {len(lines)}"

    def no_constant(name):
        raise AssertionError("non-finite number " + name)
    d = json.loads(lines[0], parse_constant=no_constant)
    assert list(d) == KEYS, f"keys {list(d)}"
    failed = [c for c in conditions if not _holds(d, c)]
    assert not failed, f"false: {' '.join(failed)} for {lines[0]}"
