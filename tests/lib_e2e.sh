# lib_e2e.sh - sourced by the e2e_*.sh scripts: counters, a scratch folder
# removed at exit, check helpers, a JSON Lines query, and the closing line
# that tests/run.sh adds up.
passed=0 failed=0 skipped=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
PYTHON=${PYTHON:-python3}

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
# check DESCRIPTION COMMAND...: passes when the command succeeds.
check() {
    what=$1; shift
    if "$@"; then ok; else bad "$what"; fi
}
skip() { skipped=$((skipped + 1)); echo "SKIP: $*"; }
# lines FILE: its number of lines.
lines() { wc -l <"$1" | tr -d ' '; }
# query FILE PYTHON: runs PYTHON with `rows`, the objects of the JSON Lines FILE.
query() { "$PYTHON" -c "import json,sys
rows=[json.loads(l) for l in open(sys.argv[1])]
$2" "$1"; }
# report: the closing line, "N passed, N failed[, N skipped]".
report() {
    if [ "$skipped" -gt 0 ]; then
        echo "$passed passed, $failed failed, $skipped skipped"
    else
        echo "$passed passed, $failed failed"
    fi
}
