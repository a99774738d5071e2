"""Sector41State's own pending/is_over/apply (a fast path for the usual call) behave exactly
like GameState's: the same changes for legal ids, the same error types and messages for the
rest, on the same states."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from engine._core import EngineError, GameState
from engine.sector41 import GAME, Sector41State


def _mid_game(players: int, seed: int, steps: int) -> Sector41State:
    state = GAME.new_match(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        pending = state.pending()
        if not pending:
            break
        state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    assert isinstance(state, Sector41State)
    return state


def _outcome(apply: Callable[[Any, Any], None], state: Sector41State,
             choices: Mapping[Any, Any]) -> tuple[Any, ...]:
    other = state.clone()
    try:
        apply(other, choices)
    except EngineError as exc:
        return type(exc), str(exc), other.snapshot() == state.snapshot()
    return None, other.snapshot(), [e.text for e in other.events_since(0)]


def _choices(state: Sector41State) -> list[dict[Any, Any]]:
    ((seat, decision),) = state.pending().items()
    other = (seat + 1) % state.num_players
    n = len(decision.legal)
    return [
        {seat: 0}, {seat: n - 1}, {seat: n}, {seat: -1}, {seat: True}, {seat: False},
        {seat: "0"}, {seat: 0.0}, {seat: None}, {other: 0}, {}, {seat: 0, other: 0},
        {seat: 10**9},
    ]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("steps", [0, 7, 40, 150])
def test_apply_agrees_with_the_generic_one(players: int, steps: int) -> None:
    state = _mid_game(players, 11 + steps, steps)
    assert state.pending() == GameState.pending(state)
    assert state.is_over() is GameState.is_over(state) is False
    for choices in _choices(state):
        fast = _outcome(Sector41State.apply, state, choices)
        generic = _outcome(GameState.apply, state, choices)
        assert fast == generic, choices
        if fast[0] is not None:
            assert fast[2], "a refused choice changed the state"


def test_a_finished_match_refuses_every_choice_alike() -> None:
    state = _mid_game(2, 3, 10_000)
    assert state.pending() == {} == GameState.pending(state)
    assert state.is_over() and GameState.is_over(state)
    for choices in ({0: 0}, {1: 0}, {}):
        assert _outcome(Sector41State.apply, state, choices) == _outcome(
            GameState.apply, state, choices)
        assert _outcome(Sector41State.apply, state, choices)[0].__name__ == "GameOverError"

