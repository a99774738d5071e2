"""A rollout policy and a position value, for search bots' rollouts.

``greedy_choice`` is the greedy reference bot's rule (``bots/sector41_greedy.py``) read from
the state instead of the wire messages, so that a rollout plays every seat the way that bot
would; it reads payloads rather than action texts wherever it can, so a rollout step costs
little more than the engine's own step.
"""

from __future__ import annotations

import random

from . import _actions as act
from ._messages import ActionKind, Sector41ActionDetail
from ._state import CHEB, Sector41State
from ._tiles import CELLS, KIND_OF, POINTS, SHIP, SIZE, TileKind

_BAD = frozenset({TileKind.BLACK_HOLE})


def _home(state: Sector41State, p: int, cell: int) -> int:
    return CHEB[cell][state.front(p)] + 1


def _loot(state: Sector41State, cell: int) -> int:
    d = state.discs[cell]
    return d[0] * POINTS[0] + d[1] * POINTS[1] + d[2] * POINTS[2]


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



# What the greedy bot (bots/sector41_greedy.py) weighs, read from a state for rollouts.
_SLOW = {TileKind.NEBULA: 12, TileKind.BARREN_PLANET: 8, TileKind.ASTEROID_BELT: 10}


class _Seen:
    """The board as the greedy rule sees it for seat ``p``: Glynium by cell, its own
    Explorers (on the grid or the ship), the other seats' Explorers on the grid."""

    def __init__(self, state: Sector41State, p: int) -> None:
        self.state = state
        self.p = p
        self.front = state.front(p)
        self.value = {c: _loot(state, c) for c in range(CELLS) if any(state.discs[c])}
        self.mine = {i: e.loc for i, e in enumerate(state.expl[p]) if e.loc >= SHIP}
        self.enemies = [e.loc for q, ex in enumerate(state.expl) if q != p
                        for e in ex if e.loc >= 0]

    def home(self, cell: int) -> int:
        return CHEB[cell][self.front] + 1

    def kind(self, cell: int) -> TileKind | None:
        state = self.state
        tid = state.grid[cell]
        if state.up[tid] or tid in state.peeks[self.p]:
            return KIND_OF[state.types[tid]]
        return None

    def move(self, i: int, t: int, hop: bool, towing: bool) -> float:
        """A step (or hop, or tile move when ``towing`` says what is carried) of Explorer
        ``i`` onto ``t`` (SHIP: its own ship)."""
        value = self.value
        src = self.mine.get(i, SHIP)
        carrying = towing or (src >= 0 and value.get(src, 0) > 0 and not hop)
        if t == SHIP:
            return 500.0 if carrying else -40.0
        state = self.state
        face_down = not state.up[state.grid[t]]
        kind = self.kind(t)
        if kind in _BAD:
            return -1000.0
        score = 0.0
        if carrying and not face_down and src >= 0:
            score += 100 + 12 * (self.home(src) - self.home(t))
        elif carrying and towing:
            score += 100 - 12 * self.home(t)
        elif carrying:
            score -= 30  # a face-down target: the disc would stay behind
        gain = value.get(t, 0)
        if t != src:
            score += 15 * gain
        if not carrying and value and not gain:
            score -= 2 * min(CHEB[t][c] for c in value)
        if face_down:
            score += 4
        else:
            score -= _SLOW.get(kind, 0)  # type: ignore[arg-type]
        enemies = self.enemies
        if t in enemies:
            score += 12
        if (carrying or gain) and any(CHEB[t][c] == 1 for c in enemies):
            score += 10 if self._shielded_after(i, t) else -10
        return score

    def _shielded_after(self, mover: int, target: int) -> bool:
        mine = [c for j, c in self.mine.items() if j != mover and c >= 0]
        crowd = mine + self.enemies + [target]
        if crowd.count(target) != 1:
            return False
        single = {c for c in [*mine, target] if crowd.count(c) == 1}
        if self.front not in single:
            return False
        seen, todo = {self.front}, [self.front]
        while todo:
            here = todo.pop()
            for nxt in single:
                if nxt not in seen and CHEB[nxt][here] == 1:
                    seen.add(nxt)
                    todo.append(nxt)
        return target in seen

    def ship(self, what: str, shift: int) -> float:
        """A Mother Ship choice: bring the front cell near an Explorer on Glynium."""
        if what == "fold":
            return -1.0
        state, p = self.state, self.p
        pos = (state.ship_pos[p] + shift) % SIZE
        front = (pos, pos * SIZE + SIZE - 1, (SIZE - 1) * SIZE + pos, pos * SIZE)[state.edge[p]]
        carriers = [c for c in self.mine.values() if c in self.value]
        targets = carriers or list(self.value)
        if not targets:
            return -abs(shift) * 0.1
        return -min(CHEB[c][front] for c in targets) - abs(shift) * 0.1

    def guardian(self, cell: int) -> float:
        """A Guardian move: onto enemies, away from its own Explorers and Glynium."""
        mine = sum(1 for c in self.mine.values() if c == cell)
        return self.enemies.count(cell) - 3 * mine - 0.5 * self.value.get(cell, 0)

    def tile(self, d: Sector41ActionDetail) -> float:
        """A tile's choice, from the action's detail."""
        kind = d.kind
        if kind is ActionKind.TILE_MOVE:
            if d.loop:
                return -1000.0
            assert d.explorer is not None
            t = SHIP if d.to_ship else d.to_row * SIZE + d.to_col  # type: ignore[operator]
            return self.move(d.explorer, t, True, self.state.tow is not None)
        if kind is ActionKind.STARBASE:
            if d.target_seat is None:
                return 0.0
            return 1.0 if d.target_seat != self.p else -5.0
        if kind is ActionKind.STAR_GATE:
            return 0.0 if d.target_explorer is None else -1.0
        return 0.0


def greedy_choice(state: Sector41State, rng: random.Random, explore: float = 0.0) -> int:
    """The index (= action id) the greedy reference bot's rule picks for the open decision,
    read from the state (what the current seat may know: face-up kinds and its own
    sightings); with probability ``explore`` a random legal action instead."""
    decision = state._decision
    assert decision is not None
    n = len(decision.legal)
    if explore and rng.random() < explore:
        return rng.randrange(n)
    stage = state.stage
    if stage == "tow":
        return n - 1  # the most valuable colour (colours come in rising value)
    seen = _Seen(state, state.current)
    payloads = state._payloads
    if stage == "move":
        moves = map(act.move_payload, decision.legal)
        scores = [seen.move(i, t, k > 0, False) for i, t, _d, k in moves]
    elif stage == "ship":
        scores = [seen.ship(what, shift) for what, shift in payloads]
    elif stage == "guardian":
        scores = [seen.guardian(c) for c in payloads]
    elif stage == "loop_drop":
        scores = [-float(seen.home(c)) for c in payloads]
    elif stage == "tile":
        scores = [seen.tile(a.detail) for a in decision.legal]
    else:
        scores = [0.0] * n
    best, best_value = 0, -1e18
    for index, value in enumerate(scores):
        value += rng.random() * 0.01
        if value > best_value:
            best, best_value = index, value
    return best
