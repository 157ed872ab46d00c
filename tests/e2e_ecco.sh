#!/bin/sh
# e2e_ecco.sh - ECCO classification carried through a match: games played from
# positions/xiangqi/openings.epd carry their opening's ECCO code in games.jsonl
# ("ecco") and [ECCO]/[Opening]/[Variation] in games.pgn beside the xqbase tags
# ([Game "Chinese Chess"], [Red], [Format "ICCS"], moves "H2-E2"); summary.json's
# "ecco" breakdown (per ECCO letter: games, points_first, score_first, from the
# first engine's side; in a tournament per pairing and, with points and score
# from its own side, per engine) equals an independent recount from games.jsonl
# in Python;
# games.pgn reads back as a book with the same openings' moves; --resume
# rewrites games.pgn byte for byte. Depth-limited games: the same on every machine.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
ENGINE=${ENGINE:-bin/xiangqi-engine}
EPD=positions/xiangqi/openings.epd

# five openings, one per ECCO letter (A: el-p3, B: cc-rph, C: cc-screen-rr,
# D: sc-slow, E: pawn-cc), in that order
for id in el-p3 cc-rph cc-screen-rr sc-slow pawn-cc; do grep " ;id \"$id\" " "$EPD"; done >"$tmp/five.epd"
check "five openings taken from the book" test "$(lines "$tmp/five.epd")" -eq 5
"$QIBENCH" match -engine name=first cmd="$ENGINE" depth=2 -engine name=second cmd="$ENGINE" depth=1 \
    --openings file="$tmp/five.epd" format=epd --rounds 5 --results "$tmp" --name m >"$tmp/out" 2>&1
check "match from the five openings: exit 0" test $? -eq 0
check "10 games" test "$(lines "$tmp/m/games.jsonl")" -eq 10

"$PYTHON" - "$tmp/m" "$tmp/five.epd" >"$tmp/py.out" 2>&1 <<'PY'
import json, re, sys
run, epd = sys.argv[1], sys.argv[2]
book = {}
for line in open(epd, encoding="utf-8"):
    ops = dict(re.findall(r';(\w+) "([^"]*)"', line))
    book[ops["id"]] = ops
games = [json.loads(l) for l in open(f"{run}/games.jsonl", encoding="utf-8")]
# games.jsonl: every game has its opening's code
for g in games:
    assert g["ecco"] == book[g["opening"]]["ecco"], (g["opening"], g["ecco"])
# the recount: points of "first" per letter
want = {}
for g in games:
    letter = g["ecco"][0]
    pts = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[g["result"]]
    if g["black"] == "first":
        pts = 1.0 - pts
    w = want.setdefault(letter, {"games": 0, "points_first": 0.0})
    w["games"] += 1
    w["points_first"] += pts
for w in want.values():
    w["score_first"] = w["points_first"] / w["games"]
s = json.load(open(f"{run}/summary.json", encoding="utf-8"))
assert sorted(want) == list("ABCDE"), sorted(want)
for key, got in (("summary", s["ecco"]), ("pairing", s["pairings"][0]["ecco"])):
    assert sorted(got) == sorted(want), (key, got)
    for letter, w in want.items():
        g = got[letter]
        assert g["games"] == w["games"] and abs(g["points_first"] - w["points_first"]) < 1e-9 \
            and abs(g["score_first"] - w["score_first"]) < 1e-9, (key, letter, g, w)
# games.pgn: per game, the xqbase tags and the opening's ECCO tags, moves H2-E2
pgn = open(f"{run}/games.pgn", encoding="utf-8").read()
blocks = [b for b in pgn.split('[Game "Chinese Chess"]\n')[1:]]
assert len(blocks) == len(games), len(blocks)
for g, b in zip(games, blocks):
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', b, re.M))
    ops = book[g["opening"]]
    assert tags["Red"] == tags["White"] == g["red"] and tags["Black"] == g["black"], tags
    assert tags["Format"] == "ICCS" and tags["ECCO"] == ops["ecco"] and tags["Opening"] == ops["opening"], tags
    assert tags.get("Variation", "") == ops.get("variation", ""), tags
    text = b.split("\n\n", 1)[1]
    moves = re.findall(r"\b([A-I][0-9]-[A-I][0-9])\b", text)
    want_moves = [f"{m[0].upper()}{m[1]}-{m[2].upper()}{m[3]}" for m in (x["move"] for x in g["moves"])]
    assert moves == want_moves, (moves[:4], want_moves[:4])
print("ok")
PY
check "games.jsonl ecco, games.pgn xqbase and ECCO tags, summary ecco = the recount" grep -qx ok "$tmp/py.out"
grep -qx ok "$tmp/py.out" || cat "$tmp/py.out"

# games.pgn read back as a PGN book: 10 games, the first one's opening moves
"$QIBENCH" match -engine name=x cmd="$ENGINE" depth=1 -engine name=y cmd="$ENGINE" depth=1 \
    --openings file="$tmp/m/games.pgn" format=pgn plies=6 --rounds 1 --results "$tmp" --name back >/dev/null 2>&1
check "games.pgn reads back as a book (H2-E2 moves, ECCO tags)" test $? -eq 0
check "read back: the first game's opening is named by its Event, with el-p3's ECCO code A39" \
    test "$(query "$tmp/back/games.jsonl" 'print(rows[0]["opening"], rows[0]["ecco"])')" = "qibench A39"

cp "$tmp/m/games.pgn" "$tmp/ref.pgn" && rm "$tmp/m/games.pgn"
"$QIBENCH" match --resume "$tmp/m" >/dev/null 2>&1
check "--resume rewrites games.pgn (with the ECCO tags) byte for byte" cmp -s "$tmp/ref.pgn" "$tmp/m/games.pgn"

# a tournament: per pairing from its first engine's side, per engine from its own side
"$QIBENCH" tournament -engine name=x cmd="$ENGINE" depth=2 -engine name=y cmd="$ENGINE" depth=1 \
    -engine name=z cmd="$ENGINE" depth=2 option.Search=alphabeta --openings file="$tmp/five.epd" format=epd \
    --rounds 5 --results "$tmp" --name t >/dev/null 2>&1
check "tournament from the five openings: exit 0" test $? -eq 0
"$PYTHON" - "$tmp/t" >"$tmp/py.out" 2>&1 <<'PY'
import json, sys
run = sys.argv[1]
games = [json.loads(l) for l in open(f"{run}/games.jsonl", encoding="utf-8")]
s = json.load(open(f"{run}/summary.json", encoding="utf-8"))
pts = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
def tally(filter_, side):
    out = {}
    for g in games:
        if not filter_(g):
            continue
        p = pts[g["result"]] if g["red"] == side(g) else 1 - pts[g["result"]]
        w = out.setdefault(g["ecco"][0], [0, 0.0])
        w[0] += 1
        w[1] += p
    return out
def same(got, want, pkey, skey):
    assert sorted(got) == sorted(want), (got, want)
    for k, (n, p) in want.items():
        assert got[k]["games"] == n and abs(got[k][pkey] - p) < 1e-9 and abs(got[k][skey] - p / n) < 1e-9, (k, got, want)
assert s["ecco"] is None  # a tournament: per pairing and per engine only
for pr in s["pairings"]:
    a, b = pr["engine"], pr["opponent"]
    same(pr["ecco"], tally(lambda g: {g["red"], g["black"]} == {a, b}, lambda g: a), "points_first", "score_first")
for e in s["engines"]:
    n = e["name"]
    same(e["ecco"], tally(lambda g: n in (g["red"], g["black"]), lambda g: n), "points", "score")
print("ok")
PY
check "tournament: ecco per pairing (first engine's side) and per engine (its side) = the recount" \
    grep -qx ok "$tmp/py.out"; grep -qx ok "$tmp/py.out" || cat "$tmp/py.out"

# a book without ECCO codes: "ecco" is null and no ECCO tags
sed 's/ ;ecco .*$//' "$tmp/five.epd" >"$tmp/plain.epd"
"$QIBENCH" match -engine name=first cmd="$ENGINE" depth=1 -engine name=second cmd="$ENGINE" depth=1 \
    --openings file="$tmp/plain.epd" format=epd --rounds 1 --results "$tmp" --name plain >/dev/null 2>&1
check "no ECCO codes: summary ecco is null" test "$(query "$tmp/plain/summary.json" 'print(rows[0]["ecco"])')" = "None"
check "no ECCO codes: no ECCO tag, no ecco key" \
    sh -c "! grep -q '^\[ECCO ' '$tmp/plain/games.pgn' && ! grep -q '\"ecco\"' '$tmp/plain/games.jsonl'"
report
