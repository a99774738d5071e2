"""The Race for the Galaxy match state: setup, rounds, phases I-V, powers and scoring.

Every seat has a ``step`` naming the small decision it owes now ("" when it owes none). All
seats with a step are pending at once, which gives simultaneous selection, explore keeps,
secret placement and parallel payment for free. When every seat is idle, ``_advance``
moves the match on (reveal placements, next phase, round end). Cards are design ids (0..94)
everywhere; duplicates are equal ints, which is all the rules need.
"""

from __future__ import annotations

import enum
import random
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from operator import getitem, itemgetter
from typing import TYPE_CHECKING, Any

from .._core import (
    Action,
    Decision,
    GameState,
    Kept,
    OptionError,
    Result,
    Termination,
    new_action,
    new_decision,
    shuffle,
)
from ._cards import CARDS, PRESET_HANDS, TRADE_PRICE, Card, CardKind, Good, GoodType, PowerKind
from ._view import (
    ActionCard,
    ActionDetail,
    DecisionKind,
    Observation,
    Phase,
    PlayerView,
    PowerRef,
    SettleMethod,
    TableauCard,
)

HAND_LIMIT = 10
_NEVER = 1 << 30  # the cost of a world no method can place
_PROMPTS = {
    "discard": "discard a card ({} to go)",
    "keep": "keep an explored card ({} to keep)",
    "develop": "place a development (or none)",
    "settle": "place a world (or none)",
    "method": "choose how to place the world",
    "pay": "pay a card ({} to go)",
    "trade": "sell a good",
    "power": "use a consume power",
    "good": "choose the good to consume",
    "hand": "discard a card for 1 VP, or stop",
    "gamble": "name a number for the lucky draw",
    "windfall": "produce on a windfall world",
}
# The prompts formatted so far, by step and count: a few hundred at most (by step first: a
# string key and an int key cost less to look up than a pair built for the lookup).
_PROMPT_TEXTS: dict[str, dict[int, str]] = {step: {} for step in _PROMPTS}


def _prompt_text(step: str, count: int) -> str:
    prompt = _PROMPTS[step]
    return prompt.format(count) if "{" in prompt else prompt

TABLEAU_END = 12
NO_CARD = -1
# The PowerRef of each (tableau index, power index) a view shows, made once: a frozen
# dataclass's __init__ sets its fields through object.__setattr__, and views are made often.
_POWER_REFS: dict[tuple[int, int], PowerRef] = {}


def _power_ref(ref: tuple[int, int]) -> PowerRef:
    """The PowerRef of ``ref`` (made at its first use)."""
    found = _POWER_REFS.get(ref)
    if found is None:
        found = _POWER_REFS[ref] = PowerRef(*ref)
    return found


def _members(cls: type[enum.Enum]) -> Any:
    """A module object holding the members of enum ``cls`` as its attributes.

    Reading ``PowerKind.CONSUME`` goes through the enum machinery (about 300 ns on CPython
    3.11), and the rules compare kinds, phases and goods by identity in every loop: the
    members are the same objects, read faster. A module, not a plain class: the interpreter
    specialises a module's attribute reads (a class attribute still costs a type lookup,
    about four times as much).
    """
    members = types.ModuleType(f"{cls.__name__}Members")
    vars(members).update(cls.__members__)
    return members


if TYPE_CHECKING:  # the checker sees the enums themselves (every member typed)
    K = PowerKind
    A = ActionCard
    PH = Phase
    G = Good
    GT = GoodType
    SM = SettleMethod
else:
    K = _members(PowerKind)
    A = _members(ActionCard)
    PH = _members(Phase)
    G = _members(Good)
    GT = _members(GoodType)
    SM = _members(SettleMethod)

# Powers of every design by phase, with their index on the card: the hot loops read these.
_CONSUME_KINDS = frozenset(
    {
        K.CONSUME,
        K.CONSUME_SET,
        K.CONSUME_DISTINCT,
        K.CONSUME_ALL,
        K.CONSUME_PRICE,
        K.CONSUME_PRICE_BONUS,
        K.CONSUME_DRAW,
        K.CONSUME_GAMBLE,
        K.CONSUME_HAND,
    }
)
# Powers of every design by phase (0-5), with their index on the card: the hot loops read
# these. From index 6 on, the powers of a phase that one rule reads, so that its loop meets
# no other power: (phase, kinds) of each in ``_RULE_POWERS``.
CONSUMING = 6  # the phase-4 powers that consume (not the trade bonuses)
WINDFALLS = 7  # produce on a windfall world
PRODUCERS = 8  # produce on the world itself
PRODUCE_DRAWS = 9  # draw cards in phase 5
TRADE_BONUSES = 10  # more cards for a good sold
SETTLE_DRAWS = 11  # draw cards after placing a world
_RULE_POWERS = (
    (4, _CONSUME_KINDS),
    (5, frozenset({K.PRODUCE_WINDFALL})),
    (5, frozenset({K.PRODUCE})),
    (5, frozenset({K.PRODUCE_DRAW, K.PRODUCE_DRAW_IF, K.PRODUCE_DRAW_PER_GOOD,
                   K.PRODUCE_DRAW_DISTINCT, K.PRODUCE_DRAW_PER_WORLD, K.PRODUCE_DRAW_MOST})),
    (4, frozenset({K.TRADE_BONUS, K.TRADE_THIS_WORLD})),
    (3, frozenset({K.SETTLE_DRAW_AFTER})),
)
_BY_PHASE: tuple[tuple[tuple[tuple[int, Any], ...], ...], ...] = tuple(
    tuple(tuple((i, p) for i, p in enumerate(c.powers) if p.phase == ph) for ph in range(6))
    + tuple(tuple((i, p) for i, p in enumerate(c.powers) if p.phase == ph and p.kind in kinds)
            for ph, kinds in _RULE_POWERS)
    for c in CARDS
)
_NO_POWERS = ((),) * len(_BY_PHASE[0])  # an empty power cache: nothing active
# What a design at a tableau position adds to the power cache when it becomes active:
# ``_POWERS_AT[ti][card]`` is ((phase, ((ti, power index, power), ...)), ...) for the phases
# it has powers in. Rows for the positions a tableau reaches are built at import, a longer
# tableau adds its rows on first use.
_POWERS_AT: list[tuple[tuple[tuple[int, tuple[tuple[int, int, Any], ...]], ...], ...]] = []


# The phases each design has powers in, with those powers: what a row is made from.
_PHASES_OF = tuple(tuple((phase, powers) for phase, powers in enumerate(by_phase) if powers)
                   for by_phase in _BY_PHASE)


def _powers_at(ti: int) -> tuple[tuple[tuple[int, tuple[tuple[int, int, Any], ...]], ...], ...]:
    while len(_POWERS_AT) <= ti:
        n = len(_POWERS_AT)
        _POWERS_AT.append(tuple(
            tuple([(phase, tuple([(n, pi, p) for pi, p in powers])) for phase, powers in phases])
            for phases in _PHASES_OF))
    return _POWERS_AT[ti]


_powers_at(TABLEAU_END + 4)
_START_WORLDS = tuple(c.id for c in CARDS if c.kind is CardKind.START_WORLD)
# The deck before the start worlds join it, in catalogue order (the shuffle's input).
_DECK = [c.id for c in CARDS if c.kind is not CardKind.START_WORLD for _ in range(c.copies)]
_NAME = {c.name: c.id for c in CARDS}
_BASIC_ACTIONS = (
    A.EXPLORE_5,
    A.EXPLORE_1_1,
    A.DEVELOP,
    A.SETTLE,
    A.CONSUME_TRADE,
    A.CONSUME_2X,
    A.PRODUCE,
)
# The phases a round can have, in order, and the action cards that call each.
_PLAN = (
    (PH.EXPLORE, 1, (A.EXPLORE_5, A.EXPLORE_1_1)),
    (PH.DEVELOP, 1, (A.DEVELOP,)),
    (PH.DEVELOP, 2, (A.DEVELOP_2,)),
    (PH.SETTLE, 1, (A.SETTLE,)),
    (PH.SETTLE, 2, (A.SETTLE_2,)),
    (PH.CONSUME, 1, (A.CONSUME_TRADE, A.CONSUME_2X)),
    (PH.PRODUCE, 1, (A.PRODUCE,)),
)
# The phases of a round by the mask of action cards chosen (at most 2**9 of them).
_PLANS: dict[int, tuple[tuple[Phase, int], ...]] = {}


def _plan(chosen: int) -> tuple[tuple[Phase, int], ...]:
    """The phases of a round whose chosen action cards are the bit mask ``chosen``."""
    return tuple((phase, k) for phase, k, cards in _PLAN
                 if any(chosen >> a._value_ & 1 for a in cards))

_ACTION_TEXT = {
    A.EXPLORE_5: "Explore +5",
    A.EXPLORE_1_1: "Explore +1/+1",
    A.DEVELOP: "Develop",
    A.DEVELOP_2: "Develop (2nd)",
    A.SETTLE: "Settle",
    A.SETTLE_2: "Settle (2nd)",
    A.CONSUME_TRADE: "Consume: Trade",
    A.CONSUME_2X: "Consume: 2x VP",
    A.PRODUCE: "Produce",
}
_Options = list[Action]
# By ActionCard value (``_value_``: the plain attribute, no enum property or hash on the way).
_ACTION_TEXTS = tuple(_ACTION_TEXT[a] for a in sorted(_ACTION_TEXT, key=lambda a: a.value))
_NAMES = tuple(c.name for c in CARDS)
_GOOD_TEXTS = tuple(f"Consume the good on {name}" for name in _NAMES)
# The end of a seat's "round n: seat i chose X" event, by seat and action value.
_CHOSE = tuple(tuple(f"{i} chose {text}" for text in _ACTION_TEXTS) for i in range(4))
_ONLY = tuple(frozenset({i}) for i in range(4))  # the visibility of a seat's own events


def _chose_text(round_no: int, i: int, value: int) -> str:
    return f"round {round_no}: seat {_CHOSE[i][value]}"


def _places_text(i: int, card: int) -> str:
    return f"seat {i} places {_NAMES[card]}"


def _consumes_text(i: int, world: int) -> str:
    return f"seat {i} consumes the good on {_NAMES[world]}"


def _sells_text(i: int, world: int, cards: int) -> str:
    return f"seat {i} sells the good on {_NAMES[world]} for {cards} cards"


def _game_over_text(round_no: int, tableaux: tuple[tuple[tuple[int, ...], int], ...]) -> str:
    """The last event: the round and every seat's score (its tableau's cards and chips)."""
    from ._scoring import score_cards

    scores = ", ".join(f"seat {i}: {score_cards(cards, chips)}"
                       for i, (cards, chips) in enumerate(tableaux))
    return f"game over after round {round_no}; {scores}"


def _explore_text(i: int, cards: tuple[int, ...]) -> str:
    return f"seat {i} explores {', '.join([_NAMES[c] for c in cards]) or 'nothing'}"


def _select_options(choices: tuple[tuple[ActionCard, ...], ...]) -> _Options:
    return [
        Action(n, " + ".join(_ACTION_TEXT[a] for a in pair),
               ActionDetail(DecisionKind.SELECT, actions=pair))
        for n, pair in enumerate(choices)
    ]


_SELECT_SINGLE = _select_options(tuple((a,) for a in _BASIC_ACTIONS))
# Advanced game: any two different basic actions, or a basic Develop/Settle with its duplicate.
_SELECT_PAIRS = _select_options(
    tuple(combinations(_BASIC_ACTIONS, 2))
    + ((A.DEVELOP, A.DEVELOP_2), (A.SETTLE, A.SETTLE_2))
)

# The selection decision of every seat, for the base and the advanced game: it never changes.
_SELECT_DECISIONS = {
    advanced: tuple(
        Decision(i, "choose your actions" if advanced else "choose your action",
                 tuple(_SELECT_PAIRS if advanced else _SELECT_SINGLE), "select")
        for i in range(4)
    )
    for advanced in (False, True)
}

# The pending decisions of the selection, by the advanced flag and the number of players.
_SELECT_PENDING = {
    advanced: tuple({i: decisions[i] for i in range(n)} for n in range(5))
    for advanced, decisions in _SELECT_DECISIONS.items()
}

_IS_DEV = tuple(c.kind is CardKind.DEVELOPMENT for c in CARDS)
# The designs a seat can develop and settle: the options take the hand's cards of one kind
# by a set operation (in C) instead of judging every card in a loop.
_DEVELOPMENTS = frozenset(c.id for c in CARDS if _IS_DEV[c.id])
_WORLDS = frozenset(c.id for c in CARDS if not _IS_DEV[c.id])
_DESIGN = itemgetter(0)  # a tableau entry's card
_DEVELOP_NOTHING = Action(0, "Develop nothing", ActionDetail(DecisionKind.DEVELOP))
_SETTLE_NOTHING = Action(0, "Settle nothing", ActionDetail(DecisionKind.SETTLE))
_STOP_DISCARDING = Action(0, "Stop discarding", ActionDetail(DecisionKind.CONSUME_HAND))
_GAMBLE = [Action(n - 1, f"Name {n}", ActionDetail(DecisionKind.GAMBLE, number=n))
           for n in range(1, 8)]
_CARD_STEP = {
    "discard": ("Discard", DecisionKind.DISCARD),
    "pay": ("Pay with", DecisionKind.PAY),
    "keep": ("Keep", DecisionKind.KEEP),
}
# Every distinct action built so far, by (how its parts are made, id, what they depend on).
# Bounded: ids are below the deck size and the other parts are card ids and small costs.
_ACTIONS: dict[tuple[Any, ...], Action] = {}


# The text and detail of every distinct action built so far, by what they depend on but its
# id: actions that differ only in their position share them (a detail costs microseconds).
_PARTS: dict[tuple[Any, ...], tuple[str, ActionDetail]] = {}
# Discard, pay and keep: text and detail by step and card, for every design.
_CARD_PARTS = {
    step: tuple((f"{verb} {c.name}", ActionDetail(kind, card=c.id)) for c in CARDS)
    for step, (verb, kind) in _CARD_STEP.items()
}


def _card_action(step: str, n: int, card: int) -> Action:
    text, detail = _CARD_PARTS[step][card]
    return Action(n, text, detail)


def _action(n: int, make: Callable[..., tuple[str, ActionDetail]], *args: Any) -> Action:
    """Action ``n`` with the text and detail ``make(*args)``, each built once per process."""
    key = (make, n, *args)
    action = _ACTIONS.get(key)
    if action is None:
        parts = _PARTS.get(key[:1] + key[2:])
        if parts is None:
            parts = _PARTS[key[:1] + key[2:]] = make(*args)
        action = _ACTIONS[key] = Action(n, parts[0], parts[1])
    return action


def _develop_parts(c: int, cost: int) -> tuple[str, ActionDetail]:
    return (f"Develop {CARDS[c].name} (cost {cost})",
            ActionDetail(DecisionKind.DEVELOP, card=c, number=cost))


def _hand_parts(c: int) -> tuple[str, ActionDetail]:
    return f"Discard {CARDS[c].name} for 1 VP", ActionDetail(DecisionKind.CONSUME_HAND, card=c)


def _power_parts(cid: int, ti: int, pi: int, text: str) -> tuple[str, ActionDetail]:
    return (f"Use {CARDS[cid].name}: {text}",
            ActionDetail(DecisionKind.CONSUME_POWER, card=cid, source_index=ti, power_index=pi))


@cache  # shared by the actions that differ in their id only
def _good_parts(cid: int, ti: int, src: int, pi: int) -> tuple[str, ActionDetail]:
    return (_GOOD_TEXTS[cid],
            ActionDetail(DecisionKind.CONSUME_GOOD, card=cid, tableau_index=ti,
                         source_index=src, power_index=pi))


def _method_parts(card: int, m: int, cost: int) -> tuple[str, ActionDetail]:
    method = _SETTLE_METHODS[m]
    return (f"{method.name.lower().replace('_', ' ')} (pay {cost})",
            ActionDetail(DecisionKind.METHOD, card=card, method=method, number=cost))


@cache  # shared by the actions that differ in their id only
def _trade_parts(card: int, ti: int, price: int) -> tuple[str, ActionDetail]:
    return (f"Sell the good on {CARDS[card].name} for {price} cards",
            ActionDetail(DecisionKind.TRADE, card=card, tableau_index=ti))


@cache  # shared by the actions that differ in their id only
def _windfall_parts(card: int, w: int, src: int, pi: int, source: int
                    ) -> tuple[str, ActionDetail]:
    return (f"Produce on {CARDS[card].name}"
            + (" (Produce bonus)" if src < 0 else f" ({CARDS[source].name})"),
            ActionDetail(DecisionKind.WINDFALL, card=card, tableau_index=w, source_index=src,
                         power_index=pi))


def _settle_parts(c: int, cost: int) -> tuple[str, ActionDetail]:
    card = CARDS[c]
    note = f"conquer {card.cost}" if card.military else f"cost {cost}"
    return f"Settle {card.name} ({note})", ActionDetail(DecisionKind.SETTLE, card=c, number=cost)


# Per card design, the facts the legality loops read (plain ints and bools, no enum access).
_COST = tuple(c.cost for c in CARDS)
_GOOD_INDEX = tuple(c.good.value for c in CARDS)
_GOOD = tuple(c.good for c in CARDS)
_IS_WINDFALL = tuple(c.good_type is GT.WINDFALL for c in CARDS)
_PRICE = tuple(TRADE_PRICE.get(c.good, 0) for c in CARDS)  # what selling its good draws
_SETTLE_METHODS = tuple(sorted(SettleMethod, key=lambda m: m.value))  # by value
_GOOD_KINDS = len(Good)  # an enum's len() is a Python-level call
_IS_REBEL = tuple("rebel" in c.traits for c in CARDS)
# Rows of discard/pay/keep actions: ``_CARD_ROWS[step][n][card]`` is action ``n`` for that
# card. Rows for the hand sizes random play reaches in its first matches are built at import
# (about four thousand shared actions); a longer list of distinct cards adds its rows on
# first use.
_CARD_ROWS: dict[str, list[tuple[Action, ...]]] = {step: [] for step in _CARD_STEP}


def _card_rows(step: str, count: int) -> list[tuple[Action, ...]]:
    """The rows of ``step`` with at least ``count`` of them."""
    rows = _CARD_ROWS[step]
    while len(rows) < count:
        n = len(rows)
        rows.append(tuple(_card_action(step, n, c) for c in range(len(CARDS))))
    return rows


for _step, _count in (("discard", 20), ("pay", 14), ("keep", 10)):
    _card_rows(_step, _count)

# Develop and settle actions by (id, card, cost): what _action builds, one lookup away.
_DEVELOP_ACTIONS: dict[tuple[int, int, int], Action] = {}
_SETTLE_ACTIONS: dict[tuple[int, int, int], Action] = {}
# Consume-power actions by (id, card, tableau index, power index); consume-good actions by
# (id, card, tableau index, source index, power index).
_POWER_ACTIONS: dict[tuple[int, int, int, int], Action] = {}
_GOOD_ACTIONS: dict[tuple[int, int, int, int, int], Action] = {}
# Trade actions by (id, card, tableau index, price); windfall actions by (id, card, tableau
# index, source index, power index, source card).
_TRADE_ACTIONS: dict[tuple[int, int, int, int], Action] = {}
_WINDFALL_ACTIONS: dict[tuple[int, int, int, int, int, int], Action] = {}
# Card-discard (CONSUME_HAND) actions as rows like _CARD_ROWS: ``_HAND_ROWS[n][card]`` is
# action ``n`` (1, 2, ...; row 0 is unused: action 0 is the stop).
_HAND_ROWS: list[tuple[Action, ...]] = []


def _hand_rows(count: int) -> None:
    """Make ``_HAND_ROWS`` at least ``count`` rows long."""
    while len(_HAND_ROWS) < count:
        n = len(_HAND_ROWS)
        _HAND_ROWS.append(tuple(_action(n, _hand_parts, c) for c in range(len(CARDS))))


_hand_rows(14)


@dataclass(slots=True)
class _SettlePowers:
    """What a seat's active phase-3 powers do to placing worlds, gathered in one pass.

    Lists are indexed by ``Good`` value. ``cut`` is the SETTLE_COST reduction for any world,
    ``cut_by_good`` the one for worlds of one kind; ``military`` is the plain Military and
    ``military_vs``/``military_rebel`` the specialised Military that applies to some worlds.
    """

    any: bool = False
    cut: int = 0
    cut_by_good: list[int] = field(default_factory=lambda: [0] * _GOOD_KINDS)
    military: int = 0
    military_vs: list[int] = field(default_factory=lambda: [0] * _GOOD_KINDS)
    military_rebel: int = 0
    colony_ship: bool = False
    tactics: bool = False
    contact: bool = False
    # The cheapest way to place each world judged so far, by design (see ``cost``): a memo,
    # not part of what the powers are.
    costs: dict[int, int] = field(default_factory=dict, compare=False)

    def cost(self, cid: int) -> int:
        """The fewest cards any way of placing world ``cid`` costs (``_NEVER``: no way).

        This is ``RaceState._methods`` without the hand: a way that pays cards is open when
        its cost is at most the hand less the world, and the free ways cost 0, so the world
        can be placed exactly when this is at most that budget, and then costs this.
        """
        card = CARDS[cid]
        good = _GOOD_INDEX[cid]
        cut = self.cut + self.cut_by_good[good]
        ship = self.colony_ship and card.good is not G.ALIEN
        best = _NEVER
        if not card.military:
            best = card.cost - cut
            if best < 0 or ship:
                best = 0
        else:
            military = self.military + self.military_vs[good]
            if _IS_REBEL[cid]:
                military += self.military_rebel
            if military >= card.cost or (self.tactics and military + 3 >= card.cost):
                best = 0
            elif self.contact and card.good is not G.ALIEN:
                best = 0 if ship else max(0, card.cost - 1 - cut)
        self.costs[cid] = best
        return best

    @staticmethod
    def of(powers: tuple[tuple[int, int, Any], ...]) -> _SettlePowers:
        """Gather the active phase-3 powers ``powers`` (as ``RaceState._powers`` gives them)."""
        if not powers:
            return _NO_SETTLE_POWERS
        # The lists given: no call of their default factories (a Python call each).
        out = _SettlePowers(any=True, cut_by_good=[0] * _GOOD_KINDS,
                            military_vs=[0] * _GOOD_KINDS)
        for _ti, _pi, p in powers:
            kind = p.kind
            if kind is K.SETTLE_COST:
                if p.good is G.ANY:
                    out.cut += p.value
                else:
                    out.cut_by_good[p.good.value] += p.value
            elif kind is K.MILITARY:
                out.military += p.value
            elif kind is K.MILITARY_VS:
                out.military_vs[p.good.value] += p.value
            elif kind is K.MILITARY_VS_REBEL:
                out.military_rebel += p.value
            elif kind is K.COLONY_SHIP:
                out.colony_ship = True
            elif kind is K.NEW_MILITARY_TACTICS:
                out.tactics = True
            elif kind is K.CONTACT_SPECIALIST:
                out.contact = True
        return out


_NO_SETTLE_POWERS = _SettlePowers()  # shared: its costs depend on nothing but the design


@dataclass(slots=True)
class Seat:
    """Everything one seat holds, plus its progress through the current phase."""

    hand: list[int] = field(default_factory=list)
    # Each entry: [card, good card or -1, phase number it was placed in].
    tableau: list[list[int]] = field(default_factory=list)
    vp: int = 0
    actions: list[ActionCard] = field(default_factory=list)
    step: str = ""
    count: int = 0  # cards still to discard/keep/pay, or goods/cards the current power takes
    drawn: list[int] = field(default_factory=list)
    placing: int = NO_CARD
    methods: list[int] = field(default_factory=list)  # SettleMethod values open to the world
    bonus: bool = False
    used: list[tuple[int, int]] = field(default_factory=list)
    current: tuple[int, int] = (-1, -1)
    taken: list[Good] = field(default_factory=list)
    produced: list[Good] = field(default_factory=list)
    produced_on: list[int] = field(default_factory=list)
    # Active powers by phase (0-5, then CONSUMING and the other rules' own) of the first
    # ``power_count`` entries (the last of them ``power_last``) of the tableau list
    # ``power_tableau``, the same up to phase number ``power_until`` (then a card placed before
    # may become active): the hot loops ask for them several times a decision. They are
    # current while ``power_valid`` is the seat's tableau list; a change of the tableau and a
    # phase past ``power_until`` set it to None, and a list put in the tableau's place (a
    # state built by hand) never matches it.
    power_cache: list[tuple[tuple[int, int, Any], ...]] = field(default_factory=list)
    power_count: int = 0
    power_last: list[int] | None = None
    power_until: int = -1
    power_tableau: list[list[int]] | None = None
    power_valid: list[list[int]] | None = None
    settle_powers: _SettlePowers | None = None  # phase 3 gathered, cleared with the cache
    # What observations show of the tableau, kept while ``view[0]`` is the seat's tableau
    # list and nothing in it changed (every change sets it to None): the list, its cards as
    # shown, military, and the score with ``view[3]`` VP chips. Made at most once a step and
    # read by every seat's observation (a third of an observation's time otherwise).
    view: tuple[list[list[int]], tuple[TableauCard, ...], int, int, int] | None = None
    # The seat's last PlayerView with everything it was made from (``RaceState._player_view``):
    # most of a seat's public facts stay the same from one decision to the next, and its own
    # view is most often the others' view of it. Compared, not hashed: a dict of them cost a
    # hash of the whole key at every view (its enum members' in Python), and almost every
    # view it found was the last one.
    last_view: tuple[tuple[Any, ...], PlayerView] | None = None

    def copy(self) -> Seat:
        """An independent copy (its lists are new; the power cache starts empty)."""
        return Seat(self.hand[:], [e[:] for e in self.tableau], self.vp, self.actions[:],
                    self.step, self.count, self.drawn[:], self.placing, self.methods[:],
                    self.bonus, self.used[:], self.current, self.taken[:], self.produced[:],
                    self.produced_on[:])


class RaceState(GameState):
    """One match of Race for the Galaxy (base game), 2-4 players."""

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.advanced = bool(self.options["advanced"]) and num_players == 2
        if self.options["advanced"] and num_players != 2:
            raise OptionError("option 'advanced' is the two-player advanced game; players: 2")
        self.round_limit = int(self.options["round_limit"])
        self.seats = [Seat() for _ in range(num_players)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.vp_pool = 12 * num_players
        self.round = 0
        self.stage = PH.SETUP_DISCARD
        self.sub = ""
        self.phase_no = 0
        self.phases: list[tuple[Phase, int]] = []
        self.termination: Termination | None = None
        self._cache: dict[int, Decision] | None = None
        # Decisions built by _continue for the seats it stopped at, in timing order, reused by
        # _pending: empty, or one for every seat with a step (the engine stops every seat it
        # gives a step through _continue; a state built otherwise leaves it empty). Handed over
        # when the decisions are cached: empty whenever _cache is set, so an apply starts
        # with it empty.
        self._stash: dict[int, Decision] = {}
        self.order = tuple(range(num_players))
        self._setup(str(self.options["setup"]))
        self._advance()

    # -- setup ------------------------------------------------------------------------------

    def _setup(self, setup: str) -> None:
        cards = _DECK[:]
        if setup == "first_game":
            starts = [next(c.id for c in CARDS if c.start_number == i + 1)
                      for i in range(self.num_players)]
            for seat, start in zip(self.seats, starts, strict=True):
                for name in PRESET_HANDS[CARDS[start].start_number]:
                    cards.remove(_NAME[name])
                    seat.hand.append(_NAME[name])
            cards.extend(s for s in _START_WORLDS if s not in starts)
            shuffle(cards, self.rng)
            self.deck = cards
        else:
            starts = list(_START_WORLDS)
            shuffle(starts, self.rng)
            cards.extend(starts[self.num_players:])
            starts = starts[: self.num_players]
            shuffle(cards, self.rng)
            self.deck = cards
            for seat in self.seats:
                seat.hand = [self.deck.pop() for _ in range(6)]
                seat.step, seat.count = "discard", 2
        for seat, start in zip(self.seats, starts, strict=True):
            seat.tableau.append([start, NO_CARD, 0])
            seat.power_valid = seat.view = None
        self.order = self._timing_order()
        for i in self.order:
            seat, start = self.seats[i], starts[i]
            self.log(f"seat {i} starts with {CARDS[start].name}")
            if CARDS[start].good_type is GT.WINDFALL:
                seat.tableau[0][1] = self._draw()
                seat.view = None
        for i, seat in enumerate(self.seats):
            self.log(f"seat {i} hand: {self._names(seat.hand)}", _ONLY[i])

    def _timing_order(self) -> tuple[int, ...]:
        """Seats in timing order: clockwise (rising seat numbers) from the lowest-numbered
        start world (the first card of every tableau; start worlds never leave it)."""
        n = self.num_players
        numbers = [CARDS[s.tableau[0][0]].start_number if s.tableau else -1 for s in self.seats]
        first = min(range(n), key=lambda i: (numbers[i] < 0, numbers[i]))
        return tuple((first + k) % n for k in range(n))

    @property
    def order(self) -> tuple[int, ...]:
        """Seats in timing order (setting it also sets the (seat, Seat) pairs in order)."""
        return self._order

    @order.setter
    def order(self, value: tuple[int, ...]) -> None:
        self._order = tuple(value)
        self._ordered = [(i, self.seats[i]) for i in self._order]
        self._seat_ordered = self._order == tuple(sorted(self._order))

    def _in_order(self) -> list[tuple[int, Seat]]:
        return self._ordered

    # -- framework hooks --------------------------------------------------------------------

    def _pending(self) -> dict[int, Decision]:
        cache = self._cache
        if cache is None:
            # In seat order: the decisions _continue stopped at (the stash itself when the
            # timing order is the seat order), else built now (e.g. a determinized state).
            stash = self._stash
            if not stash:
                cache = {i: self._decision(i) for i, seat in enumerate(self.seats) if seat.step}
            else:
                cache = (stash if self._seat_ordered or len(stash) == 1
                         else dict(sorted(stash.items())))
                self._stash = {}
            self._cache = cache
        return cache

    def _decision(self, i: int) -> Decision:
        """The seat's decision now, built from its legal actions."""
        return new_decision(i, self._prompt(i), tuple(self._options(i)), self.seats[i].step)

    def _apply(self, choices: dict[int, Action]) -> None:
        self._cache = None
        for i in self._order:  # timing ties: who draws first (RULES.md)
            if i in choices:
                self._do(i, choices[i].detail)
                self._continue(i)
        self._advance()

    # The framework's pending/apply, with the usual case (one seat, its decision already
    # built) straight through: random play and search bots call these once per decision.

    def pending(self) -> dict[int, Decision]:
        """The open decisions by seat (several seats when the choice is simultaneous)."""
        cache = self._cache
        return cache if cache is not None else self._pending()

    def is_over(self) -> bool:
        """True when no decision is open."""
        return not self.pending()

    def apply(self, choices: Mapping[int, int]) -> None:
        """Apply one action id for every pending seat; raises before changing anything."""
        cache = self._cache
        pending = cache if cache is not None else self._pending()
        if len(pending) == 1 and len(choices) == 1:
            (seat,) = pending  # no items view and pair made for the one entry
            decision = pending[seat]
            if seat in choices:
                aid = choices[seat]
                # Ids are positions (0, 1, ...): the action at position ``aid`` is the one
                # when its id is ``aid`` (what Decision.action finds first); anything else
                # (no such position, a negative id) is left to Decision.action, which raises.
                try:
                    action = decision.legal[aid]
                except (TypeError, IndexError):
                    action = None
                if action is None or action.id != aid:
                    action = decision.action(aid)
                self._cache = None
                self._do(seat, action.detail)
                mine = self.seats[seat]
                if mine.step:
                    self._continue(seat)
                    if mine.step:
                        # Still this seat's turn (more to pay, discard, consume...): every
                        # other seat is idle as it was, so nothing advances, and what
                        # _continue stopped at (the stash holds it alone) is the one open decision.
                        self._cache, self._stash = self._stash, {}
                        return
                self._advance()
                return
        elif pending and len(choices) == len(pending):
            # Every pending seat chose (simultaneous selection, keeps, discards): take each
            # seat's action as for one seat, above, before anything changes; a seat missing
            # or an id that is not a position leaves it all to the framework, which checks
            # seats and ids in its own order and raises (or plays an odd id such as 1.0).
            details: list[Any] = [None] * self.num_players
            for seat, decision in pending.items():
                try:
                    aid = choices[seat]
                    action = decision.legal[aid]
                except (KeyError, TypeError, IndexError):
                    break
                if action.id != aid:
                    break
                details[seat] = action.detail
            else:  # every seat's action found: play them in timing order
                self._cache = None
                if self.stage is PH.SELECT and len(pending) == self.num_players:
                    # Every seat selected (_do's select for each): the selection is revealed
                    # straight away, without an _advance pass to find every seat idle.
                    for i, selecting in self._ordered:
                        selecting.actions = [*details[i].actions]
                        selecting.step = ""
                    self._reveal_actions()
                    self._next_phase()
                    self._advance()
                    return
                seats = self.seats
                for i in self._order:  # timing ties: who draws first (RULES.md)
                    detail = details[i]
                    if detail is not None:
                        mine = seats[i]
                        self._do(i, detail)
                        if mine.step:
                            self._continue(i)
                self._advance()
                return
        super().apply(choices)  # a seat missing or not asked, an odd id: the framework's way

    # -- the machine ------------------------------------------------------------------------

    def _continue(self, i: int) -> None:
        """Play the seat's forced choices (a single option) until it must really choose."""
        seat = self.seats[i]
        while step := seat.step:
            if step == "pay" or step == "discard" or step == "keep":
                # The card steps, the most frequent ones: judged and offered inline (what
                # _card_options and _prompt give), one distinct card played as forced.
                pile = seat.drawn if step == "keep" else seat.hand
                count = seat.count
                if count <= 0 or count >= len(pile):
                    if step == "keep":
                        if count > 0:
                            seat.hand.extend(pile)
                            seat.drawn = []
                        seat.step, seat.count = "", 0
                        continue
                    while seat.count > 0 and seat.hand:
                        self._discard_from_hand(i, seat.hand[-1])
                        seat.count -= 1
                    self._finish_step(i)
                    continue
                cards = sorted({*pile})  # a set display: no set() call
                n = len(cards)
                if n > 1:
                    rows = _CARD_ROWS[step]
                    if len(rows) < n:
                        rows = _card_rows(step, n)
                    try:
                        prompt = _PROMPT_TEXTS[step][count]
                    except KeyError:  # a count past the prompts made at import
                        prompt = self._prompt(i)
                    # Action n is rows[n][cards[n]]; map stops at the last card.
                    self._stash[i] = new_decision(i, prompt, tuple(map(getitem, rows, cards)), step)
                    return
                self._do(i, _CARD_ROWS[step][0][cards[0]].detail)
                continue
            if step == "good" and seat.count <= 0:
                self._finish_step(i)
                continue
            # The steps that usually offer nothing, judged without building their actions:
            # no consume power, one way to place a world.
            if step == "power":
                powers = self._powers(i, CONSUMING)
                opts = self._power_options(i, powers) if powers else None
                if not opts:  # no consume power (the usual case), or none usable now
                    seat.step, seat.count = "", 0
                    return
                if len(opts) == 1:
                    self._do(i, opts[0].detail)
                    continue
                prompt = _PROMPT_TEXTS[step].get(seat.count) or self._prompt(i)
                self._stash[i] = new_decision(i, prompt, tuple(opts), step)
                return
            if step == "method" and len(seat.methods) == 1:
                method = _SETTLE_METHODS[seat.methods[0]]
                seat.methods = []
                self._use_method(i, method)
                continue
            opts = _OPTIONS_BY_STEP[step](self, i)  # _options
            if len(opts) > 1:
                prompt = _PROMPT_TEXTS[step].get(seat.count) or self._prompt(i)
                self._stash[i] = new_decision(i, prompt, tuple(opts), step)
                return
            if not opts:  # a step with nothing possible ends (e.g. no good left to take)
                self._finish_step(i)
                continue
            self._do(i, opts[0].detail)

    def _advance(self) -> None:
        """While every seat is idle, end the phase (most go on to the next one) or the round."""
        seats = self.seats
        while self.termination is None:
            for seat in seats:
                if seat.step:
                    return
            stage = self.stage
            if stage is PH.DEVELOP or stage is PH.SETTLE:
                if self.sub == "place":
                    self._reveal_placements()
                    continue
            elif stage is PH.EXPLORE:
                for _i, seat in self._ordered:  # the discards in timing order
                    self.discard.extend(seat.drawn)
                    seat.drawn = []
            elif stage is PH.PRODUCE:
                self._produce_draws()
            elif stage is PH.SETUP_DISCARD or stage is PH.ROUND_DISCARD:
                if stage is PH.SETUP_DISCARD or not self._end_reached():
                    self._start_round()
                continue
            elif stage is PH.SELECT:
                self._reveal_actions()
            elif stage is not PH.CONSUME:
                return  # the match is over
            self._next_phase()

    def _set(self, i: int, step: str, count: int = 0) -> None:
        self.seats[i].step = step
        self.seats[i].count = count
        self._continue(i)

    def _start_round(self) -> None:
        self.round += 1
        if self.round > self.round_limit:
            self.termination = Termination.TURN_LIMIT
            self.stage = PH.GAME_OVER
            self.log(f"round limit {self.round_limit} reached")
            return
        self.stage = PH.SELECT
        for seat in self.seats:
            seat.actions = []
            seat.step, seat.count = "select", 0
        # Every seat selects, from the same decision every round: the pending dict as
        # _pending would build it (a copy: callers may change what pending() gives them).
        self._cache = _SELECT_PENDING[self.advanced][self.num_players].copy()

    def _reveal_actions(self) -> None:
        chosen = 0  # the action cards chosen, as a bit mask by value
        round_no = self.round
        lines = self._lines  # self.log, inline: one public event per seat every round
        single = not self.advanced  # one action card each, else two
        for i, seat in self._ordered:
            actions = seat.actions
            if single:
                value = actions[0]._value_
                chosen |= 1 << value
                lines.append((None, _chose_text, round_no, i, value))  # made when read
            else:
                for a in actions:
                    chosen |= 1 << a._value_
                lines.append(f"round {round_no}: seat {i} chose "
                             + " and ".join([_ACTION_TEXTS[a._value_] for a in actions]))
        self.phases = [*_PLANS[chosen]]  # every mask's plan is made at import

    def _next_phase(self) -> None:
        if not self.phases:
            self.stage = PH.ROUND_DISCARD
            for i, seat in self._ordered:
                if len(seat.hand) > HAND_LIMIT:
                    self._set(i, "discard", len(seat.hand) - HAND_LIMIT)
            return
        phase, k = self.phases.pop(0)
        self.stage = phase
        now = self.phase_no = self.phase_no + 1
        # The phase's opening reads every seat's powers kept: bring them up to date (a card
        # placed before may work from now on).
        for seat in self.seats:
            if seat.power_valid is not seat.tableau or seat.power_until < now:
                self._refresh_powers(seat)
        if phase is PH.EXPLORE:
            self._begin_explore(k)
        elif phase is PH.DEVELOP:
            self._begin_develop(k)
        elif phase is PH.SETTLE:
            self._begin_settle(k)
        elif phase is PH.CONSUME:
            self._begin_consume(k)
        else:
            self._begin_produce(k)

    def _end_reached(self) -> bool:
        ended = self.vp_pool <= 0
        for seat in self.seats:
            if len(seat.tableau) >= TABLEAU_END:
                ended = True
        if ended:
            self.termination = Termination.NORMAL
            self.stage = PH.GAME_OVER
            # self.log, the text made when read (scoring is a good part of a playout's end)
            tableaux = tuple((tuple(map(_DESIGN, s.tableau)), s.vp) for s in self.seats)
            self._lines.append((None, _game_over_text, self.round, tableaux))
            return True
        return False

    # -- cards and powers -------------------------------------------------------------------

    def _draw(self) -> int:
        """The top card of the supply, or -1 when supply and discards are both empty.

        "When the card supply is exhausted, immediately reshuffle the discards": the new
        supply is formed by the draw that empties the old one, so later discards start a new
        pile. If there was nothing to reshuffle then, the next draw reshuffles what there is.
        """
        if not self.deck:
            if not self.discard:
                return NO_CARD
            self._reshuffle()
        card = self.deck.pop()
        if not self.deck and self.discard:
            self._reshuffle()
        return card

    def _reshuffle(self) -> None:
        self.deck, self.discard = self.discard, []
        shuffle(self.deck, self.rng)
        self.log("the discards are reshuffled into a new supply")

    def _take(self, n: int) -> list[int]:
        """The next ``n`` cards of the supply (fewer when supply and discards run out)."""
        deck = self.deck
        left = len(deck) - n
        if left > 0:  # no reshuffle on the way: one slice, in the order pop() gives
            cards = deck[: -n - 1 : -1] if n else []
            del deck[left:]
            return cards
        cards = []
        for _ in range(n):
            c = self._draw()
            if c == NO_CARD:
                break
            cards.append(c)
        return cards

    def _draw_cards(self, i: int, n: int) -> None:
        if n > 0:
            self.seats[i].hand.extend(self._take(n))

    def _powers(self, i: int, phase: int) -> tuple[tuple[int, int, Any], ...]:
        """Active powers of a phase: (tableau index, power index, power), in tableau order.

        A card's powers work from the phase after the one it was placed in. All phases are
        kept per seat and checked by one comparison; when the tableau changes or a card
        placed earlier becomes active, ``_refresh_powers`` brings them up to date.
        """
        seat = self.seats[i]
        if seat.power_valid is seat.tableau:
            return seat.power_cache[phase]
        return self._refresh_powers(seat)[phase]

    def _refresh_powers(self, seat: Seat) -> list[tuple[tuple[int, int, Any], ...]]:
        """The seat's active powers of every phase now.

        Cards join a tableau at its end and become active in that order, so the usual update
        adds the powers of the entries that became active to the ones kept; anything else
        (another tableau list, an entry removed before the kept ones end) gathers them anew.
        """
        now = self.phase_no
        tableau = seat.tableau
        size = len(tableau)
        count = seat.power_count
        cache = seat.power_cache
        if (seat.power_tableau is not tableau or count > size
                or (count and tableau[count - 1] is not seat.power_last)):
            count = 0
            cache = list(_NO_POWERS)
        seat.power_tableau = tableau
        if count < size and tableau[count][2] < now:
            seat.settle_powers = None
            cache = [*cache]
            while count < size and tableau[count][2] < now:
                row = _POWERS_AT[count] if count < len(_POWERS_AT) else _powers_at(count)
                for phase, found in row[tableau[count][0]]:
                    cache[phase] += found
                count += 1
            if count < size and any(entry[2] < now for entry in tableau[count:]):
                # An active card after an inactive one (a state built by hand): gather all.
                seat.power_tableau = None
                seat.power_count = 0
                seat.power_cache = list(_NO_POWERS)
                out: list[list[tuple[int, int, Any]]] = [[] for _ in _NO_POWERS]
                for ti, entry in enumerate(tableau):
                    if entry[2] < now:
                        for phase, powers in enumerate(_BY_PHASE[entry[0]]):
                            for pi, p in powers:
                                out[phase].append((ti, pi, p))
                seat.power_until = now
                seat.power_valid = None
                seat.power_cache = cache = [tuple(o) for o in out]
                return cache
        elif count == 0 and cache is not seat.power_cache:
            seat.settle_powers = None
        seat.power_count = count
        seat.power_last = tableau[count - 1] if count else None
        seat.power_cache = cache
        # Every card active: valid until the tableau changes; else until the next phase.
        seat.power_until = now if count < size else 1 << 62
        seat.power_valid = tableau
        return cache

    def _settle_powers(self, i: int) -> _SettlePowers:
        """The seat's active phase-3 powers gathered (cached with them)."""
        seat = self.seats[i]
        powers = self._powers(i, 3)  # first: a refresh clears what was gathered
        found = seat.settle_powers
        if found is None:
            found = seat.settle_powers = _SettlePowers.of(powers)
        return found

    def _has(self, i: int, kind: PowerKind) -> int:
        """Tableau index of an active phase-3 power of this kind, or -1."""
        for ti, _pi, p in self._powers(i, 3):
            if p.kind is kind:
                return ti
        return -1

    def _award(self, i: int, vp: int) -> None:
        """Give VP chips; once the pool is empty the 10s pay the rest (the pool stays at 0)."""
        self.seats[i].vp += vp
        pool = self.vp_pool - vp
        self.vp_pool = pool if pool > 0 else 0

    def _discard_from_hand(self, i: int, card: int) -> None:
        self.seats[i].hand.remove(card)
        self.discard.append(card)

    def _names(self, cards: list[int]) -> str:
        return ", ".join([_NAMES[c] for c in cards]) or "nothing"

    # -- explore ----------------------------------------------------------------------------

    def _begin_explore(self, k: int) -> None:
        for _i, seat in self._ordered:  # in timing order: who draws first
            draw, keep = 2, 1
            if A.EXPLORE_5 in seat.actions:
                draw += 5
            if A.EXPLORE_1_1 in seat.actions:
                draw += 1
                keep += 1
            for _ti, _pi, p in seat.power_cache[1]:  # current: see _next_phase
                if p.kind is K.EXPLORE_DRAW:
                    draw += p.value
                elif p.kind is K.EXPLORE_KEEP:
                    keep += p.value
            seat.drawn = self._take(draw)
            seat.count = keep
        # Every seat has drawn before anyone keeps or discards.
        lines = self._lines  # self.log, inline; the text is made when the log is read
        for i, seat in self._ordered:
            lines.append((_ONLY[i], _explore_text, i, tuple(seat.drawn)))
            seat.step = "keep"  # _set, inline (the count is set)
            self._continue(i)

    # -- develop ----------------------------------------------------------------------------

    def _begin_develop(self, k: int) -> None:
        self.sub = "place"
        for i, seat in self._ordered:
            seat.bonus = (A.DEVELOP if k == 1 else A.DEVELOP_2) in seat.actions
            seat.placing = NO_CARD
            for _ti, _pi, p in seat.power_cache[2]:  # current: see _next_phase
                if p.kind is K.DEVELOP_DRAW_START:
                    self._draw_cards(i, p.value)
        for i, seat in self._ordered:
            seat.count = 0
            if not _DEVELOPMENTS.isdisjoint(seat.hand):  # else it would place nothing at once
                seat.step = "develop"  # _set, inline
                self._continue(i)

    def _develop_cut(self, i: int) -> int:
        """What every development costs the seat less now (its Develop bonus and powers)."""
        seat = self.seats[i]
        cut = 1 if seat.bonus else 0
        powers = self._powers(i, 2)
        for _ti, _pi, p in powers:
            if p.kind is K.DEVELOP_COST:
                cut += p.value
        return cut

    def _develop_cost(self, i: int, card: int) -> int:
        cost = _COST[card] - self._develop_cut(i)
        return cost if cost > 0 else 0

    def _reveal_placements(self) -> None:
        self.sub = "pay"
        settle = self.stage is PH.SETTLE
        for i, seat in self._ordered:
            if seat.placing == NO_CARD:
                continue
            seat.hand.remove(seat.placing)
            self._lines.append((None, _places_text, i, seat.placing))  # self.log, made when read
            # Methods are judged before the world joins the tableau (it has no effect yet).
            methods = self._methods(i, seat.placing) if settle else None
            now = self.phase_no
            seat.tableau.append([seat.placing, NO_CARD, now])
            seat.view = None
            if seat.power_valid is seat.tableau:
                # The card works from the next phase: the powers kept are still this phase's,
                # as _refresh_powers would find (nothing else became active since).
                seat.power_until = now
            if methods is not None and len(methods) == 1:
                # One way to place it (the usual case): the method step would take it at once.
                self._use_method(i, methods[0][0])
            elif methods is not None:
                seat.methods = [m._value_ for m, _cost in methods]
                self._set(i, "method")
            else:
                seat.step, seat.count = "pay", self._develop_cost(i, seat.placing)  # _set
                self._continue(i)

    def _finish_develop(self, i: int) -> None:
        for _ti, _pi, p in self._powers(i, 2):
            if p.kind is K.DEVELOP_DRAW_AFTER:
                self._draw_cards(i, p.value)

    # -- settle -----------------------------------------------------------------------------

    def _begin_settle(self, k: int) -> None:
        self.sub = "place"
        for seat in self.seats:
            seat.bonus = (A.SETTLE if k == 1 else A.SETTLE_2) in seat.actions
            seat.placing = NO_CARD
        for i, seat in self._ordered:
            seat.count = 0
            if not _WORLDS.isdisjoint(seat.hand):  # else it would place nothing at once
                seat.step = "settle"  # _set, inline
                self._continue(i)

    def _world_cost(self, i: int, card: Card, base: int) -> int:
        powers = self._settle_powers(i)
        cost = base - powers.cut - powers.cut_by_good[_GOOD_INDEX[card.id]]
        return cost if cost > 0 else 0

    def _methods(
        self, i: int, cid: int, powers: _SettlePowers | None = None
    ) -> list[tuple[SettleMethod, int]]:
        """Every way to place world ``cid`` from hand now, with the cards each costs.

        ``powers``: the seat's phase-3 powers gathered (the settle options judge every world
        in hand against the same ones).
        """
        if powers is None:
            powers = self._settle_powers(i)
        card = CARDS[cid]
        hand = self.seats[i].hand
        budget = len(hand) - (cid in hand)
        out: list[tuple[SettleMethod, int]] = []
        if not powers.any:  # no settle powers at all: the common early case
            if not card.military:
                if card.cost <= budget:
                    out.append((SM.PAY, max(0, card.cost)))
            elif card.cost <= 0:
                out.append((SM.CONQUER, 0))
            return out
        good = _GOOD_INDEX[cid]
        cut = powers.cut + powers.cut_by_good[good]
        ship = powers.colony_ship and card.good is not G.ALIEN
        if not card.military:
            cost = card.cost - cut
            if cost < 0:
                cost = 0
            if cost <= budget:
                out.append((SM.PAY, cost))
            if ship:
                out.append((SM.COLONY_SHIP, 0))
            return out
        military = powers.military + powers.military_vs[good]
        if _IS_REBEL[cid]:
            military += powers.military_rebel
        if military >= card.cost:
            out.append((SM.CONQUER, 0))
        elif powers.tactics and military + 3 >= card.cost:
            out.append((SM.CONQUER_TACTICS, 0))
        if powers.contact and card.good is not G.ALIEN:
            cost = max(0, card.cost - 1 - cut)
            if cost <= budget:
                out.append((SM.CONTACT_PAY, cost))
            if ship:
                out.append((SM.CONTACT_COLONY_SHIP, 0))
        return out

    def _use_method(self, i: int, method: SettleMethod) -> None:
        seat = self.seats[i]
        card = CARDS[seat.placing]
        spent = None  # the power card the method discards (identity tests: no enum hashing)
        if method is SM.CONQUER_TACTICS:
            spent = K.NEW_MILITARY_TACTICS
        elif method is SM.COLONY_SHIP or method is SM.CONTACT_COLONY_SHIP:
            spent = K.COLONY_SHIP
        if spent is not None:
            ti = self._has(i, spent)
            gone = seat.tableau.pop(ti)[0]
            seat.power_valid = seat.view = None
            self.discard.append(gone)
            self.log(f"seat {i} discards {CARDS[gone].name} from the tableau")
        if method is SM.PAY:
            cost = self._world_cost(i, card, card.cost)
        elif method is SM.CONTACT_PAY:
            cost = self._world_cost(i, card, card.cost - 1)
        else:
            cost = 0
        seat.step, seat.count = "pay", cost  # _set, inline
        self._continue(i)

    def _finish_settle(self, i: int) -> None:
        seat = self.seats[i]
        entry = seat.tableau[-1]
        if _IS_WINDFALL[entry[0]]:
            entry[1] = self._draw()
            seat.view = None
        draws = 1 if seat.bonus else 0
        for _ti, _pi, p in self._powers(i, SETTLE_DRAWS):
            draws += p.value
        if draws:
            self._draw_cards(i, draws)

    # -- consume ----------------------------------------------------------------------------

    def _begin_consume(self, k: int) -> None:
        for i, seat in self._ordered:
            seat.used = []
            seat.bonus = A.CONSUME_2X in seat.actions
            seat.count = 0
            if A.CONSUME_TRADE in seat.actions and self._goods(i, G.ANY):
                seat.step = "trade"  # _set, inline
                self._continue(i)
            elif seat.power_cache[CONSUMING]:  # current: see _next_phase
                seat.step = "power"  # _set, inline
                self._continue(i)
            # else no consume power: the power step would end at once (see _continue)

    def _goods(self, i: int, kind: Good) -> list[int]:
        """Tableau indices of worlds with a good of ``kind`` (ANY: every good)."""
        out = []
        for ti, entry in enumerate(self.seats[i].tableau):  # a loop: a comprehension is a call
            if entry[1] != NO_CARD and (kind is G.ANY or _GOOD[entry[0]] is kind):
                out.append(ti)
        return out

    def _trade_bonus(self, i: int, ti: int) -> int:
        kind = CARDS[self.seats[i].tableau[ti][0]].good
        extra = 0
        for src, _pi, p in self._powers(i, TRADE_BONUSES):
            if p.kind is K.TRADE_BONUS and (p.good is G.ANY or p.good is kind):
                extra += p.value
            elif p.kind is K.TRADE_THIS_WORLD and src == ti:
                extra += p.value
        return extra

    def _take_good(self, i: int, ti: int) -> Good:
        entry = self.seats[i].tableau[ti]
        self.discard.append(entry[1])
        entry[1] = NO_CARD
        self.seats[i].view = None
        return CARDS[entry[0]].good

    def _usable(self, i: int, p: Any, goods: list[Good]) -> bool:
        """Whether consume power ``p`` can do anything with ``goods`` (the kinds of the
        seat's goods, one entry per good) and the seat's hand."""
        kind = p.kind
        if kind is K.CONSUME:
            return bool(goods) if p.good is G.ANY else p.good in goods
        if kind is K.CONSUME_SET:
            return (len(goods) if p.good is G.ANY else goods.count(p.good)) >= p.count
        if kind is K.CONSUME_DISTINCT:
            kinds: list[Good] = []
            for g in goods:  # lists, not sets: an Enum's hash is a Python-level call
                if g not in kinds:
                    kinds.append(g)
            return len(kinds) >= p.count
        if kind is K.CONSUME_ALL or kind is K.CONSUME_PRICE or kind is K.CONSUME_PRICE_BONUS:
            return bool(goods)
        if kind is K.CONSUME_HAND:
            return bool(self.seats[i].hand)
        return True  # CONSUME_DRAW, CONSUME_GAMBLE: always possible

    def _consume_vp(self, i: int, vp: int) -> None:
        self._award(i, vp * 2 if self.seats[i].bonus else vp)

    def _invoke(self, i: int, ti: int, pi: int) -> None:
        seat = self.seats[i]
        seat.used.append((ti, pi))
        seat.current = (ti, pi)
        seat.taken = []
        p = CARDS[seat.tableau[ti][0]].powers[pi]
        kind = p.kind
        if kind is K.CONSUME_ALL:
            goods = self._goods(i, G.ANY)
            for g in goods:
                self._take_good(i, g)
            self._consume_vp(i, len(goods) - 1)
            self.log(f"seat {i} consumes {len(goods)} goods with {CARDS[seat.tableau[ti][0]].name}")
            seat.step, seat.count = "power", 0
        elif kind is K.CONSUME_DRAW:
            self._draw_cards(i, p.cards)
            seat.step, seat.count = "power", 0
        elif kind is K.CONSUME_GAMBLE:
            seat.step, seat.count = "gamble", 0
        elif kind is K.CONSUME_HAND:
            seat.step, seat.count = "hand", p.count
        else:
            seat.step, seat.count = "good", p.count

    def _consume_good(self, i: int, ti: int) -> None:
        seat = self.seats[i]
        src, pi = seat.current
        p = CARDS[seat.tableau[src][0]].powers[pi]
        world = seat.tableau[ti][0]
        price_bonus = self._trade_bonus(i, ti) if p.kind is K.CONSUME_PRICE_BONUS else 0
        kind = self._take_good(i, ti)
        seat.taken.append(kind)
        seat.count -= 1
        if p.kind is K.CONSUME:
            self._consume_vp(i, p.vp)
            if p.cards:
                self._draw_cards(i, p.cards)
        elif p.kind in (K.CONSUME_PRICE, K.CONSUME_PRICE_BONUS):
            self._draw_cards(i, _PRICE[world] + price_bonus)
        elif seat.count == 0:  # a set pays once, when complete
            self._consume_vp(i, p.vp)
        self._lines.append((None, _consumes_text, i, world))  # self.log, made when read
        if seat.count == 0:
            seat.step = "power"

    # -- produce ----------------------------------------------------------------------------

    def _begin_produce(self, k: int) -> None:
        for i, seat in self._ordered:
            seat.produced = []
            seat.produced_on = []
            seat.used = []
            seat.bonus = A.PRODUCE in seat.actions
            for ti, _pi, _p in seat.power_cache[PRODUCERS]:  # current: see _next_phase
                if seat.tableau[ti][1] == NO_CARD:
                    self._put_good(i, ti)
        for i, seat in self._ordered:
            seat.count = 0
            if seat.bonus or seat.power_cache[WINDFALLS]:
                # _set, inline; the step ends at once if no windfall world is empty
                seat.step = "windfall"
                self._continue(i)
            # else no way to produce on a windfall world: no windfall step

    def _put_good(self, i: int, ti: int) -> None:
        seat = self.seats[i]
        good = self._draw()
        if good == NO_CARD:
            return
        seat.tableau[ti][1] = good
        seat.view = None
        seat.produced.append(CARDS[seat.tableau[ti][0]].good)
        seat.produced_on.append(ti)

    def _windfall_options(self, i: int) -> list[tuple[int, int, int]]:
        """(source tableau index or -1 for the bonus, power index, world) still possible."""
        seat = self.seats[i]
        # The empty windfall worlds first: usually none.
        out: list[tuple[int, int, int]] = []
        empty = []
        for w, entry in enumerate(seat.tableau):  # loops: a comprehension is a call
            if entry[1] == NO_CARD and _IS_WINDFALL[entry[0]]:
                empty.append(w)
        if not empty:
            return out
        sources: list[tuple[int, int, Good]] = []
        if seat.bonus:
            sources.append((-1, -1, G.ANY))
        for ti, pi, p in self._powers(i, WINDFALLS):
            if (ti, pi) not in seat.used:
                sources.append((ti, pi, p.good))
        for src, pi, good in sources:
            for w in empty:
                if good is G.ANY or _GOOD[seat.tableau[w][0]] is good:
                    out.append((src, pi, w))
        return out

    def _produce_draws(self) -> None:
        for i, seat in self._ordered:
            draws = 0
            for ti, _pi, p in self._powers(i, PRODUCE_DRAWS):
                kind = p.kind
                if kind is K.PRODUCE_DRAW:
                    draws += p.cards
                elif kind is K.PRODUCE_DRAW_IF and ti in seat.produced_on:
                    draws += p.cards
                elif kind is K.PRODUCE_DRAW_PER_GOOD:
                    draws += p.cards * seat.produced.count(p.good)
                elif kind is K.PRODUCE_DRAW_DISTINCT:
                    draws += p.cards * len(set(seat.produced))
                elif kind is K.PRODUCE_DRAW_PER_WORLD:
                    draws += p.cards * sum(
                        1 for e in seat.tableau
                        if CARDS[e[0]].good is p.good and CARDS[e[0]].good_type is not GT.NONE
                    )
                elif kind is K.PRODUCE_DRAW_MOST:
                    rare = [s.produced.count(G.RARE) for s in self.seats]
                    if all(rare[i] > r for j, r in enumerate(rare) if j != i):
                        draws += p.cards
            if draws:
                self._draw_cards(i, draws)

    # -- decisions --------------------------------------------------------------------------

    def _prompt(self, i: int) -> str:
        seat = self.seats[i]
        step = seat.step
        if step == "select":
            return "choose your actions" if self.advanced else "choose your action"
        texts = _PROMPT_TEXTS[step]
        prompt = texts.get(seat.count)
        if prompt is None:
            prompt = texts[seat.count] = _prompt_text(step, seat.count)
        return prompt

    def _options(self, i: int) -> _Options:
        """The seat's legal actions now, ids numbered from 0.

        Actions are immutable, and their text is a function of their detail (and of a price
        or a cost that the key includes), so each distinct one is built once per process and
        shared: random play and search bots then pay for no text or detail they never read.
        """
        return _OPTIONS_BY_STEP[self.seats[i].step](self, i)

    def _select_options(self, i: int) -> _Options:
        return _SELECT_PAIRS if self.advanced else _SELECT_SINGLE

    def _card_options(self, i: int) -> _Options:
        """Discard, pay or keep: one action per distinct card, from a table per position."""
        seat = self.seats[i]
        step = seat.step
        cards = sorted(set(seat.drawn if step == "keep" else seat.hand))
        rows = _CARD_ROWS[step]
        if len(rows) < len(cards):
            rows = _card_rows(step, len(cards))
        # Action n is rows[n][cards[n]]; map stops at the last card.
        return list(map(getitem, rows, cards))

    def _develop_options(self, i: int) -> _Options:
        seat = self.seats[i]
        out = [_DEVELOP_NOTHING]
        hand = seat.hand
        cards = _DEVELOPMENTS.intersection(hand)
        if not cards:
            return out
        budget = len(hand) - 1
        cut = self._develop_cut(i)  # the same for every card: _develop_cost, once
        # Each design once, in card order; one already in the tableau cannot be placed again.
        for c in sorted(cards.difference(map(_DESIGN, seat.tableau))):
            cost = _COST[c] - cut
            if cost < 0:
                cost = 0
            if cost <= budget:
                key = (len(out), c, cost)
                try:
                    action = _DEVELOP_ACTIONS[key]
                except KeyError:  # a position past the ones built at import
                    action = _DEVELOP_ACTIONS[key] = _action(key[0], _develop_parts, c, cost)
                out.append(action)
        return out

    def _settle_options(self, i: int) -> _Options:
        out = [_SETTLE_NOTHING]
        hand = self.seats[i].hand
        cards = _WORLDS.intersection(hand)
        if not cards:
            return out
        powers = self._settle_powers(i)
        budget = len(hand) - 1  # what _methods allows for a world in hand
        costs = powers.costs
        for c in sorted(cards):  # each design once, in card order
            cost = costs.get(c)
            if cost is None:
                cost = powers.cost(c)
            if cost > budget:
                continue
            key = (len(out), c, cost)
            try:
                action = _SETTLE_ACTIONS[key]
            except KeyError:  # a position past the ones built at import
                action = _SETTLE_ACTIONS[key] = _action(key[0], _settle_parts, c, cost)
            out.append(action)
        return out

    def _hand_options(self, i: int) -> _Options:
        cards = sorted(set(self.seats[i].hand))
        rows = _HAND_ROWS
        if len(rows) <= len(cards):
            _hand_rows(len(cards) + 1)
        # Row 0 is the stop; action n is rows[n][cards[n - 1]], map stops at the last card.
        return [_STOP_DISCARDING, *map(getitem, rows[1:], cards)]

    def _gamble_options(self, i: int) -> _Options:
        return _GAMBLE

    def _power_options(self, i: int, powers: tuple[tuple[int, int, Any], ...] | None = None
                       ) -> _Options:
        """``powers``: the seat's consume powers, when the caller has them already."""
        if powers is None:
            powers = self._powers(i, CONSUMING)
        if not powers:
            return []  # the usual case: no consume power at all
        seat = self.seats[i]
        tableau = seat.tableau
        out: list[Action] = []
        goods: list[Good] = []  # the kinds of the seat's goods, one entry per good
        for entry in tableau:  # a loop: a comprehension is a call
            if entry[1] != NO_CARD:
                goods.append(_GOOD[entry[0]])
        used = seat.used
        for ti, pi, p in powers:
            if used and (ti, pi) in used:
                continue
            if not self._usable(i, p, goods):
                continue
            key = (len(out), tableau[ti][0], ti, pi)
            try:
                action = _POWER_ACTIONS[key]
            except KeyError:  # a position past the ones built at import
                action = _POWER_ACTIONS[key] = _action(key[0], _power_parts, *key[1:], p.text)
            out.append(action)
        return out

    def _good_step_options(self, i: int) -> _Options:
        """The goods the current power can take: of its kind (CONSUME, CONSUME_SET), of a
        kind not taken yet (CONSUME_DISTINCT), or any (the others)."""
        seat = self.seats[i]
        tableau = seat.tableau
        src, pi = seat.current
        p = CARDS[tableau[src][0]].powers[pi]
        kind = p.kind
        wanted = p.good if kind is K.CONSUME or kind is K.CONSUME_SET else G.ANY
        taken = seat.taken if kind is K.CONSUME_DISTINCT else ()
        out: list[Action] = []
        for ti, entry in enumerate(tableau):
            if entry[1] == NO_CARD:
                continue
            good = _GOOD[entry[0]]
            if (wanted is G.ANY or good is wanted) and good not in taken:
                key = (len(out), entry[0], ti, src, pi)
                action = _GOOD_ACTIONS.get(key)
                if action is None:  # built here, not by _action: most keys come once a match
                    action = _GOOD_ACTIONS[key] = new_action(key[0], *_good_parts(*key[1:]))
                out.append(action)
        return out

    def _other_options(self, i: int) -> _Options:
        """The rarer steps (methods, trade, windfall): shared actions like the others."""
        seat = self.seats[i]
        step = seat.step
        tableau = seat.tableau
        if step == "method":
            return [_action(n, _method_parts, seat.placing, m,
                            self._method_cost(i, _SETTLE_METHODS[m]))
                    for n, m in enumerate(seat.methods)]
        out: list[Action] = []
        if step == "trade":
            for ti in self._goods(i, G.ANY):
                card = tableau[ti][0]
                trade = (len(out), card, ti, _PRICE[card] + self._trade_bonus(i, ti))
                action = _TRADE_ACTIONS.get(trade)
                if action is None:  # as for the goods: most keys come once a match
                    action = _TRADE_ACTIONS[trade] = new_action(trade[0], *_trade_parts(*trade[1:]))
                out.append(action)
            return out
        if step == "windfall":
            for src, pi, w in self._windfall_options(i):
                windfall = (len(out), tableau[w][0], w, src, pi,
                            NO_CARD if src < 0 else tableau[src][0])
                action = _WINDFALL_ACTIONS.get(windfall)
                if action is None:
                    action = _WINDFALL_ACTIONS[windfall] = new_action(
                        windfall[0], *_windfall_parts(*windfall[1:]))
                out.append(action)
            return out
        raise AssertionError(f"unknown step {step!r}")

    def _method_cost(self, i: int, method: SettleMethod) -> int:
        seat = self.seats[i]
        card = CARDS[seat.placing]
        if method is SM.PAY:
            return self._world_cost(i, card, card.cost)
        if method is SM.CONTACT_PAY:
            return self._world_cost(i, card, card.cost - 1)
        return 0

    def _do(self, i: int, d: ActionDetail) -> None:
        """Carry out one chosen action of seat ``i``."""
        seat = self.seats[i]
        step = seat.step
        if step == "discard" or step == "pay":
            seat.hand.remove(d.card)  # _discard_from_hand, inline
            self.discard.append(d.card)
            seat.count -= 1
        elif step == "keep":
            seat.drawn.remove(d.card)
            seat.hand.append(d.card)
            seat.count -= 1
            if not seat.count:  # the last keep: the step ends as _continue would end it
                seat.step = ""
        elif step == "develop" or step == "settle":
            seat.placing = d.card
            seat.step = ""
        elif step == "method":
            seat.methods = []
            self._use_method(i, d.method)
        elif step == "trade":
            cards = _PRICE[seat.tableau[d.tableau_index][0]]
            cards += self._trade_bonus(i, d.tableau_index)
            self._take_good(i, d.tableau_index)
            self._draw_cards(i, cards)
            self._lines.append((None, _sells_text, i, d.card, cards))  # self.log, made when read
            seat.step, seat.count = "power", 0
        elif step == "power":
            self._invoke(i, d.source_index, d.power_index)
        elif step == "good":
            self._consume_good(i, d.tableau_index)
        elif step == "hand":
            if d.card == NO_CARD:
                self._finish_step(i)
            else:
                self._discard_from_hand(i, d.card)
                self._award(i, 1)  # card-discard VP are never doubled
                seat.count -= 1
                if seat.count == 0:
                    self._finish_step(i)
        elif step == "gamble":
            top = self._draw()
            if top != NO_CARD:
                self.log(f"seat {i} names {d.number} and flips {CARDS[top].name}")
                if CARDS[top].cost == d.number:
                    seat.hand.append(top)
                else:
                    self.discard.append(top)
            seat.step, seat.count = "power", 0
        elif step == "windfall":
            if d.source_index >= 0:
                seat.used.append((d.source_index, d.power_index))
            else:
                seat.bonus = False
            self._put_good(i, d.tableau_index)
        elif step == "select":  # rare here: a selection by every seat is played in apply
            seat.actions = list(d.actions)
            seat.step = ""
        else:
            raise AssertionError(f"unknown step {step!r}")

    def _finish_step(self, i: int) -> None:
        """A step with nothing more to do: move the seat on to what follows it."""
        seat = self.seats[i]
        step = seat.step
        seat.count = 0
        if step == "pay":
            seat.step = ""
            if self.stage is PH.SETTLE:
                self._finish_settle(i)
            else:
                self._finish_develop(i)
        elif step in ("good", "hand", "trade"):
            seat.step = "power"
        else:
            seat.step = ""

    # -- scoring and views ------------------------------------------------------------------

    def _scores(self) -> list[int]:
        from ._scoring import score

        return [score(s.tableau, s.vp) for s in self.seats]

    def result(self) -> Result:
        """Final scores (or the standing so far), ranked by VP then hand plus goods."""
        scores = self._scores()
        keys = [
            (scores[i], len(s.hand) + sum(1 for e in s.tableau if e[1] != NO_CARD))
            for i, s in enumerate(self.seats)
        ]
        if self.termination is None:
            return Result.from_keys(keys, scores, reason=f"standing in round {self.round}")
        reason = "round limit reached" if self.termination is Termination.TURN_LIMIT else ""
        return Result.from_keys(keys, scores, termination=self.termination, reason=reason)

    def clone(self) -> RaceState:
        """An independent copy, field by field (many times faster than ``copy.deepcopy``).

        Nothing mutable is shared: seats, tableau entries, piles and the RNG are copied;
        what is shared (events, decisions, actions, details) is immutable.
        """
        new = RaceState.__new__(RaceState)
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = dict(self.options)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        self._copy_log(new)
        new.advanced = self.advanced
        new.round_limit = self.round_limit
        new.seats = [s.copy() for s in self.seats]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.vp_pool = self.vp_pool
        new.round = self.round
        new.stage = self.stage
        new.sub = self.sub
        new.phase_no = self.phase_no
        new.phases = self.phases[:]
        new.termination = self.termination
        new._cache = None if self._cache is None else dict(self._cache)
        new._stash = dict(self._stash)
        new.order = self._order
        return new

    def _tableau_view(self, s: Seat) -> tuple[tuple[TableauCard, ...], int, int]:
        """A seat's tableau as observations show it, its military and its score."""
        view = s.view
        if view is None or view[0] is not s.tableau:
            cards = Kept(TableauCard(e[0], e[1] != NO_CARD, e[2]) for e in s.tableau)
            military = sum(p.value for e in s.tableau for _pi, p in _BY_PHASE[e[0]][3]
                           if p.kind is K.MILITARY)
            view = (s.tableau, cards, military, -1, 0)  # its score: below
        if view[3] != s.vp:  # a new view, or chips that change the score (and bonuses)
            from ._scoring import score

            view = s.view = (*view[:3], s.vp, score(s.tableau, s.vp))
        return view[1], view[2], view[4]

    def _player_view(self, i: int, s: Seat, revealed: bool, own: bool) -> PlayerView:
        """Seat ``i``'s public facts (and, ``own``, what only it sees), kept by everything
        they are made from: the same view object while none of it changes. The tableau's
        cards are compared by identity (a kept view holds the seat's ``Kept`` cards while
        its tableau is unchanged), so that a copied or unpickled state keeps its views too."""
        cards, military, score = self._tableau_view(s)
        hand_count, explore_count = len(s.hand), len(s.drawn)
        actions = tuple(s.actions) if revealed else ()
        taken, produced, produced_on = tuple(s.taken), tuple(s.produced), tuple(s.produced_on)
        # The placement is secret until every seat has chosen (then it is revealed).
        placing = s.placing if self.sub != "place" or own else NO_CARD
        methods = tuple(s.methods) if own else ()
        key = (military, score, hand_count, s.vp, actions, s.step, s.count, explore_count,
               s.bonus, tuple(s.used), s.current, taken, produced, produced_on, placing,
               methods)
        last = s.last_view
        if last is not None and last[0] == key and last[1].tableau is cards:
            return last[1]
        view = PlayerView(
            seat=i, tableau=cards, hand_count=hand_count, vp_chips=s.vp, actions=actions,
            military=military, score=score, step=s.step, count=s.count,
            explore_count=explore_count, bonus=s.bonus,
            used=tuple([_power_ref(used) for used in s.used]), current=_power_ref(s.current),
            taken=taken, produced=produced, produced_on=produced_on, placing=placing,
            methods=tuple(SettleMethod(m) for m in methods))
        s.last_view = (key, view)
        return view

    def observation(self, seat: int | None) -> Observation:
        """The seat's view: its own hand and explore cards, public facts about everyone."""
        revealed = self.stage is not PH.SELECT
        # (Lists made into tuples: a generator costs more to make and run than the list.)
        players = tuple([self._player_view(i, s, revealed, i == seat)
                         for i, s in enumerate(self.seats)])
        mine = self.seats[seat] if seat is not None else None
        return Observation(
            seat=-1 if seat is None else seat,
            round=self.round,
            phase=self.stage,
            phases=tuple([p for p, _k in self.phases]),
            players=players,
            hand=tuple(sorted(mine.hand)) if mine else (),
            explore_cards=(
                tuple(sorted(mine.drawn)) if mine and self.stage is PH.EXPLORE else ()
            ),
            pay_left=mine.count if mine and mine.step == "pay" else 0,
            deck_count=len(self.deck),
            discard_count=len(self.discard),
            vp_pool=self.vp_pool,
            advanced=self.advanced,
            game_over=self.termination is not None,
            phase_number=self.phase_no,
            sub_step=self.sub,
            phase_passes=tuple([k for _p, k in self.phases]),
            round_limit=self.round_limit,
        )

    def snapshot(self) -> dict[str, Any]:
        """The whole state, hidden parts included, as plain data."""
        return {
            "round": self.round,
            "stage": self.stage.name,
            "sub": self.sub,
            "phase_no": self.phase_no,
            "phases": [(p.name, k) for p, k in self.phases],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "vp_pool": self.vp_pool,
            "order": list(self.order),
            "termination": None if self.termination is None else self.termination.name,
            "rng": self.rng.getstate(),
            "seats": [
                {
                    "hand": list(s.hand),
                    "tableau": [list(e) for e in s.tableau],
                    "vp": s.vp,
                    "actions": [a.name for a in s.actions],
                    "step": s.step,
                    "count": s.count,
                    "drawn": list(s.drawn),
                    "placing": s.placing,
                    "methods": list(s.methods),
                    "bonus": s.bonus,
                    "used": [list(u) for u in s.used],
                    "current": list(s.current),
                    "taken": [g.name for g in s.taken],
                    "produced": [g.name for g in s.produced],
                    "produced_on": list(s.produced_on),
                }
                for s in self.seats
            ],
        }


# The legal actions of each step (``RaceState._options``); the rarer steps share one.
_OPTIONS_BY_STEP: dict[str, Callable[[RaceState, int], _Options]] = {
    "select": RaceState._select_options,
    "discard": RaceState._card_options,
    "pay": RaceState._card_options,
    "keep": RaceState._card_options,
    "develop": RaceState._develop_options,
    "settle": RaceState._settle_options,
    "hand": RaceState._hand_options,
    "gamble": RaceState._gamble_options,
    "power": RaceState._power_options,
    "good": RaceState._good_step_options,
    "method": RaceState._other_options,
    "trade": RaceState._other_options,
    "windfall": RaceState._other_options,
}


def _warm() -> None:
    """Build at import the shared prompts, round plans and actions that random play and
    search reach within their first matches (else each first use builds them, once per
    process): every round plan, prompts up to 15 cards, develop and settle actions for the
    first 10 positions and every cost, consume-power actions for 12 tableau positions."""
    for chosen in range(1 << len(_ACTION_TEXT)):
        _PLANS[chosen] = _plan(chosen)
    for step in _PROMPTS:
        for count in range(16):
            _PROMPT_TEXTS[step][count] = _prompt_text(step, count)
    top = max(_COST) + 1
    for n in range(1, 11):
        for c in range(len(CARDS)):
            for cost in range(top):
                table, make = ((_DEVELOP_ACTIONS, _develop_parts) if _IS_DEV[c]
                               else (_SETTLE_ACTIONS, _settle_parts))
                table[(n, c, cost)] = _action(n, make, c, cost)
    for c in range(len(CARDS)):
        for pi, p in _BY_PHASE[c][CONSUMING]:
            for ti in range(TABLEAU_END):
                for n in range(4):
                    _POWER_ACTIONS[(n, c, ti, pi)] = _action(n, _power_parts, c, ti, pi, p.text)


_warm()
