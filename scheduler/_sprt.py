"""The sequential probability ratio test that chess engine testing uses to stop early.

H0: the new bot is ``elo0`` better than the baseline; H1: it is ``elo1`` better (``elo0 <
elo1``, logistic Elo). The log-likelihood ratio is fishtest's trinomial GSPRT approximation
(``LLRcalc.py``, the "logistic" model of fastchess): with N games, mean score s per game and
per-game score variance v, ``LLR ≈ N · (s1 - s0) · (2s - s0 - s1) / (2v)`` where s0 and s1
are the expected scores at elo0 and elo1. It is the exact LLR of a normal model with the
variance taken from the data, which is accurate for the small Elo differences tested. Wald's
bounds: ``ln(beta / (1 - alpha))`` and ``ln((1 - beta) / alpha)``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from ._ratings import expected_score

#: Added to each of wins, draws and losses (as fishtest does) so a record without losses
#: still has a positive variance; it moves the LLR by a negligible amount otherwise.
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
    w, d, lo = (count + _REGULARISATION for count in (wins, draws, losses))
    n = w + d + lo
    score = (w + d / 2) / n
    variance = (w + d / 4) / n - score**2
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2 * score - s0 - s1) / (2 * variance)
