"""Sector 41 (Scimitar Games, 2009): tow Glynium home across a 9 x 9 grid of phenomena.

``GAME`` is the registered game; ``Sector41State`` the match state. Interpretations of the
rulebook are listed in RULES.md next to the tests that pin them.
"""

from __future__ import annotations

from .._core import Game, GameInfo, OptionSpec
from ._determinize import from_observation
from ._layout import Layout, build
from ._messages import (
    ActionKind,
    GuardianMode,
    Location,
    Phase,
    Sector41ActionDetail,
    Sector41Observation,
    Sector41StaticData,
)
from ._observe import static_data
from ._state import Explorer, Sector41State
from ._tiles import (
    GONE,
    OUT,
    SHIP,
    TILE_TYPES,
    TYPE_BY_NAME,
    Color,
    Direction,
    Edge,
    TileKind,
    TileType,
    cell_name,
    parse_cell,
)

GAME = Game(
    GameInfo(
        name="sector41",
        title="Sector 41",
        min_players=2,
        max_players=4,
        options=(
            OptionSpec(
                "turn_limit", 400, "turns (all seats) after which a stalled match ends",
                minimum=1, maximum=100_000,
            ),
        ),
        description="Tow Glynium home with your Explorers through a grid of space phenomena.",
    ),
    Sector41State,
    static_data=static_data(),
)

__all__ = [
    "GAME",
    "GONE",
    "OUT",
    "SHIP",
    "TILE_TYPES",
    "TYPE_BY_NAME",
    "ActionKind",
    "Color",
    "Direction",
    "Edge",
    "Explorer",
    "GuardianMode",
    "Layout",
    "Location",
    "Phase",
    "Sector41ActionDetail",
    "Sector41Observation",
    "Sector41State",
    "Sector41StaticData",
    "TileKind",
    "TileType",
    "build",
    "cell_name",
    "from_observation",
    "parse_cell",
]
