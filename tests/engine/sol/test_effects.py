"""The instability effects, each on a hand-built position, played from the held card."""

from __future__ import annotations

from engine.sol import Effect, Ring, SolState, Station, Suit

from .helpers import deck_top, do, gate, position, put, sp, start, station, texts

C, IN, OUT, R, K = Ring.CONVECTIVE, Ring.INNER, Ring.OUTER, Ring.RADIATIVE, Ring.CORE


def holding(effect: Effect, players: int = 2) -> SolState:
    """A blank position where seat 0 holds a card of a suit carrying ``effect``."""
    st = position(players=players)
    suit = st.suits[1]
    st.effect_of[suit] = int(effect)
    st.held[0] = suit
    other = st.suits[2]
    deck_top(st, *([Suit(other)] * 8))  # no flare for a while
    return st


def test_a_held_card_is_offered_with_its_timing_and_discarded_when_played() -> None:
    st = holding(Effect.CEREMONY)
    start(st)
    assert texts(st) == ["Move", "Move, playing CEREMONY"]
    suit = st.held[0]
    do(st, "Move, playing CEREMONY")
    assert st.held[0] == -1 and st.discards == [suit]


def test_cascade_one_extra_conversion_whose_sundivers_are_recalled() -> None:
    st = holding(Effect.CASCADE)
    for space in (sp(st, C, 3), sp(st, C, 5), sp(st, OUT, 7), sp(st, OUT, 8)):
        put(st, 0, space)
    start(st)
    do(st, "Convert, playing CASCADE")
    do(st, "Energy node on C4 from C3+C5")
    assert st.reserve[0] == 5 + 2 and st.hold[0] == 4
    assert "No extra conversion" in texts(st)
    do(st, "Foundry on O7 from O7+O8")
    assert st.reserve[0] == 7 and st.hold[0] == 6  # recalled, not sacrificed
    assert st.st_type[sp(st, OUT, 7)] == Station.FOUNDRY


def test_catapult_each_sundiver_crosses_one_gate_for_free() -> None:
    st = holding(Effect.CATAPULT)
    st.hold[0] = 0
    put(st, 0, sp(st, IN, 3))
    st.hold[0] = 0
    gate(st, 1, sp(st, IN, 3), sp(st, C, 4))
    gate(st, 1, sp(st, C, 4), sp(st, R, 2))
    start(st)
    do(st, "Move, playing CATAPULT")
    do(st, "Fly I3 -> C4")
    assert st.moves_left == 3  # the free crossing
    do(st, "Fly C4 -> R2")
    assert st.moves_left == 2  # that sundiver's free crossing is spent
    assert st.energy[1] == 4  # the toll is still paid once


def test_ceremony_one_energy_per_sundiver_launched_into_outer_orbit() -> None:
    st = holding(Effect.CEREMONY)
    st.eye[0] = 5
    start(st)
    do(st, "Move, playing CEREMONY")
    do(st, "Launch into O5")
    do(st, "Launch into I5")
    do(st, "Launch into O4")
    assert st.energy[0] == 3 + 2


def test_juggernaut_flies_a_station_and_may_hurl_it() -> None:
    st = holding(Effect.JUGGERNAUT)
    st.hold[0] = 0
    put(st, 0, sp(st, OUT, 9))
    st.hold[0] = 0
    station(st, 0, sp(st, R, 0), Station.NODE)
    gate(st, 1, sp(st, R, 0), sp(st, K, 0))
    start(st)
    do(st, "Move, playing JUGGERNAUT")
    assert "Fly station R0 -> K0" in texts(st)
    do(st, "Fly station R0 -> K0")
    assert st.st_type[sp(st, K, 0)] == Station.NODE and st.st_type[sp(st, R, 0)] == -1
    assert st.energy[1] == 4  # the gate's toll
    do(st, "Hurl station from K0")
    assert st.momentum[0] == 2 and st.st_type[sp(st, K, 0)] == -1 and st.res_st[0] == 3


def test_motivate_activates_the_new_station_without_drawing_for_it() -> None:
    st = holding(Effect.MOTIVATE)
    put(st, 0, sp(st, R, 3))
    put(st, 0, sp(st, R, 5))
    size = len(st.deck)
    start(st)
    do(st, "Convert, playing MOTIVATE")  # the only conversion follows as no choice
    assert texts(st) == ["Motivate R4", "Do not activate it"]
    do(st, "Motivate R4")
    do(st, "Take the bonus of 2")
    assert st.energy[0] == 3 + 3 + 2
    assert size - len(st.deck) == 2  # the conversion's 2 radiative cards only


def test_procreate_adds_a_sundiver_where_there_are_two_or_more() -> None:
    st = holding(Effect.PROCREATE)
    put(st, 0, sp(st, IN, 1), 2)
    put(st, 0, sp(st, IN, 6), 5)
    put(st, 0, sp(st, OUT, 2), 1)
    put(st, 0, sp(st, OUT, 3), 3)
    start(st)
    do(st, "Play PROCREATE now")
    assert st.sundivers(sp(st, IN, 1), 0) == 3 and st.sundivers(sp(st, OUT, 3), 0) == 4
    assert st.sundivers(sp(st, IN, 6), 0) == 5 and st.sundivers(sp(st, OUT, 2), 0) == 1
    assert st.reserve[0] == 3 and st.held[0] == -1
    assert "Play PROCREATE now" not in texts(st)  # then the turn's action


def test_puncture_sacrifices_a_sundiver_into_a_barrier_for_a_gate() -> None:
    st = holding(Effect.PUNCTURE)
    put(st, 0, sp(st, IN, 3))
    st.hold[0] = 0
    start(st)
    do(st, "Move, playing PUNCTURE")
    do(st, "Puncture I3 -> C3")
    assert st.gate[st.board.edge(sp(st, IN, 3), sp(st, C, 3))] == 0
    assert st.reserve[0] == 6 and st.res_gates[0] == 4 and st.on_board(0) == 0
