# mk/fuzz.mk - libFuzzer targets for the parsers of hostile input (included
# by the Makefile). Every fuzz/fuzz_NAME.c is a target NAME: a file holding
# LLVMFuzzerTestOneInput, seeded from fuzz/corpus/NAME/, with the inputs that
# once broke it kept in fuzz/regress/NAME/.
#
#   make fuzz                  build with clang -fsanitize=fuzzer,address,undefined
#                              and fuzz each target for FUZZ_SECONDS (default 60)
#   make fuzz FUZZ_TARGETS="fuzz_fen fuzz_moves" FUZZ_SECONDS=300
#   make fuzz-regress          replay fuzz/corpus and fuzz/regress through
#                              fuzz/driver.c built by $(CC) with ASan + UBSan
#
# `make fuzz` works in FUZZ_DIR (build/fuzz): bin/ (the fuzzers), corpus/NAME
# (a working copy of the corpus, which the fuzzer grows: the tree is never
# written), artifacts/NAME/ (crashing inputs: minimise one with
# `FUZZ_DIR/bin/NAME -minimize_crash=1 -runs=10000 FILE`, then keep it in
# fuzz/regress/NAME/) and logs/NAME.log. A fuzz/NAME.dict is passed as -dict.

FUZZ_CC      ?= clang
FUZZ_DIR     ?= build/fuzz
FUZZ_SECONDS ?= 60
# Extra libFuzzer options, e.g. FUZZ_FLAGS="-jobs=2 -workers=2".
FUZZ_FLAGS   ?=
FUZZ_ALL     := $(patsubst fuzz/%.c,%,$(wildcard fuzz/fuzz_*.c))
FUZZ_TARGETS ?= $(FUZZ_ALL)

# The library the targets test: the objects the unit tests link, in an
# archive so that each target pulls in only the files it needs.
FUZZ_LIB_SRC := $(XQ_SRC) $(SEARCH_SRC) $(HARNESS_SRC) $(GAMES:%=harness/games/%.c)
FUZZ_LIB_OBJ := $(FUZZ_LIB_SRC:%.c=$(FUZZ_DIR)/obj/%.o)
FUZZ_LIB     := $(FUZZ_DIR)/libqibench.a
FUZZ_CFLAGS  := -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -MMD -MP -pthread -g -O1 \
                -fno-omit-frame-pointer -fno-sanitize-recover=all
ifeq ($(WERROR),1)
FUZZ_CFLAGS  += -Werror
endif
FUZZ_BINS    := $(FUZZ_ALL:%=$(FUZZ_DIR)/bin/%)

# Replay builds: $(CC) with the sanitizers of `make sanitize=...`, in $(BUILD).
FUZZ_SANITIZE := address undefined
FUZZ_REPLAY_BINS := $(FUZZ_ALL:%=$(BUILD)/fuzz/replay/%)

.PHONY: fuzz fuzz-build fuzz-regress fuzz-regress-build

$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined $(INCLUDES) -c $< -o $@

# version.h: made by the Makefile in $(BUILD), on the include path.
$(FUZZ_DIR)/obj/harness/results/json.o $(FUZZ_DIR)/obj/harness/results/io.o: $(BUILD)/version.h

$(FUZZ_LIB): $(FUZZ_LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_BINS): $(FUZZ_DIR)/bin/%: $(FUZZ_DIR)/obj/fuzz/%.o $(FUZZ_LIB)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -fsanitize=fuzzer,address,undefined -pthread $^ -o $@ -lm

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/bin/%)

fuzz: fuzz-build ## fuzz each fuzz/fuzz_*.c for FUZZ_SECONDS (60) with clang's libFuzzer; fails on a crash
	@status=0; \
	for t in $(FUZZ_TARGETS); do \
	    corpus=$(FUZZ_DIR)/corpus/$$t artifacts=$(FUZZ_DIR)/artifacts/$$t/ log=$(FUZZ_DIR)/logs/$$t.log; \
	    mkdir -p "$$corpus" "$$artifacts" $(FUZZ_DIR)/logs; \
	    if [ -d fuzz/corpus/$$t ]; then cp -R fuzz/corpus/$$t/. "$$corpus"/; fi; \
	    seeds=; if [ -d fuzz/regress/$$t ]; then seeds=fuzz/regress/$$t; fi; \
	    dict=; if [ -f fuzz/$$t.dict ]; then dict=-dict=fuzz/$$t.dict; fi; \
	    echo "$$t: fuzzing for $(FUZZ_SECONDS) s (log: $$log)"; \
	    $(FUZZ_DIR)/bin/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	        -print_final_stats=1 -artifact_prefix="$$artifacts" $$dict $(FUZZ_FLAGS) \
	        "$$corpus" $$seeds >"$$log" 2>&1; \
	    rc=$$?; \
	    execs=$$(sed -n 's/^stat::number_of_executed_units: *//p' "$$log" | tail -n 1); \
	    if [ $$rc -eq 0 ]; then \
	        echo "$$t: $${execs:-?} executions, no crash"; \
	    else \
	        status=1; \
	        grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz_|.*runtime error)' "$$log" | head -n 20; \
	        echo "$$t: FAILED (exit $$rc) after $${execs:-?} executions; inputs in $$artifacts:"; \
	        ls "$$artifacts"; \
	    fi; \
	done; \
	exit $$status

ifeq ($(strip $(sanitize)),)
# Replays always run under the sanitizers: go round again with them set.
fuzz-regress-build:
	@$(MAKE) --no-print-directory sanitize="$(FUZZ_SANITIZE)" $@

fuzz-regress: ## replay fuzz/corpus and fuzz/regress through fuzz/driver.c under ASan+UBSan (no clang needed)
	@$(MAKE) --no-print-directory sanitize="$(FUZZ_SANITIZE)" $@
else
$(BUILD)/fuzz/libqibench.a: $(HARNESS_OBJ) $(GAMES_HARNESS_OBJ) $(XQ_SEARCH_LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_REPLAY_BINS): $(BUILD)/fuzz/replay/%: $(BUILD)/fuzz/%.o $(BUILD)/fuzz/driver.o $(BUILD)/fuzz/libqibench.a
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ -lm

fuzz-regress-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/replay/%)

fuzz-regress: fuzz-regress-build
	@passed=0 failed=0; \
	for t in $(FUZZ_TARGETS); do \
	    line=$$($(BUILD)/fuzz/replay/$$t fuzz/corpus/$$t fuzz/regress/$$t | tail -n 1); \
	    echo "$$t: $$line"; \
	    p=$$(echo "$$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$$/\1/p'); \
	    f=$$(echo "$$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$$/\2/p'); \
	    passed=$$((passed + $${p:-0})) failed=$$((failed + $${f:-1})); \
	done; \
	echo "$$passed passed, $$failed failed"; \
	[ $$failed -eq 0 ]
endif

-include $(FUZZ_DIR)/obj/fuzz/*.d $(FUZZ_LIB_OBJ:.o=.d) $(BUILD)/fuzz/*.d
