# qibench - build, test and benchmark. `make help` lists the targets.
#
# Options (make VAR=value):
#   debug=yes                  -O0 -g instead of -O2
#   sanitize="address undefined"  build with these sanitizers (into build/san*)
#   WERROR=1                   warnings are errors (the default when CI=true)

CC      ?= cc
PYTHON  ?= python3
WARN    := -Wall -Wextra -Wshadow -Wundef -Wmissing-prototypes -Wmissing-declarations -Wstrict-prototypes
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


BUILD := build/$(VARIANT)
# The release build installs into bin/; the others stay inside build/.
ifeq ($(VARIANT),release)
BIN := bin
else
BIN := $(BUILD)/bin
endif

# Games: each has engine/<game>/ (its rules and game.h). Adding a game is one
# word here; the template below builds bin/<game>-engine for each.
GAMES      := xiangqi amazons ataxx

# The search library and the protocol are game-independent sources, compiled
# once per game with engine/<game>/ first on the include path (so that they
# see that game's game.h) into $(BUILD)/<game>/engine/...
SEARCH_SRC := $(wildcard engine/search/*.c)
# engine/pgn_lex.c (the PGN lexer, text only) is the harness's too.
ENGINE_SRC := engine/main.c engine/uci.c engine/options.c engine/bench.c engine/text.c engine/pgn_lex.c \
              engine/book.c
XQ_SRC     := $(wildcard engine/xiangqi/*.c)
# The harness: one folder a concern (harness/cli/, proc/, players/, games/,
# play/, match/, results/, formats/, stats/, suite/, bench/, regress/, util/);
# everything but main.c and each game's own files (harness/games/GAME.c and
# GAME_*.c) is a library the tests link too.
GAME_HARNESS_SRC := $(foreach g,$(GAMES),$(wildcard harness/games/$(g).c harness/games/$(g)_*.c))
HARNESS_SRC := $(filter-out $(GAME_HARNESS_SRC),$(wildcard harness/*/*.c)) engine/pgn_lex.c
# The harness plays the same games: it links each game's harness files
# (harness/games/GAME.c and GAME_*.c) with its rules core (engine/GAME/*.c
# but the evaluation, eval*.c: no search, no evaluation, no tuner). Every
# core's external names carry its prefix (xq_, amz_), so the cores link side
# by side.
TEST_SRC   := $(wildcard tests/test_*.c)

# game_vars GAME: <game>_CORE_OBJ (its rules and evaluation), <game>_RULES_OBJ
# (the rules alone), <game>_SEARCH_OBJ, <game>_ENGINE_OBJ.
define game_vars
$(1)_CORE_OBJ   := $$(patsubst %.c,$$(BUILD)/%.o,$$(wildcard engine/$(1)/*.c))
$(1)_RULES_OBJ  := $$(filter-out $$(BUILD)/engine/$(1)/eval%,$$($(1)_CORE_OBJ))
$(1)_SEARCH_OBJ := $$(SEARCH_SRC:%.c=$$(BUILD)/$(1)/%.o)
$(1)_ENGINE_OBJ := $$(ENGINE_SRC:%.c=$$(BUILD)/$(1)/%.o)
endef
$(foreach g,$(GAMES),$(eval $(call game_vars,$(g))))

# The Xiangqi evaluation (and tuner) and its search library, in an archive
# that the C tests link after the rules: a test takes from it only what it
# calls (the rules-only tests nothing).
XQ_SEARCH_LIB := $(BUILD)/lib/xiangqi-search.a
XQ_SEARCH_LIB_OBJ := $(filter-out $(xiangqi_RULES_OBJ),$(xiangqi_CORE_OBJ)) $(xiangqi_SEARCH_OBJ)
ENGINE_OBJ := $(foreach g,$(GAMES),$($(g)_ENGINE_OBJ))
GAME_OBJ   := $(foreach g,$(GAMES),$($(g)_CORE_OBJ) $($(g)_SEARCH_OBJ) $($(g)_ENGINE_OBJ))
ENGINE_BINS := $(GAMES:%=$(BIN)/%-engine)
HARNESS_OBJ := $(HARNESS_SRC:%.c=$(BUILD)/%.o)
GAMES_HARNESS_OBJ = $(GAME_HARNESS_SRC:%.c=$(BUILD)/%.o) $(foreach g,$(GAMES),$($(g)_RULES_OBJ))
TEST_BINS  := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)

# The harness and the tests (they see engine/xiangqi/game.h).
INCLUDES := -Iengine/xiangqi -Iengine/search -Iengine -Iharness -Itests -I$(BUILD)

.PHONY: all check test test-oracle forfeit-check run perft bench-perft bench-search bench bench-expected help clean tests-build ablation check-readme

all: $(ENGINE_BINS) $(BIN)/qibench ## what `make` builds: bin/GAME-engine for every game in GAMES (bin/xiangqi-engine, bin/amazons-engine) and bin/qibench, optimised (-O2)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(INCLUDES) -c $< -o $@

# game_rules GAME: its rules core, its copy of the search library and the
# protocol, and bin/GAME-engine linked from the three. The core goes first,
# so that where its code lands (perft speed depends on the move generator's
# alignment, by 10% or so) does not change with the size of the protocol.
define game_rules
$$(BUILD)/engine/$(1)/%.o: engine/$(1)/%.c
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS) -Iengine/$(1) -c $$< -o $$@

$$(BUILD)/$(1)/%.o: %.c
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS) -Iengine/$(1) -Iengine/search -Iengine -c $$< -o $$@

$$(BIN)/$(1)-engine: $$($(1)_CORE_OBJ) $$($(1)_SEARCH_OBJ) $$($(1)_ENGINE_OBJ)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(LDFLAGS) $$^ -o $$@ -lm
endef
$(foreach g,$(GAMES),$(eval $(call game_rules,$(g))))

# The harness sees only its own headers, by folder ("results/io.h"; a game is
# reached through harness/games/game.h); harness/games/GAME.c and GAME_*.c
# also see the engine's, by game ("xiangqi/board.h").
$(HARNESS_OBJ) $(BUILD)/harness/main.o: INCLUDES := -Iharness -I$(BUILD)
# ... and the PGN lexer it shares with the engines (engine/pgn_lex.h).
$(BUILD)/harness/formats/openings.o: INCLUDES := -Iharness -I$(BUILD) -Iengine

# The version results record (run.json, summary.json, `qibench --version`): the
# commit, with "-dirty" for a tree with uncommitted changes. $(BUILD)/version.h
# is rewritten only when that changes, so what includes it is rebuilt then (a
# -D flag would be baked into whichever objects happened to be rebuilt).
VERSION := $(shell git describe --always --dirty --abbrev=7 2>/dev/null || echo unknown)
$(BUILD)/version.h: FORCE
	@mkdir -p $(dir $@)
	@echo '#define QIBENCH_VERSION "$(VERSION)"' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(BUILD)/harness/results/json.o $(BUILD)/harness/results/io.o $(BUILD)/harness/main.o: $(BUILD)/version.h

# The games qibench knows, for harness/games/registry.c: GAME(GAME_<NAME>)
# a line, in GAMES order (the first is the default), so that the list is
# GAMES alone; a game whose harness/games/GAME.c is not written yet has its
# engine only. Rewritten only when it changes, as version.h.
HARNESS_GAMES := $(foreach g,$(GAMES),$(if $(wildcard harness/games/$(g).c),$(g)))
$(BUILD)/games.h: FORCE
	@mkdir -p $(dir $@)
	@for g in $(HARNESS_GAMES); do echo "GAME(GAME_$$(echo $$g | tr a-z A-Z))"; done >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(BUILD)/harness/games/registry.o: $(BUILD)/games.h
.PHONY: FORCE
FORCE:

$(GAME_HARNESS_SRC:%.c=$(BUILD)/%.o): $(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iengine -Iharness -c $< -o $@


$(BIN)/qibench: $(BUILD)/harness/main.o $(HARNESS_OBJ) $(GAMES_HARNESS_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ -lm

$(XQ_SEARCH_LIB): $(XQ_SEARCH_LIB_OBJ)
	@mkdir -p $(dir $@)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/tests/test_%: $(BUILD)/tests/test_%.o $(HARNESS_OBJ) $(GAMES_HARNESS_OBJ) $(XQ_SEARCH_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ -lm

# The book test: the Xiangqi engine's book (its PGN lexer is the harness's).
$(BUILD)/tests/test_book: $(BUILD)/xiangqi/engine/book.o $(BUILD)/xiangqi/engine/text.o

# A scripted, misbehaving UCI engine for the fault-injection tests.
$(BUILD)/tests/mock_engine: $(BUILD)/tests/mock_engine.o
	$(CC) $(LDFLAGS) $^ -o $@

tests-build: $(ENGINE_BINS) $(BIN)/qibench $(TEST_BINS) $(BUILD)/tests/mock_engine amazons-build ataxx-build

# make check and make test build with a job a core, unless make was given -j itself.
TEST_MAKE_J = $(if $(findstring -j,$(MAKEFLAGS)),,-j$(shell nproc 2>/dev/null || echo 2))
# The binaries the tests drive: the optimised build's, and the sanitizer build's.
RELEASE_TEST_ENV = BUILD=build/release FAST_BUILD=build/release ENGINE=bin/xiangqi-engine \
	  FAST_ENGINE=bin/xiangqi-engine AMZ_ENGINE=bin/amazons-engine FAST_AMZ_ENGINE=bin/amazons-engine \
	  ATX_ENGINE=bin/ataxx-engine \
	  QIBENCH=bin/qibench MOCK=build/release/tests/mock_engine PYTHON=$(PYTHON) T="$(T)"
SAN_TEST_ENV = BUILD=build/san-release FAST_BUILD=build/release ENGINE=build/san-release/bin/xiangqi-engine \
	  FAST_ENGINE=bin/xiangqi-engine AMZ_ENGINE=build/san-release/bin/amazons-engine \
	  FAST_AMZ_ENGINE=bin/amazons-engine ATX_ENGINE=build/san-release/bin/ataxx-engine \
	  QIBENCH=build/san-release/bin/qibench \
	  MOCK=build/san-release/tests/mock_engine PYTHON=$(PYTHON) T="$(T)"
check: ## after every edit, about a minute: the optimised build, its unit tests, every bench signature, a match, a resume, a suite, a play session (ends with "N passed, N failed")
	@$(MAKE) --no-print-directory $(TEST_MAKE_J) tests-build
	@$(RELEASE_TEST_ENV) sh tests/run.sh check
test: ## build both trees and run every test: under ASan+UBSan, deep searches optimised, then the live oracles (ends with "N passed, N failed"; T=NAME,... runs just those)
	@$(MAKE) --no-print-directory $(TEST_MAKE_J) tests-build
	@$(MAKE) --no-print-directory $(TEST_MAKE_J) sanitize="address undefined" tests-build
	@$(SAN_TEST_ENV) sh tests/run.sh test
test-oracle: ## the live comparisons with Fairy-Stockfish in WebAssembly (make amazons-npm): Amazons divides, chase verdicts
	@$(MAKE) --no-print-directory $(TEST_MAKE_J) tests-build
	@$(RELEASE_TEST_ENV) sh tests/run.sh oracle

perft: $(BUILD)/tests/test_perft ## check every perft.epd position to its deepest depth (optimised build)
	QB_PERFT_BUDGET=100000000000 $(BUILD)/tests/test_perft positions/xiangqi/perft.epd

bench-perft: all ## time `go perft 5` from the start position, ours against Fairy-Stockfish
	@sh tests/bench_perft.sh bin/xiangqi-engine

bench-search: all ## bench every variant (nodes, time, NPS) and our NPS next to Fairy-Stockfish's
	@sh tests/bench_search.sh bin/xiangqi-engine

bench: bench-perft bench-search ## every benchmark

# bench_expected GAME DEPTH FILE [FLAGS]: "variant depth nodes" of bin/GAME-engine's
# `[FLAGS] bench DEPTH VARIANT` for every variant, into FILE.
define bench_expected
	@{ echo "# variant depth nodes: bin/$(1)-engine $(if $(4),$(4) )bench DEPTH VARIANT over positions/$(1)/bench.epd"; \
	  for v in $$(bin/$(1)-engine --help | sed -n '/^Search variants:/,$$p' | awk 'NR > 1 { print $$1 }'); do \
	    echo "$$v $(2) $$(bin/$(1)-engine $(4) bench $(2) $$v 2>/dev/null | sed -n 's/^Nodes searched *: //p')"; \
	  done; } > $(3)
	@cat $(3)
endef

# Xiangqi at depth 3; Amazons at depth 1 (its evaluation is slow: ~80k nodes/s); Ataxx at depth 3.
bench-expected: all ## rewrite tests/bench.expected (check-only, the engine's default), bench.asian.expected, bench.amazons.expected and bench.ataxx.expected
	$(call bench_expected,xiangqi,3,tests/bench.expected)
	$(call bench_expected,xiangqi,3,tests/bench.asian.expected,--rules asian)
	$(call bench_expected,amazons,1,tests/bench.amazons.expected)
	$(call bench_expected,ataxx,3,tests/bench.ataxx.expected)

ablation: all ## the search features: modern against modern without each (with each, for the others), and the node ratios; a table into results/ablation-* (scripts/ablation.sh: ABLATION_LIMIT, ABLATION_ROUNDS)
	@sh scripts/ablation.sh

forfeit-check: tests-build ## no time forfeit of a well-behaved engine at the default grace on a busy machine, a late one always (scripts/forfeit_check.sh: GAMES, ST; into results/forfeit-check-*)
	@PYTHON=$(PYTHON) sh scripts/forfeit_check.sh

check-readme: all ## run every example of README.md and docs/*.md that its page does not say takes minutes or hours, and check every relative link (tests/readme_examples.py; "N passed, N failed, N skipped")
	@$(PYTHON) tests/readme_examples.py

run: all ## the main job: nine variants over the bench set, endgame playouts, a short match, the report
	@PYTHON=$(PYTHON) sh scripts/main_job.sh

help: ## list the targets
	@grep -hE '^[a-z-]+:.*## ' Makefile $(wildcard mk/*.mk) | sed 's/:.*## /\t/' | expand -t 14

clean: ## remove build/ and bin/
	rm -rf build bin

.SECONDARY:

# Fragments for optional areas (fuzzing, position checks, reports): mk/*.mk.
-include $(wildcard mk/*.mk)

-include $(GAME_OBJ:.o=.d) $(HARNESS_OBJ:.o=.d) $(BUILD)/harness/main.d $(TEST_BINS:=.d) \
  $(patsubst %.c,$(BUILD)/%.d,$(wildcard harness/games/*.c))
