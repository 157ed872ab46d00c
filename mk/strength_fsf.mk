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
	  --concurrency $(FSF_CONCURRENCY) --handshake-timeout 60000 --results results \
	  --name strength-fsf-$(FSF_GAME)-$(FSF_VARIANT)-$(FSF_MOVETIME)-$(shell date +%Y%m%d-%H%M%S)

# strength-xiangqi: our preset against Fairy-Stockfish 11.1 (Debian's
# /usr/games/fairy-stockfish, UCI) at a real time control with an increment
# (issue 32), over positions/xiangqi/openings.epd in order, each opening
# played twice with the colours swapped, at the default grace:
#
#   make strength-xiangqi [XQ_ENGINE=bin/xiangqi-engine] [XQ_TC=10+0.1] [XQ_PAIRS=100] [XQ_CONCURRENCY=2]
#                         [XQ_ENGINE_ARGS='option.Hash=64']
#
# Results in results/strength-xiangqi-TC-DATE/; qibench prints W/D/L, the
# score, the pentanomial counts and the Elo difference with its interval.
XQ_ENGINE       ?= bin/xiangqi-engine
XQ_FSF          ?= /usr/games/fairy-stockfish
XQ_TC           ?= 10+0.1
XQ_PAIRS        ?= 100
XQ_CONCURRENCY  ?= 2
XQ_ENGINE_ARGS  ?=
# What every strength-xiangqi* match shares: the openings in order, each twice
# with the colours swapped, into results/; and the end of its folder's name.
XQ_OPENINGS      = --openings file=positions/xiangqi/openings.epd format=epd order=sequential --games 2 --results results
XQ_STAMP         = $(subst /,-,$(XQ_TC))-$(shell date +%Y%m%d-%H%M%S)

.PHONY: strength-xiangqi

strength-xiangqi: all ## Xiangqi: our preset against Fairy-Stockfish 11.1 at tc=XQ_TC (10+0.1), XQ_PAIRS (100) pairs
	@test -x $(XQ_FSF) || { echo "strength-xiangqi: $(XQ_FSF) missing: apt-get install fairy-stockfish"; exit 2; }
	bin/qibench match -engine name=ours cmd=$(XQ_ENGINE) $(XQ_ENGINE_ARGS) \
	  -engine name=fsf cmd=$(XQ_FSF) -each tc=$(XQ_TC) \
	  $(XQ_OPENINGS) --rounds $(XQ_PAIRS) --concurrency $(XQ_CONCURRENCY) --name strength-xiangqi-$(XQ_STAMP)

# strength-xiangqi-ponder: our engine pondering against itself not pondering,
# at the same time control, one game at a time (a pondering engine thinks on
# the other core while its opponent searches).
#
#   make strength-xiangqi-ponder [XQ_TC=10+0.1] [XQ_PONDER_PAIRS=50]
#
# strength-xiangqi-book: our engine with its book (OwnBook, BookDepth=XQ_BOOK_DEPTH)
# against itself without, over the same openings. The book is built first from
# XQ_BOOK_PGN (by default every results/strength-xiangqi-TC-*/games.pgn: games
# played from these openings), into results/strength-xiangqi-book.bin.
#
#   make strength-xiangqi-book [XQ_TC=10+0.1] [XQ_BOOK_PAIRS=50] [XQ_BOOK_PGN=FILE...]
XQ_PONDER_PAIRS ?= 50
XQ_BOOK_PAIRS   ?= 50
XQ_BOOK_DEPTH   ?= 40
XQ_BOOK_PGN     ?= $(wildcard results/strength-xiangqi-[0-9]*/games.pgn)
XQ_BOOK         := results/strength-xiangqi-book.bin

.PHONY: strength-xiangqi-ponder strength-xiangqi-book

strength-xiangqi-ponder: all ## Xiangqi: our engine pondering against itself not, tc=XQ_TC, XQ_PONDER_PAIRS (50) pairs, one game at a time
	bin/qibench match -engine name=ponder cmd=$(XQ_ENGINE) ponder -engine name=noponder cmd=$(XQ_ENGINE) \
	  -each tc=$(XQ_TC) \
	  $(XQ_OPENINGS) --rounds $(XQ_PONDER_PAIRS) --concurrency 1 --name strength-xiangqi-ponder-$(XQ_STAMP)

strength-xiangqi-book: all ## Xiangqi: our engine with a book built from XQ_BOOK_PGN against itself without, tc=XQ_TC, XQ_BOOK_PAIRS (50) pairs
	@test -n "$(XQ_BOOK_PGN)" || { echo "strength-xiangqi-book: no games to build the book from: run make strength-xiangqi or give XQ_BOOK_PGN"; exit 2; }
	bin/xiangqi-engine book build --max-ply $(XQ_BOOK_DEPTH) $(XQ_BOOK_PGN) -o $(XQ_BOOK)
	bin/qibench match -engine name=book cmd=$(XQ_ENGINE) option.OwnBook=true option.BookFile=$(abspath $(XQ_BOOK)) \
	    option.BookDepth=$(XQ_BOOK_DEPTH) \
	  -engine name=nobook cmd=$(XQ_ENGINE) -each tc=$(XQ_TC) \
	  $(XQ_OPENINGS) --rounds $(XQ_BOOK_PAIRS) --concurrency $(XQ_CONCURRENCY) --name strength-xiangqi-book-$(XQ_STAMP)
