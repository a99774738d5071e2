"""Moving: launch spaces, stacking, barriers and gates, tolls, hurling, movement points."""

from __future__ import annotations

import random

from engine.sol import GAME, Ring, Station, Suit

from .helpers import (
    deck_top,
    do,
    do_first,
    gate,
    move_texts,
    position,
    put,
    sp,
    start,
    station,
    texts,
)

C, IN, OUT, R, K = Ring.CONVECTIVE, Ring.INNER, Ring.OUTER, Ring.RADIATIVE, Ring.CORE


def test_launch_into_the_four_spaces_by_the_mothership() -> None:
    st = position()
    st.eye[0] = 5
    start(st)
    assert sorted(texts(st)) == ["Launch into I4", "Launch into I5", "Launch into O4",
                                 "Launch into O5"]


def test_at_most_five_own_sundivers_in_a_space() -> None:
    st = position()
    st.eye[0] = 5
    put(st, 0, sp(st, OUT, 5), 5)
    put(st, 1, sp(st, OUT, 4), 5)  # another player's sundivers do not count
    moves = move_texts(st)
    assert "Launch into O5" not in moves and "Launch into O4" in moves
    assert "Fly O5 -> O4" in moves and "Fly I5 -> O5" not in moves


def test_barriers_need_a_gate_of_anybody() -> None:
    st = position()
    put(st, 0, sp(st, IN, 3))
    assert not any(m.startswith("Fly I3 -> C") for m in move_texts(st))
    gate(st, 1, sp(st, IN, 3), sp(st, C, 4))
    assert [m for m in move_texts(st) if m.startswith("Fly I3 -> C")] == ["Fly I3 -> C4"]
    put(st, 0, sp(st, OUT, 9))
    assert "Fly O9 -> I9" in move_texts(st)  # no barrier between the orbits


def test_gate_tolls_once_per_owner_per_turn_never_for_own_gates() -> None:
    st = position(players=3)
    put(st, 0, sp(st, IN, 3))
    gate(st, 1, sp(st, IN, 3), sp(st, C, 4))
    gate(st, 1, sp(st, C, 4), sp(st, R, 2))
    gate(st, 0, sp(st, R, 2), sp(st, K, 1))
    st.hold[0] = 0  # nothing to launch: every point goes to flying
    start(st)
    do(st, "Fly I3 -> C4")
    do(st, "Fly C4 -> R2")
    do(st, "Fly R2 -> K1")
    assert st.energy == [3, 4, 3]
    st = position(players=3)
    put(st, 0, sp(st, IN, 3))
    gate(st, 1, sp(st, IN, 3), sp(st, C, 4))
    gate(st, 2, sp(st, C, 4), sp(st, R, 2))
    st.hold[0] = 0
    start(st)
    do(st, "Fly I3 -> C4")
    do(st, "Fly C4 -> R2")
    assert st.energy == [3, 4, 4]  # each owner once


def test_hurling_vaporises_gives_two_momentum_and_a_card_plus_one_for_a_flare() -> None:
    st = position()
    put(st, 0, sp(st, K, 0), 2)
    st.hold[0] = 0
    deck_top(st, Suit.FLARE, Suit(st.suits[1]))
    start(st)
    do(st, "Hurl from K0")
    assert st.momentum[0] == 3 and st.vapor[0] == 1 and st.flares == 1
    do(st, "Hurl from K0")
    assert st.momentum[0] == 5 and st.vapor[0] == 2 and st.flares == 1


def test_movement_is_three_plus_one_per_layer_with_a_station() -> None:
    st = position()
    assert st.movement(0) == 3
    station(st, 0, sp(st, OUT, 1), Station.NODE)
    station(st, 0, sp(st, OUT, 4), Station.NODE)
    station(st, 0, sp(st, C, 4), Station.TOWER)
    station(st, 1, sp(st, R, 4), Station.TOWER)
    assert st.movement(0) == 5 and st.movement(1) == 4
    st.hold[0] = 8
    start(st)
    for _ in range(5):
        do_first(st, "Launch into")
    assert st.current == 1 and st.on_board(0) == 5


def test_stopping_is_allowed_after_the_first_step_only() -> None:
    st = position()
    start(st)
    assert "Stop moving" not in texts(st)
    do_first(st, "Launch into")
    assert "Stop moving" in texts(st)


def test_a_move_decision_of_more_than_128_steps_still_offers_stop_moving() -> None:
    # Five players with every effect, seed 1: a move decision once offered more steps than
    # the 128 prebuilt "Stop moving" actions (an IndexError before the fix).
    state = GAME.new_match(5, 1, {"effects": "all"})
    rng = random.Random(1)
    longest = 0
    while pending := state.pending():
        for decision in pending.values():
            if decision.kind == "move":
                longest = max(longest, len(decision.legal))
                assert decision.legal[-1].id == len(decision.legal) - 1
        state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    assert longest > 128
