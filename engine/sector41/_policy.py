"""A cheap playout policy and a position value, for search bots' rollouts.

Both read the state directly (payloads, not action texts), so a rollout step costs little
more than the engine's own step.
"""

from __future__ import annotations

import random

from ._state import CHEB, Sector41State
from ._tiles import KIND_OF, POINTS, SHIP, TileKind

_BAD = frozenset({TileKind.BLACK_HOLE})
_SLOW = frozenset({TileKind.NEBULA, TileKind.BARREN_PLANET})


def _home(state: Sector41State, p: int, cell: int) -> int:
    return CHEB[cell][state.front(p)] + 1


def _loot(state: Sector41State, cell: int) -> int:
    d = state.discs[cell]
    return d[0] * POINTS[0] + d[1] * POINTS[1] + d[2] * POINTS[2]


def playout_choice(state: Sector41State, rng: random.Random, explore: float = 0.15) -> int:
    """The index (= action id) of a quick greedy-ish choice for the open decision: tow the
    best disc, carry discs home, step onto Glynium, shun known Black Holes; otherwise (and
    with probability ``explore``) a random legal action."""
    decision = state._decision
    assert decision is not None
    n = len(decision.legal)
    if rng.random() < explore:
        return rng.randrange(n)
    stage = state.stage
    if stage == "tow":
        return n - 1  # colours come in rising value after "nothing"
    if stage != "move":
        return rng.randrange(n)
    p = state.current
    grid, up, types = state.grid, state.up, state.types
    best, best_value = 0, -1e9
    for index, (i, t, _d, _k) in enumerate(state._payloads):
        here = state.expl[p][i].loc
        carrying = here >= 0 and _loot(state, here) > 0
        if t == SHIP:
            value = 50.0 if carrying else -5.0
        else:
            tid = grid[t]
            value = 0.0
            if up[tid]:
                kind = KIND_OF[types[tid]]
                if kind in _BAD:
                    value -= 100
                elif kind in _SLOW:
                    value -= 3
                if carrying and here != t:
                    value += 10 + 4 * (_home(state, p, here) - _home(state, p, t))
                value += 6 * _loot(state, t) if t != here else 0
            else:
                value += 1.0 if not carrying else -8.0
        value += rng.random()
        if value > best_value:
            best, best_value = index, value
    return best


def position_value(state: Sector41State, seat: int) -> float:
    """``seat``'s points minus the best other seat's, plus part of the value of Glynium its
    Explorers stand on (more when near home): a rollout's end value."""

    def worth(p: int) -> float:
        total = float(state.score[p])
        for e in state.expl[p]:
            if e.loc >= 0:
                loot = _loot(state, e.loc)
                if loot:
                    total += 0.4 * min(loot, 3) * (1.0 - _home(state, p, e.loc) / 12)
        if state.tow is not None and p == state.current:
            total += 0.5 * POINTS[state.tow]
        return total

    mine = worth(seat)
    others = [worth(q) for q in range(state.num_players) if q != seat]
    return mine - max(others)
