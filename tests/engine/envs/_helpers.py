"""Shared by the adapter tests: the games, their player counts and short-match options."""

from __future__ import annotations

import random
from collections.abc import Iterator

import engine

GAMES = ["galaxies", "race", "sector41", "sol"]

#: Options that end a match early (the turn or round limit): quick tests of every count.
SHORT: dict[str, dict[str, object]] = {
    "galaxies": {"turn_limit": 12},
    "race": {"round_limit": 3},
    "sector41": {"turn_limit": 12},
    "sol": {"turn_limit": 12},
}


def counts(game: str) -> list[int]:
    info = engine.get(game).info
    return list(range(info.min_players, info.max_players + 1))


def playout(game: str, players: int, seed: int, options: dict[str, object] | None = None
            ) -> Iterator[engine.GameState]:
    """A random match, yielded at every step before its actions are applied."""
    state = engine.get(game).new_match(players, seed, options)
    rng = random.Random(seed)
    while not state.is_over():
        yield state
        state.apply({seat: rng.choice(d.legal).id for seat, d in state.pending().items()})
