"""Static data of Sector 41: directions, the tile catalogue and the grid geometry."""

from __future__ import annotations

import enum
from dataclasses import dataclass

SIZE = 9
CELLS = SIZE * SIZE
CENTRE = (SIZE // 2) * SIZE + SIZE // 2
COLUMNS = "ABCDEFGHI"
# Explorer positions besides a cell index: its owner's Mother Ship, out of play (may return),
# removed from the game (cleansed); NOWHERE is a step off the grid.
SHIP = -1
OUT = -2
GONE = -3
NOWHERE = -9


class Direction(enum.Enum):
    """The eight compass directions; the board's north is row 0."""

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7


DIRECTIONS = tuple(Direction)
# (row delta, column delta) by Direction.value.
DELTAS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


class Edge(enum.Enum):
    """The side of the grid a Mother Ship sits on."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3


# Seat order is clockwise, so seat edges follow the table (fact sheet: N, E, S, W).
EDGES_BY_PLAYERS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
OPPOSITE_EDGE = (2, 3, 0, 1)
# The direction that leads from a Mother Ship into the grid, by edge.
INWARD = (4, 6, 0, 2)


class TileKind(enum.Enum):
    """The 22 kinds of phenomena tile."""

    # Members are singletons: the identity hash is several times cheaper than Enum's name
    # hash, and these members are hashed on every cached action lookup.
    __hash__ = object.__hash__

    ALIEN_ARTIFACT = 0
    ASTEROID_BELT = 1
    BARREN_PLANET = 2
    BLACK_HOLE = 3
    GLYNIUM_PLANET = 4
    ION_STORM = 5
    MOTHER_SHIP_BEACON = 6
    NEBULA = 7
    PULSAR = 8
    REMOTE_VIEWPORT = 9
    SALVAGE_EXPLORER = 10
    SOLAR_FLARE = 11
    SOLAR_TEMPEST = 12
    SOLAR_WIND = 13
    SPACE_RIFT = 14
    SPACIAL_DISTORTION = 15
    STARBASE = 16
    STAR_GATE = 17
    SUPER_NOVA = 18
    TEMPORAL_ANOMALY = 19
    VORTEX = 20
    WORM_HOLE = 21


class Color(enum.Enum):
    """Glynium disc colours."""

    YELLOW = 0
    BLUE = 1
    RED = 2


POINTS = (1, 2, 3)
DISC_COUNTS = (18, 2, 1)
TOTAL_DISCS = sum(DISC_COUNTS)


def disc_color(placed_before: int) -> int:
    """Colour index of the next disc from the supply: 18 yellow, then 2 blue, then the red."""
    return 0 if placed_before < 18 else 1 if placed_before < 20 else 2


@dataclass(frozen=True)
class TileType:
    """One printed tile design: its kind, how many are in the box, its number and arrows."""

    id: int
    name: str
    kind: TileKind
    count: int
    number: int = 0
    arrows: tuple[int, ...] = ()
    text: str = ""


_N, _NE, _E, _SE, _S, _SW, _W, _NW = range(8)
_K = TileKind

# Arrows are in the tile's own frame (rotation 0: up is north); see RULES.md for the picture
# choices (Pulsar, Solar Flare, Solar Tempest, the six Solar Wind designs).
TILE_TYPES: tuple[TileType, ...] = tuple(
    TileType(i, *row)  # type: ignore[arg-type]
    for i, row in enumerate(
        [
            ("ALIEN_ARTIFACT", _K.ALIEN_ARTIFACT, 3, 0, (), "Jump one orthogonal then one "
             "diagonal step away from the tile; keep heading along that diagonal."),
            ("ASTEROID_2", _K.ASTEROID_BELT, 4, 2, (), "Asteroid belt with asteroids 1-2."),
            ("ASTEROID_3", _K.ASTEROID_BELT, 2, 3, (), "Asteroid belt with asteroids 1-3."),
            ("BARREN_PLANET", _K.BARREN_PLANET, 2, 0, (), "Phase ends; skip your next move."),
            ("BLACK_HOLE", _K.BLACK_HOLE, 2, 0, (), "The Explorer is removed from play."),
            ("GLYNIUM_2", _K.GLYNIUM_PLANET, 4, 2, (), "2 Glynium when revealed; phase ends."),
            ("GLYNIUM_3", _K.GLYNIUM_PLANET, 3, 3, (), "3 Glynium when revealed; phase ends."),
            ("GLYNIUM_4", _K.GLYNIUM_PLANET, 1, 4, (), "4 Glynium when revealed; phase ends."),
            ("ION_STORM", _K.ION_STORM, 2, 0, (), "Exchange this tile with another explored "
             "tile; objects stay."),
            ("MOTHER_SHIP_BEACON", _K.MOTHER_SHIP_BEACON, 2, 0, (), "Jump to your Mother Ship."),
            ("NEBULA", _K.NEBULA, 2, 0, (), "Trapped unless two of your Explorers are here."),
            ("PULSAR", _K.PULSAR, 4, 0, (_NE, _SW), "Jump 2 along either blast."),
            ("REMOTE_VIEWPORT", _K.REMOTE_VIEWPORT, 2, 0, (), "Look at a face-down tile."),
            ("SALVAGE_EXPLORER", _K.SALVAGE_EXPLORER, 3, 0, (), "Return a removed Explorer "
             "to your Mother Ship."),
            ("SOLAR_FLARE", _K.SOLAR_FLARE, 2, 0, (_NE,), "Jump along the flare to the next "
             "face-down tile, else to the edge."),
            ("SOLAR_TEMPEST", _K.SOLAR_TEMPEST, 2, 0, (_NW,), "Jump along the tempest to the "
             "edge."),
            ("SOLAR_WIND_1", _K.SOLAR_WIND, 4, 0, (_N,), "Move 1 along the arrow."),
            ("SOLAR_WIND_DIAGONAL", _K.SOLAR_WIND, 4, 0, (_NE,), "Move 1 along the arrow."),
            ("SOLAR_WIND_CORNER", _K.SOLAR_WIND, 3, 0, (_N, _E), "Move 1 along an arrow."),
            ("SOLAR_WIND_STRAIGHT", _K.SOLAR_WIND, 2, 0, (_N, _S), "Move 1 along an arrow."),
            ("SOLAR_WIND_DIAGONAL_CORNER", _K.SOLAR_WIND, 2, 0, (_NE, _SE), "Move 1 along an "
             "arrow."),
            ("SOLAR_WIND_3", _K.SOLAR_WIND, 1, 0, (_N, _E, _S), "Move 1 along an arrow."),
            ("SPACE_RIFT", _K.SPACE_RIFT, 4, 0, (), "Move 1 more in the same direction."),
            ("SPACIAL_DISTORTION", _K.SPACIAL_DISTORTION, 6, 0, (), "Turn over the closest "
             "face-down tile."),
            ("STARBASE", _K.STARBASE, 3, 0, (), "Send an unshielded Explorer within 2 home."),
            ("STAR_GATE", _K.STAR_GATE, 3, 0, (), "Summon one of your other Explorers here."),
            ("SUPER_NOVA", _K.SUPER_NOVA, 3, 0, (), "Jump 2 in any direction."),
            ("TEMPORAL_ANOMALY", _K.TEMPORAL_ANOMALY, 2, 0, (), "Jump back 2 (else 1)."),
            ("VORTEX", _K.VORTEX, 2, 0, (), "Turn any tile by 90, 180 or 270 degrees."),
            ("WORM_HOLE", _K.WORM_HOLE, 2, 0, (), "Jump to a face-up Star Gate."),
        ]
    )
)
TYPE_BY_NAME = {t.name: t for t in TILE_TYPES}
assert sum(t.count for t in TILE_TYPES) == CELLS

# Per type id, for the hot paths.
KIND_OF = tuple(t.kind for t in TILE_TYPES)
NUMBER_OF = tuple(t.number for t in TILE_TYPES)
ARROWS_OF = tuple(t.arrows for t in TILE_TYPES)


def board_arrows(type_id: int, rotation: int) -> tuple[int, ...]:
    """The tile's arrows as board directions, for a tile turned ``rotation`` quarters clockwise."""
    return _BOARD_ARROWS[type_id][rotation % 4]


_BOARD_ARROWS = tuple(
    tuple(tuple((a + 2 * rotation) % 8 for a in arrows) for rotation in range(4))
    for arrows in ARROWS_OF
)


def _name_of(cell: int) -> str:
    row, col = divmod(cell, SIZE)
    return f"{COLUMNS[col]}{row + 1}"


_CELL_NAMES = tuple(_name_of(cell) for cell in range(CELLS))  # event texts name cells often


def cell_name(cell: int) -> str:
    """A readable cell name: column letter A-I (west to east), row 1-9 (north to south)."""
    if 0 <= cell < CELLS:
        return _CELL_NAMES[cell]
    return _name_of(cell)


def parse_cell(name: str) -> int:
    """The cell index of a name like ``C4``."""
    return (int(name[1:]) - 1) * SIZE + COLUMNS.index(name[0].upper())


# NEIGHBOUR[cell][d]: the cell one step in direction d, or -1 off the grid.
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (r + dr) * SIZE + c + dc if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE else -1
        for dr, dc in DELTAS
    )
    for r, c in (divmod(i, SIZE) for i in range(CELLS))
)
