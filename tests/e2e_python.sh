#!/bin/sh
# e2e_python.sh - the Python script tests (tests/python/test_*.py: scripts/report.py
# and scripts/compare.py on the results folders in tests/data/) under unittest,
# with the interpreter $PYTHON (default python3). Prints unittest's output, then
# the closing line "N passed, N failed[, N skipped]" that tests/run.sh adds up.
set -u
. "$(dirname "$0")/lib_e2e.sh"

"$PYTHON" -m unittest discover -s tests/python -t tests/python >"$tmp/out" 2>&1
status=$?
cat "$tmp/out"
total=$(sed -nE 's/^Ran ([0-9]+) tests? in .*/\1/p' "$tmp/out")
fails=$(sed -nE 's/^FAILED \(.*failures=([0-9]+).*/\1/p' "$tmp/out")
errors=$(sed -nE 's/^FAILED \(.*errors=([0-9]+).*/\1/p' "$tmp/out")
skips=$(sed -nE 's/.*skipped=([0-9]+).*/\1/p' "$tmp/out" | tail -n 1)
if [ -z "$total" ]; then
    # unittest did not get as far as running the tests (interpreter missing, syntax error)
    bad "unittest did not run (exit $status)"
else
    failed=$(( ${fails:-0} + ${errors:-0} ))
    skipped=${skips:-0}
    passed=$(( total - failed - skipped ))
    [ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || bad "unittest exit status $status"
fi
report
