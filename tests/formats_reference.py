#!/usr/bin/env python3
"""formats_reference.py - an independent recount of a knockout or Swiss
tournament from its games.jsonl, against its summary.json.

usage: formats_reference.py knockout|swiss RUN_DIR PAIRS [TIEBREAK_PAIRS]

Knockout: the seeded bracket (the next power of two, seed s against
P+1-s, byes to the top seeds, bracket order 1-8 4-5 2-7 3-6), each
encounter's score from the games, exactly as many pairs as the rules ask
(PAIRS, then one more while tied, up to TIEBREAK_PAIRS more), the winner
by score or else the higher seed; every round, encounter and the winner as
summary.json has them. Swiss: every round pairs each engine once (or gives
it the bye), no pairing repeats, no second bye, the first round is the top
half against the bottom half, each bye goes to the lowest-ranked engine
(points, then seed) without one, points (a bye the encounter won) and
Buchholz recounted, the standings in order. Silent when all agree;
otherwise prints the first difference and exits 1.
"""
import json
import sys


def load(run):
    summary = json.load(open(f"{run}/summary.json"))
    games = [json.loads(line) for line in open(f"{run}/games.jsonl")]
    for g in games:
        g.setdefault("red", g.get("white"))  # Amazons names its first side White
    seeds = [e["name"] for e in summary["engines"]]
    return summary, games, seeds


def points(game, name):
    """Points of `name` in game."""
    res = game["result"]
    if res == "1/2-1/2":
        return 0.5
    red_won = res == "1-0"
    return 1.0 if (game["red"] == name) == red_won else 0.0


def encounter_games(games, a, b):
    """The games of a against b by pair index: {pair: [games]}."""
    out = {}
    for g in games:
        if {g["red"], g["black"]} == {a, b}:
            out.setdefault(g["pair"], []).append(g)
    return out


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def bracket(n):
    size = 1
    while size < n:
        size *= 2
    # seed (from 1) at each bracket position: position order by recursion
    order = [1]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for s in order for x in (s, m + 1 - s)]
    return [(order[i], order[i + 1]) for i in range(0, size, 2)]


def check_knockout(run, pairs, tiebreak):
    summary, games, seeds = load(run)
    n = len(seeds)
    rounds = summary["knockout"]["rounds"]
    first = [(seeds[x - 1], seeds[y - 1] if y <= n else None) for x, y in bracket(n)]
    first = [(a, b) if b is None or seeds.index(a) < seeds.index(b) else (b, a) for a, b in first]
    current, used = first, 0
    for r, rnd in enumerate(rounds):
        got = [(e["a"], e["b"]) for e in rnd["encounters"]]
        if got != current:
            fail(f"knockout round {r + 1}: {got} expected {current}")
        winners = []
        for e, (a, b) in zip(rnd["encounters"], current):
            if b is None:
                winners.append(a)
                if e["winner"] != a or e["decided_by"] != "bye":
                    fail(f"round {r + 1}: {a}'s bye: {e}")
                continue
            by_pair = encounter_games(games, a, b)
            used += sum(len(v) for v in by_pair.values())
            sa = sb = 0.0
            played = 0
            winner = how = None
            for k in sorted(by_pair):
                if winner:
                    fail(f"round {r + 1}: {a}-{b}: pair {k} played after the encounter was decided")
                if len(by_pair[k]) != 2:
                    fail(f"round {r + 1}: {a}-{b}: pair {k} has {len(by_pair[k])} games")
                sa += sum(points(g, a) for g in by_pair[k])
                sb += sum(points(g, b) for g in by_pair[k])
                played += 1
                if played >= pairs and sa != sb:
                    winner, how = (a if sa > sb else b), "score"
                elif played >= pairs + tiebreak:
                    winner, how = (a if seeds.index(a) < seeds.index(b) else b), "seed"
            if not winner:
                fail(f"round {r + 1}: {a}-{b} undecided after {played} pairs")
            want = {"a": a, "b": b, "pairs": played, "score_a": sa, "score_b": sb, "winner": winner, "decided_by": how}
            if e != want:
                fail(f"round {r + 1}: {e} expected {want}")
            winners.append(winner)
        if len(winners) == 1:
            if r != len(rounds) - 1 or summary["knockout"].get("winner") != winners[0]:
                fail(f"the winner is {winners[0]}, summary says {summary['knockout'].get('winner')}")
            break
        current = [tuple(sorted(winners[i:i + 2], key=seeds.index)) for i in range(0, len(winners), 2)]
    if used != len(games):
        fail(f"{len(games)} games, {used} in the bracket")
    if summary["state"] != "finished" or summary["games"] != len(games) or summary["games_planned"] != len(games):
        fail(f"state {summary['state']}, games {summary['games']}/{summary['games_planned']}, {len(games)} stored")


def check_swiss(run, pairs):
    summary, games, seeds = load(run)
    n = len(seeds)
    sw = summary["swiss"]
    score = {s: 0.0 for s in seeds}
    met, had_bye = set(), set()
    used = 0
    for r, rnd in enumerate(sw["rounds"]):
        ranked = sorted(seeds, key=lambda s: (-score[s], seeds.index(s)))
        seen = []
        if r == 0:
            half = n // 2
            top = [seeds[i] for i in range(half)]
            bottom = [seeds[i] for i in range(half, 2 * half)]
            want = list(zip(top, bottom))
            if [(e["a"], e["b"]) for e in rnd["encounters"]] != want:
                fail(f"swiss round 1: {rnd['encounters']} expected {want}")
        bye = rnd["bye"]
        if (bye is not None) != (n % 2 == 1):
            fail(f"round {r + 1}: bye {bye} with {n} engines")
        if bye is not None:
            lowest = [s for s in ranked if s not in had_bye][-1]
            if bye != lowest:
                fail(f"round {r + 1}: the bye to {bye}, expected {lowest}")
            if bye in had_bye:
                fail(f"round {r + 1}: a second bye for {bye}")
            seen.append(bye)
        round_points = {}
        for e in rnd["encounters"]:
            a, b = e["a"], e["b"]
            if frozenset((a, b)) in met:
                fail(f"round {r + 1}: {a}-{b} met before")
            met.add(frozenset((a, b)))
            seen += [a, b]
            by_pair = encounter_games(games, a, b)
            gs = [g for v in by_pair.values() for g in v]
            used += len(gs)
            if len(by_pair) != pairs or len(gs) != 2 * pairs:
                fail(f"round {r + 1}: {a}-{b}: {len(by_pair)} pairs, {len(gs)} games")
            sa, sb = sum(points(g, a) for g in gs), sum(points(g, b) for g in gs)
            if (e["score_a"], e["score_b"]) != (sa, sb):
                fail(f"round {r + 1}: {a}-{b} {e['score_a']}-{e['score_b']}, games say {sa}-{sb}")
            round_points[a], round_points[b] = sa, sb
        if sorted(seen) != sorted(seeds):
            fail(f"round {r + 1}: engines paired {sorted(seen)}")
        for s, p in round_points.items():
            score[s] += p
        if bye is not None:
            score[bye] += 2 * pairs
            had_bye.add(bye)
    if len(sw["rounds"]) != sw["rounds_planned"] or used != len(games):
        fail(f"{len(sw['rounds'])} of {sw['rounds_planned']} rounds, {used} of {len(games)} games")
    buchholz = {s: sum(score[o] for o in seeds if frozenset((s, o)) in met) for s in seeds}
    order = sorted(seeds, key=lambda s: (-score[s], -buchholz[s], seeds.index(s)))
    want = [{"name": s, "rank": i + 1, "points": score[s], "buchholz": buchholz[s], "bye": s in had_bye}
            for i, s in enumerate(order)]
    if sw["standings"] != want:
        fail(f"standings {sw['standings']} expected {want}")


if __name__ == "__main__":
    if sys.argv[1] == "knockout":
        check_knockout(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        check_swiss(sys.argv[2], int(sys.argv[3]))
