"""Elo ratings from results: a maximum-likelihood fit for reports, an incremental update.

Everything here is a pure function of the results (STYLE 15). The model is the logistic
Bradley-Terry model on the usual Elo scale: the expected score of a bot rated ``diff`` above
its opponent is ``1 / (1 + 10 ** (-diff / 400))``.

A match of k players counts as its k·(k-1)/2 pairwise outcomes from the final ranking (ties
are draws), each weighted ``1 / (k - 1)``. Why weight: the pairs of one ranking are not
independent games (one good move lifts a bot above everyone at once), and unweighted a
4-player match would count as 3 games for each of its bots, narrowing its error bars by √3
and letting multiplayer results outweigh two-player ones in mixed data. With the weight,
every match carries a total weight of 1 per bot, as a 2-player game does; with one player
count throughout, the weight scales the likelihood uniformly, so the ratings are those of
the plain decomposition and only the prior and the error bars change. The error bars of
multiplayer matches come from a sandwich (``_elofit.within_match_correction``) that accounts for
the pairs of one ranking being related: on Plackett-Luce simulated 3- and 4-player data
the 95% intervals hold the true rating about 95% of the time (benchmarks/bench_ratings.py;
the plain inverse information gave about 99%). Draws narrow the intervals as they narrow
the variance of a game's score (see ``fit_ratings``). The arrays and Newton's method are
in ``scheduler._elofit`` (numpy).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from ._elofit import (
    NO_FIT,
    add_prior,
    check_match,
    collect,
    finite_fit,
    maximise,
    variances,
)

#: Converts Elo points to the natural scale of the logistic model: ``elo = ELO_SCALE · beta``.
ELO_SCALE = 400.0 / math.log(10.0)

#: Two-sided 95% quantile of the normal distribution.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Rating:
    """A fitted rating: Elo with its 95% interval, and what it rests on."""

    elo: float
    se: float
    low: float
    high: float
    matches: int
    games: float
    score: float


def expected_score(diff: float) -> float:
    """Expected score (0..1) of a bot rated ``diff`` Elo above its opponent."""
    return 1.0 / (1.0 + math.pow(10.0, -diff / 400.0))


def pairwise_outcomes(ranks: Sequence[int]) -> list[tuple[int, int, float]]:
    """Every seat pair ``(i, j)`` with ``i < j`` and i's score: 1 ahead, 0.5 tied, 0 behind."""
    return [
        (i, j, 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0)
        for i, j in combinations(range(len(ranks)), 2)
    ]


def update_elo(
    ratings: dict[str, float], seats: Sequence[str], ranks: Sequence[int], k: float = 16
) -> dict[str, float]:
    """New ratings after one match (pairwise, weighted 1/(k-1)); a new bot starts at 0.

    All pairs are scored against the ratings before the match, so the seat order does not
    matter; the sum of the ratings is unchanged.
    """
    check_match(seats, ranks)
    new = dict(ratings)
    before = {bot: ratings.get(bot, 0.0) for bot in seats}
    weight = k / (len(seats) - 1)
    for bot in seats:
        new.setdefault(bot, 0.0)
    for i, j, score in pairwise_outcomes(ranks):
        delta = weight * (score - expected_score(before[seats[i]] - before[seats[j]]))
        new[seats[i]] += delta
        new[seats[j]] -= delta
    return new


@dataclass(frozen=True)
class SeatAdvantage:
    """How much seat 1 is worth over seat ``seat`` (from 2) in ``players``-player matches,
    in Elo, with its 95% interval; ``matches``: how many such matches it rests on."""

    players: int
    seat: int
    elo: float
    se: float
    low: float
    high: float
    matches: int


@dataclass(frozen=True)
class RatingFit:
    """The fitted ratings by bot and, when asked for, the seat terms."""

    ratings: dict[str, Rating]
    seats: tuple[SeatAdvantage, ...] = ()


def fit_elo(
    matches: Iterable[tuple[Sequence[str], Sequence[int]]],
    *,
    anchor: str | None = None,
    prior_draws: float = 2.0,
) -> dict[str, Rating]:
    """Maximum-likelihood Elo with 95% intervals from ``(seat names, ranks)`` per match.

    ``fit_ratings(...).ratings`` without seat terms: see ``fit_ratings``.
    """
    return fit_ratings(matches, anchor=anchor, prior_draws=prior_draws).ratings


def fit_ratings(
    matches: Iterable[tuple[Sequence[str], Sequence[int]]],
    *,
    anchor: str | None = None,
    prior_draws: float = 2.0,
    seat_advantage: bool = False,
) -> RatingFit:
    """Maximum-likelihood Elo with 95% intervals from ``(seat names, ranks)`` per match.

    The fit depends only on the multiset of results, never on their order (as BayesElo and
    Ordo). Ratings have mean 0, or ``anchor`` is pinned at 0 (its interval is then a point,
    and the others' intervals are relative to it).

    Prior: each bot gets ``prior_draws`` virtual draws spread evenly over all other bots
    (``prior_draws / (n - 1)`` per pair), as BayesElo's virtual draws. It keeps a bot with
    only wins finite and joins bots that never met, and it is weak: two bots who met n times
    are fitted as if they had n + 2 games with one more draw each. With two bots and
    ``prior_draws=0`` the fit is the plain MLE, ``400·log10(wins / losses)``.

    Seat terms (``seat_advantage``): the bot in seat a of a k-player match plays as if
    rated ``η(k, a)`` higher, with ``η(k, 1) = 0``: a pair's expected score is
    ``σ(β_i + η(k, a) - β_j - η(k, b))``. Each is reported as what seat 1 is worth over
    seat a (``-η(k, a)``; for two players, the first seat's advantage). The terms get no
    prior, and a ladder that seats bots at random leaves the ratings as without them.

    Intervals are ±1.96 standard errors from the sandwich ``C·J·C``. ``C`` is the inverse
    of the negative Hessian ``H`` of the log posterior (its pseudo-inverse on the mean-0
    plane when there is no anchor); ``J`` is the variance of the score (the gradient of
    the log-likelihood). The logistic model treats every game as a coin with
    ``Var(s) = p(1-p)``, so that ``J = H``; but a drawn game is half a point either way,
    and a game with draw chance ``d`` has ``Var(s) = p(1-p) - d/4``. So
    ``J = H - Σ_pairs (draws/4)·x·xᵀ`` (``x`` the pair's ±1 row; each pair's draws at
    most ``2·min(p, 1-p)`` of its games, the most its expected score allows): with
    draws the intervals shrink, by ``√(1 - d/(4p(1-p)))`` for two bots. This is the
    delta-method variance of ``400·log10(p/(1-p))`` over the trinomial W/D/L, and
    without draws the plain inverse information. The virtual draws of the prior are not
    data: they count in ``H`` only. Ties in multiplayer rankings are not taken off (the
    within-match correction below assumes none), so there the intervals stay a little wide.
    """
    if prior_draws < 0:
        raise ValueError(f"prior_draws must be 0 or more, got {prior_draws!r}")
    data = collect(matches, seat_advantage=seat_advantage)
    bots = data.bots
    if anchor is not None and anchor not in bots:
        raise ValueError(f"anchor {anchor!r} has no results; bots: {', '.join(bots) or 'none'}")
    if not bots:
        return RatingFit({})
    n = len(bots)
    edges = data.edges
    if n > 1 and prior_draws > 0:
        edges = add_prior(edges, n, prior_draws / (n - 1), data.pad)
    if prior_draws == 0 and not finite_fit(edges, n):
        raise ValueError(NO_FIT)
    fixed = bots.index(anchor) if anchor is not None else n - 1
    theta = maximise(edges, data.size, fixed)
    if anchor is None:
        theta[:n] -= theta[:n].mean()
    try:
        variance = np.maximum(variances(theta, data, edges, None if anchor is None else fixed),
                              0.0)
    except np.linalg.LinAlgError:
        raise ValueError(NO_FIT) from None
    ratings = {}
    for i, bot in enumerate(bots):
        elo = ELO_SCALE * float(theta[i])
        se = ELO_SCALE * math.sqrt(float(variance[i]))
        ratings[bot] = Rating(elo=elo, se=se, low=elo - Z95 * se, high=elo + Z95 * se,
                              matches=int(data.played[i]), games=float(data.games[i]),
                              score=float(data.points[i] / data.games[i]))
    seats = []
    for t, (players, seat) in enumerate(data.terms):
        elo = -ELO_SCALE * float(theta[n + t])
        se = ELO_SCALE * math.sqrt(float(variance[n + t]))
        seats.append(SeatAdvantage(players, seat + 1, elo, se, elo - Z95 * se, elo + Z95 * se,
                                   data.matches_by_players[players]))
    return RatingFit(ratings, tuple(seats))
