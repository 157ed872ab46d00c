#!/bin/sh
# e2e_chase_oracle.sh - the oracle for tests/chase_cases.txt: Fairy-Stockfish
# in WebAssembly (npm fairy-stockfish-nnue.wasm, `make amazons-npm`), which
# implements the AXF chasing rule, scores each case's last move
# (tests/chase_oracle.py) and must give the result the case file records in
# its oracle column; where that column differs from our asian verdict, the
# case's note must say why ("differs: ..." with the rule text). Skips with a
# message when node or the package is missing.
set -u
. "$(dirname "$0")/lib_e2e.sh"
CASES=${CASES:-tests/chase_cases.txt}
FSF_JS=${FSF_JS:-node_modules/fairy-stockfish-nnue.wasm/uci.js}

if ! command -v node >/dev/null 2>&1; then
    skip "node is not installed (apt-get install nodejs): the chase oracle is not run"
    report; exit 0
fi
if [ ! -f "$FSF_JS" ]; then
    skip "$FSF_JS is missing (make amazons-npm): the chase oracle is not run"
    report; exit 0
fi
if ! "$PYTHON" tests/chase_oracle.py "$CASES" node --no-experimental-fetch "$FSF_JS" >"$tmp/oracle" 2>"$tmp/err"; then
    bad "the oracle did not run: $(cat "$tmp/err")"
    report; exit 0
fi
n=0
while IFS='|' read -r id fen moves asian oracle note; do
    id=$(echo "$id" | tr -d ' ')
    case "$id" in ''|'#'*) continue ;; esac
    n=$((n + 1))
    oracle=$(echo "$oracle" | tr -d ' ') ours=$(echo "$asian" | sed 's/^ *//' | cut -d' ' -f1)
    got=$(awk -v id="$id" '$1 == id { print $2 }' "$tmp/oracle")
    check "$id: the oracle says '$got', the case file '$oracle'" test "$got" = "$oracle"
    if [ "$oracle" != "$ours" ]; then
        case "$note" in
        *differs:*) ok ;;
        *) bad "$id: ours ($ours) and the oracle's ($oracle) differ, and the note does not say why" ;;
        esac
    fi
done <"$CASES"
check "the oracle answered every case ($n)" test "$(lines "$tmp/oracle")" -eq "$n"
report
