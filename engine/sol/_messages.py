"""The dataclasses of Sol's observation, action detail and static data.

Field names are exactly those of ``proto/arena/v1/sol.proto`` (the arena's codec maps them by
name); enums map to the proto enums by member name.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ._board import Ring
from ._cards import Colour, Effect, Station, Suit, Timing


class ActionKind(enum.Enum):
    """What an action does (see SolActionKind in the proto)."""

    __hash__ = object.__hash__  # identity hash: cheaper in the action caches

    MOVE = 1
    CONVERT = 2
    ACTIVATE = 3
    PLAY_CARD = 4
    PASS = 5
    LAUNCH = 6
    FLY = 7
    HURL = 8
    STOP = 9
    PUNCTURE = 10
    FLY_STATION = 11
    HURL_STATION = 12
    CONVERSION = 13
    SKIP = 14
    ACTIVATE_STATION = 15
    DONE = 16
    BONUS_TAKE = 17
    BONUS_DECLINE = 18
    ORBITAL_ACTIVATE = 19
    ORBITAL_SKIP = 20
    KEEP = 21
    DECONSTRUCT_STATION = 22
    DECONSTRUCT_GATE = 23
    VESTIGIAL_KIND = 24
    VESTIGIAL_GATE = 25
    VESTIGIAL_STATION = 26
    MOTIVATE = 27
    EFFECT_STEP = 28


class Stage(enum.Enum):
    """What the open decision is about."""

    __hash__ = object.__hash__  # identity hash: cheaper in the dispatch tables

    VESTIGIAL = 1
    ACTION = 2
    MOVE = 3
    CONVERT = 4
    ACTIVATE = 5
    BONUS = 6
    ORBITAL = 7
    KEEP = 8
    STALL = 9
    MOTIVATE = 10
    OVER = 11
    EFFECT = 12


@dataclass(frozen=True, slots=True)
class SolActionDetail:
    """The typed detail of one legal action; fields not meaningful for ``kind`` are None.

    ``space``: the space acted on (launch/fly origin... see the proto); ``to_space``: where a
    flight ends or the inner end of a gate; ``used_spaces``: the sundivers' spaces of a
    conversion; ``station``: a station type; ``gate``: a barrier index; ``with_card``: the
    held card is played with this action.
    """

    kind: ActionKind
    space: int | None = None
    to_space: int | None = None
    used_spaces: tuple[int, ...] = ()
    station: Station | None = None
    gate: int | None = None
    suit: Suit | None = None
    effect: Effect | None = None
    with_card: bool = False
    seat: int | None = None
    amount: int | None = None


@dataclass(frozen=True, slots=True)
class SpaceView:
    """One space's pieces (only spaces holding something are listed)."""

    space: int
    sundivers: tuple[int, ...]
    station: Station | None
    station_owner: int | None


@dataclass(frozen=True, slots=True)
class GateView:
    """A gate on a barrier."""

    gate: int
    owner: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's public state."""

    seat: int
    eye: int
    momentum: int
    energy: int
    hold_sundivers: int
    reserve_sundivers: int
    vaporised_sundivers: int
    reserve_gates: int
    reserve_nodes: int
    reserve_foundries: int
    reserve_towers: int
    movement: int
    held_suit: Suit | None
    launch_spaces: tuple[int, ...]
    hold_by_colour: tuple[int, ...]  # this hold's sundivers per colour (others' by BLIGHT)


@dataclass(frozen=True, slots=True)
class SuitEffect:
    """Which effect a suit in the deck carries."""

    suit: Suit
    effect: Effect


@dataclass(frozen=True, slots=True)
class SolObservation:
    """What one seat (None: a spectator) knows of a match."""

    side: int
    turn: int
    turn_limit: int
    current_seat: int
    your_seat: int | None
    deciding_seat: int | None
    stage: Stage
    flares_drawn: int
    instability: int
    deck_size: int
    spaces: tuple[SpaceView, ...]
    gates: tuple[GateView, ...]
    players: tuple[PlayerView, ...]
    suit_effects: tuple[SuitEffect, ...]
    movement_left: int
    active_effect: Effect | None
    activated_spaces: tuple[int, ...]
    tolls_paid: tuple[int, ...]
    drawn: tuple[Suit, ...]
    vestigial: bool


@dataclass(frozen=True, slots=True)
class SpaceInfo:
    """A space of a board side."""

    space: int
    ring: Ring
    column: int
    name: str


@dataclass(frozen=True, slots=True)
class EdgeInfo:
    """Two adjacent spaces; ``gate`` is the barrier index when a gate is needed, else None."""

    a: int
    b: int
    gate: int | None


@dataclass(frozen=True, slots=True)
class EyeInfo:
    """A mothership eye and the 4 spaces it launches into."""

    eye: int
    launch_spaces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """One side of the board."""

    side: int
    orbit: int
    spaces: tuple[SpaceInfo, ...]
    edges: tuple[EdgeInfo, ...]
    eyes: tuple[EyeInfo, ...]


@dataclass(frozen=True, slots=True)
class RewardInfo:
    """A layer's base and bonus station reward and the cards drawn there."""

    ring: Ring
    base: int
    bonus: int
    cards: int


@dataclass(frozen=True, slots=True)
class EffectCard:
    """An instability effect card."""

    effect: Effect
    colour: Colour
    timing: Timing
    text: str


@dataclass(frozen=True, slots=True)
class SolStaticData:
    """What does not change: both board sides, the reward table, the effect cards."""

    boards: tuple[BoardInfo, ...]
    rewards: tuple[RewardInfo, ...]
    effects: tuple[EffectCard, ...]
    max_stack: int
    base_movement: int
    cards_per_suit: int
