#!/bin/sh
# e2e_real.sh - real games against the Xiangqi engines Debian packages
# (apt-get install fairy-stockfish fairymax sjaakii; .ci/run installs them):
# our engine against Fairy-Stockfish (UCI, ranks 1-10), MaxQi (xboard,
# setboard=0: openings as moves from the start) and Sjaak II (xboard, H / E
# in FENs, SAN principal variations), and Fairy-Stockfish against MaxQi.
# Every game must end by a rule (no forfeit: the quirks were handled), the
# engines' thinking must be read, and the PGN must read back. Each part
# skips with a message when its engine is absent.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}
ENGINE=${ENGINE:-bin/xiangqi-engine}
GAMES=/usr/games
FSF=$GAMES/fairy-stockfish MAXQI=$GAMES/maxqi SJAAK=$GAMES/sjaakii

# Two openings as PGN moves from the start position (for MaxQi) and the
# same two as EPD positions.
cat >"$tmp/book.pgn" <<'EOF'
[Event "central cannon"]
[Result "*"]

1. h2e2 h9g7 2. h0g2 *

[Event "elephant opening"]
[Result "*"]

1. c0e2 h7e7 2. b0c2 *
EOF
cat >"$tmp/book.epd" <<'EOF'
rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2 ;id "central cannon"
rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1CN1B2C1/9/R2AKABNR b - - 3 2 ;id "elephant opening"
EOF

RULES="checkmate|stalemate|perpetual check|perpetual chase|60-move rule|repetition|no capture|bare material|max plies|insufficient material"
# real_match NAME ENGINE-ARGS...: a match written to $tmp/NAME; $rc its exit status.
real_match() {
    name=$1; shift
    timeout 300 "$QIBENCH" match "$@" --results "$tmp" --name "$name" --maxplies 160 \
        >"$tmp/$name.out" 2>"$tmp/$name.err"
    rc=$?
}
# by_rules NAME GAMES: exit 0, GAMES games, each ended by a rule (no forfeit, no crash, no time loss).
by_rules() {
    name=$1 n=$2
    check "$name: exit 0 (got $rc)" test "$rc" -eq 0
    check "$name: $n games" test "$(lines "$tmp/$name/games.jsonl")" -eq "$n"
    bad=$(qbt real.not_by_rules "$tmp/$name/games.jsonl" "$RULES")
    check "$name: every game ended by a rule${bad:+ (not: $bad)}" test -z "$bad"
    echo "$name: $(qbt real.summary_line "$tmp/$name/games.jsonl")"
}
# thought NAME ENGINE: every move ENGINE made reports a depth >= 1 and nodes (its thinking was read).
thought() {
    check "$1: $2's thinking read (depth and nodes on every move)" qbt real.thought "$tmp/$1/games.jsonl" "$2"
}
# pgn_back NAME: games.pgn holds the same games as games.jsonl (results,
# moves) and qibench reads it back as an opening book.
pgn_back() {
    name=$1
    check "$name: PGN has the games of games.jsonl, move for move" \
        qbt real.pgn_matches "$tmp/$name/games.jsonl" "$tmp/$name/games.pgn"
    timeout 60 "$QIBENCH" match -engine name=a cmd="$ENGINE" depth=1 -engine name=b cmd="$ENGINE" depth=1 --games 2 \
        --openings file="$tmp/$name/games.pgn" format=pgn plies=6 --results "$tmp" --name "$name-back" >/dev/null 2>&1
    check "$name: qibench reads its PGN back as an opening book" test $? -eq 0 -a "$(lines "$tmp/$name-back/games.jsonl")" -eq 2
}

# --- Fairy-Stockfish (UCI, ranks 1-10, UCI_Variant) ------------------------------------
if [ -x "$FSF" ]; then
    real_match fsf -engine name=qibench cmd="$ENGINE" depth=3 -engine name=fsf cmd="$FSF" depth=4 \
        --openings file="$tmp/book.epd" format=epd --games 8 --log "$tmp/fsf.log"
    by_rules fsf 8
    thought fsf fsf
    pgn_back fsf
    check "fsf: UCI_Variant xiangqi set" grep -q 'fsf > setoption name UCI_Variant value xiangqi' "$tmp/fsf.log"
    check "fsf: positions sent with ranks 1-10 and the whole history" \
        grep -qE 'fsf > position fen [^ ]+ [wb] .* moves( [a-i]([1-9]|10)[a-i]([1-9]|10))+$' "$tmp/fsf.log"
    check "fsf: its moves read with ranks 1-10 (a bestmove on rank 10 seen)" grep -qE 'fsf < bestmove [a-i]10|fsf < bestmove [a-i][0-9]+[a-i]10' "$tmp/fsf.log"
else
    skip "Fairy-Stockfish not installed ($FSF): apt-get install fairy-stockfish"
fi

# --- MaxQi (xboard, setboard=0, bare moves, thinking in centiseconds) --------------------
if [ -x "$MAXQI" ]; then
    real_match maxqi -engine name=qibench cmd="$ENGINE" depth=3 -engine name=maxqi cmd="$MAXQI" proto=xboard depth=3 \
        --openings file="$tmp/book.pgn" format=pgn --games 8 --log "$tmp/maxqi.log"
    by_rules maxqi 8
    thought maxqi maxqi
    pgn_back maxqi
    check "maxqi: reached from new + variant xiangqi + force + the opening moves, never setboard" \
        sh -c "grep -q 'maxqi > variant xiangqi' '$tmp/maxqi.log' && ! grep -q 'maxqi > setboard' '$tmp/maxqi.log' \
               && grep -q 'maxqi > h2e2' '$tmp/maxqi.log' && ! grep -q 'maxqi > usermove' '$tmp/maxqi.log'"
    # the shipped PGN book (positions/xiangqi/openings.pgn): MaxQi cannot be sent a position
    timeout 120 "$QIBENCH" match -engine name=qibench cmd="$ENGINE" depth=2 -engine name=maxqi cmd="$MAXQI" \
        proto=xboard depth=2 --openings file=positions/xiangqi/openings.pgn format=pgn --rounds 3 \
        --results "$tmp" --name maxqi-book >/dev/null 2>&1
    check "maxqi: plays from the shipped openings.pgn (6 games, ECCO codes on every one)" \
        test "$?" -eq 0 -a "$(qbt count "$tmp/maxqi-book/games.jsonl" ecco!=)" -eq 6
    claims=$(grep -c 'claimed' "$tmp/maxqi/maxqi.stderr.log" 2>/dev/null)
    echo "maxqi: ${claims:-0} result claims noted in maxqi.stderr.log (ignored)"
    check "maxqi: its result claims, if any, never decided a game" test "$(qbt count "$tmp/maxqi/games.jsonl" detail!=)" -eq 0
    # An EPD opening cannot be set up in MaxQi: a clear error, not a crash.
    timeout 60 "$QIBENCH" suite "$tmp/book.epd" -engine name=maxqi cmd="$MAXQI" proto=xboard depth=2 \
        --results "$tmp" --name maxqi-fen >/dev/null 2>&1
    check "maxqi: a FEN position is 'unsupported' (setboard=0), saying so" \
        qbt real.unsupported_saying "$tmp/maxqi-fen/searches.jsonl" setboard=0
    # A match from an EPD book: refused before the first game, not abandoned games.
    timeout 60 "$QIBENCH" match -engine name=qibench cmd="$ENGINE" depth=1 -engine name=maxqi cmd="$MAXQI" \
        proto=xboard depth=1 --openings file="$tmp/book.epd" format=epd --games 2 --results "$tmp" --name maxqi-epd \
        >/dev/null 2>"$tmp/maxqi-epd.err"
    check "maxqi: a match from an EPD book is refused: exit 2 (got $?)" test $? -eq 2
    check "... one line naming the engine and why" sh -c "test \$(wc -l <'$tmp/maxqi-epd.err') -eq 1 && \
        grep -q \"engine 'maxqi' cannot start from the book's positions: an xboard engine without setboard\" '$tmp/maxqi-epd.err'"
    check "... before any results folder" test ! -e "$tmp/maxqi-epd"
else
    skip "MaxQi not installed ($MAXQI): apt-get install fairymax"
fi

# --- Sjaak II (xboard, console start, FEN with H / E, SAN PVs) -----------------------------
if [ -x "$SJAAK" ]; then
    real_match sjaak -engine name=qibench cmd="$ENGINE" depth=3 -engine name=sjaak cmd="$SJAAK" proto=xboard depth=3 \
        --openings file="$tmp/book.epd" format=epd --games 8 --log "$tmp/sjaak.log"
    by_rules sjaak 8
    thought sjaak sjaak
    pgn_back sjaak
    check "sjaak: setboard with H / E letters" \
        grep -q 'sjaak > setboard rheakae1r/9/1c4hc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1H2/9/RHEAKAE1R b' "$tmp/sjaak.log"
    check "sjaak: variant xiangqi after every new" test "$(grep -c 'sjaak > new' "$tmp/sjaak.log")" -eq "$(grep -c 'sjaak > variant xiangqi' "$tmp/sjaak.log")"
    check "sjaak: only real features accepted (none from inside quoted values)" \
        sh -c "! grep -qE 'sjaak > accepted (II|fairy|selects|chess)$' '$tmp/sjaak.log'"
    # SAN PVs read into ICCS; quirks= overrides the profile.
    timeout 60 "$QIBENCH" suite "$tmp/book.epd" -engine name=sjaak cmd="$SJAAK" proto=xboard depth=4 \
        -engine name=coord cmd="$SJAAK" proto=xboard depth=4 quirks=pv=coord \
        -engine name=nosetboard cmd="$SJAAK" proto=xboard depth=4 quirks=setboard=0 \
        --results "$tmp" --name sjaak-suite >/dev/null 2>&1
    S=$tmp/sjaak-suite/searches.jsonl
    check "sjaak: SAN PVs read as ICCS, 3+ moves, starting with the best move" qbt real.pv_read "$S" sjaak
    check "sjaak: quirks=pv=coord (wrong for Sjaak) leaves the PV empty, the move still read" qbt real.pv_empty "$S" coord
    check "sjaak: quirks=setboard=0 makes FEN positions unsupported" \
        test "$(qbt count "$S" engine=nosetboard status!=unsupported)" -eq 0
else
    skip "Sjaak II not installed ($SJAAK): apt-get install sjaakii"
fi

# --- Fairy-Stockfish against MaxQi, from PGN openings ------------------------------------
if [ -x "$FSF" ] && [ -x "$MAXQI" ]; then
    real_match fsf-maxqi -engine name=fsf cmd="$FSF" depth=3 -engine name=maxqi cmd="$MAXQI" proto=xboard depth=3 \
        --openings file="$tmp/book.pgn" format=pgn --games 8
    by_rules fsf-maxqi 8
    thought fsf-maxqi fsf
    thought fsf-maxqi maxqi
    pgn_back fsf-maxqi
else
    skip "Fairy-Stockfish vs MaxQi needs both engines"
fi

# --- quirks= on the command line -----------------------------------------------------------
"$QIBENCH" match -engine name=a depth=1 quirks=pv=fancy -engine name=b depth=1 >/dev/null 2>"$tmp/err"
check "quirks=pv=fancy: usage error naming the value" sh -c "grep -q \"bad value 'fancy' for pv\" '$tmp/err'"
"$QIBENCH" match -engine name=a depth=1 quirks=profile=nosuch -engine name=b depth=1 >/dev/null 2>"$tmp/err"
check "quirks=profile=nosuch: usage error listing the profiles" grep -q "unknown profile 'nosuch'" "$tmp/err"

report
