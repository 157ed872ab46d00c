# bench_harness.mk - `make bench-harness`: the harness's own CPU per ply in
# 300-ply games against 60-ply games (tests/bench_harness.sh), which must be
# within 10%: nothing the harness does per ply may grow with the game's
# length. To compare builds side by side, give their qibench programs:
#
#   make bench-harness BENCH_HARNESS_QIBENCH="/tmp/main/bin/qibench bin/qibench"

BENCH_HARNESS_QIBENCH ?= $(BIN)/qibench

.PHONY: bench-harness

bench-harness: $(BIN)/qibench $(BIN)/xiangqi-engine $(BUILD)/tests/mock_engine ## harness CPU per ply, 300-ply against 60-ply games (BENCH_HARNESS_QIBENCH, BENCH_RUNS, BENCH_PLIES)
	@MOCK=$(BUILD)/tests/mock_engine ENGINE=$(BIN)/xiangqi-engine PYTHON=$(PYTHON) \
	  sh tests/bench_harness.sh $(BENCH_HARNESS_QIBENCH)
