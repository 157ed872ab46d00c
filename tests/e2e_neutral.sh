#!/bin/sh
# e2e_neutral.sh - the harness's generic code names no game: no game's name
# (case-insensitive, code and comments), no side's name (red, black, white
# as words inside string literals) and no notation's name (ICCS, WXF,
# Chinese: case-insensitive words) anywhere under harness/ outside each
# game's own files (harness/games/GAME.c, GAME_*.c, GAME_impl.h). What
# differs between games comes from the Game descriptor (harness/games/game.h).
# The check is first shown to find a planted hit of each kind, so that it
# can fail. Each hit is listed as FILE:LINE: TEXT.
set -u
. "$(dirname "$0")/lib_e2e.sh"

# The games: the Makefile's GAMES, and the ones coming.
GAME_NAMES="$(sed -n 's/^GAMES *:= *//p' Makefile) ataxx"

# Files other people are rewriting now (issue 28), left to them: each line
# is a path and why. Nothing else may be listed here; remove a line when its
# file is clean.
ALLOW='
harness/play/play.c            the side options of qibench play, --red --black --white: the side names of each game, declared in the static option table
harness/results/record.c       the side keys of files written before the sides were named by the game (results: read back for ever)
'

# scan ROOT...: every hit under ROOT (files *.c and *.h), as FILE:LINE: TEXT.
scan() { qbt neutral.scan "$GAME_NAMES" "$@"; }

# The check finds what it looks for: one planted file of each kind.
mkdir -p "$tmp/plant/harness/games"
printf '/* the %s board */\n' Xiangqi >"$tmp/plant/harness/a.c"
printf 'const char *s = "%s to move";\n' Black >"$tmp/plant/harness/b.c"
printf '/* moves in %s */\n' WXF >"$tmp/plant/harness/c.h"
printf 'static const char *x = "%s";\n' Red >"$tmp/plant/harness/games/xiangqi.c"  # a game's own file: allowed
printf '/* red, in a comment */\n' >"$tmp/plant/harness/d.c"                      # a side outside a literal: allowed
scan "$tmp/plant" >"$tmp/plant.hits"
check "planted hits found (got: $(cat "$tmp/plant.hits"))" \
    sh -c "[ \$(wc -l <'$tmp/plant.hits') -eq 3 ] && grep -q 'a.c:1: game' '$tmp/plant.hits' \
           && grep -q 'b.c:1: side' '$tmp/plant.hits' && grep -q 'c.h:1: notation' '$tmp/plant.hits'"

# The harness itself, less the allowed files.
scan harness >"$tmp/hits"
echo "$ALLOW" | awk 'NF { print $1 }' >"$tmp/allow"
grep -v -F -f "$tmp/allow" "$tmp/hits" >"$tmp/left" || true
if [ -s "$tmp/left" ]; then
    bad "game, side or notation names in generic harness code:"
    cat "$tmp/left"
else
    ok
fi
# An allowed file that is clean must leave the list.
for f in $(cat "$tmp/allow"); do
    check "$f is allowed but has no hit (remove it from ALLOW)" grep -q "^$f:" "$tmp/hits"
done

report
