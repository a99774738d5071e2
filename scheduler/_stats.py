"""Statistics of a NEW-against-OLD test: the GSPRT log-likelihood ratio and Elo estimates.

A record is a list of counts by outcome, in ascending score: three for games (loss, draw,
win: the trinomial model) or five for game pairs, one deal played from both seats (0, 1/2,
1, 3/2 or 2 points: the pentanomial model). Outcome k of n scores ``a_k = k / (n - 1)``, the
pair's points divided by 2, so that a score is always per game.

Zero counts: as fishtest's ``regularize``, every count that is 0 is replaced by 0.001 and
the others are left alone, before any statistic is computed (so every outcome has a positive
frequency, the constrained fits exist, and all wins or all draws give finite numbers). The
one exception is a record of no games at all: LLR 0, Elo 0, interval (-inf, inf), LOS 1/2.

The LLR (``llr``) is the generalised log-likelihood ratio of fishtest: for each hypothesis,
the distribution over the outcomes that fits the regularised counts best among those that
satisfy the hypothesis (the maximum-likelihood estimate under that constraint), and

    LLR = sum_k c_k ln(p1_k / p0_k),  c the regularised counts, p0 and p1 the two fits.

The constraint is on the expected score for logistic Elo (``s = 1 / (1 + 10^(-elo / 400))``)
and on the t-value ``(mu - 1/2) / sigma`` for normalized Elo, where ``nElo = t_game * 800 /
ln 10``; per pair, sigma is sqrt(2) times smaller than per game, so the pair's t is
``t_game * sqrt(2)`` (fishtest's ``LLR_normalized``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

EloModel = Literal["logistic", "normalized"]

#: The value fishtest's ``regularize`` gives a zero count.
ZERO_COUNT = 1e-3

#: Normalized Elo per unit of per-game t-value: 800 / ln 10.
NELO_PER_T = 800 / math.log(10)

#: The largest normalized Elo a hypothesis may have, either sign: up to it the t-value fit
#: converges for every record (checked on random records, extreme ones included, in
#: tests/scheduler/test_stats.py); a bit beyond (250) the fixed point can reach shifts of one
#: sign and stop. A regression test's bounds are a few nElo.
NELO_LIMIT = 200.0

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """Elo of NEW over OLD in one Elo model, its 95% interval, and the likelihood of
    superiority (the normal approximation's probability that NEW is the stronger)."""

    elo: float
    low: float
    high: float
    los: float


def logistic_score(elo: float) -> float:
    """Expected score per game of a bot ``elo`` logistic Elo above its opponent."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def logistic_elo(score: float) -> float:
    """The logistic Elo difference of an expected score; -inf at 0 and inf at 1 or beyond."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: no "-0.0" at 1/2


def regularize(counts: Sequence[float]) -> list[float]:
    """The counts with every 0 replaced by 0.001 (fishtest's rule); the others unchanged."""
    return [ZERO_COUNT if count == 0 else float(count) for count in counts]


def _check(counts: Sequence[float]) -> None:
    if len(counts) not in (3, 5):
        raise ValueError(f"a record has 3 (trinomial) or 5 (pentanomial) counts, got {counts!r}")
    if any(count < 0 for count in counts):
        raise ValueError(f"counts must be 0 or more, got {list(counts)!r}")


def _pdf(counts: Sequence[float]) -> tuple[float, list[float], list[float]]:
    """Total of the regularised counts, the outcome scores and their frequencies."""
    reg = regularize(counts)
    total = sum(reg)
    n = len(reg)
    return total, [k / (n - 1) for k in range(n)], [c / total for c in reg]


def _mean_var(scores: Sequence[float], probs: Sequence[float]) -> tuple[float, float]:
    mean = sum(p * a for a, p in zip(scores, probs, strict=True))
    return mean, sum(p * (a - mean) ** 2 for a, p in zip(scores, probs, strict=True))


def _reweight(freqs: Sequence[float], shifts: Sequence[float]) -> list[float]:
    """The distribution ``f_k / (1 + x b_k)`` with x the root of g(x) = sum f_k b_k / (1 + x b_k).

    g falls strictly as x grows on the interval where every 1 + x b_k > 0, so the root is
    unique: Newton's method from x = 0, kept inside a bracket that bisection takes over
    whenever a step would leave it. The b_k must take both signs (else no root exists).
    """
    top, bottom = max(shifts), min(shifts)
    if not bottom < 0 < top:
        raise ValueError("no distribution over these outcomes satisfies the hypothesis")
    low, high = -1.0 / top, -1.0 / bottom
    x = 0.0
    for _ in range(200):
        terms = [b / (1 + x * b) for b in shifts]
        g = sum(f * t for f, t in zip(freqs, terms, strict=True))
        if g > 0:
            low = x
        else:
            high = x
        slope = -sum(f * t * t for f, t in zip(freqs, terms, strict=True))
        step = -g / slope
        nxt = x + step
        if not low < nxt < high:
            nxt = (low + high) / 2
        if nxt == x or abs(step) < 1e-15 * max(1.0, abs(x)):
            break
        x = nxt
    probs = [f / (1 + x * b) for f, b in zip(freqs, shifts, strict=True)]
    total = sum(probs)  # 1 up to rounding
    return [p / total for p in probs]


def fit_mean(scores: Sequence[float], freqs: Sequence[float], mean: float) -> list[float]:
    """The maximum-likelihood distribution with this expected score for these frequencies.

    The Lagrange conditions give ``p_k = f_k / (1 + x (a_k - mean))`` (Van den Bergh,
    "support_MLE_multinomial", Proposition 1.1).
    """
    return _reweight(freqs, [a - mean for a in scores])


def fit_t(scores: Sequence[float], freqs: Sequence[float], t: float,
          ref: float = 0.5) -> list[float]:
    """The maximum-likelihood distribution with t-value ``(mu - ref) / sigma == t``.

    Fixed point (Van den Bergh, "normalized_elo_practical", section 4.1): from the current
    fit's mu and sigma, ``p_k = f_k / (1 + x b_k)`` with ``b_k = a_k - ref - t sigma (1 +
    ((mu - a_k) / sigma)^2) / 2``, repeated (from the uniform distribution) until no
    probability moves by 1e-12, at most 100 times.
    """
    probs = [1.0 / len(scores)] * len(scores)
    for _ in range(100):
        mu, var = _mean_var(scores, probs)
        sigma = math.sqrt(var)
        shifts = [a - ref - t * sigma * (1 + ((mu - a) / sigma) ** 2) / 2 for a in scores]
        new = _reweight(freqs, shifts)
        moved = max(abs(p - q) for p, q in zip(probs, new, strict=True))
        probs = new
        if moved < 1e-12:
            break
    return probs


def llr(counts: Sequence[float], elo0: float, elo1: float,
        elo_model: EloModel = "logistic") -> float:
    """The GSPRT log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``) on a record.

    ``elo0``/``elo1`` are logistic or normalized Elo per ``elo_model`` (normalized within
    +-NELO_LIMIT, else ValueError); see the module's docstring for the fits; 0 for a record
    of no games.
    """
    _check(counts)
    if elo_model not in ("logistic", "normalized"):
        raise ValueError(f"elo model is logistic or normalized, got {elo_model!r}")
    if elo_model == "normalized" and max(abs(elo0), abs(elo1)) > NELO_LIMIT:
        raise ValueError(f"normalized Elo hypotheses must be within +-{NELO_LIMIT:g}, "
                         f"got {elo0:g} and {elo1:g}")
    if sum(counts) == 0:
        return 0.0
    total, scores, freqs = _pdf(counts)
    if elo_model == "logistic":
        fit0, fit1 = (fit_mean(scores, freqs, logistic_score(e)) for e in (elo0, elo1))
    else:
        per_pair = math.sqrt(2) if len(counts) == 5 else 1.0
        fit0, fit1 = (fit_t(scores, freqs, e / NELO_PER_T * per_pair) for e in (elo0, elo1))
    return total * sum(f * math.log(p1 / p0) for f, p0, p1 in zip(freqs, fit0, fit1, strict=True))


def _phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def estimate(counts: Sequence[float], elo_model: EloModel = "logistic") -> Estimate:
    """Elo, 95% interval and LOS from the regularised counts' mean score and its variance.

    With ``mu``, ``var`` the mean and variance of a unit's (game's or pair's) score and N the
    regularised count of units, the standard error is ``se = sqrt(var / N)`` and LOS is
    ``Phi((mu - 1/2) / se)``. Logistic: the Elo of ``mu`` and of ``mu -/+ 1.96 se`` (an
    infinite bound when that leaves (0, 1)). Normalized: ``nElo = (mu - 1/2) / sigma_game *
    800 / ln 10`` with ``sigma_game = sqrt(var)`` per game or ``sqrt(2 var)`` per pair, and
    ``nElo -/+ 1.96 * 800 / ln 10 / sqrt(games)`` (the interval of mu over the fitted sigma,
    taken as known), games = N or 2N.
    """
    _check(counts)
    if elo_model not in ("logistic", "normalized"):
        raise ValueError(f"elo model is logistic or normalized, got {elo_model!r}")
    if sum(counts) == 0:
        return Estimate(0.0, -math.inf, math.inf, 0.5)
    total, scores, freqs = _pdf(counts)
    mu, var = _mean_var(scores, freqs)
    se = math.sqrt(var / total)
    los = _phi((mu - 0.5) / se)
    if elo_model == "logistic":
        return Estimate(logistic_elo(mu), logistic_elo(mu - Z95 * se),
                        logistic_elo(mu + Z95 * se), los)
    games = total * (2 if len(counts) == 5 else 1)
    sigma_game = math.sqrt(var * (2 if len(counts) == 5 else 1))
    nelo = (mu - 0.5) / sigma_game * NELO_PER_T
    half = Z95 * NELO_PER_T / math.sqrt(games)
    return Estimate(nelo, nelo - half, nelo + half, los)
