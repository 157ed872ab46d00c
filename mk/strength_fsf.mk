# strength_fsf.mk - our best variant of FSF_GAME (amazons, the default, or
# ataxx) against a real third-party
# engine, Fairy-Stockfish compiled to WebAssembly (npm fairy-stockfish-nnue.wasm,
# run by node; `make amazons-npm` installs it), at equal time per move.
#
#   make strength-fsf [FSF_VARIANT=negascout] [FSF_MOVETIME=300] [FSF_GAMES=40]
#                     [FSF_MARGIN=2000] [FSF_CONCURRENCY=2]
#
# A match over positions/FSF_GAME/openings.epd in order, colours paired (each
# opening played twice, each engine White once), both engines at
# `go movetime FSF_MOVETIME`; a move may take FSF_MARGIN ms more before it
# loses on time (the WebAssembly build overshoots its movetime by a few
# hundred ms). The results go to results/strength-fsf-VARIANT-MOVETIME-DATE/
# (games.jsonl, games.pgn, summary.json); qibench prints W/D/L, the score and
# the Elo difference. About 20 s a game on one core a game.

FSF_JS          := node_modules/fairy-stockfish-nnue.wasm/uci.js
FSF_GAME        ?= amazons
FSF_VARIANT     ?= negascout
FSF_MOVETIME    ?= 300
FSF_GAMES       ?= 40
FSF_MARGIN      ?= 2000
FSF_CONCURRENCY ?= 2

.PHONY: strength-fsf

strength-fsf: all ## FSF_GAME (amazons): our best variant against Fairy-Stockfish (WebAssembly, node) at equal movetime
	@command -v node >/dev/null || { echo "strength-fsf: node not found"; exit 2; }
	@test -f $(FSF_JS) || { echo "strength-fsf: $(FSF_JS) missing: run make amazons-npm"; exit 2; }
	bin/qibench match --game $(FSF_GAME) \
	  -engine name=$(FSF_VARIANT) cmd=bin/$(FSF_GAME)-engine option.Search=$(FSF_VARIANT) \
	    movetime=$(FSF_MOVETIME) timemargin=$(FSF_MARGIN) \
	  -engine name=fairy-stockfish cmd=node arg=--no-experimental-fetch arg=$(FSF_JS) \
	    movetime=$(FSF_MOVETIME) timemargin=$(FSF_MARGIN) \
	  --openings file=positions/$(FSF_GAME)/openings.epd format=epd --games $(FSF_GAMES) \
	  --concurrency $(FSF_CONCURRENCY) --results results \
	  --name strength-fsf-$(FSF_GAME)-$(FSF_VARIANT)-$(FSF_MOVETIME)-$(shell date +%Y%m%d-%H%M%S)
