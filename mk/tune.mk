# tune.mk - bin/xiangqi-tune, the Texel tuner of the evaluation term Tuned
# (engine/xiangqi/eval_tune.c; README, "Tune the evaluation").
#
#   make tune [TUNE_RECORDS="positions/xiangqi/tune/fsf-selfplay.txt ..."] [TUNE_ARGS=...]
#
# rewrites engine/xiangqi/eval_tuned.c from the game records (scripts/tune_games.py
# makes them from a match's games.jsonl); then `make` builds the engine with them.

TUNE_RECORDS ?= positions/xiangqi/tune/fsf-selfplay.txt positions/xiangqi/tune/fsf-selfplay-2.txt
TUNE_ARGS    ?= --reg 0.0001 --rate 2 --epochs 2000

.PHONY: tune

all: $(BIN)/xiangqi-tune
tests-build: $(BIN)/xiangqi-tune

$(BIN)/xiangqi-tune: $(BUILD)/engine/xiangqi/tune/main.o $(xiangqi_CORE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ -lm

tune: $(BIN)/xiangqi-tune ## Xiangqi: fit the evaluation term Tuned's tables to TUNE_RECORDS (rewrites engine/xiangqi/eval_tuned.c)
	$(BIN)/xiangqi-tune $(TUNE_ARGS) -o engine/xiangqi/eval_tuned.c.tmp $(TUNE_RECORDS)
	mv engine/xiangqi/eval_tuned.c.tmp engine/xiangqi/eval_tuned.c

-include $(BUILD)/engine/xiangqi/tune/main.d
