# bench_memory.mk - the harness's peak memory against the number of games
# (scripts/bench_memory.sh): a match of bin/xiangqi-engine against itself at
# depth 1, BENCH_MEMORY_GAMES games each (default 200 and 2000), with
# --ratinginterval, --pgnout and --epdout; the peak RSS figures must be
# within 1 MiB of each other (the memory does not grow with the games).
#
#   make bench-memory [BENCH_MEMORY_GAMES="200 2000"]

BENCH_MEMORY_GAMES ?= 200 2000

.PHONY: bench-memory

bench-memory: all ## peak RSS of qibench after 200 and after 2,000 games (scripts/bench_memory.sh: BENCH_MEMORY_GAMES)
	QIBENCH=$(BIN)/qibench ENGINE=$(BIN)/xiangqi-engine sh scripts/bench_memory.sh $(BENCH_MEMORY_GAMES)
