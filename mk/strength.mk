# strength.mk - the Amazons strength validation (issue 13), played by qibench
# itself; long runs, so not part of `make test` (tests/strength.sh says how).
#
#   make strength        STRENGTH_BEST against STRENGTH_NEXT over 50 game pairs
#                        (goal >= 70%), then every variant against random over
#                        20 pairs each (goal >= 95%); a table at the end
#   make strength-rank   a round robin of STRENGTH_RANK (5 pairs a pairing), to
#                        find the best and the next best
#
# Settings (make VAR=value): STRENGTH_MOVETIME (100 ms a move),
# STRENGTH_TIMEMARGIN (200 ms of lateness forgiven),
# STRENGTH_PAIRS (50), STRENGTH_RANDOM_PAIRS (20), STRENGTH_RANK_PAIRS (5),
# STRENGTH_CONCURRENCY (1: the machine is shared and the clock is strict),
# STRENGTH_BEST / STRENGTH_NEXT / STRENGTH_RANK (variant names). Results go to
# results/strength-DATE-TIME/ (commands.txt, one folder and log per match,
# table.txt).

.PHONY: strength strength-rank

STRENGTH_GAME ?= amazons

strength: $(ENGINE_BINS) $(BIN)/qibench ## STRENGTH_GAME (amazons): best variant vs next best (50 pairs), every variant vs random
	@QIBENCH=$(BIN)/qibench STRENGTH_GAME=$(STRENGTH_GAME) STRENGTH_ENGINE=$(BIN)/$(STRENGTH_GAME)-engine sh tests/strength.sh all

strength-rank: $(ENGINE_BINS) $(BIN)/qibench ## STRENGTH_GAME (amazons): round robin of the candidate variants (STRENGTH_RANK)
	@QIBENCH=$(BIN)/qibench STRENGTH_GAME=$(STRENGTH_GAME) STRENGTH_ENGINE=$(BIN)/$(STRENGTH_GAME)-engine sh tests/strength.sh rank
