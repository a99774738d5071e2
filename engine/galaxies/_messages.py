"""The dataclasses of Tiny Epic Galaxies' observation, action detail and static data.

Field names are exactly those of ``proto/arena/v1/galaxies.proto`` (the arena's codec maps
them by name); enums map to the proto enums by member name.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ._content import CardColor, CardEffect, CardKind, PilotAbility, ShipType
from ._data import DieFace, Resource, Track


class ActionKind(enum.Enum):
    """What an action does (see GalaxiesActionKind in the proto)."""

    __hash__ = object.__hash__

    CHOOSE_MISSION = 0
    ACTIVATE = 1
    REROLL = 2
    REROLL_DIE = 3
    ROLL = 4
    CONVERT = 5
    CONVERT_SPEND = 6
    SET_DIE = 7
    SET_FACE = 8
    HIRE = 9
    HIRE_PILOT = 10
    HIRE_WITH = 11
    REPLACE_SHIP = 12
    END_TURN = 13
    FOLLOW = 14
    DECLINE = 15
    MOVE_SHIP = 16
    LAND = 17
    ORBIT = 18
    GO_HOME = 19
    EXPLORE = 20
    TAKE_DISCARD = 21
    DRAW = 22
    KEEP = 23
    PASS_ON = 24
    ADVANCE = 25
    REGRESS = 26
    UPGRADE = 27
    USE_COLONY = 28
    TAKE_FROM = 29
    CONVERT_AMOUNT = 30
    CHOOSE_PLANET = 31
    CHOOSE_FACE = 32
    PAY = 33
    DISCARD_DIE = 34


class ShipLocation(enum.Enum):
    """Where a ship is."""

    __hash__ = object.__hash__

    LOCKED = 0
    GALAXY = 1
    SURFACE = 2
    ORBIT = 3
    EXPLORING = 4


@dataclass(frozen=True, slots=True)
class GalaxiesActionDetail:
    """The typed detail of one legal action; fields not meaningful for ``kind`` are None."""

    kind: ActionKind
    face: DieFace | None = None
    ship: int | None = None
    planet: int | None = None
    seat: int | None = None
    pilot: int | None = None
    card: int | None = None
    mission: int | None = None
    amount: int | None = None
    resource: Resource | None = None
    ship_type: ShipType | None = None
    culture_paid: int | None = None


@dataclass(frozen=True, slots=True)
class ShipView:
    """One ship of a player."""

    index: int
    location: ShipLocation
    planet: int | None
    position: int | None
    ship_type: ShipType
    pilot: int | None


@dataclass(frozen=True, slots=True)
class HangarSlot:
    """The pilots hired for one advanced ship type, bottom first (the last one flies it)."""

    ship_type: ShipType
    pilots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's public state."""

    seat: int
    energy: int
    culture: int
    empire_level: int
    vp: int
    ships: tuple[ShipView, ...]
    colonies: tuple[int, ...]
    hangar: tuple[HangarSlot, ...]
    exploration_cards: tuple[int, ...]
    badges: tuple[int, ...]
    mission_chosen: bool


@dataclass(frozen=True, slots=True)
class GalaxiesObservation:
    """What one seat (None: a spectator) knows of a match."""

    turn: int
    turn_limit: int
    current_seat: int
    acting_seat: int | None
    your_seat: int | None
    decision: str
    expansion: bool
    dice: tuple[DieFace, ...]
    activated: tuple[DieFace, ...]
    free_reroll: bool
    converter_used: bool
    following: DieFace | None
    follow_cost: int
    players: tuple[PlayerView, ...]
    planet_row: tuple[int, ...]
    planet_deck_size: int
    pilot_row: tuple[int, ...]
    pilot_deck_size: int
    exploration_discard: tuple[int, ...]
    exploration_deck_size: int
    drawn_card: int | None
    end_triggered: bool
    triggered_by: int | None
    your_mission: int | None
    mission_offer: tuple[int, ...]
    pilot_awaiting_ship: int | None
    awaiting_ship_type: ShipType | None


@dataclass(frozen=True, slots=True)
class PlanetView:
    """One planet card of the static catalogue."""

    id: int
    name: str
    resource: Resource
    track: Track
    vp: int
    advances: int
    ability: str
    text: str


@dataclass(frozen=True, slots=True)
class MissionView:
    """One secret mission of the static catalogue."""

    id: int
    name: str
    vp: int
    tied_vp: int
    text: str


@dataclass(frozen=True, slots=True)
class EmpireLevelView:
    """One level of the empire track."""

    level: int
    dice: int
    ships: int
    vp: int
    cost: int


@dataclass(frozen=True, slots=True)
class ShipTypeView:
    """An advanced ship type and the die faces whose doubles hire pilots for it."""

    ship_type: ShipType
    faces: tuple[DieFace, ...]


@dataclass(frozen=True, slots=True)
class PilotView:
    """One pilot card of the static catalogue."""

    id: int
    name: str
    ship_types: tuple[ShipType, ...]
    ability: PilotAbility
    amount: int
    badges: tuple[int, ...]
    text: str


@dataclass(frozen=True, slots=True)
class ExplorationCardView:
    """One exploration card of the static catalogue."""

    id: int
    name: str
    color: CardColor
    kind: CardKind
    effect: CardEffect
    amount: int
    vp: int
    badges: tuple[int, ...]
    text: str


@dataclass(frozen=True, slots=True)
class GalaxiesStaticData:
    """What does not change during a match: the cards, the empire track, the content."""

    planets: tuple[PlanetView, ...]
    missions: tuple[MissionView, ...]
    empire: tuple[EmpireLevelView, ...]
    victory_points: int
    resource_cap: int
    content_version: str
    badges: tuple[str, ...]
    ship_types: tuple[ShipTypeView, ...]
    pilots: tuple[PilotView, ...]
    exploration_cards: tuple[ExplorationCardView, ...]
