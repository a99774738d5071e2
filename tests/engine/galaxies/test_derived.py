"""The tables a state keeps up to date (hiring masks, pilots' discounts and yields) match a
recount from the seats' fields after every step of seeded playouts."""

import random

import pytest

from engine.galaxies import GAME
from engine.galaxies._state import GalaxiesState

_DERIVED = ("_hire_open", "_hire_flown", "_cheap", "_plain_yield", "_pilot")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_kept_tables_match_a_recount_after_every_step(players: int) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_match(players, seed, {"expansion": True})
        assert isinstance(state, GalaxiesState)
        while pending := state.pending():
            state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
            recount = state.clone()
            recount._derive()
            for name in _DERIVED:
                assert getattr(state, name) == getattr(recount, name), (seed, name)
