#!/bin/sh
# e2e_cli.sh - every command rejects a bad option or value with exit status
# 2, exactly one line on stderr that says what was wrong, nothing on
# stdout, and no results folder left behind by a run that never started.
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
rejects "unknown game 'chess' (expected xiangqi, amazons)" match $E2 --game chess
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

report
