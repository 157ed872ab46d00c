# ataxx.mk - Ataxx (engine/ataxx/): its own test binaries, built from
# engine/ataxx/*.c and one test file each into $(BUILD)/ataxx-tests/ (the
# search library is not linked here).
#
#   make ataxx-test           unit tests, perft suite (budgeted), oracle
#                             comparison with Fairy-Stockfish (skips without
#                             node or node_modules/fairy-stockfish-nnue.wasm);
#                             ends with "N passed, N failed[, N skipped]"
#   make ataxx-perft          every positions/ataxx/perft.epd count
#   make ataxx-bench          perft from the start: ours against
#                             tests/ataxx/perft_naive.c and Fairy-Stockfish
#                             in WebAssembly (nodes per second)
#
# The oracle's npm package: make amazons-npm (the same package).
# Sanitizer runs as elsewhere: make ataxx-test sanitize="address undefined".

ATX_SRC       := $(wildcard engine/ataxx/*.c)
ATX_DIR       := $(BUILD)/ataxx-tests
ATX_OBJ       := $(ATX_SRC:%.c=$(ATX_DIR)/obj/%.o)
ATX_TEST_SRC  := $(wildcard tests/ataxx/test_*.c)
ATX_TESTS     := $(ATX_TEST_SRC:tests/ataxx/%.c=$(ATX_DIR)/%)
ATX_TOOLS     := $(ATX_DIR)/ataxx_cli $(ATX_DIR)/perft_naive
ATX_TOOL_OBJ  := $(ATX_TESTS:$(ATX_DIR)/%=$(ATX_DIR)/obj/tests/ataxx/%.o) \
                 $(ATX_TOOLS:$(ATX_DIR)/%=$(ATX_DIR)/obj/tests/ataxx/%.o)
ATX_INCLUDES  := -Iengine/ataxx -Itests

.PHONY: ataxx-build ataxx-test ataxx-perft ataxx-bench

$(ATX_OBJ) $(ATX_TOOL_OBJ): $(ATX_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ATX_INCLUDES) -c $< -o $@

$(ATX_TESTS) $(ATX_DIR)/ataxx_cli: $(ATX_DIR)/%: $(ATX_DIR)/obj/tests/ataxx/%.o $(ATX_OBJ)
	$(CC) $(LDFLAGS) $^ -o $@

# The yardstick links nothing of ours.
$(ATX_DIR)/perft_naive: $(ATX_DIR)/obj/tests/ataxx/perft_naive.o
	$(CC) $(LDFLAGS) $^ -o $@

ataxx-build: $(ATX_TESTS) $(ATX_TOOLS)

ataxx-test: ataxx-build ## Ataxx: unit tests, perft suite, Fairy-Stockfish oracle ("N passed, N failed")
	@ATX_DIR=$(ATX_DIR) sh tests/ataxx/run.sh

ataxx-perft: $(ATX_DIR)/test_atx_perft ## Ataxx: every positions/ataxx/perft.epd count, to the deepest depth
	ATX_PERFT_BUDGET=100000000000 $(ATX_DIR)/test_atx_perft positions/ataxx/perft.epd

ataxx-bench: $(ATX_TOOLS) ## Ataxx: perft from the start, ours against the naive counter and Fairy-Stockfish (nodes/s)
	@sh tests/ataxx/bench_perft.sh $(ATX_DIR)/ataxx_cli $(ATX_DIR)/perft_naive

-include $(ATX_OBJ:.o=.d) $(ATX_TOOL_OBJ:.o=.d)
