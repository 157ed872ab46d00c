# positions.mk - `make check-positions`: every expectation of the position sets
# positions/xiangqi/endgames.epd and tactics.epd checked with our strongest
# variant (negascout): every endgame played out against itself (`result`
# within `within` moves), every endgame `dm` and every tactic `bm`/`dm` met by
# a fixed-depth search. tests/e2e_positions.sh (in `make test`) runs a quick
# subset at the same depths. Results go to results/check-positions-DATE-TIME-*.
#
#   make check-positions [POSITIONS_JOBS=2] [POSITIONS_PLAYOUT_DEPTH=12] ...

POSITIONS_PLAYOUT_DEPTH ?= 12
POSITIONS_MATE_DEPTH ?= 10
POSITIONS_TACTIC_DEPTH ?= 6
POSITIONS_JOBS ?= 2

# Adds up the JSON Lines files given as arguments: a playout counts by
# "passed", a search by "solved" (searches without expectation are skipped).
POSITIONS_TALLY := import json, sys; \
rows = [json.loads(l) for f in sys.argv[1:] for l in open(f)]; \
rows = [r for r in rows if r.get("passed", r.get("solved")) is not None]; \
bad = [r for r in rows if not r.get("passed", r.get("solved"))]; \
[print("FAIL:", r["position"], r.get("result") or r.get("bestmove"), r.get("reason") or r.get("score"), r["fen"]) for r in bad]; \
print(f"{len(rows) - len(bad)} passed, {len(bad)} failed"); \
sys.exit(1 if bad or not rows else 0)

.PHONY: check-positions

check-positions: $(BIN)/xiangqi-engine $(BIN)/qibench ## every endgame played out, every tactic searched (negascout; "N passed, N failed")
	@run=check-positions-$$(date +%Y%m%d-%H%M%S); \
	qb="$(BIN)/qibench"; ns="-variant-engines negascout --concurrency $(POSITIONS_JOBS) --results results"; \
	mkdir -p results/$$run-mates && grep ';dm ' positions/xiangqi/endgames.epd >results/$$run-mates/endgames-dm.epd && \
	echo "endgames: playouts at depth $(POSITIONS_PLAYOUT_DEPTH)" && \
	{ $$qb suite positions/xiangqi/endgames.epd --playout $$ns -each depth=$(POSITIONS_PLAYOUT_DEPTH) --name $$run-endgames \
	    || [ $$? -eq 1 ]; } && \
	echo "endgames: mates (dm) at depth $(POSITIONS_MATE_DEPTH)" && \
	$$qb suite results/$$run-mates/endgames-dm.epd $$ns -each depth=$(POSITIONS_MATE_DEPTH) --name $$run-mates && \
	echo "tactics: depth $(POSITIONS_TACTIC_DEPTH)" && \
	$$qb suite positions/xiangqi/tactics.epd $$ns -each depth=$(POSITIONS_TACTIC_DEPTH) --name $$run-tactics && \
	$(PYTHON) -c '$(POSITIONS_TALLY)' results/$$run-endgames/playouts.jsonl \
	    results/$$run-mates/searches.jsonl results/$$run-tactics/searches.jsonl
