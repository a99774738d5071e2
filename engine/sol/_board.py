"""The board of Sol, both sides, as data: rings, spaces, adjacency, barriers and eyes.

Spaces are numbered on one flat index per side: the core (5), radiative (8), convective (13),
inner orbit (13 or 16) and outer orbit (13 or 16) rings, in that order, each ring by its
column. The centre (the heart of the Sun) is no space: sundivers are hurled into it from the
core. Tables come from the fact sheet (section A1); ``tests/engine/sol/test_board.py`` checks
every one of them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Ring(enum.IntEnum):
    """A layer of the board, deepest first (the value is the depth order)."""

    CORE = 0
    RADIATIVE = 1
    CONVECTIVE = 2
    INNER = 3
    OUTER = 4


RINGS = tuple(Ring)
SUN_SIZES = {Ring.CORE: 5, Ring.RADIATIVE: 8, Ring.CONVECTIVE: 13}
# Ring pairs with a barrier between them (a gate is needed to fly across): Inner|Convective,
# Convective|Radiative, Radiative|Core. Outer|Inner and Core|Centre have none.
BARRIER_RINGS = frozenset({(Ring.INNER, Ring.CONVECTIVE), (Ring.CONVECTIVE, Ring.RADIATIVE),
                           (Ring.RADIATIVE, Ring.CORE)})

# Radiative column -> convective columns (fact sheet A1, both sides).
RADIATIVE_TO_CONVECTIVE: tuple[tuple[int, ...], ...] = (
    (0, 1), (2, 3), (3, 4, 5), (5, 6), (6, 7, 8), (8, 9), (10, 11), (11, 12, 0),
)
# Core column -> radiative columns (fact sheet A1, both sides).
CORE_TO_RADIATIVE: tuple[tuple[int, ...], ...] = ((0, 1), (2, 3), (3, 4), (5, 6), (6, 7, 0))
# Inner column -> convective columns on the 5 player side (fact sheet A1).
INNER_TO_CONVECTIVE_5P: tuple[tuple[int, ...], ...] = (
    (0,), (0, 1), (1, 2), (2, 3), (3, 4), (4,), (5,), (5, 6), (6, 7), (7, 8), (8,), (9,),
    (9, 10), (10, 11), (11, 12), (12,),
)


@dataclass(frozen=True)
class Board:
    """One side of the board: spaces, their rings and columns, adjacency and the eyes.

    ``neighbours[s]`` lists ``(t, edge)`` for every space adjacent to ``s``, where ``edge`` is
    the index of the barrier crossed (into ``barriers``) or -1 where no gate is needed.
    """

    side: int  # 4: the 1-4 player side; 5: the 5 player side
    orbit: int  # spaces per orbit ring (13 or 16), also the number of eyes
    ring_of: tuple[Ring, ...]
    column_of: tuple[int, ...]
    first: dict[Ring, int]
    sizes: dict[Ring, int]
    neighbours: tuple[tuple[tuple[int, int], ...], ...]
    barriers: tuple[tuple[int, int], ...]  # (outer space, inner space) per barrier edge
    launch: tuple[tuple[int, ...], ...]  # eye -> the 4 spaces a mothership there launches into
    beside: tuple[tuple[int, int], ...]  # space -> its two same-ring neighbours
    out: tuple[tuple[int, ...], ...]  # space -> adjacent spaces one ring out

    @property
    def size(self) -> int:
        """The number of spaces."""
        return len(self.ring_of)

    def space(self, ring: Ring, column: int) -> int:
        """The index of the space at ``column`` of ``ring`` (columns wrap around)."""
        return self.first[ring] + column % self.sizes[ring]

    def name(self, space: int) -> str:
        """A short readable name, e.g. ``C4`` (convective column 4)."""
        return f"{'KRCIO'[self.ring_of[space]]}{self.column_of[space]}"

    def adjacent(self, a: int, b: int) -> bool:
        """Whether spaces ``a`` and ``b`` are adjacent."""
        return any(t == b for t, _ in self.neighbours[a])

    def edge(self, a: int, b: int) -> int:
        """The barrier index between adjacent ``a`` and ``b``, -1 if none, KeyError if not
        adjacent."""
        for t, e in self.neighbours[a]:
            if t == b:
                return e
        raise KeyError((a, b))

    def outward(self, space: int) -> tuple[int, ...]:
        """Spaces adjacent to ``space`` in the next ring out."""
        return self.out[space]

    def inward(self, space: int) -> tuple[int, ...]:
        """Spaces adjacent to ``space`` in the next ring in."""
        ring = self.ring_of[space]
        return tuple(t for t, _ in self.neighbours[space] if self.ring_of[t] == ring - 1)

    def same_ring(self, space: int) -> tuple[int, int]:
        """The two cyclic neighbours of ``space`` in its ring (column - 1, column + 1)."""
        return self.beside[space]


def build(side: int) -> Board:
    """The 1-4 player side (``side=4``) or the 5 player side (``side=5``)."""
    if side not in (4, 5):
        raise ValueError(f"side is 4 or 5, got {side!r}")
    orbit = 13 if side == 4 else 16
    sizes = {**SUN_SIZES, Ring.INNER: orbit, Ring.OUTER: orbit}
    first: dict[Ring, int] = {}
    ring_of: list[Ring] = []
    column_of: list[int] = []
    for ring in RINGS:
        first[ring] = len(ring_of)
        ring_of += [ring] * sizes[ring]
        column_of += list(range(sizes[ring]))

    def at(ring: Ring, col: int) -> int:
        return first[ring] + col % sizes[ring]

    pairs: set[tuple[int, int]] = set()
    for ring in RINGS:
        for col in range(sizes[ring]):
            pairs.add((at(ring, col), at(ring, col + 1)))
    for col in range(orbit):
        pairs.add((at(Ring.OUTER, col), at(Ring.INNER, col)))
        inner: tuple[int, ...]
        if side == 4:
            inner = (col, col + 1)
        else:
            inner = INNER_TO_CONVECTIVE_5P[col]
        for c in inner:
            pairs.add((at(Ring.INNER, col), at(Ring.CONVECTIVE, c)))
    for r, cs in enumerate(RADIATIVE_TO_CONVECTIVE):
        for c in cs:
            pairs.add((at(Ring.CONVECTIVE, c), at(Ring.RADIATIVE, r)))
    for k, rs in enumerate(CORE_TO_RADIATIVE):
        for r in rs:
            pairs.add((at(Ring.RADIATIVE, r), at(Ring.CORE, k)))
    barriers: list[tuple[int, int]] = []
    links: list[list[tuple[int, int]]] = [[] for _ in ring_of]
    for a, b in sorted(pairs):
        edge = -1
        if (ring_of[a], ring_of[b]) in BARRIER_RINGS:
            edge = len(barriers)
            barriers.append((a, b))
        links[a].append((b, edge))
        links[b].append((a, edge))
    launch = tuple(
        (at(Ring.OUTER, k), at(Ring.INNER, k), at(Ring.OUTER, k - 1), at(Ring.INNER, k - 1))
        for k in range(orbit)
    )
    beside = tuple((at(r, c - 1), at(r, c + 1)) for r, c in zip(ring_of, column_of, strict=True))
    out = tuple(tuple(sorted(t for t, _ in links[s] if ring_of[t] == ring_of[s] + 1))
                for s in range(len(ring_of)))
    return Board(
        side, orbit, tuple(ring_of), tuple(column_of), first, sizes,
        tuple(tuple(sorted(n)) for n in links), tuple(barriers), launch, beside, out,
    )


BOARDS = {4: build(4), 5: build(5)}


def side_for(num_players: int) -> int:
    """The board side a player count uses: the 5 player side for 5, else the 1-4 side."""
    return 5 if num_players == 5 else 4
