"""The sequential probability ratio test that chess engine testing uses to stop early.

H0: the new bot is ``elo0`` better than the baseline; H1: ``elo1`` (``elo0 < elo1``, logistic
Elo). The statistic is the log-likelihood ratio of the two hypotheses on the win/draw/loss
record, with the draw rate profiled out (the GSPRT of Van den Bergh's notes, as fishtest and
cutechess run it): for a mean score s, ``ll(s)`` is the log-likelihood of the trinomial that
fits the record best among those with that mean (a one-dimensional root find), and

    LLR = ll(s1) − ll(s0),  s0, s1 the expected scores at elo0 and elo1.

Only this statistic keeps Wald's error rates (``alpha`` false H1, ``beta`` false H0) with the
bounds ``ln(beta / (1 - alpha))`` and ``ln((1 - beta) / alpha)``: a generalised ratio that
compares the best-fitting score with one hypothesis (an earlier version here) accepted a bot
at elo0 8% of the time within 100 games at alpha = 5% (exact; tests/scheduler/test_sprt.py
checks this one stays under 5%). The price: each game moves the LLR by at most ln(s1 / s0),
so even straight wins need ln 19 / ln(s1 / s0) games (101 for the default [-10, 0]); a
lopsided pair decides sooner only with a wider window.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from ._ratings import expected_score

#: Added to each of wins, draws and losses (as fishtest does) so that every outcome has a
#: positive frequency and the profile likelihood is smooth; a negligible change otherwise.
_REGULARISATION = 1e-3

Decision = Literal["accept_h1", "accept_h0", "continue"]


@dataclass(frozen=True)
class SprtResult:
    """The log-likelihood ratio, Wald's bounds, and the decision they give."""

    llr: float
    lower: float
    upper: float
    decision: Decision


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """Wald's lower and upper LLR bounds for error rates ``alpha`` (false H1) and ``beta``."""
    for name, value in (("alpha", alpha), ("beta", beta)):
        if not 0 < value < 0.5:
            raise ValueError(f"{name} must be between 0 and 0.5 (exclusive), got {value!r}")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt(
    wins: int,
    draws: int,
    losses: int,
    elo0: float,
    elo1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
) -> SprtResult:
    """SPRT of H0 (``elo0``) against H1 (``elo1``) on a win/draw/loss record."""
    for name, count in (("wins", wins), ("draws", draws), ("losses", losses)):
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ValueError(f"{name} must be a whole number 0 or more, got {count!r}")
    if not elo0 < elo1:
        raise ValueError(f"elo0 must be below elo1, got elo0={elo0!r} and elo1={elo1!r}")
    lower, upper = sprt_bounds(alpha, beta)
    llr = _llr(wins, draws, losses, elo0, elo1)
    decision: Decision = (
        "accept_h1" if llr >= upper else "accept_h0" if llr <= lower else "continue"
    )
    return SprtResult(llr, lower, upper, decision)


def _llr(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    if wins + draws + losses == 0:
        return 0.0
    counts = [count + _REGULARISATION for count in (wins, draws, losses)]
    return _profile(counts, expected_score(elo1)) - _profile(counts, expected_score(elo0))


def _profile(counts: list[float], mean: float) -> float:
    """Max log-likelihood of the counts over trinomials (win, draw, loss) with this mean score.

    The maximiser is p_k = f_k / (1 + λ(a_k − mean)), a_k the outcome's score, with λ the root
    of Σ f_k (a_k − mean) / (1 + λ(a_k − mean)) = 0; the sum falls as λ grows, so bisect.
    """
    total = sum(counts)
    freqs = [c / total for c in counts]
    offsets = [a - mean for a in (1.0, 0.5, 0.0)]
    low = max(-1 / d for d in offsets if d > 0)
    high = min(-1 / d for d in offsets if d < 0)
    for _ in range(200):
        lam = (low + high) / 2
        slope = sum(f * d / (1 + lam * d) for f, d in zip(freqs, offsets, strict=True))
        if slope > 0:
            low = lam
        else:
            high = lam
    lam = (low + high) / 2
    return total * sum(f * math.log(f / (1 + lam * d))
                       for f, d in zip(freqs, offsets, strict=True))
