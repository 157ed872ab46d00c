#!/usr/bin/env python3
"""Reference values for tests/test_stats.c, computed independently of harness/stats/stats.c.

What it does
    Prints, for a fixed list of W/D/L and pentanomial cases, the score, Elo and
    its 95% error, LOS, draw ratio, normalized Elo and its error, and the GSPRT
    log-likelihood ratio for logistic and normalized bounds.  The values are
    pasted into tests/test_stats.c, which names this script.

How it is independent of the C code
    The summary statistics are written straight from the definitions (W/D/L:
    cutechess LOS Phi((W-L)/sqrt(W+L)); Elo interval = the score interval
    mu +- 1.959964 * sigma / sqrt(n) mapped through -400 log10(1/s - 1), as
    fastchess does; nElo = (mu - 1/2) / sigma_per_game * 800 / ln 10).

    The GSPRT is the one of fishtest (LLRcalc.py): zero cells count as 1e-3
    results, LLR = N * sum_i p_i ln(q1_i / q0_i), q_k the maximum-likelihood
    distribution under hypothesis k.  The C code finds q_k with the secular
    equation of Van den Bergh (bisection; a fixed-point iteration for the
    t-value).  This script does not: it maximizes the likelihood directly,
        logistic (mean = s):      over the distributions with sum q = 1 and
                                  sum q a = s, by Newton's method on the convex
                                  dual in one variable, and for W/D/L also by a
                                  golden-section search over the one free
                                  parameter (the two must agree);
        normalized (t-value = t): over sigma, with mu = 1/2 + t sigma, of the
                                  likelihood maximized under the two moment
                                  constraints sum q a = mu, sum q a^2 =
                                  sigma^2 + mu^2 (W/D/L: q is then fixed by
                                  sigma; pentanomial: Newton on the convex dual
                                  in two variables), by a grid dense near both
                                  ends plus golden-section refinement.

How to rerun (from the repository root; Python 3, standard library only)
    python3 scripts/stats_reference.py
"""

import math
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)
NELO_PER_T = 800 / math.log(10)
REGULARIZE = 1e-3
PHI = NormalDist().cdf


def elo_of(score):
    """Logistic Elo of a score, None outside (0, 1)."""
    if not 0 < score < 1:
        return None
    return -400 * math.log10(1 / score - 1)


def score_of(elo):
    return 1 / (1 + 10 ** (-elo / 400))


# ---------------------------------------------------------------- summaries

def moments(counts, values):
    n = sum(counts)
    mu = sum(c * v for c, v in zip(counts, values)) / n
    var = sum(c * (v - mu) ** 2 for c, v in zip(counts, values)) / n
    return n, mu, var


def interval_stats(n, mu, var, var_game):
    """Elo, Elo error, nElo, nElo error from n samples of mean mu, variance var."""
    se = math.sqrt(var / n)
    elo = elo_of(mu)
    lo, hi = elo_of(mu - Z95 * se), elo_of(mu + Z95 * se)
    err = None if lo is None or hi is None else (hi - lo) / 2
    if var_game > 0:
        nelo = (mu - 0.5) / math.sqrt(var_game) * NELO_PER_T
        nerr = Z95 * se / math.sqrt(var_game) * NELO_PER_T
    else:
        nelo = nerr = None
    return elo, err, nelo, nerr, se


def wdl_summary(w, d, l):
    if w + d + l == 0:
        return {"games": 0}
    n, mu, var = moments([l, d, w], [0, 0.5, 1])
    elo, err, nelo, nerr, _ = interval_stats(n, mu, var, var)
    los = PHI((w - l) / math.sqrt(w + l)) if w + l else 0.5
    return {"games": w + d + l, "score": mu, "elo": elo, "elo_error": err,
            "los": los, "draw_ratio": d / (w + d + l), "nelo": nelo, "nelo_error": nerr}


def penta_summary(p):
    pairs = sum(p)
    if pairs == 0:
        return {"games": 0, "pairs": 0}
    n, mu, var = moments(p, [0, 0.25, 0.5, 0.75, 1])
    elo, err, nelo, nerr, se = interval_stats(n, mu, var, 2 * var)
    los = PHI((mu - 0.5) / se) if se > 0 else (1.0 if mu > 0.5 else 0.0 if mu < 0.5 else 0.5)
    return {"games": 2 * pairs, "pairs": pairs, "score": mu, "elo": elo, "elo_error": err,
            "los": los, "nelo": nelo, "nelo_error": nerr}


# ---------------------------------------------------------------- maximum likelihood

def loglik(p, q):
    return sum(pi * math.log(qi) for pi, qi in zip(p, q))


def golden_max(f, lo, hi, steps=200):
    """Maximum of a unimodal f on [lo, hi] (golden-section search)."""
    g = (math.sqrt(5) - 1) / 2
    a, b = lo, hi
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc >= fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    return (a + b) / 2


def dual_newton(p, cons):
    """Maximizes sum p log q with sum q = 1 and sum q_i cons[k][i] = 0 for each k.

    The solution is q_i = p_i / (1 + sum_k y_k cons[k][i]), with y the
    stationary point of the convex dual -sum p_i log(1 + sum_k y_k cons[k][i]),
    i.e. the root of its gradient g_k(y) = -sum_i q_i cons[k][i]. Newton's
    method on g, each step halved until every 1 + ... stays positive and |g|
    falls. Returns q, or None when the constraints are not met (to 1e-9).
    """
    m = len(cons)
    cells = range(len(p))

    def state(yv):
        den = [1 + sum(yv[k] * cons[k][i] for k in range(m)) for i in cells]
        if min(den) <= 0:
            return None, math.inf
        grad = [-sum(p[i] * cons[k][i] / den[i] for i in cells) for k in range(m)]
        return den, max(abs(g) for g in grad)

    y = [0.0] * m
    den, norm = state(y)
    for _ in range(500):
        grad = [-sum(p[i] * cons[k][i] / den[i] for i in cells) for k in range(m)]
        hess = [[sum(p[i] * cons[j][i] * cons[k][i] / den[i] ** 2 for i in cells) for k in range(m)]
                for j in range(m)]
        step = solve(hess, [-g for g in grad])
        if step is None:
            break
        t = 1.0
        while t > 1e-20:
            cand = [y[k] + t * step[k] for k in range(m)]
            cden, cnorm = state(cand)
            if cnorm < norm:
                break
            t /= 2
        if t <= 1e-20:
            break  # no further progress in doubles
        y, den, norm = cand, cden, cnorm
    q = [p[i] / den[i] for i in cells]
    return q if abs(sum(q) - 1) < 1e-9 and norm < 1e-9 else None


def solve(a, b):
    """Solves the 1x1 or 2x2 system a x = b."""
    if len(b) == 1:
        return [b[0] / a[0][0]] if a[0][0] else None
    det = a[0][0] * a[1][1] - a[0][1] * a[1][0]
    if det == 0:
        return None
    return [(b[0] * a[1][1] - a[0][1] * b[1]) / det, (a[0][0] * b[1] - b[0] * a[1][0]) / det]


def mle_mean(p, values, s):
    """Most likely distribution with mean s."""
    q = dual_newton(p, [[v - s for v in values]])
    if len(values) == 3:
        # Cross-check on W/D/L: the free parameter is the draw probability q1,
        # with q2 = s - q1/2 and q0 = 1 - q1 - q2; the log-likelihood is concave.
        def f(q1):
            qq = [1 - q1 - (s - q1 / 2), q1, s - q1 / 2]
            return -math.inf if min(qq) <= 0 else loglik(p, qq)
        hi = min(1.0, 2 * s, 2 * (1 - s))
        q1 = golden_max(f, 0.0, hi)
        direct = [1 - q1 - (s - q1 / 2), q1, s - q1 / 2]
        assert abs(loglik(p, direct) - loglik(p, q)) < 1e-9, (p, s)
    return q


def q_for_sigma(p, values, t, sigma):
    """Most likely distribution with mean 1/2 + t sigma and standard deviation sigma."""
    mu = 0.5 + t * sigma
    m2 = sigma * sigma + mu * mu
    if len(values) == 3:  # fixed by the two moments
        q1 = 4 * (mu - m2)
        q2 = mu - q1 / 2
        q = [1 - q1 - q2, q1, q2]
        return q if min(q) > 0 else None
    return dual_newton(p, [[v - mu for v in values], [v * v - m2 for v in values]])


def mle_t(p, values, t):
    """Most likely distribution with (mu - 1/2) / sigma = t: profile over sigma.

    sigma = smax * u with smax = 1/2 / sqrt(1 + t^2), the largest sigma of a
    distribution on [0, 1] with mean 1/2 + t sigma; u runs over a grid dense
    near both 0 and 1 (the optimum can sit very close to either), and the
    best grid point is refined by golden-section search.
    """
    smax = 0.5 / math.sqrt(1 + t * t)

    def f(u):
        q = q_for_sigma(p, values, t, smax * u) if 0 < u < 1 else None
        return -math.inf if q is None else loglik(p, q)
    steps = 400
    low = [math.exp(math.log(1e-12) + k * (math.log(0.5) - math.log(1e-12)) / steps) for k in range(steps + 1)]
    grid = sorted(set(low + [1 - u for u in low]))
    vals = [f(u) for u in grid]
    k = max(range(len(grid)), key=lambda i: vals[i])
    lo, hi = grid[max(k - 1, 0)], grid[min(k + 1, len(grid) - 1)]
    return q_for_sigma(p, values, t, smax * golden_max(f, lo, hi))


def llr(counts, elo0, elo1, model):
    """fishtest's GSPRT LLR for L,D,W or LL,LD,WLDD,WD,WW counts; 0 without results."""
    if sum(counts) == 0:
        return 0.0
    reg = [c if c > 0 else REGULARIZE for c in counts]
    n = sum(reg)
    p = [c / n for c in reg]
    values = [i / (len(p) - 1) for i in range(len(p))]
    if model == "logistic":
        q0, q1 = (mle_mean(p, values, score_of(e)) for e in (elo0, elo1))
    else:
        scale = math.sqrt(2) if len(p) == 5 else 1.0
        q0, q1 = (mle_t(p, values, e / NELO_PER_T * scale) for e in (elo0, elo1))
    return n * (loglik(p, q1) - loglik(p, q0))


# ---------------------------------------------------------------- the cases

WDL_CASES = [(76, 123, 89), (136, 111, 96), (34, 0, 356), (100, 200, 100), (0, 50, 0),
             (10, 0, 0), (0, 0, 0), (9, 0, 1), (1, 1, 1)]
PENTA_CASES = [(34, 54, 63, 64, 75), (332, 433, 498, 333, 334), (0, 0, 0, 0, 104),
               (0, 0, 30, 0, 0), (0, 10, 30, 20, 0), (10, 20, 40, 20, 10), (0, 0, 0, 0, 0)]
SPRT_CASES = [
    # (kind, counts (W,D,L or pentanomial), elo0, elo1, model)
    ("wdl", (36433, 68692, 36027), 0, 2, "normalized"),
    ("wdl", (10871, 20431, 10650), -1.75, 0.25, "normalized"),
    ("wdl", (0, 16700, 0), 0, 5, "normalized"),
    ("wdl", (21404, 40708, 21184), 0.5, 2.5, "logistic"),
    ("wdl", (57433, 106593, 57030), 0, 2, "logistic"),
    ("wdl", (2400, 5000, 2000), 0, 5, "logistic"),
    ("wdl", (100, 50, 0), 0, 5, "logistic"),
    ("penta", (365, 16618, 36229, 16974, 390), 0, 2, "normalized"),
    ("penta", (127, 4883, 10712, 5150, 104), -1.75, 0.25, "normalized"),
    ("penta", (0, 0, 0, 0, 104), 0, 5, "normalized"),
    ("penta", (223, 9863, 21279, 10037, 246), 0.5, 2.5, "logistic"),
    ("penta", (871, 26175, 55983, 26678, 821), 0, 2, "logistic"),
    ("penta", (0, 300, 1000, 420, 0), 0, 5, "normalized"),
    ("penta", (0, 300, 1000, 420, 0), 0, 5, "logistic"),
    ("penta", (10, 20, 30, 20, 10), 0, 5, "logistic"),
]


def show(v):
    return "null" if v is None else "%.10g" % (v + 0.0)


def main():
    for w, d, l in WDL_CASES:
        s = wdl_summary(w, d, l)
        print("wdl %d,%d,%d: " % (w, d, l) + " ".join("%s=%s" % (k, show(v)) for k, v in s.items()))
    for p in PENTA_CASES:
        s = penta_summary(p)
        print("penta %s: " % ",".join(map(str, p)) + " ".join("%s=%s" % (k, show(v)) for k, v in s.items()))
    for kind, counts, e0, e1, model in SPRT_CASES:
        cells = (counts[2], counts[1], counts[0]) if kind == "wdl" else counts
        print("sprt %s %s elo0=%g elo1=%g model=%s: llr=%s" % (
            kind, ",".join(map(str, counts)), e0, e1, model, show(llr(cells, e0, e1, model))))
    print("bounds alpha=beta=0.05: lower=%s upper=%s" % (show(math.log(0.05 / 0.95)), show(math.log(0.95 / 0.05))))


if __name__ == "__main__":
    main()
