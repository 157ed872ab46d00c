# lib_oracle.sh - Fairy-Stockfish in WebAssembly (the npm package
# fairy-stockfish-nnue.wasm, run by node) as a live oracle for the shell
# tests that compare a move generator with it (tests/amazons/oracle_perft.sh,
# tests/ataxx/oracle_perft.sh). Sourced after tests/lib_e2e.sh ($tmp, skip,
# report).
#
#   oracle_require JS GAME   without node or JS: SKIP (naming GAME), report, exit 0
#   oracle_start JS VARIANT  node reads commands from a FIFO (fd 3) and writes
#                            to $tmp/out; `uci` and the UCI_Variant sent
#   oracle_perft DEPTH POSITION-COMMAND
#                            `go perft DEPTH` there, waiting for its "Nodes
#                            searched" line; its output into $tmp/section
#   oracle_text POSITION-COMMAND
#                            the oracle's position text there (`d`, "Fen: ")
# The oracle is stopped on exit (and $tmp removed).

oracle_pid=

oracle_require() {
    command -v node >/dev/null 2>&1 || { skip "node not found (the $2 oracle runs on node)"; report; exit 0; }
    [ -f "$1" ] || { skip "$1 missing: run 'make amazons-npm' (npm install fairy-stockfish-nnue.wasm)"; report; exit 0; }
}

oracle_cleanup() {
    exec 3>&-
    [ -n "$oracle_pid" ] && kill "$oracle_pid" 2>/dev/null && wait "$oracle_pid" 2>/dev/null
    rm -rf "$tmp"
}

oracle_start() {
    trap oracle_cleanup EXIT
    mkfifo "$tmp/in" || exit 1
    node --no-experimental-fetch "$1" <"$tmp/in" >"$tmp/out" 2>&1 &
    oracle_pid=$!
    exec 3>"$tmp/in"
    printf 'uci\nsetoption name UCI_Variant value %s\n' "$2" >&3
}

# perft runs on a thread of its own, so the next command must wait.
oracle_perft() {
    off=$(wc -c <"$tmp/out")
    printf '%s\ngo perft %s\n' "$2" "$1" >&3
    nap=0.005 waited=0
    until tail -c +"$((off + 1))" "$tmp/out" | grep -q '^Nodes searched'; do
        kill -0 "$oracle_pid" 2>/dev/null || { echo "oracle_perft: the oracle died"; return 1; }
        sleep "$nap"
        waited=$((waited + 1))
        [ "$waited" -gt 20 ] && nap=0.05
        [ "$waited" -gt 4000 ] && { echo "oracle_perft: no answer to 'go perft $1'"; return 1; }
    done
    tail -c +"$((off + 1))" "$tmp/out" >"$tmp/section"
}

oracle_text() {
    off=$(wc -c <"$tmp/out")
    printf '%s\nd\n' "$1" >&3
    waited=0
    until tail -c +"$((off + 1))" "$tmp/out" | grep -q '^Fen: '; do
        sleep 0.01
        waited=$((waited + 1))
        [ "$waited" -gt 2000 ] && return 1
    done
    tail -c +"$((off + 1))" "$tmp/out" | sed -n 's/^Fen: //p' | head -n 1
}
