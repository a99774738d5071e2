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
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._core import Action, Decision


@dataclass(frozen=True)
class Field:
    """One coordinate of an action's place in its block: a detail field and its range."""

    name: str
    size: int
    code: Callable[[Any], int]  # the field's value -> 0..size-1
    doc: str = ""


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
                 default: KindSpec) -> None:
        self.game = game
        self._blocks: dict[Any, _Block] = {}
        start = 0
        for kind in kinds:
            spec = specs.get(kind, default)
            self._blocks[kind] = _Block(kind, start, spec)
            start += spec.size
        self.size = start
        self._last_legal: Sequence[Action] = ()
        self._last_indices: list[int] = []

    def blocks(self) -> list[tuple[str, int, KindSpec]]:
        """(kind name, first index, spec) of every block, in index order (for the docs)."""
        return [(b.kind.name, b.start, b.spec) for b in self._blocks.values()]

    def _place(self, detail: Any) -> tuple[_Block, int]:
        block = self._blocks[detail.kind]
        place = 0
        for f in block.spec.fields:
            code = f.code(getattr(detail, f.name))
            if not 0 <= code < f.size:
                raise ValueError(
                    f"{self.game}: {detail.kind.name} action's {f.name}="
                    f"{getattr(detail, f.name)!r} is outside the action space's range "
                    f"{f.doc}: the table in engine/envs/_games.py needs widening")
            place = place * f.size + code
        return block, place

    def indices(self, legal: Sequence[Action]) -> list[int]:
        """The index of each legal action of one decision (equal details share one)."""
        if legal is self._last_legal:  # asked again for the mask, the id, the list
            return self._last_indices
        out: list[int] = []
        seen: dict[tuple[int, int], dict[Any, int]] = {}  # (block, place) -> detail: ordinal
        for action in legal:
            detail = action.detail
            block, place = self._place(detail)
            there = seen.setdefault((block.start, place), {})
            ordinal = there.setdefault(detail, len(there))
            if ordinal >= block.spec.ordinals:
                raise ValueError(
                    f"{self.game}: more than {block.spec.ordinals} different "
                    f"{detail.kind.name} actions share one place ({action.text!r}): the "
                    f"table in engine/envs/_games.py needs more ordinals or fields")
            out.append(block.start + place * block.spec.ordinals + ordinal)
        self._last_legal, self._last_indices = legal, out
        return out

    def mask(self, decision: Decision) -> np.ndarray:
        """An int8 vector of ``size``: 1 at the index of each legal action."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[self.indices(decision.legal)] = 1
        return mask

    def action_id(self, decision: Decision, index: int) -> int:
        """The engine's action id for ``index`` in this decision; ValueError if not legal."""
        indices = self.indices(decision.legal)
        for action, i in zip(decision.legal, indices, strict=True):
            if i == index:
                return action.id
        shown = ", ".join(map(str, sorted(set(indices))[:20]))
        raise ValueError(
            f"{self.game}: action index {index!r} is not legal for seat {decision.seat} "
            f"({decision.prompt}); legal indices: {shown}"
            + (", ..." if len(set(indices)) > 20 else ""))

    def index(self, decision: Decision, action_id: int) -> int:
        """The index of the engine's action ``action_id`` in this decision."""
        action = decision.action(action_id)
        for a, i in zip(decision.legal, self.indices(decision.legal), strict=True):
            if a is action:
                return i
        raise AssertionError("unreachable: decision.action returns one of decision.legal")
