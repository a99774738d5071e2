"""The base-set card catalogue as engine data: 95 designs, 114 cards in the deck.

Re-encoded from the fact sheet's TSV into typed records so that the engine never parses text
at run time. ``Card`` and ``Power`` double as the static-data messages (RaceCard, RacePower):
their field names are the proto field names.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Good(enum.Enum):
    """A kind of good; ANY in a power means every kind, NONE on a card means no good."""

    NONE = 0
    ANY = 1
    NOVELTY = 2
    RARE = 3
    GENES = 4
    ALIEN = 5


class GoodType(enum.Enum):
    """How a world gets goods: a windfall halo, a production circle, or not at all."""

    NONE = 0
    WINDFALL = 1
    PRODUCTION = 2


class CardKind(enum.Enum):
    """Start world, other world, or development."""

    START_WORLD = 0
    WORLD = 1
    DEVELOPMENT = 2


class PowerKind(enum.Enum):
    """Every power kind of the base set (fact sheet section 5)."""

    EXPLORE_DRAW = 0
    EXPLORE_KEEP = 1
    DEVELOP_COST = 2
    DEVELOP_DRAW_START = 3
    DEVELOP_DRAW_AFTER = 4
    MILITARY = 5
    MILITARY_VS = 6
    MILITARY_VS_REBEL = 7
    SETTLE_COST = 8
    SETTLE_DRAW_AFTER = 9
    NEW_MILITARY_TACTICS = 10
    COLONY_SHIP = 11
    CONTACT_SPECIALIST = 12
    TRADE_BONUS = 13
    TRADE_THIS_WORLD = 14
    CONSUME = 15
    CONSUME_SET = 16
    CONSUME_DISTINCT = 17
    CONSUME_ALL = 18
    CONSUME_PRICE = 19
    CONSUME_PRICE_BONUS = 20
    CONSUME_DRAW = 21
    CONSUME_GAMBLE = 22
    CONSUME_HAND = 23
    PRODUCE = 24
    PRODUCE_DRAW_IF = 25
    PRODUCE_WINDFALL = 26
    PRODUCE_DRAW = 27
    PRODUCE_DRAW_PER_GOOD = 28
    PRODUCE_DRAW_DISTINCT = 29
    PRODUCE_DRAW_MOST = 30
    PRODUCE_DRAW_PER_WORLD = 31


@dataclass(frozen=True)
class Power:
    """One power: its phase (1-5; trade powers are phase 4) and its parameters.

    ``value``: Military, cost reduction, extra explore draws/keeps or extra trade cards.
    ``good``: the kind it applies to. ``count``: goods (or hand cards) it consumes, at most
    (CONSUME, CONSUME_HAND) or exactly (CONSUME_SET, CONSUME_DISTINCT). ``vp``/``cards``:
    the reward per good (per set for CONSUME_SET/CONSUME_DISTINCT), or cards drawn.
    """

    phase: int
    kind: PowerKind
    value: int = 0
    good: Good = Good.ANY
    count: int = 0
    vp: int = 0
    cards: int = 0
    text: str = ""


def _p(phase: int, kind: PowerKind, **kw: object) -> Power:
    return Power(phase, kind, **kw)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Card:
    """One card design. ``vp`` is -1 for the six-cost developments (see ``scoring``)."""

    id: int
    name: str
    kind: CardKind
    copies: int
    start_number: int
    cost: int
    military: bool
    vp: int
    good: Good
    good_type: GoodType
    traits: tuple[str, ...]
    powers: tuple[Power, ...]
    preset_hand: int
    scoring: str


CARDS: tuple[Card, ...] = (
    Card(
        id=0,
        name='Old Earth',
        kind=CardKind.START_WORLD,
        copies=1,
        start_number=0,
        cost=3,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=1,
                text='trade any +1 card',
            ),
            _p(
                4,
                PowerKind.CONSUME, count=2, vp=1,
                text='consume up to 2 any goods -> 1vp each',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=1,
        name='Epsilon Eridani',
        kind=CardKind.START_WORLD,
        copies=1,
        start_number=1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=1,
                text='military+1',
            ),
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1, cards=1,
                text='consume 1 any good -> 1vp+1card',
            ),
        ),
        preset_hand=1,
        scoring='',
    ),
    Card(
        id=2,
        name='Alpha Centauri',
        kind=CardKind.START_WORLD,
        copies=1,
        start_number=2,
        cost=2,
        military=False,
        vp=0,
        good=Good.RARE,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.SETTLE_COST, value=1, good=Good.RARE,
                text='cost-1 non-military rare worlds',
            ),
            _p(
                3,
                PowerKind.MILITARY_VS, value=1, good=Good.RARE,
                text='military+1 vs rare military worlds',
            ),
        ),
        preset_hand=2,
        scoring='',
    ),
    Card(
        id=3,
        name='New Sparta',
        kind=CardKind.START_WORLD,
        copies=1,
        start_number=3,
        cost=2,
        military=True,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=2,
                text='military+2',
            ),
        ),
        preset_hand=3,
        scoring='',
    ),
    Card(
        id=4,
        name="Earth's Lost Colony",
        kind=CardKind.START_WORLD,
        copies=1,
        start_number=4,
        cost=2,
        military=False,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1,
                text='consume 1 any good -> 1vp',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.NOVELTY,
                text='produce novelty',
            ),
        ),
        preset_hand=4,
        scoring='',
    ),
    Card(
        id=5,
        name='Alien Robot Scout Ship',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=4,
        military=True,
        vp=2,
        good=Good.ALIEN,
        good_type=GoodType.WINDFALL,
        traits=('alien',),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=1,
                text='military+1',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=6,
        name='Alien Robot Sentry',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=True,
        vp=2,
        good=Good.ALIEN,
        good_type=GoodType.WINDFALL,
        traits=('alien',),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=7,
        name='Alien Robotic Factory',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=5,
        good=Good.ALIEN,
        good_type=GoodType.PRODUCTION,
        traits=('alien',),
        powers=(
            _p(
                5,
                PowerKind.PRODUCE, good=Good.ALIEN,
                text='produce alien',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=8,
        name='Alien Rosetta Stone World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=False,
        vp=3,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=('alien',),
        powers=(
            _p(
                3,
                PowerKind.SETTLE_COST, value=2, good=Good.ALIEN,
                text='cost-2 non-military alien worlds',
            ),
            _p(
                3,
                PowerKind.MILITARY_VS, value=2, good=Good.ALIEN,
                text='military+2 vs alien military worlds',
            ),
            _p(
                5,
                PowerKind.PRODUCE_WINDFALL, good=Good.ALIEN,
                text='produce a good on 1 of your alien windfall worlds without a good',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=9,
        name='Aquatic Uplift Race',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=True,
        vp=2,
        good=Good.GENES,
        good_type=GoodType.WINDFALL,
        traits=('uplift', 'chromosome'),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=10,
        name='Artist Colony',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                5,
                PowerKind.PRODUCE, good=Good.NOVELTY,
                text='produce novelty',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=11,
        name='Asteroid Belt',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.RARE,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=12,
        name='Avian Uplift Race',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=True,
        vp=2,
        good=Good.GENES,
        good_type=GoodType.WINDFALL,
        traits=('uplift', 'chromosome'),
        powers=(

        ),
        preset_hand=4,
        scoring='',
    ),
    Card(
        id=13,
        name='Bio-Hazard Mining World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=False,
        vp=2,
        good=Good.RARE,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=2, good=Good.GENES,
                text='trade genes +2 cards',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.RARE,
                text='produce rare',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=14,
        name='Black Market Trading World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME_PRICE, count=1,
                text=(
                    'consume 1 any good -> cards = its trade price (no trade bonuses apply)'
                ),
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=15,
        name='Blaster Gem Mines',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=False,
        vp=2,
        good=Good.RARE,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=1,
                text='military+1',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=16,
        name='Comet Zone',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=False,
        vp=2,
        good=Good.RARE,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                5,
                PowerKind.PRODUCE, good=Good.RARE,
                text='produce rare',
            ),
            _p(
                5,
                PowerKind.PRODUCE_DRAW_IF, cards=1,
                text='draw 1 if a good was produced on this world this phase',
            ),
        ),
        preset_hand=2,
        scoring='',
    ),
    Card(
        id=17,
        name='Deserted Alien Colony',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=5,
        military=False,
        vp=4,
        good=Good.ALIEN,
        good_type=GoodType.WINDFALL,
        traits=('alien',),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=18,
        name='Deserted Alien Library',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=5,
        good=Good.ALIEN,
        good_type=GoodType.WINDFALL,
        traits=('alien',),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=19,
        name='Deserted Alien Outpost',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=4,
        military=False,
        vp=3,
        good=Good.ALIEN,
        good_type=GoodType.WINDFALL,
        traits=('alien',),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=20,
        name='Destroyed World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=False,
        vp=0,
        good=Good.RARE,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=21,
        name='Distant World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=4,
        military=False,
        vp=2,
        good=Good.GENES,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=3, good=Good.NOVELTY,
                text='trade novelty +3 cards',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.GENES,
                text='produce genes',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=22,
        name='Empath World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.GENES,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=-1,
                text='military-1',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=23,
        name='Expanding Colony',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1,
                text='consume 1 any good -> 1vp',
            ),
            _p(
                5,
                PowerKind.PRODUCE_WINDFALL, good=Good.NOVELTY,
                text='produce a good on 1 of your novelty windfall worlds without a good',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=24,
        name='Former Penal Colony',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=True,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=1,
                text='military+1',
            ),
        ),
        preset_hand=3,
        scoring='',
    ),
    Card(
        id=25,
        name='Galactic Engineers',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=1,
                text='trade any +1 card',
            ),
            _p(
                5,
                PowerKind.PRODUCE_WINDFALL,
                text=(
                    'produce a good on 1 of your windfall worlds (any kind) without a good'
                ),
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=26,
        name='Galactic Resort',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=False,
        vp=2,
        good=Good.NOVELTY,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1, cards=1,
                text='consume 1 any good -> 1vp+1card',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=27,
        name='Galactic Trendsetters',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=5,
        military=False,
        vp=3,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=2,
                text='consume 1 any good -> 2vp',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=28,
        name='Gambling World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1,
                text='consume 1 any good -> 1vp',
            ),
            _p(
                4,
                PowerKind.CONSUME_GAMBLE,
                text=(
                    'lucky draw (name 1-7, flip top card of supply, keep it if its '
                    'cost/defense matches, else discard)'
                ),
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=29,
        name='Gem World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                5,
                PowerKind.PRODUCE, good=Good.NOVELTY,
                text='produce novelty',
            ),
            _p(
                5,
                PowerKind.PRODUCE_DRAW_IF, cards=1,
                text='draw 1 if a good was produced on this world this phase',
            ),
        ),
        preset_hand=1,
        scoring='',
    ),
    Card(
        id=30,
        name='Imperium Armaments World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=4,
        military=False,
        vp=2,
        good=Good.RARE,
        good_type=GoodType.PRODUCTION,
        traits=('imperium',),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=1,
                text='military+1',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.RARE,
                text='produce rare',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=31,
        name='Lost Alien Battle Fleet',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=6,
        military=True,
        vp=4,
        good=Good.ALIEN,
        good_type=GoodType.PRODUCTION,
        traits=('alien',),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=3,
                text='military+3',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.ALIEN,
                text='produce alien',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=32,
        name='Lost Alien Warship',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=5,
        military=True,
        vp=3,
        good=Good.ALIEN,
        good_type=GoodType.WINDFALL,
        traits=('alien',),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=2,
                text='military+2',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=33,
        name='Lost Species Ark World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=5,
        military=False,
        vp=3,
        good=Good.GENES,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                5,
                PowerKind.PRODUCE, good=Good.GENES,
                text='produce genes',
            ),
            _p(
                5,
                PowerKind.PRODUCE_DRAW_IF, cards=2,
                text='draw 2 if a good was produced on this world this phase',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=34,
        name='Malevolent Lifeforms',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=4,
        military=True,
        vp=2,
        good=Good.GENES,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                1,
                PowerKind.EXPLORE_DRAW, value=1,
                text='draw+1',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.GENES,
                text='produce genes',
            ),
        ),
        preset_hand=3,
        scoring='',
    ),
    Card(
        id=35,
        name='Merchant World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=4,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=2,
                text='trade any +2 cards',
            ),
            _p(
                4,
                PowerKind.CONSUME_HAND, count=2, vp=1,
                text=(
                    'may discard up to 2 cards from hand -> 1vp each (not doubled by 2x VP '
                    'bonus)'
                ),
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=36,
        name='Mining World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=False,
        vp=2,
        good=Good.RARE,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                5,
                PowerKind.PRODUCE, good=Good.RARE,
                text='produce rare',
            ),
            _p(
                5,
                PowerKind.PRODUCE_DRAW_IF, cards=1,
                text='draw 1 if a good was produced on this world this phase',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=37,
        name='New Earth',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=5,
        military=False,
        vp=3,
        good=Good.RARE,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1, cards=1,
                text='consume 1 any good -> 1vp+1card',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.RARE,
                text='produce rare',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=38,
        name='New Survivalists',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=True,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, cards=1, good=Good.NOVELTY,
                text='consume 1 novelty good -> 1card',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.NOVELTY,
                text='produce novelty',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=39,
        name='New Vinland',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, cards=2,
                text='consume 1 any good -> 2cards',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.NOVELTY,
                text='produce novelty',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=40,
        name='Outlaw World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=True,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1, cards=1,
                text='consume 1 any good -> 1vp+1card',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=41,
        name='Pilgrimage World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=0,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME_ALL,
                text='consume all remaining goods -> vp = (number consumed - 1)',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=42,
        name='Pirate World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=True,
        vp=2,
        good=Good.NOVELTY,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_THIS_WORLD, value=3, good=Good.NOVELTY,
                text="trade this world's good (novelty) +3 cards",
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=43,
        name='Plague World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=False,
        vp=0,
        good=Good.GENES,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1, cards=1, good=Good.GENES,
                text='consume 1 genes good -> 1vp+1card',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.GENES,
                text='produce genes',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=44,
        name='Pre-Sentient Race',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.GENES,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=45,
        name='Prosperous World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=False,
        vp=2,
        good=Good.NOVELTY,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1,
                text='consume 1 any good -> 1vp',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.NOVELTY,
                text='produce novelty',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=46,
        name='Radioactive World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.RARE,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=47,
        name='Rebel Base',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=6,
        military=True,
        vp=6,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=('rebel',),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=48,
        name='Rebel Fuel Cache',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=True,
        vp=1,
        good=Good.RARE,
        good_type=GoodType.WINDFALL,
        traits=('rebel',),
        powers=(

        ),
        preset_hand=1,
        scoring='',
    ),
    Card(
        id=49,
        name='Rebel Homeworld',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=7,
        military=True,
        vp=7,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=('rebel',),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=50,
        name='Rebel Miners',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=True,
        vp=1,
        good=Good.RARE,
        good_type=GoodType.PRODUCTION,
        traits=('rebel',),
        powers=(
            _p(
                5,
                PowerKind.PRODUCE, good=Good.RARE,
                text='produce rare',
            ),
        ),
        preset_hand=2,
        scoring='',
    ),
    Card(
        id=51,
        name='Rebel Outpost',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=5,
        military=True,
        vp=5,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=('rebel',),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=1,
                text='military+1',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=52,
        name='Rebel Underground',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=True,
        vp=4,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=('rebel',),
        powers=(
            _p(
                5,
                PowerKind.PRODUCE_DRAW, cards=1,
                text='draw 1',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=53,
        name='Rebel Warrior Race',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=3,
        military=True,
        vp=2,
        good=Good.GENES,
        good_type=GoodType.WINDFALL,
        traits=('rebel',),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=1,
                text='military+1',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=54,
        name='Refugee World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=0,
        military=False,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=-1,
                text='military-1',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=55,
        name='Reptilian Uplift Race',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=True,
        vp=2,
        good=Good.GENES,
        good_type=GoodType.WINDFALL,
        traits=('uplift', 'chromosome'),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=56,
        name='Runaway Robots',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=True,
        vp=1,
        good=Good.RARE,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(
            _p(
                5,
                PowerKind.PRODUCE_DRAW_IF, cards=1,
                text='draw 1 if a good was produced on this world this phase',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=57,
        name='Secluded World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, cards=1,
                text='consume 1 any good -> 1card',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.NOVELTY,
                text='produce novelty',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=58,
        name='Space Port',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=2, good=Good.RARE,
                text='trade rare +2 cards',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.NOVELTY,
                text='produce novelty',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=59,
        name='Spice World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.PRODUCTION,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=2, good=Good.NOVELTY,
                text='trade novelty +2 cards',
            ),
            _p(
                5,
                PowerKind.PRODUCE, good=Good.NOVELTY,
                text='produce novelty',
            ),
        ),
        preset_hand=4,
        scoring='',
    ),
    Card(
        id=60,
        name='Star Nomad Lair',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=True,
        vp=1,
        good=Good.NOVELTY,
        good_type=GoodType.WINDFALL,
        traits=(),
        powers=(
            _p(
                1,
                PowerKind.EXPLORE_DRAW, value=1,
                text='draw+1',
            ),
            _p(
                4,
                PowerKind.TRADE_THIS_WORLD, value=1, good=Good.NOVELTY,
                text="trade this world's good (novelty) +1 card",
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=61,
        name='Terraformed World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=5,
        military=False,
        vp=5,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1,
                text='consume 1 any good -> 1vp',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=62,
        name='The Last of the Uplift Gnarssh',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=1,
        military=True,
        vp=0,
        good=Good.GENES,
        good_type=GoodType.WINDFALL,
        traits=('uplift', 'chromosome'),
        powers=(

        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=63,
        name='Tourist World',
        kind=CardKind.WORLD,
        copies=1,
        start_number=-1,
        cost=4,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME_SET, count=2, vp=3,
                text='consume 2 any goods -> 3vp',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=64,
        name='Alien Tech Institute',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=('alien',),
        powers=(
            _p(
                3,
                PowerKind.SETTLE_COST, value=2, good=Good.ALIEN,
                text='cost-2 non-military alien worlds',
            ),
            _p(
                3,
                PowerKind.MILITARY_VS, value=2, good=Good.ALIEN,
                text='military+2 vs alien military worlds',
            ),
        ),
        preset_hand=0,
        scoring=(
            '+3 per alien production world; +2 per alien windfall world; +2 per '
            'other ALIEN-keyword card (including this one)'
        ),
    ),
    Card(
        id=65,
        name='Colony Ship',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.COLONY_SHIP,
                text=(
                    'may discard this card from tableau -> place 1 non-military world at '
                    'cost 0 (not alien-good worlds)'
                ),
            ),
        ),
        preset_hand=1,
        scoring='',
    ),
    Card(
        id=66,
        name='Consumer Markets',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=5,
        military=False,
        vp=3,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=3, vp=1, good=Good.NOVELTY,
                text='consume up to 3 novelty goods -> 1vp each',
            ),
            _p(
                5,
                PowerKind.PRODUCE_DRAW_PER_GOOD, cards=1, good=Good.NOVELTY,
                text='draw 1 per novelty good you produced this phase',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=67,
        name='Contact Specialist',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=-1,
                text='military-1',
            ),
            _p(
                3,
                PowerKind.CONTACT_SPECIALIST, value=1,
                text=(
                    'may place a military world (not alien-good) as non-military paying '
                    'cost = defense-1 (other cost discounts apply)'
                ),
            ),
        ),
        preset_hand=4,
        scoring='',
    ),
    Card(
        id=68,
        name='Deficit Spending',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME_HAND, count=2, vp=1,
                text=(
                    'may discard up to 2 cards from hand -> 1vp each (not doubled by 2x VP '
                    'bonus)'
                ),
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=69,
        name='Diversified Economy',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=4,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME_DISTINCT, count=3, vp=3,
                text='consume exactly 3 goods of different kinds -> 3vp',
            ),
            _p(
                5,
                PowerKind.PRODUCE_DRAW_DISTINCT, cards=1,
                text='draw 1 per different kind of good you produced this phase',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=70,
        name='Drop Ships',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=4,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=3,
                text='military+3',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=71,
        name='Expedition Force',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                1,
                PowerKind.EXPLORE_DRAW, value=1,
                text='draw+1',
            ),
            _p(
                3,
                PowerKind.MILITARY, value=1,
                text='military+1',
            ),
        ),
        preset_hand=2,
        scoring='',
    ),
    Card(
        id=72,
        name='Export Duties',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=1,
                text='trade any +1 card',
            ),
        ),
        preset_hand=3,
        scoring='',
    ),
    Card(
        id=73,
        name='Free Trade Association',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME, count=3, vp=1, cards=1, good=Good.NOVELTY,
                text='consume up to 3 novelty goods -> 1vp+1card each',
            ),
            _p(
                5,
                PowerKind.PRODUCE_WINDFALL, good=Good.NOVELTY,
                text='produce a good on 1 of your novelty windfall worlds without a good',
            ),
        ),
        preset_hand=0,
        scoring=(
            '+2 per novelty production world; +1 per novelty windfall world; +2 '
            'each for Consumer Markets and Expanding Colony'
        ),
    ),
    Card(
        id=74,
        name='Galactic Federation',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                2,
                PowerKind.DEVELOP_COST, value=2,
                text='cost-2 (developments)',
            ),
        ),
        preset_hand=0,
        scoring='+2 per 6-cost development (including this one); +1 per other development',
    ),
    Card(
        id=75,
        name='Galactic Imperium',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=('imperium',),
        powers=(
            _p(
                3,
                PowerKind.MILITARY_VS_REBEL, value=4,
                text='military+4 vs rebel military worlds',
            ),
        ),
        preset_hand=0,
        scoring='+2 per rebel military world; +1 per other military world',
    ),
    Card(
        id=76,
        name='Galactic Renaissance',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                1,
                PowerKind.EXPLORE_DRAW, value=2,
                text='draw+2',
            ),
            _p(
                1,
                PowerKind.EXPLORE_KEEP, value=1,
                text='keep+1',
            ),
        ),
        preset_hand=0,
        scoring=(
            '+1 per 3 VP chips (rounded down); +3 each for Research Labs, Galactic '
            'Trendsetters and Artist Colony'
        ),
    ),
    Card(
        id=77,
        name='Galactic Survey: SETI',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                1,
                PowerKind.EXPLORE_DRAW, value=2,
                text='draw+2',
            ),
        ),
        preset_hand=0,
        scoring=(
            '+1 per development with an explore (phase I) power (including this '
            'one); +2 per world with an explore power; +1 per other world'
        ),
    ),
    Card(
        id=78,
        name='Genetics Lab',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=1, good=Good.GENES,
                text='trade genes +1 card',
            ),
            _p(
                5,
                PowerKind.PRODUCE_WINDFALL, good=Good.GENES,
                text='produce a good on 1 of your genes windfall worlds without a good',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=79,
        name='Interstellar Bank',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                2,
                PowerKind.DEVELOP_DRAW_START, value=1,
                text='draw 1 at start of phase',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=80,
        name='Investment Credits',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                2,
                PowerKind.DEVELOP_COST, value=1,
                text='cost-1 (developments)',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=81,
        name='Merchant Guild',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                5,
                PowerKind.PRODUCE_DRAW, cards=2,
                text='draw 2',
            ),
        ),
        preset_hand=0,
        scoring='+2 per production world of any kind (windfall worlds do not count)',
    ),
    Card(
        id=82,
        name='Mining Conglomerate',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=3,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=1, good=Good.RARE,
                text='trade rare +1 card',
            ),
            _p(
                4,
                PowerKind.CONSUME, count=2, vp=1, good=Good.RARE,
                text='consume up to 2 rare goods -> 1vp each',
            ),
            _p(
                5,
                PowerKind.PRODUCE_DRAW_MOST, cards=2, good=Good.RARE,
                text=(
                    'draw 2 at end of phase if you produced more rare goods this phase than'
                    ' any other player'
                ),
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=83,
        name='Mining League',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME_SET, count=2, vp=3, good=Good.RARE,
                text='consume 2 rare goods -> 3vp',
            ),
            _p(
                5,
                PowerKind.PRODUCE_WINDFALL, good=Good.RARE,
                text='produce a good on 1 of your rare windfall worlds without a good',
            ),
        ),
        preset_hand=0,
        scoring=(
            '+2 per rare production world; +1 per rare windfall world; +2 each for '
            'Mining Robots and Mining Conglomerate'
        ),
    ),
    Card(
        id=84,
        name='Mining Robots',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.SETTLE_COST, value=1, good=Good.RARE,
                text='cost-1 non-military rare worlds',
            ),
            _p(
                5,
                PowerKind.PRODUCE_WINDFALL, good=Good.RARE,
                text='produce a good on 1 of your rare windfall worlds without a good',
            ),
        ),
        preset_hand=2,
        scoring='',
    ),
    Card(
        id=85,
        name='New Economy',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.CONSUME_DRAW, cards=1,
                text='draw 1',
            ),
        ),
        preset_hand=0,
        scoring=(
            '+2 per development with a consume (phase IV) power (including this '
            'one); +1 per world with a consume power'
        ),
    ),
    Card(
        id=86,
        name='New Galactic Order',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=2,
                text='military+2',
            ),
        ),
        preset_hand=0,
        scoring=(
            '+1 per point of total military (negative military counts; '
            'specialized/conditional military does not)'
        ),
    ),
    Card(
        id=87,
        name='New Military Tactics',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.NEW_MILITARY_TACTICS, value=3,
                text=(
                    'may discard this card from tableau -> military+3 until end of this '
                    'phase'
                ),
            ),
        ),
        preset_hand=3,
        scoring='',
    ),
    Card(
        id=88,
        name='Pan-Galactic League',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=-1,
                text='military-1',
            ),
            _p(
                5,
                PowerKind.PRODUCE_DRAW_PER_WORLD, cards=1, good=Good.GENES,
                text='draw 1 per genes world (production or windfall) in your tableau',
            ),
        ),
        preset_hand=0,
        scoring=(
            '+2 per genes world (production or windfall); +1 per other military '
            'world; +3 if Contact Specialist in tableau'
        ),
    ),
    Card(
        id=89,
        name='Public Works',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=1,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                2,
                PowerKind.DEVELOP_DRAW_AFTER, value=1,
                text='draw 1 after placing a development',
            ),
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1,
                text='consume 1 any good -> 1vp',
            ),
        ),
        preset_hand=1,
        scoring='',
    ),
    Card(
        id=90,
        name='Replicant Robots',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=4,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.SETTLE_COST, value=2,
                text='cost-2 non-military worlds',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=91,
        name='Research Labs',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=4,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                1,
                PowerKind.EXPLORE_KEEP, value=1,
                text='keep+1',
            ),
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1, good=Good.GENES,
                text='consume 1 genes good -> 1vp',
            ),
            _p(
                5,
                PowerKind.PRODUCE_DRAW_PER_GOOD, cards=1, good=Good.ALIEN,
                text='draw 1 per alien good you produced this phase',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=92,
        name='Space Marines',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=2,
        military=False,
        vp=1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                3,
                PowerKind.MILITARY, value=2,
                text='military+2',
            ),
        ),
        preset_hand=4,
        scoring='',
    ),
    Card(
        id=93,
        name='Terraforming Robots',
        kind=CardKind.DEVELOPMENT,
        copies=2,
        start_number=-1,
        cost=3,
        military=False,
        vp=2,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=('terraforming',),
        powers=(
            _p(
                3,
                PowerKind.SETTLE_DRAW_AFTER, value=1,
                text='draw 1 after placing a world',
            ),
            _p(
                4,
                PowerKind.CONSUME, count=1, vp=1, cards=1, good=Good.RARE,
                text='consume 1 rare good -> 1vp+1card',
            ),
        ),
        preset_hand=0,
        scoring='',
    ),
    Card(
        id=94,
        name='Trade League',
        kind=CardKind.DEVELOPMENT,
        copies=1,
        start_number=-1,
        cost=6,
        military=False,
        vp=-1,
        good=Good.NONE,
        good_type=GoodType.NONE,
        traits=(),
        powers=(
            _p(
                4,
                PowerKind.TRADE_BONUS, value=1,
                text='trade any +1 card',
            ),
            _p(
                4,
                PowerKind.CONSUME_PRICE_BONUS, count=1,
                text=(
                    'consume 1 any good -> cards = its trade price + applicable trade '
                    'bonuses'
                ),
            ),
        ),
        preset_hand=0,
        scoring=(
            '+2 per development with a trade ($) power (including this one); +1 per'
            ' world with a trade power'
        ),
    ),
)

BY_NAME: dict[str, Card] = {card.name: card for card in CARDS}

# The first game's preset hands (fact sheet section 4), by start world number.
PRESET_HANDS: dict[int, tuple[str, ...]] = {
    1: ("Rebel Fuel Cache", "Public Works", "Colony Ship", "Gem World"),
    2: ("Expedition Force", "Mining Robots", "Rebel Miners", "Comet Zone"),
    3: ("Export Duties", "Former Penal Colony", "Malevolent Lifeforms", "New Military Tactics"),
    4: ("Space Marines", "Contact Specialist", "Spice World", "Avian Uplift Race"),
}

# Trade prices when a good is sold (rulebook, Consume: Trade).
TRADE_PRICE: dict[Good, int] = {Good.NOVELTY: 2, Good.RARE: 3, Good.GENES: 4, Good.ALIEN: 5}
