#!/bin/sh
# e2e_cli.sh - every command rejects a bad option or value with exit status
# 2, exactly one line on stderr that says what was wrong, nothing on
# stdout, and no results folder left behind by a run that never started;
# every exit status a command's --help lists is provoked, and each run
# ends with a status its --help lists.
set -u
. "$(dirname "$0")/lib_e2e.sh"
QIBENCH=${QIBENCH:-bin/qibench}

E2="-engine name=a depth=1 -engine name=b depth=1"
# rejects EXPECTED-TEXT ARGS...: exit 2, one stderr line containing the text, empty stdout.
rejects() {
    want=$1; shift
    (cd "$tmp/cwd" && "$QIBENCH" "$@" >"$tmp/out" 2>"$tmp/err")
    status=$?
    if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -qF -- "$want" "$tmp/err"; then
        ok
    else
        bad "qibench $*: expected exit 2 and one line with '$want'; got exit $status, stderr: $(head -c 300 "$tmp/err")"
    fi
}
mkdir -p "$tmp/cwd"
Q=$(cd "$(dirname "$QIBENCH")" && pwd)/$(basename "$QIBENCH")
QIBENCH=$Q

rejects "unknown command 'frobnicate' (see qibench help)" frobnicate
rejects "unknown command 'tournement': did you mean tournament?" tournement
# the game: --game NAME or -variant NAME, for every command that plays or searches
rejects "unknown game 'chess' (expected xiangqi, amazons, ataxx)" match $E2 --game chess
rejects "unknown game 'chess'" tournament $E2 -variant chess
rejects "--game needs a game" match $E2 -variant
rejects "unknown game 'go'" suite x.epd --game go
rejects "unknown game 'go'" bench --game go
rejects "unknown game 'go'" openings x.txt --game go
rejects "notation: unknown 'iccs' (expected canonical, fairy or auto)" match --game amazons -engine name=a notation=iccs depth=1 -engine name=b depth=1
# match and tournament options (qibench help lists them)
rejects "--games: bad value 'x'" match $E2 --games x
rejects "--games: bad value '0'" match $E2 --games 0
rejects "--rounds: bad value '-1'" match $E2 --rounds -1
rejects "--concurrency: bad value '999'" match $E2 --concurrency 999
rejects "--seed: bad value '-5'" match $E2 --seed -5
rejects "--maxplies: bad value 'x'" match $E2 --maxplies x
rejects "--nocapture: bad value '-1'" match $E2 --nocapture -1
rejects "--format: bad value 'ladder'" match $E2 --format ladder
rejects "--progress: bad value '0'" match $E2 --progress 0
rejects "--ratinginterval: bad value 'x'" match $E2 --ratinginterval x
rejects "--name: bad value 'a/b'" match $E2 --name a/b
rejects "--move-grace: bad value '-1'" match $E2 --move-grace -1
rejects "--ready-timeout: bad value '0'" match $E2 --ready-timeout 0
rejects "unknown option --bogus (see qibench match --help)" match $E2 --bogus
rejects "--openings: bad format=xyz" match $E2 --openings file=x format=xyz
rejects "--openings needs file=F" match $E2 --openings format=epd
rejects "cannot open $tmp/none.epd" match $E2 --openings file="$tmp/none.epd" format=epd
rejects "--sprt: bad elo0=a" match $E2 --sprt elo0=a elo1=5
rejects "--sprt: bad model=x" match $E2 --sprt elo0=0 elo1=5 model=x
rejects "elo0" match $E2 --sprt elo0=5 elo1=0
rejects "--resign: bad movecount=x" match $E2 --resign movecount=x score=100
rejects "--draw: unknown key 'foo' (expected movenumber, movecount or score)" match $E2 --draw foo=1
rejects "--openings: unknown key 'fromat': did you mean format? (expected file, format, order, plies or start)" match $E2 --openings file=x fromat=pgn
rejects "--sprt: unknown key 'elo2': did you mean elo0? (expected elo0, elo1, alpha, beta or model)" match $E2 --sprt elo0=0 elo2=5
rejects "bad --shard '3/2'" match $E2 --shard 3/2
rejects "--resume needs the run's folder" match --resume
rejects "expected two engines, got 1" match -engine name=a depth=1
rejects "expected two or more engines, got 1" tournament -engine name=a depth=1
rejects "no time control or limit" match -engine name=a -engine name=b depth=1
# one dash or two, cutechess-cli / fastchess names; an unknown option is named alone
rejects "unknown option -foo (see qibench match --help)" match $E2 -foo
rejects "unknown option --version (see qibench match --help)" match $E2 --version --name x
rejects "--concurrency: bad value '0'" match $E2 -concurrency 0
rejects "--seed: bad value 'x'" match $E2 -srand x
rejects "unknown option -tb: qibench has no tablebase adjudication" match $E2 -tb /syzygy
rejects "unknown option -reverse: qibench has no reversed schedule" tournament $E2 -reverse
rejects "unknown option -livepgnout:" match $E2 -livepgnout x.pgn
rejects "--repeat: qibench plays each opening exactly twice (a pair), not 3 times" match $E2 -repeat 3
rejects "--pgnout needs a file name" match $E2 -pgnout
rejects "--pgnout: unexpected 'max'" match $E2 -pgnout x.pgn max
rejects "--maxmoves: bad value 'x'" match $E2 -maxmoves x
rejects "--wait: bad value '-1'" match $E2 -wait -1
rejects "tc: bad time control '1:75'" match -engine name=a tc=1:75 -engine name=b depth=1
rejects "tc: bad time control '40/'" match -engine name=a tc=40/ -engine name=b depth=1
rejects "no time control or limit" match -engine name=a tc=inf -engine name=b depth=1
rejects "restart: expected on, off or auto, got 'x'" match -engine name=a restart=x depth=1 -engine name=b depth=1
rejects "unknown key 'book' (expected" match -engine name=a book=x.bin depth=1 -engine name=b depth=1
rejects "qibench help: unknown command 'frob'" help frob
# a misspelt option or engine key: the closest valid name (edit distance), in either dash form
rejects "unknown option --concurency: did you mean --concurrency? (see qibench match --help)" match $E2 --concurency 2
rejects "unknown option -rouns: did you mean --rounds?" tournament $E2 -rouns 2
rejects "unknown option -sradn: did you mean -srand?" match $E2 -sradn 3
rejects "unknown option --bench-run: did you mean --bench-runs?" regress --base HEAD --bench-run 2
rejects "unknown option --jsn: did you mean --json?" stats --wdl 1,2,3 --jsn
rejects "unknown key 'dept': did you mean depth? (expected name, cmd," match -engine name=a dept=1 -engine name=b depth=1
rejects "unknown key 'movetim': did you mean movetime?" suite x.epd -each movetim=100
rejects "tc or timemargin)" match -engine name=a tcc=1 -engine name=b depth=1
# an engine's options: the whole list it announced (was cut at 300 bytes), the closest name or value
ENGINE=$(dirname "$QIBENCH")/xiangqi-engine
announced=$(printf 'uci\nquit\n' | "$ENGINE" | sed -n 's/^option name \([^ ]*\) type .*/\1/p' | paste -sd, - \
    | sed 's/,/, /g')
rejects "engine 'a' has no option 'Serch': did you mean Search? (it announced: $announced)" \
    match -engine name=a option.Serch=alphabeta depth=1 -engine name=b depth=1
choices=$(printf 'uci\nquit\n' | "$ENGINE" | sed -n 's/^option name Search type combo default [^ ]* var //p' \
    | sed 's/ var /, /g')
rejects "engine 'a': option.Search=alfabeta: expected one of $choices: did you mean alphabeta? (option type combo)" \
    match -engine name=a option.Search=alfabeta depth=1 -engine name=b depth=1
# a bad value says what the key takes; a cutechess key of no use here says why
rejects "--openings: bad format=xyz (expected format=epd or pgn)" match $E2 --openings file=x format=xyz
rejects "--resign: bad movecount=x (expected movecount=a whole number from 0 to 100000)" match $E2 --resign movecount=x
rejects "--resign: no key 'twosided' here (expected movenumber, movecount or score): both engines' scores \
always count, as with cutechess's twosided=true" \
    match $E2 --resign movecount=3 score=500 twosided=true
for c in match tournament suite bench stats merge ratings play openings regress; do
    rejects "qibench $c: unknown option -bogus (see qibench $c --help)" $c -bogus
done
# engine keys
rejects "depth: bad value 'x'" match -engine name=a depth=x -engine name=b depth=1
rejects "nodes: bad value '-3'" match -engine name=a nodes=-3 -engine name=b depth=1
rejects "movetime: bad value '0'" match -engine name=a movetime=0 -engine name=b depth=1
rejects "st: bad value 'abc'" match -engine name=a st=abc -engine name=b depth=1
rejects "tc: bad time control '1/'" match -engine name=a tc=1/ -engine name=b depth=1
rejects "timemargin: bad value '-1'" match -engine name=a timemargin=-1 -engine name=b depth=1
rejects "proto: unknown protocol 'foo'" match -engine name=a proto=foo depth=1 -engine name=b depth=1
rejects "notation: unknown 'x'" match -engine name=a notation=x depth=1 -engine name=b depth=1
rejects "quirks: bad value 'zz' for pv" match -engine name=a quirks=pv=zz depth=1 -engine name=b depth=1
rejects "unknown key 'bogus'" match -engine name=a bogus=1 depth=1 -engine name=b depth=1
rejects "expected KEY=VALUE, got 'depth'" match -engine name=a depth -engine name=b depth=1
rejects "two engines are named 'a'" match -engine name=a depth=1 -engine name=a depth=1
rejects "'nosuch'" tournament -variant-engines nosuch -each depth=1
# suite, bench, stats, merge, openings, regress
rejects "expected an EPD file" suite
rejects "cannot open $tmp/none.epd" suite "$tmp/none.epd"
rejects "--concurrency: bad value '0'" suite "$tmp/none.epd" --concurrency 0
rejects "unknown option --bogus" suite "$tmp/none.epd" --bogus 1
rejects "--depth needs a value" bench --depth
rejects "--depth: bad value '0'" bench --depth 0
rejects "--wdl: expected W,D,L" stats --wdl 1,2
rejects "--penta: expected LL,LD,WLDD,WD,WW" stats --penta x
rejects "expected the shards' result folders" merge
rejects "unknown option --bogus" merge --bogus
rejects "cannot open $tmp/none/run.json for reading" merge "$tmp/none"
rejects "no input file" openings
rejects "cannot open $tmp/none.txt" openings "$tmp/none.txt"
rejects "--base REV is required" regress
rejects "--base needs a value" regress --base
check "no results folder was left by the runs that never started" test ! -e "$tmp/cwd/results"

# --- exit statuses: for every command, each status its --help lists is provoked (x_CMD_STATUS
# below; regress's that need builds: by e2e_regress.sh's checks), and each status that a run
# gave is one that --help lists -----------------------------------------------------------
MOCK=$(cd "$(dirname "${MOCK:-build/release/tests/mock_engine}")" && pwd)/mock_engine
x=$tmp/x
mkdir -p "$x/cwd"
grep -v '^#' positions/xiangqi/bench.epd | head -n 3 >"$x/book.epd"
grep -v '^#' positions/xiangqi/bench.epd | head -n 2 >"$x/two.epd"
REGRESS_TEST=$(pwd)/tests/e2e_regress.sh
# listed CMD: the statuses in the "Exit status:" paragraph of CMD --help (the number that
# starts each comma-separated item, words in parentheses left out), one a line.
listed() {
    "$QIBENCH" "$1" --help | sed -n '/^Exit status:/,$p' | tr '\n' ' ' | sed 's/([^)]*)//g; s/^Exit status://' \
        | tr ',' '\n' | sed -n 's/^ *\([0-9][0-9]*\) .*/\1/p'
}
M2="-engine name=a cmd=$MOCK -engine name=b cmd=$MOCK -each depth=1"
STALLED="-engine name=a cmd=$MOCK arg=--stall-after-go arg=1 -engine name=b cmd=$MOCK -each tc=600+0"
SPRT_H0="-engine name=d1 depth=1 -engine name=d4 depth=4 --openings file=$x/book.epd format=epd --rounds 100
    --sprt elo0=0 elo1=100"
# signalled SIG ARGS...: qibench ARGS in the background, SIG sent once its run folder
# (--name s) exists and it has had 0.5 s more (twice 0.3 s apart for INT: the second stops
# at once); its exit status.
signalled() {
    sig=$1; shift
    rm -rf "$x/s"
    "$QIBENCH" "$@" --results "$x" --name s >/dev/null 2>&1 &
    spid=$!
    n=0
    while [ ! -e "$x/s/run.json" ] && [ $n -lt 100 ] && kill -0 "$spid" 2>/dev/null; do sleep 0.1; n=$((n + 1)); done
    sleep 0.5
    kill -"$sig" "$spid" 2>/dev/null
    if [ "$sig" = INT ]; then sleep 0.3; kill -INT "$spid" 2>/dev/null; fi
    wait "$spid"
}
x_match_0() { "$QIBENCH" match $M2 --rounds 1 --results "$x" --name m0; }
x_match_1() { "$QIBENCH" match $SPRT_H0 --results "$x" --name m1; }
x_match_2() { "$QIBENCH" match $M2 --rounds 0; }
CRASH="-engine name=a cmd=$MOCK arg=--crash-on-go arg=1 -engine name=b cmd=$MOCK -each depth=1"
x_match_3() { "$QIBENCH" match $CRASH --results "$x" --name m3; }
x_match_130() { signalled INT match $STALLED --rounds 1; }
x_match_143() { signalled TERM match $STALLED --rounds 1; }
x_match_129() { signalled HUP match $STALLED --rounds 1; }
x_tournament_0() { "$QIBENCH" tournament $M2 --rounds 1 --results "$x" --name t0; }
x_tournament_1() { "$QIBENCH" tournament $SPRT_H0 --results "$x" --name t1; }
x_tournament_2() { "$QIBENCH" tournament -engine name=a depth=1; }
x_tournament_3() { "$QIBENCH" tournament $CRASH --results "$x" --name t3; }
x_tournament_130() { signalled INT tournament $STALLED --rounds 1; }
x_tournament_143() { signalled TERM tournament $STALLED --rounds 1; }
x_tournament_129() { signalled HUP tournament $STALLED --rounds 1; }
x_suite_0() { "$QIBENCH" suite "$x/two.epd" -engine name=ours depth=1 --results "$x" --name s0; }
x_suite_2() { "$QIBENCH" suite "$x/none.epd"; }
x_suite_3() {
    "$QIBENCH" suite "$x/two.epd" -engine name=m cmd="$MOCK" arg=--crash-on-go arg=1 depth=1 --results "$x" --name s3
}
STALLED_SUITE="$x/two.epd -engine name=m cmd=$MOCK arg=--stall-after-go arg=1 depth=1 --search-timeout 60000"
x_suite_130() { signalled INT suite $STALLED_SUITE; }
x_suite_143() { signalled TERM suite $STALLED_SUITE; }
x_suite_129() { signalled HUP suite $STALLED_SUITE; }
x_bench_0() { "$QIBENCH" bench -variant-engines alphabeta --depth 1; }
x_bench_1() {
    printf 'alphabeta 1 1\n' >"$x/expect" && "$QIBENCH" bench -variant-engines alphabeta --depth 1 --expect "$x/expect"
}
x_bench_2() { "$QIBENCH" bench --depth 0; }
x_stats_0() { "$QIBENCH" stats --wdl 10,5,3; }
x_stats_1() { "$QIBENCH" stats --wdl 10,5,3 >/dev/full; }
x_stats_2() { "$QIBENCH" stats --wdl 10,5; }
x_merge_0() {
    for k in 1 2; do "$QIBENCH" match $M2 --rounds 2 --shard "$k/2" --results "$x" --name "sh$k" || return; done
    "$QIBENCH" merge "$x/sh1" "$x/sh2" --results "$x" --name merged
}
x_merge_2() { "$QIBENCH" merge "$x/none"; }
x_ratings_0() { "$QIBENCH" ratings "$x/m0"; }
x_ratings_1() { "$QIBENCH" ratings "$x/m0" >/dev/full; }
x_ratings_2() { "$QIBENCH" ratings "$x/none"; }
x_play_0() { (cd "$x/cwd" && echo quit | "$QIBENCH" play -engine name=m cmd="$MOCK" depth=1); }
x_play_1() { printf 'h2e2\nquit\n' | "$QIBENCH" play -engine name=m cmd="$MOCK" depth=1 --results /proc/qibench; }
x_play_2() { "$QIBENCH" play --bogus; }
# (a Ctrl-C at the prompt: SIGINT 1 s in, from timeout, as a background job's is ignored)
x_play_130() { (cd "$x/cwd" && sleep 3 | timeout --preserve-status -s INT 1 "$QIBENCH" play -engine name=m cmd="$MOCK" depth=1); }
x_play_143() { (cd "$x/cwd" && sleep 3 | timeout --preserve-status -s TERM 1 "$QIBENCH" play -engine name=m cmd="$MOCK" depth=1); }
x_play_129() { (cd "$x/cwd" && sleep 3 | timeout --preserve-status -s HUP 1 "$QIBENCH" play -engine name=m cmd="$MOCK" depth=1); }
x_openings_0() { printf 'x | Central cannon | h2e2 h9g7\n' >"$x/one.txt" && "$QIBENCH" openings "$x/one.txt"; }
x_openings_1() { printf 'x | Central cannon | h2e2 h9g7\n' >"$x/one.txt" && "$QIBENCH" openings "$x/one.txt" -o /dev/full; }
x_openings_2() { "$QIBENCH" openings "$x/none.txt"; }
x_regress_2() { "$QIBENCH" regress --base no-such-revision-here --no-match; }
for c in match tournament suite bench stats merge ratings play openings regress; do
    statuses=$(listed "$c" | tr '\n' ' ')
    check "$c --help lists its exit statuses (got '$statuses')" test -n "$statuses"
    for s in $statuses; do
        if command -v "x_${c}_$s" >/dev/null 2>&1; then
            "x_${c}_$s" >"$x/out" 2>"$x/err" </dev/null
            got=$?
            check "$c: exit $s provoked (got $got; stderr: $(head -c 200 "$x/err"))" test "$got" -eq "$s"
            case " $statuses " in *" $got "*) ok ;; *) bad "$c: exited $got, which its --help does not list ($statuses)" ;; esac
        elif [ "$c" = regress ]; then
            check "regress: exit $s is checked by e2e_regress.sh (its runs build the engine)" \
                grep -Eq "^ *check .*exit $s( |\))" "$REGRESS_TEST"
        else
            bad "$c: --help lists exit $s, and nothing here provokes it (add x_${c}_$s)"
        fi
    done
done

# an engine's combo with more than a thousand bytes of values (Fairy-Stockfish's
# UCI_Variant): the last one is still known, a wrong one still refused by name
many="-engine name=a cmd=$MOCK arg=--many-variants arg=150"
rejects "option.UCI_Variant=xiangqy: expected one of variant000, variant001," \
    match $many option.UCI_Variant=xiangqy -engine name=b cmd=$MOCK -each depth=1
rejects "variant149, xiangqi: did you mean xiangqi? (option type combo)" \
    match $many option.UCI_Variant=xiangqy -engine name=b cmd=$MOCK -each depth=1
check "a combo value past the first thousand bytes is accepted" sh -c "'$QIBENCH' match $many \
    option.UCI_Variant=xiangqi -engine name=b cmd=$MOCK -each depth=1 --games 2 --results '$x' --name many >/dev/null 2>&1"

report
