#!/usr/bin/env python3
"""ratings_reference.py - an independent computation of `qibench ratings`.

Reads games.jsonl files (or run folders) and prints one JSON object with
the keys of `qibench ratings --json` (engines, crosstable, los), computed
by another method than harness/stats/ratings.c:

- the maximum of the same likelihood (Bradley-Terry, logistic Elo scale,
  a draw = half a win and half a loss) by Newton-Raphson on the Elo
  ratings with the anchor held fixed (stats/ratings.c: Hunter's MM iteration on
  gamma = 10^(r/400), then shifted);
- the covariance as the inverse of the negative Hessian with the anchor's
  row and column removed (stats/ratings.c: a pseudo-inverse of the whole
  Fisher information); for the average anchor, the variance of
  r_i - mean(r) is a' C a over the ratings relative to the first engine.

Usage: ratings_reference.py [--anchor NAME] DIR|FILE...   (Python 3 stdlib)
"""
import json
import math
import os
import sys

K = math.log(10) / 400
Z95 = 1.959963984540054


def read_games(paths):
    names, games = [], {}
    for p in paths:
        if os.path.isdir(p):
            p = os.path.join(p, "games.jsonl")
        with open(p, encoding="utf-8") as f:
            for line in f:
                g = json.loads(line)
                g.setdefault("red", g.get("white"))  # Amazons names its first side White
                pts = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[g["result"]]
                for n in (g["red"], g["black"]):
                    if n not in names:
                        names.append(n)
                a, b = names.index(g["red"]), names.index(g["black"])
                games.setdefault((a, b), []).append(pts)
                games.setdefault((b, a), []).append(1 - pts)
    return names, games


def solve(m, v):
    """m x = v by Gaussian elimination with partial pivoting."""
    n = len(v)
    a = [row[:] + [v[i]] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[i][n] / a[i][i] for i in range(n)]


def inverse(m):
    n = len(m)
    cols = [solve(m, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def expected(r, i, j):
    return 1 / (1 + 10 ** ((r[j] - r[i]) / 400))


def fit(n, games, fixed):
    free = [i for i in range(n) if i != fixed]
    r = [0.0] * n
    for _ in range(200):
        grad, hess = [], []
        for i in free:
            gi, row = 0.0, [0.0] * len(free)
            for j in range(n):
                s = games.get((i, j), [])
                if not s:
                    continue
                e = expected(r, i, j)
                gi += K * (sum(s) - len(s) * e)
                w = K * K * len(s) * e * (1 - e)
                row[free.index(i)] += w
                if j != fixed:
                    row[free.index(j)] -= w
            grad.append(gi)
            hess.append(row)
        step = solve(hess, grad)
        for k, i in enumerate(free):
            r[i] += step[k]
        if max(abs(x) for x in step) < 1e-12:
            break
    return r, free, inverse(hess)


def main(argv):
    anchor = None
    if len(argv) > 2 and argv[1] == "--anchor":
        anchor, argv = argv[2], argv[2:]
    names, games = read_games(argv[1:])
    n = len(names)
    r, free, cov = fit(n, games, 0)  # relative to the first engine
    full = [[0.0] * n for _ in range(n)]  # Cov(r_i - r_0, r_j - r_0)
    for a, i in enumerate(free):
        for b, j in enumerate(free):
            full[i][j] = cov[a][b]

    def var(coef):
        return sum(coef[i] * coef[j] * full[i][j] for i in range(n) for j in range(n))

    if anchor is None:
        mean = sum(r) / n
        elo = [x - mean for x in r]
        sd = [math.sqrt(max(var([(1 if k == i else 0) - 1 / n for k in range(n)]), 0)) for i in range(n)]
    else:
        a = names.index(anchor)
        elo = [x - r[a] for x in r]
        sd = [math.sqrt(max(var([(1 if k == i else 0) - (1 if k == a else 0) for k in range(n)]), 0))
              for i in range(n)]
    engines = []
    for i in range(n):
        s = [p for j in range(n) for p in games.get((i, j), [])]
        engines.append({"name": names[i], "games": len(s), "score": sum(s) / len(s), "elo": elo[i],
                        "elo_low": elo[i] - Z95 * sd[i], "elo_high": elo[i] + Z95 * sd[i]})
    cross, los = {}, {}
    for i in range(n):
        cross[names[i]], los[names[i]] = {}, {}
        for j in range(n):
            if i == j:
                continue
            d = math.sqrt(var([(1 if k == i else 0) - (1 if k == j else 0) for k in range(n)]))
            los[names[i]][names[j]] = 0.5 * math.erfc(-(elo[i] - elo[j]) / d / math.sqrt(2))
            s = games.get((i, j), [])
            if s:
                cross[names[i]][names[j]] = {"games": len(s), "wins": s.count(1.0), "draws": s.count(0.5),
                                             "losses": s.count(0.0), "score": sum(s) / len(s)}
    engines.sort(key=lambda e: -e["elo"])
    print(json.dumps({"engines": engines, "crosstable": cross, "los": los}))


if __name__ == "__main__":
    main(sys.argv)
