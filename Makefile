# qibench - build, test and benchmark. `make help` lists the targets.
#
# Options (make VAR=value):
#   debug=yes                  -O0 -g instead of -O2
#   sanitize="address undefined"  build with these sanitizers (into build/san*)
#   WERROR=1                   warnings are errors (the default when CI=true)

CC      ?= cc
PYTHON  ?= python3
WARN    := -Wall -Wextra -Wshadow -Wmissing-prototypes -Wmissing-declarations -Wstrict-prototypes
CFLAGS  := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -MMD -MP -pthread
LDFLAGS := -pthread

ifeq ($(CI),true)
WERROR ?= 1
endif
ifeq ($(WERROR),1)
CFLAGS += -Werror
endif

ifeq ($(debug),yes)
CFLAGS += -O0 -g
VARIANT := debug
else
CFLAGS += -O2 -g
VARIANT := release
endif

ifneq ($(strip $(sanitize)),)
SAN_FLAGS := $(addprefix -fsanitize=,$(sanitize)) -fno-omit-frame-pointer -fno-sanitize-recover=all
CFLAGS  += $(SAN_FLAGS)
LDFLAGS += $(SAN_FLAGS)
VARIANT := san-$(VARIANT)
endif

GIT_HASH := $(shell git rev-parse --short HEAD 2>/dev/null)
ifneq ($(GIT_HASH),)
CFLAGS += -DGIT_HASH=\"$(GIT_HASH)\"
endif

BUILD := build/$(VARIANT)
# The release build installs into bin/; the others stay inside build/.
ifeq ($(VARIANT),release)
BIN := bin
else
BIN := $(BUILD)/bin
endif

XQ_SRC     := $(wildcard engine/xiangqi/*.c)
# The search library, compiled for Xiangqi (engine/xiangqi/game.h on the path).
SEARCH_SRC := $(wildcard engine/search/*.c)
ENGINE_SRC := engine/main.c engine/uci.c
# The harness: everything in harness/ but main.c is a library the tests link too.
HARNESS_SRC := $(filter-out harness/main.c,$(wildcard harness/*.c)) harness/games/registry.c
# The games the harness plays. Each is sealed into one object: its harness
# files (harness/games/GAME.c and GAME_*.c) with its rules core
# (engine/GAME/*.c, without the search), whose only global symbol is its
# descriptor GAME_<NAME>, so that two games' cores never clash.
HARNESS_GAMES := xiangqi amazons
TEST_SRC   := $(wildcard tests/test_*.c)

XQ_OBJ     := $(XQ_SRC:%.c=$(BUILD)/%.o) $(SEARCH_SRC:%.c=$(BUILD)/%.o)
ENGINE_OBJ := $(ENGINE_SRC:%.c=$(BUILD)/%.o)
HARNESS_OBJ := $(HARNESS_SRC:%.c=$(BUILD)/%.o)
GAME_OBJ   := $(HARNESS_GAMES:%=$(BUILD)/sealed/%.o)
TEST_BINS  := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

INCLUDES := -Iengine/xiangqi -Iengine/search -Iengine -Iharness -Itests

.PHONY: all test run perft bench-perft bench-search bench bench-expected help clean tests-build

all: $(BIN)/xiangqi-engine $(BIN)/qibench ## build bin/xiangqi-engine and bin/qibench

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INCLUDES) -c $< -o $@

$(BIN)/xiangqi-engine: $(ENGINE_OBJ) $(XQ_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@

# harness/games/GAME.c and GAME_*.c see their own engine folder's headers.
$(BUILD)/harness/games/%.o: harness/games/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iengine/$(firstword $(subst _, ,$*)) -Iharness -c $< -o $@

game_harness_obj = $(patsubst %.c,$(BUILD)/%.o,$(wildcard harness/games/$(1).c harness/games/$(1)_*.c))
game_core_obj = $(patsubst %.c,$(BUILD)/%.o,$(wildcard engine/$(1)/*.c))
.SECONDEXPANSION:
$(BUILD)/sealed/%.o: $$(call game_harness_obj,$$*) $$(call game_core_obj,$$*)
	@mkdir -p $(dir $@)
	ld -r $^ -o $@.tmp
	objcopy --keep-global-symbol=GAME_$(shell echo $* | tr a-z A-Z) $@.tmp $@
	@rm -f $@.tmp

$(BIN)/qibench: $(BUILD)/harness/main.o $(HARNESS_OBJ) $(GAME_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ -lm

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(HARNESS_OBJ) $(GAME_OBJ) $(XQ_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ -lm

# A scripted, misbehaving UCI engine for the fault-injection tests.
$(BUILD)/tests/mock_engine: $(BUILD)/tests/mock_engine.o
	$(CC) $(LDFLAGS) $^ -o $@

tests-build: $(BIN)/xiangqi-engine $(BIN)/qibench $(TEST_BINS) $(BUILD)/tests/mock_engine

test: ## build everything and run every test under ASan+UBSan (ends with "N passed, N failed")
	$(MAKE) --no-print-directory tests-build
	$(MAKE) --no-print-directory sanitize="address undefined" tests-build
	@BUILD=build/san-release FAST_BUILD=build/release ENGINE=build/san-release/bin/xiangqi-engine \
	  FAST_ENGINE=bin/xiangqi-engine QIBENCH=build/san-release/bin/qibench \
	  MOCK=build/san-release/tests/mock_engine PYTHON=$(PYTHON) sh tests/run.sh

perft: $(BUILD)/tests/test_perft ## check every perft.epd position to its deepest depth (optimised build)
	QB_PERFT_BUDGET=100000000000 $(BUILD)/tests/test_perft positions/xiangqi/perft.epd

bench-perft: all ## time `go perft 5` from the start position, ours against Fairy-Stockfish
	@sh tests/bench_perft.sh bin/xiangqi-engine

bench-search: all ## bench every variant (nodes, time, NPS) and our NPS next to Fairy-Stockfish's
	@sh tests/bench_search.sh bin/xiangqi-engine

bench: bench-perft bench-search ## every benchmark

bench-expected: all ## rewrite tests/bench.expected (after a deliberate search change)
	@{ echo "# variant depth nodes: bin/xiangqi-engine bench DEPTH VARIANT over positions/xiangqi/bench.epd"; \
	  for v in $$(bin/xiangqi-engine --help | sed -n '/^Search variants:/,$$p' | awk 'NR > 1 { print $$1 }'); do \
	    echo "$$v 3 $$(bin/xiangqi-engine bench 3 $$v 2>/dev/null | sed -n 's/^Nodes searched *: //p')"; \
	  done; } > tests/bench.expected
	@cat tests/bench.expected

run: all ## the main job: nine variants over the bench set, endgame playouts, a short match, the report
	@PYTHON=$(PYTHON) sh scripts/main_job.sh

help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' Makefile $(wildcard mk/*.mk) | sed 's/:.*## /\t/' | expand -t 14

clean: ## remove build/ and bin/
	rm -rf build bin

.SECONDARY:

# Fragments for optional areas (fuzzing, position checks, reports): mk/*.mk.
-include $(wildcard mk/*.mk)

-include $(XQ_OBJ:.o=.d) $(ENGINE_OBJ:.o=.d) $(HARNESS_OBJ:.o=.d) $(BUILD)/harness/main.d $(TEST_BINS:=.d) \
  $(patsubst %.c,$(BUILD)/%.d,$(wildcard harness/games/*.c))
