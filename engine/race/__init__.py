"""Race for the Galaxy (base game): registry name "race".

Public names: ``GAME`` (the registered game), ``RaceState``, the card data (``CARDS``) and
the observation/detail/static dataclasses that the arena encodes as ``arena.v1.Race*``, and
``from_observation`` (a determinized full state from one seat's observation, for search bots).
"""

from __future__ import annotations

from .._core import Game, GameInfo, OptionSpec
from . import _scoring
from ._cards import CARDS, TRADE_PRICE, Card, CardKind, Good, GoodType, Power, PowerKind
from ._determinize import from_observation
from ._state import HAND_LIMIT, RaceState
from ._view import (
    ActionCard,
    ActionDetail,
    DecisionKind,
    Observation,
    Phase,
    PlayerView,
    PowerRef,
    SettleMethod,
    SixCostScoring,
    StaticData,
    TableauCard,
    TradePrice,
)

__all__ = [
    "CARDS",
    "GAME",
    "ActionCard",
    "ActionDetail",
    "Card",
    "CardKind",
    "DecisionKind",
    "Good",
    "GoodType",
    "Observation",
    "Phase",
    "PlayerView",
    "PowerRef",
    "Power",
    "PowerKind",
    "RaceState",
    "SettleMethod",
    "StaticData",
    "TableauCard",
    "SixCostScoring",
    "TradePrice",
    "from_observation",
]

STATIC_DATA = StaticData(
    cards=CARDS,
    deck_size=sum(c.copies for c in CARDS),
    hand_limit=HAND_LIMIT,
    trade_prices=tuple(TradePrice(good, price) for good, price in TRADE_PRICE.items()),
    six_cost_scoring=tuple(
        SixCostScoring(dev, _scoring.vp_by_card(dev), _scoring.vp_per_three_chips(dev))
        for dev in _scoring.six_cost_devs()
    ),
)

GAME = Game(
    GameInfo(
        name="race",
        title="Race for the Galaxy",
        min_players=2,
        max_players=4,
        simultaneous=True,
        options=(
            OptionSpec(
                "setup",
                "normal",
                "normal: random start worlds, deal 6 keep 4; first_game: start worlds 1..n "
                "with their preset hands",
                choices=("normal", "first_game"),
            ),
            OptionSpec(
                "advanced",
                False,
                "two-player advanced game: 9 action cards each, two chosen per round",
            ),
            OptionSpec(
                "round_limit",
                100,
                "safety stop: the match ends (turn limit) after this many rounds",
                minimum=1,
                maximum=1000,
            ),
        ),
        description="The base game: 114 cards, 2-4 players, simultaneous action selection.",
    ),
    RaceState,
    static_data=STATIC_DATA,
)
