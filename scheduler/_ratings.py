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
multiplayer matches come from a sandwich (``_within_match_correction``) that accounts for
the pairs of one ranking being related: on Plackett-Luce simulated 3- and 4-player data
the 95% intervals hold the true rating about 95% of the time (benchmarks/bench_ratings.py;
the plain inverse information gave about 99%).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

#: Converts Elo points to the natural scale of the logistic model: ``elo = ELO_SCALE · beta``.
ELO_SCALE = 400.0 / math.log(10.0)

#: Two-sided 95% quantile of the normal distribution.
Z95 = 1.959963984540054

_MAX_NEWTON_STEPS = 200
# Matches of up to this many players get the exact within-match variance correction (k!
# finishing orders each); larger ones keep the plain inverse information.
_MAX_EXACT_PLAYERS = 6
_TOLERANCE = 1e-10
_NO_FIT = (
    "the ratings have no finite maximum-likelihood fit (a bot that only wins or only loses, "
    "or groups of bots that never met); use prior_draws > 0"
)


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


def _check_match(seats: Sequence[str], ranks: Sequence[int]) -> None:
    if len(seats) != len(ranks):
        raise ValueError(
            f"a match needs one rank per seat: seats {list(seats)}, ranks {list(ranks)}"
        )
    if len(seats) < 2:
        raise ValueError(f"a rated match needs at least 2 seats, got {list(seats)}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"a bot cannot be rated against itself: seats {list(seats)}")


def update_elo(
    ratings: dict[str, float], seats: Sequence[str], ranks: Sequence[int], k: float = 16
) -> dict[str, float]:
    """New ratings after one match (pairwise, weighted 1/(k-1)); a new bot starts at 0.

    All pairs are scored against the ratings before the match, so the seat order does not
    matter; the sum of the ratings is unchanged.
    """
    _check_match(seats, ranks)
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


def fit_elo(
    matches: Iterable[tuple[Sequence[str], Sequence[int]]],
    *,
    anchor: str | None = None,
    prior_draws: float = 2.0,
) -> dict[str, Rating]:
    """Maximum-likelihood Elo with 95% intervals from ``(seat names, ranks)`` per match.

    The fit depends only on the multiset of results, never on their order (as BayesElo and
    Ordo). Ratings have mean 0, or ``anchor`` is pinned at 0 (its interval is then a point,
    and the others' intervals are relative to it).

    Prior: each bot gets ``prior_draws`` virtual draws spread evenly over all other bots
    (``prior_draws / (n - 1)`` per pair), as BayesElo's virtual draws. It keeps a bot with
    only wins finite and joins bots that never met, and it is weak: two bots who met n times
    are fitted as if they had n + 2 games with one more draw each. With two bots and
    ``prior_draws=0`` the fit is the plain MLE, ``400·log10(wins / losses)``.

    Intervals are ±1.96 standard errors from the inverse of the negative Hessian of the log
    posterior (its pseudo-inverse on the mean-0 plane when there is no anchor).
    """
    results = [(list(seats), list(ranks)) for seats, ranks in matches]
    if prior_draws < 0:
        raise ValueError(f"prior_draws must be 0 or more, got {prior_draws!r}")
    bots = sorted({bot for seats, _ in results for bot in seats})
    if anchor is not None and anchor not in bots:
        raise ValueError(f"anchor {anchor!r} has no results; bots: {', '.join(bots) or 'none'}")
    if not bots:
        return {}
    n = len(bots)
    at = {bot: i for i, bot in enumerate(bots)}
    # games[i][j]: weighted number of games between i and j; points[i][j]: i's points in them.
    games = [[0.0] * n for _ in range(n)]
    points = [[0.0] * n for _ in range(n)]
    played = [0] * n
    groups: Counter[tuple[int, ...]] = Counter()  # the bots of each multiplayer match
    for seats, ranks in results:
        _check_match(seats, ranks)
        weight = 1.0 / (len(seats) - 1)
        for bot in seats:
            played[at[bot]] += 1
        if 2 < len(seats) <= _MAX_EXACT_PLAYERS:
            groups[tuple(sorted(at[bot] for bot in seats))] += 1
        for a, b, score in pairwise_outcomes(ranks):
            i, j = at[seats[a]], at[seats[b]]
            games[i][j] += weight
            games[j][i] += weight
            points[i][j] += weight * score
            points[j][i] += weight * (1.0 - score)
    real_games = [sum(row) for row in games]
    real_points = [sum(row) for row in points]
    if n > 1 and prior_draws > 0:
        virtual = prior_draws / (n - 1)
        for i in range(n):
            for j in range(n):
                if i != j:
                    games[i][j] += virtual
                    points[i][j] += virtual / 2

    if prior_draws == 0 and not _finite_fit(points):
        raise ValueError(_NO_FIT)
    beta = _maximise(games, points, at[anchor] if anchor is not None else n - 1)
    if anchor is None:
        mean = sum(beta) / n
        beta = [b - mean for b in beta]
    covariance = _covariance(games, beta, None if anchor is None else at[anchor],
                             _within_match_correction(groups, beta))
    ratings = {}
    for bot, i in at.items():
        elo = ELO_SCALE * beta[i]
        se = ELO_SCALE * math.sqrt(max(covariance[i][i], 0.0))
        ratings[bot] = Rating(
            elo=elo,
            se=se,
            low=elo - Z95 * se,
            high=elo + Z95 * se,
            matches=played[i],
            games=real_games[i],
            score=real_points[i] / real_games[i],
        )
    return ratings


def _log_likelihood(
    games: list[list[float]], points: list[list[float]], beta: list[float]
) -> float:
    total = 0.0
    for i, row in enumerate(games):
        for j in range(i + 1, len(row)):
            if row[j]:
                d = beta[i] - beta[j]
                # log σ(d) = -log(1 + e^-d), written to stay finite for large |d|.
                total -= points[i][j] * _softplus(-d) + points[j][i] * _softplus(d)
    return total


def _softplus(x: float) -> float:
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _information(games: list[list[float]], beta: list[float]) -> list[list[float]]:
    """The negative Hessian of the log-likelihood (a weighted graph Laplacian)."""
    n = len(beta)
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if games[i][j]:
                p = _sigmoid(beta[i] - beta[j])
                h = games[i][j] * p * (1.0 - p)
                info[i][j] -= h
                info[j][i] -= h
                info[i][i] += h
                info[j][j] += h
    return info


def _maximise(games: list[list[float]], points: list[list[float]], fixed: int) -> list[float]:
    """Newton's method with step halving; ``fixed`` stays at 0 to remove the shift freedom."""
    n = len(games)
    beta = [0.0] * n
    free = [i for i in range(n) if i != fixed]
    if not free:
        return beta
    current = _log_likelihood(games, points, beta)
    for _ in range(_MAX_NEWTON_STEPS):
        gradient = [
            sum(
                points[i][j] - games[i][j] * _sigmoid(beta[i] - beta[j]) for j in range(n) if j != i
            )
            for i in range(n)
        ]
        info = _information(games, beta)
        reduced = [[info[i][j] for j in free] for i in free]
        step = [x for (x,) in _solve(reduced, [[gradient[i]] for i in free])]
        scale = 1.0
        while True:
            trial = list(beta)
            for i, s in zip(free, step, strict=True):
                trial[i] += scale * s
            value = _log_likelihood(games, points, trial)
            # The log-likelihood is concave, so halving the step always finds an ascent.
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        beta, current = trial, value
        if max(abs(scale * s) for s in step) < _TOLERANCE:
            return beta
    raise ValueError(f"the rating fit did not converge in {_MAX_NEWTON_STEPS} Newton steps")


def _finite_fit(points: list[list[float]]) -> bool:
    """Whether the plain MLE is finite (Zermelo's condition): in the graph with an edge from
    i to j when i took points from j, every bot reaches every other and is reached."""
    n = len(points)

    def reaches_all(forward: bool) -> bool:
        seen, todo = {0}, [0]
        while todo:
            i = todo.pop()
            for j in range(n):
                if j not in seen and (points[i][j] if forward else points[j][i]) > 0:
                    seen.add(j)
                    todo.append(j)
        return len(seen) == n

    return reaches_all(True) and reaches_all(False)


def _covariance(
    games: list[list[float]], beta: list[float], fixed: int | None,
    correction: list[list[float]] | None = None,
) -> list[list[float]]:
    """Inverse information C (with a fixed bot, on the others; else the mean-0
    pseudo-inverse), made a sandwich C·(I + D)·C = C + C·D·C by ``correction`` D."""
    n = len(beta)
    info = _information(games, beta)
    if fixed is not None:
        free = [i for i in range(n) if i != fixed]
        inverse = _invert([[info[i][j] for j in free] for i in free])
        cov = [[0.0] * n for _ in range(n)]
        for a, i in enumerate(free):
            for b, j in enumerate(free):
                cov[i][j] = inverse[a][b]
    else:
        # The information matrix has the all-ones vector u in its kernel (shifting every
        # rating changes nothing); for such a matrix pinv(I) = inv(I + u·uᵀ/n) - u·uᵀ/n.
        inverse = _invert([[info[i][j] + 1.0 / n for j in range(n)] for i in range(n)])
        cov = [[inverse[i][j] - 1.0 / n for j in range(n)] for i in range(n)]
    if correction is None:
        return cov
    middle = _matmul(_matmul(cov, correction), cov)  # a fixed bot's zero row keeps it 0
    return [[cov[i][j] + middle[i][j] for j in range(n)] for i in range(n)]


def _matmul(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    columns = list(zip(*b, strict=True))
    return [[sum(x * y for x, y in zip(row, col, strict=True)) for col in columns] for row in a]


def _within_match_correction(groups: Counter[tuple[int, ...]], beta: list[float]
                             ) -> list[list[float]] | None:
    """Σ over multiplayer matches of E[g·gᵀ] − H, g and H a match's score and information.

    The k(k-1)/2 pairwise outcomes of one ranking are not independent, so the fit is a
    composite likelihood and its inverse information misstates the variance (with the
    1/(k-1) weight, too wide: about 1.2x for 3 players, 1.3x for 4). The sandwich
    C·J·C with J = I + this corrects it. E[g·gᵀ] is exact under Plackett-Luce (whose
    pairwise odds are these logistic ones), summed over the k! finishing orders; 2-player
    matches and the prior need no correction (for them J = I).
    """
    if not groups:
        return None
    n = len(beta)
    second = [[0.0] * n for _ in range(n)]  # Σ count·E[g·gᵀ]
    weights = [[0.0] * n for _ in range(n)]  # the matches' pair weights, for their H
    for seats, count in groups.items():
        weight = 1.0 / (len(seats) - 1)
        top = max(beta[i] for i in seats)
        strength = {i: math.exp(beta[i] - top) for i in seats}
        expected = {(a, b): _sigmoid(beta[a] - beta[b]) for a in seats for b in seats if a != b}
        for order in permutations(seats):
            chance, left = float(count), sum(strength.values())
            for i in order[:-1]:
                chance *= strength[i] / left
                left -= strength[i]
            place = {i: t for t, i in enumerate(order)}
            score = {a: weight * sum((1.0 if place[a] < place[b] else 0.0) - expected[a, b]
                                     for b in seats if b != a) for a in seats}
            for a in seats:
                for b in seats:
                    second[a][b] += chance * score[a] * score[b]
        for a, b in combinations(seats, 2):
            weights[a][b] += count * weight
            weights[b][a] += count * weight
    info = _information(weights, beta)
    return [[second[i][j] - info[i][j] for j in range(n)] for i in range(n)]


def _solve(matrix: list[list[float]], rhs: list[list[float]]) -> list[list[float]]:
    """Solve ``matrix · X = rhs`` (columns of ``rhs`` at once) by Gauss-Jordan elimination."""
    n = len(matrix)
    rows = [list(matrix[i]) + list(rhs[i]) for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise ValueError(_NO_FIT)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(n):
            factor = rows[r][col]
            if r != col and factor:
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    return _solve(matrix, [[1.0 if r == c else 0.0 for c in range(n)] for r in range(n)])
