"""A public builder of Tiny Epic Galaxies positions from a readable description (for tests,
and for bots that search from a position): ``build_position(Position(...))``.

Planets, missions, pilots and exploration cards are named as printed (``"Jakks"``); a deck
is given by its top cards, next drawn first, and every card the description puts nowhere
else lies below them, shuffled by the seed: each card is somewhere, once. What else a
description leaves out is dealt by the seed as well (the rows, the missions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .._core import OptionError
from .._position import seats_and_turn
from ._content import CONTENT, ShipType
from ._data import (
    EMPIRE,
    MAX_LEVEL,
    MISSION_BY_NAME,
    PLANET_BY_NAME,
    PLANETS,
    RESOURCE_CAP,
    DieFace,
    row_size,
)
from ._state import _TURN_OVER, EXPLORING, HOME, LOCKED, GalaxiesState

_PLACES = {"galaxy": HOME, "exploring": EXPLORING, "locked": LOCKED}


@dataclass(frozen=True)
class Ship:
    """Where one ship is: ``at`` is "galaxy", "exploring", "locked" or a planet of the row;
    ``orbit`` its position on that planet's orbit track (0: the start space; None: on the
    surface); ``type`` the advanced type a hired pilot made it (REGULAR: none)."""

    at: str = "galaxy"
    orbit: int | None = None
    type: ShipType = ShipType.REGULAR


@dataclass(frozen=True)
class Seat:
    """One player. ``ships``: four ships (empty: the ships a ``level`` puts in play, in the
    galaxy, the others locked); ``pilots``: the hangar, per advanced type the pilots hired
    bottom first (the last one flies it); ``mission``: the kept mission (None: the first
    of the two the seed deals it)."""

    energy: int = 2
    culture: int = 1
    level: int = 1
    ships: Sequence[Ship] = ()
    colonies: Sequence[str] = ()
    pilots: Mapping[ShipType, Sequence[str]] = field(default_factory=dict)
    cards: Sequence[str] = ()
    mission: str | None = None


@dataclass(frozen=True)
class Position:
    """A position at the start of ``current``'s turn ``turn`` (1 for the first).

    ``seats``: one ``Seat`` per player (empty: the setup's for everybody). ``row``: the planet
    row (None: dealt from what no seat has). ``deck``: the top of the planet deck, next drawn
    first (the other planets, shuffled, below). ``pilot_row``, ``pilot_deck``,
    ``exploration_deck`` and ``exploration_discard`` likewise (the expansion only).
    ``dice``: the faces the current seat rolled (None: rolled by the seed).
    """

    players: int = 2
    expansion: bool = True
    seats: Sequence[Seat] = ()
    row: Sequence[str] | None = None
    deck: Sequence[str] = ()
    pilot_row: Sequence[str] | None = None
    pilot_deck: Sequence[str] = ()
    exploration_deck: Sequence[str] = ()
    exploration_discard: Sequence[str] = ()
    dice: Sequence[DieFace] | None = None
    current: int = 0
    turn: int = 1
    seed: int = 0
    turn_limit: int = 2000


def build_position(position: Position) -> GalaxiesState:
    """The state of ``position``, its current seat's turn open; raises ``OptionError`` naming
    what is wrong when the description breaks a limit or names a card twice."""
    n = position.players
    seats = seats_and_turn(n, position.seats, Seat, position.current, position.turn,
                           position.turn_limit)
    state = GalaxiesState(n, position.seed, {"expansion": position.expansion,
                                             "turn_limit": position.turn_limit})
    rng = state.rng
    pilots_by_name = {p.name: p.id for p in CONTENT.pilots}
    cards_by_name = {c.name: c.id for c in CONTENT.cards}
    planets_used: dict[int, str] = {}  # planet id -> where the description puts it

    def named(table: Mapping[str, int], name: str, what: str) -> int:
        if name not in table:
            raise OptionError(f"{what}: no {name!r} (known: {', '.join(sorted(table))})")
        return table[name]

    def planet(name: str, where: str) -> int:
        pid = named(PLANET_BY_NAME, name, where)
        if pid in planets_used:
            raise OptionError(f"{where}: {name} is already in {planets_used[pid]}")
        planets_used[pid] = where
        return pid

    # Colonies, then the row and the deck (a planet is in exactly one of them).
    for p, seat in enumerate(seats):
        state.colonies[p] = [planet(name, f"seat {p}'s colonies") for name in seat.colonies]
    if position.row is not None:
        state.row = [planet(name, "the row") for name in position.row]
        if not 1 <= len(state.row) <= row_size(5):
            raise OptionError(f"the row holds 1-{row_size(5)} planets, not {len(state.row)}")
    top = [planet(name, "the deck") for name in reversed(position.deck)]
    rest = [pid for pid in range(len(PLANETS)) if pid not in planets_used]
    rng.shuffle(rest)
    if position.row is None:
        state.row = [rest.pop() for _ in range(min(row_size(n), len(rest)))]
    state.deck = rest + top

    # Missions: one kept each, all different.
    missions: list[int] = []
    for p, seat in enumerate(seats):
        kept = state.offers[p][0] if seat.mission is None else named(
            MISSION_BY_NAME, seat.mission, f"seat {p}'s mission")
        if kept in missions:
            raise OptionError(f"seat {p}'s mission is another seat's too")
        missions.append(kept)
        if kept not in state.offers[p]:
            state.offers[p] = [kept]
    state.mission = missions

    # The seats' resources, ships and pilots.
    pilots_used: set[int] = set()
    for p, seat in enumerate(seats):
        if not (0 <= seat.energy <= RESOURCE_CAP and 0 <= seat.culture <= RESOURCE_CAP):
            raise OptionError(f"seat {p}: energy and culture are 0-{RESOURCE_CAP}")
        if not 1 <= seat.level <= MAX_LEVEL:
            raise OptionError(f"seat {p}: the empire level is 1-{MAX_LEVEL}, not {seat.level}")
        in_play = EMPIRE[seat.level - 1].ships
        ships = tuple(seat.ships) or tuple(Ship() if k < in_play else Ship("locked")
                                           for k in range(4))
        if len(ships) != 4:
            raise OptionError(f"seat {p}: describe its 4 ships, not {len(ships)}")
        for k, ship in enumerate(ships):
            what = f"seat {p}'s ship {k + 1}"
            if (ship.at == "locked") != (k >= in_play):
                raise OptionError(f"{what}: at level {seat.level} ships 1-{in_play} are in "
                                  f"play and the others locked")
            if ship.at in _PLACES:
                if ship.orbit is not None:
                    raise OptionError(f"{what}: only a ship at a planet has an orbit position")
                if ship.at == "exploring" and not position.expansion:
                    raise OptionError(f"{what}: exploring needs the expansion")
                where = _PLACES[ship.at]
            else:
                where = named(PLANET_BY_NAME, ship.at, what)
                if where not in state.row:
                    raise OptionError(f"{what}: {ship.at} is not in the planet row")
                track = PLANETS[where].advances
                if ship.orbit is not None and not 0 <= ship.orbit < track:
                    raise OptionError(f"{what}: an orbit position on {ship.at} is "
                                      f"0-{track - 1}, not {ship.orbit}")
            state.where[p][k] = where
            state.orbit[p][k] = ship.orbit is not None
            state.pos[p][k] = ship.orbit or 0
            state.stype[p][k] = ShipType(ship.type).value
        for t in (ShipType(st) for st in state.stype[p] if st):
            if not seat.pilots.get(t):
                raise OptionError(f"seat {p}: a ship is a {t.name.title()} with no pilot "
                                  f"hired for it")
        if sum(1 for st in state.stype[p] if st) != len(set(st for st in state.stype[p] if st)):
            raise OptionError(f"seat {p}: two ships of one advanced type")
        hangar: list[list[int]] = [[], [], [], []]
        for t, names in seat.pilots.items():
            t = ShipType(t)
            if t is ShipType.REGULAR:
                raise OptionError(f"seat {p}: pilots fly advanced types, not REGULAR")
            for name in names:
                pilot = named(pilots_by_name, name, f"seat {p}'s pilots")
                if pilot in pilots_used:
                    raise OptionError(f"seat {p}'s pilots: {name} is hired twice")
                if t not in CONTENT.pilots[pilot].ship_types:
                    raise OptionError(f"seat {p}'s pilots: {name} does not fly the "
                                      f"{t.name.title()}")
                pilots_used.add(pilot)
                hangar[t.value - 1].append(pilot)
        state.hangar[p] = hangar
        state.energy[p], state.culture[p], state.level[p] = seat.energy, seat.culture, seat.level
    if (pilots_used or any(seat.cards for seat in seats)) and not position.expansion:
        raise OptionError("pilots and exploration cards need the expansion")

    # Pilots and exploration cards (the expansion).
    if position.expansion:
        if position.pilot_row is not None:
            state.pilot_row = _cards(position.pilot_row, pilots_by_name, pilots_used,
                                     "the pilot row")
        top = _cards(position.pilot_deck, pilots_by_name, pilots_used, "the pilot deck")
        pilots = [x for x in range(len(CONTENT.pilots)) if x not in pilots_used]
        rng.shuffle(pilots)
        if position.pilot_row is None:
            state.pilot_row = [pilots.pop() for _ in range(min(len(state.row), len(pilots)))]
        state.pilot_deck = pilots + top[::-1]
        cards_used: set[int] = set()
        for p, seat in enumerate(seats):
            state.cards[p] = _cards(seat.cards, cards_by_name, cards_used, f"seat {p}'s cards")
        state.ex_discard = _cards(position.exploration_discard, cards_by_name, cards_used,
                                  "the exploration discard")
        top = _cards(position.exploration_deck, cards_by_name, cards_used,
                     "the exploration deck")
        cards = [c for c in range(len(CONTENT.cards)) if c not in cards_used]
        rng.shuffle(cards)
        state.ex_deck = cards + top[::-1]

    # The turn: the one before is over, and the next one starts (its dice rolled).
    state._events = []
    state.log(f"Position built: {n} players, seat {position.current} to play turn "
              f"{position.turn}")
    state.turn = position.turn - 1
    state.current = (position.current - 1) % n if state.turn else position.current
    state.stack = [_TURN_OVER]
    state._derive()
    state._pend = None
    state._settle()
    if position.dice is not None:
        level = state.level[position.current]
        if len(position.dice) != EMPIRE[level - 1].dice:
            raise OptionError(f"dice: at level {level} seat {position.current} rolls "
                              f"{EMPIRE[level - 1].dice} dice, not {len(position.dice)}")
        state.dice = sorted(DieFace(f).value for f in position.dice)
        state._pend = None
        state._settle()
    for p in range(n):
        state._check_end(p)
    return state


def _cards(names: Sequence[str], table: Mapping[str, int], used: set[int], what: str
           ) -> list[int]:
    """The ids of ``names`` (each once in the whole description: ``used`` keeps them)."""
    out = []
    for name in names:
        if name not in table:
            raise OptionError(f"{what}: no {name!r} (known: {', '.join(sorted(table))})")
        card = table[name]
        if card in used:
            raise OptionError(f"{what}: {name} is named twice")
        used.add(card)
        out.append(card)
    return out
