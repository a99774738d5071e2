"""Activation: own and foreign stations, the bonus and its decline, all or nothing."""

from __future__ import annotations

from engine.sol import Ring, Station, Suit

from .helpers import deck_top, do, position, put, seat, sp, start, station, texts

C, IN, OUT, R, K = Ring.CONVECTIVE, Ring.INNER, Ring.OUTER, Ring.RADIATIVE, Ring.CORE


def _calm(st, cards: int = 6) -> None:
    deck_top(st, *([Suit(st.suits[1])] * cards))


def test_foreign_node_base_to_the_activator_bonus_to_the_owner() -> None:
    st = position()
    node = sp(st, C, 4)
    station(st, 1, node, Station.NODE)
    put(st, 0, node)
    _calm(st)
    start(st)
    do(st, "Activate energy nodes")
    assert seat(st) == 1 and texts(st) == ["Take the bonus of 1 at C4", "Decline the bonus at C4"]
    do(st, "Take the bonus")
    assert st.energy == [3 + 2, 3 + 1]
    assert st.hold[0] == 8 and st.sundivers(node, 0) == 0  # recalled to the hold


def test_a_declined_bonus_goes_to_the_activator() -> None:
    st = position()
    node = sp(st, R, 3)
    station(st, 1, node, Station.NODE)
    put(st, 0, node)
    _calm(st)
    start(st)
    do(st, "Activate energy nodes")
    do(st, "Decline")
    assert seat(st) == 0
    do(st, "Take the bonus of 2 at R3")
    assert st.energy == [3 + 3 + 2, 3]


def test_own_station_base_and_optional_bonus() -> None:
    st = position()
    tower = sp(st, R, 1)
    station(st, 0, tower, Station.TOWER)
    put(st, 0, tower)
    st.energy[0] = 10
    _calm(st)
    start(st)
    do(st, "Activate transmit towers")
    assert seat(st) == 0
    do(st, "Take the bonus of 2")
    assert st.momentum[0] == 5 and st.energy[0] == 5


def test_the_rulebook_foundry_example_all_or_nothing() -> None:
    # Black (0) on green's (1) radiative foundry: black pays 3 for 3 sundivers; green has only
    # 1 energy and cannot take the bonus of 2, so black claims it and builds 2 more.
    st = position()
    foundry = sp(st, R, 5)
    station(st, 1, foundry, Station.FOUNDRY)
    put(st, 0, foundry)
    st.energy = [5, 1]
    _calm(st)
    start(st)
    do(st, "Activate foundries")
    assert seat(st) == 0
    do(st, "Take the bonus of 2")
    assert st.energy == [0, 1]
    assert st.hold[0] == 7 + 1 + 5 and st.reserve[0] == 0


def test_a_station_that_cannot_be_paid_in_full_cannot_be_activated() -> None:
    st = position()
    tower = sp(st, K, 2)
    station(st, 1, tower, Station.TOWER)
    put(st, 0, tower)
    st.energy[0] = 4  # the core's base is 5
    put(st, 0, sp(st, OUT, 0))  # so that Move is possible too and the action is a choice
    start(st)
    assert "Activate transmit towers" not in texts(st)
    st.energy[0] = 5
    start(st)
    assert "Activate transmit towers" in texts(st)


def test_one_type_per_turn_each_station_once_cards_per_station() -> None:
    st = position()
    a, b, t = sp(st, C, 1), sp(st, R, 6), sp(st, C, 8)
    station(st, 0, a, Station.NODE)
    station(st, 1, b, Station.NODE)
    station(st, 0, t, Station.TOWER)
    put(st, 0, a, 2)
    put(st, 0, b)
    put(st, 0, t)
    _calm(st)
    size = len(st.deck)
    start(st)
    do(st, "Activate energy nodes")
    assert sorted(texts(st)) == ["Activate C1", "Activate R6"]  # no tower: one station type a turn
    do(st, "Activate C1")
    do(st, "Take the bonus")
    # C1 only once, though 2 sundivers are there.
    assert sorted(texts(st)) == ["Activate R6", "Done activating"]
    do(st, "Activate R6")
    do(st, "Take the bonus")  # owner 1 takes its bonus
    assert st.energy[0] == 3 + 3 + 3 and st.energy[1] == 3 + 2
    assert size - len(st.deck) == 1 + 2  # convective 1, radiative 2, drawn at the end
    assert st.sundivers(a, 0) == 1 and st.sundivers(t, 0) == 1
