"""Sol's and Galaxies' determinizers (``state.determinized(seat, rng)``): a state the seat
cannot tell from the real one, its hidden parts redrawn, the real one untouched."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from tests.engine.envs._helpers import playout

GAMES = ["sol", "galaxies"]


def played(game: str, players: int, seed: int, steps: int) -> Any:
    """A match after ``steps`` random decisions (or at its end)."""
    # one state, yielded at each step: the last is the state after them all
    return list(itertools.islice(playout(game, players, seed), steps + 1))[-1]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("steps", [0, 1, 40, 300])
def test_the_seat_sees_the_same_and_the_real_state_is_untouched(game: str, steps: int) -> None:
    state = played(game, 3, 5, steps)
    before = state.snapshot()
    pending = state.pending()
    for seat in range(3):
        other = state.determinized(seat, random.Random(seat))
        assert other.observation(seat) == state.observation(seat)
        assert other.pending().keys() == pending.keys()
        if seat in pending:  # its own choice reads the same
            assert ([a.text for a in other.pending()[seat].legal]
                    == [a.text for a in pending[seat].legal])
    assert state.snapshot() == before


@pytest.mark.parametrize("game", GAMES)
def test_the_decks_are_redrawn_and_the_draw_follows_the_rng(game: str) -> None:
    state = played(game, 2, 3, 40)
    decks = {tuple(state.determinized(0, random.Random(k)).deck) for k in range(10)}
    assert len(decks) > 1
    assert sorted(decks.pop()) == sorted(state.deck)  # the same cards, in another order
    first, second = (state.determinized(1, random.Random(7)) for _ in range(2))
    assert first.snapshot() == second.snapshot()


@pytest.mark.parametrize("game", GAMES)
def test_a_determinized_state_plays_to_its_end(game: str) -> None:
    state = played(game, 2, 11, 60).determinized(1, random.Random(2))
    rng = random.Random(0)
    while pending := state.pending():
        state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    assert len(state.result().ranks) == 2


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_seat_is_named(game: str) -> None:
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1, got 2"):
        played(game, 2, 1, 0).determinized(2, random.Random(0))


def test_galaxies_missions_of_the_others_come_from_those_the_seat_has_not_seen() -> None:
    state = played("galaxies", 3, 5, 40)
    assert min(state.mission) >= 0  # all chosen
    theirs = set()
    for k in range(20):
        other = state.determinized(0, random.Random(k))
        assert other.mission[0] == state.mission[0]
        assert other.offers[0] == state.offers[0]
        for q in (1, 2):
            assert other.mission[q] in other.offers[q]
            assert not set(other.offers[q]) & set(state.offers[0])
            theirs.add(other.mission[q])
    assert len(theirs) > 2


def test_galaxies_another_seat_choosing_its_mission_is_offered_the_drawn_ones() -> None:
    state = played("galaxies", 3, 5, 1)  # seat 0 has chosen; seat 1 chooses now
    assert list(state.pending()) == [1]
    other = state.determinized(0, random.Random(3))
    offered = [a.detail.mission for a in other.pending()[1].legal]
    assert offered == other.offers[1]
    assert not set(offered) & set(state.offers[0])
