"""Geometry of both board sides against every table of the fact sheet (section A1)."""

from __future__ import annotations

import pytest

from engine.sol import BOARDS, Ring

# The fact sheet's tables, written out again here so that the engine's data is checked
# against the sheet, not against itself.
RAD_CONV = {0: {0, 1}, 1: {2, 3}, 2: {3, 4, 5}, 3: {5, 6}, 4: {6, 7, 8}, 5: {8, 9},
            6: {10, 11}, 7: {11, 12, 0}}
CORE_RAD = {0: {0, 1}, 1: {2, 3}, 2: {3, 4}, 3: {5, 6}, 4: {6, 7, 0}}
INNER_CONV_5P = {0: {0}, 1: {0, 1}, 2: {1, 2}, 3: {2, 3}, 4: {3, 4}, 5: {4}, 6: {5},
                 7: {5, 6}, 8: {6, 7}, 9: {7, 8}, 10: {8}, 11: {9}, 12: {9, 10},
                 13: {10, 11}, 14: {11, 12}, 15: {12}}
SIZES = {4: {Ring.CORE: 5, Ring.RADIATIVE: 8, Ring.CONVECTIVE: 13, Ring.INNER: 13,
             Ring.OUTER: 13},
         5: {Ring.CORE: 5, Ring.RADIATIVE: 8, Ring.CONVECTIVE: 13, Ring.INNER: 16,
             Ring.OUTER: 16}}


def expected_edges(side: int) -> set[frozenset[int]]:
    b = BOARDS[side]
    sp = b.space
    edges: set[frozenset[int]] = set()
    for ring, size in SIZES[side].items():
        for c in range(size):
            edges.add(frozenset((sp(ring, c), sp(ring, (c + 1) % size))))
    orbit = SIZES[side][Ring.OUTER]
    for i in range(orbit):
        edges.add(frozenset((sp(Ring.OUTER, i), sp(Ring.INNER, i))))
        convs = {i, (i + 1) % 13} if side == 4 else INNER_CONV_5P[i]
        for c in convs:
            edges.add(frozenset((sp(Ring.INNER, i), sp(Ring.CONVECTIVE, c))))
    for r, cs in RAD_CONV.items():
        for c in cs:
            edges.add(frozenset((sp(Ring.RADIATIVE, r), sp(Ring.CONVECTIVE, c))))
    for k, rs in CORE_RAD.items():
        for r in rs:
            edges.add(frozenset((sp(Ring.CORE, k), sp(Ring.RADIATIVE, r))))
    return edges


@pytest.mark.parametrize("side", [4, 5])
def test_ring_sizes(side: int) -> None:
    b = BOARDS[side]
    for ring, size in SIZES[side].items():
        assert sum(1 for r in b.ring_of if r is ring) == size
    assert b.size == sum(SIZES[side].values()) and b.orbit == SIZES[side][Ring.OUTER]


@pytest.mark.parametrize("side", [4, 5])
def test_every_adjacency_table_and_nothing_else(side: int) -> None:
    b = BOARDS[side]
    actual = {frozenset((a, t)) for a in range(b.size) for t, _ in b.neighbours[a]}
    assert actual == expected_edges(side)
    for a in range(b.size):  # symmetric
        for t, e in b.neighbours[a]:
            assert b.edge(t, a) == e


def test_some_spelled_out_adjacencies() -> None:
    b = BOARDS[4]
    sp = b.space
    assert b.adjacent(sp(Ring.RADIATIVE, 7), sp(Ring.CONVECTIVE, 0))
    assert b.adjacent(sp(Ring.CORE, 4), sp(Ring.RADIATIVE, 0))
    assert b.adjacent(sp(Ring.INNER, 12), sp(Ring.CONVECTIVE, 0))
    assert not b.adjacent(sp(Ring.OUTER, 3), sp(Ring.INNER, 4))
    b5 = BOARDS[5]
    assert b5.adjacent(b5.space(Ring.INNER, 15), b5.space(Ring.CONVECTIVE, 12))
    assert not b5.adjacent(b5.space(Ring.INNER, 15), b5.space(Ring.CONVECTIVE, 0))


@pytest.mark.parametrize("side", [4, 5])
def test_barriers_lie_exactly_between_the_sun_layers(side: int) -> None:
    b = BOARDS[side]
    barrier_pairs = {(Ring.INNER, Ring.CONVECTIVE), (Ring.CONVECTIVE, Ring.RADIATIVE),
                     (Ring.RADIATIVE, Ring.CORE)}
    for a in range(b.size):
        for t, e in b.neighbours[a]:
            pair = tuple(sorted((b.ring_of[a], b.ring_of[t]), reverse=True))
            assert (e >= 0) == (pair in barrier_pairs), (b.name(a), b.name(t))
            if e >= 0:
                outer, inner = b.barriers[e]
                assert {outer, inner} == {a, t} and b.ring_of[outer] > b.ring_of[inner]
    assert len(b.barriers) == len(set(b.barriers))


@pytest.mark.parametrize("side", [4, 5])
def test_launch_spaces_per_eye(side: int) -> None:
    b = BOARDS[side]
    for k in range(b.orbit):
        left = (k - 1) % b.orbit
        assert set(b.launch[k]) == {b.space(Ring.OUTER, k), b.space(Ring.INNER, k),
                                    b.space(Ring.OUTER, left), b.space(Ring.INNER, left)}
