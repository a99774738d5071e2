"""Setup, options and bad input."""

from __future__ import annotations

import random

import pytest

import engine
from engine import IllegalActionError, OptionError, PlayerCountError
from engine.sector41 import GAME, SHIP, TILE_TYPES, Edge, GuardianMode, Sector41State
from engine.sector41._tiles import CENTRE, SIZE

from .helpers import decision, texts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_for_each_player_count(players: int) -> None:
    state = GAME.new_match(players, 11)
    assert isinstance(state, Sector41State)
    assert sorted(state.grid) == list(range(81))
    counts = {t.id: 0 for t in TILE_TYPES}
    for type_id in state.types:
        counts[type_id] += 1
    assert counts == {t.id: t.count for t in TILE_TYPES}
    assert [state.up[state.grid[c]] for c in range(81)].count(True) == 1
    assert state.up[state.grid[CENTRE]] and state.guardian == CENTRE
    assert state.mode is GuardianMode.WANDERING
    edges = [Edge(e) for e in state.edge]
    assert edges == [Edge.NORTH, Edge.SOUTH] if players == 2 else edges[:3] == [
        Edge.NORTH, Edge.EAST, Edge.SOUTH]
    assert all(pos == SIZE // 2 for pos in state.ship_pos)
    assert all(e.loc == SHIP for ex in state.expl for e in ex)
    assert all(len(ex) == 3 for ex in state.expl)
    assert state.placed + 0 == sum(map(sum, state.discs))
    assert state.placed <= 4 and state.remaining_points() == 25
    assert decision(state).seat == 0


def test_setup_is_seeded() -> None:
    a, b, c = (GAME.new_match(2, s) for s in (5, 5, 6))
    assert a.snapshot() == b.snapshot()
    assert (a.types, a.rot) != (c.types, c.rot)


def test_bad_player_count_and_options() -> None:
    with pytest.raises(PlayerCountError):
        GAME.new_match(1, 0)
    with pytest.raises(PlayerCountError):
        GAME.new_match(5, 0)
    with pytest.raises(OptionError, match="turn_limit"):
        GAME.new_match(2, 0, {"turn_limit": 0})
    with pytest.raises(OptionError, match="unknown option"):
        GAME.new_match(2, 0, {"speed": 1})
    assert engine.get("sector41") is GAME


def test_illegal_action_id_names_the_legal_ids() -> None:
    state = GAME.new_match(2, 0)
    n = len(texts(state))
    with pytest.raises(IllegalActionError, match="legal ids: 0, 1"):
        state.apply({0: n})
    with pytest.raises(engine.NotPendingError):
        state.apply({1: 0})


def test_turn_limit_ends_the_match() -> None:
    state = GAME.new_match(2, 3, {"turn_limit": 4})
    while not state.is_over():
        state.apply({decision(state).seat: 0})
    assert state.turn == 4
    assert state.result().termination is engine.Termination.TURN_LIMIT


def test_result_works_before_the_end() -> None:
    state = GAME.new_match(3, 3)
    state.score[2] = 4
    state.reached[2] = 1
    result = state.result()
    assert result.ranks == (1, 1, 0)
    assert "in progress" in result.reason


def test_clone_is_independent() -> None:
    rng = random.Random(2)
    state = GAME.new_match(3, 9)
    for _ in range(200):
        state.apply({decision(state).seat: rng.choice(decision(state).legal).id})
    before = state.snapshot()
    copy = state.clone()
    assert copy.snapshot() == before
    steps = []
    while not copy.is_over():
        steps.append(rng.choice(decision(copy).legal).id)
        copy.apply({decision(copy).seat: steps[-1]})
    assert state.snapshot() == before
    for step in steps:
        state.apply({decision(state).seat: step})
    assert state.snapshot() == copy.snapshot()
    assert state.events_since(0) == copy.events_since(0)
