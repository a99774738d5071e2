"""The typed values a seat sees: observation, action details and static data.

Each dataclass mirrors one message of ``proto/arena/v1/race.proto`` field by field, and each
enum one proto enum (member ``X`` of ``Phase`` is ``RACE_PHASE_X``), which is all the arena
codec needs.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ._cards import Card, Good

_SET_ATTRIBUTE = object.__setattr__  # past a frozen dataclass's own __setattr__


class ActionCard(enum.Enum):
    """The action cards; DEVELOP_2 and SETTLE_2 exist only in the two-player advanced game."""

    EXPLORE_5 = 0
    EXPLORE_1_1 = 1
    DEVELOP = 2
    DEVELOP_2 = 3
    SETTLE = 4
    SETTLE_2 = 5
    CONSUME_TRADE = 6
    CONSUME_2X = 7
    PRODUCE = 8


class Phase(enum.Enum):
    """Where a match is: setup discard, action selection, phases I-V, round-end discard."""

    SETUP_DISCARD = 0
    SELECT = 1
    EXPLORE = 2
    DEVELOP = 3
    SETTLE = 4
    CONSUME = 5
    PRODUCE = 6
    ROUND_DISCARD = 7
    GAME_OVER = 8


class DecisionKind(enum.Enum):
    """What an action does; it says which detail fields are meaningful."""

    SELECT = 0
    DISCARD = 1
    KEEP = 2
    DEVELOP = 3
    SETTLE = 4
    METHOD = 5
    PAY = 6
    TRADE = 7
    CONSUME_POWER = 8
    CONSUME_GOOD = 9
    CONSUME_HAND = 10
    GAMBLE = 11
    WINDFALL = 12


class SettleMethod(enum.Enum):
    """How a revealed world is placed."""

    NONE = 0
    PAY = 1
    CONQUER = 2
    CONQUER_TACTICS = 3
    COLONY_SHIP = 4
    CONTACT_PAY = 5
    CONTACT_COLONY_SHIP = 6


@dataclass(frozen=True, init=False)
class ActionDetail:
    """One action: ``card`` is a card design id (-1: none / stop), indices refer to the tableau.

    SELECT: ``actions``. DISCARD/KEEP/PAY/CONSUME_HAND: ``card``. DEVELOP/SETTLE: ``card``
    (-1 places nothing) and ``number`` = its cost after reductions. METHOD: ``method`` and
    ``number`` = cards to pay. TRADE/CONSUME_GOOD: ``tableau_index`` of the world whose good
    goes, ``card`` = that world. CONSUME_POWER: ``source_index``/``power_index`` of the power,
    ``card`` = its card. GAMBLE: ``number``. WINDFALL: ``source_index`` (-1: the Produce
    bonus), ``power_index``, ``tableau_index`` and ``card`` of the world that gets the good.
    """

    kind: DecisionKind
    actions: tuple[ActionCard, ...] = ()
    card: int = -1
    tableau_index: int = -1
    source_index: int = -1
    power_index: int = -1
    method: SettleMethod = SettleMethod.NONE
    number: int = 0

    def __init__(self, kind: DecisionKind, actions: tuple[ActionCard, ...] = (), card: int = -1,
                 tableau_index: int = -1, source_index: int = -1, power_index: int = -1,
                 method: SettleMethod = SettleMethod.NONE, number: int = 0) -> None:
        # The fields in one store (the frozen dataclass's __init__ sets them one by one
        # through object.__setattr__, about twice as slow; details are made during play).
        _SET_ATTRIBUTE(self, "__dict__", {
            "kind": kind, "actions": actions, "card": card, "tableau_index": tableau_index,
            "source_index": source_index, "power_index": power_index, "method": method,
            "number": number,
        })


@dataclass(frozen=True)
class TableauCard:
    """A card in a tableau, whether a (face-down) good lies on it, and the phase number
    (``Observation.phase_number``) it was placed in: its powers work from the next one."""

    card: int
    good: bool
    placed_in: int = 0


@dataclass(frozen=True)
class PowerRef:
    """A power in a tableau: the card's tableau index and the power's index on the card."""

    source_index: int = -1
    power_index: int = -1


@dataclass(frozen=True, init=False)
class PlayerView:
    """The public facts about one seat."""

    seat: int
    tableau: tuple[TableauCard, ...]
    hand_count: int
    vp_chips: int
    actions: tuple[ActionCard, ...]
    military: int
    score: int
    # Progress through the current phase, all public (what a player sees across the table):
    step: str = ""  # the decision the seat owes now ("" none): select, keep, pay, power, ...
    count: int = 0  # cards it still discards/keeps/pays, or goods/cards its power takes
    explore_count: int = 0  # explored cards still in front of it (faces hidden)
    bonus: bool = False  # its action card's bonus applies to the current phase
    used: tuple[PowerRef, ...] = ()  # consume/windfall powers used this phase
    current: PowerRef = PowerRef()  # the consume power in use
    taken: tuple[Good, ...] = ()  # kinds of goods consumed by the current power
    produced: tuple[Good, ...] = ()  # kinds of goods produced this phase
    produced_on: tuple[int, ...] = ()  # tableau indices of the worlds that produced
    placing: int = -1  # the development/world being placed, once revealed (-1: none)
    methods: tuple[SettleMethod, ...] = ()  # own seat only: the ways open to place it

    def __init__(self, seat: int, tableau: tuple[TableauCard, ...], hand_count: int,
                 vp_chips: int, actions: tuple[ActionCard, ...], military: int, score: int,
                 step: str = "", count: int = 0, explore_count: int = 0, bonus: bool = False,
                 used: tuple[PowerRef, ...] = (), current: PowerRef = PowerRef(),
                 taken: tuple[Good, ...] = (), produced: tuple[Good, ...] = (),
                 produced_on: tuple[int, ...] = (), placing: int = -1,
                 methods: tuple[SettleMethod, ...] = ()) -> None:
        # In one store, as ActionDetail's (one is made for a seat whose view changed).
        _SET_ATTRIBUTE(self, "__dict__", {
            "seat": seat, "tableau": tableau, "hand_count": hand_count, "vp_chips": vp_chips,
            "actions": actions, "military": military, "score": score, "step": step,
            "count": count, "explore_count": explore_count, "bonus": bonus, "used": used,
            "current": current, "taken": taken, "produced": produced,
            "produced_on": produced_on, "placing": placing, "methods": methods,
        })


@dataclass(frozen=True, init=False)
class Observation:
    """What one seat (``seat`` -1: a spectator) may know."""

    seat: int
    round: int
    phase: Phase
    phases: tuple[Phase, ...]
    players: tuple[PlayerView, ...]
    hand: tuple[int, ...]
    explore_cards: tuple[int, ...]
    pay_left: int
    deck_count: int
    discard_count: int
    vp_pool: int
    advanced: bool
    game_over: bool
    phase_number: int = 0  # phases played since the start (TableauCard.placed_in counts them)
    sub_step: str = ""  # develop/settle: "place" (secret choice) or "pay" (revealed)
    phase_passes: tuple[int, ...] = ()  # per phase still to come: 1, or 2 for a second one
    round_limit: int = 100  # the match option: it ends (turn limit) after this many rounds

    def __init__(self, seat: int, round: int, phase: Phase, phases: tuple[Phase, ...],
                 players: tuple[PlayerView, ...], hand: tuple[int, ...],
                 explore_cards: tuple[int, ...], pay_left: int, deck_count: int,
                 discard_count: int, vp_pool: int, advanced: bool, game_over: bool,
                 phase_number: int = 0, sub_step: str = "", phase_passes: tuple[int, ...] = (),
                 round_limit: int = 100) -> None:
        # In one store, as ActionDetail's (one is made for every decision of a launched bot).
        _SET_ATTRIBUTE(self, "__dict__", {
            "seat": seat, "round": round, "phase": phase, "phases": phases,
            "players": players, "hand": hand, "explore_cards": explore_cards,
            "pay_left": pay_left, "deck_count": deck_count, "discard_count": discard_count,
            "vp_pool": vp_pool, "advanced": advanced, "game_over": game_over,
            "phase_number": phase_number, "sub_step": sub_step,
            "phase_passes": phase_passes, "round_limit": round_limit,
        })


@dataclass(frozen=True)
class TradePrice:
    """Cards drawn when a good of this kind is sold (before trade powers)."""

    good: Good
    price: int


@dataclass(frozen=True)
class SixCostScoring:
    """A six-cost development's end-of-game VP as data: the sum over the tableau (itself
    included) of ``vp_by_card[card id]``, plus ``vp_per_three_chips`` per 3 VP chips."""

    card_id: int
    vp_by_card: tuple[int, ...]
    vp_per_three_chips: int


@dataclass(frozen=True)
class StaticData:
    """The card catalogue and the fixed numbers of the game."""

    cards: tuple[Card, ...]
    deck_size: int
    hand_limit: int
    trade_prices: tuple[TradePrice, ...]
    six_cost_scoring: tuple[SixCostScoring, ...]
