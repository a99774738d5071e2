"""Beyond the Black's designed content (pilots, exploration cards, badges), loaded from JSON.

The printed card lists are not public, so ``beyond_the_black.json`` holds a proposed design
with a ``version``. Someone with the printed cards replaces that file (same format) without
touching the rules: ``load_content`` checks it and ``game_with_content`` plays with it.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._core import EngineError
from ._data import DieFace

CONTENT_FILE = Path(__file__).with_name("beyond_the_black.json")


class ShipType(enum.Enum):
    """A ship's type: a regular rocket or one of the four advanced ships."""

    __hash__ = object.__hash__

    REGULAR = 0
    EXPLORER = 1
    HARVESTER = 2
    COLONIZER = 3
    CAPITAL = 4


ADVANCED: tuple[ShipType, ...] = (
    ShipType.EXPLORER, ShipType.HARVESTER, ShipType.COLONIZER, ShipType.CAPITAL)


class PilotAbility(enum.Enum):
    """What a pilot does for the advanced ship it flies (the engine implements each)."""

    __hash__ = object.__hash__

    EXPLORE_CULTURE = 0
    DANGER_SHIELD = 1
    MOVE_ENERGY = 2
    EXTRA_YIELD = 3
    BOTH_RESOURCES = 4
    ORBIT_START = 5
    ANY_TRACK = 6
    STEADFAST = 7
    ADVANCE_BONUS = 8
    UPGRADE_DISCOUNT = 9
    CHEAP_FOLLOW = 10
    THEFT_IMMUNE = 11


class CardColor(enum.Enum):
    """Green exploration cards are good and may be passed on; red ones must be taken."""

    __hash__ = object.__hash__

    GREEN = 0
    RED = 1


class CardKind(enum.Enum):
    """The kind of an exploration card (the point-scoring kinds are named by the rulebook)."""

    __hash__ = object.__hash__

    DWARF_PLANET = 0
    ASTEROID_FIELD = 1
    BLACK_HOLE = 2
    DISCOVERY = 3
    DANGER = 4


class CardEffect(enum.Enum):
    """What an exploration card does when a player takes it."""

    __hash__ = object.__hash__

    NONE = 0
    GAIN_ENERGY = 1
    GAIN_CULTURE = 2
    GAIN_BOTH = 3
    ADVANCE = 4
    LOSE_ENERGY = 5
    LOSE_CULTURE = 6
    SHIP_HOME = 7
    REGRESS = 8


@dataclass(frozen=True, slots=True)
class Pilot:
    """One pilot card."""

    id: int
    name: str
    ship_types: tuple[ShipType, ...]
    ability: PilotAbility
    amount: int
    badges: tuple[int, ...]  # badge indices (Federation symbols) printed on the card
    text: str


@dataclass(frozen=True, slots=True)
class ExplorationCard:
    """One exploration card."""

    id: int
    name: str
    color: CardColor
    kind: CardKind
    effect: CardEffect
    amount: int
    vp: int
    badges: tuple[int, ...]
    text: str


@dataclass(frozen=True)
class Content:
    """A checked set of Beyond the Black card lists."""

    version: str
    badges: tuple[str, ...]
    ship_faces: dict[ShipType, tuple[DieFace, ...]]
    pilots: tuple[Pilot, ...]
    cards: tuple[ExplorationCard, ...]

    def ships_for_face(self, face: DieFace) -> tuple[ShipType, ...]:
        """The advanced ship types that two dice showing ``face`` can hire for."""
        return tuple(t for t, faces in self.ship_faces.items() if face in faces)


class ContentError(EngineError, ValueError):
    """A content file that does not follow the format."""


def _member(kind: type[enum.Enum], value: Any, where: str) -> Any:
    try:
        return kind[str(value).upper()]
    except KeyError:
        names = ", ".join(m.name.lower() for m in kind)  # type: ignore[var-annotated]
        raise ContentError(f"{where}: {value!r} is not one of: {names}") from None


def parse_content(raw: dict[str, Any]) -> Content:
    """Check plain data (the JSON's) and build Content; ContentError says what is wrong."""
    try:
        version = str(raw["version"])
        badges = tuple(str(b) for b in raw["badges"])
        index = {b: i for i, b in enumerate(badges)}

        def badge_ids(names: list[str], where: str) -> tuple[int, ...]:
            missing = [n for n in names if n not in index]
            if missing:
                raise ContentError(f"{where}: unknown badge(s) {missing}; badges: {badges}")
            return tuple(index[n] for n in names)

        faces: dict[ShipType, tuple[DieFace, ...]] = {}
        for entry in raw["ship_types"]:
            kind = _member(ShipType, entry["name"], "ship_types")
            faces[kind] = tuple(_member(DieFace, f, f"ship {entry['name']}")
                                for f in entry["faces"])
        if set(faces) != set(ADVANCED):
            raise ContentError("ship_types must name each of the four advanced ships once")
        pilots = tuple(
            Pilot(i, str(p["name"]),
                  tuple(_member(ShipType, s, f"pilot {p['name']}") for s in p["ships"]),
                  _member(PilotAbility, p["ability"], f"pilot {p['name']}"),
                  int(p.get("amount", 0)), badge_ids(p["badges"], f"pilot {p['name']}"),
                  str(p.get("text", "")))
            for i, p in enumerate(raw["pilots"])
        )
        cards = tuple(
            ExplorationCard(i, str(c["name"]), _member(CardColor, c["color"], c["name"]),
                            _member(CardKind, c["kind"], c["name"]),
                            _member(CardEffect, c["effect"], c["name"]),
                            int(c.get("amount", 0)), int(c.get("vp", 0)),
                            badge_ids(c["badges"], f"card {c['name']}"), str(c.get("text", "")))
            for i, c in enumerate(raw["exploration_cards"])
        )
    except (KeyError, TypeError) as error:
        raise ContentError(f"content is missing or mistypes {error}") from None
    if any(ShipType.REGULAR in p.ship_types or not p.ship_types for p in pilots):
        raise ContentError("every pilot flies one or more advanced ship types")
    if len(pilots) < 6 or not cards:
        raise ContentError("content needs at least 6 pilots and 1 exploration card")
    return Content(version, badges, faces, pilots, cards)


def load_content(path: str | Path = CONTENT_FILE) -> Content:
    """Load and check a content file (the bundled design by default)."""
    with open(path, encoding="utf-8") as handle:
        return parse_content(json.load(handle))


CONTENT = load_content()
