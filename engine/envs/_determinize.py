"""Determinizers: a full state that one seat cannot tell from the real one, its hidden parts
sampled (for OpenSpiel's ``resample_from_infostate`` and information-set search).

Race and Sector 41 have their engine's own (``from_observation``). Sol and Galaxies have none
yet; their hidden parts are few, so they are resampled here on a clone, by the state's
attribute names (a ``from_observation`` in those engines would be the better home):
Sol hides only the order of its deck; Galaxies the other seats' secret missions (and the
missions offered to them) and the order of the planet, pilot and exploration decks.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from .._core import GameState
from .._core import shuffle as _shuffle


def resample(game: str, state: GameState, seat: int, rng: random.Random) -> GameState:
    """A state with ``seat``'s observation of ``state``, every hidden part drawn from
    ``rng``, and its own RNG (what chance does next) seeded from ``rng``."""
    if game in ("race", "sector41"):
        module: Any = importlib.import_module(f"engine.{game}")
        sampled: GameState = module.from_observation(state.observation(seat), rng)
        return sampled
    if game == "sol":
        return _sol(state, rng)
    if game == "galaxies":
        return _galaxies(state, seat, rng)
    raise ValueError(f"no determinizer for game {game!r}; games with one: "
                     "galaxies, race, sector41, sol")


def _sol(state: Any, rng: random.Random) -> GameState:
    other = state.clone()
    _shuffle(other.deck, rng)
    other.rng = random.Random(rng.getrandbits(64))
    return other  # type: ignore[no-any-return]


def _galaxies(state: Any, seat: int, rng: random.Random) -> GameState:
    other = state.clone()
    mine = other.mission[seat]
    known = {mine} if mine >= 0 else set(other.offers[seat])
    pool = sorted(set(range(len(_galaxies_missions()))) - known)
    _shuffle(pool, rng)
    for q in range(other.num_players):
        if q == seat:
            continue
        other.offers[q] = [pool.pop(), pool.pop()]
        if other.mission[q] >= 0:
            other.mission[q] = other.offers[q][0]
    if other._seat not in (-1, seat) and other.stack[-1][0] == "mission":
        # another seat chooses its mission now: its menu shows the resampled offers
        kind: Any = importlib.import_module("engine.galaxies").ActionKind.CHOOSE_MISSION
        other._opts = [(kind, m, 0, 0) for m in other.offers[other._seat]]
        other._pend = None
    for deck in (other.deck, other.pilot_deck, other.ex_deck):
        _shuffle(deck, rng)
    other.rng = random.Random(rng.getrandbits(64))
    return other  # type: ignore[no-any-return]


def _galaxies_missions() -> tuple[Any, ...]:
    module: Any = importlib.import_module("engine.galaxies")
    missions: tuple[Any, ...] = module.MISSIONS
    return missions
