"""The ladder's matchmaking: who plays the next match, by skill (a pure function, STYLE 15).

Halite's coordinator, Kaggle's simulations and CodinGame match by a Bayesian skill (mean
and uncertainty) rather than at random: a strong bot learns little from beating weak ones.
What the leaderboard needs is the order of the bots, so matches go where the order is in
doubt, as in active ranking. For each new match:

1. the seed bot is the free bot with the highest priority, ``waited + bonus``: ``waited``
   counts the matches started since it last played (or connected), ``bonus`` is
   ``min(doubt², MOST) * free bots / smallest player count``, ``doubt`` the uncertainty of
   its place on the leaderboard: the expected number of the other bots of the game whose
   order with it is wrong, ``sum_j Phi(-|mu - mu_j| / sqrt(sigma² + sigma_j²))``, in
   multiples of the field's mean (:func:`place_doubt`; of its games, the largest). Squared
   because a bot whose order with m others is wrong is m places off, which costs the
   leaderboard's rank correlation m². A bot among many of about its skill, or a new one
   (sigma at the prior's), gains up to MOST (3) rounds on one alone at the top or the bottom
   of the field, whose place is known; ties are broken at random;
2. the game is one the seed plays with enough free bots (at random), the player count one
   of ``counts`` that many free bots allow (at random);
3. each other seat is drawn from the free bots of the game, with probability ``EXPLORE``
   (5%) uniformly (so that everybody meets everybody in time), else in proportion to the
   product over the bots already seated (the seed first) of
   ``exp(-(mu - mu_b)² / (2 (beta² / 4 + (sigma_b² + sigma²) / 4)))``: the bots nearest in
   mu to all of them, the uncertain ones more readily. A match whose outcome is nearly
   certain tells little, and a 4-player match informs on all its six pairs, not only on the
   seed's three. The kernel counts a quarter of the variances: counted whole, late in a
   ladder (where openskill's sigma is still 1.1 to 1.3 times the error of its mu) it spreads
   the opponents over about 0.6 of the field's standard deviation, and it measured worse.

``benchmarks/bench_ladder.py`` measures it (docs/ratings.md).

Starvation bound: a free bot that can play waits at most ``B + N - 1`` match starts, B the
largest bonus and N the free bots. Once its wait exceeds B, a bot chosen after it has waited
less by more than B, so it cannot get ahead again; each start takes one bot that is ahead,
or this one. (``tests/scheduler/test_matchmaking.py`` checks the bound.)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ._skill import BETA, Skill

#: The share of seats drawn uniformly among the free bots rather than by skill.
EXPLORE = 0.05

#: The most a bot's place uncertainty counts, in multiples of the field's mean (the bonus
#: of a bot is at most this many rounds).
MOST = 3.0

#: The share of the bots' variances (sigma²) in the width of the closeness kernel.
SIGMA_SHARE = 0.25

#: Phi(x) ~ 1 / (1 + exp(-LOGISTIC x)) (within 0.01): numpy has no erf.
LOGISTIC = 1.702


@dataclass(frozen=True)
class Candidate:
    """A free bot: its name, the ladder games it plays, and how many match starts it has
    waited since it last played or connected."""

    name: str
    games: frozenset[str]
    waited: int


@dataclass(frozen=True)
class Pairing:
    """The next match: its game and its bots, the seed first."""

    game: str
    bots: tuple[str, ...]


def bonus(doubt: float, free: int, counts: Sequence[int]) -> float:
    """The seed priority a bot gets from its place's uncertainty (``doubt``: in multiples
    of the field's mean, see the module's docstring)."""
    return min(doubt ** 2, MOST) * free / min(counts)


def place_doubt(field: Mapping[str, Skill]) -> dict[str, float]:
    """By bot of ``field`` (one game's): how uncertain its place on the leaderboard is, in
    multiples of the field's mean (1 for every bot of an even field): the expected number of
    the others whose order with it is wrong, ``sum_j Phi(-|mu - mu_j| / sqrt(sigma² +
    sigma_j²))``. Many bots within a bot's uncertainty: its place is in doubt; alone at the
    top (or bottom) of the field, or well known: little."""
    names = list(field)
    if len(names) < 2:
        return dict.fromkeys(names, 1.0)
    mu = np.array([field[n].mu for n in names])
    var = np.array([field[n].sigma ** 2 for n in names])
    z = np.abs(mu[:, None] - mu[None, :]) / np.sqrt(var[:, None] + var[None, :])
    tail = np.exp(-LOGISTIC * z)  # underflows to 0 far apart, where exp(+) would overflow
    wrong = (tail / (1 + tail)).sum(axis=1) - 0.5  # less the bot itself
    mean = float(wrong.mean())
    if mean == 0:  # every order certain: nobody's place is in more doubt than another's
        return dict.fromkeys(names, 1.0)
    return {n: float(w) / mean for n, w in zip(names, wrong, strict=True)}


def choose_match(candidates: Sequence[Candidate], counts: Sequence[int],
                 skills: Mapping[str, Mapping[str, Skill]], rng: random.Random
                 ) -> Pairing | None:
    """The next match among ``candidates`` (free bots, each name once) for one of the
    player ``counts``, from ``skills`` by game and bot (a bot not in them is at the prior);
    None when no game has enough free bots."""
    if not counts or min(counts) < 2:
        raise ValueError(f"player counts must be 2 or more, got {list(counts)!r}")
    free = len(candidates)
    prior = Skill()
    fields: dict[str, dict[str, Skill]] = {}
    for game in sorted({g for c in candidates for g in c.games}):
        rated = skills.get(game, {})
        fields[game] = {**rated, **{c.name: rated.get(c.name, prior)
                                    for c in candidates if game in c.games}}
    doubts = {game: place_doubt(field) for game, field in fields.items()}
    keys = [(-(c.waited + bonus(max((doubts[g][c.name] for g in c.games), default=1.0),
                                free, counts)), rng.random()) for c in candidates]
    for i in sorted(range(free), key=keys.__getitem__):
        seed = candidates[i]
        playable = [g for g in sorted(seed.games)
                    if sum(g in c.games for c in candidates) >= min(counts)]
        if not playable:
            continue
        game = rng.choice(playable)
        field = fields[game]
        pool = [c.name for c in candidates if game in c.games and c.name != seed.name]
        k = rng.choice([n for n in counts if n <= len(pool) + 1])
        chosen = [seed.name]
        near = np.zeros(len(pool))  # log-closeness of each bot of the pool to those seated
        for _ in range(k - 1):
            near += _log_closeness(field[chosen[-1]], [field[n] for n in pool])
            if rng.random() < EXPLORE:
                at = rng.randrange(len(pool))
            else:  # less the largest: however far the field, exp() leaves the nearest 1
                at = rng.choices(range(len(pool)), np.exp(near - near.max()))[0]
            near = np.delete(near, at)
            chosen.append(pool.pop(at))
        return Pairing(game, tuple(chosen))
    return None


def _log_closeness(seated: Skill, others: Sequence[Skill]) -> np.ndarray:
    """The log-weights of ``others`` as opponents of a ``seated`` bot (see the module's
    docstring)."""
    mu = np.array([o.mu for o in others])
    spread = BETA ** 2 / 4 + SIGMA_SHARE * (seated.sigma ** 2 + np.array([o.sigma ** 2
                                                                         for o in others]))
    return -(mu - seated.mu) ** 2 / (2 * spread)


def parse_counts(text: str, minimum: int = 2) -> tuple[int, ...]:
    """``--players``: one count ("4"), a list ("2,4") or a range ("2-5"), sorted."""
    counts: set[int] = set()
    try:
        for part in text.split(","):
            low, _, high = part.strip().partition("-")
            first = int(low)
            last = int(high) if high else first
            if last < first:
                raise ValueError
            counts.update(range(first, last + 1))
    except ValueError:
        raise ValueError(f"--players {text!r} is not accepted; give a count (4), a list "
                         f"(2,4) or a range (2-5)") from None
    if min(counts) < minimum:
        raise ValueError(f"--players {text!r}: a ladder match has {minimum} players or more")
    return tuple(sorted(counts))
