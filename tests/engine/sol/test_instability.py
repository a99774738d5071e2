"""Instability: flares resolve in the rulebook's order, the 13th ends the game, keeping."""

from __future__ import annotations

from engine import Termination
from engine.sol import Ring, Station, Suit

from .helpers import deck_top, do, position, put, seat, sp, start, station, texts

C, IN, OUT, R, K = Ring.CONVECTIVE, Ring.INNER, Ring.OUTER, Ring.RADIATIVE, Ring.CORE


def _hurl_position(players: int = 3):
    st = position(players=players)
    put(st, 0, sp(st, K, 0))
    st.hold[0] = 0
    return st


def test_a_flare_spirals_down_halves_13_or_more_then_orbital_activation() -> None:
    st = _hurl_position()
    st.energy = [13, 12, 15]
    station(st, 1, sp(st, OUT, 2), Station.NODE)
    station(st, 0, sp(st, OUT, 6), Station.TOWER)
    deck_top(st, Suit.FLARE)
    start(st)
    do(st, "Hurl from K0")
    assert st.flares == 1
    assert st.energy == [7, 12, 8]  # halved, loss rounded down; 12 is kept
    # Orbital activation in turn order from the current player: its own tower first.
    assert seat(st) == 0 and texts(st) == ["Orbital activation of O6",
                                           "Skip the orbital activation"]
    do(st, "Orbital activation of O6")
    assert st.momentum[0] == 2 + 1 + 1 and st.energy[0] == 6
    assert seat(st) == 1
    do(st, "Orbital activation of O2")
    assert st.energy[1] == 13  # the node's 1 energy, after the halving


def test_inner_orbit_stations_get_no_orbital_activation() -> None:
    st = _hurl_position(players=2)
    station(st, 1, sp(st, IN, 2), Station.NODE)
    deck_top(st, Suit.FLARE)
    start(st)
    do(st, "Hurl from K0")
    assert st.energy[1] == 3 and st.current == 1  # no decision for seat 1: the turn ended


def test_the_13th_flare_activates_outer_towers_then_ends_the_game() -> None:
    st = _hurl_position()
    st.flares = 12
    station(st, 1, sp(st, OUT, 3), Station.TOWER)
    station(st, 2, sp(st, OUT, 4), Station.NODE)
    st.energy = [3, 2, 3]
    st.momentum = [0, 1, 2]
    deck_top(st, Suit.FLARE)
    start(st)
    do(st, "Hurl from K0")
    assert st.is_over()
    assert st.momentum == [3, 2, 2] and st.energy == [3, 1, 3]
    result = st.result()
    assert result.termination is Termination.NORMAL
    assert result.ranks == (0, 1, 1)  # equal momentum ties (RULES.md)


def test_keep_one_card_old_or_new() -> None:
    st = _hurl_position(players=2)
    a, b = Suit(st.suits[1]), Suit(st.suits[2])
    st.held[0] = int(a)
    deck_top(st, b)
    start(st)
    if "Move" in texts(st):  # the held card's effect may be playable with the move
        do(st, "Move")
    do(st, "Hurl from K0")
    assert sorted(texts(st)) == sorted([f"Keep {a.name.lower()}", f"Keep {b.name.lower()}"])
    do(st, f"Keep {b.name.lower()}")
    assert st.held[0] == int(b) and int(a) in st.discards
    assert st.current == 1


def test_a_kept_flare_is_an_ordinary_card() -> None:
    st = _hurl_position(players=2)
    deck_top(st, Suit.FLARE)
    start(st)
    do(st, "Hurl from K0")
    assert st.held[0] == int(Suit.FLARE)  # the only card: kept without a question


def test_the_stall_rule() -> None:
    st = position()
    st.hold[0] = 0
    station(st, 0, sp(st, C, 4), Station.NODE)
    station(st, 0, sp(st, OUT, 4), Station.TOWER)
    st.gate[0] = 0
    st.res_gates[0] -= 1
    start(st)
    assert sorted(texts(st)) == sorted(["Deconstruct the station on C4",
                                        "Deconstruct the station on O4",
                                        f"Deconstruct the gate on {_gate_name(st, 0)}"])
    assert st.movement(0) == 5
    do(st, "Deconstruct the station on C4")
    assert st.hold[0] == 2 and st.reserve[0] == 3 and st.res_st[0] == 3
    assert st.movement(0) == 4  # the layer lost its only station


def _gate_name(st, e: int) -> str:
    a, b = st.board.barriers[e]
    return f"{st.name(a)}|{st.name(b)}"
