"""The race engine's fast paths agree with the slow ones they replace.

``RaceState`` overrides the framework's ``pending``/``apply`` and caches what changes little
(active powers per seat across phases, the gathered settle powers, decisions built while the
machine runs). These tests compare each with a from-scratch computation along seeded random
playouts, and the errors of ``apply`` with the framework's own ``GameState.apply``.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import itertools
import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from engine import EngineError, GameOverError, GameState, IllegalActionError, NotPendingError
from engine.race import CARDS, GAME, RaceState, SettleMethod
from engine.race._state import (
    _NO_POWERS,
    CONSUMING,
    PRODUCE_DRAWS,
    PRODUCERS,
    SETTLE_DRAWS,
    TRADE_BONUSES,
    WINDFALLS,
    _SettlePowers,
)
from engine.race._view import ActionDetail, Observation, PlayerView


def _fresh_powers(state: RaceState, i: int, phase: int) -> list[tuple[int, int, Any]]:
    """Active powers of a phase as the rules define them, without any cache or table."""
    out: list[tuple[int, int, Any]] = []
    for ti, (cid, _good, placed) in enumerate(state.seats[i].tableau):
        if placed < state.phase_no:
            for pi, p in enumerate(CARDS[cid].powers):
                name = p.kind.name
                if phase == CONSUMING:
                    wanted = p.phase == 4 and name.startswith("CONSUME")
                elif phase == WINDFALLS:
                    wanted = name == "PRODUCE_WINDFALL"
                elif phase == PRODUCERS:
                    wanted = name == "PRODUCE"
                elif phase == PRODUCE_DRAWS:
                    wanted = name.startswith("PRODUCE_DRAW")
                elif phase == TRADE_BONUSES:
                    wanted = name.startswith("TRADE_")
                elif phase == SETTLE_DRAWS:
                    wanted = name == "SETTLE_DRAW_AFTER"
                else:
                    wanted = p.phase == phase
                if wanted:
                    out.append((ti, pi, p))
    return out


def _playouts(players: int, seeds: range, options: Mapping[str, object] | None = None
              ) -> list[tuple[RaceState, random.Random]]:
    return [(_new(players, seed, options), random.Random(seed)) for seed in seeds]


def _new(players: int, seed: int, options: Mapping[str, object] | None = None) -> RaceState:
    state = GAME.new_match(players, seed, options)
    assert isinstance(state, RaceState)
    return state


def _step(state: RaceState, rng: random.Random) -> None:
    state.apply({s: rng.choice(d.legal).id for s, d in state.pending().items()})


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (2, {"advanced": True})])
def test_cached_powers_and_decisions_match_a_fresh_computation(
    players: int, options: dict[str, object]
) -> None:
    checked = 0
    for state, rng in _playouts(players, range(6), options):
        while True:
            # What _pending reads: no stashed decision, or one for every seat with a step.
            stepped = {i for i, seat in enumerate(state.seats) if seat.step}
            assert not state._stash or set(state._stash) == stepped
            assert state._cache is None or not state._stash  # handed over when cached
            if not state.pending():
                break
            for i in range(players):
                for phase in range(len(_NO_POWERS)):
                    assert list(state._powers(i, phase)) == _fresh_powers(state, i, phase)
                assert state._settle_powers(i) == _SettlePowers.of(
                    tuple(_fresh_powers(state, i, 3)))
            for i, decision in state.pending().items():
                assert decision == state._decision(i)  # the stashed one is still current
                checked += 1
            _step(state, rng)
    assert checked > 500


def _outcome(apply: Callable[[Any, Mapping[int, int]], None], state: RaceState,
             choices: Mapping[int, int]) -> tuple[type[BaseException], str] | None:
    try:
        apply(state, choices)
    except EngineError as error:
        return type(error), str(error)
    return None


def test_apply_raises_what_the_framework_raises_and_changes_nothing() -> None:
    seen: set[type[BaseException]] = set()
    for state, rng in _playouts(3, range(3)):
        while pending := state.pending():
            seats = sorted(pending)
            first = seats[0]
            bad = {s: pending[s].legal[0].id for s in seats}
            bad[seats[-1]] = 10_000  # the last seat's id is wrong
            attempts: list[dict[int, int]] = [
                bad,
                {s: pending[s].legal[0].id for s in seats[1:]},  # a seat missing
                {**{s: pending[s].legal[0].id for s in seats}, 7: 0},  # a seat not asked
                {first: -1},
                {},
            ]
            for choices in attempts:
                before = state.snapshot()
                ours = _outcome(RaceState.apply, state, choices)
                assert state.snapshot() == before
                theirs = _outcome(GameState.apply, state, choices)
                assert ours is not None and ours == theirs
                seen.add(ours[0])
            _step(state, rng)
        for choices in ({0: 0}, {}):
            with pytest.raises(GameOverError):
                state.apply(choices)
    assert {IllegalActionError, NotPendingError} <= seen


def test_apply_reads_odd_ids_as_the_framework_reads_them() -> None:
    """Ids that are not plain positions (bools, floats, strings, negative or past the end)
    pick the action, or raise the error, that ``GameState.apply`` picks or raises."""
    odd: list[object] = [True, False, 1.0, 0.5, "0", -1, -2, 1 << 70, None]
    compared = 0
    for state, rng in _playouts(3, range(3)):
        while pending := state.pending():
            for seat in pending:
                for aid in odd:
                    choices: Any = {s: d.legal[0].id for s, d in pending.items()}
                    choices[seat] = aid
                    ours, theirs = state.clone(), state.clone()
                    ours_error = _outcome(RaceState.apply, ours, choices)
                    assert ours_error == _outcome(GameState.apply, theirs, choices)
                    assert ours.snapshot() == theirs.snapshot()
                    compared += ours_error is None
            _step(state, rng)
    assert compared > 100


def test_observations_with_the_kept_tableau_views_are_those_made_afresh() -> None:
    """Every seat's and a spectator's observation equals one from a clone (whose seats keep
    no views), at every step: a change to a tableau that left its kept view would show. The
    players place worlds by the methods that discard a card from the tableau when they can.
    A deep copy, which copies the kept views with the state, sees the same every tenth step."""
    spending = {SettleMethod.COLONY_SHIP, SettleMethod.CONTACT_COLONY_SHIP,
                SettleMethod.CONQUER_TACTICS}
    spent = 0

    def choose(decision: Any, rng: random.Random) -> int:
        nonlocal spent
        for action in decision.legal:
            if action.detail is not None and action.detail.method in spending:
                spent += 1
                return int(action.id)
        return int(rng.choice(decision.legal).id)

    for players, seed in itertools.product((2, 3, 4), range(3)):
        state = GAME.new_match(players, 100 + seed, {"advanced": players == 2 and seed == 1})
        assert isinstance(state, RaceState)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over():
            copied = copy.deepcopy(state) if steps % 10 == 0 else None
            for seat in (*range(players), None):
                assert state.observation(seat) == state.clone().observation(seat)
                if copied is not None:
                    assert copied.observation(seat) == state.observation(seat)
            steps += 1
            state.apply({s: choose(d, rng) for s, d in state.pending().items()})
    assert spent  # the tableau lost a card at least once


@pytest.mark.parametrize("cls", [ActionDetail, PlayerView, Observation])
def test_a_hand_written_constructor_takes_the_dataclass_fields(cls: type) -> None:
    # These write their fields in one store (they are made on every decision): the hand
    # written __init__ must take every field, in order, with the field's default.
    parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in parameters] == [f.name for f in fields]
    for parameter, field in zip(parameters, fields, strict=True):
        default = inspect.Parameter.empty if field.default is dataclasses.MISSING \
            else field.default
        assert parameter.default == default, field.name
