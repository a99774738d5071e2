"""The sequential probability ratio test that chess engine testing uses to stop early.

H0: NEW is ``elo0`` better than OLD; H1: ``elo1`` (``elo0 < elo1``, logistic or normalized
Elo). The statistic is fishtest's generalised log-likelihood ratio (``_stats.llr``): each
hypothesis is represented by the distribution that fits the record best among those that
satisfy it, on the pentanomial record of game pairs (the default: one deal from both seats,
which cancels the deal's luck) or the trinomial win/draw/loss record of games. Zero counts
are replaced by 0.001 first, as fishtest's ``regularize`` does (``_stats.regularize``).
This is fishtest's test, not cutechess-cli's: that one fits a BayesElo model (an Elo and a
draw Elo) to a trinomial record, and its LLR differs.

Wald's bounds ``ln(beta / (1 - alpha))`` and ``ln((1 - beta) / alpha)`` keep the error
rates (``alpha`` false H1, ``beta`` false H0) for this statistic: a ratio that compares the
best-fitting score with one hypothesis (an earlier version here) accepted a bot at elo0 8%
of the time within 100 games at alpha = 5% (tests/scheduler/test_sprt.py checks this one
stays under 5%). The price: each game moves the trinomial LLR by at most ln(s1 / s0), so even
straight wins need ln 19 / ln(s1 / s0) games (101 for the default [-10, 0]); the pentanomial
LLR moves by about as much per pair (a pair is one observation with scores 0 to 1), so
straight wins need as many pairs, twice the games. Its gain is on close bots, whose pair
scores vary less than two independent games would when the deal's luck is shared.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ._stats import EloModel, Estimate, estimate, llr

Decision = Literal["accept_h1", "accept_h0", "continue"]
Model = Literal["pentanomial", "trinomial"]


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


def sprt_counts(
    counts: Sequence[int],
    elo0: float,
    elo1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
    elo_model: EloModel = "logistic",
) -> SprtResult:
    """SPRT of H0 (``elo0``) against H1 (``elo1``) on 3 (L, D, W) or 5 (pair) counts."""
    for count in counts:
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ValueError(f"counts must be whole numbers 0 or more, got {list(counts)!r}")
    if not elo0 < elo1:
        raise ValueError(f"elo0 must be below elo1, got elo0={elo0!r} and elo1={elo1!r}")
    lower, upper = sprt_bounds(alpha, beta)
    value = llr(counts, elo0, elo1, elo_model)
    decision: Decision = (
        "accept_h1" if value >= upper else "accept_h0" if value <= lower else "continue"
    )
    return SprtResult(value, lower, upper, decision)


def sprt(
    wins: int,
    draws: int,
    losses: int,
    elo0: float,
    elo1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
) -> SprtResult:
    """Trinomial SPRT of H0 (``elo0``) against H1 (``elo1``, logistic) on a W/D/L record."""
    for name, count in (("wins", wins), ("draws", draws), ("losses", losses)):
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ValueError(f"{name} must be a whole number 0 or more, got {count!r}")
    return sprt_counts([losses, draws, wins], elo0, elo1, alpha, beta)


@dataclass
class PairTally:
    """NEW's games and, once both seats of a deal are played, its game pairs.

    ``add(deal, points)`` takes one game's points for NEW (1, 1/2 or 0) and a key naming
    its deal; the second game of a deal completes a pair, counted in ``pairs[k]`` with k the
    pair's points times 2 (0 to 4).
    """

    wins: int = 0
    draws: int = 0
    losses: int = 0
    pairs: list[int] = field(default_factory=lambda: [0] * 5)
    waiting: dict[object, float] = field(default_factory=dict)

    def add(self, deal: object, points: float) -> bool:
        """Count one game of NEW's, scoring ``points``, on the deal named ``deal``; whether
        it completed a pair."""
        if points == 1:
            self.wins += 1
        elif points == 0:
            self.losses += 1
        else:
            self.draws += 1
        if deal in self.waiting:
            self.pairs[round(2 * (self.waiting.pop(deal) + points))] += 1
            return True
        self.waiting[deal] = points
        return False

    @property
    def games(self) -> int:
        """Games counted, paired or not."""
        return self.wins + self.draws + self.losses

    def counts(self, model: Model) -> list[int]:
        """The record the model tests: the 5 pair counts, or losses, draws and wins."""
        return list(self.pairs) if model == "pentanomial" else [self.losses, self.draws,
                                                                 self.wins]

    def test(self, model: Model, elo0: float, elo1: float, alpha: float, beta: float,
             elo_model: EloModel) -> SprtResult:
        """The SPRT on this tally's record for the model."""
        return sprt_counts(self.counts(model), elo0, elo1, alpha, beta, elo_model)

    def estimate(self, model: Model, elo_model: EloModel) -> Estimate:
        """Elo, 95% interval and LOS on this tally's record for the model."""
        return estimate(self.counts(model), elo_model)
