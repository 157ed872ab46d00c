#!/bin/sh
# e2e_report_browser.sh - scripts/report.py's report.html rendered in
# headless Chromium: a suite with --baseline, a round-robin, a knockout, a
# Swiss tournament (depth-limited: the same games everywhere), a Xiangqi
# match and an Amazons match in one report; no console message or script
# error, every chart (svg) of the page rendered with a size, the charts each
# section needs there, the games sections (score as first and as second
# player, game lengths, results per opening, Elo over the run, the link to
# games.pgn) and the Amazons run with its own side names; and at a 1,400 px
# and an 800 px wide window: the page no wider than the window, no heading,
# paragraph or table cell whose text overflows its box, no chart text out of
# its chart, no table or chart that must be scrolled sideways (read back
# from a test copy of the page whose inline script writes what it measured
# into the DOM, then --dump-dom); a screenshot at each width. Skips without
# chromium.
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
# shellcheck disable=SC2086
"$QIBENCH" match -engine name=new depth=2 -engine name=old option.Search=alphabeta depth=1 $BOOK \
    --concurrency 2 --results "$tmp/runs" --name match >"$tmp/match.out" 2>&1
check "the Xiangqi match runs" test $? -eq 0
"$QIBENCH" match --game amazons -engine name=mcts depth=1 -engine name=ab option.Search=alphabeta depth=1 --games 4 \
    --results "$tmp/runs" --name amazons >"$tmp/amazons.out" 2>&1
check "the Amazons match runs" test $? -eq 0
"$PYTHON" scripts/report.py "$tmp/runs" -o "$tmp/report" 2>"$tmp/report.err"
check "report.py writes the report" test $? -eq 0 -a -s "$tmp/report/report.html"

# browse WIDTH ARGS...: Chromium at a window WIDTH px wide; its DOM after the page's scripts ran
# (with --dump-dom) on stdout, its log in $tmp/chromium.log.
browse() {
    width=$1; shift
    timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$tmp/profile" \
        --window-size="$width",900 --enable-logging=stderr --v=0 "$@" 2>>"$tmp/chromium.log"
}
# The page as it is: no console message at all (it has no script).
browse 1400 --dump-dom "file://$tmp/report/report.html" >"$tmp/plain.dom"
check "the page as it is: no console message or error" test "$(grep -c 'CONSOLE' "$tmp/chromium.log")" -eq 0
# A test copy: an inline script measures the page and writes it into the DOM.
qbt report_browser.write_probe "$tmp/report/report.html" "$tmp/report/probe.html" >"$tmp/nsvg"
val() { echo "$probe" | sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }
for width in 1400 800; do
    browse "$width" --screenshot="$tmp/shot$width.png" "file://$tmp/report/report.html" >/dev/null
    check "a screenshot of the page at $width px is written (PNG)" qbt report_browser.check_png "$tmp/shot$width.png"
    : >"$tmp/chromium.log"
    browse "$width" --dump-dom --virtual-time-budget=5000 "file://$tmp/report/probe.html" >"$tmp/probe$width.dom"
    probe=$(grep -o 'PROBE [^<]* END' "$tmp/probe$width.dom")
    echo "$probe (svg elements in the file: $(cat "$tmp/nsvg"))"
    check "$width px: the probe ran and wrote its line" test -n "$probe"
    check "$width px: no script error or console.error ($(val errors))" test "$(val errors)" = 0
    check "$width px: no console message but the probe's own" test "$(grep -c 'CONSOLE' "$tmp/chromium.log")" -eq 0
    check "$width px: every chart in the file is in the page ($(val svgs) of $(cat "$tmp/nsvg"))" \
        test "$(val svgs)" = "$(cat "$tmp/nsvg")"
    check "$width px: every chart is drawn with a size ($(val drawn) of $(val svgs))" \
        test "$(val drawn)" = "$(val svgs)" -a "$(val svgs)" -ge 20
    check "$width px: the page is no wider than the window (scrollWidth $(val scrollWidth))" \
        test "$(val scrollWidth)" -le "$width"
    check "$width px: no heading, paragraph or cell whose text overflows its box ($(val overflow): $(val texts))" \
        test "$(val overflow)" = 0
    check "$width px: no chart text out of its chart ($(val clipped): $(val texts))" test "$(val clipped)" = 0
    check "$width px: no table or chart to scroll sideways ($(val scrolled): $(val texts))" test "$(val scrolled)" = 0
done
probe=$(grep -o 'PROBE [^<]* END' "$tmp/probe1400.dom")
for kind in nodes-depth bf-depth nps agreement-move agreement-score ratings los terminations elo elo-history lengths; do
    check "a chart $kind is present" sh -c 'echo "$1" | tr , "\n" | grep -qx "$2"' - "$(val kinds)" "$kind"
done
# The checks can fail: the same probe on a copy with a 1,500 px wide line, a heading clipped by
# its box, a chart text out of its chart and a console.error.
qbt report_browser.write_bad "$tmp/report/probe.html" "$tmp/report/bad.html"
: >"$tmp/chromium.log"
browse 1400 --dump-dom --virtual-time-budget=5000 "file://$tmp/report/bad.html" >"$tmp/bad.dom"
probe=$(grep -o 'PROBE [^<]* END' "$tmp/bad.dom")
check "a page made too wide is measured so (scrollWidth $(val scrollWidth) > 1400)" test "$(val scrollWidth)" -gt 1400
check "a heading clipped by its box is caught ($(val overflow))" test "$(val overflow)" -ge 1
check "a chart text out of its chart is caught ($(val clipped))" test "$(val clipped)" -ge 1
check "a console.error is caught by the probe and in Chromium's log" \
    test "$(val errors)" -ge 1 -a "$(grep -c 'CONSOLE' "$tmp/chromium.log")" -ge 1
check "the knockout bracket and the Swiss standings are in the page" sh -c \
    'grep -q "<h3>Knockout bracket</h3>" "$1" && grep -q "<h3>Swiss standings</h3>" "$1"' - "$tmp/plain.dom"
for section in "Score as first and as second player" "Game lengths" "Results per opening" "Elo over the run"; do
    check "the section $section is in the page" grep -q "<h3>$section</h3>" "$tmp/plain.dom"
done
check "the match links its games.pgn" grep -qF '<a href="../runs/match/games.pgn">games.pgn</a>' "$tmp/plain.dom"
check "the linked games.pgn is there" test -s "$tmp/runs/match/games.pgn"
check "the Amazons match is reported, with its own side names" sh -c \
    'grep -q "<h2>amazons (match)</h2>" "$1" && grep -q "games as White (first)" "$1"' - "$tmp/plain.dom"
check "the two Elo figures are explained where both appear" grep -q "The two Elo figures differ" "$tmp/plain.dom"
report
