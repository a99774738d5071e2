"""Conversions: each pattern legal and illegal, sacrifice, movement marker, cards by layer."""

from __future__ import annotations

from engine.sol import Ring, Station, Suit

from .helpers import conversion_texts, deck_top, do, gate, position, put, sp, start, station

C, IN, OUT, R, K = Ring.CONVECTIVE, Ring.INNER, Ring.OUTER, Ring.RADIATIVE, Ring.CORE


def test_energy_node_goes_between_two_sundivers_of_a_ring() -> None:
    st = position()
    put(st, 0, sp(st, C, 3))
    put(st, 0, sp(st, C, 5))
    assert conversion_texts(st) == ["Energy node on C4 from C3+C5"]
    station(st, 1, sp(st, C, 4), Station.TOWER)  # one station per space
    assert conversion_texts(st) == []


def test_foundry_goes_on_either_of_two_adjacent_sundivers() -> None:
    st = position()
    put(st, 0, sp(st, R, 2))
    put(st, 0, sp(st, R, 3))
    assert sorted(conversion_texts(st)) == ["Foundry on R2 from R2+R3", "Foundry on R3 from R3+R2"]
    st.res_st[1] = 0  # no foundry left in the reserve
    assert conversion_texts(st) == []


def test_gate_from_a_sundiver_above_another_onto_an_inward_barrier_without_gate() -> None:
    st = position()
    put(st, 0, sp(st, IN, 3))
    put(st, 0, sp(st, OUT, 3))
    assert sorted(conversion_texts(st)) == ["Gate on I3|C3 from I3+O3", "Gate on I3|C4 from I3+O3"]
    gate(st, 1, sp(st, IN, 3), sp(st, C, 3))  # one gate per pair of spaces
    assert conversion_texts(st) == ["Gate on I3|C4 from I3+O3"]


def test_no_gate_from_outer_orbit_or_the_core() -> None:
    st = position()
    put(st, 0, sp(st, OUT, 3))
    put(st, 0, sp(st, OUT, 4))
    assert not any(t.startswith("Gate") for t in conversion_texts(st))
    st = position()
    put(st, 0, sp(st, K, 0))
    put(st, 0, sp(st, R, 0))
    assert not any(t.startswith("Gate") for t in conversion_texts(st))


def test_tower_needs_a_radial_line_ending_convective_or_deeper() -> None:
    st = position()
    for space in (sp(st, C, 3), sp(st, IN, 3), sp(st, OUT, 3)):
        put(st, 0, space)
    texts = conversion_texts(st)
    assert "Transmit tower on C3 from C3+I3+O3" in texts
    assert sorted(t for t in texts if t.startswith("Gate")) == [
        "Gate on C3|R1 from C3+I3", "Gate on C3|R2 from C3+I3",
        "Gate on I3|C3 from I3+O3", "Gate on I3|C4 from I3+O3"]
    st = position()
    put(st, 0, sp(st, IN, 3))
    put(st, 0, sp(st, OUT, 3))
    assert not any("tower" in t for t in conversion_texts(st))


def test_converting_sacrifices_to_the_reserve_raises_movement_and_draws_by_layer() -> None:
    st = position()
    for space in (sp(st, R, 2), sp(st, C, 3), sp(st, IN, 3)):
        put(st, 0, space)
    st.gate[st.board.edge(sp(st, C, 3), sp(st, R, 2))] = 1  # so no gate conversion there
    other = st.suits[1]
    deck_top(st, Suit(other), Suit(other), Suit(other))
    size = len(st.deck)
    start(st)
    assert st.movement(0) == 3
    do(st, "Convert")
    do(st, "Transmit tower on R2 from R2+C3+I3")
    assert st.st_type[sp(st, R, 2)] == Station.TOWER and st.st_owner[sp(st, R, 2)] == 0
    assert st.reserve[0] == 5 + 3 and st.on_board(0) == 0 and st.res_st[2] == 2
    assert st.movement(0) == 4
    assert size - len(st.deck) == 2  # the radiative layer: 2 cards
    assert st.current == 1  # kept the only suit drawn and orbited


def test_a_gate_draws_by_its_deeper_side() -> None:
    st = position()
    put(st, 0, sp(st, C, 3))
    put(st, 0, sp(st, IN, 3))
    st.gate[st.board.edge(sp(st, IN, 3), sp(st, C, 3))] = 1
    st.gate[st.board.edge(sp(st, IN, 3), sp(st, C, 4))] = 1
    st.gate[st.board.edge(sp(st, C, 3), sp(st, R, 1))] = 1
    other = st.suits[1]
    deck_top(st, Suit(other), Suit(other))
    size = len(st.deck)
    start(st)
    do(st, "Convert")  # the only conversion: a gate C3|R2, applied as no choice
    assert st.gate[st.board.edge(sp(st, C, 3), sp(st, R, 2))] == 0
    assert size - len(st.deck) == 2 and st.movement(0) == 3  # a gate is no station


def test_one_conversion_per_turn() -> None:
    st = position()
    for space in (sp(st, C, 3), sp(st, C, 5), sp(st, OUT, 7), sp(st, OUT, 8)):
        put(st, 0, space)
    start(st)
    do(st, "Convert")
    do(st, "Energy node on C4 from C3+C5")
    # The turn went on to the card kept and the orbit: seat 1 acts now.
    assert st.current == 1 or st.pending()[0].kind == "keep"
