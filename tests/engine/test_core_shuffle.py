"""``engine._core.shuffle`` (every game deals its decks with it) is ``random.Random.shuffle``
without a call per item: the same draws and the same order, so seeded matches stay the same."""

from __future__ import annotations

import random

import pytest

from engine._core import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 8, 9, 17, 31, 64, 65, 114])
def test_shuffle_orders_and_draws_as_random_shuffle(size: int) -> None:
    for seed in range(40):
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, reference = list(range(size)), list(range(size))
        shuffle(mine, ours)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()  # the same draws: later ones agree too


def test_another_generator_keeps_its_own_shuffle() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    items = [1, 2, 3]
    shuffle(items, Reversing(0))
    assert items == [3, 2, 1]
