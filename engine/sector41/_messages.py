"""The dataclasses of Sector 41's observation, action detail and static data.

Field names are exactly those of ``proto/arena/v1/sector41.proto`` (the arena's codec maps
them by name); enums map to the proto enums by member name.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ._tiles import Color, Direction, Edge, TileKind


class Phase(enum.Enum):
    """The phase of the current turn."""

    MOTHER_SHIP = 0
    EXPLORER = 1
    GUARDIAN = 2
    OVER = 3


class GuardianMode(enum.Enum):
    """How the Guardian moves."""

    WANDERING = 0
    QUICKENING = 1
    AWAKENING = 2


class Location(enum.Enum):
    """Where an Explorer is."""

    SHIP = 0
    BOARD = 1
    OUT_OF_PLAY = 2
    REMOVED = 3


class ActionKind(enum.Enum):
    """What an action does (see Sector41ActionKind in the proto)."""

    # Members are singletons: the identity hash is several times cheaper than Enum's name
    # hash, and these members are hashed on every cached action lookup.
    __hash__ = object.__hash__

    STAY = 0
    SHIP_MOVE = 1
    FOLD = 2
    EXPLORER_MOVE = 3
    ASTEROID_HOP = 4
    TOW = 5
    TILE_MOVE = 6
    VIEWPORT = 7
    DISTORTION = 8
    ION_STORM = 9
    STARBASE = 10
    STAR_GATE = 11
    VORTEX_TILE = 12
    VORTEX_TURN = 13
    LOOP_DROP = 14
    GUARDIAN_MOVE = 15


@dataclass(frozen=True, slots=True)
class ExplorerView:
    """One Explorer, as everybody sees it."""

    seat: int
    index: int
    location: Location
    row: int | None
    col: int | None
    asteroid: int
    trapped: bool
    barren: bool
    shielded: bool
    towing: Color | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's public state."""

    seat: int
    edge: Edge
    ship_position: int
    ship_row: int
    ship_col: int
    score: int
    yellow: int
    blue: int
    red: int
    score_turn: int
    last_fold: int | None


@dataclass(frozen=True, slots=True)
class Sector41Observation:
    """What one seat (None: a spectator) knows of a match."""

    turn: int
    turn_limit: int
    current_seat: int
    your_seat: int | None
    phase: Phase
    guardian_mode: GuardianMode
    guardian_row: int
    guardian_col: int
    tile_types: tuple[int, ...]
    explorers: tuple[ExplorerView, ...]
    players: tuple[PlayerView, ...]
    supply_yellow: int
    supply_blue: int
    supply_red: int
    removed_discs: int
    remaining_points: int
    active_explorer: int | None
    rotations: tuple[int, ...]
    face_up: tuple[bool, ...]
    cleansed: tuple[bool, ...]
    peeked: tuple[bool, ...]
    yellow: tuple[int, ...]
    blue: tuple[int, ...]
    red: tuple[int, ...]
    # Public facts of the open decision, for search bots (see ``from_observation``).
    decision_stage: str
    visited: tuple[int, ...]
    pending_move: tuple[int, ...]
    vortex_cell: int
    revealed_this_turn: bool
    loop_cells: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sector41ActionDetail:
    """The typed detail of one legal action; fields not meaningful for ``kind`` are None."""

    kind: ActionKind
    explorer: int | None = None
    direction: Direction | None = None
    to_row: int | None = None
    to_col: int | None = None
    to_ship: bool = False
    face_down: bool = False
    to_kind: TileKind | None = None
    combat: bool = False
    loop: bool = False
    color: Color | None = None
    ship_shift: int | None = None
    line: int | None = None
    quarter_turns: int | None = None
    target_seat: int | None = None
    target_explorer: int | None = None
    asteroid: int | None = None


@dataclass(frozen=True, slots=True)
class TileTypeView:
    """One printed tile design, for the static data."""

    id: int
    name: str
    kind: TileKind
    count: int
    number: int
    arrows: tuple[Direction, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Sector41StaticData:
    """What does not change during a match: the grid size, tile designs and disc values."""

    rows: int
    cols: int
    tile_types: tuple[TileTypeView, ...]
    yellow_points: int
    blue_points: int
    red_points: int
    disc_counts: tuple[int, ...]
