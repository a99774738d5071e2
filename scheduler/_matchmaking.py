"""The ladder's matchmaking: who plays the next match, by skill (a pure function, STYLE 15).

Halite's coordinator, Kaggle's simulations and CodinGame match by a Bayesian skill (mean
and uncertainty) rather than at random: a strong bot learns little from beating weak ones.
Here, for each new match:

1. the seed bot is the free bot with the highest priority, ``waited + bonus``: ``waited``
   counts the matches started since it last played (or connected), ``bonus`` is
   ``sigma / sigma0 * free bots / smallest player count``, so that a new bot (sigma at the
   prior's) counts as having waited about one round more and plays more at first; ties
   are broken at random;
2. the game is one the seed plays with enough free bots (at random), the player count one
   of ``counts`` that many free bots allow (at random);
3. each other seat is drawn from the free bots of the game, with probability ``EXPLORE``
   (5%) uniformly (so that everybody meets everybody in time), else in proportion to
   ``exp(-(mu - mu_seed)² / (2 (beta² / 4 + sigma_seed² + sigma²)))``: the bots nearest in
   mu, and the uncertain ones (whose place is least known) more readily. The spread is
   that of the two bots' difference of mu plus a quarter of a match's performance noise;
   TrueSkill's match quality (2 beta² in place of beta² / 4) and 10% uniform seats did a
   little worse in ``benchmarks/bench_ladder.py`` (Spearman 0.948 against 0.958 after 6,000
   matches of 200 bots, the mean of 4 seeds not used for the figures in the docs).

Starvation bound: a free bot that can play waits at most ``B + N - 1`` match starts, B the
largest bonus and N the free bots. Once its wait exceeds B, a bot chosen after it has waited
less by more than B, so it cannot get ahead again; each start takes one bot that is ahead,
or this one. (``tests/scheduler/test_matchmaking.py`` checks the bound.)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ._skill import BETA, SIGMA0, Skill

#: The share of seats drawn uniformly among the free bots rather than by skill.
EXPLORE = 0.05


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


def bonus(sigma: float, free: int, counts: Sequence[int]) -> float:
    """The seed priority a bot gets from its uncertainty (see the module's docstring)."""
    return sigma / SIGMA0 * free / min(counts)


def choose_match(candidates: Sequence[Candidate], counts: Sequence[int],
                 skills: Mapping[str, Mapping[str, Skill]], rng: random.Random
                 ) -> Pairing | None:
    """The next match among ``candidates`` (free bots, each name once) for one of the
    player ``counts``, from ``skills`` by game and bot (a bot not in them is at the prior);
    None when no game has enough free bots."""
    if not counts or min(counts) < 2:
        raise ValueError(f"player counts must be 2 or more, got {list(counts)!r}")
    free = len(candidates)

    def skill(game: str, name: str) -> Skill:
        return skills.get(game, {}).get(name, Skill())

    def priority(c: Candidate) -> float:
        sigma = max((skill(g, c.name).sigma for g in c.games), default=SIGMA0)
        return c.waited + bonus(sigma, free, counts)

    order = sorted(candidates, key=lambda c: (-priority(c), rng.random()))
    for seed in order:
        games = [g for g in sorted(seed.games)
                 if sum(g in c.games for c in candidates) >= min(counts)]
        if not games:
            continue
        game = rng.choice(games)
        pool = [c.name for c in candidates if game in c.games and c.name != seed.name]
        k = rng.choice([n for n in counts if n <= len(pool) + 1])
        anchor = skill(game, seed.name)
        chosen = [seed.name]
        for _ in range(k - 1):
            if rng.random() < EXPLORE:
                pick = rng.choice(pool)
            else:
                weights = [_closeness(anchor, skill(game, name)) for name in pool]
                pick = rng.choices(pool, weights)[0]
            pool.remove(pick)
            chosen.append(pick)
        return Pairing(game, tuple(chosen))
    return None


def _closeness(seed: Skill, other: Skill) -> float:
    spread = BETA ** 2 / 4 + seed.sigma ** 2 + other.sigma ** 2
    # The floor keeps a bot far from everybody drawable by the weighted draw.
    return max(math.exp(-(other.mu - seed.mu) ** 2 / (2 * spread)), 1e-300)


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
