"""The ladder's live skill rating: a mean and an uncertainty per bot, from whole rankings.

The model is openskill's Plackett-Luce (Weng and Lin, "A Bayesian approximation method for
online ranking", JMLR 2011), a TrueSkill-like Bayesian update with a closed form for a
ranking of any number of players, ties included; it is what ladders of free-for-all games
use (TrueSkill itself is patented and its free implementations are two-team or slow), it
takes a whole k-player ranking at once rather than its pairs, and a well-kept library
implements it. Each bot has ``mu`` and ``sigma`` (the prior: 25 and 25/3); the leaderboard
orders by the conservative ``ordinal = mu - 3 sigma``. Everything here is a pure function of
the results (STYLE 15): one match updates the ratings of its seats, and replaying the
stored matches in the order they were recorded gives the same ratings again.

A new version of a bot keeps its name, history and mu, and its sigma grows as if much time
had passed: ``sigma' = min(sigma0, sqrt(sigma² + (sigma0 / 2)²))``, so that it moves quickly
if the new version plays differently, without forgetting what the old one showed.

It sits beside the maximum-likelihood Elo fit (``_ratings``), which stays the figure for
reports: the fit uses every match at once, the update is sequential and approximate.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()

#: The prior of a bot never seen: openskill's defaults.
MU0: float = _MODEL.mu
SIGMA0: float = _MODEL.sigma

#: The performance noise of one match (openskill's beta, sigma0 / 2).
BETA: float = _MODEL.beta


@dataclass(frozen=True)
class Skill:
    """One bot's skill in one game: mean, uncertainty, matches rated, and its version."""

    mu: float = MU0
    sigma: float = SIGMA0
    matches: int = 0
    version: str = ""

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard orders by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def new_version(skill: Skill, version: str) -> Skill:
    """``skill`` for a new ``version`` of its bot: the same mu and matches, a larger sigma
    (unchanged when the version is the same)."""
    if version == skill.version:
        return skill
    sigma = min(SIGMA0, math.sqrt(skill.sigma ** 2 + (SIGMA0 / 2) ** 2))
    return Skill(skill.mu, sigma, skill.matches, version)


def update_skill(skills: Mapping[str, Skill], seats: Sequence[str], ranks: Sequence[int],
                 versions: Mapping[str, str] | None = None) -> dict[str, Skill]:
    """The skills after one match (``ranks``: 0 the winner, equal ranks a tie), a new bot
    starting at the prior; ``versions``: the seats' bots' versions when they played, a
    changed one raising its sigma first (:func:`new_version`). Bots not in the match are
    unchanged. Raises ValueError for a match that cannot be rated."""
    if len(seats) < 2 or len(seats) != len(ranks) or len(set(seats)) != len(seats):
        raise ValueError(f"a rated match needs 2 or more distinct seats and a rank for each, "
                         f"got seats {list(seats)!r} and ranks {list(ranks)!r}")
    before = []
    for bot in seats:
        skill = skills.get(bot, Skill())
        if versions is not None and bot in versions:
            skill = new_version(skill, versions[bot])
        before.append(skill)
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    rated = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    out = dict(skills)
    for bot, skill, [after] in zip(seats, before, rated, strict=True):
        out[bot] = Skill(after.mu, after.sigma, skill.matches + 1, skill.version)
    return out


def rebuild_skills(matches: Iterable[tuple[Sequence[str], Sequence[int], float]],
                   versions: Mapping[str, Sequence[tuple[float, str]]] | None = None
                   ) -> dict[str, Skill]:
    """The skills after ``matches`` (seats, ranks, start time) in the order given (the order
    they were recorded); ``versions``: by bot, its versions with the time each was first
    seen, oldest first: a match started at or after that time is played by that version."""
    skills: dict[str, Skill] = {}
    for seats, ranks, started in matches:
        playing = None
        if versions:
            playing = {bot: version_at(versions[bot], started)
                       for bot in seats if bot in versions}
        skills = update_skill(skills, seats, ranks, playing)
    return skills


def version_at(history: Sequence[tuple[float, str]], when: float) -> str:
    """The version a bot had at time ``when``, from its (since, version) history ("" before
    the first)."""
    current = ""
    for since, version in history:
        if since <= when:
            current = version
    return current
