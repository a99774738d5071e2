"""Rules the engine works out in two places, each reached here through both on every decision
of seeded random matches, so that a rule fixed in one and not in the other fails a test
(RULES.md, item 31): the advance targets (``_opts_advance`` repeats ``_advance_targets``
inline: the call would cost 1.2% of random play's instructions), hiring (the turn menu's
bit masks and ``_hire_choices``, the long way) and the follow cost (asked in the follow
round, reported by the observation)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from engine.galaxies import GAME, ActionKind, GalaxiesState

K = ActionKind
MATCHES = 40


def decisions() -> Iterator[GalaxiesState]:
    """Every decision of seeded random matches, 2-5 players, with the expansion (its pilots
    change following and hiring) and without."""
    for seed in range(MATCHES):
        players = 2 + seed % 4
        chooser = random.Random(seed)
        state = GAME.new_match(players, seed, {"expansion": seed % 5 != 0})
        assert isinstance(state, GalaxiesState)
        while pending := state.pending():
            yield state
            state.apply({s: chooser.choice(d.legal).id for s, d in pending.items()})


def test_the_follow_cost_asked_is_the_helpers() -> None:
    # The follow round in ``apply`` finds who is asked and at what cost; the observation
    # reports the cost of the seat asked.
    seen: Counter[int] = Counter()
    for state in decisions():
        ((seat, decision),) = state.pending().items()
        if decision.kind != "follow":
            continue
        offered = [a.detail.amount for a in decision.legal if a.detail.kind is K.FOLLOW]
        cost = state.observation(seat).follow_cost
        assert offered == [cost]
        seen[cost] += 1
    assert seen[0] and seen[1] and seen[2]  # a pilot's discount, the base, Nibiru


def test_hiring_is_offered_as_the_helper_and_the_long_way_say() -> None:
    # The turn's menu asks the bit masks (``_can_hire_with``); ``_hire_choices`` counts dice.
    offered = 0
    for state in decisions():
        ((seat, decision),) = state.pending().items()
        if decision.kind != "turn":
            continue
        hire = any(a.detail.kind is K.HIRE for a in decision.legal)
        assert hire == state._can_hire(seat) == bool(state._hire_choices(seat, True))
        offered += hire
    assert offered


def test_the_ships_offered_to_advance_are_the_helpers() -> None:
    # Copy: ``_opts_advance``; helper: ``_advance_targets`` (planet abilities use it).
    checked = 0
    for state in decisions():
        ((seat, decision),) = state.pending().items()
        if decision.kind != "advance":
            continue
        _, p, track, _amount, by_die, exclude = state.stack[-1]
        ships = [a.detail.ship for a in decision.legal if a.detail.kind is K.ADVANCE]
        assert ships == state._advance_targets(p, track, by_die, exclude)
        checked += 1
    assert checked
