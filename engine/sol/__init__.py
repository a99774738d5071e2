"""Sol: Last Days of a Star (Elephant Laboratories, 2016): harvest a dying Sun, escape its end.

``GAME`` is the registered game; ``SolState`` the match state (``state.determinized(seat,
rng)``: the deck reshuffled, for information-set search); ``build_position(Position(...))``
a state from a readable description of a position. Interpretations of the
rulebook are listed in RULES.md next to the tests that pin them.
"""

from __future__ import annotations

from .._core import Game, GameInfo, OptionSpec
from ._board import BOARDS, Board, Ring, build, side_for
from ._cards import EFFECT_INFO, EFFECTS, REWARDS, Colour, Effect, EffectInfo, Station, Suit, Timing
from ._effects import IMPLEMENTED, effect_pool
from ._messages import ActionKind, SolActionDetail, SolObservation, SolStaticData, Stage
from ._observe import static_data
from ._position import Position, Seat, build_position
from ._state import SolState

GAME = Game(
    GameInfo(
        name="sol",
        title="Sol: Last Days of a Star",
        min_players=2,
        max_players=5,
        options=(
            OptionSpec("vestigial", True,
                       "vestigial structures: each player places a gate and a station at setup "
                       "(without them the deck gets one more suit)"),
            OptionSpec("effects", "blue",
                       "which effect cards the suits may carry: colours (blue, green, yellow, "
                       "red), 'all', or effect names, comma separated"),
            OptionSpec("turn_limit", 2000, "turns (all seats) after which a stalled match ends",
                       minimum=1, maximum=1_000_000),
        ),
        description="Launch sundivers into a dying Sun, build stations, transmit momentum "
                    "to your ark before the 13th solar flare.",
    ),
    SolState,
    static_data=static_data(),
)

__all__ = [
    "BOARDS",
    "EFFECTS",
    "EFFECT_INFO",
    "GAME",
    "IMPLEMENTED",
    "REWARDS",
    "ActionKind",
    "Board",
    "Colour",
    "Effect",
    "EffectInfo",
    "Position",
    "Ring",
    "Seat",
    "SolActionDetail",
    "SolObservation",
    "SolStaticData",
    "SolState",
    "Stage",
    "Station",
    "Suit",
    "Timing",
    "build",
    "build_position",
    "effect_pool",
    "side_for",
]
