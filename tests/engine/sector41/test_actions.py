"""The lazily built actions read, compare, copy and pickle like Actions, and stay read-only
(their class takes object's setters so that the engine can fill their private slots fast);
the offers' Decisions, made through an open subclass, are plain frozen Decisions."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from engine import Action, Decision
from engine._core import LazyAction, lazy_action
from engine.sector41 import GAME, ActionKind, TileKind
from engine.sector41._actions import target


def test_a_lazy_action_reads_and_pickles_like_an_action() -> None:
    made = target(4, ActionKind.VORTEX_TILE, 30, False, TileKind.NEBULA, "Turn")
    assert isinstance(made, Action) and made.id == 4
    assert made.text == "Turn D4 (Nebula)"
    assert made.detail.kind is ActionKind.VORTEX_TILE and made.detail.to_kind is TileKind.NEBULA
    again = pickle.loads(pickle.dumps(made))
    assert (again.id, again.text, again.detail) == (made.id, made.text, made.detail)
    assert again == made and hash(again) == hash(made)
    assert copy.copy(made) is made and copy.deepcopy(made) is made


@pytest.mark.parametrize("name", ["id", "text", "detail", "anything_else"])
def test_a_lazy_action_refuses_every_public_assignment(name: str) -> None:
    made = lazy_action(2, (lambda: ("Go", None),))
    assert isinstance(made, LazyAction)
    with pytest.raises(AttributeError):
        setattr(made, name, 3)
    with pytest.raises(AttributeError):
        delattr(made, name)
    assert (made.id, made.text, made.detail) == (2, "Go", None)


def test_the_offered_decisions_are_plain_frozen_decisions() -> None:
    state = GAME.new_match(2, 7)
    rng = random.Random(7)
    kinds = set()
    for _ in range(300):
        pending = state.pending()
        if not pending:
            break
        ((seat, decision),) = pending.items()
        assert type(decision) is Decision
        again = Decision(decision.seat, decision.prompt, decision.legal, decision.kind)
        assert decision == again and hash(decision) == hash(again)
        assert pickle.loads(pickle.dumps(decision)) == decision
        with pytest.raises(AttributeError):
            decision.seat = seat + 1  # type: ignore[misc]
        kinds.add(decision.kind)
        state.apply({seat: rng.choice(decision.legal).id})
    assert {"move", "guardian"} <= kinds
