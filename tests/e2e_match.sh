#!/bin/sh
# e2e_match.sh - `qibench match` and `qibench tournament` end to end: game
# pairs with colours swapped, reproducibility, PGN and JSON Lines output,
# forfeits for crashes, illegal moves and time losses, --recover, SPRT stop,
# round-robin and gauntlet.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
MOCK=${MOCK:-build/release/tests/mock_engine}
# This run's mocks carry --tag $TAG: other runs' mocks on the machine are not
# counted; the time forfeit's (in the background, below) carry $TIME_TAG
# (neither is a prefix of the other).
stamp=$(date +%s)
TAG="match$$x${stamp}m" TIME_TAG="match$$x${stamp}t"
PYTHON=${PYTHON:-python3}
# none_tagged WORD: no mock engine tagged WORD is left running.
none_tagged() { ! pgrep -f -- "--tag $1" >/dev/null; }

# --- a time forfeit (a mock that never moves: a 1 s clock, then 5 s for a
# readyok), in the background beside the rest -------------------------------------
time_forfeit() {
    "$QIBENCH" match -engine name=ns -engine name=mock cmd="$MOCK" arg=--tag "arg=$TIME_TAG" arg=--stall-after-go arg=1 -each tc=1+0.1 \
        --games 2 --recover --move-grace 200 --results "$tmp" --name time >/dev/null 2>&1
    check "no move before the flag falls: time forfeit" test "$(query "$tmp/time/games.jsonl" '
print(any(r["reason"]=="time forfeit" for r in rows))' "$tmp/time/games.jsonl")" = True
    check "no mock engine of the time forfeit left running" none_tagged "$TIME_TAG"
}
background time time_forfeit

grep -v '^#' positions/xiangqi/bench.epd | head -n 3 >"$tmp/book.epd"

# --- a match: pairs, colours, outputs --------------------------------------
run_match() { # NAME EXTRA-ARGS...
    name=$1; shift
    "$QIBENCH" match -engine name=deep depth=3 -engine name=shallow depth=1 --openings file="$tmp/book.epd" format=epd \
        --games 6 --concurrency 2 --results "$tmp" --name "$name" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
}
run_match m1
check "match exits 0" test $? -eq 0
G=$tmp/m1/games.jsonl
check "6 games logged" test "$(lines "$G")" -eq 6
check "each pair plays one opening with colours swapped" test "$(query "$G" '
by={}
for r in rows: by.setdefault(r["pair"], []).append(r)
ok=all(len(g)==2 and g[0]["fen"]==g[1]["fen"] and g[0]["red"]==g[1]["black"] and g[0]["black"]==g[1]["red"] for g in by.values())
print(len(by), ok)' "$G")" = "3 True"
check "every game has a result, a reason and legal-looking moves" test "$(query "$G" '
print(all(r["result"] in ("1-0","0-1","1/2-1/2") and r["reason"] and r["plies"]==len(r["moves"]) for r in rows))' "$G")" = True
check "PGN: 6 games with Variant, FEN, SetUp, Termination, TimeControl" sh -c \
    "test \$(grep -c '^\[Variant \"xiangqi\"\]' '$tmp/m1/games.pgn') -eq 6 && grep -q '^\[FEN ' '$tmp/m1/games.pgn' \
     && grep -q '^\[SetUp \"1\"\]' '$tmp/m1/games.pgn' && grep -q '^\[Termination ' '$tmp/m1/games.pgn' \
     && grep -q '^\[TimeControl ' '$tmp/m1/games.pgn'"
check "run.json records the seed and both engines" test "$(query "$tmp/m1/run.json" 'print(rows[0]["seed"], len(rows[0]["engines"]))' "$tmp/m1/run.json")" = "1 2"
check "summary: W/D/L, Elo, pentanomial" sh -c "grep -q '^deep vs shallow: 6 games' '$tmp/m1.out' && grep -q 'Elo' '$tmp/m1.out' && grep -q 'pentanomial' '$tmp/m1.out'"
check "deeper wins the match" test "$(query "$G" '
pts=sum((1 if r["result"]=="1/2-1/2" else 2 if (r["result"]=="1-0")==(r["red"]=="deep") else 0) for r in rows)
print(pts > 6)' "$G")" = True

# --- reproducible with the same seed at fixed depth -------------------------
run_match m2
check "same seed, fixed depth: the same games move for move" test "$(query "$tmp/m2/games.jsonl" '
key=lambda r: (r["pair"], r["red"])
print(sorted((key(r), [m["move"] for m in r["moves"]]) for r in rows))' "$tmp/m2/games.jsonl")" = "$(query "$G" '
key=lambda r: (r["pair"], r["red"])
print(sorted((key(r), [m["move"] for m in r["moves"]]) for r in rows))' "$G")"

# --- forfeits --------------------------------------------------------------------
"$QIBENCH" match -engine name=ns depth=1 -engine name=mock cmd="$MOCK" arg=--tag "arg=$TAG" arg=--crash-on-go arg=2 depth=1 \
    --games 4 --results "$tmp" --name crash >"$tmp/out" 2>"$tmp/err"
check "a crash without --recover stops the run with exit 3" test $? -eq 3
check "the crashed engine lost by 'abandoned: engine crashed'" test "$(query "$tmp/crash/games.jsonl" '
print([r["reason"] for r in rows][-1])' "$tmp/crash/games.jsonl")" = "abandoned: engine crashed"
check "the run says why it stopped" grep -q 'engine failure' "$tmp/err"
"$QIBENCH" match -engine name=ns depth=1 -engine name=mock cmd="$MOCK" arg=--tag "arg=$TAG" arg=--crash-on-go arg=2 depth=1 \
    --games 4 --recover --results "$tmp" --name recover >"$tmp/out" 2>"$tmp/err"
check "--recover: all 4 games played" test "$(lines "$tmp/recover/games.jsonl")" -eq 4
"$QIBENCH" match -engine name=ns depth=1 -engine name=mock cmd="$MOCK" arg=--tag "arg=$TAG" arg=--illegal arg=1 depth=1 \
    --games 2 --recover --results "$tmp" --name illegal >/dev/null 2>&1
check "an illegal move loses" test "$(query "$tmp/illegal/games.jsonl" '
print(any(r["reason"]=="illegal move" and (r["result"]=="0-1")==(r["red"]=="mock") for r in rows))' "$tmp/illegal/games.jsonl")" = True
check "no mock engine of this run left running" none_tagged "$TAG"

# --- score adjudication ------------------------------------------------------
run_match draw --draw movenumber=2 movecount=2 score=100000
check "--draw: every game adjudicated a draw after move 2" test "$(query "$tmp/draw/games.jsonl" '
print(all(r["reason"]=="adjudication: draw" and r["result"]=="1/2-1/2" and r["plies"]<=6 for r in rows))' "$tmp/draw/games.jsonl")" = True
run_match resign --resign movecount=2 score=1
check "--resign: games end by resign adjudication against the side both scores condemn" test "$(query "$tmp/resign/games.jsonl" '
print(any(r["reason"]=="adjudication: resign" for r in rows))' "$tmp/resign/games.jsonl")" = True

# --- SPRT stops the run -----------------------------------------------------
"$QIBENCH" match -engine name=d4 depth=4 -engine name=d1 depth=1 --openings file="$tmp/book.epd" format=epd \
    --rounds 100 --sprt elo0=0 elo1=100 --results "$tmp" --name sprt >"$tmp/out" 2>&1
check "SPRT accepts H1 (exit 0) and stops well before 200 games" sh -c "grep -q 'H1' '$tmp/out' && test \$(wc -l <'$tmp/sprt/games.jsonl') -lt 100"
"$QIBENCH" match -engine name=d1 depth=1 -engine name=d4 depth=4 --openings file="$tmp/book.epd" format=epd \
    --rounds 100 --sprt elo0=0 elo1=100 --results "$tmp" --name sprt0 >"$tmp/out" 2>&1
check "SPRT accepts H0: exit status 1" test $? -eq 1

# --- tournaments --------------------------------------------------------------
"$QIBENCH" tournament -variant-engines alphabeta,negascout,mtdf -each depth=2 --rounds 1 \
    --results "$tmp" --name rr >"$tmp/out" 2>&1
check "round-robin of 3: 3 pairings, 6 games" test "$(lines "$tmp/rr/games.jsonl")" -eq 6
"$QIBENCH" tournament --format gauntlet -variant-engines negascout,alphabeta,mtdf -each depth=2 --rounds 1 \
    --results "$tmp" --name gauntlet >"$tmp/out" 2>&1
check "gauntlet of 1 + 2: 2 pairings, 4 games" test "$(lines "$tmp/gauntlet/games.jsonl")" -eq 4
check "gauntlet: the first engine plays every game" test "$(query "$tmp/gauntlet/games.jsonl" '
print(all("negascout" in (r["red"], r["black"]) for r in rows))' "$tmp/gauntlet/games.jsonl")" = True

# --- bad input ----------------------------------------------------------------
"$QIBENCH" match -engine name=a depth=1 >/dev/null 2>"$tmp/err"
check "match with one engine: usage error, exit 2" test $? -eq 2
"$QIBENCH" match -engine name=a -engine name=b >/dev/null 2>"$tmp/err"
check "no limit: a clear error" grep -q 'no time control or limit' "$tmp/err"
"$QIBENCH" match -engine name=a tc=x -engine name=b depth=1 >/dev/null 2>"$tmp/err"
check "bad tc: a clear error" grep -q "bad time control 'x'" "$tmp/err"
"$QIBENCH" match -engine name=a depth=1 -engine name=b depth=1 --sprt elo0=5 elo1=0 >/dev/null 2>"$tmp/err"
check "bad SPRT bounds rejected" test -s "$tmp/err"

# --- progress and standings ----------------------------------------------------
"$QIBENCH" tournament -variant-engines alphabeta,negascout,mtdf -each depth=2 --rounds 2 --ratinginterval 2 \
    --results "$tmp" --name rating >"$tmp/rating.out" 2>&1
check "--ratinginterval 2: the standings table is printed more than once" \
    test "$(grep -c '^standings after' "$tmp/rating.out")" -gt 1
check "the final table ranks the 3 engines" test "$(sed -n '/^standings after 12 of 12/,/^Elo:/p' "$tmp/rating.out" \
    | grep -cE '^ +[123]  (alphabeta|negascout|mtdf) ')" -eq 3
run_match progress --progress 2
check "off a terminal, --progress 2: a 'games 2/' status line" grep -q '^games 2/6 ' "$tmp/progress.err"
check "off a terminal the per-game lines stay" test "$(grep -c '^game [0-9]*:' "$tmp/progress.err")" -eq 6

join_background
report
