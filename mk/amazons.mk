# amazons.mk - the Game of the Amazons (engine/amazons/): its own test
# binaries, built from engine/amazons/*.c and one test file each into
# $(BUILD)/amazons-tests/ (the search library is not linked here).
#
#   make amazons-test           unit tests, perft suite (budgeted), oracle
#                               comparison with Fairy-Stockfish (skips without
#                               node or node_modules/fairy-stockfish-nnue.wasm);
#                               ends with "N passed, N failed[, N skipped]"
#   make amazons-perft          every positions/amazons/perft.epd count
#   make amazons-bench          perft(2) and perft(3) from the start, ours
#                               against tests/amazons/perft_naive.c
#   make amazons-npm            npm install the oracle (node_modules/, ignored)
#
# Sanitizer runs as elsewhere: make amazons-test sanitize="address undefined".

AMZ_SRC       := $(wildcard engine/amazons/*.c)
AMZ_DIR       := $(BUILD)/amazons-tests
AMZ_OBJ       := $(AMZ_SRC:%.c=$(AMZ_DIR)/obj/%.o)
AMZ_TEST_SRC  := $(wildcard tests/amazons/test_*.c)
AMZ_TESTS     := $(AMZ_TEST_SRC:tests/amazons/%.c=$(AMZ_DIR)/%)
AMZ_TOOLS     := $(AMZ_DIR)/amazons_cli $(AMZ_DIR)/amz_solve $(AMZ_DIR)/perft_naive
AMZ_TOOL_OBJ  := $(AMZ_TESTS:$(AMZ_DIR)/%=$(AMZ_DIR)/obj/tests/amazons/%.o) \
                 $(AMZ_TOOLS:$(AMZ_DIR)/%=$(AMZ_DIR)/obj/tests/amazons/%.o)
AMZ_INCLUDES  := -Iengine/amazons -Itests

.PHONY: amazons-build amazons-test amazons-perft amazons-bench amazons-npm

$(AMZ_OBJ) $(AMZ_TOOL_OBJ): $(AMZ_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(AMZ_INCLUDES) -c $< -o $@

$(AMZ_TESTS) $(AMZ_DIR)/amazons_cli $(AMZ_DIR)/amz_solve: $(AMZ_DIR)/%: $(AMZ_DIR)/obj/tests/amazons/%.o $(AMZ_OBJ)
	$(CC) $(LDFLAGS) $^ -o $@

# The yardstick links nothing of ours.
$(AMZ_DIR)/perft_naive: $(AMZ_DIR)/obj/tests/amazons/perft_naive.o
	$(CC) $(LDFLAGS) $^ -o $@

amazons-build: $(AMZ_TESTS) $(AMZ_TOOLS)

amazons-test: amazons-build ## Amazons: unit tests, perft suite, Fairy-Stockfish oracle ("N passed, N failed")
	@AMZ_DIR=$(AMZ_DIR) sh tests/amazons/run.sh

amazons-perft: $(AMZ_DIR)/test_amz_perft ## Amazons: every positions/amazons/perft.epd count, to the deepest depth
	AMZ_PERFT_BUDGET=100000000000 $(AMZ_DIR)/test_amz_perft positions/amazons/perft.epd

amazons-bench: $(AMZ_TOOLS) ## Amazons: perft(2), perft(3) from the start against the naive counter
	@sh tests/amazons/bench_perft.sh $(AMZ_DIR)/amazons_cli $(AMZ_DIR)/perft_naive

amazons-npm: ## Amazons: npm install fairy-stockfish-nnue.wasm (the oracle) into node_modules/
	npm install --no-save --no-package-lock fairy-stockfish-nnue.wasm

-include $(AMZ_OBJ:.o=.d) $(AMZ_TOOL_OBJ:.o=.d)
