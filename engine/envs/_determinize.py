"""Determinizers: a full state that one seat cannot tell from the real one, its hidden parts
sampled (for OpenSpiel's ``resample_from_infostate`` and information-set search).

Race and Sector 41 build one from the seat's observation (their engine's
``from_observation``); Sol and Galaxies, whose hidden parts are few, resample them on a
clone (their state's ``determinized``).
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from .._core import GameState


def resample(game: str, state: GameState, seat: int, rng: random.Random) -> GameState:
    """A state with ``seat``'s observation of ``state``, every hidden part drawn from
    ``rng``, and its own RNG (what chance does next) seeded from ``rng``."""
    if game in ("race", "sector41"):
        module: Any = importlib.import_module(f"engine.{game}")
        sampled: GameState = module.from_observation(state.observation(seat), rng)
        return sampled
    if game in ("sol", "galaxies"):
        determinized: GameState = state.determinized(seat, rng)  # type: ignore[attr-defined]
        return determinized
    raise ValueError(f"no determinizer for game {game!r}; games with one: "
                     "galaxies, race, sector41, sol")
