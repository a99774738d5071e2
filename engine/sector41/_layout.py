"""Hand-built boards for tests and puzzles: lay out chosen tiles, rotations and pieces."""

from __future__ import annotations

from dataclasses import dataclass, field

from ._messages import GuardianMode
from ._state import Sector41State
from ._tiles import CELLS, OUT, SHIP, TYPE_BY_NAME, parse_cell

TileSpec = str | tuple[str, int]


@dataclass
class Layout:
    """A board description: cells by name ("C4"), tiles by design name, rotation 0..3.

    Cells not listed hold ``fill`` face up (an emptied Glynium Planet: it only ends the
    phase). ``explorers`` maps (seat, index) to a cell name, "ship" or "out". ``spare`` is a
    face-down tile kept in a corner so that the Guardian does not awaken at once (None: none).
    """

    tiles: dict[str, TileSpec] = field(default_factory=dict)
    hidden: dict[str, TileSpec] = field(default_factory=dict)
    fill: str = "GLYNIUM_2"
    explorers: dict[tuple[int, int], str] = field(default_factory=dict)
    discs: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    ships: dict[int, int] = field(default_factory=dict)
    guardian: str = "E5"
    mode: GuardianMode = GuardianMode.WANDERING
    placed: int = 0
    cleansed: tuple[str, ...] = ()
    spare: str | None = "I1"


def _spec(spec: TileSpec) -> tuple[int, int]:
    name, rot = (spec, 0) if isinstance(spec, str) else spec
    return TYPE_BY_NAME[name].id, rot


def build(
    layout: Layout, num_players: int = 2, current: int = 0, seed: int = 0, turn_limit: int = 400
) -> Sector41State:
    """A state at the start of ``current``'s turn 1 with the board of ``layout``."""
    state = Sector41State(num_players, seed, {"turn_limit": turn_limit})
    fill = TYPE_BY_NAME[layout.fill].id
    state.types = [fill] * CELLS
    state.rot = [0] * CELLS
    state.up = [True] * CELLS
    state.clean = [False] * CELLS
    state.grid = list(range(CELLS))
    state.discs = [[0, 0, 0] for _ in range(CELLS)]
    for name, spec in layout.tiles.items():
        cell = parse_cell(name)
        state.types[cell], state.rot[cell] = _spec(spec)
    hidden = dict(layout.hidden)
    if layout.spare is not None:
        hidden.setdefault(layout.spare, "BARREN_PLANET")
    for name, spec in hidden.items():
        cell = parse_cell(name)
        state.types[cell], state.rot[cell] = _spec(spec)
        state.up[cell] = False
    for name in layout.cleansed:
        cell = parse_cell(name)
        state.up[cell] = False
        state.clean[cell] = True
    state.down = sum(1 for c in range(CELLS) if not state.up[c] and not state.clean[c])
    for name, counts in layout.discs.items():
        state.discs[parse_cell(name)] = list(counts)
    state.placed = layout.placed
    for seat, pos in layout.ships.items():
        state._place_ship(seat, pos)
    for (seat, index), where in layout.explorers.items():
        loc = {"ship": SHIP, "out": OUT}.get(where)
        state.expl[seat][index].reset(parse_cell(where) if loc is None else loc)
    state.guardian = parse_cell(layout.guardian)
    state.mode = layout.mode
    state.turn = 0
    state.current = current
    state._events = []
    state._start_turn()
    state._settle()
    return state
