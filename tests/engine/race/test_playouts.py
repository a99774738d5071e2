"""Random playouts: no exception, cards conserved, VP never negative, replay reproduces."""

from __future__ import annotations

import random

import pytest

from engine.race import GAME, RaceState

from ._helpers import FULL, census

CONFIGS = [
    (2, {"setup": "normal"}),
    (3, {"setup": "normal"}),
    (4, {"setup": "normal"}),
    (2, {"setup": "first_game"}),
    (3, {"setup": "first_game"}),
    (4, {"setup": "first_game"}),
    (2, {"advanced": True}),
]
IDS = [f"{n}p-{'-'.join(str(v) for v in o.values())}" for n, o in CONFIGS]


def playout(n: int, options: dict[str, object], seed: int, check: bool) -> tuple[RaceState, list]:
    """One random match; with ``check``, conservation and VP checked after every step."""
    rng = random.Random(seed * 7919 + n)
    state = GAME.new_match(n, seed, options)
    assert isinstance(state, RaceState)
    steps = []
    while not state.is_over():
        pending = state.pending()
        assert pending and all(d.legal for d in pending.values())
        step = {s: rng.choice(d.legal).id for s, d in pending.items()}
        steps.append(step)
        state.apply(step)
        if check:
            assert census(state) == FULL
            assert state.vp_pool >= 0 and all(s.vp >= 0 for s in state.seats)
    assert state.result().termination.name == "NORMAL"
    return state, steps


@pytest.mark.parametrize(("n", "options"), CONFIGS, ids=IDS)
def test_few_playouts_checked_every_step(n: int, options: dict[str, object]) -> None:
    for seed in range(10):
        state, steps = playout(n, options, seed, check=True)
        assert GAME.replay(n, seed, options, steps).snapshot() == state.snapshot()


@pytest.mark.slow
@pytest.mark.parametrize(("n", "options"), CONFIGS, ids=IDS)
def test_thousand_playouts(n: int, options: dict[str, object]) -> None:
    for seed in range(1000):
        state, steps = playout(n, options, seed, check=False)
        assert census(state) == FULL
        assert GAME.replay(n, seed, options, steps).snapshot() == state.snapshot()
