"""Setup: motherships, holds and reserves, the deck and its effects, vestigial structures."""

from __future__ import annotations

import pytest

from engine import OptionError
from engine.sol import EFFECT_INFO, GAME, Colour, Effect, Ring, Suit, effect_pool

from .helpers import decision, do_first, texts

GAPS = {2: [6, 7], 3: [4, 4, 5], 4: [3, 3, 3, 4], 5: [3, 3, 3, 3, 4]}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_motherships_equidistant_with_the_larger_gap_in_front_of_the_first(players: int) -> None:
    for seed in range(5):
        st = GAME.new_match(players, seed, {"vestigial": False})
        orbit = st.board.orbit
        assert orbit == (16 if players == 5 else 13)
        eyes = st.eye
        # Motherships orbit toward lower eyes: the gap in front of seat i reaches seat i-1.
        behind = [(eyes[i] - eyes[i - 1]) % orbit for i in range(1, players)]
        front_of_first = (eyes[0] - eyes[-1]) % orbit
        assert sorted([*behind, front_of_first]) == GAPS[players]
        assert front_of_first == max(GAPS[players])


@pytest.mark.parametrize("players, vestigial", [(2, True), (2, False), (5, True), (5, False)])
def test_holds_reserves_and_the_deck(players: int, vestigial: bool) -> None:
    st = GAME.new_match(players, 3, {"vestigial": vestigial})
    assert st.energy[1] == 3 and st.momentum == [0] * players
    suits = players + (0 if vestigial else 1)
    assert len(st.suits) == 1 + suits and int(Suit.FLARE) in st.suits
    if not vestigial:  # nothing drawn yet
        assert st.hold == [8] * players and st.reserve == [5] * players
        assert sorted(st.deck) == sorted(s for s in st.suits for _ in range(13))
    effects = list(st.effect_of.values())
    assert len(set(effects)) == len(effects) == len(st.suits)  # one per suit, flares' too
    assert all(EFFECT_INFO[Effect(e)].colour is Colour.BLUE for e in effects)  # the default
    assert st.flares == 0 and st.observation(None).instability == 13


def test_effects_option_errors_name_what_is_accepted() -> None:
    with pytest.raises(OptionError, match="unknown token 'purple'"):
        GAME.new_match(2, 1, {"effects": "purple"})
    with pytest.raises(OptionError, match="allows 1 effects, but the deck has 3 suits"):
        GAME.new_match(2, 1, {"effects": "cascade"})
    with pytest.raises(OptionError, match="unknown token 'blite'"):
        GAME.new_match(2, 1, {"effects": "cascade,fuel,blite"})
    assert len(effect_pool("all")) == 30 and len(effect_pool("red")) == 3
    assert Effect.BLIGHT in effect_pool("yellow") and len(effect_pool("yellow")) == 12
    assert len(effect_pool("green")) == 8 and len(effect_pool("blue")) == 7
    blighted = GAME.new_match(2, 1, {"effects": "cascade,fuel,blight"})
    assert Effect.BLIGHT in blighted.effect_of.values()


def test_effects_by_name_are_all_used() -> None:
    st = GAME.new_match(2, 1, {"effects": "cascade,catapult,procreate"})
    assert sorted(st.effect_of.values()) == sorted(
        [Effect.CASCADE, Effect.CATAPULT, Effect.PROCREATE])


def test_vestigial_structures_one_gate_and_one_station_each_then_movement_4() -> None:
    st = GAME.new_match(3, 4, {"vestigial": True})
    board = st.board
    assert decision(st).kind == "vestigial" and decision(st).seat == 0
    assert texts(st) == ["A gate", "An energy node", "A foundry", "A transmit tower"]
    do_first(st, "A gate")
    gate_places = texts(st)
    assert len(gate_places) == 26  # the inner orbit | convective barrier only
    do_first(st, "Place a vestigial gate")
    assert decision(st).seat == 1
    do_first(st, "A transmit tower")
    places = texts(st)
    assert len(places) == 39  # outer, inner and convective spaces
    do_first(st, "Place a vestigial transmit tower")
    do_first(st, "An energy node")  # seat 2
    do_first(st, "Place")
    # Second round: seat 0 placed a gate, so a station now; seats 1, 2 a gate.
    assert decision(st).seat == 0 and "A gate" not in texts(st)
    do_first(st, "A foundry")
    do_first(st, "Place")
    for seat in (1, 2):
        assert decision(st).seat == seat
        do_first(st, "Place a vestigial gate")
    assert decision(st).kind == "action" or st.stage.name == "MOVE"
    assert all(st.movement(q) == 4 for q in range(3))
    assert st.res_gates == [4, 4, 4] and sum(st.res_st) == 27 - 3
    for s in range(board.size):
        if st.st_type[s] >= 0:
            assert board.ring_of[s] in (Ring.OUTER, Ring.INNER, Ring.CONVECTIVE)
    for e, owner in enumerate(st.gate):
        if owner >= 0:
            assert board.ring_of[board.barriers[e][0]] is Ring.INNER
