"""The Sol match state: setup, the three actions, instability, flares, the end.

The state is an explicit state machine so that it clones and snapshots as plain data. Each
open decision belongs to one seat (usually the current player; an owner deciding a bonus or an
orbital activation otherwise). Work that needs no decision runs in ``_advance``: pending
orbital activations first, then cards still to draw one by one (a flare resolves as it is
drawn), then the next step of the turn named by ``next_step``. A decision with a single legal
action is applied at once, so forced moves never reach a bot.

Sundivers are counted per space and seat in the flat list ``dv`` (``space * n + seat``).
``hold[seat]`` counts a seat's own sundivers in its own hold; ``guest[host * n + colour]``
those of another colour in ``host``'s hold (only BLIGHT puts them there; RULES.md 51).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from itertools import compress
from typing import Any

from .._core import Action, Decision, GameState, OptionError, Result, Termination, shuffle
from . import _actions as act
from ._board import BOARDS, Board, Ring, side_for
from ._cards import (
    AUGMENT_EXTRA,
    BASE_MOVEMENT,
    CARDS_PER_SUIT,
    EFFECT_INFO,
    GATES,
    HALVING_AT,
    MAX_STACK,
    REWARDS,
    START_ENERGY,
    START_HOLD,
    STATIONS_EACH,
    SUNDIVERS,
    Effect,
    Station,
    Suit,
    Timing,
)
from ._effects import IMPLEMENTED, choose_effects
from ._messages import ActionKind, Stage


# The action kinds, stages and effects this module names are read from the slots of one
# instance each (every member has a slot; the annotations name those read here): reading
# ``ActionKind.X`` goes through the enum's member descriptor, and CPython 3.11 specializes
# no read of a class attribute, while a slot read is one load.
class _Members:
    """Names and values held in slots; a subclass names its slots and annotates them."""

    __slots__ = ()

    def __init__(self, members: Iterable[tuple[str, object]]) -> None:
        for name, value in members:
            setattr(self, name, value)


class _ActionKinds(_Members):
    """The action kinds (the same members)."""

    ACTIVATE: ActionKind
    ACTIVATE_STATION: ActionKind
    CONVERT: ActionKind
    DECONSTRUCT_GATE: ActionKind
    DECONSTRUCT_STATION: ActionKind
    EFFECT_STEP: ActionKind
    FLY: ActionKind
    FLY_STATION: ActionKind
    HURL: ActionKind
    HURL_STATION: ActionKind
    LAUNCH: ActionKind
    MOTIVATE: ActionKind
    MOVE: ActionKind
    ORBITAL_ACTIVATE: ActionKind
    ORBITAL_SKIP: ActionKind
    PASS: ActionKind
    PLAY_CARD: ActionKind
    PUNCTURE: ActionKind
    SKIP: ActionKind
    STOP: ActionKind
    VESTIGIAL_GATE: ActionKind

    __slots__ = tuple(kind.name for kind in ActionKind)


_K = _ActionKinds((kind.name, kind) for kind in ActionKind)


class _Stages(_Members):
    """The stages (the same members)."""

    ACTION: Stage
    ACTIVATE: Stage
    BONUS: Stage
    CONVERT: Stage
    EFFECT: Stage
    KEEP: Stage
    MOTIVATE: Stage
    MOVE: Stage
    ORBITAL: Stage
    OVER: Stage
    STALL: Stage
    VESTIGIAL: Stage

    __slots__ = tuple(stage.name for stage in Stage)


_Stage = _Stages((stage.name, stage) for stage in Stage)


class _Effects(_Members):
    """The effects, as plain ints: the turn's steps compare ``self.effect`` with them many
    times per turn."""

    ACCELERATE: int
    AUGMENT: int
    BLIGHT: int
    CASCADE: int
    CATAPULT: int
    CEREMONY: int
    CHAIN: int
    CHANNEL: int
    CLUSTER: int
    DUPLICATE: int
    FESTIVAL: int
    FUEL: int
    HATCH: int
    HYPERDRIVE: int
    INVADE: int
    JUGGERNAUT: int
    METAMORPHOSIS: int
    MOTIVATE: int
    PASSAGE: int
    PILLAR: int
    PORTAL: int
    PROCREATE: int
    PULSE: int
    PUNCTURE: int
    SACRIFICE: int
    SQUEEZE: int
    SYNCHRONIZE: int
    TELEPORT: int
    TRANSCEND: int
    TRIBUTE: int

    __slots__ = tuple(effect.name for effect in Effect)


_Fx = _Effects((effect.name, int(effect)) for effect in Effect)


NONE = -1
NODE, FOUNDRY, TOWER = int(Station.NODE), int(Station.FOUNDRY), int(Station.TOWER)
INVADE = -2  # a conversion that takes another player's station
FLARE = int(Suit.FLARE)
FLARES = CARDS_PER_SUIT
_BASE = {int(r): REWARDS[r][0] for r in Ring}
_SPACE_BASE = {side: tuple(_BASE[int(r)] for r in board.ring_of) for side, board in BOARDS.items()}
_BONUS = {int(r): REWARDS[r][1] for r in Ring}
_CARDS = {int(r): REWARDS[r][2] for r in Ring}
_OUTER, _INNER = int(Ring.OUTER), int(Ring.INNER)
_CONV, _CORE = int(Ring.CONVECTIVE), int(Ring.CORE)
_SPACING = {2: 6, 3: 4, 4: 3, 5: 3}
ACCELERATE_MAX = 3  # ACCELERATE's N is chosen from 1..3 (RULES.md)
BLIGHT_SUNDIVERS = 3  # BLIGHT moves 3 reserve sundivers, all or nothing (RULES.md)
# Activate cards that replace the action: played as "Play EFFECT now", then the turn ends.
_REPLACING = frozenset({_Fx.SACRIFICE, _Fx.BLIGHT})
# Effects a held card may be played for on their own (any-time ones, and the replacing ones).
_OWN_PLAY = frozenset(int(e) for e in Effect if (
    EFFECT_INFO[e].timing is Timing.ANY and e in IMPLEMENTED) or e in _REPLACING)
_TIMING_OF_ACTION = {_K.MOVE: Timing.MOVE, _K.CONVERT: Timing.CONVERT,
                     _K.ACTIVATE: Timing.ACTIVATE}


# Move effects that change nothing about which flights are open.
_PLAIN_MOVES = frozenset({_Fx.CEREMONY, _Fx.FUEL, _Fx.PASSAGE,
                          _Fx.CLUSTER, _Fx.TELEPORT})
# Per space, its flight options (then its hurl, from the core) when no destination is full,
# how many, and their actions by the position of the first one in the decision (None until
# built; a colour has 13 sundivers, so a move decision has fewer than 128 actions).
_POSITIONS = 128
_Block = tuple[tuple[tuple[Any, ...], ...], int, list[tuple[Action, ...] | None]]
_Blocks = tuple[_Block, ...]


def _space_block(side: int, s: int, gates: list[int]) -> _Block:
    """The shared block of space ``s`` under ``gates``: flights through open edges, then
    the hurl from the core. A space's block is interned, so every layout that leaves its
    edges alike shares it, and the actions built for it survive a gate elsewhere."""
    board = BOARDS[side]
    block: tuple[tuple[Any, ...], ...] = tuple(
        (_K.FLY, s, t, e) for t, e in board.neighbours[s] if e < 0 or gates[e] >= 0)
    if board.ring_of[s] == Ring.CORE:
        block += (_HURL_OPTION[s],)
    intern = _INTERN[side]
    shared = intern.get(block)
    if shared is None:
        shared = intern[block] = (block, len(block), [None] * _POSITIONS)
    return shared


def _blocks(side: int, gates: list[int], old: _Blocks = (), old_gates: list[int] | None = None
            ) -> _Blocks:
    """The blocks of every space under ``gates``: from ``old`` (the blocks under
    ``old_gates``) only the spaces beside a gate that opened or closed are rebuilt."""
    board = BOARDS[side]
    if not old or old_gates is None or len(old_gates) != len(gates):
        return tuple(_space_block(side, s, gates) for s in range(board.size))
    blocks = list(old)
    for e, (now, before) in enumerate(zip(gates, old_gates, strict=True)):
        if (now >= 0) != (before >= 0):
            for s in board.barriers[e]:
                blocks[s] = _space_block(side, s, gates)
    return tuple(blocks)


_INTERN: dict[int, dict[tuple[tuple[Any, ...], ...], _Block]] = {4: {}, 5: {}}
# Per side and space: the barrier crossed to each adjacent space (-1: none).
_BARRIER = {side: tuple(dict(b.neighbours[s]) for s in range(b.size)) for side, b in BOARDS.items()}


def _block_actions(side: int, options: tuple[tuple[Any, ...], ...], at: int
                   ) -> tuple[Action, ...]:
    """The actions of ``options`` placed from position ``at`` on."""
    return tuple(act.step(side, o, at + i) for i, o in enumerate(options))


# Shared option tuples of launches and hurls per space (the same objects every time, which
# keeps the action cache's lookups cheap).
_LAUNCH_OPTION = tuple((_K.LAUNCH, s, NONE) for s in range(max(b.size for b in BOARDS.values())))
_HURL_OPTION = tuple((_K.HURL, s, NONE) for s in range(max(b.size for b in BOARDS.values())))
_LAUNCH_BLOCKS = {side: tuple(
    (tuple(_LAUNCH_OPTION[s] for s in b.launch[eye]),
     tuple(act.step(side, _LAUNCH_OPTION[s], i) for i, s in enumerate(b.launch[eye])))
    for eye in range(b.orbit)) for side, b in BOARDS.items()}
_STOP_OPTION = (_K.STOP,)
# The turn's choices without a card (payloads and their actions by position).
_MOVE_CHOICE = (_K.MOVE, None, NONE)
_CONVERT_CHOICE = (_K.CONVERT, None, NONE)
_ACTIVATE_CHOICE = {kind: (_K.ACTIVATE, kind, NONE) for kind in (NODE, FOUNDRY, TOWER)}
_CHOICE_ACTIONS = {choice: [act.choose_action(i, choice[0], choice[1], None) for i in range(5)]
                   for choice in (_MOVE_CHOICE, _CONVERT_CHOICE, *_ACTIVATE_CHOICE.values())}
_PASS_CHOICE = (_K.PASS, None, NONE)
_PASS_ACTION = act.simple(0, _K.PASS, "Pass (no action is possible)")
_FLY = _K.FLY
_LAUNCH = _K.LAUNCH


def _action_menu(p: int, can_move: bool, can_convert: bool, node: bool, foundry: bool,
                 tower: bool) -> tuple[list[Any], Decision]:
    """The turn's choice of ``p`` with no held card (payloads and decision), given which
    choices are open; never changed once built, so shared by every state."""
    payloads: list[Any] = []
    if can_move:
        payloads.append(_MOVE_CHOICE)
    if can_convert:
        payloads.append(_CONVERT_CHOICE)
    for kind, open_ in ((NODE, node), (FOUNDRY, foundry), (TOWER, tower)):
        if open_:
            payloads.append(_ACTIVATE_CHOICE[kind])
    actions = [_CHOICE_ACTIONS[choice][i] for i, choice in enumerate(payloads)]
    if not payloads:
        payloads.append(_PASS_CHOICE)
        actions.append(_PASS_ACTION)
    return payloads, Decision(p, "choose the turn's action", tuple(actions), "action")


_ACTION_MENUS: dict[tuple[int, bool, bool, bool, bool, bool], tuple[list[Any], Decision]] = {}


def _held_menu(p: int, effect: int, can_move: bool, can_convert: bool, invade: bool,
               node: bool, foundry: bool, tower: bool, playable: bool
               ) -> tuple[list[Any], Decision]:
    """The turn's choice of ``p`` holding a card of ``effect``, given which choices are open
    (``invade``: a conversion only INVADE makes possible; ``playable``: the card's own play);
    never changed once built, so shared by every state."""
    timing = EFFECT_INFO[Effect(effect)].timing if effect != NONE else None
    with_card = effect in IMPLEMENTED and effect not in _REPLACING
    actions: list[Action] = []
    payloads: list[Any] = []

    def add(kind: ActionKind, station: int | None) -> None:
        payloads.append((kind, station, NONE))
        actions.append(act.choose_action(len(actions), kind, station, None))
        if (timing is _TIMING_OF_ACTION[kind] or timing is Timing.DRAW) and with_card:
            payloads.append((kind, station, effect))
            actions.append(act.choose_action(len(actions), kind, station, effect))

    if can_move:
        add(_K.MOVE, None)
    if can_convert:
        add(_K.CONVERT, None)
    elif invade:
        payloads.append((_K.CONVERT, None, effect))
        actions.append(act.choose_action(len(actions), _K.CONVERT, None, effect))
    for kind, open_ in ((NODE, node), (FOUNDRY, foundry), (TOWER, tower)):
        if open_:
            add(_K.ACTIVATE, kind)
    if playable:
        payloads.append((_K.PLAY_CARD, None, effect))
        actions.append(act.play_card(len(actions), effect))
    if not actions:
        payloads.append(_PASS_CHOICE)
        actions.append(_PASS_ACTION)
    return payloads, Decision(p, "choose the turn's action", tuple(actions), "action")


_HELD_MENUS: dict[tuple[int, int, bool, bool, bool, bool, bool, bool, bool],
                  tuple[list[Any], Decision]] = {}
# Any-time effects a held card may still be played for once the action is over (the
# replacing ones are the action).
_LATE_PLAY = _OWN_PLAY - _REPLACING


def _late_menu(p: int, effect: int) -> tuple[list[Any], Decision]:
    """Whether ``p`` plays its held any-time card after its action, before the draws."""
    actions = (act.play_card(0, effect), act.simple(1, _K.SKIP, "Keep the card"))
    return ([(_K.PLAY_CARD, None, effect), (_K.SKIP, None, NONE)],
            Decision(p, "play the held card after the action?", actions, "action"))


_LATE_MENUS: dict[tuple[int, int], tuple[list[Any], Decision]] = {}

# The small decisions that recur with the same choices, built once per key below and shared
# by every state as the turn's menus are (neither the payloads nor the Decision is changed):
# a Decision and its actions cost more to build than the rest of such a step.
_Menu = tuple[list[Any], Decision]


def _activate_menu(side: int, p: int, stations: tuple[int, ...], done: bool) -> _Menu:
    """Which of ``stations`` ``p`` activates next (``done``: or "Done activating")."""
    actions = [act.at_space(i, _K.ACTIVATE_STATION, side, s) for i, s in enumerate(stations)]
    payloads: list[Any] = list(stations)
    if done:
        payloads.append(NONE)
        actions.append(act.done(len(actions)))
    return payloads, Decision(p, "which station to activate", tuple(actions),
                              _STAGE_KIND[_Stage.ACTIVATE])


def _bonus_menu(side: int, seat: int, space: int, amount: int) -> _Menu:
    """Whether ``seat`` takes the bonus of ``amount`` at the station on ``space``."""
    actions = (act.bonus(0, True, amount, space, side), act.bonus(1, False, amount, space, side))
    return [True, False], Decision(seat, "take the bonus?", actions, _STAGE_KIND[_Stage.BONUS])


def _orbital_menu(side: int, seat: int, space: int) -> _Menu:
    """Whether ``seat`` activates its outer orbit station on ``space`` at a flare."""
    actions = (act.at_space(0, _K.ORBITAL_ACTIVATE, side, space),
               act.simple(1, _K.ORBITAL_SKIP, "Skip the orbital activation"))
    return [space, NONE], Decision(seat, "solar flare: activate your outer orbit station?",
                                   actions, _STAGE_KIND[_Stage.ORBITAL])


def _keep_menu(seat: int, suits: tuple[int, ...]) -> _Menu:
    """Which card of ``suits`` (sorted) ``seat`` keeps."""
    actions = tuple(act.keep(i, suit) for i, suit in enumerate(suits))
    return list(suits), Decision(seat, "which instability card to keep", actions,
                                 _STAGE_KIND[_Stage.KEEP])


_ACTIVATE_MENUS: dict[tuple[int, int, tuple[int, ...], bool], _Menu] = {}
_BONUS_MENUS: dict[tuple[int, int, int, int], _Menu] = {}
_ORBITAL_MENUS: dict[tuple[int, int, int], _Menu] = {}
_KEEP_MENUS: dict[tuple[int, tuple[int, ...]], _Menu] = {}
_MOVE_STAGE = _Stage.MOVE
_PROMPTED = 64  # move prompts (and "Stop moving" actions) built once, by position
_STOPS = tuple(act.stop(k) for k in range(_PROMPTED))
_MOVE_PROMPTS = tuple(f"move ({left} points left)" for left in range(_PROMPTED))


def _patterns(side: int) -> tuple[tuple[Any, ...], ...]:
    """Per space x, what ``_conversions`` looks at around a sundiver on x: its two same-ring
    neighbours (a foundry on x), each of them as a node site with the site's other neighbour
    (a node between x and it), the barriers inward of x (a gate, with a sundiver one ring
    out), the spaces one ring out, and the (y, z) chains outward (a tower on x); first,
    every space those name (no pattern of x without a sundiver on one of them)."""
    board = BOARDS[side]
    rows = []
    for x in range(board.size):
        a, b = board.beside[x]
        nodes = tuple((site, other) for site, other in ((a, board.beside[a][0]),
                                                        (b, board.beside[b][1]))
                      if board.beside[site][0] != board.beside[site][1])
        inward = tuple(e for w, e in board.neighbours[x]
                       if e >= 0 and board.ring_of[w] < board.ring_of[x])
        towers = tuple((y, z) for y in board.out[x] for z in board.out[y]) if (
            board.ring_of[x] <= Ring.CONVECTIVE) else ()
        partners = frozenset((a, b, *(other for _, other in nodes), *board.out[x],
                              *(z for _, z in towers)))
        rows.append((partners, (a, b), nodes, inward, board.out[x], towers))
    return tuple(rows)


_PATTERNS = {side: _patterns(side) for side in BOARDS}
# Their first items alone: most spaces fail that test, and need not unpack the rest.
_PARTNERS = {side: tuple(row[0] for row in rows) for side, rows in _PATTERNS.items()}


def _choice_text(seat: int, action: Action) -> str:
    """A choice's line in the log ("Seat 2: Fly C1 -> C2"), made when the log is read."""
    return f"Seat {seat}: {action.text}"


# The texts of the frequent public events, made when the log is read (``_log_later``).


def _pass_text(seat: int) -> str:
    return f"Seat {seat} passes"


def _play_text(seat: int, suit: int, effect: int) -> str:
    return f"Seat {seat} plays {Suit(suit).name.lower()} for {Effect(effect).name}"


def _hurl_text(seat: int, board: Board, space: int) -> str:
    return f"Seat {seat} hurls a sundiver from {board.name(space)}: +2 momentum"


def _station_text(seat: int, kind: int, board: Board, space: int) -> str:
    return f"Seat {seat} converts a {act.station_name(kind)} on {board.name(space)}"


def _gate_text(seat: int, board: Board, barrier: int) -> str:
    outer, inner = board.barriers[barrier]
    return f"Seat {seat} converts a gate on {board.name(outer)}|{board.name(inner)}"


def _activation_text(seat: int, kind: int, board: Board, space: int, base: int) -> str:
    return (f"Seat {seat} activates the {act.station_name(kind)} on {board.name(space)}: "
            f"base {base}")


def _bonus_text(seat: int, amount: int, board: Board, space: int) -> str:
    return f"Seat {seat} takes the bonus of {amount} at {board.name(space)}"


def _flare_text(seat: int, flare: int) -> str:
    return f"Seat {seat} draws solar flare {flare}"


class SolState(GameState):
    """A Sol match (see the module docstring and RULES.md)."""

    # Slots, not the instance dict, hold the match state: a dict with more than 30 keys stops
    # sharing its keys with the class, and CPython 3.11 then specializes neither the method
    # loads nor the attribute reads on ``self`` well (a slot read is one indexed load). The
    # framework's own attributes stay in the dict (``GameState`` has no slots).
    __slots__ = (
        # The match's setup, the board and this side's tables.
        "turn_limit", "vestigial", "side", "board", "ring", "_spaces", "effect_of", "suits",
        "_barrier", "_launch_blocks", "_space_base", "_patterns", "_partners",
        # Caches of the move decisions and of the seats' sundiver spaces.
        "_layout_gates", "_layout", "_plain_decision", "_plain_spaces", "_mine",
        # Pieces and counts.
        "dv", "st_type", "st_owner", "gate", "st_count", "hold", "guest", "reserve", "vapor",
        "energy", "momentum", "res_gates", "res_st", "held", "eye", "deck", "discards",
        "flares", "turn", "current",
        # Per turn.
        "moves_left", "moved", "tolls", "activated", "act_type", "effect", "drawn",
        "later_draws", "extra_convert", "free_cross", "juggernaut", "punctured", "uses",
        "focus", "crossed", "new_station", "effect_playing", "resume", "pillar", "squeeze",
        "squeeze_flares", "chain", "started", "late_offered",
        # Flow.
        "stage", "next_step", "draws", "hurl_draw", "orbital", "bonus_space", "bonus_asked",
        "vest_round", "vest_seat", "vest_first", "vest_kind", "termination",
        # The open decision.
        "_seat", "_payloads", "_decision",
    )

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        n = num_players
        self.turn_limit: int = int(self.options["turn_limit"])
        self.vestigial: bool = bool(self.options["vestigial"])
        self.side = side_for(n)
        board = self.board = BOARDS[self.side]
        self.ring: tuple[int, ...] = tuple(int(r) for r in board.ring_of)
        self._spaces = range(board.size)
        self._layout_gates: list[int] = []  # the gates of ``_layout`` (a copy)
        self._layout: _Blocks = ()
        # This side's tables (read on every turn or move decision).
        self._barrier = _BARRIER[self.side]
        self._launch_blocks = _LAUNCH_BLOCKS[self.side]
        self._space_base = _SPACE_BASE[self.side]
        self._patterns = _PATTERNS[self.side]
        self._partners = _PARTNERS[self.side]
        # The last move decision built from whole shared blocks, and the spaces of the mover's
        # sundivers it was built for (in order): the next flight updates them (``_plain_flight``).
        self._plain_decision: Decision | None = None
        self._plain_spaces: tuple[int, ...] = ()
        size = board.size
        self.dv: list[int] = [0] * (size * n)
        # Per seat, the spaces of its sundivers in order (``_spaces_of``), or None where a
        # change of ``dv`` has not been followed: every write to ``dv`` that may empty or
        # fill a space updates or clears its seat's entry.
        self._mine: list[tuple[int, ...] | None] = [None] * n
        self.st_type: list[int] = [NONE] * size
        self.st_owner: list[int] = [NONE] * size
        self.gate: list[int] = [NONE] * len(board.barriers)
        self.st_count: list[int] = [0] * (5 * n)  # stations per (seat, ring)
        self.hold = [START_HOLD] * n
        self.guest = [0] * (n * n)  # BLIGHT: sundivers of a colour in another seat's hold
        self.reserve = [SUNDIVERS - START_HOLD] * n
        self.vapor = [0] * n
        self.energy = [START_ENERGY] * n
        self.momentum = [0] * n
        self.res_gates = [GATES] * n
        self.res_st = [STATIONS_EACH] * (3 * n)  # per (seat, station type)
        self.held: list[int] = [NONE] * n
        # Motherships: a random eye for the first player, the next ones behind it (RULES 3).
        start = self.rng.randrange(board.orbit)
        self.eye = [(start + i * _SPACING[n]) % board.orbit for i in range(n)]
        # The deck: the flares and one suit per player, one more without vestigial structures.
        suits_wanted = n + (0 if self.vestigial else 1)
        others = [int(s) for s in Suit if s is not Suit.FLARE]
        shuffle(others, self.rng)
        self.suits: list[int] = sorted([FLARE, *others[:suits_wanted]])
        try:
            effects = choose_effects(str(self.options["effects"]), len(self.suits), self.rng)
        except ValueError as error:
            raise OptionError(str(error)) from None
        self.effect_of: dict[int, int] = dict(zip(self.suits, effects, strict=True))
        self.deck: list[int] = [s for s in self.suits for _ in range(CARDS_PER_SUIT)]
        shuffle(self.deck, self.rng)
        self.discards: list[int] = []
        self.flares = 0
        self.turn = 0
        self.current = 0
        # Per turn.
        self.moves_left = 0
        self.moved = False
        self.tolls = 0  # bitmask of the gate owners already paid this turn
        self.activated: list[int] = []
        self.act_type = NONE
        self.effect = NONE  # the effect of the card played with this turn's action
        self.drawn: list[int] = []
        self.later_draws = 0
        self.extra_convert = False
        # CATAPULT: per space, how many own sundivers there have used their free gate.
        self.free_cross: list[int] = []
        self.juggernaut = NONE  # JUGGERNAUT: the space of the station flown this turn
        self.punctured = False
        # Uses of the played effect this turn: FUEL's payments, CLUSTER's flights, the spaces
        # HYPERDRIVE flew, TELEPORT's one use.
        self.uses = 0
        self.focus = NONE  # HYPERDRIVE/PASSAGE: the space of the one sundiver; TELEPORT's source
        self.crossed: list[int] = []  # PASSAGE: the gates its sundiver crossed
        # MOTIVATE: the station just converted; METAMORPHOSIS: the station just activated.
        self.new_station = NONE
        self.effect_playing = NONE  # the effect whose own decision is open
        self.resume = ""  # the step after that decision
        self.pillar = NONE  # PILLAR: the suit named
        self.squeeze = NONE  # SQUEEZE: the station squeezed, waiting for its cards
        self.squeeze_flares = 0  # SQUEEZE: flares drawn before its cards
        self.chain: list[int] = []  # CHAIN: the spaces chosen so far
        # The spaces of the current seat's sundivers when its turn began: only there may it
        # activate (RULES 13).
        self.started: tuple[int, ...] = ()
        self.late_offered = False  # the held any-time card was offered after the action
        # Flow.
        self.stage = _Stage.ACTION
        self.next_step = ""
        self.draws = 0
        self.hurl_draw = False
        self.orbital: list[tuple[int, int]] = []
        self.bonus_space = NONE
        self.bonus_asked: list[int] = []
        self.vest_round = 0
        self.vest_seat = 0
        self.vest_first: list[int] = [NONE] * n  # what each seat placed first (-2: a gate)
        self.vest_kind = NONE
        self.termination: Termination | None = None
        self._seat = 0
        # The open decision's payloads by action id (None: a move decision whose payloads
        # ``_plain_options`` makes when one is needed).
        self._payloads: list[Any] | None = []
        self._decision: Decision | None = None
        self.log(f"Setup: {n} players on the {self.side}-player side; deck of "
                 f"{', '.join(Suit(s).name.lower() for s in self.suits)}; effects "
                 + ", ".join(f"{Suit(s).name.lower()}={Effect(e).name}"
                             for s, e in self.effect_of.items()))
        self.next_step = "vestigial" if self.vestigial else "turn"
        self._advance()

    # -- the engine contract -------------------------------------------------------------

    def _pending(self) -> dict[int, Decision]:
        if self._decision is None:
            return {}
        return {self._seat: self._decision}

    def pending(self) -> dict[int, Decision]:
        """The open decisions by seat (one seat at a time in Sol)."""
        decision = self._decision  # as ``_pending``, one call less on every decision
        return {} if decision is None else {self._seat: decision}

    def apply(self, choices: Mapping[int, int]) -> None:
        """As ``GameState.apply``, with a shortcut for the usual case (one pending seat and a
        legal id, which is its position); anything else takes the checked path."""
        decision = self._decision
        if decision is not None and len(choices) == 1:
            seat = self._seat
            aid = choices.get(seat)
            try:  # a legal id is its position (a wrong one fails the id check or raises)
                action = decision.legal[aid]  # type: ignore[index]
            except (IndexError, TypeError):
                pass
            else:
                if action.id == aid:  # ``_apply`` inlined: this runs on every decision
                    self._lines.append((None, _choice_text, seat, action))
                    if decision is self._plain_decision:
                        # A move decision built from whole blocks: no effect is in play and
                        # no seat's sundivers lie in another's hold, so a launch is from the
                        # own hold. The action's detail names the step (its payload may be
                        # left unmade).
                        detail = action.detail
                        kind = detail.kind
                        if kind is _FLY:
                            self._decision = None
                            self._plain_flight(self.current, detail.space, detail.to_space)
                            return
                        if kind is _LAUNCH:
                            self._decision = None
                            self._plain_launch(self.current, detail.space)
                            return
                    self._choose(aid)
                    self._advance()
                    return
        super().apply(choices)

    def _apply(self, choices: dict[int, Action]) -> None:
        action = choices[self._seat]
        # Every choice is public once made (a kept card lies face up): spectators follow it.
        self._lines.append((None, _choice_text, self._seat, action))
        self._choose(action.id)
        self._advance()

    def observation(self, seat: int | None) -> Any:
        """What ``seat`` may know (None: a spectator)."""
        from ._observe import observe

        return observe(self, seat)

    def result(self) -> Result:
        """Momentum per seat; most momentum wins and equal momentum ties (RULES 20)."""
        keys = list(self.momentum)
        if self.termination is None:
            return Result.from_keys(keys, keys, reason=f"standing after turn {self.turn}")
        reason = (f"turn limit {self.turn_limit} reached"
                  if self.termination is Termination.TURN_LIMIT
                  else "the 13th solar flare: supernova")
        return Result.from_keys(keys, keys, termination=self.termination, reason=reason)

    _LISTS = ("dv", "st_type", "st_owner", "gate", "st_count", "hold", "guest", "reserve",
              "vapor",
              "energy", "momentum", "res_gates", "res_st", "held", "eye", "suits", "deck",
              "discards", "activated", "drawn", "free_cross", "crossed", "chain", "orbital",
              "bonus_asked",
              "vest_first")
    _VALUES = ("flares", "turn", "current", "moves_left", "moved", "tolls", "act_type",
               "effect", "later_draws", "extra_convert", "juggernaut", "punctured",
               "new_station", "uses", "focus", "effect_playing", "resume", "pillar",
               "squeeze", "squeeze_flares", "started", "late_offered", "next_step", "draws",
               "hurl_draw", "bonus_space", "vest_round",
               "vest_seat", "vest_kind", "_seat")

    def snapshot(self) -> Any:
        """The whole state as plain data."""
        data: dict[str, Any] = {name: tuple(getattr(self, name)) for name in self._LISTS}
        data.update({name: getattr(self, name) for name in self._VALUES})
        data["effect_of"] = tuple(sorted(self.effect_of.items()))
        data["stage"] = self.stage.name
        data["termination"] = None if self.termination is None else self.termination.name
        data["legal"] = tuple(a.text for a in self._decision.legal) if self._decision else ()
        return data

    def clone(self) -> SolState:
        """An independent copy, much faster than a deep copy (for search bots and tests)."""
        other = object.__new__(SolState)
        # Immutable values (ints, tuples, the board, the Decision and its payloads) are shared.
        other.__dict__.update(self.__dict__)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.options = dict(self.options)
        self._copy_log(other)
        other.effect_of = dict(self.effect_of)
        other._mine = list(self._mine)
        for name in self._LISTS:
            setattr(other, name, list(getattr(self, name)))
        return other

    def determinized(self, seat: int, rng: random.Random) -> SolState:
        """A state ``seat`` cannot tell from this one, its hidden part drawn from ``rng``
        (for information-set search): a clone with the deck in a new order (the order is
        all that Sol hides, from every seat alike) and its own random source seeded from
        ``rng``. This state is untouched."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}, got {seat!r}")
        other = self.clone()
        shuffle(other.deck, rng)
        other.rng = random.Random(rng.getrandbits(64))
        return other

    def reopen_turn(self) -> None:
        """Start the current seat's turn afresh (for hand-built positions in tests)."""
        self._decision = None
        self._mine = [None] * self.num_players  # a hand-built position sets ``dv`` directly
        self.orbital = []
        self.draws = 0
        self.turn = max(self.turn - 1, 0)
        self.next_step = "turn"
        self._advance()

    # -- helpers ---------------------------------------------------------------------------

    def sundivers(self, space: int, seat: int) -> int:
        """How many of ``seat``'s sundivers are on ``space``."""
        return self.dv[space * self.num_players + seat]

    def _spaces_of(self, p: int) -> tuple[int, ...]:
        """The spaces of ``p``'s sundivers, in order (kept in ``_mine`` until they change)."""
        mine = self._mine[p]
        if mine is None:
            mine = self._mine[p] = tuple(compress(self._spaces, self.dv[p::self.num_players]))
        return mine

    def _left(self, p: int, s: int) -> None:
        """Follow in ``_mine`` a sundiver of ``p`` taken off space ``s``: the spaces change
        only if ``s`` emptied."""
        mine = self._mine[p]
        if mine is not None and not self.dv[s * self.num_players + p]:
            i = mine.index(s)
            self._mine[p] = mine[:i] + mine[i + 1:]

    def _present(self, p: int) -> tuple[int, ...]:
        """The spaces where ``p`` may activate a station: those of its sundivers that held
        one at the start of its turn ("you must have sundivers of your color in the spaces
        containing those stations at the start of your turn"; RULES 13)."""
        mine = self._spaces_of(p)
        started = self.started
        if mine is started:  # nothing arrived or left since the turn began
            return mine
        return tuple(s for s in mine if s in started)

    def on_board(self, seat: int) -> int:
        """How many of ``seat``'s sundivers are on the board."""
        n = self.num_players
        return sum(self.dv[seat::n])

    def in_other_holds(self, seat: int) -> int:
        """How many of ``seat``'s sundivers are in other seats' holds (BLIGHT)."""
        n = self.num_players
        return sum(self.guest[seat::n])

    def movement(self, seat: int) -> int:
        """Movement points: 3 + 1 per layer holding one of the seat's stations."""
        base = 5 * seat
        c = self.st_count
        return BASE_MOVEMENT + (c[base] > 0) + (c[base + 1] > 0) + (c[base + 2] > 0) + (
            c[base + 3] > 0) + (c[base + 4] > 0)

    def name(self, space: int) -> str:
        """A space's short name."""
        return self.board.name(space)

    def _put_station(self, space: int, kind: int, owner: int) -> None:
        self.st_type[space] = kind
        self.st_owner[space] = owner
        self.st_count[5 * owner + self.ring[space]] += 1

    def _remove_station(self, space: int) -> None:
        owner, kind = self.st_owner[space], self.st_type[space]
        self.st_count[5 * owner + self.ring[space]] -= 1
        self.res_st[3 * owner + kind] += 1
        self.st_type[space] = self.st_owner[space] = NONE

    def _log_later(self, make: Callable[..., str], *args: Any) -> None:
        """Log a public event whose text ``make(*args)`` is made when the log is read."""
        self._lines.append((None, make, *args))

    def _offer(self, stage: Stage, seat: int, prompt: str, actions: list[Action],
               payloads: list[Any]) -> None:
        self.stage = stage
        self._seat = seat
        self._payloads = payloads
        self._decision = Decision(seat, prompt, tuple(actions), _STAGE_KIND[stage])

    def _offer_shared(self, stage: Stage, seat: int, menus: dict[Any, _Menu],
                      build: Callable[..., _Menu], key: tuple[Any, ...]) -> None:
        """Offer the decision ``build(*key)`` of ``seat``, built once per key in ``menus``."""
        menu = menus.get(key)
        if menu is None:
            menu = menus[key] = build(*key)
        self.stage = stage
        self._seat = seat
        self._payloads, self._decision = menu

    def _advance(self) -> None:
        # Run what needs no decision; a single legal action is applied as no choice at all.
        while self.termination is None:
            decision = self._decision
            if decision is not None:
                if len(decision.legal) != 1:
                    return
                self._choose(0)
                continue
            if self.orbital:
                self._offer_orbital()
            elif self.draws:
                self._draw_one()
            else:
                step, self.next_step = self.next_step, ""
                _STEP[step](self)
        self._decision = None
        self.stage = _Stage.OVER

    def _choose(self, index: int) -> None:
        payloads = self._payloads
        if payloads is None:
            payloads = self._payloads = self._plain_options()
        self._decision = None
        _ON[self.stage](self, payloads[index])

    # -- setup: vestigial structures (rulebook setup step 12) ------------------------------

    def _step_vestigial(self) -> None:
        seat = self.vest_seat
        first = self.vest_first[seat]
        if self.vest_round == 0:
            kinds: list[int | None] = [None, NODE, FOUNDRY, TOWER]
        elif first == -2:
            kinds = [NODE, FOUNDRY, TOWER]
        else:
            kinds = [None]
        actions = [act.vestigial_kind(i, k) for i, k in enumerate(kinds)]
        self.vest_kind = NONE
        self._offer(_Stage.VESTIGIAL, seat, "vestigial structure: a gate or which station",
                    actions, [("kind", k) for k in kinds])

    def _on_vestigial(self, payload: tuple[str, int | None]) -> None:
        what, value = payload
        seat = self.vest_seat
        board = self.board
        if what == "kind":
            actions: list[Action] = []
            payloads: list[Any] = []
            if value is None:
                for e, (a, _b) in enumerate(board.barriers):
                    if self.ring[a] == _INNER and self.gate[e] == NONE:
                        payloads.append(("gate", e))
                        actions.append(act.gate_action(len(actions), _K.VESTIGIAL_GATE,
                                                       self.side, e))
            else:
                for s in range(board.size):
                    if self.ring[s] >= _CONV and self.st_type[s] == NONE:
                        payloads.append(("station", (value, s)))
                        actions.append(act.vestigial_station(len(actions), self.side, value, s))
            self._offer(_Stage.VESTIGIAL, seat, "where to place it", actions, payloads)
            return
        if what == "gate":
            assert isinstance(value, int)
            self.gate[value] = seat
            self.res_gates[seat] -= 1
            if self.vest_round == 0:
                self.vest_first[seat] = -2
            self.log(f"Seat {seat} places a vestigial gate")
        else:
            kind, space = value  # type: ignore[misc]
            self._put_station(space, kind, seat)
            self.res_st[3 * seat + kind] -= 1
            if self.vest_round == 0:
                self.vest_first[seat] = kind
            self.log(f"Seat {seat} places a vestigial {act.station_name(kind)} on "
                     f"{self.name(space)}")
        self.vest_seat += 1
        if self.vest_seat == self.num_players:
            self.vest_seat = 0
            self.vest_round += 1
        self.next_step = "vestigial" if self.vest_round < 2 else "turn"

    # -- the turn --------------------------------------------------------------------------

    def _step_turn(self) -> None:
        if self.turn >= self.turn_limit:
            self.termination = Termination.TURN_LIMIT
            self.log(f"Turn limit {self.turn_limit} reached")
            return
        self.turn += 1
        p = self.current
        self.moves_left = 0
        self.moved = False
        self.tolls = 0
        self.activated = []
        self.act_type = NONE
        self.effect = NONE
        self.drawn = []
        self.later_draws = 0
        self.extra_convert = False
        self.free_cross = []
        self.juggernaut = NONE
        self.punctured = False
        self.uses = 0
        self.focus = NONE
        self.crossed = []
        self.new_station = NONE
        self.pillar = NONE
        self.late_offered = False
        self.started = self._spaces_of(p)
        if self.hold[p] == 0 and self.on_board(p) == 0 and self.in_other_holds(p) == 0:
            self._step_stall()
            return
        # Straight on (nothing is pending between the steps of a turn's end and start, so
        # ``_advance`` would run the next step at once; ``next_step`` stays empty as it would).
        self._step_action()

    def _step_stall(self) -> None:
        # The stall rule: deconstruct a station or gate, then take 2 sundivers to the hold.
        p = self.current
        actions: list[Action] = []
        payloads: list[Any] = []
        for s in range(self.board.size):
            if self.st_owner[s] == p:
                payloads.append(("station", s))
                actions.append(act.at_space(len(actions), _K.DECONSTRUCT_STATION, self.side, s))
        for e, owner in enumerate(self.gate):
            if owner == p:
                payloads.append(("gate", e))
                actions.append(act.gate_action(len(actions), _K.DECONSTRUCT_GATE, self.side, e))
        if not actions:
            self._on_stall(("none", NONE))
            return
        self._offer(_Stage.STALL, p, "no sundivers: deconstruct a structure", actions, payloads)

    def _on_stall(self, payload: tuple[str, int]) -> None:
        p = self.current
        what, where = payload
        if what == "station":
            self._remove_station(where)
        elif what == "gate":
            self.gate[where] = NONE
            self.res_gates[p] += 1
        take = min(2, self.reserve[p])
        self.reserve[p] -= take
        self.hold[p] += take
        self.log(f"Seat {p} has no sundivers: deconstructs a {what}, takes {take} sundivers")
        self.next_step = "action"

    def _step_action(self) -> None:
        p = self.current
        held = self.held[p]
        if held == NONE:
            self._step_plain_action(p)
            return
        effect = self.effect_of[held]
        spaces = self._spaces_of(p)
        can_convert = self._can_convert(p, spaces)
        invade = False
        if not can_convert and effect == _Fx.INVADE:  # possible only with the held card
            self.effect = effect
            invade = bool(self._conversions(p, probe=True))
            self.effect = NONE
        kinds = self._activatable_kinds(p, self._present(p))
        playable = effect in _OWN_PLAY and bool(self._effect_targets(p, effect))
        key = (p, effect, self._can_move(p), can_convert, invade, NODE in kinds,
               FOUNDRY in kinds, TOWER in kinds, playable)
        self._offer_shared(_Stage.ACTION, p, _HELD_MENUS, _held_menu, key)

    def _step_plain_action(self, p: int) -> None:
        """``_step_action`` without a held card: the same choices from shared tables, the
        whole menu built once per seat and set of open choices (``_ACTION_MENUS``)."""
        spaces = self._spaces_of(p)
        kinds = self._activatable_kinds(p, self._present(p))
        key = (p, self._can_move(p), self._can_convert(p, spaces),
               NODE in kinds, FOUNDRY in kinds, TOWER in kinds)
        self._offer_shared(_Stage.ACTION, p, _ACTION_MENUS, _action_menu, key)

    def _on_action(self, payload: tuple[ActionKind, int | None, int]) -> None:
        kind, station, effect = payload
        p = self.current
        if effect != NONE:
            self._play_held(p)
            self.effect_playing = effect
        if kind is _K.PLAY_CARD:
            self.next_step = "keep" if self.late_offered else "action"
            self._any_time(p, effect)
            return
        if kind is _K.SKIP:  # the late any-time card is kept for a later turn
            self.next_step = "keep"
            return
        self.effect = effect
        if kind is _K.MOVE:
            self.moves_left = self.movement(p)
            if effect == _Fx.HYPERDRIVE:
                self.moves_left *= 2
            if effect == _Fx.CATAPULT:
                self.free_cross = [0] * self.board.size
            step = "move"
        elif kind is _K.CONVERT:
            self.extra_convert = effect == _Fx.CASCADE
            step = "convert"
        elif kind is _K.ACTIVATE:
            assert station is not None
            self.act_type = NONE if effect == _Fx.FESTIVAL else station
            step = "activate"
        else:
            self._log_later(_pass_text, p)
            step = "keep"
        if effect == _Fx.PILLAR:
            self.resume, self.next_step = step, "effect"
        else:
            # Straight on: no activation or draw is pending at the turn's choice, so
            # ``_advance`` would run the step at once (``next_step`` stays empty as it would).
            _STEP[step](self)

    def _play_held(self, p: int) -> None:
        suit = self.held[p]
        self.held[p] = NONE
        self.discards.append(suit)
        self._log_later(_play_text, p, suit, self.effect_of[suit])

    def _any_time(self, p: int, effect: int) -> None:
        if effect == _Fx.TRIBUTE:
            n = self.num_players
            for s in range(self.board.size):
                if self.st_owner[s] != p:
                    continue
                for q in range(n):
                    if q != p:
                        paid = min(self.dv[s * n + q], self.energy[q])
                        self.energy[q] -= paid
                        self.energy[p] += paid
        elif effect in (_Fx.ACCELERATE, _Fx.HATCH, _Fx.SACRIFICE, _Fx.CHAIN,
                        _Fx.BLIGHT):
            self.chain = []
            self.resume = "keep" if effect in _REPLACING or self.late_offered else "action"
            self.next_step = "effect"
        elif effect == _Fx.PROCREATE:
            n = self.num_players
            for s in range(self.board.size):
                i = s * n + p
                if self.dv[i] >= 2 and self.dv[i] < MAX_STACK and self.reserve[p]:
                    self.dv[i] += 1
                    self.reserve[p] -= 1

    def _effect_targets(self, p: int, effect: int) -> list[Any]:
        """The choices of an effect's own decision (empty: the effect cannot be used now)."""
        n = self.num_players
        dv = self.dv
        if effect == _Fx.ACCELERATE:
            return list(range(1, ACCELERATE_MAX + 1))
        if effect == _Fx.PILLAR:
            return list(self.suits)
        if effect == _Fx.SACRIFICE:
            return [s for s in range(self.board.size)
                    if self.st_type[s] == FOUNDRY and any(dv[s * n:(s + 1) * n])]
        if effect == _Fx.BLIGHT:
            if self.reserve[p] < BLIGHT_SUNDIVERS:
                return []
            return [(s, q) for q in range(n) if q != p
                    for s in self.board.launch[self.eye[q]] if dv[s * n + p]]
        if effect == _Fx.HATCH:
            if self.hold[p] < 2:
                return []
            return [(s, q) for s in range(self.board.size) if dv[s * n + p] + 2 <= MAX_STACK
                    for q in range(n) if q != p and dv[s * n + q]]
        if effect == _Fx.METAMORPHOSIS:
            s = self.new_station
            return [NONE] + [k for k in (NODE, FOUNDRY, TOWER)
                             if k != self.st_type[s] and self.res_st[3 * p + k]]
        if effect == _Fx.CHAIN:
            single = [sum(dv[s * n:(s + 1) * n]) == 1 for s in range(self.board.size)]
            if not self.chain:
                return [s for s in range(self.board.size) if single[s] and any(
                    single[t] for t, _ in self.board.neighbours[s])]
            last = self.chain[-1]
            ends = [NONE] if len(self.chain) >= 2 else []
            return ends + [t for t, _ in self.board.neighbours[last]
                           if single[t] and t not in self.chain]
        if effect == _Fx.TELEPORT:
            return [t for t in range(self.board.size)
                    if t != self.focus and dv[t * n + p] < MAX_STACK]
        return [True]  # PROCREATE, TRIBUTE: always playable

    def _step_effect(self) -> None:
        p = self.current
        effect = self.effect_playing
        targets = self._effect_targets(p, effect)
        name = Effect(effect).name
        actions = []
        for i, t in enumerate(targets):
            if effect == _Fx.ACCELERATE:
                a = act.effect_step(i, effect, f"{name}: every mothership advances {t}",
                                    amount=t)
            elif effect == _Fx.PILLAR:
                a = act.effect_step(i, effect, f"{name}: name {Suit(t).name.lower()}", suit=t)
            elif effect == _Fx.SACRIFICE:
                a = act.effect_step(i, effect, f"{name}: the foundry on {self.name(t)}", space=t)
            elif effect == _Fx.BLIGHT:
                a = act.effect_step(i, effect, f"{name}: seat {t[1]}'s mothership from "
                                    f"{self.name(t[0])}", space=t[0], seat=t[1])
            elif effect == _Fx.HATCH:
                a = act.effect_step(i, effect, f"{name}: seat {t[1]}'s sundiver on "
                                    f"{self.name(t[0])}", space=t[0], seat=t[1])
            elif effect == _Fx.TELEPORT:
                a = act.effect_step(i, effect, f"{name}: to {self.name(t)}", space=t)
            elif effect == _Fx.CHAIN:
                text = (f"{name}: end the chain" if t == NONE else
                        f"{name}: {'start' if not self.chain else 'extend'} at {self.name(t)}")
                a = act.effect_step(i, effect, text, space=None if t == NONE else t)
            else:  # METAMORPHOSIS
                text = (f"{name}: keep its type" if t == NONE
                        else f"{name}: make it a {act.station_name(t)}")
                a = act.effect_step(i, effect, text, station=None if t == NONE else t)
            actions.append(a)
        self._offer(_Stage.EFFECT, p, f"{name}: choose", actions, targets)

    def _on_effect(self, target: Any) -> None:
        p = self.current
        effect = self.effect_playing
        n = self.num_players
        self.next_step = self.resume
        if effect == _Fx.ACCELERATE:
            orbit = self.board.orbit
            self.eye = [(e - target) % orbit for e in self.eye]
            self.log(f"Seat {p}: every mothership advances {target}")
        elif effect == _Fx.PILLAR:
            self.pillar = target
        elif effect == _Fx.SACRIFICE:
            self._mine = [None] * n
            for q in range(n):
                count = self.dv[target * n + q]
                self.dv[target * n + q] = 0
                self.vapor[q] += count
                self.momentum[q] += 2 * count
            self.log(f"Seat {p} sacrifices the sundivers on {self.name(target)}")
        elif effect == _Fx.BLIGHT:
            s, q = target
            self.dv[s * n + p] -= 1  # the activating sundiver is recalled
            self._mine[p] = None
            self.hold[p] += 1
            self.reserve[p] -= BLIGHT_SUNDIVERS
            self.guest[q * n + p] += BLIGHT_SUNDIVERS
            self.log(f"Seat {p} activates seat {q}'s mothership from {self.name(s)}: "
                     f"{BLIGHT_SUNDIVERS} sundivers into its hold")
        elif effect == _Fx.HATCH:
            s, q = target
            self.dv[s * n + q] -= 1
            self.hold[q] += 1
            self.dv[s * n + p] += 2
            self._mine[p] = self._mine[q] = None
            self.hold[p] -= 2
        elif effect == _Fx.CHAIN:
            if target != NONE:
                self.chain.append(target)
                self.next_step = "effect"  # extend or end it
                return
            self._mine = [None] * n
            for k, space in enumerate(self.chain):
                q = next(q for q in range(n) if self.dv[space * n + q])
                self.momentum[q] += 1
                if k % 2 == 0:  # the 1st, 3rd, ... sundiver is recalled
                    self.dv[space * n + q] -= 1
                    self.hold[q] += 1
            self.log(f"Seat {p} plays CHAIN over {len(self.chain)} sundivers")
            self.chain = []
        elif effect == _Fx.TELEPORT:
            self.dv[self.focus * n + p] -= 1
            self.dv[target * n + p] += 1
            self._mine[p] = None
            self.moves_left -= 3
            self.uses = 1
        elif effect == _Fx.METAMORPHOSIS:
            s = self.new_station
            self.new_station = NONE
            self.effect = NONE  # used once
            if target != NONE:
                self._remove_station(s)
                self._put_station(s, target, p)
                self.res_st[3 * p + target] -= 1

    # -- move ------------------------------------------------------------------------------

    def _move_options(self, p: int, probe: bool = False) -> list[tuple[Any, ...]]:
        """The movement steps open to ``p`` now (any one of them when ``probe``)."""
        n = self.num_players
        dv = self.dv
        board = self.board
        gate = self.gate
        options: list[tuple[Any, ...]] = []
        left = self.moves_left if not probe else self.movement(p)
        catapult = bool(self.free_cross)
        portal = self.effect == _Fx.PORTAL
        launch = self._portal_spaces() if portal else board.launch[self.eye[p]]
        hyper = self.effect == _Fx.HYPERDRIVE
        if left > 0 and self.hold[p] and not hyper:
            for s in launch:
                if dv[s * n + p] < MAX_STACK:
                    options.append(_LAUNCH_OPTION[s])
                    if probe:
                        return options
        if left > 0 and not hyper and any(self.guest[p::n]):
            # BLIGHT: own sundivers in another seat's hold launch from that mothership.
            for q in range(n):
                if q != p and self.guest[q * n + p]:
                    for s in (launch if portal else board.launch[self.eye[q]]):
                        if dv[s * n + p] < MAX_STACK:
                            options.append((_K.LAUNCH, s, NONE, q))
                            if probe:
                                return options
        neighbours = board.neighbours
        transcend = self.effect == _Fx.TRANSCEND
        ring = self.ring
        juggernaut = self.effect == _Fx.JUGGERNAUT
        if self.effect == NONE or self.effect in _PLAIN_MOVES or juggernaut:
            # The usual case: flights through open edges, cached per gate layout (JUGGERNAUT
            # changes none of them, and offers its station's steps after them).
            if left <= 0:
                return options
            blocks = self._flight_blocks()
            append = options.append
            hurl = _K.HURL
            for s in compress(self._spaces, dv[p::n]):
                for option in blocks[s][0]:
                    if option[0] is hurl or dv[option[2] * n + p] < MAX_STACK:
                        append(option)
                        if probe:
                            return options
            if juggernaut:
                sources = [self.juggernaut] if self.juggernaut != NONE else [
                    s for s in range(board.size) if self.st_owner[s] == p]
                for s in sources:
                    for t, e in neighbours[s]:
                        if (e < 0 or gate[e] != NONE) and self.st_type[t] == NONE:
                            options.append((_K.FLY_STATION, s, t, e))
                    if self.ring[s] == _CORE:
                        options.append((_K.HURL_STATION, s, NONE))
            return options
        for s in compress(self._spaces, dv[p::n]):  # (a hand-built test position sets dv)
            count = dv[s * n + p]
            if hyper and self.focus != NONE and s != self.focus:
                continue
            free = catapult and count > self.free_cross[s]
            for t, e in neighbours[s]:
                if e >= 0 and gate[e] == NONE and not transcend:
                    if (self.effect == _Fx.PUNCTURE and not self.punctured and left > 0
                            and self.res_gates[p]):
                        options.append((_K.PUNCTURE, s, t, e))
                    continue
                if dv[t * n + p] >= MAX_STACK:
                    continue
                if left > 0 or (free and e >= 0):
                    options.append((_K.FLY, s, t, e))
                    if probe:
                        return options
            if portal and left > 0 and s in launch:
                for t in launch:  # PORTAL: the spaces by motherships are all adjacent
                    if t != s and not board.adjacent(s, t) and dv[t * n + p] < MAX_STACK:
                        options.append((_K.FLY, s, t, NONE))
            if left > 0 and ring[s] == _CORE:
                options.append(_HURL_OPTION[s])
                if probe:
                    return options
        return options

    def _can_move(self, p: int) -> bool:
        """``bool(self._move_options(p, probe=True))`` at the turn's start, cheaper: the
        turn's choice asks it every turn."""
        if self.effect != NONE:
            return bool(self._move_options(p, probe=True))
        n = self.num_players
        dv = self.dv
        # The movement points (3 or more) are left: a launch or a flight is a step.
        if self.hold[p]:
            for s in self.board.launch[self.eye[p]]:
                if dv[s * n + p] < MAX_STACK:
                    return True
        if any(self.guest):
            return bool(self._move_options(p, probe=True))  # BLIGHT: launches from others
        blocks = self._flight_blocks() if self.gate != self._layout_gates else self._layout
        hurl = _K.HURL
        for s in self._spaces_of(p):
            for option in blocks[s][0]:
                if option[0] is hurl or dv[option[2] * n + p] < MAX_STACK:
                    return True
        return False

    def _can_convert(self, p: int, spaces: tuple[int, ...] | None = None) -> bool:
        """``bool(self._conversions(p, probe=True))`` at the turn's start, cheaper: the same
        patterns (``_PATTERNS``), looked for around the spaces of ``p``'s sundivers only
        (``spaces``, if the caller has them)."""
        if self.effect != NONE:
            return bool(self._conversions(p, probe=True))
        mine = tuple(compress(self._spaces, self.dv[p::self.num_players])) if (
            spaces is None) else spaces
        if len(mine) < 2:
            return False  # every pattern covers two spaces or more
        has = set(mine)
        res = self.res_st
        node_ok, foundry_ok, tower_ok = res[3 * p] > 0, res[3 * p + 1] > 0, res[3 * p + 2] > 0
        gates_left = self.res_gates[p] > 0
        st_type = self.st_type
        gate = self.gate
        patterns = self._patterns
        partners = self._partners
        for x in mine:
            if has.isdisjoint(partners[x]):
                continue  # the usual case: no other sundiver near enough for a pattern
            _, beside, nodes, inward, outward, towers = patterns[x]
            if st_type[x] == NONE:
                if foundry_ok and (beside[0] in has or beside[1] in has):
                    return True
                if tower_ok:
                    for y, z in towers:
                        if y in has and z in has:
                            return True
            if node_ok:
                for site, other in nodes:
                    if st_type[site] == NONE and other in has:
                        return True
            if gates_left and inward and not has.isdisjoint(outward):
                for e in inward:
                    if gate[e] == NONE:
                        return True
        return False

    def _flight_blocks(self) -> _Blocks:
        """The flight blocks of the current gates (``_layout``, kept up to date)."""
        if self.gate != self._layout_gates:
            self._layout = _blocks(self.side, self.gate, self._layout, self._layout_gates)
            self._layout_gates = self.gate[:]
        return self._layout

    def _cluster_and_teleport(self, p: int) -> list[tuple[Any, ...]]:
        n = self.num_players
        dv = self.dv
        out: list[tuple[Any, ...]] = []
        if self.effect == _Fx.TELEPORT and not self.uses and self.moves_left >= 3:
            out += [(_K.EFFECT_STEP, "teleport", s) for s, c in enumerate(dv[p::n]) if c]
        elif self.effect == _Fx.CLUSTER and self.uses < 2 and self.moves_left > 0:
            for s, count in enumerate(dv[p::n]):
                if count < 2:
                    continue
                for t, e in self.board.neighbours[s]:
                    if (e < 0 or self.gate[e] != NONE) and dv[t * n + p] + count <= MAX_STACK:
                        out.append((_K.EFFECT_STEP, "cluster", s, t, e))
        return out

    def _effect_move(self, p: int, option: tuple[Any, ...]) -> None:
        n = self.num_players
        self.next_step = "move"
        self.moved = True
        what = option[1]
        if what == "fuel":
            self.uses += 1
            self.energy[p] -= 1
            self.moves_left += 3
        elif what == "cluster":
            _, _, s, t, e = option
            count = self.dv[s * n + p]
            self.dv[s * n + p] = 0
            self.dv[t * n + p] += count
            self._mine[p] = None
            self.moves_left -= 1
            self.uses += 1
            if e >= 0:
                self._toll(p, e)
        else:  # teleport: the destination next
            self.focus = option[2]
            self.effect_playing = _Fx.TELEPORT
            self.resume, self.next_step = "move", "effect"

    def _portal_spaces(self) -> tuple[int, ...]:
        return tuple(sorted({s for e in self.eye for s in self.board.launch[e]}))

    def _step_move(self) -> None:
        p = self.current
        effect = self.effect
        if effect == NONE or effect in _PLAIN_MOVES:
            if self.moves_left > 0:
                self._step_plain_move(p)
                return
            if effect == NONE:  # no points and no effect: no step is left
                self.next_step = "keep"
                return
        elif self.moves_left > 0 and (effect == _Fx.CATAPULT or (
                effect == _Fx.PUNCTURE and (self.punctured or not self.res_gates[p]))):
            # With points left CATAPULT's free crossings add no step, and a PUNCTURE that
            # can no longer puncture offers the plain steps.
            self._step_plain_move(p)
            return
        options = self._move_options(p)
        self._offer_move(p, options, act.steps(self.side, options))

    def _offer_move(self, p: int, options: list[tuple[Any, ...]],
                    actions: list[Action]) -> None:
        """Offer the movement steps ``options`` (their ``actions``), then the played effect's
        own steps and "Stop moving"; on to keeping a card if there is nothing to offer."""
        if self.effect != NONE:
            if self.effect == _Fx.FUEL and self.uses < 3 and self.energy[p] > 0:
                options.append((_K.EFFECT_STEP, "fuel"))
                actions.append(act.effect_step(len(actions), _Fx.FUEL,
                                               "FUEL: pay 1 energy for 3 movement points",
                                               amount=3))
            for option in self._cluster_and_teleport(p):
                options.append(option)
                if option[1] == "teleport":
                    text = f"TELEPORT a sundiver from {self.name(option[2])}"
                    actions.append(act.effect_step(len(actions), _Fx.TELEPORT, text,
                                                   space=option[2]))
                else:
                    text = (f"CLUSTER: all from {self.name(option[2])} -> "
                            f"{self.name(option[3])}")
                    actions.append(act.effect_step(len(actions), _Fx.CLUSTER, text,
                                                   space=option[2], to_space=option[3]))
        if not options:
            self.next_step = "keep"
            return
        if self.moved:
            options.append(_STOP_OPTION)
            k = len(actions)
            actions.append(_STOPS[k] if k < _PROMPTED else act.stop(k))
        self.stage = _MOVE_STAGE
        self._seat = p
        self._payloads = options
        left = self.moves_left
        prompt = _MOVE_PROMPTS[left] if 0 <= left < _PROMPTED else f"move ({left} points left)"
        self._decision = Decision(p, prompt, tuple(actions), "move")

    def _step_plain_move(self, p: int) -> None:
        """``_step_move`` with points left and no effect that changes the flights: the
        options and their actions built in one pass (the same ones, in the same order, as
        ``_move_options`` and ``act.steps``)."""
        n = self.num_players
        side = self.side
        if any(self.guest):  # BLIGHT's launches from other motherships: option by option
            steps = self._move_options(p)
            self._offer_move(p, steps, act.steps(side, steps))
            return
        # The blocks change with the gates only.
        blocks = self._flight_blocks() if self.gate != self._layout_gates else self._layout
        spaces = self._spaces_of(p)
        dv = self.dv
        full = False
        for s in spaces:
            if dv[s * n + p] == MAX_STACK:  # (no rule stacks past MAX_STACK)
                full = True
                break
        if not full:
            # No full stack: every launch and every open flight is offered, so whole blocks
            # of options (and their actions by position) are shared.
            if self.effect == NONE:
                self._next_plain_move(p, self.moves_left, spaces)
                return
            options: list[tuple[Any, ...]]
            if self.hold[p]:
                launches = self._launch_blocks[self.eye[p]]
                options = list(launches[0])
                actions = list(launches[1])
            else:
                options = []
                actions = []
            k = len(options)
            for s in spaces:
                block, length, by_position = blocks[s]
                found = by_position[k]
                if found is None:
                    found = by_position[k] = _block_actions(side, block, k)
                options += block
                actions += found
                k += length
            self._offer_move(p, options, actions)
            return
        # A full stack: the blocks that fly into one are filtered.
        options, actions = self._steps_beside_full(p, dv[p::n], blocks)
        self._offer_move(p, options, actions)

    def _steps_beside_full(self, p: int, mine: list[int], blocks: _Blocks
                           ) -> tuple[list[tuple[Any, ...]], list[Action]]:
        """The plain movement steps of ``p`` when one of its stacks is full (no flight or
        launch into it): shared blocks where no flight of the block reaches a full stack."""
        side = self.side
        options: list[tuple[Any, ...]] = []
        actions: list[Action] = []
        if self.hold[p]:
            for s in self.board.launch[self.eye[p]]:
                if mine[s] < MAX_STACK:
                    option = _LAUNCH_OPTION[s]
                    actions.append(act.step(side, option, len(options)))
                    options.append(option)
        k = len(options)
        hurl = _K.HURL
        for s in compress(self._spaces, mine):
            block, length, by_position = blocks[s]
            if all(o[0] is hurl or mine[o[2]] < MAX_STACK for o in block):
                options += block
                actions += by_position[k] or _block_actions(side, block, k)
                k += length
                continue
            for option in block:
                if option[0] is hurl or mine[option[2]] < MAX_STACK:
                    actions.append(act.step(side, option, k))
                    options.append(option)
                    k += 1
        return options, actions

    def _plain_flight(self, p: int, s: int, t: int) -> None:
        """``_on_move`` and ``_advance`` of the usual step, a flight ``s -> t`` from a move decision
        built from whole blocks (``_plain_decision``, so no effect is in play): two
        counts change, then the next move decision is built directly while points are left
        (no orbital activation or draw can be pending during a move). If the flight fills no
        stack, the next one is built from whole blocks too, over the same spaces but for the
        source if it emptied and the target if it was empty: nothing is searched."""
        n = self.num_players
        self.moved = True
        left = self.moves_left = self.moves_left - 1
        dv = self.dv
        dv[s * n + p] -= 1
        count = dv[t * n + p] = dv[t * n + p] + 1
        spaces = self._plain_spaces
        if not dv[s * n + p]:  # the source emptied
            i = spaces.index(s)
            spaces = spaces[:i] + spaces[i + 1:]
        if count == 1:  # the target was empty
            i = bisect_left(spaces, t)
            spaces = spaces[:i] + (t,) + spaces[i:]
        self._mine[p] = spaces
        e = self._barrier[s][t]
        if e >= 0:
            self._toll(p, e)
        if left > 0 and not self.orbital and not self.draws:
            self.next_step = ""  # as ``_advance`` takes it
            if count < MAX_STACK:
                self._next_plain_move(p, left, spaces)
            else:
                self._step_plain_move(p)
            decision = self._decision
            if decision is not None and len(decision.legal) != 1:
                return
        else:
            # ``_step_move`` with no effect and no points left ends the move.
            self.next_step = "move" if left > 0 else "keep"
        self._advance()

    def _plain_launch(self, p: int, s: int) -> None:
        """``_on_move`` and ``_advance`` of a launch into ``s`` from the own hold, from a
        move decision built from whole blocks, as ``_plain_flight`` does for a flight."""
        n = self.num_players
        self.moved = True
        left = self.moves_left = self.moves_left - 1
        self.hold[p] -= 1
        dv = self.dv
        count = dv[s * n + p] = dv[s * n + p] + 1
        spaces = self._plain_spaces
        if count == 1:
            i = bisect_left(spaces, s)
            spaces = spaces[:i] + (s,) + spaces[i:]
        self._mine[p] = spaces
        if left > 0 and not self.orbital and not self.draws:
            self.next_step = ""  # as ``_advance`` takes it
            if count < MAX_STACK:
                self._next_plain_move(p, left, spaces)
            else:
                self._step_plain_move(p)
            decision = self._decision
            if decision is not None and len(decision.legal) != 1:
                return
        else:
            self.next_step = "move" if left > 0 else "keep"  # as ``_plain_flight``
        self._advance()

    def _next_plain_move(self, p: int, left: int, spaces: tuple[int, ...]) -> None:
        """The move decision of ``p`` with ``left`` points, no effect in play and no stack
        full, from whole blocks: the launches and the flight blocks (``_layout`` is up to
        date) over ``spaces``, the spaces of ``p``'s sundivers, then "Stop moving" once
        moved. ``_step_plain_move`` builds it so, and a plain flight or launch builds the
        next one so directly."""
        side = self.side
        actions = list(self._launch_blocks[self.eye[p]][1]) if self.hold[p] else []
        k = len(actions)
        blocks = self._layout
        for x in spaces:
            block, length, by_position = blocks[x]
            found = by_position[k]
            if found is None:
                found = by_position[k] = _block_actions(side, block, k)
            actions += found
            k += length
        if not actions:  # (no step but stopping is left; ``_offer_move`` ends the move)
            self._offer_move(p, [], actions)
            return
        if self.moved:
            actions.append(_STOPS[k] if k < _PROMPTED else act.stop(k))
        self.stage = _MOVE_STAGE
        self._seat = p
        self._payloads = None  # made by ``_plain_options`` if the choice is not a step
        decision = self._decision = Decision(
            p, _MOVE_PROMPTS[left] if left < _PROMPTED else f"move ({left} points left)",
            tuple(actions), "move")
        self._plain_decision = decision
        self._plain_spaces = spaces

    def _plain_options(self) -> list[tuple[Any, ...]]:
        """The payloads of the open move decision ``_next_plain_move`` built: the launches,
        the flight blocks of the mover's spaces and "Stop moving" once moved (the hold, the
        eye and the gates are as they were when it was built)."""
        p = self._seat
        options: list[tuple[Any, ...]] = (
            list(self._launch_blocks[self.eye[p]][0]) if self.hold[p] else [])
        for x in self._plain_spaces:
            options += self._layout[x][0]
        if self.moved:
            options.append(_STOP_OPTION)
        return options

    def _on_move(self, option: tuple[Any, ...]) -> None:
        p = self.current
        n = self.num_players
        kind = option[0]
        if kind is _K.FLY and self.effect == NONE and not self.free_cross:
            # The usual step: a plain flight (``_plain_flight`` does the same, then more).
            _, s, t, e = option
            self.moved = True
            self.next_step = "move"
            self.moves_left -= 1
            dv = self.dv
            dv[s * n + p] -= 1
            dv[t * n + p] += 1
            self._mine[p] = None
            if e >= 0:
                self._toll(p, e)
            return
        if kind is _K.STOP:
            self.next_step = "keep"
            return
        if kind is _K.EFFECT_STEP:
            self._effect_move(p, option)
            return
        self.moved = True
        self.next_step = "move"
        dv = self.dv
        self._mine[p] = None  # every other step but a station's flight or hurl changes ``dv``
        if kind is _K.LAUNCH:
            s = option[1]
            self.moves_left -= 1
            if len(option) == 4:  # from another seat's hold (BLIGHT)
                self.guest[option[3] * n + p] -= 1
            else:
                self.hold[p] -= 1
            dv[s * n + p] += 1
            if self.effect == _Fx.CEREMONY and self.ring[s] == _OUTER:
                self.energy[p] += 1
        elif kind is _K.FLY:
            _, s, t, e = option
            cost = 1
            if self.free_cross:
                fc = self.free_cross
                if e >= 0 and dv[s * n + p] > fc[s]:
                    cost = 0  # CATAPULT: an unused sundiver crosses this gate for free
                    fc[t] += 1
                elif dv[s * n + p] == fc[s]:
                    fc[s] -= 1
                    fc[t] += 1
            self.moves_left -= cost
            dv[s * n + p] -= 1
            dv[t * n + p] += 1
            if e >= 0:
                self._toll(p, e)
            if self.effect == _Fx.HYPERDRIVE:
                self.focus = t
                self.uses += 1
                if self.uses % 3 == 0:
                    self.energy[p] += 1
            elif self.effect == _Fx.PASSAGE and (s == self.focus or (
                    self.focus == NONE and e >= 0)):
                self.focus = t  # flights from its space move the passage sundiver
                if e >= 0 and e not in self.crossed:
                    self.crossed.append(e)
                    self.momentum[p] += 1
        elif kind is _K.HURL:
            s = option[1]
            self.moves_left -= 1
            dv[s * n + p] -= 1
            if self.free_cross and self.free_cross[s] > dv[s * n + p]:
                self.free_cross[s] -= 1
            self.vapor[p] += 1
            self.momentum[p] += 2
            self._log_later(_hurl_text, p, self.board, s)
            self.draws += 1
            self.hurl_draw = True
        elif kind is _K.PUNCTURE:
            _, s, t, e = option
            self.moves_left -= 1
            self.punctured = True
            dv[s * n + p] -= 1
            if self.free_cross and self.free_cross[s] > dv[s * n + p]:
                self.free_cross[s] -= 1
            self.reserve[p] += 1
            self.gate[e] = p
            self.res_gates[p] -= 1
            self.log(f"Seat {p} punctures the barrier {self.name(s)}|{self.name(t)}: a gate")
        elif kind is _K.FLY_STATION:
            _, s, t, e = option
            self.moves_left -= 1
            owner, st = self.st_owner[s], self.st_type[s]
            self.st_count[5 * owner + self.ring[s]] -= 1
            self.st_type[s] = self.st_owner[s] = NONE
            self._put_station(t, st, owner)
            self.juggernaut = t
            if e >= 0:
                self._toll(p, e)
        elif kind is _K.HURL_STATION:
            s = option[1]
            self.moves_left -= 1
            self._remove_station(s)
            self.juggernaut = NONE
            self.effect = NONE  # the juggernaut is gone: no other station may fly
            self.momentum[p] += 2
            self.log(f"Seat {p} hurls its station from {self.name(s)}: +2 momentum")
            self.draws += 1
            self.hurl_draw = True

    def _toll(self, p: int, e: int) -> None:
        owner = self.gate[e]
        if owner != NONE and owner != p and not self.tolls & (1 << owner):
            self.tolls |= 1 << owner
            self.energy[owner] += 1

    # -- convert ---------------------------------------------------------------------------

    def _conversions(self, p: int, probe: bool = False) -> list[tuple[Any, ...]]:
        """Legal conversions: (station or NONE for a gate, space, used spaces, gate)."""
        n = self.num_players
        dv = self.dv
        board = self.board
        ring = self.ring
        st_type = self.st_type
        options: list[tuple[Any, ...]] = []
        mine = list(compress(self._spaces, dv[p::n]))
        if not mine or (len(mine) < 2 and self.effect != _Fx.INVADE):
            return options  # every pattern covers two spaces or more
        has = set(mine)
        res = self.res_st
        gates_left = self.res_gates[p] > 0
        node_ok, foundry_ok, tower_ok = res[3 * p] > 0, res[3 * p + 1] > 0, res[3 * p + 2] > 0
        if self.effect == _Fx.INVADE and not self.moved:
            for x in mine:
                kind = st_type[x]
                need = 3 if kind == TOWER else 2
                if (kind >= 0 and self.st_owner[x] != p and dv[x * n + p] >= need
                        and res[3 * p + kind]):
                    options.append((INVADE, x, (x,) * need, NONE))
                    if probe:
                        return options
        if node_ok:
            # Only spaces with a sundiver or beside one can hold a pattern (in space order).
            near = set(mine)
            beside = board.beside
            for y in mine:
                near.update(beside[y])
            spaces: list[int] = sorted(near)
        else:
            spaces = mine
        for x in spaces:
            free = st_type[x] == NONE
            if free and node_ok:
                a, b = board.same_ring(x)
                if a in has and b in has and a != b:
                    options.append((NODE, x, (a, b), NONE))
                    if probe:
                        return options
            if x not in has:
                continue
            if free and foundry_ok:
                for y in board.same_ring(x):
                    if y in has:
                        options.append((FOUNDRY, x, (x, y), NONE))
                        if probe:
                            return options
            if gates_left and ring[x] != _CORE and ring[x] != _OUTER:
                ups = [y for y in board.outward(x) if y in has]
                if ups:
                    for w, e in board.neighbours[x]:
                        if e >= 0 and ring[w] < ring[x] and self.gate[e] == NONE:
                            for y in ups:
                                options.append((NONE, x, (x, y), e))
                                if probe:
                                    return options
            if free and tower_ok and ring[x] <= _CONV:
                for y in board.outward(x):
                    if y in has:
                        for z in board.outward(y):
                            if z in has:
                                options.append((TOWER, x, (x, y, z), NONE))
                                if probe:
                                    return options
        return options

    def _step_convert(self) -> None:
        p = self.current
        options: list[tuple[Any, ...] | None] = list(self._conversions(p))
        if not options:
            self.next_step = "keep"
            return
        actions = [act.invade(i, self.side, o[1], len(o[2])) if o[0] == INVADE else
                   act.conversion(i, self.side, None if o[0] == NONE else o[0], o[1], o[2],
                                  None if o[3] == NONE else o[3])
                   for i, o in enumerate(options) if o is not None]
        if self.moved:  # the CASCADE extra conversion may be skipped
            options.append(None)
            actions.append(act.simple(len(actions), _K.SKIP, "No extra conversion"))
        self._offer(_Stage.CONVERT, p, "which conversion", actions, options)

    def _on_convert(self, option: tuple[Any, ...] | None) -> None:
        p = self.current
        self.next_step = "keep"
        if option is None:
            return
        n = self.num_players
        kind, x, used, e = option
        recall = self.moved  # the CASCADE conversion recalls its sundivers
        for s in used:
            self.dv[s * n + p] -= 1
            self._left(p, s)
            if recall:
                self.hold[p] += 1
            else:
                self.reserve[p] += 1
        if kind == INVADE:
            old = self.st_owner[x]
            built = self.st_type[x]
            self._remove_station(x)
            self._put_station(x, built, p)
            self.res_st[3 * p + built] -= 1
            back = min(len(used), self.reserve[old])
            self.reserve[old] -= back
            self.hold[old] += back
            deepest = self.ring[x]
            self.log(f"Seat {p} invades the station on {self.name(x)}")
        elif kind == NONE:
            self.gate[e] = p
            self.res_gates[p] -= 1
            deepest = self.ring[self.board.barriers[e][1]]
            self._log_later(_gate_text, p, self.board, e)
        else:
            self._put_station(x, kind, p)
            self.res_st[3 * p + kind] -= 1
            deepest = self.ring[x]
            self._log_later(_station_text, p, kind, self.board, x)
            if self.effect == _Fx.MOTIVATE and not self.moved:
                self.new_station = x
        if self.effect == _Fx.MOTIVATE and self.new_station != NONE:
            self.draws += _CARDS[deepest]
            self.next_step = "motivate"
        elif self.extra_convert and not self.moved:
            self.draws += _CARDS[deepest]
            self.moved = True  # marks the extra conversion as begun
            self.next_step = "convert"
        else:  # the action is over: its cards wait for a late any-time card (RULES 28)
            self.later_draws += _CARDS[deepest]

    def _step_motivate(self) -> None:
        p = self.current
        x = self.new_station
        self.new_station = NONE
        self.effect = NONE
        if not self._can_pay(p, self.st_type[x], _BASE[self.ring[x]]):
            self.next_step = "keep"
            return
        actions = [act.at_space(0, _K.MOTIVATE, self.side, x),
                   act.simple(1, _K.SKIP, "Do not activate it")]
        self._offer(_Stage.MOTIVATE, p, "MOTIVATE: activate the new station", actions,
                    [x, NONE])

    def _on_motivate(self, x: int) -> None:
        self.next_step = "keep"
        if x != NONE:
            self._activate(self.current, x, recall=False, draw=False)

    # -- activate --------------------------------------------------------------------------

    def _can_pay(self, p: int, kind: int, amount: int) -> bool:
        if kind == NODE:
            return True
        if kind == FOUNDRY:
            return self.energy[p] >= amount and self.reserve[p] >= amount
        return self.energy[p] >= amount

    def _reward(self, p: int, kind: int, amount: int) -> None:
        if kind == NODE:
            self.energy[p] += amount
        elif kind == FOUNDRY:
            self.energy[p] -= amount
            if self.effect == _Fx.DUPLICATE and p == self.current:
                amount += min(amount, self.reserve[p] - amount)  # the extras are free
            self.reserve[p] -= amount
            self.hold[p] += amount
        else:
            self.energy[p] -= amount
            self.momentum[p] += amount

    def _activations(self, p: int, kind: int, probe: bool = False) -> list[int]:
        """Stations of ``kind`` (any kind: -1) that ``p`` may activate now."""
        n = self.num_players
        dv = self.dv
        out: list[int] = []
        st_type = self.st_type
        pulse = self.effect == _Fx.PULSE and not probe
        activated = self.activated
        if not pulse and self.effect != _Fx.AUGMENT:
            # The usual case: only stations under own sundivers, few of them, at their ring's
            # base (``_can_pay`` inlined).
            energy, reserve = self.energy[p], self.reserve[p]
            bases = self._space_base
            for s in self._present(p):
                here = st_type[s]
                if here >= 0 and (kind < 0 or here == kind) and s not in activated and (
                        here == NODE or (energy >= bases[s] and (
                            here == TOWER or reserve >= bases[s]))):
                    out.append(s)
                    if probe:
                        return out
            return out
        if not pulse:  # AUGMENT: the bases grow with the stack
            for s in self._present(p):
                if st_type[s] >= 0 and (kind < 0 or st_type[s] == kind) and (
                        s not in activated) and self._can_pay(p, st_type[s],
                                                               self._base_for(p, s)):
                    out.append(s)
                    if probe:
                        return out
            return out
        started = self.started
        for s, count in enumerate(dv[p::n]):
            here = st_type[s]
            if here < 0 or s in activated:
                continue
            # PULSE: every own orbit station, of any type, with or without a sundiver.
            if not (pulse and self.st_owner[s] == p and self.ring[s] >= _INNER) and (
                    not count or s not in started or (kind >= 0 and here != kind)):
                continue
            if self._can_pay(p, here, self._base_for(p, s)):
                out.append(s)
                if probe:
                    return out
        return out

    def _activatable_kinds(self, p: int, spaces: tuple[int, ...]) -> set[int]:
        """The station types ``_activations(p, kind, probe=True)`` finds, in one pass over
        ``spaces`` (``_present(p)``), with ``_can_pay`` and, unless AUGMENT raises
        the bases, ``_base_for`` inlined: the turn's choice asks it every turn."""
        st_type = self.st_type
        activated = self.activated
        kinds: set[int] = set()
        if self.effect == _Fx.AUGMENT:
            for s in spaces:
                kind = st_type[s]
                if kind >= 0 and kind not in kinds and s not in activated and self._can_pay(
                        p, kind, self._base_for(p, s)):
                    kinds.add(kind)
            return kinds
        energy, reserve = self.energy[p], self.reserve[p]
        bases = self._space_base
        for s in spaces:
            kind = st_type[s]
            if kind < 0 or kind in kinds or s in activated:
                continue
            if kind == NODE or (energy >= bases[s] and (kind == TOWER or reserve >= bases[s])):
                kinds.add(kind)
        return kinds

    def _base_for(self, p: int, s: int) -> int:
        base = _BASE[self.ring[s]]
        if self.effect == _Fx.AUGMENT and p == self.current:
            extra = self.dv[s * self.num_players + p] - 1
            if extra > 0:
                base += extra * AUGMENT_EXTRA[self.board.ring_of[s]]
        return base

    def _step_activate(self) -> None:
        p = self.current
        options = self._activations(p, self.act_type)
        if not options:
            self._finish_activate()
            return
        self._offer_shared(_Stage.ACTIVATE, p, _ACTIVATE_MENUS, _activate_menu,
                           (self.side, p, tuple(options), bool(self.activated)))

    def _on_activate(self, s: int) -> None:
        if s == NONE:
            self._finish_activate()
            return
        p = self.current
        if self.effect == _Fx.SQUEEZE and self.st_owner[s] == p and self.dv[
                s * self.num_players + p]:
            # SQUEEZE: the station's cards are drawn first; the reward depends on them.
            self.effect = NONE
            self.dv[s * self.num_players + p] -= 1
            self._mine[p] = None
            self.hold[p] += 1
            self.activated.append(s)
            self.squeeze = s
            self.squeeze_flares = self.flares
            self.draws += _CARDS[self.ring[s]]
            self.next_step = "squeeze"
            return
        present = self.dv[s * self.num_players + self.current] > 0
        self._activate(self.current, s, recall=present, draw=True)
        if not present:  # PULSE: an orbit station activated with no sundiver
            self.activated.append(s)
        self.next_step = "activate"
        if self.effect == _Fx.METAMORPHOSIS and self.st_owner[s] == self.current:
            self.new_station = s
            self.resume, self.next_step = "activate", "effect"

    def _step_squeeze(self) -> None:
        p, s = self.current, self.squeeze
        self.squeeze = NONE
        kind, ring = self.st_type[s], self.ring[s]
        base, bonus = _BASE[ring], _BONUS[ring]
        if self.flares > self.squeeze_flares:
            if self._can_pay(p, kind, base):
                self._reward(p, kind, base)
            self._remove_station(s)
            self.log(f"Seat {p} squeezes {self.name(s)}: a flare, the station is destroyed")
        elif self._can_pay(p, kind, 2 * (base + bonus)):
            self._reward(p, kind, 2 * (base + bonus))
        elif self._can_pay(p, kind, base):
            self._reward(p, kind, base)
        self.next_step = "activate"

    def _finish_activate(self) -> None:
        self.next_step = "keep"  # which draws ``later_draws`` (after a late card, RULES 28)

    def _activate(self, p: int, s: int, recall: bool, draw: bool) -> None:
        """``p`` activates station ``s``: base now, then the bonus questions."""
        kind = self.st_type[s]
        ring = self.ring[s]
        base = self._base_for(p, s) if draw else _BASE[ring]
        self._reward(p, kind, base)
        if self.effect == _Fx.SYNCHRONIZE and draw:
            self.momentum[p] += 1
        if recall:
            self.dv[s * self.num_players + p] -= 1
            self._left(p, s)
            self.hold[p] += 1
            self.activated.append(s)
        if draw:
            self.later_draws += _CARDS[ring]
        self._log_later(_activation_text, p, kind, self.board, s, base)
        if _BONUS[ring]:
            owner = self.st_owner[s]
            self.bonus_space = s
            self.bonus_asked = [owner] if owner == p else [owner, p]
            self._ask_bonus()

    def _ask_bonus(self) -> None:
        s = self.bonus_space
        kind = self.st_type[s]
        amount = _BONUS[self.ring[s]]
        while self.bonus_asked:
            seat = self.bonus_asked[0]
            if self._can_pay(seat, kind, amount):
                self._offer_shared(_Stage.BONUS, seat, _BONUS_MENUS, _bonus_menu,
                                   (self.side, seat, s, amount))
                return
            self.bonus_asked.pop(0)
        self.bonus_space = NONE

    def _on_bonus(self, take: bool) -> None:
        seat = self.bonus_asked.pop(0)
        s = self.bonus_space
        if take:
            amount = _BONUS[self.ring[s]]
            self._reward(seat, self.st_type[s], amount)
            self._log_later(_bonus_text, seat, amount, self.board, s)
            self.bonus_asked = []
            self.bonus_space = NONE
        else:
            self._ask_bonus()

    # -- instability -----------------------------------------------------------------------

    def _draw_one(self) -> None:
        self.draws -= 1
        suit = self.deck.pop()
        self.drawn.append(suit)
        p = self.current
        if suit == self.pillar and self.effect == _Fx.PILLAR:
            self.momentum[p] += 3
        if self.effect == _Fx.CHANNEL and self.energy[p]:
            self.energy[p] -= 1
            self.momentum[p] += 1
        if suit != FLARE:
            return
        self.flares += 1
        if self.hurl_draw:
            self.momentum[p] += 1
        self._log_later(_flare_text, p, self.flares)
        if self.flares == FLARES:
            self._supernova()
            return
        for q in range(self.num_players):
            if self.energy[q] >= HALVING_AT:
                self.energy[q] -= self.energy[q] // 2
        n = self.num_players
        outer = range(self.board.first[Ring.OUTER], self.board.size)
        for k in range(n):
            q = (p + k) % n
            own = [s for s in outer if self.st_owner[s] == q]
            # Nodes first: a foundry or tower "could" be paid "from an energy node in outer
            # orbit" activated at this flare, wherever the node stands (RULES 15).
            self.orbital.extend((q, s) for s in own if self.st_type[s] == NODE)
            self.orbital.extend((q, s) for s in own if self.st_type[s] != NODE)

    def _supernova(self) -> None:
        # The 13th flare: towers in outer orbit activate, then the game is over.
        for s in range(self.board.first[Ring.OUTER], self.board.size):
            owner = self.st_owner[s]
            if self.st_type[s] == TOWER and self.energy[owner] >= 1:
                self._reward(owner, TOWER, 1)
        self.draws = 0
        self.orbital = []
        self.termination = Termination.NORMAL
        self.log("The 13th solar flare: the Sun goes supernova")

    def _offer_orbital(self) -> None:
        q, s = self.orbital.pop(0)
        if self.st_owner[s] != q or not self._can_pay(q, self.st_type[s], _BASE[_OUTER]):
            return
        self._offer_shared(_Stage.ORBITAL, q, _ORBITAL_MENUS, _orbital_menu, (self.side, q, s))

    def _on_orbital(self, s: int) -> None:
        if s != NONE:
            self._reward(self.st_owner[s], self.st_type[s], _BASE[_OUTER])

    def _step_keep(self) -> None:
        """The turn's end: a late any-time card, the action's cards, the orbit, the keep."""
        p = self.current
        held = self.held[p]
        if held != NONE and not self.late_offered and not self.drawn:
            # An any-time card is "in addition to your regular action", discarded "before
            # drawing any new cards as a result of your action" (RULES 28).
            effect = self.effect_of[held]
            self.late_offered = True
            if effect in _LATE_PLAY and self._effect_targets(p, effect):
                self._offer_shared(_Stage.ACTION, p, _LATE_MENUS, _late_menu, (p, effect))
                return
        if self.draws or self.later_draws:
            self.draws += self.later_draws
            self.later_draws = 0
            self.next_step = "keep"
            return
        self.hurl_draw = False
        # "Orbit your mothership! Then the next player can take their turn while you decide
        # what card to keep" (RULES 17).
        self.eye[p] = (self.eye[p] - 1) % self.board.orbit
        if not self.drawn:
            self._step_next()  # straight on, as ``_step_turn`` does
            return
        choices = sorted(set(self.drawn) | ({held} if held != NONE else set()))
        self._offer_shared(_Stage.KEEP, p, _KEEP_MENUS, _keep_menu, (p, tuple(choices)))

    def _on_keep(self, suit: int) -> None:
        p = self.current
        cards = self.drawn + ([self.held[p]] if self.held[p] != NONE else [])
        cards.remove(suit)
        self.discards.extend(cards)
        self.held[p] = suit
        self.drawn = []
        self.next_step = "next"

    def _step_next(self) -> None:
        self.current = (self.current + 1) % self.num_players
        self._step_turn()  # straight on, as ``_step_turn`` does


# Dispatch tables (unbound, so that clones share them): the step named by ``next_step`` and the
# handler of the open decision's stage.
_STAGE_KIND = {stage: stage.name.lower() for stage in Stage}
_STEP: dict[str, Any] = {name[len("_step_"):]: function for name, function in vars(SolState).items()
                         if name.startswith("_step_")}
_ON: dict[Stage, Any] = {stage: getattr(SolState, "_on_" + stage.name.lower())
                         for stage in Stage if hasattr(SolState, "_on_" + stage.name.lower())}
