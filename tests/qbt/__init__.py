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


# --- more questions over games.jsonl and run folders --------------------------
# (end of section)


# --- more questions over suites, ratings and formats -------------------------
# (end of section)


# --- more questions over the Amazons and engine runs -------------------------
def moves(path, index):
    """The moves of game index (0 first, -1 last) of a games.jsonl, as one
    line: `moves games.jsonl 0` prints "a1-b1/a1 j10-i10/j10 b1-c1/b1"."""
    return " ".join(m["move"] for m in rows(path)[int(index)]["moves"])


# (end of section)
