#!/bin/sh
# scripts/bench_memory.sh - the harness's peak memory against the number of
# games: a match of our own engine against itself at depth 1 (fast games),
# for each count of games, with the standings and summary.json every 50
# games (--ratinginterval), --pgnout and --epdout, then the finished run
# resumed (every game read back and replayed, none played); the engines with a 1 MiB
# hash (option.Hash=1) so that they stay smaller than qibench; prints "GAMES games:
# peak RSS KIB KiB" from /usr/bin/time -v ("Maximum resident set size", of
# the largest of qibench and its engines, which wait4 reports: qibench, as the
# engines are kept small).
#
#   scripts/bench_memory.sh [GAMES...]        default: 200 2000
#   QIBENCH=bin/qibench ENGINE=bin/xiangqi-engine CONCURRENCY=2 (environment)
#   make bench-memory                          the same (mk/bench_memory.mk)
#
# The memory must not grow with the games: the two figures within 1 MiB.
set -u
QIBENCH=${QIBENCH:-bin/qibench}
ENGINE=${ENGINE:-bin/xiangqi-engine}
CONCURRENCY=${CONCURRENCY:-2}
[ $# -gt 0 ] || set -- 200 2000
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-memory.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0
first=
for games in "$@"; do
    /usr/bin/time -v -o "$tmp/time.$games" "$QIBENCH" match \
        -engine name=a cmd="$ENGINE" -engine name=b cmd="$ENGINE" -each depth=1 option.Hash=1 \
        --rounds $((games / 2)) --openings file=positions/xiangqi/openings.epd format=epd order=random \
        --seed 1 --concurrency "$CONCURRENCY" --ratinginterval 50 \
        --pgnout "$tmp/out.$games.pgn" --epdout "$tmp/out.$games.epd" \
        --results "$tmp" --name "run$games" >"$tmp/out.$games" 2>"$tmp/err.$games"
    rc=$?
    played=$(wc -l <"$tmp/run$games/games.jsonl" 2>/dev/null || echo 0)
    kib=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tmp/time.$games")
    [ "$rc" -eq 0 ] && [ "$played" -eq "$games" ] || { status=1; tail -n 3 "$tmp/err.$games" >&2; }
    # the finished run resumed: every game read back, checked and replayed, none played
    /usr/bin/time -v -o "$tmp/rtime.$games" "$QIBENCH" match --resume "$tmp/run$games" >/dev/null 2>"$tmp/rerr.$games"
    rrc=$?
    rkib=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$tmp/rtime.$games")
    [ "$rrc" -eq 0 ] || { status=1; tail -n 3 "$tmp/rerr.$games" >&2; }
    echo "$games games: peak RSS ${kib:-?} KiB (exit $rc, $played games played); --resume of it: ${rkib:-?} KiB (exit $rrc)"
    first=${first:-$kib} rfirst=${rfirst:-$rkib}
done
if [ $# -gt 1 ] && [ -n "$first" ] && [ -n "$kib" ]; then
    grown=$((kib - first))
    rgrown=$((rkib - rfirst))
    if [ "$grown" -le 1024 ] && [ "$rgrown" -le 1024 ]; then
        echo "grown by $grown KiB (--resume: $rgrown KiB) from $1 to $games games: within 1 MiB"
    else
        echo "grown by $grown KiB (--resume: $rgrown KiB) from $1 to $games games: more than 1 MiB" >&2
        status=1
    fi
fi
exit $status
