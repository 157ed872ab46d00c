#!/bin/sh
# e2e_report_browser.sh - scripts/report.py's report.html rendered in
# headless Chromium: a suite with --baseline, a round-robin, a knockout and
# a Swiss tournament (depth-limited: the same games everywhere) in one
# report; no console message or script error, every chart (svg) of the page
# rendered with a size, the charts each section needs there, and the page
# no wider than 1,200 px at a 1,200 px window (read back from a test copy of
# the page whose inline script writes what it measured into the DOM, then
# --dump-dom); a screenshot is written. Skips without chromium.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
CHROMIUM=${CHROMIUM:-chromium}

if ! command -v "$CHROMIUM" >/dev/null 2>&1; then
    skip "chromium is not installed (apt-get install chromium)"
    report
    exit 0
fi
grep -v '^#' positions/xiangqi/bench.epd | head -n 4 >"$tmp/book.epd"
BOOK="--openings file=positions/xiangqi/openings.epd format=epd --rounds 2"
# Every engine scores (so the maximum-likelihood ratings exist and are charted).
E4="-engine name=negascout option.Search=negascout depth=2 -engine name=alphabeta option.Search=alphabeta depth=2
    -engine name=pvs option.Search=pvs depth=2 -engine name=mtdf option.Search=mtdf depth=2"
mkdir -p "$tmp/runs"
# shellcheck disable=SC2086
"$QIBENCH" suite "$tmp/book.epd" -variant-engines negascout,pvs,alphabeta,mtdf -each depth=3 --baseline pvs \
    --results "$tmp/runs" --name suite >"$tmp/suite.out" 2>&1
check "the suite runs" test $? -eq 0
# shellcheck disable=SC2086
"$QIBENCH" tournament $E4 $BOOK --concurrency 2 --results "$tmp/runs" --name rr >"$tmp/rr.out" 2>&1
check "the round-robin runs" test $? -eq 0
# shellcheck disable=SC2086
"$QIBENCH" tournament $E4 $BOOK --format knockout --concurrency 2 --results "$tmp/runs" --name ko >"$tmp/ko.out" 2>&1
check "the knockout runs" test $? -eq 0
# shellcheck disable=SC2086
"$QIBENCH" tournament $E4 $BOOK --format swiss --concurrency 2 --results "$tmp/runs" --name swiss >"$tmp/sw.out" 2>&1
check "the Swiss tournament runs" test $? -eq 0
"$PYTHON" scripts/report.py "$tmp/runs" -o "$tmp/report" 2>"$tmp/report.err"
check "report.py writes the report" test $? -eq 0 -a -s "$tmp/report/report.html"

# browse FILE OUT: Chromium's DOM after the page's scripts ran (stdout) and its log (OUT.log).
browse() {
    timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$tmp/profile" \
        --window-size=1200,900 --enable-logging=stderr --v=0 "$@" 2>>"$tmp/chromium.log"
}
# The page as it is: no console message at all (it has no script) and a screenshot.
browse --screenshot="$tmp/shot.png" "file://$tmp/report/report.html" >/dev/null
check "a screenshot of the page is written (PNG)" qbt report_browser.check_png "$tmp/shot.png"
browse --dump-dom "file://$tmp/report/report.html" >"$tmp/plain.dom"
check "the page as it is: no console message or error" test "$(grep -c 'CONSOLE' "$tmp/chromium.log")" -eq 0
# A test copy: an inline script measures the page and writes it into the DOM.
qbt report_browser.write_probe "$tmp/report/report.html" "$tmp/report/probe.html" >"$tmp/nsvg"
: >"$tmp/chromium.log"
browse --dump-dom --virtual-time-budget=5000 "file://$tmp/report/probe.html" >"$tmp/probe.dom"
probe=$(grep -o 'PROBE [^<]* END' "$tmp/probe.dom")
echo "$probe (svg elements in the file: $(cat "$tmp/nsvg"))"
val() { echo "$probe" | sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }
check "the probe ran and wrote its line" test -n "$probe"
check "no script error or console.error ($(val errors))" test "$(val errors)" = 0
check "no console message but the probe's own" test "$(grep -c 'CONSOLE' "$tmp/chromium.log")" -eq 0
check "every chart in the file is in the page ($(val svgs) of $(cat "$tmp/nsvg"))" test "$(val svgs)" = "$(cat "$tmp/nsvg")"
check "every chart is drawn with a size ($(val drawn) of $(val svgs))" test "$(val drawn)" = "$(val svgs)" -a "$(val svgs)" -ge 15
for kind in nodes-depth bf-depth nps agreement-move agreement-score ratings los terminations elo; do
    check "a chart $kind is present" sh -c 'echo "$1" | tr , "\n" | grep -qx "$2"' - "$(val kinds)" "$kind"
done
check "the page is no wider than 1,200 px (scrollWidth $(val scrollWidth))" test "$(val scrollWidth)" -le 1200
# The checks can fail: the same probe on a copy with a 1,500 px wide line and a console.error.
sed 's|</body>|<p style="white-space:nowrap;width:1500px">too wide</p><script>console.error("bad")</script></body>|' \
    "$tmp/report/probe.html" >"$tmp/report/bad.html"
: >"$tmp/chromium.log"
browse --dump-dom --virtual-time-budget=5000 "file://$tmp/report/bad.html" >"$tmp/bad.dom"
probe=$(grep -o 'PROBE [^<]* END' "$tmp/bad.dom")
check "a page made too wide is measured so (scrollWidth $(val scrollWidth) > 1200)" test "$(val scrollWidth)" -gt 1200
check "a console.error is caught by the probe and in Chromium's log" \
    test "$(val errors)" -ge 1 -a "$(grep -c 'CONSOLE' "$tmp/chromium.log")" -ge 1
check "the knockout bracket and the Swiss standings are in the page" sh -c \
    'grep -q "<h3>Knockout bracket</h3>" "$1" && grep -q "<h3>Swiss standings</h3>" "$1"' - "$tmp/plain.dom"
report
