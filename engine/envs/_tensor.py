"""Fixed-size observation tensors, built from a seat's observation dataclass only.

The encoder walks the observation class's type hints once and lays out a flat float32
vector: an int, float or bool is one number; an enum a one-hot of its members; an optional
value a presence flag then the value (zeros when absent); a nested dataclass its fields in
order; a tuple a fixed number of slots, each a presence flag then the item (the count of
players for ``players``, else the game's cap; items past the cap are dropped); strings are
left out (they restate what the numbers say). A game's table turns some fields into better
shapes: ``ids`` (an id, or each id of a tuple, as a one-hot over the catalogue; -1 or None
is all zeros), ``counts`` (a tuple of ids as a count per id: a hand, a set of colonies) and
``indexed`` (a tuple of records with a key field, placed at slot ``key``: the board's spaces).
``Encoder.layout()`` lists every field's offset and length; ``docs/envs.md`` shows it.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np


class _Out(dict[int, float]):
    """Where an encoding step writes: position -> value (a tensor is mostly zeros, and numpy
    takes the few entries at once), and ``bulk``, tuples of numbers to place with a stride
    (Sector 41 has eight of 81 cells)."""

    __slots__ = ("bulk",)

    def __init__(self) -> None:
        super().__init__()
        self.bulk: list[tuple[int, int, Any]] = []  # (first slot, end, the numbers)


# An encoding step: (value, out, offset) writes the value into out[offset:offset + size].
_Write = Callable[[Any, _Out, int], None]


@dataclasses.dataclass(frozen=True)
class _Node:
    size: int
    write: _Write
    scalar: bool = False  # one number (a tuple of them is written in bulk)


def _scalar() -> _Node:
    def write(value: Any, out: _Out, at: int) -> None:
        out[at] = value  # an int, bool or float: numpy makes it a float32 at the end
    return _Node(1, write, scalar=True)


def _one_hot_enum(kind: type[enum.Enum]) -> _Node:
    position = {member: i for i, member in enumerate(kind)}

    def write(value: Any, out: _Out, at: int) -> None:
        out[at + position[value]] = 1.0
    return _Node(len(position), write)


def _one_hot_id(n: int) -> _Node:
    def write(value: Any, out: _Out, at: int) -> None:
        if value is not None and 0 <= value < n:
            out[at + value] = 1.0
    return _Node(n, write)


def _counts(n: int) -> _Node:
    def write(value: Any, out: _Out, at: int) -> None:
        for item in value:
            if 0 <= item < n:
                out[at + item] = out.get(at + item, 0.0) + 1.0
    return _Node(n, write)


def _optional(inner: _Node) -> _Node:
    def write(value: Any, out: _Out, at: int) -> None:
        if value is not None:
            out[at] = 1.0
            inner.write(value, out, at + 1)
    return _Node(1 + inner.size, write)


def _sequence(inner: _Node, cap: int) -> _Node:
    step = 1 + inner.size
    if inner.scalar:  # slots of (flag, number): placed by numpy at the end
        def write_scalars(value: Any, out: _Out, at: int) -> None:
            if value:
                out.bulk.append((at, at + 2 * min(len(value), cap), value[:cap]))
        return _Node(cap * step, write_scalars)

    def write(value: Any, out: _Out, at: int) -> None:
        for item in value[:cap]:
            out[at] = 1.0
            inner.write(item, out, at + 1)
            at += step
    return _Node(cap * step, write)


def _indexed(inner: _Node, key: str, n: int) -> _Node:
    step = 1 + inner.size

    def write(value: Any, out: _Out, at: int) -> None:
        for item in value:
            slot = at + getattr(item, key) * step
            out[slot] = 1.0
            inner.write(item, out, slot + 1)
    return _Node(n * step, write)


def _record(parts: list[tuple[str, _Node]]) -> _Node:
    steps = []
    offset = 0
    for name, node in parts:
        steps.append((name, node.write, offset))
        offset += node.size

    def write(value: Any, out: _Out, at: int) -> None:
        for name, part, start in steps:
            part(getattr(value, name), out, at + start)
    return _Node(offset, write)


class Encoder:
    """The observation tensor of one game (see the module docstring)."""

    def __init__(self, game: str, observation: type, players: int,
                 caps: Mapping[str, int] | None = None,
                 counts: Mapping[str, int] | None = None,
                 ids: Mapping[str, int] | None = None,
                 indexed: Mapping[str, tuple[str, int]] | None = None) -> None:
        self.game = game
        self._players = players
        self._caps = dict(caps or {})
        self._counts = dict(counts or {})
        self._ids = dict(ids or {})
        self._indexed = dict(indexed or {})
        self._layout: list[tuple[str, int, int]] = []
        self._root = self._build(observation, "", 0)
        self.size = self._root.size

    def _build(self, hint: Any, path: str, offset: int) -> _Node:
        """The node for a value of type ``hint`` at ``path``, laid out from ``offset``."""
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if path in self._counts:
            node = _counts(self._counts[path])
        elif origin in (types.UnionType, typing.Union):
            inner = [a for a in args if a is not type(None)]
            if len(inner) != 1:
                raise TypeError(f"{self.game}: {path}: unsupported union {hint}")
            if path in self._ids:
                node = _one_hot_id(self._ids[path])
            else:
                self._layout.append((path + "?", offset, 1))
                return _optional(self._build(inner[0], path, offset + 1))
        elif origin is tuple:
            if path in self._indexed:
                key, n = self._indexed[path]
                inner_node = self._build(args[0], path, offset + 1)
                return _indexed(inner_node, key, n)
            cap = self._players if path.rsplit(".", 1)[-1] == "players" \
                else self._caps.get(path)
            if cap is None:
                raise TypeError(f"{self.game}: {path}: a tuple needs a cap in the table")
            self._layout.append((path + "[]", offset, 0))
            return _sequence(self._build(args[0], path, offset + 1), cap)
        elif path in self._ids:
            node = _one_hot_id(self._ids[path])
        elif isinstance(hint, type) and dataclasses.is_dataclass(hint):
            hints = typing.get_type_hints(hint)
            parts = []
            at = offset
            for field in dataclasses.fields(hint):
                if hints[field.name] is str:
                    continue
                sub = self._build(hints[field.name], f"{path}.{field.name}".lstrip("."), at)
                parts.append((field.name, sub))
                at += sub.size
            return _record(parts)
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            node = _one_hot_enum(hint)
        elif hint in (int, bool, float):
            node = _scalar()
        else:
            raise TypeError(f"{self.game}: {path}: unsupported type {hint}")
        self._layout.append((path, offset, node.size))
        return node

    def layout(self) -> list[tuple[str, int, int]]:
        """(field path, offset, length) of each leaf of the first slot of every tuple;
        ``path[]`` marks where a tuple's slots begin (each slot is a presence flag then the
        item) and ``path?`` an optional value's presence flag."""
        return list(self._layout)

    def encode(self, observation: Any) -> np.ndarray:
        """The float32 vector of ``size`` for one observation."""
        out = _Out()
        self._root.write(observation, out, 0)
        tensor = np.zeros(self.size, dtype=np.float32)
        n = len(out)
        tensor[np.fromiter(out.keys(), np.intp, n)] = np.fromiter(out.values(), np.float32, n)
        for first, end, numbers in out.bulk:
            tensor[first:end:2] = 1.0
            tensor[first + 1:end:2] = numbers
        return tensor
