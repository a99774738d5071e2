"""The public position builder: a readable description becomes a state at the start of a turn,
what it leaves out is dealt from what is left, and a description that breaks a limit or names
a card twice is refused with an error naming it."""

from __future__ import annotations

import random

import pytest

from engine import OptionError
from engine.galaxies import (
    CONTENT,
    MISSIONS,
    PLANET_BY_NAME,
    PLANETS,
    DieFace,
    Position,
    Seat,
    Ship,
    ShipLocation,
    ShipType,
    build_position,
)

EX = ShipType.EXPLORER
PILOTS = [p.name for p in CONTENT.pilots]
CARDS = [c.name for c in CONTENT.cards]


def described() -> Position:
    return Position(
        players=3,
        seats=(Seat(energy=4, level=3, colonies=("Helios",), mission=MISSIONS[0].name,
                    ships=(Ship("Jakks", 1, EX), Ship("Leandra"), Ship(), Ship("locked")),
                    pilots={EX: (PILOTS[0],)}, cards=(CARDS[0],)),
               Seat(culture=3, mission=MISSIONS[1].name),
               Seat(ships=(Ship("exploring"), Ship(), Ship("locked"), Ship("locked")))),
        row=("Jakks", "Leandra", "Tifnod", "Hoefker", "Maia"),
        deck=("Gort", "Zalax"),
        pilot_row=(PILOTS[1], PILOTS[2]),
        exploration_discard=(CARDS[1],),
        exploration_deck=(CARDS[2], CARDS[3]),
        dice=(DieFace.MOVE, DieFace.MOVE, DieFace.ENERGY, DieFace.UTILIZE),
        current=1,
        turn=7,
    )


def test_the_described_position_is_what_every_seat_observes() -> None:
    st = build_position(described())
    seen = st.observation(1)
    assert (seen.turn, seen.current_seat, seen.acting_seat) == (7, 1, 1)
    assert seen.dice == (DieFace.MOVE, DieFace.MOVE, DieFace.ENERGY, DieFace.UTILIZE)
    assert [PLANETS[p].name for p in seen.planet_row] == ["Jakks", "Leandra", "Tifnod",
                                                          "Hoefker", "Maia"]
    assert seen.planet_deck_size == 40 - 5 - 1 and seen.your_mission == 1
    first = seen.players[0]
    assert (first.energy, first.culture, first.empire_level) == (4, 1, 3)
    assert [PLANETS[c].name for c in first.colonies] == ["Helios"]
    ships = [(s.location, s.planet, s.position, s.ship_type, s.pilot) for s in first.ships]
    assert ships == [(ShipLocation.ORBIT, PLANET_BY_NAME["Jakks"], 1, EX, 0),
                     (ShipLocation.SURFACE, PLANET_BY_NAME["Leandra"], None,
                      ShipType.REGULAR, None),
                     (ShipLocation.GALAXY, None, None, ShipType.REGULAR, None),
                     (ShipLocation.LOCKED, None, None, ShipType.REGULAR, None)]
    assert first.exploration_cards == (0,)
    assert seen.players[2].ships[0].location is ShipLocation.EXPLORING
    assert seen.pilot_row == (1, 2) and seen.exploration_discard == (1,)
    assert seen.exploration_deck_size == len(CARDS) - 2


def test_decks_are_drawn_top_first_and_every_card_is_somewhere_once() -> None:
    st = build_position(described())
    assert st.deck[-1] == PLANET_BY_NAME["Gort"] and st.ex_deck[-1] == 2
    assert st.deck[-2] == PLANET_BY_NAME["Zalax"]
    planets = st.row + st.deck + [c for cs in st.colonies for c in cs]
    assert sorted(planets) == list(range(len(PLANETS)))
    cards = st.ex_deck + st.ex_discard + [c for cs in st.cards for c in cs]
    assert sorted(cards) == list(range(len(CARDS)))
    pilots = st.pilot_row + st.pilot_deck + [x for h in st.hangar for s in h for x in s]
    assert sorted(pilots) == list(range(len(CONTENT.pilots)))


def test_without_decks_the_seed_deals_what_is_left() -> None:
    st = build_position(Position(players=2, seed=5, seats=(Seat(colonies=("Jakks",)), Seat())))
    assert len(st.row) == 4 and PLANET_BY_NAME["Jakks"] not in st.row + st.deck
    assert len(st.row) + len(st.deck) == 40 - 1
    assert len(st.ex_deck) == len(CONTENT.cards)
    assert st.mission[0] in st.offers[0] and st.mission[0] != st.mission[1]


def test_a_built_position_plays_on_to_its_end() -> None:
    st = build_position(described())
    chooser = random.Random(2)
    while pending := st.pending():
        st.apply({s: chooser.choice(d.legal).id for s, d in pending.items()})
    assert st.result().termination is not None


@pytest.mark.parametrize(("change", "message"), [
    ({"players": 1}, "players must be 2-5"),
    ({"seats": (Seat(),)}, "seats describes 1 players"),
    ({"row": ("Jakks", "Mira")}, "the row: no 'Mira'"),
    ({"row": ("Jakks", "Jakks")}, "Jakks is already in the row"),
    ({"seats": (Seat(colonies=("Jakks",)), Seat()), "row": ("Jakks",)},
     "Jakks is already in seat 0's colonies"),
    ({"row": ("Jakks",), "deck": ("Jakks",)}, "Jakks is already in the row"),
    ({"seats": (Seat(energy=8), Seat())}, "energy and culture are 0-7"),
    ({"seats": (Seat(level=7), Seat())}, "the empire level is 1-6"),
    ({"seats": (Seat(ships=(Ship(), Ship(), Ship(), Ship("locked"))), Seat())},
     "at level 1 ships 1-2 are in play"),
    ({"seats": (Seat(ships=(Ship("Gort"), Ship(), Ship("locked"), Ship("locked"))), Seat()),
      "row": ("Jakks", "Leandra", "Tifnod", "Hoefker")}, "Gort is not in the planet row"),
    ({"seats": (Seat(ships=(Ship("Jakks", 9), Ship(), Ship("locked"), Ship("locked"))),
                Seat()), "row": ("Jakks", "Leandra", "Tifnod", "Hoefker")},
     "an orbit position on Jakks"),
    ({"seats": (Seat(ships=(Ship(type=EX), Ship(), Ship("locked"), Ship("locked"))),
                Seat())}, "no pilot hired for it"),
    ({"seats": (Seat(pilots={EX: (PILOTS[0], PILOTS[0])}), Seat())}, "hired twice"),
    ({"seats": (Seat(mission=MISSIONS[0].name), Seat(mission=MISSIONS[0].name))},
     "another seat's too"),
    ({"seats": (Seat(cards=(CARDS[0],)), Seat()), "exploration_discard": (CARDS[0],)},
     "named twice"),
    ({"expansion": False, "seats": (Seat(cards=(CARDS[0],)), Seat())}, "need the expansion"),
    ({"dice": (DieFace.MOVE,)}, "rolls 4 dice, not 1"),
    ({"turn": 0}, "turn must be 1-2000"),
])
def test_a_description_that_breaks_a_limit_is_refused(change: dict[str, object],
                                                      message: str) -> None:
    with pytest.raises(OptionError, match=message):
        build_position(Position(**{"players": 2, **change}))  # type: ignore[arg-type]

