"""The engine contract: what every game is and what every match state offers.

A game is a deterministic state machine. All randomness comes from the ``random.Random``
owned by the state, so ``(game, options, num_players, seed, actions)`` reproduces a match.
The base class checks turn order, legality and termination once; a game implements only
``_pending``/``_apply`` and its observation (OpenSpiel's ``_legal_actions``/``_apply_action``).
"""

from __future__ import annotations

import copy
import enum
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any


class EngineError(Exception):
    """Base class of every error the engine raises on bad input."""


class UnknownGameError(EngineError, LookupError):
    """A game name that is not registered."""


class OptionError(EngineError, ValueError):
    """An unknown option name or a value the option does not accept."""


class PlayerCountError(EngineError, ValueError):
    """A number of players the game does not support."""


class IllegalActionError(EngineError, ValueError):
    """An action id that is not in the seat's legal list."""


class NotPendingError(EngineError, ValueError):
    """A choice for a seat that is not asked, or a pending seat left without a choice."""


class GameOverError(EngineError):
    """An action applied to a match that has already ended."""


class Termination(enum.Enum):
    """Why a match ended: by the game's own rules, or by the arena."""

    NORMAL = "normal"
    TURN_LIMIT = "turn_limit"
    TIMEOUT = "timeout"
    ILLEGAL_ACTION = "illegal_action"
    MALFORMED = "malformed"
    CRASH = "crash"
    DISCONNECT = "disconnect"
    RESIGN = "resign"
    ABORTED = "aborted"


class Kept(tuple[Any, ...]):
    """A tuple in an observation that the engine hands out again, the same object, for as
    long as its contents stay the same (Race's tableau cards, until the tableau changes).
    Its items never change: a reader may keep what it made of it (the arena keeps its wire
    bytes) by its identity. Any other tuple is taken as new each time."""

    __slots__ = ()


# Actions, decisions and events are made on every decision of every match, so the three
# frozen classes below set their slots directly: the ``__init__`` that dataclasses writes
# for a frozen class goes through ``object.__setattr__`` for each field, about twice as slow.


class _Noted:
    """The base of ``Action``: a slot, ``_note``, where one reader of a game's actions may
    keep what it worked out of each (the researchers' adapters keep the action's index, see
    ``engine/envs/_actions.py``), to read it back at the cost of an attribute. Unset until
    written, and no part of the action's value: not a field, so not compared, hashed,
    copied or pickled."""

    __slots__ = ("_note",)


@dataclass(frozen=True, slots=True, init=False)
class Action(_Noted):
    """One legal choice: an id unique within its decision, a short text, a typed detail.

    ``detail`` is a frozen dataclass of the game's own (or None); the arena turns it into the
    game's protobuf message field by field, so its field names are the proto field names.
    """

    id: int
    text: str
    detail: Any = None

    def __init__(self, id: int, text: str, detail: Any = None) -> None:  # noqa: A002
        _ACTION_ID(self, id)
        _ACTION_TEXT(self, text)
        _ACTION_DETAIL(self, detail)


@dataclass(frozen=True, slots=True, init=False)
class Decision:
    """What one pending seat must choose now."""

    seat: int
    prompt: str
    legal: tuple[Action, ...]
    kind: str = ""

    def __init__(self, seat: int, prompt: str, legal: tuple[Action, ...],
                 kind: str = "") -> None:
        _DECISION_SEAT(self, seat)
        _DECISION_PROMPT(self, prompt)
        _DECISION_LEGAL(self, legal)
        _DECISION_KIND(self, kind)

    def action(self, action_id: int) -> Action:
        """The legal action with this id; IllegalActionError naming the accepted ids if none."""
        legal = self.legal
        if type(action_id) is int and 0 <= action_id < len(legal):
            candidate = legal[action_id]  # games number their actions 0, 1, ...: try it first
            if candidate.id == action_id:
                return candidate
        for candidate in legal:
            if candidate.id == action_id:
                return candidate
        ids = [a.id for a in self.legal]
        shown = ", ".join(map(str, ids[:20])) + (", ..." if len(ids) > 20 else "")
        raise IllegalActionError(
            f"action id {action_id!r} is not legal for seat {self.seat} ({self.prompt}); "
            f"legal ids: {shown}"
        )


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One line of the match log. ``visible_to`` is None for public events, else the seats."""

    index: int
    text: str
    visible_to: frozenset[int] | None = None

    def __init__(self, index: int, text: str, visible_to: frozenset[int] | None = None
                 ) -> None:
        _EVENT_INDEX(self, index)
        _EVENT_TEXT(self, text)
        _EVENT_VISIBLE_TO(self, visible_to)

    def visible(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle(items)`` does: the same draws from ``rng``
    and the same order, so that a seed deals the same decks.

    The standard library's shuffle asks ``_randbelow`` (a Python call) for every position;
    this is its loop with that call written out (``getrandbits`` of the bound's bit length,
    drawn again while too large), walking the positions in runs whose bound ``i + 1`` has
    the same bit length. Another kind of generator than ``random.Random`` keeps its own.
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    top = len(items) - 1
    while top > 0:
        k = (top + 1).bit_length()
        low = (1 << (k - 1)) - 1  # the last position of the run: its bound is 2 ** (k - 1)
        for i in range(top, low - 1, -1):
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]
        top = low - 1


def _slot_setter(cls: type, name: str) -> Any:
    return vars(cls)[name].__set__


_ACTION_ID, _ACTION_TEXT, _ACTION_DETAIL = (
    _slot_setter(Action, n) for n in ("id", "text", "detail"))
_DECISION_SEAT, _DECISION_PROMPT, _DECISION_LEGAL, _DECISION_KIND = (
    _slot_setter(Decision, n) for n in ("seat", "prompt", "legal", "kind"))
_EVENT_INDEX, _EVENT_TEXT, _EVENT_VISIBLE_TO = (
    _slot_setter(Event, n) for n in ("index", "text", "visible_to"))


# For the engines' hot paths. Calling a frozen class runs its Python ``__init__`` in a nested
# interpreter call, and a slot's ``__set__`` called as a function costs some 600 instructions;
# an open subclass (object's own setters) takes one specialized store per slot instead, and
# the ``__class__`` assignment (allowed: the same slots) then makes the object a plain, frozen
# instance of the public class: about half the cost of the class call.
class _OpenAction(Action):
    """An Action being made: see ``new_action``."""

    __slots__ = ()
    __init__ = object.__init__  # type: ignore[assignment]
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


class _OpenDecision(Decision):
    """A Decision being made: see ``new_decision``."""

    __slots__ = ()
    __init__ = object.__init__  # type: ignore[assignment]
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


def new_action(id: int, text: str, detail: Any = None) -> Action:  # noqa: A002
    """``Action(id, text, detail)``, made at about half the cost of the class call."""
    action: Any = _OpenAction()
    action.id = id
    action.text = text
    action.detail = detail
    action.__class__ = Action
    return action  # (typed Any: a cast would be a call more)


def new_decision(seat: int, prompt: str, legal: tuple[Action, ...], kind: str = ""
                 ) -> Decision:
    """``Decision(seat, prompt, legal, kind)``, made at about half the cost of the class
    call."""
    decision: Any = _OpenDecision()
    decision.seat = seat
    decision.prompt = prompt
    decision.legal = legal
    decision.kind = kind
    decision.__class__ = Decision
    return decision  # (typed Any: a cast would be a call more)


class LazyAction(Action):
    """An ``Action`` whose text and detail are made from its arguments on first read.

    It reads and compares like an ``Action`` (``id``, ``text``, ``detail``, all read-only);
    ``_args`` is the builder followed by its arguments, and ``args[0](*args[1:])`` returns the
    (text, detail) pair, once per object. Random playouts and search bots read only ids, and
    a text with its detail costs more to make than the legality check that offers it. An
    engine's hot loops make them as ``lazy_action`` does, inline:
    ``action = LazyAction(); action._id = aid; action._args = args``.
    """

    __slots__ = ("_id", "_args", "_made")
    _id: int
    _args: tuple[Any, ...]
    _made: tuple[str, Any]
    __init__ = object.__init__  # type: ignore[assignment]
    # object's own setters, so that the private slots take one specialized store each; the
    # public fields stay read-only: they are properties without setters.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__
    # A C-level getter (a Python one runs a nested interpreter call). It costs more to read
    # than a slot: an engine whose actions are read more often than made uses new_action.
    id = property(attrgetter("_id"), doc="The id within its decision.")  # type: ignore[assignment]

    def _parts(self) -> tuple[str, Any]:
        try:
            return self._made
        except AttributeError:  # not made yet (the slot is unset until the first read)
            build, *rest = self._args
            made: tuple[str, Any] = build(*rest)
            self._made = made
            return made

    @property  # type: ignore[override]
    def text(self) -> str:
        """The readable text, made on first read."""
        return self._parts()[0]

    @property  # type: ignore[override]
    def detail(self) -> Any:
        """The typed detail, made on first read."""
        return self._parts()[1]

    def __reduce__(self) -> tuple[Any, ...]:
        return lazy_action, (self._id, self._args)

    def __copy__(self) -> LazyAction:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> LazyAction:
        return self


def lazy_action(id: int, args: tuple[Any, ...]) -> LazyAction:  # noqa: A002
    """The LazyAction ``id`` whose (text, detail) ``args[0](*args[1:])`` makes."""
    action = LazyAction()
    action._id = id
    action._args = args
    return action


@dataclass(frozen=True)
class Result:
    """Scores and ranking per seat (rank 0 is first; equal ranks are ties) and why it ended.

    ``forfeited`` lists the seats the arena ranked last for a fault (none for a game's end).
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    termination: Termination = Termination.NORMAL
    reason: str = ""
    forfeited: tuple[int, ...] = ()

    @staticmethod
    def from_keys(keys: Sequence[Any], scores: Sequence[float], **kw: Any) -> Result:
        """Rank seats by ``keys`` (higher is better; equal keys tie)."""
        ranks = tuple(sum(1 for other in keys if other > mine) for mine in keys)
        return Result(tuple(float(s) for s in scores), ranks, **kw)

    def with_forfeits(self, losers: Mapping[int, Termination], reason: str) -> Result:
        """Rank ``losers`` last (tied among themselves), keep the others' order; the
        termination is the lowest forfeited seat's."""
        if not losers:
            return self
        keys = [(True, -rank) if seat not in losers else (False, 0)
                for seat, rank in enumerate(self.ranks)]
        ranks = tuple(sum(1 for other in keys if other > mine) for mine in keys)
        termination = losers[min(losers)]  # the lowest seat's: not which fault came first
        return Result(self.scores, ranks, termination, reason, tuple(sorted(losers)))


@dataclass(frozen=True)
class OptionSpec:
    """A match option: its name, type and default, with bounds or choices to check."""

    name: str
    default: int | bool | str
    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()

    def check(self, value: object) -> int | bool | str:
        """Return ``value`` if this option accepts it, else raise OptionError saying why."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "yes", "no"):
                return value.lower() in ("true", "1", "yes")
            raise OptionError(f"option {self.name!r} takes true or false, got {value!r}")
        if kind is int:
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise OptionError(
                        f"option {self.name!r} takes a whole number, got {value!r}"
                    ) from None
            if not isinstance(value, int) or isinstance(value, bool):
                raise OptionError(f"option {self.name!r} takes a whole number, got {value!r}")
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise OptionError(
                    f"option {self.name!r} takes {self.minimum}..{self.maximum}, got {value}"
                )
            return value
        if not isinstance(value, str) or (self.choices and value not in self.choices):
            accepted = ", ".join(self.choices) if self.choices else "a string"
            raise OptionError(f"option {self.name!r} takes one of: {accepted}; got {value!r}")
        return value


@dataclass(frozen=True)
class GameInfo:
    """Declared metadata of a game: its registry name, player counts and options."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    simultaneous: bool = False
    description: str = ""

    def check_options(self, options: Mapping[str, object] | None) -> dict[str, Any]:
        """All options with defaults filled in; OptionError on an unknown name or bad value."""
        known = {spec.name: spec for spec in self.options}
        given = dict(options or {})
        for name in given:
            if name not in known:
                accepted = ", ".join(sorted(known)) or "none"
                raise OptionError(
                    f"unknown option {name!r} for game {self.name!r}; options: {accepted}"
                )
        return {n: (s.check(given[n]) if n in given else s.default) for n, s in known.items()}

    def check_players(self, num_players: int) -> None:
        """Raise PlayerCountError unless the game supports ``num_players``."""
        if not isinstance(num_players, int) or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise PlayerCountError(
                f"game {self.name!r} is played by {self.min_players}..{self.max_players} "
                f"players, got {num_players!r}"
            )


class GameState(ABC):
    """A match in progress. Subclasses implement the ``_``-prefixed methods only.

    ``__init__`` of a subclass receives validated ``num_players``, ``seed`` and ``options``
    (build it through ``Game.new_match``) and must call ``super().__init__``.
    """

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        self.num_players = num_players
        self.seed = seed
        self.options = dict(options)
        self.rng = random.Random(seed)
        self._events = []

    # -- what a game implements -------------------------------------------------------------

    @abstractmethod
    def _pending(self) -> dict[int, Decision]:
        """The decisions open now, by seat; empty exactly when the match is over."""

    @abstractmethod
    def _apply(self, choices: dict[int, Action]) -> None:
        """Apply one already-checked legal action for every pending seat."""

    @abstractmethod
    def observation(self, seat: int | None) -> Any:
        """What ``seat`` may know (None: a spectator, public facts only), as a dataclass."""

    @abstractmethod
    def result(self) -> Result:
        """Scores and ranking; before the end, the standing by the game's own order."""

    @abstractmethod
    def snapshot(self) -> Any:
        """The whole state, hidden parts included, as plain data (equal states compare equal)."""

    # -- what the framework provides --------------------------------------------------------

    def pending(self) -> dict[int, Decision]:
        """The open decisions by seat (several seats when the choice is simultaneous)."""
        return self._pending()

    def is_over(self) -> bool:
        """True when no decision is open."""
        return not self._pending()

    def apply(self, choices: Mapping[int, int]) -> None:
        """Apply one action id for every pending seat; raises before changing anything."""
        pending = self._pending()
        if len(pending) == 1 and len(choices) == 1:  # the usual case: one seat, one choice
            ((seat, decision),) = pending.items()
            if seat in choices:
                self._apply({seat: decision.action(choices[seat])})
                return
        if not pending:
            raise GameOverError("the match is over; no action can be applied")
        extra = sorted(set(choices) - set(pending))
        missing = sorted(set(pending) - set(choices))
        if extra or missing:
            raise NotPendingError(
                f"choices are needed for seats {sorted(pending)}; "
                + (f"seat(s) {extra} not asked" if extra else f"missing seat(s) {missing}")
            )
        chosen = {seat: pending[seat].action(choices[seat]) for seat in sorted(pending)}
        self._apply(chosen)

    # -- the log ------------------------------------------------------------------------------
    # ``_lines`` is the log as it is written: a public text, a ready Event, or a tuple
    # (visible_to, make, *args) whose text ``make(*args)`` is made only when the log is read.
    # Random playouts and search bots never read it, and an Event (and its text) costs a good
    # part of a decision, so a game's frequent lines are appended to ``_lines`` as such.

    @property
    def _events(self) -> list[Event]:
        """The log as Events: the lines written since the last read become Events now."""
        events, lines = self._event_list, self._lines
        for index in range(len(events), len(lines)):
            line = lines[index]
            if type(line) is str:
                events.append(Event(index, line))
            elif type(line) is tuple:
                events.append(Event(index, line[1](*line[2:]), line[0]))
            else:
                events.append(line)
        return events

    @_events.setter
    def _events(self, events: list[Event]) -> None:
        self._event_list = events
        self._lines: list[Any] = list(events)

    def _copy_log(self, other: GameState) -> None:
        """Give ``other`` (a clone) this log, made and unmade lines alike (both immutable)."""
        other._event_list = self._event_list[:]
        other._lines = self._lines[:]

    def log(self, text: str, visible_to: frozenset[int] | set[int] | None = None) -> None:
        """Append an event (public unless ``visible_to`` names seats)."""
        lines = self._lines
        if visible_to is None:
            lines.append(text)
        else:
            lines.append(Event(len(lines), text, frozenset(visible_to)))

    def events_since(self, index: int, seat: int | None = None) -> list[Event]:
        """Events from ``index`` on that ``seat`` may see (None: public events only)."""
        return [e for e in self._events[index:] if e.visible(seat)]

    @property
    def event_count(self) -> int:
        """How many events the log holds (to pass to ``events_since`` later)."""
        return len(self._lines)

    def clone(self) -> GameState:
        """An independent copy (for search bots and tests)."""
        return copy.deepcopy(self)


@dataclass(frozen=True)
class Game:
    """A registered game: its metadata, a state factory, and its static data."""

    info: GameInfo
    state_class: type[GameState]
    static_data: Any = None

    @property
    def name(self) -> str:
        """The registry name."""
        return self.info.name

    def new_match(
        self, num_players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> GameState:
        """A new match; raises PlayerCountError/OptionError on bad arguments."""
        self.info.check_players(num_players)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise EngineError(f"seed must be a whole number, got {seed!r}")
        return self.state_class(num_players, seed, self.info.check_options(options))

    def replay(
        self,
        num_players: int,
        seed: int,
        options: Mapping[str, object] | None,
        steps: Sequence[Mapping[int, int]],
    ) -> GameState:
        """Re-simulate a match from its seed and its recorded steps."""
        state = self.new_match(num_players, seed, options)
        for step in steps:
            state.apply(step)
        return state
