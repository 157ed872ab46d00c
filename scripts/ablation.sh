#!/bin/sh
# ablation.sh - what each search feature adds to the preset `modern`: for
# every feature X, a match "with X" against "without X" (modern against
# modern minus X for the preset's features, modern plus X against modern for
# the others) and the ratio of bench's nodes to a fixed depth, into a table
# (README, "Search features").
#
#   sh scripts/ablation.sh [OUT-DIR]      (make ablation)
#
# Environment: ABLATION_LIMIT (qibench's limit per move, default nodes=10000:
# the same games on every machine; e.g. movetime=100 timemargin=300 for
# equal time), ABLATION_ROUNDS (game pairs per feature, default 30),
# ABLATION_DEPTH (bench depth of the node ratio, default 6),
# ABLATION_CONCURRENCY (games at once, default 1: with a time limit, give
# each engine a core: 2 on 2 cores plays two games at once, each engine
# thinking while the other waits), ABLATION_ONLY
# (a space-separated list of option names: only these), ENGINE (default
# bin/xiangqi-engine), QIBENCH (default bin/qibench), OPENINGS (default
# positions/xiangqi/openings.epd). The binaries are copied into OUT-DIR first
# (a rebuild during the run does not touch them). Writes OUT-DIR/table.md
# (and prints it); each match's results folder is OUT-DIR/match-OPTION.
set -eu
ENGINE=${ENGINE:-bin/xiangqi-engine}
QIBENCH=${QIBENCH:-bin/qibench}
OPENINGS=${OPENINGS:-positions/xiangqi/openings.epd}
LIMIT=${ABLATION_LIMIT:-nodes=10000}
ROUNDS=${ABLATION_ROUNDS:-30}
DEPTH=${ABLATION_DEPTH:-6}
CONCURRENCY=${ABLATION_CONCURRENCY:-1}
ONLY=${ABLATION_ONLY:-}
PYTHON=${PYTHON:-python3}
out=${1:-results/ablation-$(date -u +%Y%m%d-%H%M%S)}
if [ -e "$out" ]; then
    echo "ablation.sh: $out exists (results folders are never mixed); give a new one" >&2
    exit 2
fi
mkdir -p "$out"
cp "$ENGINE" "$out/engine"
cp "$QIBENCH" "$out/qibench"
eng=$(cd "$out" && pwd)/engine
export QIBENCH_POSITIONS="$(pwd)/positions"

# bench_nodes FLAGS...: modern's nodes at DEPTH over the bench set.
bench_nodes() { "$eng" "$@" bench "$DEPTH" modern 2>/dev/null | sed -n 's/^Nodes searched *: //p'; }

# The features (option, flag) from --help, and those on in the preset from uci.
"$eng" --help | sed -n 's/^  \(--[a-z-]*\) on|off .*(\([A-Za-z]*\), \(exact\|not exact\))$/\2 \1/p' >"$out/features"
echo uci | "$eng" | sed -n 's/^option name \([A-Za-z]*\) type check default true$/\1/p' >"$out/preset"
base=$(bench_nodes)
{
    echo "# Ablation of the preset modern: $LIMIT a move, $ROUNDS game pairs per feature from $OPENINGS"
    echo
    echo "Elo and score are \"with the feature\" against \"without\", from qibench's summary (pair interval);"
    echo "nodes ratio: bench $DEPTH modern without the feature over with it (with: $base nodes; > 1: the feature saves nodes)."
    echo
    echo "| feature | in preset | nodes ratio (without/with) | score | Elo | ± | games | pentanomial |"
    echo "|---|---|---|---|---|---|---|---|"
} >"$out/table.md"

while read -r opt flag; do
    if [ -n "$ONLY" ]; then
        case " $ONLY " in *" $opt "*) ;; *) continue ;; esac
    fi
    if grep -qx "$opt" "$out/preset"; then
        inpreset=yes
        with="name=with option.Search=modern"
        without="name=without option.Search=modern option.$opt=false"
        ratio=$(awk -v a="$(bench_nodes "$flag" off)" -v b="$base" 'BEGIN { printf "%.3f", a / b }')
    else
        inpreset=no
        with="name=with option.Search=modern option.$opt=true"
        without="name=without option.Search=modern"
        ratio=$(awk -v a="$base" -v b="$(bench_nodes "$flag" on)" 'BEGIN { printf "%.3f", a / b }')
    fi
    echo "ablation: $opt (in preset: $inpreset), $ROUNDS pairs at $LIMIT" >&2
    # shellcheck disable=SC2086 # the engine specs and the limit are words
    "$out/qibench" match -engine cmd="$eng" $with -engine cmd="$eng" $without -each $LIMIT \
        --openings file="$OPENINGS" format=epd --rounds "$ROUNDS" --concurrency "$CONCURRENCY" \
        --results "$out" --name "match-$opt" >"$out/match-$opt.out" 2>"$out/match-$opt.err" || {
        echo "ablation.sh: the match for $opt failed (see $out/match-$opt.err)" >&2
        exit 1
    }
    "$PYTHON" - "$out/match-$opt/summary.json" "$opt" "$inpreset" "$ratio" >>"$out/table.md" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
p = next(p for p in s["pairings"] if p["engine"] == "with")
print("| %s | %s | %s | %.1f%% | %+.1f | %.1f | %d | %s |" % (sys.argv[2], sys.argv[3], sys.argv[4],
      100 * p["score"], p["elo"], p["elo_error"], p["games"], " ".join(map(str, p["penta"]))))
EOF
done <"$out/features"
cat "$out/table.md"
