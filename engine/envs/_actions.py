"""The fixed-size action space of a game: every legal action of every decision maps to one
index of ``range(size)``, and back.

The engines number actions per decision (``Action.id``); learners want one numbering for the
whole game, so that an output unit means the same move in every state. The index of an action
is built from its typed detail: its kind picks a block of the space, and within the block a
few detail fields (a card design, a grid cell, a space of the board) pick the place, in mixed
radix. Two legal actions with equal details are the same move and share an index (the first
of them is played); two with different details whose chosen fields are equal are told apart
by their order among such actions in the decision, in ``ordinals`` slots of the place. A kind
without listed fields is such an ordinal block only. ``docs/envs.md`` lists each game's blocks.

An action's place, once worked out, is kept in the action's note (``Action``'s slot for one
reader, see ``engine/_core.py``), read back at the cost of an attribute: so a game has one
action space in a process (``engine.envs.action_space``), whose notes its actions carry.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._core import Action, Decision, LazyAction, _Noted

#: (legal actions, the index of each, the distinct indices in order): see ``decoded``.
_Decoded = tuple[Sequence[Action], tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Field:
    """One coordinate of an action's place in its block: a detail field and its range."""

    name: str
    size: int
    code: Callable[[Any], int]  # the field's value -> 0..size-1
    doc: str = ""
    #: a field that reads several detail fields at once (``name`` is then only a label):
    #: their names; ``code`` gets the tuple of their values
    reads: tuple[str, ...] = ()
    #: a table field's values in index order (``table_field``), for the reader of the mapping
    values: tuple[Any, ...] = ()

    def value(self, detail: Any) -> Any:
        """The field's value in an action's detail."""
        if self.reads:
            return tuple(getattr(detail, name) for name in self.reads)
        return getattr(detail, self.name)


def enum_field(name: str, size: int) -> Field:
    """An enum field whose members are numbered 0..size-1."""
    return Field(name, size, lambda v: v.value, f"{name} (0..{size - 1})")


def int_field(name: str, lo: int, hi: int) -> Field:
    """A whole-number (or bool) field in ``lo..hi``."""
    # None lands outside the range, where ``_place`` names the field
    return Field(name, hi - lo + 1, lambda v: -1 if v is None else int(v) - lo,
                 f"{name} ({lo}..{hi})")


def opt_field(name: str, size: int) -> Field:
    """An optional field (None, or an int or enum numbered 0..size-1): None is 0."""
    def code(v: Any) -> int:
        if v is None:
            return 0
        return (v.value if isinstance(v, enum.Enum) else int(v)) + 1
    return Field(name, size + 1, code, f"{name} (none, 0..{size - 1})")


def table_field(name: str, reads: tuple[str, ...], values: Sequence[Any], doc: str) -> Field:
    """A field of the detail fields ``reads`` together, numbered by its value's position in
    ``values`` (the values an action can have: denser than their fields' mixed radix when
    few combinations occur, such as the pairs of spaces a flight can join)."""
    table = {value: number for number, value in enumerate(values)}
    # a value not in the table lands outside the range, where ``_work_out`` names the field
    return Field(name, len(table), lambda v: table.get(v, -1), f"{doc}, {len(table)} values",
                 reads, tuple(values))


@dataclass(frozen=True)
class KindSpec:
    """The block of one action kind: its fields, then ``ordinals`` slots per place."""

    fields: tuple[Field, ...] = ()
    ordinals: int = 1

    @property
    def size(self) -> int:
        """How many indices the block takes."""
        n = self.ordinals
        for f in self.fields:
            n *= f.size
        return n


@dataclass(frozen=True)
class _Block:
    kind: enum.Enum
    start: int
    spec: KindSpec


class ActionSpace:
    """A game's fixed-size action space (see the module docstring)."""

    def __init__(self, game: str, kinds: type[enum.Enum], specs: dict[Any, KindSpec],
                 default: KindSpec, lazy_key: Callable[[tuple[Any, ...]], Any] | None = None,
                 notes: bool = True, again: bool = True) -> None:
        """``lazy_key``: for an engine whose lazy actions are made afresh at every decision
        (a note on each would be written once and never read), a key of a ``LazyAction``'s
        arguments that determines the action's place and is cheaper than its detail:
        hashable, and telling the builders apart (it begins with the builder, the
        arguments' first item). Every other action's place is kept in its note. A game has
        one action space in a process: its actions' notes are that space's (ValueError for
        a second one). ``notes`` False: a checking space, which neither reads nor writes
        notes and works every place out from the action's detail (slower; any number of
        them). ``again`` False: for an engine that seldom offers a legal tuple again (Sol,
        one decision in six), whose decodings are not kept by the tuple (see ``decoded``):
        keeping them costs more than it saves there."""
        self._notes = notes
        if notes:
            if game in _NOTED:
                raise ValueError(
                    f"{game} has an action space already: its actions keep their places in "
                    "it (one note an action), so a game has one space in a process; use "
                    "engine.envs.action_space(game), or notes=False for a checking space")
            _NOTED.add(game)
        self.game = game
        self._blocks: dict[Any, _Block] = {}
        start = 0
        for kind in kinds:
            spec = specs.get(kind, default)
            self._blocks[kind] = _Block(kind, start, spec)
            start += spec.size
        self.size = start
        if not again:  # the method shadowed here: no test of ``again`` on every call
            self.decoded = self._decode_afresh  # type: ignore[method-assign]
        # what ``decoded`` gives, by the legal tuple's id
        self._recent: dict[int, _Decoded] = {}
        self._kept: dict[int, _Decoded] = {}
        self._lazy_key = lazy_key
        # the first index of each lazy action's place by its ``lazy_key``; places by detail,
        # and by the id of a detail met before (``_place``)
        self._firsts: dict[Any, int] = {}
        # its lookup that raises on a miss (bound once: the dict is cleared, never replaced)
        self._find = self._firsts.__getitem__
        self._places: dict[Any, tuple[int, int]] = {}
        self._seen: dict[int, tuple[Any, tuple[int, int]]] = {}

    def blocks(self) -> list[tuple[str, int, KindSpec]]:
        """(kind name, first index, spec) of every block, in index order (for the docs)."""
        return [(b.kind.name, b.start, b.spec) for b in self._blocks.values()]

    def _place(self, detail: Any) -> tuple[int, int]:
        """(the index of the place's first ordinal, the block's ordinals) of a detail."""
        # A detail object met before is found by its id: the engines' details are frozen
        # dataclasses whose hash (and equality, on a hit) are Python calls over all their
        # fields; Sol and Galaxies hand most of their details out again in new actions.
        seen = self._seen.get(id(detail))
        if seen is not None and seen[0] is detail:
            return seen[1]
        try:
            place = self._places.get(detail)
        except TypeError:  # a detail that does not hash
            return self._work_out(detail)
        if place is None:
            if len(self._places) >= _ENTRIES:
                self._places.clear()
            place = self._places[detail] = self._work_out(detail)
        if len(self._seen) >= _ENTRIES:
            self._seen.clear()
        self._seen[id(detail)] = (detail, place)  # the detail held: its id stays its own
        return place

    def _work_out(self, detail: Any) -> tuple[int, int]:
        block = self._blocks[detail.kind]
        place = 0
        for f in block.spec.fields:
            value = f.value(detail)
            code = f.code(value)
            if not 0 <= code < f.size:
                raise ValueError(
                    f"{self.game}: {detail.kind.name} action's {f.name}="
                    f"{value!r} is outside the action space's range "
                    f"{f.doc}: the table in engine/envs/_games.py needs widening")
            place = place * f.size + code
        return block.start + place * block.spec.ordinals, block.spec.ordinals

    def _first(self, action: Action) -> int:
        """The first index of an action's place: its note, worked out and written on first
        sight; a lazy action's of an engine that makes them afresh (``lazy_key``) by its
        key (its arguments make its detail: making it costs more than the engine's whole
        step). A checking space's, from its detail."""
        if not self._notes:
            return self._place(action.detail)[0]
        if type(action) is LazyAction and self._lazy_key is not None:
            key = self._lazy_key(action._args)  # type: ignore[attr-defined]
            first = self._firsts.get(key)
            if first is None:
                if len(self._firsts) >= _ENTRIES:
                    self._firsts.clear()
                first = self._firsts[key] = self._place(action.detail)[0]
            return first
        try:
            return action._note  # type: ignore[attr-defined, no-any-return]
        except AttributeError:  # not written yet
            first = self._place(action.detail)[0]
            _WRITE_NOTE(action, first)
            return first

    def decode(self, legal: Sequence[Action]) -> tuple[int, ...]:
        """The index of each of one decision's legal actions (two with equal details share
        one: the first of them is played)."""
        return self.decoded(legal)[1]

    def decoded(self, legal: Sequence[Action]) -> _Decoded:
        """(``legal``, the index of each of its actions as ``decode`` gives them, the
        distinct ones in that order): the decision's indices and its legal actions' (kept
        and shared: one tuple for the two when no two actions share an index)."""
        # Engines that keep their decisions (Galaxies, a clone's) offer the same legal tuple
        # again (in random matches, two decisions in three of Galaxies', one in three of
        # Sector 41's, one in four of Race's). A decoded tuple is kept a short while
        # (``_recent``), and for long (``_kept``) once offered again: keeping every tuple for
        # long held a whole search's worth of an engine's fresh actions alive, which slowed
        # the engine itself. Each is kept with its tuple, so that the tuple's id is not
        # reused while it is there.
        key = id(legal)
        cached = self._kept.get(key)
        if cached is not None and cached[0] is legal:
            return cached
        cached = self._recent.get(key)
        if cached is not None and cached[0] is legal:
            if len(self._kept) >= _KEPT:
                self._kept.clear()
            self._kept[key] = cached
            return cached
        cached = self._decode_afresh(legal)
        if len(self._recent) >= _RECENT:
            self._recent.clear()
        self._recent[key] = cached
        return cached

    def _decode_afresh(self, legal: Sequence[Action]) -> _Decoded:
        """``decoded`` without the kept decodings (an engine's ``decoded`` where it seldom
        offers a legal tuple again: see ``__init__``)."""
        # The places are read in one pass: the actions' notes, or the lazy actions' keys
        # looked up (``_first``); a note not written yet, a key not found or a list that
        # mixes lazy actions and others raise (no scan of the result for a miss) and go
        # action by action through ``_first``, which works out the places not found.
        found: tuple[Any, ...]
        if not self._notes:  # a checking space: every place from its detail
            found = tuple(map(self._first, legal))
        else:
            try:
                if self._lazy_key is None or type(legal[0]) is not LazyAction:
                    # (comprehensions: their specialized attribute reads cost less than
                    # ``map`` of an ``attrgetter``, 0.3 us of Sol's step and of Sector 41's)
                    found = tuple([action._note for action in legal])  # type: ignore[attr-defined]
                else:
                    find, key = self._find, self._lazy_key
                    found = tuple([find(key(action._args))  # type: ignore[attr-defined]
                                   for action in legal])
            except (AttributeError, KeyError):
                found = tuple(map(self._first, legal))
        out: tuple[int, ...] = found  # (no ``cast``: a call and a generic alias made each time)
        distinct = out
        if len(set(out)) < len(out):  # two actions share a place (rare)
            out = self._share(legal)
            distinct = tuple(dict.fromkeys(out))
        return legal, out, distinct

    def _share(self, legal: Sequence[Action]) -> tuple[int, ...]:
        """Indices where actions share a place: equal details share an index (the first
        one's is played), different ones take the place's next ordinal."""
        out: list[int] = []
        seen: dict[int, list[Any]] = {}  # first index of a place -> the details there
        for action in legal:
            detail = action.detail
            first, ordinals = self._place(detail)
            there = seen.get(first)
            if there is None:
                seen[first] = [detail]
                index = first
            else:
                ordinal = next((k for k, other in enumerate(there) if other == detail),
                               len(there))
                if ordinal == len(there):
                    there.append(detail)
                if ordinal >= ordinals:
                    raise ValueError(
                        f"{self.game}: more than {ordinals} different {detail.kind.name} "
                        f"actions share one place ({action.text!r}): the table in "
                        f"engine/envs/_games.py needs more ordinals or fields")
                index = first + ordinal
            out.append(index)
        return tuple(out)

    def indices(self, legal: Sequence[Action]) -> list[int]:
        """The index of each legal action of one decision (equal details share one)."""
        return list(self.decode(legal))

    def legal_indices(self, decision: Decision) -> list[int]:
        """The decision's legal indices, each once, sorted."""
        return sorted(set(self.decode(decision.legal)))

    def mask(self, decision: Decision) -> np.ndarray:
        """An int8 vector of ``size``: 1 at the index of each legal action."""
        return new_mask(self.decode(decision.legal), self.size)

    def action_id(self, decision: Decision, index: int) -> int:
        """The engine's action id for ``index`` in this decision; ValueError if not legal."""
        indices = self.decode(decision.legal)
        try:
            # a search in C, cheaper than a dict made at every step for the one index played
            return decision.legal[indices.index(index)].id
        except ValueError:
            legal = sorted(set(indices))
            shown = ", ".join(map(str, legal[:20]))
            raise ValueError(
                f"{self.game}: action index {index!r} is not legal for seat {decision.seat} "
                f"({decision.prompt}); legal indices: {shown}"
                + (", ..." if len(legal) > 20 else "")) from None

    def index(self, decision: Decision, action_id: int) -> int:
        """The index of the engine's action ``action_id`` in this decision."""
        action = decision.action(action_id)
        for a, i in zip(decision.legal, self.decode(decision.legal), strict=True):
            if a is action:
                return i
        raise AssertionError("unreachable: decision.action returns one of decision.legal")


def new_mask(indices: Iterable[int], size: int) -> np.ndarray:
    """A new int8 vector of ``size``: 1 at each of ``indices``."""
    # Set in a bytearray, which numpy then wraps: a third of the cost of numpy's zeros and
    # an assignment at a list of indices (for masks of some thousands); ndarray with a dtype
    # object is the cheapest wrapping.
    mask = bytearray(size)
    for index in indices:
        mask[index] = 1
    return np.ndarray(size, _INT8, mask)


_WRITE_NOTE = _Noted._note.__set__  # type: ignore[attr-defined]
#: The games that have an action space in this process (see ``ActionSpace``).
_NOTED: set[str] = set()
#: Decoded legal tuples kept after their first decoding, and after a second one, before
#: each cache starts over.
_RECENT = 64
_KEPT = 4096
#: Places kept by lazy key and by detail (see ``ActionSpace._first``) before each cache
#: starts over.
_ENTRIES = 200_000
_INT8 = np.dtype(np.int8)

