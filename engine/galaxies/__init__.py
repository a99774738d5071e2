"""Tiny Epic Galaxies with the Beyond the Black expansion: registry name "galaxies".

``GAME`` is the registered game (expansion on by default, option ``expansion=false`` for the
base game); ``GalaxiesState`` the match state (``state.determinized(seat, rng)``: the others'
missions and the decks redrawn, for information-set search). ``game_with_content`` plays
with another content file (the printed pilots and exploration cards).
``build_position(Position(...))`` makes a state from a readable description of a position.
Interpretations are in RULES.md.
"""

from __future__ import annotations

from .._core import Game, GameInfo, OptionSpec
from ._content import (
    ADVANCED,
    CONTENT,
    CONTENT_FILE,
    CardColor,
    CardEffect,
    CardKind,
    Content,
    ContentError,
    ExplorationCard,
    Pilot,
    PilotAbility,
    ShipType,
    load_content,
    parse_content,
)
from ._data import (
    EMPIRE,
    MISSION_BY_NAME,
    MISSIONS,
    PLANET_BY_NAME,
    PLANETS,
    RESOURCE_CAP,
    VICTORY_POINTS,
    DieFace,
    EmpireLevel,
    Mission,
    Planet,
    Resource,
    Track,
    row_size,
)
from ._messages import (
    ActionKind,
    EmpireLevelView,
    ExplorationCardView,
    GalaxiesActionDetail,
    GalaxiesObservation,
    GalaxiesStaticData,
    HangarSlot,
    MissionView,
    PilotView,
    PlanetView,
    PlayerView,
    ShipLocation,
    ShipTypeView,
    ShipView,
)
from ._position import Position, Seat, Ship, build_position
from ._state import EXPLORING, HOME, LOCKED, GalaxiesState

__all__ = [
    "ADVANCED",
    "CONTENT",
    "CONTENT_FILE",
    "EMPIRE",
    "EXPLORING",
    "GAME",
    "HOME",
    "LOCKED",
    "MISSIONS",
    "MISSION_BY_NAME",
    "PLANETS",
    "PLANET_BY_NAME",
    "RESOURCE_CAP",
    "VICTORY_POINTS",
    "ActionKind",
    "CardColor",
    "CardEffect",
    "CardKind",
    "Content",
    "ContentError",
    "DieFace",
    "EmpireLevel",
    "EmpireLevelView",
    "ExplorationCard",
    "ExplorationCardView",
    "GalaxiesActionDetail",
    "GalaxiesObservation",
    "GalaxiesState",
    "GalaxiesStaticData",
    "HangarSlot",
    "Mission",
    "MissionView",
    "Pilot",
    "PilotAbility",
    "PilotView",
    "Planet",
    "PlanetView",
    "PlayerView",
    "Position",
    "Resource",
    "Seat",
    "Ship",
    "ShipLocation",
    "ShipType",
    "ShipTypeView",
    "ShipView",
    "Track",
    "build_position",
    "game_with_content",
    "load_content",
    "parse_content",
    "row_size",
    "static_data",
]

INFO = GameInfo(
    name="galaxies",
    title="Tiny Epic Galaxies + Beyond the Black",
    min_players=2,
    max_players=5,
    options=(
        OptionSpec("expansion", True, "play with Beyond the Black (pilots, exploration)"),
        OptionSpec("turn_limit", 2000, "turns (all seats) after which a stalled match ends",
                   minimum=1, maximum=100_000),
    ),
    description="Roll dice, move ships, colonise planets; with pilots and exploration.",
)


def static_data(content: Content = CONTENT) -> GalaxiesStaticData:
    """The static catalogue a bot needs: planets, missions, empire track, the content."""
    return GalaxiesStaticData(
        planets=tuple(PlanetView(p.id, p.name, p.resource, p.track, p.vp, p.advances,
                                 p.ability, p.text) for p in PLANETS),
        missions=tuple(MissionView(m.id, m.name, m.vp, m.tied_vp, m.text) for m in MISSIONS),
        empire=tuple(EmpireLevelView(e.level, e.dice, e.ships, e.vp, e.cost) for e in EMPIRE),
        victory_points=VICTORY_POINTS,
        resource_cap=RESOURCE_CAP,
        content_version=content.version,
        badges=content.badges,
        ship_types=tuple(ShipTypeView(t, content.ship_faces[t]) for t in ADVANCED),
        pilots=tuple(PilotView(p.id, p.name, p.ship_types, p.ability, p.amount, p.badges,
                               p.text) for p in content.pilots),
        exploration_cards=tuple(
            ExplorationCardView(c.id, c.name, c.color, c.kind, c.effect, c.amount, c.vp,
                                c.badges, c.text) for c in content.cards),
    )


def game_with_content(content: Content) -> Game:
    """The game played with other Beyond the Black card lists (same rules)."""
    state_class = type("GalaxiesStateWithContent", (GalaxiesState,), {"content": content})
    return Game(INFO, state_class, static_data=static_data(content))


GAME = Game(INFO, GalaxiesState, static_data=static_data())
