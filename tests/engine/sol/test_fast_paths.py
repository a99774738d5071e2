"""The speed paths agree with the general code they stand in for.

The digest (``test_digest.py``) pins whole playouts; these name the shortcut that broke: the
log built lazily, and the turn's cheap probes against the full option lists.
"""

from __future__ import annotations

import random

import pytest

from engine.sol import GAME
from engine.sol._state import SolState


def _play(players: int, seed: int, options: dict[str, str], steps: int | None = None
          ) -> SolState:
    state = GAME.new_match(players, seed, options)
    assert isinstance(state, SolState)
    rng = random.Random(seed)
    done = 0
    while (pending := state.pending()) and (steps is None or done < steps):
        state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
        done += 1
    return state


def test_the_log_read_at_the_end_equals_the_log_read_step_by_step() -> None:
    stepwise = GAME.new_match(3, 7)
    rng = random.Random(7)
    texts: list[str] = []
    while pending := stepwise.pending():
        stepwise.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
        before = stepwise.event_count
        texts += [e.text for e in stepwise.events_since(len(texts))]
        assert len(texts) == before == stepwise.event_count
    at_end = _play(3, 7, {})
    count = at_end.event_count  # counted before any event is built
    events = at_end.events_since(0)
    assert count == len(events) == len(texts)
    assert [e.text for e in events] == texts
    assert [e.index for e in events] == list(range(count))
    assert all(e.visible_to is None for e in events)
    assert any(t.startswith("Seat 0: ") for t in texts) and texts[0].startswith("Setup:")


def test_a_clone_with_unread_log_entries_keeps_its_own_log() -> None:
    state = _play(2, 3, {}, steps=40)
    copy = state.clone()
    count = state.event_count
    rng = random.Random(99)
    for _ in range(5):
        pending = copy.pending()
        copy.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    assert state.event_count == count < copy.event_count
    original = [e.text for e in state.events_since(0)]
    cloned = [e.text for e in copy.events_since(0)]
    assert cloned[:count] == original and len(original) == count


@pytest.mark.parametrize("players", [2, 5])
def test_the_turns_probes_agree_with_the_full_option_lists(players: int) -> None:
    checked = 0
    for seed in range(3):
        options = {"effects": "all"} if seed % 2 else {}
        state = GAME.new_match(players, seed, options)
        assert isinstance(state, SolState)
        rng = random.Random(seed)
        while pending := state.pending():
            for p in range(players):
                assert state._can_convert(p) == bool(state._conversions(p, probe=True))
                assert state._can_move(p) == bool(state._move_options(p, probe=True))
                checked += 1
            state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    assert checked > 1000


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_kept_spaces_of_each_seat_match_the_board_after_every_step(players: int) -> None:
    kept = 0
    for seed in range(6):
        options = {"effects": "all"} if seed % 2 else {}
        state = GAME.new_match(players, seed, options)
        assert isinstance(state, SolState)
        rng = random.Random(seed)
        while pending := state.pending():
            state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
            for p in range(players):
                mine = state._mine[p]
                if mine is not None:
                    kept += 1
                    assert mine == tuple(s for s in range(state.board.size)
                                         if state.sundivers(s, p)), (seed, p)
            if rng.random() < 0.05:  # a clone follows its own board from here on
                state = state.clone()
    assert kept > 1000


def test_a_clone_keeps_its_own_spaces_of_each_seat() -> None:
    state = _play(2, 5, {}, steps=60)
    copy = state.clone()
    rng = random.Random(5)
    for _ in range(30):
        if not (pending := copy.pending()):
            break
        copy.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    for each in (state, copy):
        for p in range(2):
            mine = each._mine[p]
            assert mine is None or mine == tuple(
                s for s in range(each.board.size) if each.sundivers(s, p))
