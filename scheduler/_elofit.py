"""The numpy core of the Elo fit: results as arrays, Newton's method, the sandwich covariance.

``scheduler._ratings`` holds the model and its documentation; this module holds the arrays.
Results are read in a few C-level passes (no Python loop per match) and summed into
*edges*: one per distinct (bot i, bot j, seat term of i, seat term of j) with the weighted
games and i's points. Every step of the fit is then a handful of vector operations over the
edges plus one dense solve over the bots, so 1M results cost about as much as their reading.

The parameter vector is ``[β (one per bot), η (one per seat term), 0]``: the last entry is a
pad that stays 0, the seat term of seats that have none (seat 1, or every seat without
``seat_advantage``), so that every edge's logit is ``θ[i] - θ[j] + θ[u] - θ[v]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import chain, combinations, permutations
from operator import itemgetter
from typing import Any

import numpy as np
import numpy.typing as npt

# Element types stay loose: numpy's stubs type bincount's weighted sums as integers.
Floats = npt.NDArray[Any]
Ints = npt.NDArray[Any]

MAX_NEWTON_STEPS = 200
# Matches of up to this many players get the exact within-match variance correction (k!
# finishing orders each); larger ones keep the plain inverse information.
MAX_EXACT_PLAYERS = 6
TOLERANCE = 1e-10
NO_FIT = (
    "the ratings have no finite maximum-likelihood fit (a bot that only wins or only loses, "
    "or groups of bots that never met); use prior_draws > 0"
)


def check_match(seats: Sequence[str], ranks: Sequence[int]) -> None:
    """Raise ValueError naming what is wrong with one match's seats and ranks."""
    if len(seats) != len(ranks):
        raise ValueError(
            f"a match needs one rank per seat: seats {list(seats)}, ranks {list(ranks)}"
        )
    if len(seats) < 2:
        raise ValueError(f"a rated match needs at least 2 seats, got {list(seats)}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"a bot cannot be rated against itself: seats {list(seats)}")


@dataclass
class Edges:
    """Pairwise results summed by (i, j, u, v), i < j: ``games`` (weighted, with the prior's
    virtual games), ``points`` (i's), and the real two-player ``games2``/``draws2``."""

    i: Ints
    j: Ints
    u: Ints
    v: Ints
    games: Floats
    points: Floats
    games2: Floats
    draws2: Floats

    def __add__(self, other: Edges) -> Edges:
        return Edges(*(np.concatenate([a, b]) for a, b in
                       zip(self.arrays(), other.arrays(), strict=True)))

    def arrays(self) -> tuple[Any, ...]:
        """The fields in order."""
        return (self.i, self.j, self.u, self.v, self.games, self.points, self.games2,
                self.draws2)


@dataclass
class Group:
    """Multiplayer matches of one size: each row's bots (in seat order with seat terms,
    else sorted), the seat term of each position, and how many matches had that row."""

    bots: Ints
    terms: Ints
    counts: Floats

    @property
    def weight(self) -> float:
        """The pair weight 1/(k-1) of its matches."""
        return 1.0 / (self.bots.shape[1] - 1)


@dataclass
class Data:
    """Results as arrays: bots (sorted names), their matches, real games and points, the
    edges, the multiplayer groups and the seat terms ``(players, seat index)``."""

    bots: list[str]
    played: Ints
    games: Floats
    points: Floats
    edges: Edges
    groups: list[Group] = field(default_factory=list)
    terms: list[tuple[int, int]] = field(default_factory=list)
    matches_by_players: dict[int, int] = field(default_factory=dict)

    @property
    def size(self) -> int:
        """Length of the parameter vector: bots, seat terms, the pad."""
        return len(self.bots) + len(self.terms) + 1

    @property
    def pad(self) -> int:
        """Index of the parameter that stays 0."""
        return self.size - 1


def collect(matches: Iterable[tuple[Sequence[str], Sequence[int]]], *,
            seat_advantage: bool) -> Data:
    """Read ``(seats, ranks)`` per match into arrays (checking each match)."""
    items = matches if isinstance(matches, list) else list(matches)
    seats: list[Sequence[str]] = list(map(itemgetter(0), items))
    ranks: list[Sequence[int]] = list(map(itemgetter(1), items))
    count = len(items)
    lengths = np.fromiter(map(len, seats), np.intp, count=count)
    bad = np.flatnonzero((lengths != np.fromiter(map(len, ranks), np.intp, count=count))
                         | (lengths < 2))
    if bad.size:
        check_match(seats[bad[0]], ranks[bad[0]])
    flat = list(chain.from_iterable(seats))
    bots = sorted(set(flat))
    n = len(bots)
    at = {bot: i for i, bot in enumerate(bots)}
    index = np.fromiter(map(at.__getitem__, flat), np.intp, count=len(flat))
    place = np.fromiter(chain.from_iterable(ranks), np.float64, count=len(flat))
    starts = np.cumsum(lengths) - lengths
    played = np.bincount(index, minlength=n).astype(np.intp)
    terms: list[tuple[int, int]] = []
    pairs: list[tuple[Any, ...]] = []
    groups: list[Group] = []
    by_players: dict[int, int] = {}
    for k in (int(x) for x in np.unique(lengths)):
        rows = np.flatnonzero(lengths == k)
        by_players[k] = int(rows.size)
        positions = starts[rows][:, None] + np.arange(k)
        who, rank = index[positions], place[positions]
        ordered = np.sort(who, axis=1) if k > 2 else who
        same = (np.flatnonzero(who[:, 0] == who[:, 1]) if k == 2 else
                np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1)))
        if same.size:
            first = int(rows[same[0]])
            check_match(seats[first], ranks[first])
        # Seat terms: seat 0 of each player count is the reference (its term is the pad).
        term = [-1] * k
        if seat_advantage:
            for a in range(1, k):
                term[a] = n + len(terms)
                terms.append((k, a))
        weight = 1.0 / (k - 1)
        for a, b in combinations(range(k), 2):
            score = np.where(rank[:, a] < rank[:, b], 1.0,
                             np.where(rank[:, a] == rank[:, b], 0.5, 0.0))
            pairs.append((who[:, a], who[:, b], term[a], term[b], weight, score, k == 2))
        if 2 < k <= MAX_EXACT_PLAYERS:
            rows_of = who if seat_advantage else ordered
            unique, counts = np.unique(rows_of, axis=0, return_counts=True)
            groups.append(Group(unique, np.array(term, dtype=np.intp), counts.astype(float)))
    pad = n + len(terms)
    for group in groups:
        group.terms[group.terms < 0] = pad
    edges, games, points = _sum_pairs(pairs, n, pad)
    return Data(bots, played, games, points, edges, groups, terms, by_players)


def _sum_pairs(pairs: list[tuple[Any, ...]], n: int, pad: int) -> tuple[Edges, Floats, Floats]:
    """The edges of all pairwise results, and each bot's real games and points."""
    if not pairs:
        empty_i, empty_f = np.zeros(0, np.intp), np.zeros(0)
        return (Edges(empty_i, empty_i, empty_i, empty_i, empty_f, empty_f, empty_f, empty_f),
                np.zeros(n), np.zeros(n))
    first = np.concatenate([p[0] for p in pairs])
    second = np.concatenate([p[1] for p in pairs])
    sizes = [len(p[0]) for p in pairs]
    u = np.repeat(np.array([pad if p[2] < 0 else p[2] for p in pairs], np.intp), sizes)
    v = np.repeat(np.array([pad if p[3] < 0 else p[3] for p in pairs], np.intp), sizes)
    weight = np.repeat(np.array([p[4] for p in pairs]), sizes)
    score = np.concatenate([p[5] for p in pairs])
    two = np.repeat(np.array([p[6] for p in pairs]), sizes)
    points = weight * score
    games = np.bincount(first, weight, n) + np.bincount(second, weight, n)
    won = np.bincount(first, points, n) + np.bincount(second, weight - points, n)
    draws = np.where(two & (score == 0.5), 1.0, 0.0)
    games2 = two.astype(float)
    if pad == n:  # no seat terms: sum by the dense key first·n + second, then fold to i < j
        key = first * n + second
        sums = [np.bincount(key, w, n * n).reshape(n, n)
                for w in (weight, points, games2, draws)]
        # i's points against j: as first, and as second (the games it did not lose as first).
        folded = [sums[0] + sums[0].T, sums[1] + (sums[0] - sums[1]).T,
                  sums[2] + sums[2].T, sums[3] + sums[3].T]
        upper_i, upper_j = np.nonzero(np.triu(folded[0], 1))
        pad_column = np.full(upper_i.size, pad, np.intp)
        edges = Edges(upper_i.astype(np.intp), upper_j.astype(np.intp), pad_column, pad_column,
                      *(f[upper_i, upper_j] for f in folded))
    else:
        # Each edge once, as i < j: the other way round swaps the seats' terms and the points.
        flip = first > second
        i, j = np.where(flip, second, first), np.where(flip, first, second)
        u, v = np.where(flip, v, u), np.where(flip, u, v)
        points = np.where(flip, weight - points, points)
        stride = pad - n + 1
        key = ((i * n + j) * stride + (u - n)) * stride + (v - n)
        unique, inverse = np.unique(key, return_inverse=True)
        sums = [np.bincount(inverse, w, unique.size) for w in (weight, points, games2, draws)]
        v_of, rest = unique % stride, unique // stride
        u_of, pair = rest % stride, rest // stride
        edges = Edges(pair // n, pair % n, u_of + n, v_of + n, *sums)
    return edges, games, won


def add_prior(edges: Edges, n: int, virtual: float, pad: int) -> Edges:
    """``edges`` and ``virtual`` draws between every pair of bots (BayesElo's prior); without
    seat terms they are summed into the pairs' edges (half as many edges for a full field)."""
    i, j = np.triu_indices(n, 1)
    if np.all(edges.u == pad) and np.all(edges.v == pad):
        dense = [np.zeros((n, n)) for _ in range(4)]
        for total, add in zip(dense, (edges.games, edges.points, edges.games2, edges.draws2),
                              strict=True):
            total[edges.i, edges.j] = add
        dense[0][i, j] += virtual
        dense[1][i, j] += virtual / 2
        pads = np.full(i.size, pad, np.intp)
        return Edges(i.astype(np.intp), j.astype(np.intp), pads, pads,
                     *(d[i, j] for d in dense))
    fill = np.full(i.size, virtual)
    pads = np.full(i.size, pad, np.intp)
    zeros = np.zeros(i.size)
    return edges + Edges(i.astype(np.intp), j.astype(np.intp), pads, pads, fill, fill / 2,
                         zeros, zeros)


def sigmoid(x: Floats) -> tuple[Floats, Floats]:
    """σ(x) and σ(x)·(1 - σ(x)), exact for large |x| (no 1 - p cancellation)."""
    e = np.exp(-np.abs(x))
    p = np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))
    return p, e / (1.0 + e) ** 2


def logits(theta: Floats, edges: Edges) -> Floats:
    """Each edge's logit: i's strength minus j's, seat terms included."""
    return theta[edges.i] - theta[edges.j] + theta[edges.u] - theta[edges.v]


def log_likelihood(theta: Floats, edges: Edges) -> float:
    """Σ points·log σ(l) + (games - points)·log σ(-l), finite for large |l|."""
    x = logits(theta, edges)
    return -float(edges.points @ np.logaddexp(0.0, -x)
                  + (edges.games - edges.points) @ np.logaddexp(0.0, x))


def gram(edges: Edges, h: Floats, size: int) -> Floats:
    """Σ h_e·x_e·x_eᵀ over edges, x_e = e_i - e_j + e_u - e_v (a graph Laplacian in β)."""
    seats = bool(np.any(edges.u != size - 1) or np.any(edges.v != size - 1))
    ends = [(edges.i, 1.0), (edges.j, -1.0)]
    if seats:
        ends += [(edges.u, 1.0), (edges.v, -1.0)]
    total = np.zeros(size * size)
    for a, sa in ends:
        for b, sb in ends:
            total += np.bincount(a * size + b, sa * sb * h, size * size)
    return total.reshape(size, size)


def gradient(theta: Floats, edges: Edges, size: int) -> Floats:
    """The score: Σ (points - games·σ(l))·x_e."""
    p, _ = sigmoid(logits(theta, edges))
    r = edges.points - edges.games * p
    return (np.bincount(edges.i, r, size) - np.bincount(edges.j, r, size)
            + np.bincount(edges.u, r, size) - np.bincount(edges.v, r, size))


def information(theta: Floats, edges: Edges, size: int) -> Floats:
    """The negative Hessian of the log-likelihood."""
    _, pq = sigmoid(logits(theta, edges))
    return gram(edges, edges.games * pq, size)


def maximise(edges: Edges, size: int, fixed: int) -> Floats:
    """Newton's method with step halving; ``fixed`` (a bot) and the pad stay at 0."""
    theta = np.zeros(size)
    free = np.ones(size, dtype=bool)
    free[[fixed, size - 1]] = False
    if not free.any():
        return theta
    current = log_likelihood(theta, edges)
    for _ in range(MAX_NEWTON_STEPS):
        g = gradient(theta, edges, size)[free]
        info = information(theta, edges, size)[np.ix_(free, free)]
        try:
            step = np.linalg.solve(info, g)
        except np.linalg.LinAlgError:
            raise ValueError(NO_FIT) from None
        if not np.all(np.isfinite(step)):
            raise ValueError(NO_FIT)
        scale = 1.0
        while True:
            trial = theta.copy()
            trial[free] += scale * step
            value = log_likelihood(trial, edges)
            # The log-likelihood is concave, so halving the step always finds an ascent; the
            # slack is the rounding of a sum over many edges (else, once converged, a step
            # that changes nothing would be halved twenty times).
            if value >= current - 1e-12 * (1.0 + abs(current)) or scale < 1e-6:
                break
            scale /= 2
        theta, current = trial, value
        if float(np.max(np.abs(scale * step))) < TOLERANCE:
            return theta
    raise ValueError(f"the rating fit did not converge in {MAX_NEWTON_STEPS} Newton steps")


def finite_fit(edges: Edges, n: int) -> bool:
    """Whether the plain MLE is finite (Zermelo's condition): in the graph with an edge from
    i to j when i took points from j, every bot reaches every other and is reached."""
    if n <= 1:
        return True
    took = edges.points > 0
    gave = edges.games - edges.points > 0
    source = np.concatenate([edges.i[took], edges.j[gave]])
    target = np.concatenate([edges.j[took], edges.i[gave]])

    def reaches_all(start: Ints, end: Ints) -> bool:
        seen = np.zeros(n, dtype=bool)
        seen[0] = True
        while True:
            reached = np.zeros(n, dtype=bool)
            reached[end[seen[start]]] = True
            if not (reached & ~seen).any():
                return bool(seen.all())
            seen |= reached

    return reaches_all(source, target) and reaches_all(target, source)


def draw_reduction(theta: Floats, edges: Edges, size: int) -> Floats:
    """Σ over two-player edges of (draws/4)·x·xᵀ: what draws take from the score's variance.

    A game of expected score p with draw chance d has Var(s) = p(1-p) - d/4 (E[s²] =
    w + d/4 with w = p - d/2). Each pair's d is its observed share of draws, at most
    2·min(p, 1-p) (the most draws its expected score allows), so the variance stays ≥ 0.
    """
    mask = edges.draws2 > 0
    if not mask.any():
        return np.zeros((size, size))
    picked = Edges(*(a[mask] for a in edges.arrays()))
    p, _ = sigmoid(logits(theta, picked))
    most = 2.0 * picked.games2 * np.minimum(p, 1.0 - p)
    return gram(picked, np.minimum(picked.draws2, most) / 4.0, size)


def within_match_correction(theta: Floats, groups: list[Group], size: int) -> Floats | None:
    """Σ over multiplayer matches of E[g·gᵀ] − H, g and H a match's score and information.

    The k(k-1)/2 pairwise outcomes of one ranking are not independent, so the fit is a
    composite likelihood and its inverse information misstates the variance (with the
    1/(k-1) weight, too wide: about 1.2x for 3 players, 1.3x for 4). The sandwich
    C·J·C with J = I + this corrects it. E[g·gᵀ] is exact under Plackett-Luce (whose
    pairwise odds are these logistic ones; seat terms add to the strengths), summed over
    the k! finishing orders.

    In one match a position's score is w·((k - 1 - its place) - Σ_b σ(θ_a - θ_b)): only the
    place varies between orders, so E[g·gᵀ] follows from each order's chance and places.
    """
    if not groups:
        return None
    second = np.zeros(size * size)
    pairs: list[Edges] = []
    for group in groups:
        rows, k = group.bots.shape
        w = group.weight
        strength_log = theta[group.bots] + theta[group.terms][None, :]
        top = strength_log.max(axis=1, keepdims=True)
        strength = np.exp(strength_log - top)
        diff = strength_log[:, :, None] - strength_log[:, None, :]
        expected, _ = sigmoid(diff)
        expected[:, np.arange(k), np.arange(k)] = 0.0
        row_expected = expected.sum(axis=2)  # Σ_b σ(θ_a - θ_b), per position a
        orders = list(permutations(range(k)))
        places = np.zeros((len(orders), k))
        chances = np.empty((rows, len(orders)))
        total = strength.sum(axis=1)
        for t, order in enumerate(orders):
            chance, left = group.counts.copy(), total.copy()
            for place, a in enumerate(order):
                places[t, a] = place
                if place < k - 1:
                    chance *= strength[:, a] / left
                    left = left - strength[:, a]
            chances[:, t] = chance
        wins = (k - 1) - places  # pairs won by each position in each order
        first = chances @ wins  # Σ chance·c_a
        moment = np.einsum("gt,ta,tb->gab", chances, wins, wins)
        counts = group.counts[:, None, None]
        scores = w * w * (moment - first[:, :, None] * row_expected[:, None, :]
                          - row_expected[:, :, None] * first[:, None, :]
                          + counts * row_expected[:, :, None] * row_expected[:, None, :])
        # A position's score counts for its bot and for its seat's term (if it has one).
        ends = [[group.bots[:, a]] + ([np.full(rows, group.terms[a])]
                                      if group.terms[a] != size - 1 else [])
                for a in range(k)]
        for a in range(k):
            for b in range(k):
                for x in ends[a]:
                    for y in ends[b]:
                        second += np.bincount(x * size + y, scores[:, a, b], size * size)
        zeros = np.zeros(rows)
        for a, b in combinations(range(k), 2):
            pairs.append(Edges(group.bots[:, a], group.bots[:, b],
                               np.full(rows, group.terms[a]), np.full(rows, group.terms[b]),
                               group.counts * w, zeros, zeros, zeros))
    second_moment = second.reshape(size, size)
    # The pad's row and column collect the terms of seats without one: they are dropped.
    combined = pairs[0]
    for more in pairs[1:]:
        combined = combined + more
    return second_moment - information(theta, combined, size)


def variances(theta: Floats, data: Data, edges: Edges, fixed: int | None) -> Floats:
    """The diagonal of the sandwich C·J·C: C the inverse information (with a fixed bot, on
    the others; else the pseudo-inverse on the mean-0 plane of the ratings), J the variance
    of the score: the information, less what draws take, plus the multiplayer correction."""
    size, n = data.size, len(data.bots)
    info = information(theta, edges, size)
    keep = np.ones(size, dtype=bool)
    keep[size - 1] = False
    if fixed is not None:
        keep[fixed] = False
        inverse = np.linalg.inv(info[np.ix_(keep, keep)])
    else:
        # The information has u = (1 for every bot, 0 for seat terms) in its kernel
        # (shifting every rating changes nothing); then pinv(I) = inv(I + ûûᵀ) - ûûᵀ.
        unit = np.zeros(size)
        unit[:n] = 1.0 / np.sqrt(n)
        outer = np.outer(unit, unit)[np.ix_(keep, keep)]
        inverse = np.linalg.inv(info[np.ix_(keep, keep)] + outer) - outer
    middle = info - draw_reduction(theta, edges, size)
    correction = within_match_correction(theta, data.groups, size)
    if correction is not None:
        middle = middle + correction
    out = np.zeros(size)
    # diag(C·J·C) without the second product: C is symmetric, so it is Σ_k (C·J)_ik·C_ik.
    out[keep] = np.einsum("ij,ij->i", inverse @ middle[np.ix_(keep, keep)], inverse)
    return out
