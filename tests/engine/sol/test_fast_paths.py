"""The speed paths agree with the general code they stand in for.

The digest (``test_digest.py``) pins whole playouts; these name the shortcut that broke: the
log built lazily, the turn's cheap probes against the full option lists, and the kept tables
and shared decisions against a recount.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.sol import GAME, ActionKind, Ring
from engine.sol._state import (
    _BONUS,
    NONE,
    SolState,
    _activate_menu,
    _bonus_menu,
    _keep_menu,
    _orbital_menu,
)


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


def _positions(players: int, seeds: range, clones: float = 0.0) -> Iterator[SolState]:
    """Every position of seeded random playouts (every effect on odd seeds), from the first
    decision to the end; at the rate ``clones`` a playout goes on in a clone of its state."""
    for seed in seeds:
        options = {"effects": "all"} if seed % 2 else {}
        state = GAME.new_match(players, seed, options)
        assert isinstance(state, SolState)
        rng = random.Random(seed)
        yield state
        while pending := state.pending():
            state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
            if clones and rng.random() < clones:
                state = state.clone()
            yield state


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
    for state in _positions(players, range(3)):
        for p in range(players):
            assert state._can_convert(p) == bool(state._conversions(p, probe=True))
            assert state._can_move(p) == bool(state._move_options(p, probe=True))
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_kept_spaces_of_each_seat_match_the_board_after_every_step(players: int) -> None:
    kept = 0
    for state in _positions(players, range(6), clones=0.05):
        for p in range(players):
            mine = state._mine[p]
            if mine is not None:
                kept += 1
                assert mine == tuple(s for s in range(state.board.size)
                                     if state.sundivers(s, p)), (state.seed, p)
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


@pytest.mark.parametrize("players", [2, 5])
def test_the_shared_small_decisions_equal_a_fresh_build_after_every_step(players: int) -> None:
    checked: Counter[str] = Counter()
    for state in _positions(players, range(4)):
        decision = state._decision
        if decision is None:
            continue
        seat = decision.seat
        if decision.kind == "activate":
            stations = tuple(state._activations(seat, state.act_type))
            fresh = _activate_menu(state.side, seat, stations, bool(state.activated))
        elif decision.kind == "bonus":
            space = state.bonus_space
            assert seat == state.bonus_asked[0]
            fresh = _bonus_menu(state.side, seat, space, _BONUS[state.ring[space]])
        elif decision.kind == "orbital":
            assert state._payloads is not None
            space = state._payloads[0]
            assert state.st_owner[space] == seat and state.ring[space] == Ring.OUTER
            fresh = _orbital_menu(state.side, seat, space)
        elif decision.kind == "keep":
            held = {state.held[seat]} - {NONE}
            fresh = _keep_menu(seat, tuple(sorted(set(state.drawn) | held)))
        else:
            continue
        assert (state._payloads, decision) == fresh, (state.seed, decision.kind)
        checked[decision.kind] += 1
    assert set(checked) == {"activate", "bonus", "orbital", "keep"}
    assert min(checked.values()) >= 10, checked


@pytest.mark.parametrize("players", [2, 5])
def test_a_move_decision_s_payloads_made_when_asked_for_equal_its_full_option_list(
        players: int) -> None:
    checked = 0
    for state in _positions(players, range(3)):
        if state._decision is None or state._payloads is not None:
            continue
        assert state._decision is state._plain_decision
        options = state._plain_options()
        stop = [(ActionKind.STOP,)] if state.moved else []
        assert options == [*state._move_options(state.current), *stop]
        # apply takes a flight's or launch's step from its action's detail
        for action, option in zip(state._decision.legal, options, strict=True):
            detail = action.detail
            assert detail.kind is option[0]
            if detail.kind is ActionKind.FLY:
                _, s, t, e = option
                assert (detail.space, detail.to_space, state._barrier[s][t]) == (s, t, e)
            elif detail.kind is ActionKind.LAUNCH:
                assert detail.space == option[1]
        checked += 1
    assert checked > 1000
