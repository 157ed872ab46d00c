"""qbt - what the shell tests ask of qibench's stored results, by name.

The e2e scripts call these through lib_e2e.sh's `qbt FUNCTION ARGS...`
(`python3 -m qbt`, see __main__.py): a function of this module by its name
(`qbt count games.jsonl result=1-0`), or one of a topic module by
MODULE.NAME (`qbt suite.check_summary ...`). What a function returns is
printed (see __main__.py); a check that does not hold raises
AssertionError with what it found, and the call exits 1.

Rows are the objects of a JSON Lines file (games.jsonl, searches.jsonl,
playouts.jsonl); a document is one JSON file (run.json, summary.json). A
key may be dotted to go into objects and lists: "engines.0.name".
A condition is KEY=VALUE or KEY!=VALUE, VALUE compared with the field as
printed (so `passed=True`, `plies=12`, `detail=` for "" or null).
"""
import json


def rows(path):
    """The objects of the JSON Lines file path; every line must be whole."""
    with open(path, encoding="utf-8") as f:
        data = f.read()
    assert data == "" or data.endswith("\n"), f"{path}: the last line is not whole"
    out = []
    for n, line in enumerate(data.splitlines(), 1):
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:
            raise AssertionError(f"{path}:{n}: not JSON ({e})") from None
    return out


def doc(path):
    """The JSON document in path."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def get(obj, key):
    """obj's field at the dotted key ("engines.0.name"); None where missing."""
    for part in key.split("."):
        if isinstance(obj, list):
            try:
                obj = obj[int(part)]
            except (ValueError, IndexError):
                return None
        elif isinstance(obj, dict):
            obj = obj.get(part)
        else:
            return None
    return obj


def text(v):
    """A field as the shell sees it: "" for None, JSON for objects and lists."""
    if v is None:
        return ""
    if isinstance(v, (dict, list)):
        return json.dumps(v, sort_keys=True)
    return str(v)


def matches(row, conditions):
    """Does row meet every KEY=VALUE / KEY!=VALUE condition?"""
    for c in conditions:
        if "!=" in c:
            k, v = c.split("!=", 1)
            if text(get(row, k)) == v:
                return False
        else:
            k, sep, v = c.partition("=")
            assert sep, f"condition {c!r}: expected KEY=VALUE or KEY!=VALUE"
            if text(get(row, k)) != v:
                return False
    return True


def where(path, *conditions):
    """The rows of the JSON Lines file path that meet the conditions."""
    return [r for r in rows(path) if matches(r, conditions)]


def results(path):
    """"RESULT REASON PLIES" of each game of a games.jsonl, in file order."""
    return [[r["result"], r["reason"], r["plies"]] for r in rows(path)]


def games_where(path, *conditions):
    """The games of a games.jsonl that meet the conditions, as "pair game
    result reason" lines, in file order."""
    return [[r.get("pair"), r.get("game"), r.get("result"), r.get("reason")] for r in where(path, *conditions)]


def count(path, *conditions):
    """How many rows of path meet the conditions."""
    return len(where(path, *conditions))


def total(path, key, *conditions):
    """The sum of key over the rows of path that meet the conditions."""
    return sum(get(r, key) or 0 for r in where(path, *conditions))


def column(path, key, *conditions):
    """key of each row of path that meets the conditions, in file order."""
    return [text(get(r, key)) for r in where(path, *conditions)]


def field(path, index, key):
    """key of row index (0 first, -1 last) of the JSON Lines file path."""
    return get(rows(path)[int(index)], key)


def value(path, key):
    """The field at the dotted key of the JSON document path (run.json,
    summary.json): `value summary.json engines.0.nodes`."""
    return get(doc(path), key)


summary_value = value


# --- games.jsonl and run folders --------------------------------------------
SIDES = ("red", "black", "white")


def sides(row):
    """The two players of a game, the first side's first: a record names its
    sides by the game's side names, the first player's first (Xiangqi red,
    black; the Amazons white, black; Ataxx black, white)."""
    return [row[k] for k in row if k in SIDES][:2]


def first_side(row):
    """The name of a game's first player (see sides)."""
    return sides(row)[0]


def points(path, name, *conditions):
    """name's score in half points (2 a win, 1 a draw) over the games of
    path that meet the conditions."""
    n = 0
    for r in where(path, *conditions):
        if name not in sides(r):
            continue
        if r.get("result") == "1/2-1/2":
            n += 1
        elif (r.get("result") == "1-0") == (first_side(r) == name):
            n += 2
    return n


def losses(path, name, *conditions):
    """How many games of path that meet the conditions name lost (0-1 as
    the first side, 1-0 as the other)."""
    return sum(name in sides(r)
               and r.get("result") == ("0-1" if first_side(r) == name else "1-0")
               for r in where(path, *conditions))


def distinct(path, keys, *conditions):
    """How many different values the rows of path that meet the conditions
    have at keys (comma-separated: "pair,game" counts the games)."""
    ks = keys.split(",")
    return len({tuple(text(get(r, k)) for k in ks) for r in where(path, *conditions)})


def prefixed(path, key, prefix, *conditions):
    """How many rows of path that meet the conditions have key starting
    with prefix (`prefixed games.jsonl reason abandoned`)."""
    return sum(text(get(r, key)).startswith(prefix) for r in where(path, *conditions))


# --- suites, ratings and formats ----------------------------------------------
def moves(path, index):
    """The moves of row index (0 first, -1 last) of a games.jsonl, as one
    line: `moves games.jsonl 0 | cut -d' ' -f1-3` for its first three."""
    return " ".join(m["move"] for m in rows(path)[int(index)]["moves"])


def maximum(path, key, *conditions):
    """The largest key over the rows of path that meet the conditions
    (`maximum games.jsonl plies`); there must be one."""
    vals = [get(r, key) for r in where(path, *conditions)]
    assert vals, f"{path}: no row to take the maximum of {key} over"
    return max(vals)


def length(path, key):
    """How many items the list (or object) at the dotted key of the JSON
    document path holds: `length summary.json swiss.rounds`."""
    v = get(doc(path), key)
    assert isinstance(v, (list, dict)), f"{path}: {key} is {v!r}, not a list or object"
    return len(v)


def values(path, *keys):
    """The fields at the dotted keys of the JSON document path on one line,
    blank-separated: `values regress.json exit_status bench.speed_ok`."""
    obj = doc(path)
    return [[get(obj, k) for k in keys]]


def game_points(row, engine):
    """engine's points in the game row: 1, 0.5 or 0 (a result other than
    1-0, 0-1 and 1/2-1/2 is a KeyError)."""
    p = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[row["result"]]
    return p if first_side(row) == engine else 1.0 - p


def close(x, y, tol=1e-6, relative=False):
    """Are x and y (JSON values) the same, their numbers to within tol
    (relative: tol times the larger of 1 and |y|)? Objects need the same
    keys, lists the same length."""
    if isinstance(x, dict):
        return isinstance(y, dict) and x.keys() == y.keys() and all(close(x[k], y[k], tol, relative) for k in x)
    if isinstance(x, list):
        return isinstance(y, list) and len(x) == len(y) and all(close(p, q, tol, relative) for p, q in zip(x, y))
    number = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
    if number(x) and number(y):
        return abs(x - y) <= float(tol) * (max(1, abs(y)) if relative else 1)
    return x == y


def check_null(path, key):
    """The JSON document path has key (dotted), and it is null."""
    obj = doc(path)
    *parents, last = key.split(".")
    parent = get(obj, ".".join(parents)) if parents else obj
    assert isinstance(parent, dict) and last in parent, f"{path}: no {key}"
    assert parent[last] is None, f"{path}: {key} is {parent[last]!r}, not null"


def check_between(path, key, low, high):
    """low < the number at the dotted key of the JSON document path < high."""
    v = get(doc(path), key)
    assert isinstance(v, (int, float)) and float(low) < v < float(high), \
        f"{path}: {key} is {v!r}, not between {low} and {high}"
