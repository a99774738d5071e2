"""The engines' fast constructors make the same objects as the class call, and a lazy
action makes its text when read."""

from __future__ import annotations

import copy
import pickle

import pytest

from engine import Action, Decision
from engine._core import lazy_action, new_action, new_decision


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


_BUILT: list[int] = []


def _describe_counted(value: int) -> tuple[str, int]:
    _BUILT.append(value)
    return f"take {value}", value * 2


def test_a_lazy_action_makes_its_text_once_and_reads_like_an_action() -> None:
    _BUILT.clear()
    action = lazy_action(4, (_describe_counted, 21))
    assert isinstance(action, Action) and action.id == 4
    assert _BUILT == []  # nothing made until read
    assert (action.text, action.detail, action.text) == ("take 21", 42, "take 21")
    assert _BUILT == [21]  # made once
    copied = pickle.loads(pickle.dumps(lazy_action(4, (_describe_counted, 21))))
    assert (copied.id, copied.text, copied.detail) == (4, "take 21", 42)
    assert copy.deepcopy(action) is action and copy.copy(action) is action
    assert hash(action) == hash(lazy_action(4, (_describe_counted, 21)))
