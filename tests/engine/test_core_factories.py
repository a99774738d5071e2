"""The engines' fast constructors make the same objects as the class call."""

from __future__ import annotations

import pickle

import pytest

from engine import Action, Decision
from engine._core import new_action, new_decision


def test_new_action_equals_and_hashes_like_the_class_call() -> None:
    made, called = new_action(3, "Go", ("detail",)), Action(3, "Go", ("detail",))
    assert type(made) is Action
    assert made == called and hash(made) == hash(called)
    assert (made.id, made.text, made.detail) == (3, "Go", ("detail",))
    assert new_action(3, "Go") == Action(3, "Go") != Action(4, "Go")
    assert pickle.loads(pickle.dumps(made)) == called


def test_new_decision_equals_the_class_call_and_stays_frozen() -> None:
    legal = (Action(0, "a"), new_action(1, "b"))
    made, called = new_decision(2, "Pick", legal, "turn"), Decision(2, "Pick", legal, "turn")
    assert type(made) is Decision
    assert made == called and hash(made) == hash(called)
    assert new_decision(2, "Pick", legal).kind == ""
    assert made.action(1) is legal[1]
    with pytest.raises(AttributeError):
        made.seat = 3  # type: ignore[misc]
