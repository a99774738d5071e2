"""Sol's printed data: the instability suits, the 30 effect cards and the reward table."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ._board import Ring


class Suit(enum.IntEnum):
    """An instability suit (13 cards each); FLARE is the solar flares."""

    FLARE = 0
    REFRACTION = 1
    CONDENSATION = 2
    SUBDUCTION = 3
    OSCILLATION = 4
    EXPANSION = 5
    REVERBERATION = 6


class Colour(enum.Enum):
    """The colour code of an effect title."""

    BLUE = 1
    GREEN = 2
    YELLOW = 3
    RED = 4


class Timing(enum.Enum):
    """When an effect card may be played."""

    MOVE = 1
    CONVERT = 2
    ACTIVATE = 3
    DRAW = 4
    ANY = 5


class Station(enum.IntEnum):
    """A station type (gates are no stations)."""

    NODE = 0
    FOUNDRY = 1
    TOWER = 2


class Effect(enum.IntEnum):
    """The 30 instability effects."""

    ACCELERATE = 0
    AUGMENT = 1
    BLIGHT = 2
    CASCADE = 3
    CATAPULT = 4
    CEREMONY = 5
    CHAIN = 6
    CHANNEL = 7
    CLUSTER = 8
    DUPLICATE = 9
    FESTIVAL = 10
    FUEL = 11
    HATCH = 12
    HYPERDRIVE = 13
    INVADE = 14
    JUGGERNAUT = 15
    METAMORPHOSIS = 16
    MOTIVATE = 17
    PASSAGE = 18
    PILLAR = 19
    PORTAL = 20
    PROCREATE = 21
    PULSE = 22
    PUNCTURE = 23
    SACRIFICE = 24
    SQUEEZE = 25
    SYNCHRONIZE = 26
    TELEPORT = 27
    TRANSCEND = 28
    TRIBUTE = 29


@dataclass(frozen=True)
class EffectInfo:
    """One effect card: colour, timing and what it does (our paraphrase)."""

    effect: Effect
    colour: Colour
    timing: Timing
    text: str


_B, _G, _Y, _R = Colour.BLUE, Colour.GREEN, Colour.YELLOW, Colour.RED
_M, _C, _A, _D, _N = Timing.MOVE, Timing.CONVERT, Timing.ACTIVATE, Timing.DRAW, Timing.ANY
_E = Effect
EFFECTS: tuple[EffectInfo, ...] = (
    EffectInfo(_E.ACCELERATE, _Y, _N, "Choose N; all motherships advance N spaces."),
    EffectInfo(_E.AUGMENT, _Y, _A, "Each extra sundiver of yours on an activated station adds "
               "to its base (+1/1/1/2/3 from outer orbit to the core)."),
    EffectInfo(_E.BLIGHT, _Y, _A, "Activate an opponent's mothership: 3 of your reserve "
               "sundivers go into that player's hold."),
    EffectInfo(_E.CASCADE, _B, _C, "One extra convert; its sundivers are recalled to your hold, "
               "not sacrificed."),
    EffectInfo(_E.CATAPULT, _B, _M, "Each of your sundivers may cross one gate for free."),
    EffectInfo(_E.CEREMONY, _B, _M, "+1 energy per sundiver launched into outer orbit."),
    EffectInfo(_E.CHAIN, _Y, _N, "One unbranched chain of sundivers: each sundiver's owner "
               "gains 1 momentum; every odd one of the chain is recalled."),
    EffectInfo(_E.CHANNEL, _G, _D, "Per card drawn, pay 1 energy for 1 momentum."),
    EffectInfo(_E.CLUSTER, _G, _M, "Twice: move all your sundivers of one space together for "
               "1 movement point per space."),
    EffectInfo(_E.DUPLICATE, _G, _A, "Double the sundivers built at foundries; the extras "
               "are free."),
    EffectInfo(_E.FESTIVAL, _Y, _A, "Activate stations of every type this turn."),
    EffectInfo(_E.FUEL, _G, _M, "Up to 3 times: pay 1 energy for 3 more movement points."),
    EffectInfo(_E.HATCH, _R, _N, "In a shared space, replace an opponent's sundiver with 2 of "
               "yours; theirs goes to their hold."),
    EffectInfo(_E.HYPERDRIVE, _Y, _M, "Fly a single sundiver with double movement; +1 energy "
               "per 3 spaces flown."),
    EffectInfo(_E.INVADE, _R, _C, "Take any station by sacrificing 2 sundivers there (3 for a "
               "tower); the old owner gets that many sundivers from reserve to hold."),
    EffectInfo(_E.JUGGERNAUT, _B, _M, "Fly one of your stations like a sundiver (it may be "
               "hurled)."),
    EffectInfo(_E.METAMORPHOSIS, _G, _A, "After activating your own station, change its type."),
    EffectInfo(_E.MOTIVATE, _B, _C, "Activate a station right after converting it; draw no "
               "cards for that activation."),
    EffectInfo(_E.PASSAGE, _G, _M, "One sundiver: +1 momentum per distinct gate it crosses."),
    EffectInfo(_E.PILLAR, _Y, _D, "Name a suit first: +3 momentum per card of it drawn."),
    EffectInfo(_E.PORTAL, _Y, _M, "Launch from any mothership; all spaces beside motherships "
               "are adjacent to one another."),
    EffectInfo(_E.PROCREATE, _B, _N, "+1 sundiver from your reserve into each space where you "
               "have 2 or more."),
    EffectInfo(_E.PULSE, _G, _A, "Activate every orbit station (outer and inner) of yours "
               "with no sundivers."),
    EffectInfo(_E.PUNCTURE, _B, _M, "Fly one sundiver into a barrier: sacrifice it; your gate "
               "appears there."),
    EffectInfo(_E.SACRIFICE, _Y, _A, "As your action, vaporize all sundivers on one foundry; "
               "their owners gain 2 momentum each."),
    EffectInfo(_E.SQUEEZE, _Y, _A, "Activate your own station: if a flare is drawn, base only "
               "and the station is destroyed; otherwise base and bonus doubled."),
    EffectInfo(_E.SYNCHRONIZE, _G, _A, "+1 momentum per station activated."),
    EffectInfo(_E.TELEPORT, _Y, _M, "For 3 movement points one sundiver goes to any space."),
    EffectInfo(_E.TRANSCEND, _Y, _M, "Ignore barriers this move."),
    EffectInfo(_E.TRIBUTE, _R, _N, "Each sundiver on your stations: its owner pays you 1 "
               "energy."),
)
EFFECT_INFO = {info.effect: info for info in EFFECTS}

# Layer -> (base, bonus, cards drawn on convert/activate), fact sheet A2.
REWARDS: dict[Ring, tuple[int, int, int]] = {
    Ring.OUTER: (1, 0, 0),
    Ring.INNER: (1, 1, 0),
    Ring.CONVECTIVE: (2, 1, 1),
    Ring.RADIATIVE: (3, 2, 2),
    Ring.CORE: (5, 3, 3),
}
# AUGMENT: the extra base per extra sundiver, by layer.
AUGMENT_EXTRA: dict[Ring, int] = {
    Ring.OUTER: 1, Ring.INNER: 1, Ring.CONVECTIVE: 1, Ring.RADIATIVE: 2, Ring.CORE: 3,
}

CARDS_PER_SUIT = 13
SUNDIVERS = 13  # 8 in the hold and 5 in the reserve at setup
START_HOLD = 8
START_ENERGY = 3
GATES = 5
STATIONS_EACH = 3
BASE_MOVEMENT = 3
MAX_STACK = 5
HALVING_AT = 13
