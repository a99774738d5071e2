"""The Tiny Epic Galaxies match state (with Beyond the Black as an option).

The match is a stack of small decision frames (plain tuples, so a clone copies one list):
under every turn lies the frame that ends it (never popped: the list is never emptied and
allocated again each turn); the bottom frame of a turn is the active player's "turn"
choice; activating a die pushes the follow round (below) and the die's action (above), each
action pushes the small choices it needs (which ship, where to, which colony, ...). The top
frame is the open decision. A frame with no legal option is dropped (nothing can be done), one
with a single option is applied at once, so forced moves never reach a bot.

Ships are per seat in four parallel lists indexed 0..3: ``where`` (a planet id, or HOME,
EXPLORING, LOCKED), ``orbit`` (True in orbit, False on the surface), ``pos`` (orbit position,
0 = the start space) and ``stype`` (ShipType value: 0 regular, 1..4 advanced).
"""

from __future__ import annotations

import functools
import itertools
import operator
import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .._core import (
    Action,
    Decision,
    GameState,
    Result,
    Termination,
    lazy_action,
    new_action,
    new_decision,
    shuffle,
)
from ._content import CONTENT, CardColor, CardEffect, Content, Pilot, PilotAbility, ShipType
from ._data import (
    EMPIRE,
    FACE_NAMES,
    FACES,
    MAX_LEVEL,
    MISSIONS,
    PLANETS,
    RESOURCE_CAP,
    VICTORY_POINTS,
    Resource,
    Track,
    row_size,
)
from ._messages import (
    ActionKind,
    GalaxiesActionDetail,
    GalaxiesObservation,
    HangarSlot,
    PlayerView,
    ShipLocation,
    ShipView,
)

HOME, EXPLORING, LOCKED = -1, -2, -3
ANY = -1  # "any track"
_FREE, _PAID, _ZALAX = 0, 1, 2  # how a reroll is paid
MOVE, ENERGY, CULTURE, DIPLOMACY, ECONOMY, UTILIZE = range(6)
_E, _C = 0, 1
_DIP, _ECO = 0, 1
_TRACK = tuple(0 if p.track is Track.DIPLOMACY else 1 for p in PLANETS)
_RES = tuple(0 if p.resource is Resource.ENERGY else 1 for p in PLANETS)
_ADV = tuple(p.advances for p in PLANETS)
_ABILITY = tuple(p.ability for p in PLANETS)
_OWN_TURN_ONLY = frozenset(
    {"reroll", "dice_for_resources", "repeat_action", "set_die", "follow_culture",
     "follow_energy", "costly_follow"})
_BORROWERS = frozenset({"borrow_row", "borrow_colony_culture", "borrow_colony_energy"})


def _dice_info(faces: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Most dice of one face, then as bit masks of faces: the faces shown, those shown twice
    or more, those shown three times or more."""
    counts = [faces.count(f) for f in range(6)]
    shown = sum(1 << f for f in range(6) if counts[f])
    pairs = sum(1 << f for f in range(6) if counts[f] >= 2)
    triples = sum(1 << f for f in range(6) if counts[f] >= 3)
    return max(counts), shown, pairs, triples


# Every sorted roll of up to 7 dice (1,716 of them), read at import: the menus of the dice
# are keyed on these masks, not on the roll itself.
_DICE: dict[tuple[int, ...], tuple[int, int, int, int]] = {
    faces: _dice_info(faces)
    for size in range(8) for faces in itertools.combinations_with_replacement(range(6), size)}


def _dice(faces: tuple[int, ...]) -> tuple[int, int, int, int]:
    """``_dice_info`` of the inactive dice, from the table (the engine keeps them sorted;
    dice set by hand, as tests do, may be in any order or more than a roll)."""
    try:
        return _DICE[faces]
    except KeyError:
        return _dice_info(faces)


_DICE_TEXT = {faces: ", ".join(FACE_NAMES[f] for f in faces) for faces in _DICE}
_SHOWN_FACES = tuple(tuple(f for f in range(6) if mask >> f & 1) for mask in range(64))
# Dice yield by where a ship is (a planet id, or HOME/EXPLORING/LOCKED as negative indices,
# which read the table from its end): energy, then culture.
_YIELDS = tuple(tuple([1 if r == res else 0 for r in _RES] + [0, res, 1 - res]) for res in (0, 1))
# The same by ship, for a seat whose pilots yield as the table says (see ``_ship_yields``).
_Yields = tuple[tuple[tuple[int, ...], ...], ...]  # by resource, then ship, then place
_PLAIN_YIELDS: _Yields = tuple((table,) * 4 for table in _YIELDS)
_PLAIN_SHIP = (_YIELDS[0], _YIELDS[1])  # what a regular ship yields, energy then culture


@functools.cache  # keyed by the ability and amount, not the Pilot: its hash is a Python call
def _ship_yields(ability: PilotAbility | None, amount: int
                 ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What a ship flown by a pilot of ``ability`` and ``amount`` (None: a regular ship)
    yields, energy then culture, by where it is (a planet id, or HOME/EXPLORING/LOCKED read
    from the end, as ``_YIELDS``)."""
    if ability not in _YIELDING:
        return _PLAIN_SHIP
    tables = []
    for table in _YIELDS:
        if ability is A_BOTH_RESOURCES:  # one of either, wherever it is (not locked)
            table = tuple([1] * (len(table) + LOCKED) + [0, 1, 1])
        else:  # one more of what the place yields
            table = tuple(got + amount if got else 0 for got in table)
        tables.append(table)
    return tables[0], tables[1]


# Members as module constants: Enum attribute access through the class is slow in hot loops.
K_ACTIVATE = ActionKind.ACTIVATE
K_ADVANCE = ActionKind.ADVANCE
K_CHOOSE_FACE = ActionKind.CHOOSE_FACE
K_CHOOSE_MISSION = ActionKind.CHOOSE_MISSION
K_CHOOSE_PLANET = ActionKind.CHOOSE_PLANET
K_CONVERT = ActionKind.CONVERT
K_CONVERT_AMOUNT = ActionKind.CONVERT_AMOUNT
K_CONVERT_SPEND = ActionKind.CONVERT_SPEND
K_DECLINE = ActionKind.DECLINE
K_DISCARD_DIE = ActionKind.DISCARD_DIE
K_DRAW = ActionKind.DRAW
K_END_TURN = ActionKind.END_TURN
K_EXPLORE = ActionKind.EXPLORE
K_FOLLOW = ActionKind.FOLLOW
K_GO_HOME = ActionKind.GO_HOME
K_HIRE = ActionKind.HIRE
K_HIRE_PILOT = ActionKind.HIRE_PILOT
K_HIRE_WITH = ActionKind.HIRE_WITH
K_KEEP = ActionKind.KEEP
K_LAND = ActionKind.LAND
K_MOVE_SHIP = ActionKind.MOVE_SHIP
K_ORBIT = ActionKind.ORBIT
K_PASS_ON = ActionKind.PASS_ON
K_PAY = ActionKind.PAY
K_REGRESS = ActionKind.REGRESS
K_REPLACE_SHIP = ActionKind.REPLACE_SHIP
K_REROLL = ActionKind.REROLL
K_REROLL_DIE = ActionKind.REROLL_DIE
K_ROLL = ActionKind.ROLL
K_SET_DIE = ActionKind.SET_DIE
K_SET_FACE = ActionKind.SET_FACE
K_TAKE_DISCARD = ActionKind.TAKE_DISCARD
K_TAKE_FROM = ActionKind.TAKE_FROM
K_UPGRADE = ActionKind.UPGRADE
K_USE_COLONY = ActionKind.USE_COLONY
A_ADVANCE_BONUS = PilotAbility.ADVANCE_BONUS
A_ANY_TRACK = PilotAbility.ANY_TRACK
A_BOTH_RESOURCES = PilotAbility.BOTH_RESOURCES
A_CHEAP_FOLLOW = PilotAbility.CHEAP_FOLLOW
A_DANGER_SHIELD = PilotAbility.DANGER_SHIELD
A_EXPLORE_CULTURE = PilotAbility.EXPLORE_CULTURE
A_EXTRA_YIELD = PilotAbility.EXTRA_YIELD
A_MOVE_ENERGY = PilotAbility.MOVE_ENERGY
A_ORBIT_START = PilotAbility.ORBIT_START
A_STEADFAST = PilotAbility.STEADFAST
A_THEFT_IMMUNE = PilotAbility.THEFT_IMMUNE
A_UPGRADE_DISCOUNT = PilotAbility.UPGRADE_DISCOUNT
_YIELDING = frozenset({A_BOTH_RESOURCES, A_EXTRA_YIELD})  # pilots whose ships yield more
_Opt = tuple[Any, ...]
# What the options of a frame give: the deciding seat, the options, and (for the frequent
# menus, cached) their Decision ready-made, else None.
_Menu = tuple[int, Sequence[_Opt], Decision | None]


def _describe(opt: _Opt, content: Content) -> tuple[str, GalaxiesActionDetail]:
    """Text and typed detail of an option tuple (kind, a, b, c)."""
    kind, a, b, c = opt
    D = GalaxiesActionDetail
    if kind is K_ACTIVATE:
        return f"Activate a {FACE_NAMES[a]} die", D(kind, face=FACES[a])
    if kind is K_END_TURN:
        return "End the turn", D(kind)
    if kind is K_FOLLOW:
        return f"Follow for {a} culture", D(kind, amount=a)
    if kind is K_DECLINE:
        return "Pass", D(kind)
    if kind is K_MOVE_SHIP:
        return f"Ship {a + 1}", D(kind, ship=a)
    # move_to's options name the ship that moves (b).
    if kind is K_LAND:
        return f"Land on {PLANETS[a].name}", D(kind, planet=a, ship=b)
    if kind is K_ORBIT:
        return f"Orbit {PLANETS[a].name}", D(kind, planet=a, ship=b)
    if kind is K_GO_HOME:
        return "Return to your galaxy", D(kind, ship=b)
    if kind is K_EXPLORE:
        return "Explore", D(kind, ship=b)
    if kind is K_ADVANCE:
        return f"Advance ship {a + 1} by {b}", D(kind, ship=a, amount=b)
    if kind is K_REGRESS:
        return f"Move seat {a}'s ship {b + 1} back {c}", D(kind, seat=a, ship=b, amount=c)
    if kind is K_UPGRADE:  # ``amount`` is the energy paid, ``culture_paid`` the culture
        if c == 1:
            res = Resource.ENERGY if b == 0 else Resource.CULTURE if a == 0 else None
            return (f"Upgrade the empire paying {a} energy and {b} culture",
                    D(kind, amount=a, resource=res, culture_paid=b))
        res = Resource.ENERGY if a else Resource.CULTURE
        return (f"Upgrade the empire paying {a or b} {res.name.lower()}",
                D(kind, amount=a, resource=res, culture_paid=b))
    if kind is K_USE_COLONY:
        return f"Use {PLANETS[a].name} (seat {b})", D(kind, planet=a, seat=b)
    if kind is K_CHOOSE_MISSION:
        return f"Keep the mission {MISSIONS[a].name}", D(kind, mission=a)
    if kind in (K_REROLL_DIE, K_CONVERT_SPEND, K_SET_DIE, K_DISCARD_DIE, K_SET_FACE,
                K_CHOOSE_FACE):
        verb = {K_REROLL_DIE: "Reroll", K_CONVERT_SPEND: "Put in the converter",
                K_SET_DIE: "Set", K_DISCARD_DIE: "Discard", K_SET_FACE: "Turn it to",
                K_CHOOSE_FACE: "Take the action"}[kind]
        return f"{verb} {FACE_NAMES[a]}", D(kind, face=FACES[a])
    if kind is K_REROLL:
        return "Reroll dice" + (" (1 energy)" if a else " (free)"), D(kind, amount=a)
    if kind is K_ROLL:
        return "Roll the chosen dice", D(kind)
    if kind is K_CONVERT:
        return "Use the converter", D(kind)
    if kind is K_HIRE:
        return "Hire a pilot", D(kind)
    if kind is K_HIRE_PILOT:
        return f"Hire {content.pilots[a].name}", D(kind, pilot=a)
    if kind is K_HIRE_WITH:
        st = ShipType(c)
        return (f"With {b} {FACE_NAMES[a]} dice, on the {st.name.title()}",
                D(kind, face=FACES[a], amount=b, ship_type=st))
    if kind is K_REPLACE_SHIP:  # the pilot hired (b) and the type it makes the ship (c)
        return f"Replace ship {a + 1}", D(kind, ship=a, pilot=b, ship_type=ShipType(c))
    if kind is K_TAKE_DISCARD:
        return f"Take {content.cards[a].name} from the discard", D(kind, card=a)
    if kind is K_DRAW:
        return "Draw from the exploration deck", D(kind)
    if kind is K_KEEP:
        return f"Keep {content.cards[a].name}", D(kind, card=a)
    if kind is K_PASS_ON:
        return f"Discard {content.cards[a].name} and draw again", D(kind, card=a)
    if kind is K_TAKE_FROM:
        res = Resource(b)
        return f"Take 1 {res.name.lower()} from seat {a}", D(kind, seat=a, resource=res)
    if kind is K_CONVERT_AMOUNT:
        return f"Amount {a}", D(kind, amount=a)
    if kind is K_CHOOSE_PLANET:
        return f"Choose {PLANETS[a].name}", D(kind, planet=a)
    if kind is K_PAY:
        return f"Pay for {PLANETS[a].name}'s ability", D(kind, planet=a)
    raise AssertionError(kind)  # pragma: no cover


def _decide(seat: int, stage: str, opts: Sequence[_Opt], content: Content) -> Decision:
    """The Decision of ``seat`` among ``opts`` at ``stage`` (shared: Decisions are frozen)."""
    key = (seat, stage, id(content), *opts)
    decision = _DECISIONS.get(key)
    if decision is not None:
        return decision
    if len(_DECISIONS) > 100_000:
        _DECISIONS.clear()
    decision = _DECISIONS[key] = new_decision(seat, _PROMPTS[stage], _legal(opts, content), stage)
    return decision


def _legal(opts: Sequence[_Opt], content: Content) -> tuple[Action, ...]:
    """The Actions of ``opts`` (ids are positions), each shared by position and option. The
    tuple is not kept: made from shared Actions it costs less than a cache of its own."""
    return tuple([_action(i, opt, content) for i, opt in enumerate(opts)])


def _action(i: int, opt: _Opt, content: Content) -> Action:
    """The Action of option ``opt`` at position ``i``, its text made when read (shared:
    Actions are frozen)."""
    akey = (i, id(content), opt)
    action = _ACTIONS.get(akey)
    if action is None:
        if len(_ACTIONS) > 100_000:
            _ACTIONS.clear()
        action = _ACTIONS[akey] = lazy_action(i, (_describe, opt, content))
    return action


class _Masks:
    """Hiring tables of one content as bit masks of ship type values (``1 << t``)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.flies = {x.id: sum(1 << t.value for t in x.ship_types) for x in content.pilots}
        pair = tuple(sum(1 << t.value for t in content.ships_for_face(f)) for f in FACES)
        self.pair = pair  # by face: the ship types a pair of it hires for
        # faces shown twice or more (bit mask) -> the ship types those pairs hire for
        self.paired = tuple(functools.reduce(operator.or_, (pair[f] for f in range(6)
                                                            if pairs >> f & 1), 0)
                            for pairs in range(64))
        self._ways: dict[tuple[int, int, int, int], tuple[_Opt, ...]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Masks:
        return self  # tables of the content, shared by every match as the content is

    def ways(self, flies: int, pairs: int, triples: int, open_types: int) -> tuple[_Opt, ...]:
        """The hire_with options of a pilot flying ``flies`` (ship types, as all four are
        masks): by face shown twice or more (``pairs``), then open ship type, a pair where
        the face hires for a type the pilot flies, else a triple (``_hire_choices``' order)."""
        key = (flies, pairs, triples, open_types)
        ways = self._ways.get(key)
        if ways is None:
            found = []
            for f in _SHOWN_FACES[pairs]:
                for t in (1, 2, 3, 4):
                    bit = 1 << t
                    if not open_types & bit:
                        continue
                    if flies & self.pair[f] & bit:
                        found.append((K_HIRE_WITH, f, 2, t))
                    elif triples >> f & 1:
                        found.append((K_HIRE_WITH, f, 3, t))
            ways = self._ways[key] = tuple(found)
        return ways


def _masks_for(content: Content) -> _Masks:
    masks = _MASKS.get(id(content))
    if masks is None or masks.content is not content:
        masks = _MASKS[id(content)] = _Masks(content)
    return masks


class GalaxiesState(GameState):
    """One match of Tiny Epic Galaxies, 2-5 players, Beyond the Black optional."""

    content: Content = CONTENT
    _rng: random.Random
    _rng_shared: bool
    # Every field in a slot: past 30 fields an instance's dict stops sharing its keys with
    # its class, and each attribute read becomes a dict lookup (slots, the field itself).
    __slots__ = (
        "num_players", "seed", "options", "_rng", "_rng_shared", "_event_list", "_lines",
        "expansion", "turn_limit", "energy", "culture", "level", "where", "orbit", "pos",
        "stype", "_cheap", "_yields", "_pilot", "hangar", "colonies", "cards", "deck",
        "row", "offers", "mission", "pilot_deck", "pilot_row", "ex_deck", "ex_discard",
        "drawn", "current", "turn", "dice", "activated", "free_reroll", "converter_used",
        "nibiru", "follow_bonus", "once", "end_triggered", "triggered_by", "termination",
        "stack", "_opts", "_pend", "_seat", "_hire_open", "_hire_flown", "_masks")

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        n = num_players
        self.expansion = bool(self.options["expansion"])
        self.turn_limit = int(self.options["turn_limit"])
        self.energy = [2] * n
        self.culture = [1] * n
        self.level = [1] * n
        self.where = [[HOME, HOME, LOCKED, LOCKED] for _ in range(n)]
        self.orbit = [[False] * 4 for _ in range(n)]
        self.pos = [[0] * 4 for _ in range(n)]
        self.stype = [[0] * 4 for _ in range(n)]
        self._cheap = [0] * n  # culture the seat's pilots take off following (derived)
        # What each of the seat's ships yields by where it is, energy then culture: the
        # table's yield, or its pilot's (derived, as ``_cheap``)
        self._yields: list[_Yields] = [_PLAIN_YIELDS] * n
        # The pilot flying each ship (None: a regular ship), by seat (derived, as ``_cheap``)
        self._pilot: list[list[Pilot | None]] = [[None] * 4 for _ in range(n)]
        self.hangar: list[list[list[int]]] = [[[], [], [], []] for _ in range(n)]
        self.colonies: list[list[int]] = [[] for _ in range(n)]
        self.cards: list[list[int]] = [[] for _ in range(n)]
        rng = self.rng
        deck = list(range(len(PLANETS)))
        shuffle(deck, rng)
        self.deck = deck
        self.row = [self.deck.pop() for _ in range(row_size(n))]
        missions = list(range(len(MISSIONS)))
        shuffle(missions, rng)
        self.offers = [[missions.pop(), missions.pop()] for _ in range(n)]
        self.mission = [-1] * n
        self.pilot_deck: list[int] = []
        self.pilot_row: list[int] = []
        self.ex_deck: list[int] = []
        self.ex_discard: list[int] = []
        if self.expansion:
            self.pilot_deck = list(range(len(self.content.pilots)))
            shuffle(self.pilot_deck, rng)
            self.pilot_row = [self.pilot_deck.pop() for _ in range(len(self.row))]
            self.ex_deck = list(range(len(self.content.cards)))
            shuffle(self.ex_deck, rng)
        self.drawn = -1
        self.current = 0
        self.turn = 0
        self.dice: list[int] = []  # the inactive dice, kept sorted
        self.activated: list[int] = []
        self.free_reroll = True
        self.converter_used = False
        self.nibiru = False
        self.follow_bonus: tuple[bool, bool] = (False, False)
        self.once: frozenset[tuple[int, int]] = frozenset()
        self.end_triggered = False
        self.triggered_by = -1
        self.termination: Termination | None = None
        self.stack: list[_Opt] = [_TURN_OVER, *[("mission", s) for s in reversed(range(n))]]
        self._opts: Sequence[_Opt] = []
        self._pend: dict[int, Decision] | None = None
        self._seat = -1
        # Tables derived from the content alone, made once per content and shared by every
        # match that plays it (and its copies); read from a slot, since a class attribute
        # read through an instance is a lookup the interpreter does not specialize.
        self._masks = _masks_for(self.content)
        self._hiring_changed()
        self.log(f"Setup: {n} players, expansion {'on' if self.expansion else 'off'}")
        self._settle()

    @property
    def rng(self) -> random.Random:
        """The match's random source. A clone and its original share one until either
        draws: whichever asks for it first then gets its own copy."""
        if self._rng_shared:
            copy = random.Random.__new__(random.Random)  # Random() would seed from the OS
            copy.setstate(self._rng.getstate())
            self._rng = copy
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    # -- the engine contract -------------------------------------------------------------

    def _pending(self) -> dict[int, Decision]:
        pending = self._pend
        if pending is None:
            if self._seat < 0:
                return {}
            pending = self._pend = {self._seat: self._build()}
        return pending

    def pending(self) -> dict[int, Decision]:
        """The open decision by seat (one seat at a time in this game)."""
        # The framework's method without a call more per decision: ``_pend`` is None or a
        # dict of one seat, never an empty one.
        return self._pend or self._pending()

    def apply(self, choices: Mapping[int, int]) -> None:
        """Apply the pending seat's action id, then move on until a real choice (two or more
        options) is open, or the match is over; raises before changing anything.

        The usual case (the one pending seat, an id in range) goes straight to the engine:
        ids are the positions of the options, so it is the framework's check without
        building the decision; anything else takes the framework's path and its errors.
        An id the options cannot be indexed by (a float, a string) takes that path too, and
        so does every choice after the end (no options then). The loop that moves on is
        here, not in a method of its own: a call less on every decision."""
        stack = self.stack
        if len(choices) == 1:
            seat = self._seat
            try:  # the check of the id is the indexing (ids are positions)
                index = choices[seat]
                opt = self._opts[index] if index >= 0 else None
            except (KeyError, TypeError, IndexError):
                opt = None
            if opt is None:
                super().apply(choices)  # checks, then ``_apply`` comes back here
                return
            self._pend = None
            if opt[0] is K_ACTIVATE:
                # The most frequent choice, applied here (``_do_turn`` has the turn's others):
                # the turn's frame stays on the stack, under the die's follow round and action.
                face = opt[1]
                self.dice.remove(face)
                self.activated.append(face)
                self._lines.append(_ACTIVATES[seat][face])  # ``_say`` inline
                stack.append(_FOLLOW_FRAMES[self.num_players][seat][face])  # ``_push_follow``
                self._perform(seat, face)
            else:
                frame = stack.pop()
                _HANDLERS[frame[0]](self, frame, seat, opt)
        elif choices is not _RESUME:  # (``_settle``: no choice, only moving on)
            super().apply(choices)
            return
        while True:
            frame = stack[-1]
            stage = frame[0]
            # The turn, the follow round and the reroll, the menus after nearly every
            # decision, are worked out here: a call less each.
            if stage == "turn":
                seat = frame[1]
                dice = self.dice
                faces = tuple(dice)
                try:  # ``_dice`` inline (a subscript, not a call of ``get``)
                    top, code, pairs, _triples = _DICE[faces]
                except KeyError:
                    top, code, pairs, _triples = _dice_info(faces)
                # The options depend on the faces shown (``code`` starts as their mask), not
                # on how many dice show each; then on the reroll, the converter and hiring
                # (see _TURN_OPTS).
                if dice:
                    if self.free_reroll:
                        code += _TURN_FREE_REROLL
                    elif self.energy[seat] >= 1:
                        code += _TURN_PAID_REROLL
                    if len(dice) >= 3 and not self.converter_used:
                        code += _TURN_CONVERT
                if self._can_hire_with(seat, top, pairs):
                    code += _TURN_HIRE
                seat, opts, decision = _TURN_MENUS[seat][code]
            elif stage == "follow":
                _, active, face, order, free = frame
                # The first seat in order that can pay follows or not; the others are asked
                # after it.
                culture = self.culture
                skipped = 0
                for seat in order:
                    cost = self._follow_cost(active, seat, free)
                    if culture[seat] >= cost:
                        break
                    skipped += 1
                else:
                    stack.pop()
                    continue
                if skipped:
                    frame = stack[-1] = ("follow", active, face, order[skipped:], free)
                seat, opts, decision = _FOLLOW_MENUS[seat][cost]
            elif stage == "reroll":  # a turn's reroll, asked die by die
                _, seat, chosen, mode, left = frame
                # ``left``: the dice not chosen yet (sorted; None before the first choice)
                faces = tuple(self.dice) if left is None else left
                try:  # ``_dice`` inline
                    code = _DICE[faces][1]
                except KeyError:
                    code = _dice_info(faces)[1]
                if chosen:
                    code += _REROLL_CHOSEN
                elif mode == _ZALAX:
                    code += _REROLL_ZALAX
                seat, opts, decision = _REROLL_MENUS[seat][code]
            elif frame is _TURN_OVER:
                self._end_turn()
                if self.termination is not None:
                    self._seat = -1
                    self._opts = ()
                    self._pend = None
                    return
                continue
            else:
                seat, opts, decision = _OPTIONS[stage](self, frame)
            # A menu that comes with its decision (the frequent ones, made at import) is a
            # real choice, ready to ask: those menus have two options or more (``_menu``).
            if decision is not None:
                self._opts = opts
                self._seat = seat
                self._pend = {seat: decision}
                return
            if not opts:
                if stack and stack[-1] is frame:
                    stack.pop()
                continue
            if len(opts) == 1:  # forced: applied at once, never asked
                frame = stack.pop()  # the options may have rewritten the top frame
                _HANDLERS[frame[0]](self, frame, seat, opts[0])
                continue
            self._opts = opts  # the others' decisions are built when asked
            self._seat = seat
            self._pend = None
            return

    def _build(self) -> Decision:
        stage = self.stack[-1][0]
        if stage == "move_to":  # a row set by hand, longer than a game's (see _opts_move_to)
            legal = tuple([Action(i, *_describe(opt, self.content))
                           for i, opt in enumerate(self._opts)])
            return Decision(self._seat, _PROMPTS[stage], legal, stage)
        if stage == "hire":
            # A hire's menu seldom comes back (the row changes: 337 of 354 were new in 20
            # games), so its Decision is made anew; cached, it would only fill the cache and
            # set off collections. Its Actions are shared, by position and option.
            return new_decision(self._seat, _PROMPTS[stage], _legal(self._opts, self.content),
                                stage)
        return _decide(self._seat, stage, self._opts, self.content)

    def _apply(self, choices: dict[int, Action]) -> None:
        seat = self._seat  # checked by the framework: the id is one of the options'
        self.apply({seat: choices[seat].id})

    def observation(self, seat: int | None) -> GalaxiesObservation:
        """What ``seat`` may know (None: a spectator): everything but the missions of others
        and the order of the decks."""
        players = tuple(self._player_view(p) for p in range(self.num_players))
        top = self.stack[-1]
        following = FACES[top[2]] if top[0] == "follow" else None
        mine = seat is not None and 0 <= seat < self.num_players
        return GalaxiesObservation(
            turn=self.turn,
            turn_limit=self.turn_limit,
            current_seat=self.current,
            acting_seat=self._seat if self._seat >= 0 else None,
            your_seat=seat if mine else None,
            decision=top[0],
            expansion=self.expansion,
            dice=tuple(FACES[f] for f in sorted(self.dice)),
            activated=tuple(FACES[f] for f in self.activated),
            free_reroll=self.free_reroll,
            converter_used=self.converter_used,
            following=following,
            follow_cost=self._follow_cost(top[1], top[3][0], top[4])
            if following is not None and top[3] else 0,
            players=players,
            planet_row=tuple(self.row),
            planet_deck_size=len(self.deck),
            pilot_row=tuple(self.pilot_row),
            pilot_deck_size=len(self.pilot_deck),
            exploration_discard=tuple(self.ex_discard),
            exploration_deck_size=len(self.ex_deck),
            drawn_card=self.drawn if self.drawn >= 0 else None,
            end_triggered=self.end_triggered,
            triggered_by=self.triggered_by if self.triggered_by >= 0 else None,
            your_mission=self.mission[seat] if mine and self.mission[seat] >= 0 else None,  # type: ignore[index]
            mission_offer=tuple(self.offers[seat]) if mine and self.mission[seat] < 0  # type: ignore[index]
            else (),
            # A pilot hired for a new type sits in the hangar while its seat picks the regular
            # ship it replaces: name it and its type, so no pilot seems to fly nothing.
            pilot_awaiting_ship=top[2] if top[0] == "replace_ship" else None,
            awaiting_ship_type=ShipType(top[3]) if top[0] == "replace_ship" else None,
        )

    def _player_view(self, p: int) -> PlayerView:
        ships = []
        for k in range(4):
            w = self.where[p][k]
            st = self.stype[p][k]
            pilot = self.hangar[p][st - 1][-1] if st else None
            if w >= 0:
                loc = ShipLocation.ORBIT if self.orbit[p][k] else ShipLocation.SURFACE
                ships.append(ShipView(k, loc, w, self.pos[p][k] if self.orbit[p][k] else None,
                                      ShipType(st), pilot))
            else:
                loc = _LOCATION[w]
                ships.append(ShipView(k, loc, None, None, ShipType(st), pilot))
        hangar = tuple(HangarSlot(ShipType(t + 1), tuple(stack))
                       for t, stack in enumerate(self.hangar[p]) if stack)
        return PlayerView(p, self.energy[p], self.culture[p], self.level[p], self.vp(p),
                          tuple(ships), tuple(self.colonies[p]), hangar, tuple(self.cards[p]),
                          tuple(self.badge_counts(p)), self.mission[p] >= 0)

    def result(self) -> Result:
        """Scores (VP + mission + badges at the end) and ranks by the three tie-breakers:
        colonies, empire level, energy + culture; still tied, the victory is shared."""
        n = self.num_players
        over = self.termination is not None
        scores = [self.final_score(p) if over else self.vp(p) for p in range(n)]
        keys = [(scores[p], len(self.colonies[p]), self.level[p],
                 self.energy[p] + self.culture[p]) for p in range(n)]
        if self.termination is None:
            return Result.from_keys(keys, scores, reason=f"standing in turn {self.turn}")
        reason = (f"turn limit {self.turn_limit} reached"
                  if self.termination is Termination.TURN_LIMIT else "the last round ended")
        return Result.from_keys(keys, scores, termination=self.termination, reason=reason)

    def snapshot(self) -> Any:
        """The whole state as plain data."""
        def rows(grid: list[list[Any]]) -> tuple[Any, ...]:
            return tuple(tuple(r) for r in grid)
        return {
            "energy": tuple(self.energy), "culture": tuple(self.culture),
            "level": tuple(self.level), "where": rows(self.where), "orbit": rows(self.orbit),
            "pos": rows(self.pos), "stype": rows(self.stype),
            "hangar": tuple(rows(h) for h in self.hangar), "colonies": rows(self.colonies),
            "cards": rows(self.cards), "deck": tuple(self.deck), "row": tuple(self.row),
            "offers": rows(self.offers), "mission": tuple(self.mission),
            "pilot_deck": tuple(self.pilot_deck), "pilot_row": tuple(self.pilot_row),
            "ex_deck": tuple(self.ex_deck), "ex_discard": tuple(self.ex_discard),
            "drawn": self.drawn, "current": self.current, "turn": self.turn,
            "dice": tuple(self.dice), "activated": tuple(self.activated),
            "free_reroll": self.free_reroll, "converter_used": self.converter_used,
            "nibiru": self.nibiru, "follow_bonus": self.follow_bonus,
            "once": tuple(sorted(self.once)), "end_triggered": self.end_triggered,
            "triggered_by": self.triggered_by,
            "termination": None if self.termination is None else self.termination.name,
            "stack": tuple(self.stack), "seat": self._seat, "opts": tuple(self._opts),
            "rng": self._rng.getstate(),  # a shared one's state is this state's too
        }

    def clone(self) -> GalaxiesState:
        """An independent copy, much faster than a deep copy (for search bots and tests)."""
        other = object.__new__(type(self))
        # Ints, tuples and frozen Decisions are shared.
        for name, value in zip(_FIELDS, _read_fields(self), strict=True):
            setattr(other, name, value)
        other.__dict__.update(self.__dict__)  # anything set by hand beside the fields
        # Copying a Random's state was half of a clone: both share it until one draws (see
        # ``rng``), and a search bot's clone that is dropped unplayed never copies it.
        self._rng_shared = other._rng_shared = True
        other.options = dict(self.options)
        self._copy_log(other)
        for name in ("energy", "culture", "level", "_cheap", "_yields", "_hire_open",
                     "_hire_flown", "deck", "row", "mission", "pilot_deck", "pilot_row",
                     "ex_deck", "ex_discard", "dice", "activated", "stack", "_opts"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("where", "orbit", "pos", "stype", "colonies", "cards", "offers",
                     "_pilot"):
            setattr(other, name, [list(r) for r in getattr(self, name)])
        other.hangar = [[list(s) for s in h] for h in self.hangar]
        if self._pend is not None:
            other._pend = dict(self._pend)  # the same frozen Decision, in a dict of its own
        return other

    def determinized(self, seat: int, rng: random.Random) -> GalaxiesState:
        """A state ``seat`` cannot tell from this one, its hidden parts drawn from ``rng``
        (for information-set search): a clone in which the other seats' missions (and the
        missions offered to them) are drawn from those ``seat`` has not seen, the planet,
        pilot and exploration decks are in a new order, and the random source is its own,
        seeded from ``rng``. This state is untouched."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}, got {seat!r}")
        other = self.clone()
        # the seat saw its own two offers (the one it kept and the one it gave back)
        pool = sorted(set(range(len(MISSIONS))) - set(self.offers[seat]))
        shuffle(pool, rng)
        for q in range(self.num_players):
            if q != seat:
                other.offers[q] = [pool.pop(), pool.pop()]
                if other.mission[q] >= 0:
                    other.mission[q] = other.offers[q][0]
        if other._seat not in (-1, seat) and other.stack[-1][0] == "mission":
            # another seat chooses its mission now: its menu shows the drawn offers
            other._opts = other._opts_mission(other.stack[-1])[1]
            other._pend = None
        for deck in (other.deck, other.pilot_deck, other.ex_deck):
            shuffle(deck, rng)
        other.rng = random.Random(rng.getrandbits(64))
        return other

    # -- scoring ---------------------------------------------------------------------------

    def advanced_ships(self, p: int) -> int:
        """How many advanced ships seat ``p`` flies (1 VP each)."""
        types = self.stype[p]
        return len(types) - types.count(0)

    def vp(self, p: int) -> int:
        """The in-game VP of seat ``p`` (empire, planets, advanced ships, exploration cards)."""
        # Loops, not sums of generators: asked after every colony, upgrade and card.
        total = EMPIRE[self.level[p] - 1].vp
        for c in self.colonies[p]:
            total += PLANETS[c].vp
        if self.expansion:
            total += self.advanced_ships(p)
            cards = self.content.cards
            for c in self.cards[p]:
                total += cards[c].vp
        return total

    def badge_counts(self, p: int) -> list[int]:
        """Badges (Federation symbols) of seat ``p`` by badge index: every pilot it hired
        (covered ones too) and every exploration card it took."""
        counts = [0] * len(self.content.badges)
        if not self.expansion:
            return counts
        for stack in self.hangar[p]:
            for pilot in stack:
                for b in self.content.pilots[pilot].badges:
                    counts[b] += 1
        for card in self.cards[p]:
            for b in self.content.cards[card].badges:
                counts[b] += 1
        return counts

    def badge_points(self) -> list[int]:
        """End-of-game badge majority VP per seat: 2 for a sole first, 1 for each second;
        a tie for first gives each tied seat 1 and no second place."""
        n = self.num_players
        points = [0] * n
        if not self.expansion:
            return points
        counts = [self.badge_counts(p) for p in range(n)]
        for b in range(len(self.content.badges)):
            values = [counts[p][b] for p in range(n)]
            top = max(values)
            if top == 0:
                continue
            first = [p for p in range(n) if values[p] == top]
            if len(first) > 1:
                for p in first:
                    points[p] += 1
                continue
            points[first[0]] += 2
            rest = [v for v in values if 0 < v < top]
            if rest:
                second = max(rest)
                for p in range(n):
                    if values[p] == second:
                        points[p] += 1
        return points

    def mission_points(self, p: int) -> int:
        """The VP of seat ``p``'s secret mission at the end of the game."""
        m = self.mission[p]
        if m < 0:
            return 0
        mission = MISSIONS[m]
        n = self.num_players
        name = mission.name
        if mission.tied_vp:
            if name == "Charger":
                values = list(self.energy)
            elif name == "Seeker":
                values = list(self.culture)
            elif name in ("Conqueror", "Hermit"):
                values = [len(c) for c in self.colonies]
                if name == "Hermit":
                    values = [-v for v in values]
            else:
                track = 0 if name == "Noble" else 1
                values = [sum(1 for c in self.colonies[q] if _TRACK[c] == track)
                          for q in range(n)]
            best = max(values)
            if values[p] != best:
                return 0
            return mission.vp if values.count(best) == 1 else mission.tied_vp
        ships = [self.where[p][k] for k in range(4) if self.where[p][k] != LOCKED]
        ok = {
            "Equalizer": sum(1 for c in self.colonies[p] if _TRACK[c] == 0)
            == sum(1 for c in self.colonies[p] if _TRACK[c] == 1),
            "Elder": self.triggered_by == p,
            "Hoarder": self.energy[p] >= 3 and self.culture[p] >= 3,
            "Industrialist": self.level[p] == MAX_LEVEL,
            "Orbiter": all(w == HOME for w in ships),
            "Explorer": all(w != HOME for w in ships),
        }[name]
        return mission.vp if ok else 0

    def final_score(self, p: int) -> int:
        """VP plus mission and badge points (what the result reports at the end)."""
        return self.vp(p) + self.mission_points(p) + self.badge_points()[p]

    # -- the decision loop -------------------------------------------------------------------

    def _settle(self) -> None:
        """Move on until a real choice (two or more options) is open, or the match is over:
        at the start, and after fields were set by hand (tests). ``apply`` does it."""
        self.apply(_RESUME)

    def _check_end(self, actor: int) -> None:
        # Called where VP change: a colony, an upgrade, a pilot's ship, an exploration card.
        if not self.end_triggered and self.vp(actor) >= VICTORY_POINTS:
            self._trigger(actor, f"seat {actor} reaches {self.vp(actor)} VP: the last round")

    def _trigger(self, p: int, text: str) -> None:
        self.end_triggered = True
        self.triggered_by = p
        self.log(text)

    def _end_turn(self) -> None:
        n = self.num_players
        if self.turn > 0:
            if self.end_triggered and self.current == n - 1:
                self.termination = Termination.NORMAL
                self.log("The game ends")
                return
            if self.turn >= self.turn_limit:
                self.termination = Termination.TURN_LIMIT
                self.log(f"Turn limit {self.turn_limit} reached")
                return
            self.current = (self.current + 1) % n
        self.turn += 1
        p = self.current
        rnd = (self.rng if self._rng_shared else self._rng).random  # the property, inline
        # Every level rolls four dice at least: those without a loop, the rest in one (not
        # a comprehension: a frame more). x 6.0, not 6: the same product, and one the
        # interpreter specializes (float by float).
        dice = [int(rnd() * 6.0), int(rnd() * 6.0), int(rnd() * 6.0), int(rnd() * 6.0)]
        for _ in _MORE_DICE[self.level[p]]:
            dice.append(int(rnd() * 6.0))
        dice.sort()
        self.dice = dice
        self.activated = []
        self.free_reroll = True
        self.converter_used = False
        self.nibiru = False
        self.follow_bonus = (False, False)
        self.once = _NONE
        self.stack.append(("turn", p))

    # -- options of each frame ----------------------------------------------------------------

    def _opts_mission(self, frame: _Opt) -> _Menu:
        s = frame[1]
        return s, [(K_CHOOSE_MISSION, m, 0, 0) for m in self.offers[s]], None

    # Convert and set_die: one option per distinct face of the inactive dice.
    def _opts_convert(self, frame: _Opt) -> _Menu:
        return _CONVERT_MENUS[frame[1]][_dice(tuple(self.dice))[1]]

    def _opts_set_die(self, frame: _Opt) -> _Menu:
        return _SET_DIE_MENUS[frame[1]][_dice(tuple(self.dice))[1]]

    def _opts_set_face(self, frame: _Opt) -> _Menu:
        return _SET_FACE_MENUS[frame[1]][frame[2]]

    def _opts_discard_dice(self, frame: _Opt) -> _Menu:
        _, p, left = frame
        opts = [(K_DISCARD_DIE, f, 0, 0) for f in sorted(set(self.dice))]
        if left == 2:
            opts.append((K_DECLINE, 0, 0, 0))
        return p, opts, None

    def _follow_cost(self, active: int, s: int, free: bool) -> int:
        if free:
            return 0
        cost = (2 if self.nibiru and active == self.current else 1) - self._cheap[s]
        return cost if cost > 0 else 0

    def _pilots_changed(self, p: int) -> None:
        """Recompute what seat ``p``'s pilots take off following, which pilot flies each
        ship and what each ship yields (after a hire or a ship swap: the only changes of a
        seat's pilots)."""
        hangar, pilots = self.hangar[p], self.content.pilots
        flying = [pilots[hangar[t - 1][-1]] if t else None for t in self.stype[p]]
        self._pilot[p] = flying
        cheap = 0
        if self.expansion:
            for pilot in flying:
                if pilot is not None and pilot.ability is A_CHEAP_FOLLOW:
                    cheap += pilot.amount
        self._cheap[p] = cheap
        for pilot in flying:
            if pilot is not None and pilot.ability in _YIELDING:
                by_ship = [_ship_yields(pilot.ability, pilot.amount) if pilot is not None
                           else _PLAIN_SHIP for pilot in flying]
                self._yields[p] = (tuple([e for e, _c in by_ship]),
                                   tuple([c for _e, c in by_ship]))
                return
        self._yields[p] = _PLAIN_YIELDS

    def _opts_move_ship(self, frame: _Opt) -> _Menu:
        _, p, exclude, _second = frame
        where = self.where[p]
        # Ships 1 and 2 are never locked; -1 (no ship excluded) reads the table's last entry.
        return _SHIP_MENUS[p][exclude][(where[2] == LOCKED) + 2 * (where[3] == LOCKED)]

    def _opts_move_to(self, frame: _Opt) -> _Menu:
        _, p, k = frame
        where, orbit = self.where[p], self.orbit[p]
        here = where[k]
        # The planets the seat's ships are on and around (a loop: a comprehension is a call)
        surface: list[int] = []
        orbits: list[int] = []
        for j in range(4):
            w = where[j]
            if w >= 0:
                (orbits if orbit[j] else surface).append(w)
        opts: list[_Opt] = []
        lands, orbit_opts = _LAND_OPTS[k], _ORBIT_OPTS[k]
        for planet in self.row:
            if planet == here:
                continue
            if planet not in surface:
                opts.append(lands[planet])
            if planet not in orbits:
                opts.append(orbit_opts[planet])
        if here != HOME:
            opts.append(_HOME_OPTS[k])
        if self.expansion and here != EXPLORING:
            opts.append(_EXPLORE_OPTS[k])
        if len(opts) < 2:
            return p, opts, None
        # Its options follow the planet row and the ships: nearly every menu is new, so its
        # Decision is made here, not looked up. The Actions are made at import, by position
        # and option (their texts name planets and places only, not the content): ``map``
        # picks them in C. A row set by hand may be longer than any game's: ``_build`` then.
        legal = tuple(map(dict.__getitem__, _MOVE_ACTIONS, opts))
        if len(legal) < len(opts):
            return p, opts, None
        return p, opts, new_decision(p, _MOVE_TO_PROMPT, legal, "move_to")

    def _opts_explore(self, frame: _Opt) -> _Menu:
        p = frame[1]
        opts = [(K_TAKE_DISCARD, c, 0, 0) for c in self.ex_discard]
        if self.ex_deck:
            opts.append((K_DRAW, 0, 0, 0))
        return p, opts, None

    def _opts_drawn(self, frame: _Opt) -> _Menu:
        _, p, _k, card = frame
        return p, [(K_KEEP, card, 0, 0), (K_PASS_ON, card, 0, 0)], None

    def _advance_targets(self, p: int, track: int, by_die: bool, exclude: int) -> list[int]:
        out = []
        for k in range(4):
            w = self.where[p][k]
            if w < 0 or not self.orbit[p][k] or k == exclude:
                continue
            if track == ANY or _TRACK[w] == track or (
                    by_die and self.stype[p][k] and self._ability(p, k) is A_ANY_TRACK):
                out.append(k)
        return out

    def _opts_advance(self, frame: _Opt) -> _Menu:
        _, p, track, amount, by_die, exclude = frame
        # ``_advance_targets`` inline: a Diplomacy or Economy die often finds no ship in orbit
        where, orbit = self.where[p], self.orbit[p]
        opts = []
        for k in range(4):
            w = where[k]
            if w < 0 or not orbit[k] or k == exclude:
                continue
            if track == ANY or _TRACK[w] == track or (
                    by_die and self.stype[p][k] and self._ability(p, k) is A_ANY_TRACK):
                opts.append((K_ADVANCE, k, amount, 0))
        return p, opts, None

    def _regress_targets(self, p: int, track: int, opponents: bool,
                         exclude: tuple[int, int]) -> list[tuple[int, int]]:
        out = []
        for q in range(self.num_players):
            if (q == p) == opponents:
                continue
            for k in range(4):
                w = self.where[q][k]
                if (w < 0 or not self.orbit[q][k] or self.pos[q][k] == 0
                        or (q, k) == exclude or (track != ANY and _TRACK[w] != track)):
                    continue
                if self.stype[q][k] and self._ability(q, k) is A_STEADFAST:
                    continue
                out.append((q, k))
        return out

    def _opts_regress(self, frame: _Opt) -> _Menu:
        _, p, track, amount, count, exclude = frame
        return p, [(K_REGRESS, q, k, amount)
                   for q, k in self._regress_targets(p, track, True, exclude)], None

    def _upgrade_cost(self, p: int, discount: int) -> int:
        cost = EMPIRE[self.level[p]].cost - discount
        for pilot in self._pilot[p]:  # None for a basic ship (all of them without the expansion)
            if pilot is not None and pilot.ability is A_UPGRADE_DISCOUNT:
                cost -= pilot.amount
        return cost if cost > 1 else 1

    def _upgrade_opts(self, p: int, discount: int, mixed: bool) -> list[_Opt]:
        if self.level[p] >= MAX_LEVEL:
            return []
        cost = self._upgrade_cost(p, discount)
        e, c = self.energy[p], self.culture[p]
        if mixed:
            return [(K_UPGRADE, x, cost - x, 1) for x in range(cost + 1)
                    if x <= e and cost - x <= c]
        opts = []
        if e >= cost:
            opts.append((K_UPGRADE, cost, 0, 0))
        if c >= cost:
            opts.append((K_UPGRADE, 0, cost, 0))
        return opts

    def _opts_utilize(self, frame: _Opt) -> _Menu:
        p = frame[1]
        opts = self._upgrade_opts(p, 0, False)
        opts += [(K_USE_COLONY, c, p, 0) for c in self.colonies[p] if self._usable(p, c)]
        if opts:
            opts.append((K_DECLINE, 0, 0, 0))
        return p, opts, None

    def _opts_upgrade(self, frame: _Opt) -> _Menu:
        _, p, discount, mixed = frame
        opts = self._upgrade_opts(p, discount, mixed)
        if opts:
            opts.append((K_DECLINE, 0, 0, 0))
        return p, opts, None

    def _opts_pay(self, frame: _Opt) -> _Menu:
        _, p, planet = frame
        return p, [(K_PAY, planet, 0, 0), (K_DECLINE, 0, 0, 0)], None

    def _opts_bury(self, frame: _Opt) -> _Menu:
        p = frame[1]
        busy = {self.where[q][k] for q in range(self.num_players) for k in range(4)}
        opts = [(K_CHOOSE_PLANET, c, 0, 0) for c in self.row if c not in busy]
        if opts and self.deck:
            return p, [*opts, (K_DECLINE, 0, 0, 0)], None
        return p, [], None

    def _opts_take_from(self, frame: _Opt) -> _Menu:
        _, p, res = frame
        pool = self.energy if res == _E else self.culture
        return p, [(K_TAKE_FROM, q, res, 0) for q in range(self.num_players)
                   if q != p and pool[q] > 0 and not self._immune(q)], None

    def _opts_convert_res(self, frame: _Opt) -> _Menu:
        _, p, src = frame
        have = self.culture[p] if src == _C else self.energy[p]
        room = RESOURCE_CAP - (self.energy[p] if src == _C else self.culture[p])
        top = min(have, room)
        if top <= 0:
            return p, [], None
        return p, [(K_CONVERT_AMOUNT, a, 0, 0) for a in range(top + 1)], None

    def _opts_borrow_row(self, frame: _Opt) -> _Menu:
        p = frame[1]
        opts = [(K_CHOOSE_PLANET, c, 0, 0) for c in self.row
                if _ABILITY[c] not in _BORROWERS and self._usable(p, c)]
        return p, [*opts, (K_DECLINE, 0, 0, 0)] if opts else [], None

    def _opts_borrow_colony(self, frame: _Opt) -> _Menu:
        _, p, res = frame
        if (self.energy if res == _E else self.culture)[p] < 1:
            return p, [], None
        opts = [(K_USE_COLONY, c, q, 0) for q in range(self.num_players) if q != p
                for c in self.colonies[q] if _ABILITY[c] not in _BORROWERS
                and self._usable(p, c)]
        return p, [*opts, (K_DECLINE, 0, 0, 0)] if opts else [], None

    def _opts_cash_in(self, frame: _Opt) -> _Menu:
        p = frame[1]
        opts = [(K_MOVE_SHIP, k, 0, 0) for k in range(4)
                if self.where[p][k] >= 0 and self.orbit[p][k]]
        return p, [*opts, (K_DECLINE, 0, 0, 0)] if opts else [], None

    def _opts_split(self, frame: _Opt) -> _Menu:
        _, p, total = frame
        return p, [(K_CONVERT_AMOUNT, a, 0, 0) for a in range(total + 1)], None

    def _opts_choose_face(self, frame: _Opt) -> _Menu:
        _, p, repeat = frame
        faces = sorted(set(self.activated) - {UTILIZE}) if repeat else range(6)
        return p, [(K_CHOOSE_FACE, f, 0, 0) for f in faces], None

    def _opts_shift(self, frame: _Opt) -> _Menu:
        p = frame[1]
        if len(self._advance_targets(p, ANY, False, -1)) < 2:
            return p, [], None
        opts = [(K_REGRESS, q, k, 1) for q, k in self._regress_targets(p, ANY, False, (-1, -1))]
        return p, [*opts, (K_DECLINE, 0, 0, 0)] if opts else [], None

    def _opts_gort(self, frame: _Opt) -> _Menu:
        p = frame[1]
        return p, [(K_MOVE_SHIP, k, 0, 0) for k in self._advance_targets(p, ANY, False, -1)], None

    def _opts_gort_to(self, frame: _Opt) -> _Menu:
        _, p, k = frame
        orbits = {self.where[p][j] for j in range(4) if self.where[p][j] >= 0 and self.orbit[p][j]}
        return p, [(K_CHOOSE_PLANET, c, 0, 0) for c in self.row if c not in orbits], None

    def _opts_hire(self, frame: _Opt) -> _Menu:
        p = frame[1]
        open_types = self._hire_open[p]
        if not open_types:  # the masks say none (or fields set by hand): the long way
            pilots = sorted({pilot for pilot, _f, _n, _t in self._hire_choices(p)})
            return p, tuple((K_HIRE_PILOT, x, 0, 0) for x in pilots), None
        # ``_hire_choices`` as bit masks, not cached (a hire changes the pilot row, so the
        # same menu seldom comes back): a pilot of the row can be hired if a pair hires for
        # an open type it flies, or with a triple of any face (for any open type).
        _top, _shown, pairs, triples = _dice(tuple(self.dice))
        paired_open = self._masks.paired[pairs] & open_types
        flies = self._masks.flies
        opts = tuple([(K_HIRE_PILOT, x, 0, 0) for x in sorted(set(self.pilot_row))
                      if triples or flies[x] & paired_open])
        return p, opts, None

    def _opts_hire_with(self, frame: _Opt) -> _Menu:
        _, p, pilot = frame
        open_types = self._hire_open[p]
        if not open_types:  # as in ``_opts_hire``: the long way
            return p, tuple([(K_HIRE_WITH, f, n, t)
                             for _x, f, n, t in self._hire_choices(p, only=pilot)]), None
        _top, _shown, pairs, triples = _dice(tuple(self.dice))
        masks = self._masks
        return p, masks.ways(masks.flies[pilot], pairs, triples, open_types), None

    def _opts_replace_ship(self, frame: _Opt) -> _Menu:
        _, p, pilot, t = frame
        return p, [(K_REPLACE_SHIP, k, pilot, t) for k in range(4)
                   if self.where[p][k] != LOCKED and not self.stype[p][k]], None

    def _hire_tables(self) -> tuple[dict[int, frozenset[int]], tuple[frozenset[int], ...]]:
        """Ship types each pilot flies, and ship types each face's doubles hire for."""
        content = self.content
        tables = _HIRE_TABLES.get(id(content))
        if tables is None or tables[0] is not content:
            flies = {x.id: frozenset(t.value for t in x.ship_types) for x in content.pilots}
            pair = tuple(frozenset(t.value for t in content.ships_for_face(f)) for f in FACES)
            tables = _HIRE_TABLES[id(content)] = (content, flies, pair)
        return tables[1], tables[2]

    def _can_hire(self, p: int) -> bool:
        """Whether seat ``p`` can hire any pilot of the row with its dice now.

        The same as ``_hire_choices(p, True)`` being non-empty, with the ship types as bit
        masks: some type must be open (a pilot there already, or a regular ship to swap),
        flown by a pilot of the row, and hired by a pair of the dice, or else any open type
        with a triple (a type, a pilot and a face each chosen on their own)."""
        top, _shown, pairs, _triples = _dice(tuple(self.dice))
        return self._can_hire_with(p, top, pairs)

    def _can_hire_with(self, p: int, top: int, pairs: int) -> bool:
        """``_can_hire`` for dice with at most ``top`` of one face and ``pairs`` (the faces
        shown twice or more, a bit mask): the turn menu has them."""
        if top < 2 or not self._hire_open[p]:
            return False
        return top >= 3 or bool(self._hire_flown[p] & self._masks.paired[pairs])

    def _derive(self) -> None:
        """Recompute every table derived from the seats' fields (pilots' follow discounts,
        hiring masks): the engine keeps them up to date; after fields set by hand, call it."""
        for p in range(self.num_players):
            self._pilots_changed(p)
        self._hiring_changed()

    def _hiring_changed(self) -> None:
        """Recompute every seat's hiring masks (``_can_hire_with`` reads them).

        A ship type is open to a pilot if its slot holds one (replacement) or a regular ship
        is in play to be swapped; ``_hire_flown`` keeps the open types a pilot of the row
        flies (pairs hire for those; a triple for any open type)."""
        n = self.num_players
        if not self.expansion or not self.pilot_row:
            self._hire_open = [0] * n
            self._hire_flown = [0] * n
            return
        self._hire_open = [self._open_types(p) for p in range(n)]
        self._row_changed()

    def _seat_hiring_changed(self, p: int) -> None:
        """Update the hiring masks after seat ``p``'s ships or hangar changed (an upgrade, a
        ship swap): the other seats' stay as they are."""
        if self.expansion and self.pilot_row:
            opens = self._hire_open[p] = self._open_types(p)
            self._hire_flown[p] = opens & self._row_flies()

    def _row_changed(self) -> None:
        """Update every seat's ``_hire_flown`` after the pilot row changed (a hire)."""
        if not self.pilot_row:
            self._hiring_changed()
            return
        flown = self._row_flies()
        self._hire_flown = [o & flown for o in self._hire_open]

    def _row_flies(self) -> int:
        """The ship types the pilots of the row fly, as a mask."""
        flies = self._masks.flies
        flown = 0
        for pilot in self.pilot_row:
            flown |= flies[pilot]
        return flown

    def _open_types(self, p: int) -> int:
        """The ship types open to a pilot for seat ``p`` (bit mask of ``1 << type``)."""
        where, stype, hangar = self.where[p], self.stype[p], self.hangar[p]
        # Unrolled over the four ships and slots.
        if ((where[0] != LOCKED and not stype[0]) or (where[1] != LOCKED and not stype[1])
                or (where[2] != LOCKED and not stype[2])
                or (where[3] != LOCKED and not stype[3])):
            return 0b11110
        return ((2 if hangar[0] else 0) | (4 if hangar[1] else 0)
                | (8 if hangar[2] else 0) | (16 if hangar[3] else 0))

    def _hire_choices(self, p: int, first: bool = False,
                      only: int = -1) -> list[tuple[int, int, int, int]]:
        """(pilot, face, dice, ship type) for every way seat ``p`` can hire now (with
        ``first``, stop at the first one found: the turn's menu only asks whether any; with
        ``only``, the ways of that pilot alone)."""
        counts = [0] * 6
        for f in self.dice:
            counts[f] += 1
        faces = [f for f in range(6) if counts[f] >= 2]
        if not faces:
            return []
        regular = any(self.where[p][k] != LOCKED and not self.stype[p][k] for k in range(4))
        # A ship type can take a pilot if its slot holds one (replacement) or a regular ship
        # is in play to be swapped for it.
        hangar = self.hangar[p]
        open_types = [t for t in (1, 2, 3, 4) if regular or hangar[t - 1]]
        if not open_types:
            return []
        flies_of, pair_of = self._hire_tables()
        out = []
        for pilot in self.pilot_row:
            if only >= 0 and pilot != only:
                continue
            flies = flies_of[pilot]
            for f in faces:
                pair = pair_of[f]
                triple = counts[f] >= 3
                for t in open_types:
                    if t in flies and t in pair:
                        out.append((pilot, f, 2, t))
                    elif triple:
                        out.append((pilot, f, 3, t))
                    else:
                        continue
                    if first:
                        return out
        return out

    # -- handlers -------------------------------------------------------------------------

    def _do_mission(self, frame: _Opt, p: int, opt: _Opt) -> None:
        self.mission[p] = opt[1]
        self.log(f"seat {p} keeps a secret mission")
        self.log(f"seat {p} keeps {MISSIONS[opt[1]].name}", {p})

    def _do_turn(self, frame: _Opt, p: int, opt: _Opt) -> None:
        # An activation never comes here: ``apply`` does it, and a turn that offers one
        # offers the end of the turn too, so it is never a forced option.
        kind = opt[0]
        if kind is K_END_TURN:
            self._lines.append(_ENDS[p])
            return
        stack = self.stack
        stack.append(frame)
        if kind is K_REROLL:
            stack.append(("reroll", p, (), opt[1], None))
        elif kind is K_CONVERT:
            self.converter_used = True
            stack.append(("convert", p, 0))
        elif kind is K_HIRE:
            stack.append(("hire", p))

    def _say(self, text: str) -> None:
        """Log a public event (``log`` without its checks, for the frequent ones)."""
        self._lines.append(text)

    def _push_follow(self, p: int, face: int, free: bool) -> None:
        self.stack.append(("follow", p, face, _FOLLOWERS[self.num_players][p], free))

    def _do_reroll(self, frame: _Opt, p: int, opt: _Opt) -> None:
        _, _, chosen, mode, left = frame
        kind = opt[0]
        if kind is K_REROLL_DIE:
            face = opt[1]
            if left is None:
                left = tuple(self.dice)
            i = left.index(face)
            self.stack.append(("reroll", p, (*chosen, face), mode, left[:i] + left[i + 1:]))
        elif kind is K_ROLL:
            if mode == _PAID:
                self.energy[p] -= 1
            elif mode == _FREE:
                self.free_reroll = False
            for f in chosen:
                self.dice.remove(f)
            rnd = (self.rng if self._rng_shared else self._rng).random  # the property, inline
            dice_list = self.dice
            for _ in chosen:  # a loop, not ``extend`` of a generator (a frame per die)
                dice_list.append(int(rnd() * 6.0))
            dice_list.sort()
            self._lines.append((None, _rerolls_text, p, len(chosen), tuple(dice_list)))

    def _do_convert(self, frame: _Opt, p: int, opt: _Opt) -> None:
        self.dice.remove(opt[1])
        if frame[2] == 0:
            self.stack.append(("convert", p, 1))
        else:
            self._lines.append(_USES_CONVERTER[p])  # ``_say`` inline
            self.stack.append(("set_die", p))

    def _do_set_die(self, frame: _Opt, p: int, opt: _Opt) -> None:
        self.stack.append(("set_face", p, opt[1]))

    def _do_set_face(self, frame: _Opt, p: int, opt: _Opt) -> None:
        self.dice.remove(frame[2])
        self.dice.append(opt[1])
        self.dice.sort()
        self._lines.append(_SETS_DIE[p][frame[2]][opt[1]])  # ``_say`` inline

    def _do_discard_dice(self, frame: _Opt, p: int, opt: _Opt) -> None:
        if opt[0] is K_DECLINE:
            return
        self.dice.remove(opt[1])
        if frame[2] == 2:
            self.stack.append(("discard_dice", p, 1))
        else:
            self._gain(p, _E, 2)
            self._gain(p, _C, 2)

    def _do_follow(self, frame: _Opt, s: int, opt: _Opt) -> None:
        _, active, face, order, free = frame
        rest = order[1:]
        if rest:
            self.stack.append(("follow", active, face, rest, free))
        if opt[0] is K_DECLINE:
            return
        self.culture[s] -= opt[1]
        self._lines.append(_FOLLOWS[s][face])  # ``_say`` inline
        if active == self.current:
            bonus_e, bonus_c = self.follow_bonus
            if bonus_e:
                self._gain(active, _E, 1)
            if bonus_c:
                self._gain(active, _C, 1)
        self._perform(s, face)

    def _perform(self, p: int, face: int) -> None:
        """Do the action of a die face for seat ``p`` (owner or follower)."""
        action = _FACE_FRAMES[p][face]  # the frame of the action, or None for a yield
        if action is not None:
            self.stack.append(action)
            return
        pool = self.energy if face == ENERGY else self.culture
        total = pool[p] + self._yield(p, _E if face == ENERGY else _C)
        pool[p] = total if total < RESOURCE_CAP else RESOURCE_CAP  # a yield is never < 0

    def _yield(self, p: int, res: int) -> int:
        where = self.where[p]
        t0, t1, t2, t3 = self._yields[p][res]
        return t0[where[0]] + t1[where[1]] + t2[where[2]] + t3[where[3]]

    def _gain(self, p: int, res: int, amount: int) -> None:
        pool = self.energy if res == _E else self.culture
        pool[p] = max(0, min(RESOURCE_CAP, pool[p] + amount))

    def _ability(self, p: int, k: int) -> PilotAbility:
        return self._pilot[p][k].ability  # type: ignore[union-attr]  # an advanced ship's

    def _amount(self, p: int, k: int) -> int:
        return self._pilot[p][k].amount  # type: ignore[union-attr]

    def _has(self, p: int, k: int, ability: PilotAbility) -> bool:
        pilot = self._pilot[p][k]
        return pilot is not None and pilot.ability is ability

    def _immune(self, q: int) -> bool:
        return self.expansion and any(self._has(q, k, A_THEFT_IMMUNE) for k in range(4))

    def _do_move_ship(self, frame: _Opt, p: int, opt: _Opt) -> None:
        k = opt[1]
        if frame[3]:  # Nagato: the second move, with another ship
            self.stack.append(("move_ship", p, k, False))
        self.stack.append(("move_to", p, k))

    def _do_move_to(self, frame: _Opt, p: int, opt: _Opt) -> None:
        k = frame[2]
        kind = opt[0]
        where = self.where[p]
        if self._has(p, k, A_MOVE_ENERGY):
            self._gain(p, _E, self._amount(p, k))
        if kind is K_GO_HOME:
            where[k] = HOME
            self._lines.append(_BRINGS_HOME[p][k])  # ``_say`` inline
        elif kind is K_EXPLORE:
            where[k] = EXPLORING
            self._lines.append(_SENDS_EXPLORING[p][k])  # ``_say`` inline
            if self._has(p, k, A_EXPLORE_CULTURE):
                self._gain(p, _C, self._amount(p, k))
            self.stack.append(("explore", p, k))
        elif kind is K_LAND:
            planet = opt[1]
            where[k] = planet
            self.orbit[p][k] = False
            self._lines.append((None, _LANDS, p, k + 1, PLANETS[planet].name))
            self._use_ability(p, planet)
        else:
            planet = opt[1]
            where[k] = planet
            self.orbit[p][k] = True
            self.pos[p][k] = 0
            self._lines.append((None, _ORBITS, p, k + 1, PLANETS[planet].name))
            if self._has(p, k, A_ORBIT_START):
                self._advance(p, k, self._amount(p, k))

    def _advance(self, p: int, k: int, amount: int) -> None:
        planet = self.where[p][k]
        self.pos[p][k] = min(self.pos[p][k] + amount, _ADV[planet])
        if self.pos[p][k] >= _ADV[planet]:
            self._colonise(p, planet)

    def _colonise(self, p: int, planet: int) -> None:
        self.colonies[p].append(planet)
        for q in range(self.num_players):
            where = self.where[q]
            for k in range(4):
                if where[k] == planet:
                    where[k] = HOME
                    self.pos[q][k] = 0
                    self.orbit[q][k] = False
        i = self.row.index(planet)
        if self.deck:
            self.row[i] = self.deck.pop()
        else:
            del self.row[i]
        self._lines.append((None, _COLONISES, p, PLANETS[planet].name))
        self._check_end(p)

    def _do_explore(self, frame: _Opt, p: int, opt: _Opt) -> None:
        k = frame[2]
        if opt[0] is K_TAKE_DISCARD:
            self.ex_discard.remove(opt[1])
            self._take_card(p, k, opt[1])
        else:
            self._draw(p, k)

    def _draw(self, p: int, k: int) -> None:
        card = self.ex_deck.pop()
        if not self.ex_deck and not self.end_triggered:
            self._trigger(p, "the exploration deck is empty: this is the last round")
        self._lines.append((None, _DRAWS, p, self.content.cards[card].name))
        if self.content.cards[card].color is CardColor.RED or len(self.ex_discard) >= 3:
            self._take_card(p, k, card)
        else:
            self.drawn = card
            self.stack.append(("drawn", p, k, card))

    def _do_drawn(self, frame: _Opt, p: int, opt: _Opt) -> None:
        _, _, k, card = frame
        self.drawn = -1
        if opt[0] is K_KEEP:
            self._take_card(p, k, card)
            return
        self.ex_discard.append(card)
        self.log(f"seat {p} discards {self.content.cards[card].name}")
        if self.ex_deck:
            self._draw(p, k)
        else:
            self.stack.append(("explore", p, k))

    def _take_card(self, p: int, k: int, card_id: int) -> None:
        card = self.content.cards[card_id]
        self.cards[p].append(card_id)
        self._lines.append((None, _TAKES, p, card.name))
        self._check_end(p)
        if card.color is CardColor.RED and self._has(p, k, A_DANGER_SHIELD):
            return
        effect, amount = card.effect, card.amount
        if effect is CardEffect.GAIN_ENERGY:
            self._gain(p, _E, amount)
        elif effect is CardEffect.GAIN_CULTURE:
            self._gain(p, _C, amount)
        elif effect is CardEffect.GAIN_BOTH:
            self._gain(p, _E, amount)
            self._gain(p, _C, amount)
        elif effect is CardEffect.LOSE_ENERGY:
            self._gain(p, _E, -amount)
        elif effect is CardEffect.LOSE_CULTURE:
            self._gain(p, _C, -amount)
        elif effect is CardEffect.SHIP_HOME:
            if self.where[p][k] == EXPLORING:
                self.where[p][k] = HOME
        elif effect is CardEffect.ADVANCE:
            self.stack.append(("advance", p, ANY, amount, False, -1))
        elif effect is CardEffect.REGRESS:
            self.stack.append(("self_regress", p, amount))

    def _opts_self_regress(self, frame: _Opt) -> _Menu:
        _, p, amount = frame
        return p, [(K_REGRESS, q, k, amount)
                   for q, k in self._regress_targets(p, ANY, False, (-1, -1))], None

    def _do_self_regress(self, frame: _Opt, p: int, opt: _Opt) -> None:
        _, q, k, amount = opt
        self.pos[q][k] = max(0, self.pos[q][k] - amount)

    def _do_advance(self, frame: _Opt, p: int, opt: _Opt) -> None:
        _, k, amount, _ = opt
        by_die = frame[4]
        if by_die and self.expansion and self._has(p, k, A_ADVANCE_BONUS):
            amount += self._amount(p, k)
        planet = self.where[p][k]
        self._lines.append((None, _ADVANCES, p, k + 1, PLANETS[planet].name, amount))
        self._advance(p, k, amount)

    def _do_regress(self, frame: _Opt, p: int, opt: _Opt) -> None:
        _, _, track, amount, count, _ = frame
        _, q, k, _ = opt
        self.pos[q][k] = max(0, self.pos[q][k] - amount)
        self.log(f"seat {p} moves seat {q}'s ship {k + 1} back by {amount}")
        if count > 1:
            self.stack.append(("regress", p, track, amount, count - 1, (q, k)))

    def _do_utilize(self, frame: _Opt, p: int, opt: _Opt) -> None:
        kind = opt[0]
        if kind is K_UPGRADE:
            self._upgrade(p, opt)
        elif kind is K_USE_COLONY:
            self._lines.append((None, _USES, p, PLANETS[opt[1]].name))
            self._use_ability(p, opt[1])

    def _do_upgrade(self, frame: _Opt, p: int, opt: _Opt) -> None:
        if opt[0] is K_UPGRADE:
            self._upgrade(p, opt)

    def _upgrade(self, p: int, opt: _Opt) -> None:
        _, e, c, _ = opt
        self.energy[p] -= e
        self.culture[p] -= c
        self.level[p] += 1
        ships = EMPIRE[self.level[p] - 1].ships
        for k in range(ships):
            if self.where[p][k] == LOCKED:
                self.where[p][k] = HOME
        self._seat_hiring_changed(p)
        self._lines.append((None, _UPGRADES, p, self.level[p]))
        self._check_end(p)

    # -- planet abilities ----------------------------------------------------------------------

    def _usable(self, p: int, planet: int) -> bool:
        """Whether the ability could do anything for ``p`` now (colonies offered by Utilize)."""
        ability = _ABILITY[planet]
        if ability in _OWN_TURN_ONLY and p != self.current:
            return False
        if (p, planet) in self.once:
            return False
        if ability == "energy_to_2_culture":
            return self.energy[p] >= 1
        if ability in ("advance_2_diplomacy", "regress_2", "borrow_colony_culture"):
            return self.culture[p] >= (2 if ability != "borrow_colony_culture" else 1)
        if ability in ("advance_2_economy", "regress_two_ships"):
            return self.energy[p] >= 2
        if ability == "borrow_colony_energy":
            return self.energy[p] >= 1
        if ability == "double_move":
            return self.culture[p] >= 1
        if ability == "dice_for_resources":
            return len(self.dice) >= 2
        if ability in ("reroll", "set_die"):
            return bool(self.dice)
        if ability == "repeat_action":
            return any(f != UTILIZE for f in self.activated)
        return True

    def _use_ability(self, p: int, planet: int) -> None:
        """Perform planet ``planet``'s ability for seat ``p`` (landing, colony, borrowed)."""
        ability = _ABILITY[planet]
        own = p == self.current
        if ability in _OWN_TURN_ONLY and not own:
            return
        push = self.stack.append
        if ability == "gain_culture":
            self._gain(p, _C, 1)
        elif ability == "gain_energy":
            self._gain(p, _E, 1)
        elif ability == "gain_2_energy":
            self._gain(p, _E, 2)
        elif ability == "advance_diplomacy":
            push(("advance", p, _DIP, 1, False, -1))
        elif ability == "advance_economy":
            push(("advance", p, _ECO, 1, False, -1))
        elif ability == "follow_culture":
            self.follow_bonus = (self.follow_bonus[0], True)
        elif ability == "follow_energy":
            self.follow_bonus = (True, self.follow_bonus[1])
        elif ability == "regress_diplomacy":
            push(("regress", p, _DIP, 1, 1, (-1, -1)))
        elif ability == "regress_economy":
            push(("regress", p, _ECO, 1, 1, (-1, -1)))
        elif ability == "regress_any":
            push(("regress", p, ANY, 1, 1, (-1, -1)))
        elif ability == "bury_planet":
            push(("bury", p))
        elif ability == "underdog_upgrade":
            if self.level[p] == min(self.level):
                push(("upgrade", p, 1, False))
        elif ability == "mixed_upgrade":
            push(("upgrade", p, 0, True))
        elif ability == "reroll":
            push(("reroll", p, (), _ZALAX, None))
        elif ability == "set_die":
            push(("set_die", p))
        elif ability == "dice_for_resources":
            push(("discard_dice", p, 2))
        elif ability == "steal_culture":
            self.once = self.once | {(p, planet)}
            push(("take_from", p, _C))
        elif ability == "steal_energy":
            self.once = self.once | {(p, planet)}
            push(("take_from", p, _E))
        elif ability == "culture_to_energy":
            push(("convert_res", p, _C))
        elif ability == "energy_to_culture":
            push(("convert_res", p, _E))
        elif ability in ("energy_to_2_culture", "double_move", "advance_2_diplomacy",
                         "advance_2_economy", "regress_2", "regress_two_ships"):
            if ability == "double_move" and (p, planet) in self.once:
                return
            push(("pay", p, planet))
        elif ability == "borrow_row":
            push(("borrow_row", p))
        elif ability == "culture_for_all" or ability == "energy_for_all":
            res = _C if ability == "culture_for_all" else _E
            for q in range(self.num_players):
                self._gain(q, res, 2 if q == p else 1)
        elif ability == "cash_in_orbit":
            push(("cash_in", p))
        elif ability == "borrow_colony_culture":
            push(("borrow_colony", p, _C))
        elif ability == "borrow_colony_energy":
            push(("borrow_colony", p, _E))
        elif ability == "free_action":
            if (p, planet) not in self.once:
                self.once = self.once | {(p, planet)}
                push(("choose_face", p, False))
        elif ability == "shift_progress":
            push(("shift", p))
        elif ability == "culture_per_home_ship":
            self._gain(p, _C, sum(1 for w in self.where[p] if w == HOME))
        elif ability == "advance_any":
            push(("advance", p, ANY, 1, False, -1))
        elif ability == "costly_follow":
            self.nibiru = True
        elif ability == "jump_orbit":
            push(("gort", p))
        elif ability == "advance_for_all":
            push(("advance", p, ANY, 2, False, -1))
            n = self.num_players
            for i in range(n - 1, 0, -1):
                push(("advance", (p + i) % n, ANY, 1, False, -1))
        elif ability == "repeat_action":
            push(("choose_face", p, True))
        else:  # pragma: no cover - every printed ability is handled above
            raise AssertionError(ability)

    def _do_pay(self, frame: _Opt, p: int, opt: _Opt) -> None:
        if opt[0] is K_DECLINE:
            return
        planet = frame[2]
        ability = _ABILITY[planet]
        push = self.stack.append
        if ability == "energy_to_2_culture":
            if self.energy[p] >= 1:
                self.energy[p] -= 1
                self._gain(p, _C, 2)
        elif ability == "double_move":
            if self.culture[p] >= 1:
                self.culture[p] -= 1
                self.once = self.once | {(p, planet)}
                push(("move_ship", p, -1, True))
        elif ability == "advance_2_diplomacy" and self.culture[p] >= 2:
            self.culture[p] -= 2
            push(("advance", p, _DIP, 2, False, -1))
        elif ability == "regress_2" and self.culture[p] >= 2:
            self.culture[p] -= 2
            push(("regress", p, ANY, 2, 1, (-1, -1)))
        elif ability == "advance_2_economy" and self.energy[p] >= 2:
            self.energy[p] -= 2
            push(("advance", p, _ECO, 2, False, -1))
        elif ability == "regress_two_ships" and self.energy[p] >= 2:
            self.energy[p] -= 2
            push(("regress", p, ANY, 1, 2, (-1, -1)))

    def _do_bury(self, frame: _Opt, p: int, opt: _Opt) -> None:
        if opt[0] is K_DECLINE:
            return
        planet = opt[1]
        i = self.row.index(planet)
        self.row[i] = self.deck.pop()
        self.deck.insert(0, planet)
        self.log(f"seat {p} puts {PLANETS[planet].name} under the deck")

    def _do_take_from(self, frame: _Opt, p: int, opt: _Opt) -> None:
        _, q, res, _ = opt
        pool = self.energy if res == _E else self.culture
        pool[q] -= 1
        self._gain(p, res, 1)

    def _do_convert_res(self, frame: _Opt, p: int, opt: _Opt) -> None:
        a = opt[1]
        src = frame[2]
        self._gain(p, src, -a)
        self._gain(p, 1 - src, a)

    def _do_borrow_row(self, frame: _Opt, p: int, opt: _Opt) -> None:
        if opt[0] is K_CHOOSE_PLANET:
            self._use_ability(p, opt[1])

    def _do_borrow_colony(self, frame: _Opt, p: int, opt: _Opt) -> None:
        if opt[0] is K_DECLINE:
            return
        res = frame[2]
        _, planet, owner, _ = opt
        self._gain(p, res, -1)
        self._gain(owner, res, 1)
        self._use_ability(p, planet)

    def _do_cash_in(self, frame: _Opt, p: int, opt: _Opt) -> None:
        if opt[0] is K_DECLINE:
            return
        k = opt[1]
        total = self.pos[p][k]
        self.where[p][k] = HOME
        self.pos[p][k] = 0
        self.orbit[p][k] = False
        if total:
            self.stack.append(("split", p, total))

    def _do_split(self, frame: _Opt, p: int, opt: _Opt) -> None:
        a = opt[1]
        self._gain(p, _E, a)
        self._gain(p, _C, frame[2] - a)

    def _do_choose_face(self, frame: _Opt, p: int, opt: _Opt) -> None:
        face = opt[1]
        if not frame[2]:  # Zavodnick: every other player may follow it for free
            self._push_follow(p, face, True)
        self._perform(p, face)

    def _do_shift(self, frame: _Opt, p: int, opt: _Opt) -> None:
        if opt[0] is K_DECLINE:
            return
        _, _, k, _ = opt
        self.pos[p][k] -= 1
        self.stack.append(("advance", p, ANY, 1, False, k))

    def _do_gort(self, frame: _Opt, p: int, opt: _Opt) -> None:
        self.stack.append(("gort_to", p, opt[1]))

    def _do_gort_to(self, frame: _Opt, p: int, opt: _Opt) -> None:
        k = frame[2]
        planet = opt[1]
        self.where[p][k] = planet
        self.log(f"seat {p} jumps ship {k + 1} to {PLANETS[planet].name}'s orbit")
        self._advance(p, k, 0)

    def _do_hire(self, frame: _Opt, p: int, opt: _Opt) -> None:
        if opt[0] is K_HIRE_PILOT:
            self.stack.append(("hire_with", p, opt[1]))

    def _do_hire_with(self, frame: _Opt, p: int, opt: _Opt) -> None:
        pilot = frame[2]
        _, face, count, t = opt
        for _ in range(count):
            self.dice.remove(face)
            self.activated.append(face)
        for _ in range(count):  # the dice stay followable, one by one
            self._push_follow(p, face, False)
        i = self.pilot_row.index(pilot)
        if self.pilot_deck:
            self.pilot_row[i] = self.pilot_deck.pop()
        else:
            del self.pilot_row[i]
        self.hangar[p][t - 1].append(pilot)
        self._pilots_changed(p)
        self._seat_hiring_changed(p)
        self._row_changed()
        name = self.content.pilots[pilot].name
        if len(self.hangar[p][t - 1]) > 1:
            self._lines.append((None, _HIRES_REPLACING, p, name, _SHIP_TITLES[t]))
            return
        self._lines.append((None, _HIRES_WITH, p, name, count, FACE_NAMES[face]))
        self.stack.append(("replace_ship", p, pilot, t))

    def _do_replace_ship(self, frame: _Opt, p: int, opt: _Opt) -> None:
        t = frame[3]
        self.stype[p][opt[1]] = t
        self._pilots_changed(p)
        self._seat_hiring_changed(p)
        self._lines.append((None, _BECOMES, p, opt[1] + 1, _SHIP_TITLES[t]))
        self._check_end(p)


_FIELDS = GalaxiesState.__slots__
_read_fields = operator.attrgetter(*_FIELDS)
_LOCATION = {HOME: ShipLocation.GALAXY, EXPLORING: ShipLocation.EXPLORING,
             LOCKED: ShipLocation.LOCKED}
_ACTIONS: dict[tuple[int, int, _Opt], Action] = {}
_DECISIONS: dict[tuple[Any, ...], Decision] = {}
_HIRE_TABLES: dict[int, Any] = {}
_MASKS: dict[int, _Masks] = {}

# Ship types' names in the log, by value (an Enum call and its name cost a microsecond).
_SHIP_TITLES = tuple(t.name.title() for t in ShipType)
_ENDS = tuple(f"seat {p} ends the turn" for p in range(5))
_ACTIVATES = tuple(tuple(f"seat {p} activates {name}" for name in FACE_NAMES) for p in range(5))
_FOLLOWS = tuple(tuple(f"seat {p} follows {name}" for name in FACE_NAMES) for p in range(5))
_USES_CONVERTER = tuple(f"seat {p} uses the converter" for p in range(5))
_SETS_DIE = tuple(tuple(tuple(f"seat {p} sets a die from {old} to {new}" for new in FACE_NAMES)
                        for old in FACE_NAMES) for p in range(5))
_BRINGS_HOME = tuple(tuple(f"seat {p} brings ship {k + 1} home" for k in range(4))
                     for p in range(5))
_SENDS_EXPLORING = tuple(tuple(f"seat {p} sends ship {k + 1} exploring" for k in range(4))
                         for p in range(5))
# Texts made when the log is read (a playout seldom reads it): its line is
# (visible_to, make, *args), see ``GameState._lines``.
_LANDS = "seat {} lands ship {} on {}".format
_ORBITS = "seat {} puts ship {} in orbit of {}".format
_ADVANCES = "seat {} advances ship {} on {} by {}".format
_COLONISES = "seat {} colonises {}".format
_DRAWS = "seat {} draws {}".format
_TAKES = "seat {} takes {}".format
_USES = "seat {} uses {}".format
_UPGRADES = "seat {} upgrades the empire to level {}".format
_HIRES_REPLACING = "seat {} hires {} for its {} (replacing)".format
_HIRES_WITH = "seat {} hires {} with {} {} dice".format
_BECOMES = "seat {}'s ship {} becomes its {}".format


def _rerolls_text(p: int, count: int, dice: tuple[int, ...]) -> str:
    text = _DICE_TEXT.get(dice)
    if text is None:  # dice set by hand (tests): more than a roll
        text = ", ".join(FACE_NAMES[f] for f in dice)
    return f"seat {p} rerolls {count} dice: now {text}"


# Dice rolled by empire level beyond the four of every level (``_end_turn``; the empire
# track's dice are checked in the rules tests).
_MORE_DICE = (range(0), *(range(e.dice - 4) for e in EMPIRE))
_NONE: frozenset[tuple[int, int]] = frozenset()
_RESUME: Mapping[int, int] = MappingProxyType({})  # no choice: ``apply`` only moves on
# The bottom of the stack: on top, a turn is over; at the end, the observation's decision.
_TURN_OVER: _Opt = ("over",)
# The seats that may follow seat p, in order, by player count.
_FOLLOWERS = tuple(tuple(tuple((p + i) % n for i in range(1, n)) for p in range(n))
                   for n in range(6))
# The follow round of a die, by player count, active seat and face.
_FOLLOW_FRAMES = tuple(tuple(tuple(("follow", p, f, _FOLLOWERS[n][p], False) for f in range(6))
                              for p in range(n)) for n in range(6))
# The frame a die face's action pushes, by seat and face (None: energy and culture, which
# yield at once): built once, not per activation.
_FACE_FRAMES: tuple[tuple[_Opt | None, ...], ...] = tuple(
    (("move_ship", p, -1, False), None, None, ("advance", p, _DIP, 1, True, -1),
     ("advance", p, _ECO, 1, True, -1), ("utilize", p)) for p in range(5))
_STAGES = ("mission", "turn", "reroll", "convert", "set_die", "set_face", "discard_dice",
           "follow", "move_ship", "move_to", "explore", "drawn", "advance", "regress",
           "self_regress", "utilize", "upgrade", "pay", "bury", "take_from", "convert_res",
           "borrow_row", "borrow_colony", "cash_in", "split", "choose_face", "shift", "gort",
           "gort_to", "hire", "hire_with", "replace_ship")
# (The options of the turn, the follow round and the reroll are worked out in ``apply``'s
# loop.)
_OPTIONS = {s: getattr(GalaxiesState, f"_opts_{s}") for s in _STAGES
            if s not in ("turn", "follow", "reroll")}
_HANDLERS = {s: getattr(GalaxiesState, f"_do_{s}") for s in _STAGES}
_PROMPTS: dict[str, str] = {
    "mission": "Keep one of your two secret missions",
    "turn": "Activate a die, reroll, convert, hire, or end the turn",
    "reroll": "Choose dice to reroll",
    "convert": "Put a die in the converter",
    "set_die": "Choose the die to set",
    "set_face": "Choose its new face",
    "discard_dice": "Discard a die",
    "follow": "Follow the action?",
    "move_ship": "Which ship moves?",
    "move_to": "Where does it go?",
    "explore": "Take a discarded exploration card or draw",
    "drawn": "Keep the card, or discard it and draw again",
    "advance": "Which ship advances?",
    "regress": "Which opponent ship moves back?",
    "self_regress": "Which of your ships moves back?",
    "utilize": "Upgrade the empire or use a colony",
    "upgrade": "Upgrade the empire?",
    "pay": "Pay for the ability?",
    "bury": "Which planet goes under the deck?",
    "take_from": "Take from whom?",
    "convert_res": "How much to convert?",
    "borrow_row": "Use which planet's ability?",
    "borrow_colony": "Use which colony?",
    "cash_in": "Which orbiting ship comes home?",
    "split": "How much of it as energy?",
    "choose_face": "Which action?",
    "shift": "Which of your ships moves back?",
    "gort": "Which orbiting ship jumps?",
    "gort_to": "To which planet's orbit?",
    "hire": "Which pilot?",
    "hire_with": "With which dice, for which ship?",
    "replace_ship": "Which regular ship does the pilot take?",
}


def _prebuilt(opts: list[_Opt]) -> tuple[tuple[_Opt, ...], tuple[Action, ...]]:
    """Options and their Actions, made at import: the texts of the dice menus name faces
    only, not the content, so the base game's Actions serve every content. Their texts are
    made now, not when read: these menus are asked again and again, and a plain Action's id
    is cheaper to read than a LazyAction's."""
    return tuple(opts), tuple([_plain_action(i, opt) for i, opt in enumerate(opts)])


@functools.cache
def _plain_action(i: int, opt: _Opt) -> Action:
    """The Action of the base game's option ``opt`` at position ``i``, its text made now
    (once: the menus made at import share their Actions)."""
    return new_action(i, *_describe(opt, CONTENT))


# The dice menus (after most decisions) are indexed by small ints, their options and Actions
# made at import, so that a new process pays for a Decision per seat and menu only.
# The turn: the mask of the faces shown, plus what else it offers.
_TURN_FREE_REROLL, _TURN_PAID_REROLL, _TURN_CONVERT, _TURN_HIRE = 64, 128, 192, 384
_TURN_OPTS = tuple(
    _prebuilt([*[(K_ACTIVATE, f, 0, 0) for f in _SHOWN_FACES[code % 64]],
               *([(K_REROLL, code // 64 % 3 - 1, 0, 0)] if code // 64 % 3 else []),
               *([(K_CONVERT, 0, 0, 0)] if code // 192 % 2 else []),
               *([(K_HIRE, 0, 0, 0)] if code // 384 else []),
               (K_END_TURN, 0, 0, 0)])
    for code in range(768))
# The reroll: the mask of the faces not chosen yet, plus whether any is (Roll) or else
# whether none at all may be (Zalax's "any number").
_REROLL_CHOSEN, _REROLL_ZALAX = 64, 128
_REROLL_OPTS = tuple(
    _prebuilt([*[(K_REROLL_DIE, f, 0, 0) for f in _SHOWN_FACES[code % 64]],
               *([(K_ROLL, 0, 0, 0)] if code // 64 == 1 else []),
               *([(K_DECLINE, 0, 0, 0)] if code // 64 == 2 else [])])
    for code in range(192))
_FACE_OPTS = {stage: tuple(_prebuilt([(kind, f, 0, 0) for f in _SHOWN_FACES[shown]])
                           for shown in range(64))
              for stage, kind in (("convert", K_CONVERT_SPEND), ("set_die", K_SET_DIE))}
_SET_FACE_OPTS = tuple(_prebuilt([(K_SET_FACE, f, 0, 0) for f in range(6) if f != old])
                       for old in range(6))


def _menu(seat: int, stage: str, prebuilt: tuple[tuple[_Opt, ...], tuple[Action, ...]]
          ) -> _Menu:
    """The menu of ``seat`` with these options and Actions, made at import (a new process
    would otherwise pay for a Decision per seat and menu during its matches); a menu of one
    option or none comes without a decision."""
    opts, legal = prebuilt
    if len(opts) < 2:  # nothing to ask (``apply`` drops or applies it): no decision
        return seat, opts, None
    return seat, opts, Decision(seat, _PROMPTS[stage], legal, stage)


def _menus(stage: str, table: Sequence[tuple[tuple[_Opt, ...], tuple[Action, ...]]]
           ) -> tuple[tuple[_Menu, ...], ...]:
    """The menus of ``table`` (options and Actions by index) for each seat."""
    return tuple(tuple(_menu(seat, stage, prebuilt) for prebuilt in table) for seat in range(5))


# Their menus by seat, then index.
_TURN_MENUS = _menus("turn", _TURN_OPTS)
_REROLL_MENUS = _menus("reroll", _REROLL_OPTS)
_CONVERT_MENUS = _menus("convert", _FACE_OPTS["convert"])
_SET_DIE_MENUS = _menus("set_die", _FACE_OPTS["set_die"])
_SET_FACE_MENUS = _menus("set_face", _SET_FACE_OPTS)
# Following, by seat and cost (0 to 2: a Nibiru die's 2 at most).
_FOLLOW_MENUS = _menus("follow", [_prebuilt([(K_FOLLOW, cost, 0, 0), (K_DECLINE, 0, 0, 0)])
                                  for cost in range(3)])
# Which ship moves, by seat, the ship excluded (a Nagato's second move; -1, none, is the
# last entry) and which of ships 3 and 4 are locked (bit 1: ship 3, bit 2: ship 4).
_SHIP_OPTS = tuple(
    tuple(_prebuilt([(K_MOVE_SHIP, k, 0, 0) for k in range(4)
                     if k != exclude and not (k == 2 and locked & 1 or k == 3 and locked & 2)])
          for locked in range(4))
    for exclude in (0, 1, 2, 3, -1))
_SHIP_MENUS = tuple(tuple(tuple(_menu(seat, "move_ship", prebuilt) for prebuilt in by_locked)
                          for by_locked in _SHIP_OPTS) for seat in range(5))


# move_to's options of each ship, then planet and place, made once.
_LAND_OPTS = tuple(tuple((K_LAND, planet, k, 0) for planet in range(len(PLANETS)))
                   for k in range(4))
_ORBIT_OPTS = tuple(tuple((K_ORBIT, planet, k, 0) for planet in range(len(PLANETS)))
                    for k in range(4))
_HOME_OPTS = tuple((K_GO_HOME, 0, k, 0) for k in range(4))
_EXPLORE_OPTS = tuple((K_EXPLORE, 0, k, 0) for k in range(4))
_MOVE_TO_PROMPT = _PROMPTS["move_to"]


def _move_actions() -> tuple[dict[_Opt, Action], ...]:
    """move_to's Actions by position, then option: each option's text and detail made once,
    for every position a row of planets (two options each), home and exploring can fill."""
    opts = [opt for k in range(4) for planet in range(len(PLANETS))
            for opt in (_LAND_OPTS[k][planet], _ORBIT_OPTS[k][planet])]
    opts += [*_HOME_OPTS, *_EXPLORE_OPTS]
    described = [(opt, *_describe(opt, CONTENT)) for opt in opts]
    return tuple({opt: Action(i, text, detail) for opt, text, detail in described}
                 for i in range(2 * row_size(5) + 2))


_MOVE_ACTIONS = _move_actions()
