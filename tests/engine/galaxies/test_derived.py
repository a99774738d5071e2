"""The tables a state keeps up to date (hiring masks, pilots' discounts and yields) match a
recount from the seats' fields after every step of seeded playouts."""

import random

import pytest

from engine.galaxies import GAME
from engine.galaxies._state import GalaxiesState

_DERIVED = ("_hire_open", "_hire_flown", "_cheap", "_yields", "_pilot")


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


def test_hiring_menus_from_masks_match_the_long_way() -> None:
    """Every pilot's hire_with options, made from bit masks and cached, are the ones the
    long way (``_hire_choices``) lists, in its order, whatever the dice and ships."""
    compared = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new_match(4, seed, {"expansion": True})
        assert isinstance(state, GalaxiesState)
        while pending := state.pending():
            p = state.current
            for pilot in state.pilot_row:
                long_way = [(f, n, t) for _x, f, n, t in state._hire_choices(p, only=pilot)]
                menu = state._opts_hire_with(("hire_with", p, pilot))[1]
                assert [(f, n, t) for _k, f, n, t in menu] == long_way, (seed, pilot)
                compared += bool(long_way)
            state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    assert compared > 100  # the dice allowed a hire often enough to compare
