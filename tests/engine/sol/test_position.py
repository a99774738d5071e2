"""The public position builder: a readable description becomes a state at the start of a turn,
what it leaves out follows from conservation, and a description that breaks a limit is refused
with an error naming it."""

from __future__ import annotations

import random

import pytest

from engine import OptionError
from engine.sol import Effect, Position, Seat, Station, Suit, build_position

from .helpers import do, texts

N, F, T = Station.NODE, Station.FOUNDRY, Station.TOWER
EFFECTS = {Suit.FLARE: Effect.CASCADE, Suit.REFRACTION: Effect.TRIBUTE,
           Suit.CONDENSATION: Effect.CEREMONY, Suit.SUBDUCTION: Effect.FUEL}


def described() -> Position:
    return Position(
        players=3,
        seats=(Seat(energy=5, hold=2, vaporised=1, held=Suit.REFRACTION, eye=4),
               Seat(energy=0, momentum=7),
               Seat(hold=0)),
        sundivers={"K0": {0: 2}, "C4": {0: 1, 1: 3}, "O2": {2: 5}},
        stations={"C4": (N, 1), "O9": (T, 2), "R3": (F, 0)},
        gates={("I3", "C4"): 0, ("C4", "R2"): 2},
        effects=EFFECTS,
        deck=(Suit.CONDENSATION, Suit.FLARE, Suit.SUBDUCTION),
        current=0,
        turn=40,
    )


def test_the_described_position_is_what_every_seat_observes() -> None:
    st = build_position(described())
    seen = st.observation(1)
    counts = {st.board.name(v.space): v.sundivers for v in seen.spaces if any(v.sundivers)}
    assert counts == {"K0": (2, 0, 0), "C4": (1, 3, 0), "O2": (0, 0, 5)}
    stations = {st.board.name(v.space): (v.station, v.station_owner) for v in seen.spaces
                if v.station is not None}
    assert stations == {"C4": (N, 1), "O9": (T, 2), "R3": (F, 0)}
    assert len(seen.gates) == 2
    me, other, third = seen.players
    assert (me.energy, me.hold_sundivers, me.vaporised_sundivers, me.eye) == (5, 2, 1, 4)
    assert me.reserve_sundivers == 13 - 2 - 1 - 3  # conservation: the rest is in the reserve
    assert (me.reserve_gates, me.reserve_foundries, me.reserve_nodes) == (4, 2, 3)
    assert me.held_suit is Suit.REFRACTION
    assert (other.energy, other.momentum, other.reserve_sundivers) == (0, 7, 13 - 8 - 3)
    assert third.reserve_sundivers == 13 - 5
    assert seen.turn == 40 and seen.current_seat == 0
    # Flares: 13 cards, one in the deck, so 12 were drawn.
    assert seen.flares_drawn == 12 and seen.deck_size == 3


def test_cards_are_conserved_and_the_deck_is_drawn_top_first() -> None:
    st = build_position(described())
    for suit in EFFECTS:
        total = st.deck.count(suit) + st.discards.count(suit) + st.held.count(suit)
        assert total == 13, suit
    assert "Move" in texts(st)
    do(st, "Move")
    do(st, "Hurl from K0")
    assert st.drawn == [int(Suit.CONDENSATION)]  # the deck's first card


def test_without_a_deck_every_card_not_held_or_drawn_is_shuffled_in() -> None:
    st = build_position(Position(players=2, effects=EFFECTS, flares=4,
                                 seats=(Seat(held=Suit.FLARE), Seat())))
    assert st.deck.count(int(Suit.FLARE)) == 13 - 4 and st.flares == 4
    assert st.discards.count(int(Suit.FLARE)) == 3  # the fourth drawn flare is held
    assert len(st.deck) == 4 * 13 - 4


def test_without_effects_the_seed_deals_them_as_a_new_match_does() -> None:
    st = build_position(Position(players=4, seed=11))
    assert len(st.suits) == 4 + 2 and int(Suit.FLARE) in st.suits  # no vestigial: one more
    assert sorted(st.effect_of) == st.suits and len(st.deck) == 6 * 13


def test_a_built_position_plays_on_to_its_end() -> None:
    st = build_position(described())
    chooser = random.Random(3)
    while pending := st.pending():
        st.apply({s: chooser.choice(d.legal).id for s, d in pending.items()})
    assert st.result().termination is not None


@pytest.mark.parametrize(("change", "message"), [
    ({"players": 6}, "players must be 2-5"),
    ({"seats": (Seat(),)}, "seats describes 1 players"),
    ({"sundivers": {"X1": {0: 1}}}, "no space 'X1'"),
    ({"sundivers": {"C1": {0: 6}}}, "a space holds 0-5"),
    ({"sundivers": {"C1": {3: 1}}}, "no seat 3"),
    ({"sundivers": {"O1": {1: 5}, "O2": {1: 4}}}, "exceed its 13 sundivers"),
    ({"stations": {"O1": (N, 0), "O2": (N, 0), "O3": (N, 0), "O4": (N, 0)}},
     "more than 3 nodes"),
    ({"gates": {("O1", "I1"): 0}}, "not on either side of a barrier"),
    ({"gates": {("I1", "C1"): 0, ("C1", "I1"): 1}}, "two gates between"),
    ({"seats": (Seat(held=Suit.EXPANSION), Seat())}, "not a suit of the deck"),
    ({"effects": {Suit.REFRACTION: Effect.FUEL}}, "must include the flares"),
    ({"deck": (Suit.REFRACTION,) * 14}, "more than 13 refraction"),
    ({"deck": (Suit.REFRACTION,)}, "no flare left"),
    ({"deck": (Suit.FLARE,), "flares": 3}, "the deck leaves 1 of 13: 12"),
    ({"flares": 13}, "flares: 13 drawn"),
    ({"current": 2}, "current must be a seat 0-1"),
    ({"seats": (Seat(eye=13), Seat())}, "eye must be 0-12"),
])
def test_a_description_that_breaks_a_limit_is_refused(change: dict[str, object],
                                                      message: str) -> None:
    base = {"players": 2, "effects": EFFECTS}
    with pytest.raises(OptionError, match=message):
        build_position(Position(**{**base, **change}))  # type: ignore[arg-type]
