"""The Sector 41 match state: setup, the three phases of a turn, every tile, the end.

The state is a small explicit state machine (``stage``) so that it deep-copies and snapshots
as plain data: each stage offers one Decision to the current seat; a decision with a single
legal action is applied at once (it is no choice), so forced moves never reach a bot.
Positions are cell indices 0..80 (row * 9 + col); ``SHIP`` is the owner's Mother Ship,
``OUT`` out of play, ``GONE`` removed from the game by cleansing.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import Any, TypeVar, cast

from .._core import (
    Action,
    Decision,
    GameState,
    LazyAction,
    Result,
    Termination,
    new_decision,
    shuffle,
)
from . import _actions as act
from ._messages import ActionKind, GuardianMode, Phase
from ._observe import observe
from ._tiles import (
    CELLS,
    CENTRE,
    DELTAS,
    DISC_COUNTS,
    EDGES_BY_PLAYERS,
    GONE,
    INWARD,
    KIND_OF,
    NEIGHBOUR,
    NOWHERE,
    NUMBER_OF,
    OPPOSITE_EDGE,
    OUT,
    POINTS,
    SHIP,
    SIZE,
    TILE_TYPES,
    TOTAL_DISCS,
    Color,
    TileKind,
    board_arrows,
    cell_name,
    disc_color,
)

_E = TypeVar("_E", bound=enum.Enum)


def _plain_members(kind: type[_E]) -> type[_E]:
    """``kind``'s members as plain class attributes (typed as ``kind`` itself).

    Reading an Enum member costs some 75 ns (through its metaclass), a class attribute some
    20 ns, and a turn reads a dozen of them on its hot paths."""
    return cast("type[_E]", type(f"_{kind.__name__}", (), dict(kind.__members__)))


_K = _plain_members(TileKind)
_A = _plain_members(ActionKind)
_PHASE = _plain_members(Phase)
_MODE = _plain_members(GuardianMode)
# Tiles whose effect depends on the heading: a loop is a revisit with the same heading there.
_HEADED = frozenset({_K.SPACE_RIFT, _K.TEMPORAL_ANOMALY})
_GRID_RC = (0, 0)  # the ship position does not matter for a move onto a grid cell
_NO_CELLS: frozenset[int] = frozenset()
_TOTAL_POINTS = sum(p * n for p, n in zip(POINTS, DISC_COUNTS, strict=True))
CHEB: tuple[tuple[int, ...], ...] = tuple(
    tuple(max(abs(a // SIZE - b // SIZE), abs(a % SIZE - b % SIZE)) for b in range(CELLS))
    for a in range(CELLS)
)


class Explorer:
    """One Explorer's mutable state.

    ``count`` and ``mine`` are its match's occupancy tables (how many Explorers, of all
    seats and of its own seat, are at each place, indexed by ``loc``: the off-grid places
    are negative, so they count at the end of the list). Every change of ``loc`` goes
    through ``put`` or ``reset``, which keep them true: rule 5 and the move offers ask
    "is anybody there" of many cells on every decision, which a scan of all Explorers
    answered slowly.
    """

    __slots__ = ("loc", "asteroid", "trapped", "barren", "count", "mine")

    def __init__(self, count: list[int], mine: list[int]) -> None:
        self.loc = SHIP
        self.asteroid = 0  # asteroid number on an Asteroid Belt tile; 0 elsewhere or free
        self.trapped = False  # alone in a Nebula
        self.barren = -1  # turn of the Barren Planet landing; -1 when standing
        self.count = count
        self.mine = mine
        count[SHIP] += 1
        mine[SHIP] += 1

    def put(self, loc: int) -> None:
        """Move it to ``loc``, its tile statuses kept (the caller sets them)."""
        count, mine, old = self.count, self.mine, self.loc
        count[old] -= 1
        mine[old] -= 1
        count[loc] += 1
        mine[loc] += 1
        self.loc = loc

    def reset(self, loc: int) -> None:
        """Put it at ``loc`` free of every tile status (home, out of play, summoned)."""
        self.put(loc)
        self.asteroid = 0
        self.trapped = False
        self.barren = -1

    def as_tuple(self) -> tuple[int, int, bool, int]:
        """Plain data for snapshots."""
        return (self.loc, self.asteroid, self.trapped, self.barren)

    def copy(self, count: list[int], mine: list[int]) -> Explorer:
        """An independent copy counted in the (already copied) tables ``count``/``mine``."""
        other = Explorer.__new__(Explorer)
        other.loc, other.asteroid, other.trapped, other.barren = self.as_tuple()
        other.count = count
        other.mine = mine
        return other


def _empty_count() -> list[int]:
    """An occupancy table: grid cells 0..80, then GONE, OUT, SHIP (negative indices)."""
    return [0] * (CELLS - GONE)


class Sector41State(GameState):
    """A Sector 41 match (see the module docstring and RULES.md)."""

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        n = num_players
        self.turn_limit: int = int(self.options["turn_limit"])
        bag = [t.id for t in TILE_TYPES for _ in range(t.count)]
        shuffle(bag, self.rng)
        # Tile ids are the cells where the tiles were laid, so an id says nothing of a kind.
        self.types: list[int] = bag
        self.rot: list[int] = [self.rng.randrange(4) for _ in range(CELLS)]
        self.up: list[bool] = [False] * CELLS
        self.clean: list[bool] = [False] * CELLS
        self.grid: list[int] = list(range(CELLS))
        self.discs: list[list[int]] = [[0, 0, 0] for _ in range(CELLS)]
        self.placed = 0
        self.removed = [0, 0, 0]
        self.score = [0] * n
        self.scored = [[0, 0, 0] for _ in range(n)]
        self.reached = [0] * n
        self.edge: list[int] = list(EDGES_BY_PLAYERS[n])
        self.ship_pos = [SIZE // 2] * n
        self.ship_rc: list[tuple[int, int]] = [(0, 0)] * n
        self.fronts: list[int] = [0] * n  # the cell in front of each ship (set with it)
        for p in range(n):
            self._place_ship(p, SIZE // 2)
        # Occupancy tables (see Explorer): of all seats, and per seat.
        self._count = _empty_count()
        self._mine = [_empty_count() for _ in range(n)]
        self.expl: list[list[Explorer]] = [[Explorer(self._count, self._mine[p])
                                            for _ in range(3)] for p in range(n)]
        self.guardian = CENTRE
        self.mode = _MODE.WANDERING
        self.last_fold: list[int | None] = [None] * n
        self.peeks: list[dict[int, int | None]] = [{} for _ in range(n)]
        self.down = CELLS  # face-down, uncleansed tiles
        self.turn = 0
        self.current = 0
        self.phase = _PHASE.MOTHER_SHIP
        self.stage = ""
        self.sub = ""
        self.active: int | None = None
        self.tow: int | None = None
        self.visited: list[int] = []
        self.chosen: tuple[int, int, int, int] | None = None
        self.vortex_cell = NOWHERE
        self.revealed = False
        self.termination: Termination | None = None
        self._payloads: Sequence[Any] = ()
        self._decision: Decision | None = None
        self._reveal(CENTRE)
        self.log(f"Setup: {n} players, the Guardian on {cell_name(CENTRE)}")
        self._start_turn()
        self._settle()

    # -- the engine contract -------------------------------------------------------------

    def _pending(self) -> dict[int, Decision]:
        if self._decision is None:
            return {}
        return {self.current: self._decision}

    # pending/is_over/apply as GameState's, without its layers of calls: one seat decides at
    # a time, so the usual call (that seat, an id in range) goes straight to _choose.

    def pending(self) -> dict[int, Decision]:
        """The open decision by seat (one seat at a time; empty when the match is over)."""
        decision = self._decision
        return {} if decision is None else {self.current: decision}

    def is_over(self) -> bool:
        """True when no decision is open."""
        return self._decision is None

    def apply(self, choices: Mapping[int, int]) -> None:
        """Apply one action id for the pending seat; raises before changing anything."""
        decision = self._decision
        if decision is not None and len(choices) == 1:
            aid = choices.get(self.current)
            # Action ids are the positions in the legal list: an id in range is legal.
            if type(aid) is int and 0 <= aid < len(decision.legal):
                self._choose(aid)
                # _settle() inlined: it runs after every decision.
                decision = self._decision
                while decision is not None and len(decision.legal) == 1:
                    self._choose(0)
                    decision = self._decision
                return
        super().apply(choices)  # the errors (and odd but legal ids, e.g. True) as everywhere

    def _apply(self, choices: dict[int, Action]) -> None:
        self._choose(choices[self.current].id)
        self._settle()

    def observation(self, seat: int | None) -> Any:
        """What ``seat`` may know (None: a spectator)."""
        return observe(self, seat)

    def result(self) -> Result:
        """Scores and ranks (score, then who reached it first); works at any time."""
        keys = [(s, -r) for s, r in zip(self.score, self.reached, strict=True)]
        if self.termination is None:
            reason = f"standing after turn {self.turn} (in progress)"
            return Result.from_keys(keys, self.score, reason=reason)
        reason = (
            f"turn limit {self.turn_limit} reached"
            if self.termination is Termination.TURN_LIMIT
            else "no other player can surpass the leader"
        )
        return Result.from_keys(keys, self.score, termination=self.termination, reason=reason)

    def snapshot(self) -> Any:
        """The whole state as plain data."""
        return {
            "types": tuple(self.types), "rot": tuple(self.rot), "up": tuple(self.up),
            "clean": tuple(self.clean), "grid": tuple(self.grid),
            "discs": tuple(tuple(d) for d in self.discs), "placed": self.placed,
            "removed": tuple(self.removed), "score": tuple(self.score),
            "scored": tuple(tuple(s) for s in self.scored), "reached": tuple(self.reached),
            "ship_pos": tuple(self.ship_pos),
            "explorers": tuple(tuple(e.as_tuple() for e in ex) for ex in self.expl),
            "guardian": self.guardian, "mode": self.mode.name,
            "last_fold": tuple(self.last_fold),
            "peeks": tuple(tuple(sorted(p.items())) for p in self.peeks),
            "turn": self.turn, "current": self.current, "phase": self.phase.name,
            "stage": self.stage, "sub": self.sub, "active": self.active, "tow": self.tow,
            "visited": tuple(self.visited), "chosen": self.chosen,
            "vortex_cell": self.vortex_cell, "revealed": self.revealed,
            "termination": None if self.termination is None else self.termination.name,
            "legal": tuple(a.text for a in self._decision.legal) if self._decision else (),
        }

    def clone(self) -> Sector41State:
        """An independent copy, much faster than a deep copy (for search bots and tests)."""
        other = object.__new__(Sector41State)
        # Immutable values (ints, tuples, the Decision and its payloads) are shared.
        other.__dict__.update(self.__dict__)
        # Not random.Random(): its seeding from os.urandom would cost more than the rest.
        other.rng = random.Random.__new__(random.Random)
        other.rng.setstate(self.rng.getstate())
        other.options = dict(self.options)
        self._copy_log(other)
        for name in ("types", "rot", "up", "clean", "grid", "removed", "score", "reached",
                     "edge", "ship_pos", "ship_rc", "fronts", "last_fold", "visited"):
            setattr(other, name, list(getattr(self, name)))
        other.discs = [list(d) for d in self.discs]
        other.scored = [list(s) for s in self.scored]
        count = other._count = list(self._count)
        other._mine = [list(m) for m in self._mine]
        other.expl = [[e.copy(count, mine) for e in ex]
                      for ex, mine in zip(self.expl, other._mine, strict=True)]
        other.peeks = [dict(p) for p in self.peeks]
        return other

    # -- decisions -------------------------------------------------------------------------

    def _offer(self, stage: str, prompt: str, actions: list[Action],
               payloads: Sequence[Any]) -> None:
        if self.active is not None and stage != "tow":
            # A choice in the middle of a move: the steps so far may have stuck another seat.
            self._remove_stuck()
        self.stage = stage
        self._payloads = payloads
        self._decision = new_decision(self.current, prompt, tuple(actions), stage)

    def _settle(self) -> None:
        # A single legal action is not a choice: apply it, so forced moves never ask a bot.
        while self._decision is not None and len(self._decision.legal) == 1:
            self._choose(0)

    def _choose(self, index: int) -> None:
        stage = self.stage
        if stage == "move":
            # A move offer keeps no payloads: its actions' own arguments say the move.
            move = act.move_payload(self._decision.legal[index])  # type: ignore[union-attr]
            self._decision = None
            self._move_choice(move)
            return
        payload = self._payloads[index]
        self._decision = None
        # The stages by how often they are chosen in a playout.
        if stage == "ship":
            self._ship_choice(payload)
        elif stage == "guardian":
            self._guardian_move(payload)
        elif stage == "tile":
            self._tile_choice(payload)
        elif stage == "tow":
            assert self.chosen is not None
            self._do_move(*self.chosen, payload)
        elif stage == "vortex_turn":
            self._vortex(self.vortex_cell, payload)
        elif stage == "loop_drop":
            self.discs[payload][self.tow] += 1  # type: ignore[index]
            self.log(f"The towed disc is left on {cell_name(payload)}")
            self.tow = None
            self._end_explorer_phase()
        else:  # pragma: no cover - a stage without a decision is never offered
            raise AssertionError(stage)

    # -- geometry --------------------------------------------------------------------------

    def _place_ship(self, p: int, pos: int) -> None:
        self.ship_pos[p] = pos
        edge = self.edge[p]
        self.ship_rc[p] = _SHIP_RC[edge][pos]
        self.fronts[p] = _LINES[edge][pos][0]

    def front(self, p: int) -> int:
        """The grid cell in front of ``p``'s Mother Ship."""
        return self.fronts[p]

    def line_cells(self, p: int) -> tuple[int, ...]:
        """The cells of the line in front of ``p``'s Mother Ship, from the ship outward."""
        return _LINES[self.edge[p]][self.ship_pos[p]]

    def target(self, p: int, pos: int, dr: int, dc: int) -> int:
        """Where an offset (dr, dc) from ``pos`` lands for ``p``: a cell, SHIP or NOWHERE."""
        if pos == SHIP:
            r, c = self.ship_rc[p]
        else:
            r, c = divmod(pos, SIZE)
        r += dr
        c += dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            return r * SIZE + c
        if (r, c) == self.ship_rc[p]:
            return SHIP
        return NOWHERE

    def step(self, p: int, pos: int, d: int, n: int = 1) -> int:
        """``n`` cells from ``pos`` in direction ``d`` (SHIP/NOWHERE off the grid)."""
        if pos >= 0 and n <= 2:  # on the grid by table (Super Nova, Pulsar, Anomaly: n = 2)
            t = (NEIGHBOUR if n == 1 else _REACH2)[pos][d]
            if t >= 0:
                return t
        dr, dc = DELTAS[d]
        return self.target(p, pos, dr * n, dc * n)

    def kind_at(self, cell: int) -> TileKind:
        """The kind of the tile lying at ``cell`` (hidden or not)."""
        return KIND_OF[self.types[self.grid[cell]]]

    def shielded(self, p: int) -> set[int]:
        """Cells of ``p``'s shielded Explorers: chains of lone Explorers from the ship."""
        start = self.fronts[p]
        count = self._count
        if count[start] != 1:
            return set()  # no Explorer in front of the ship, or several
        single = {e.loc for e in self.expl[p] if e.loc >= 0 and count[e.loc] == 1}
        if start not in single:
            return set()
        seen = {start}
        todo = [start]
        while todo:
            cell = todo.pop()
            for t in NEIGHBOUR[cell]:
                if t in single and t not in seen:
                    seen.add(t)
                    todo.append(t)
        return seen

    def blocked(self, p: int) -> AbstractSet[int]:
        """Cells ``p`` may not enter because a shielded enemy Explorer is there."""
        cells: AbstractSet[int] = _NO_CELLS  # the usual answer: shared, never mutated
        fronts = self.fronts
        for q, mine in enumerate(self._mine):
            # A shield chain starts in front of the ship.
            if q != p and mine[fronts[q]]:
                cells = cells | self.shielded(q)
        return cells

    def _open(self, pos: int, blocked: AbstractSet[int]) -> bool:
        if pos == SHIP:
            return True
        return pos >= 0 and not self.clean[self.grid[pos]] and pos not in blocked

    # -- turn structure --------------------------------------------------------------------

    def _start_turn(self) -> None:
        self.turn += 1
        self.revealed = False
        p = self.current
        self.last_fold[p] = None
        self.phase = _PHASE.MOTHER_SHIP
        along = _ALONG[self.edge[p]]
        self.stage = "ship"
        self._decision, self._payloads = _ship_decision(p, self.ship_pos[p], along,
                                                        self._can_fold(p))

    def _can_fold(self, p: int) -> bool:
        pos = self.ship_pos[p]
        edge = self.edge
        if pos in self.last_fold:  # usually no seat's last fold was at this position
            opposite = OPPOSITE_EDGE[edge[p]]
            for q in range(self.num_players):
                if edge[q] == opposite and self.last_fold[q] == pos:
                    return False
        if self.mode is not _MODE.AWAKENING:
            return True  # nothing is cleansed before the Awakening
        grid, clean = self.grid, self.clean
        for c in _LINES[edge[p]][pos]:
            if clean[grid[c]]:
                return False
        return True

    def _ship_choice(self, payload: tuple[str, int]) -> None:
        p = self.current
        what, shift = payload
        if what == "move":
            self._place_ship(p, (self.ship_pos[p] + shift) % SIZE)
            self._lines.append((None, _SHIP_MOVED, p, shift, self.ship_pos[p]))
            # Its shield chain and its ship's way out have moved. Another seat loses moves
            # only to a new chain, which needs an Explorer of this seat in front of the ship;
            # this seat's own Explorers are judged at once by its Explorer phase below (the
            # same removal, the same log line), so the usual move skips the judging.
            if self._mine[p][self.fronts[p]]:
                self._remove_stuck()
        elif what == "fold":
            self.fold(p)
            self._remove_stuck()
        self._explorer_phase()

    def fold(self, p: int) -> None:
        """Fold Space in front of ``p``'s Mother Ship: the line slides away, far tile in front."""
        edge, pos = self.edge[p], self.ship_pos[p]
        cells = _LINES[edge][pos]
        grid = self.grid
        discs = self.discs
        tiles = [grid[c] for c in cells]
        piles = [discs[c] for c in cells]
        # Each tile moves with its discs one cell outward; the far one comes round in front.
        for new, tile, pile in zip(cells[1:] + cells[:1], tiles, piles, strict=True):
            grid[new] = tile
            discs[new] = pile
        back = _FOLDED_TO[edge][pos]
        for ex in self.expl:
            for e in ex:
                if e.loc in back:
                    e.put(back[e.loc])
        if self.guardian in back:
            self.guardian = back[self.guardian]
        self.last_fold[p] = pos
        self._lines.append((None, _FOLDED, p, pos))

    # -- Explorer phase --------------------------------------------------------------------

    def _explorer_phase(self) -> None:
        p = self.current
        self.phase = _PHASE.EXPLORER
        ex = self.expl[p]
        # A seat with a move is neither stuck nor out of play (stuck() agrees with no moves,
        # see its docstring), so the usual turn skips the judging below.
        actions = self._move_options(p)
        if not actions:
            if self.stuck(p):  # only a hand-built board gets here stuck: removal is immediate
                for e in ex:
                    if e.loc >= SHIP:
                        e.reset(OUT)
                self.log(f"Seat {p}: no Explorer can move; all are removed from play")
            if ex[0].loc < SHIP and ex[1].loc < SHIP and ex[2].loc < SHIP:
                for i, e in enumerate(ex):
                    if e.loc == OUT:
                        e.reset(SHIP)
                        self.log(f"Seat {p} puts Explorer {i + 1} into play on its Mother Ship")
                        break
            actions = self._move_options(p)
        if not actions:
            in_play = [e for e in ex if e.loc >= SHIP]
            # A resting (barren) Explorer is not stuck: it moves again next turn (RULES.md).
            if in_play and not any(e.barren >= 0 for e in in_play):
                for e in in_play:
                    e.reset(OUT)
                self.log(f"Seat {p}: no Explorer can move; all are removed from play")
            self._end_explorer_phase()
            return
        self._offer("move", _move_prompt(self.turn), actions, ())

    def _move_options(self, p: int) -> list[Action]:
        """The Explorer phase moves of ``p`` (see ``act.move_payload`` for what each says)."""
        # The hot path of random playouts, hence inlined lookups instead of helper calls.
        # Only an occupied cell can be shielded, and most steps lead onto empty cells: the
        # shield chains are traced when the first occupied cell is met, usually never.
        blocked: AbstractSet[int] | None = None
        # An enemy is on a cell where more Explorers are than the seat's own.
        count, mine = self._count, self._mine[p]
        grid, up, types, clean, peeks = self.grid, self.up, self.types, self.clean, self.peeks[p]
        actions: list[Action] = []
        front = self.fronts[p]
        inward = INWARD[self.edge[p]]
        new, move_parts = LazyAction, act.move_parts
        for i, e in enumerate(self.expl[p]):
            loc = e.loc
            if loc == SHIP:
                steps: Any = ((inward, front),)
            elif loc < 0 or e.barren >= 0 or e.trapped:
                continue
            else:
                if e.asteroid:  # on an asteroid (0 elsewhere): below the top one of its belt?
                    type_id = types[grid[loc]]
                    if e.asteroid < NUMBER_OF[type_id] and KIND_OF[type_id] is _K.ASTEROID_BELT:
                        self._add_hops(p, i, loc, e.asteroid + 1, actions)
                        continue
                if loc == front:  # the step back onto the ship, in its direction (outward)
                    steps = _STEPS_HOME[loc][(inward + 4) % 8]
                else:
                    steps = _STEPS[loc]
            n = len(actions)  # the ids are positions: counted here, not asked of the list
            for d, t in steps:
                if t < 0:  # only the step home is off the grid here
                    actions.append(act.move(n, i, d, SHIP, self.ship_rc[p], False, None, False))
                    n += 1
                    continue
                tid = grid[t]
                if clean[tid]:
                    continue
                combat = False
                if count[t]:
                    if blocked is None:
                        blocked = self.blocked(p)
                    if t in blocked:
                        continue
                    combat = count[t] > mine[t]
                # act.lazy_action inlined (as in the other hot loops): a call costs a third more.
                action = new()
                action._id = n
                if up[tid]:
                    action._args = (move_parts, i, d, t, _GRID_RC, False, KIND_OF[types[tid]],
                                    combat)
                else:
                    kind = KIND_OF[types[tid]] if tid in peeks else None
                    action._args = (move_parts, i, d, t, _GRID_RC, True, kind, combat)
                actions.append(action)
                n += 1
        return actions

    def _add_hops(self, p: int, i: int, loc: int, k: int, actions: list[Action]) -> None:
        actions.append(act.hop(len(actions), i, loc, k, False))
        blocked = self.blocked(p)
        count, mine = self._count, self._mine[p]
        grid, up = self.grid, self.up
        new, hop_parts = LazyAction, act.hop_parts
        for cell in _cells_of(self.types, grid, _HOP_TARGETS[k]):
            tid = grid[cell]
            if cell != loc and up[tid] and self._open(cell, blocked):
                action = new()  # act.hop inlined, as in the other hot loops
                action._id = len(actions)
                action._args = (hop_parts, i, cell, k, count[cell] > mine[cell])
                actions.append(action)

    def _move_choice(self, payload: tuple[int, int, int, int]) -> None:
        i, t, d, k = payload
        e = self.expl[self.current][i]
        if e.loc >= 0:
            here = self.discs[e.loc]
            # A disc may go along (the usual cell has none: asked first) unless the step is a
            # hop on its own belt or onto a face-down tile.
            if ((here[0] or here[1] or here[2]) and t != e.loc
                    and (t == SHIP or self.up[self.grid[t]])):
                self.chosen = payload
                self.active = i
                # As _offer("tow", ...) would (no stuck seats are judged before the step).
                self.stage = "tow"
                colors = tuple([c for c in range(3) if here[c]])
                self._decision, self._payloads = _tow_decision(self.current, i, colors)
                return
        self._do_move(i, t, d, k, None)

    def _do_move(self, i: int, t: int, d: int, k: int, tow: int | None) -> None:
        p = self.current
        e = self.expl[p][i]
        self.active = i
        self.chosen = None
        if tow is not None:
            self.discs[e.loc][tow] -= 1
            self.tow = tow
        if k:
            if t != e.loc:
                if self._count[t] != self._mine[p][t]:  # an Explorer of another seat is there
                    self._fight(p, t, _K.ASTEROID_BELT)
                e.put(t)
            e.asteroid = k
            e.trapped = False
            self._lines.append((None, _hopped, p, i + 1, k, t))
            self._end_explorer_phase()
            return
        self.visited = []
        self._enter(t, d)

    def _fight(self, p: int, cell: int, kind: TileKind) -> None:
        # The callers first ask the occupancy tables whether another seat is on the cell.
        for q, ex in enumerate(self.expl):
            a, b, c = ex
            if q == p or (a.loc != cell and b.loc != cell and c.loc != cell):
                continue  # the usual case: nobody of seat q there
            for i, e in enumerate(ex):
                if e.loc == cell:
                    if kind is _K.ASTEROID_BELT:
                        e.reset(OUT)
                        self.log(f"Combat: seat {q} Explorer {i + 1} removed from play")
                    else:
                        e.reset(SHIP)
                        self.log(f"Combat: seat {q} Explorer {i + 1} returns to its ship")

    def _reveal(self, cell: int) -> None:
        tid = self.grid[cell]
        self.up[tid] = True
        self.down -= 1
        type_id = self.types[tid]
        self._lines.append((None, _revealed, cell, type_id))
        for peek in self.peeks:
            peek.pop(tid, None)
        if KIND_OF[type_id] is _K.GLYNIUM_PLANET:
            for _ in range(NUMBER_OF[type_id]):
                if self.placed >= TOTAL_DISCS:
                    break
                color = disc_color(self.placed)
                self.placed += 1
                self.discs[cell][color] += 1
                if color == 2 and self.mode is _MODE.WANDERING:
                    self.mode = _MODE.QUICKENING
                    self.log("The red Glynium enters play: the Quickening begins")
        if self.down == 0 and self.mode is not _MODE.AWAKENING:
            # "When all tiles are explored move the Guardian to the center tile": at once,
            # whoever turned the last one; its Guardian phase then follows the Awakening.
            self.guardian = CENTRE
            self.mode = _MODE.AWAKENING
            self.log("All tiles are explored: the Guardian returns to the centre and awakens")

    def _enter(self, dest: int, heading: int | None) -> None:
        """Move the active Explorer onto ``dest`` and follow tiles until a choice or the end."""
        p = self.current
        assert self.active is not None
        e = self.expl[p][self.active]
        count, mine = self._count, self._mine[p]
        while True:
            if dest == SHIP:
                e.reset(SHIP)
                self._end_explorer_phase()
                return
            tid = self.grid[dest]
            if not self.up[tid]:
                if self.tow is not None:
                    # Never tow onto a face-down tile: the disc stays on the tile being left.
                    self.discs[e.loc][self.tow] += 1
                    self.tow = None
                self._reveal(dest)
                self.revealed = True
            type_id = self.types[tid]
            kind = KIND_OF[type_id]
            key = dest * 9 + (heading + 1 if heading is not None and kind in _HEADED else 0)
            if key in self.visited:
                self._loop(key)
                return
            self.visited.append(key)
            if count[dest] != mine[dest]:  # an Explorer of another seat is there
                self._fight(p, dest, kind)
            e.put(dest)
            e.asteroid = 0
            e.trapped = False
            nxt = self._effect(p, e, dest, heading, kind, type_id)
            if nxt is None:
                return
            dest, heading = nxt

    def _loop(self, key: int) -> None:
        p = self.current
        e = self.expl[p][self.active]  # type: ignore[index]
        cells = sorted({k // 9 for k in self.visited[self.visited.index(key):]})
        e.reset(OUT)
        self.log(f"Seat {p} Explorer {self.active + 1} is caught in a loop and destroyed")  # type: ignore[operator]
        if self.tow is not None:
            actions = [act.target(n, _A.LOOP_DROP, c, False, self.kind_at(c), "Leave the disc on")
                       for n, c in enumerate(cells)]
            self._offer("loop_drop", "Where is the towed disc left?", actions, cells)
            return
        self._end_explorer_phase()

    def _effect(
        self, p: int, e: Explorer, here: int, heading: int | None, kind: TileKind, type_id: int
    ) -> tuple[int, int | None] | None:
        """Apply the tile at ``here``; return the next forced move, or None when done."""
        # The kinds are exclusive: the most frequent ones in play are asked first.
        if kind in _JUMPS:
            return self._offer_jumps(p, here, kind, type_id, self.rot[self.grid[here]])
        if kind is _K.GLYNIUM_PLANET:
            pass  # its discs came with the reveal: the phase ends
        elif kind in _CHOICES:
            if self._offer_choice(p, here, kind):
                return None
        elif kind is _K.SPACE_RIFT:
            if heading is not None:
                t = self.step(p, here, heading)
                if self._open(t, self.blocked(p)):
                    return t, heading
        elif kind is _K.TEMPORAL_ANOMALY:
            if heading is not None:
                back = (heading + 4) % 8
                blocked = self.blocked(p)
                for n in (2, 1):
                    t = self.step(p, here, back, n)
                    if self._open(t, blocked):
                        return t, back
        elif kind is _K.MOTHER_SHIP_BEACON:
            return SHIP, None
        elif kind is _K.SOLAR_FLARE or kind is _K.SOLAR_TEMPEST:
            d = board_arrows(type_id, self.rot[self.grid[here]])[0]
            t = self._ray(here, d, kind is _K.SOLAR_FLARE)
            if t >= 0 and self._open(t, self.blocked(p)):
                return t, d
        elif kind is _K.ASTEROID_BELT:
            e.asteroid = 1
        elif kind is _K.BARREN_PLANET:
            e.barren = self.turn
        elif kind is _K.BLACK_HOLE:
            if self.tow is not None:
                self.discs[here][self.tow] += 1
                self.tow = None
            e.reset(OUT)
            self.log(f"Seat {p} Explorer {self.active + 1} falls into a Black Hole")  # type: ignore[operator]
        elif kind is _K.NEBULA:
            mates = [o for o in self.expl[p] if o is not e and o.loc == here]
            for o in mates:
                o.trapped = False
            e.trapped = not mates
        elif kind is _K.SALVAGE_EXPLORER:
            for i, o in enumerate(self.expl[p]):
                if o.loc == OUT:
                    o.reset(SHIP)
                    self.log(f"Seat {p} salvages Explorer {i + 1}")
                    break
        self._end_explorer_phase()
        return None

    def _ray(self, here: int, d: int, to_hidden: bool) -> int:
        last = NOWHERE
        cell = NEIGHBOUR[here][d]
        while cell >= 0:
            tid = self.grid[cell]
            if to_hidden and not self.up[tid] and not self.clean[tid]:
                return cell
            last = cell
            cell = NEIGHBOUR[cell][d]
        return last

    def _offer_jumps(
        self, p: int, here: int, kind: TileKind, type_id: int, rot: int
    ) -> tuple[int, int | None] | None:
        """Offer the tile's moves; return the move itself when there is only one."""
        blocked = self.blocked(p)
        moves: list[tuple[int, int | None]] = []
        if kind is _K.SOLAR_WIND or kind is _K.PULSAR:
            n = 1 if kind is _K.SOLAR_WIND else 2
            moves = [(self.step(p, here, d, n), d) for d in board_arrows(type_id, rot)]
        elif kind is _K.SUPER_NOVA:
            step = self.step
            moves = [(t if t >= 0 else step(p, here, d, 2), d) for d, t in enumerate(_REACH2[here])]
        elif kind is _K.ALIEN_ARTIFACT:
            for o in (0, 2, 4, 6):
                for diag in ((o + 7) % 8, o + 1):
                    dr = DELTAS[o][0] + DELTAS[diag][0]
                    dc = DELTAS[o][1] + DELTAS[diag][1]
                    moves.append((self.target(p, here, dr, dc), diag))
        else:  # Worm Hole: any face-up Star Gate
            up = self.up
            for cell in _cells_of(self.types, self.grid, _GATES):
                if cell != here and up[self.grid[cell]]:
                    moves.append((cell, None))
        grid, up = self.grid, self.up
        moves = [(t, d) for t, d in moves if self._open(t, blocked)]
        if len(moves) == 1:
            return moves[0]
        if not moves:
            self._end_explorer_phase()
            return None
        count, mine = self._count, self._mine[p]
        types, peeks, visited = self.types, self.peeks[p], self.visited
        actions: list[Action] = []
        ship_rc = self.ship_rc[p]
        i = self.active
        assert i is not None
        new, parts = LazyAction, act.tile_move_parts
        for n, (t, d) in enumerate(moves):
            if t == SHIP:
                actions.append(act.tile_move(n, i, d, t, ship_rc, False, None, False, False))
                continue
            tid = grid[t]
            if up[tid]:
                known: TileKind | None = KIND_OF[types[tid]]
                loop = (t * 9 + (d + 1 if d is not None and known in _HEADED else 0)) in visited
            else:
                known = KIND_OF[types[tid]] if tid in peeks else None
                loop = False
            action = new()  # act.tile_move inlined (onto the grid), as in the other hot loops
            action._id = n
            action._args = (parts, i, d, t, _GRID_RC, not up[tid], known, count[t] > mine[t], loop)
            actions.append(action)
        self.sub = "jump"
        self._offer("tile", _JUMP_PROMPT[kind], actions, moves)
        return None

    def _offer_choice(self, p: int, here: int, kind: TileKind) -> bool:
        """Offer the choice of a choice tile; False when it has nothing to choose from."""
        grid, up, clean = self.grid, self.up, self.clean
        actions: list[Action] = []
        payloads: list[Any] = []
        if kind in _CELL_CHOICES:
            if kind is _K.VORTEX:
                # Every tile but the cleansed ones: none before the Awakening (as in _can_fold),
                # when the cells need no scan (the usual Vortex offers all 81).
                cells = (list(range(CELLS)) if self.mode is not _MODE.AWAKENING
                         else [c for c, tid in enumerate(grid) if not clean[tid]])
            elif kind is _K.ION_STORM:
                # The other face-up tiles (a face-up tile is never a cleansed one).
                cells = [c for c, tid in enumerate(grid) if up[tid] and c != here]
            elif not self.down:
                cells = []  # no face-down tile is left to look at or turn over: no scan
            elif kind is _K.REMOTE_VIEWPORT:
                cells = [c for c, tid in enumerate(grid) if not up[tid] and not clean[tid]]
            else:
                # The closest face-down tiles: the first ring around the tile holding one
                # holds them all (in cell order, as a scan of the grid would list them).
                cells = []
                for ring in _RINGS[here]:
                    cells = [c for c in ring if not up[grid[c]] and not clean[grid[c]]]
                    if cells:
                        break
            ak, verb = _CELL_CHOICES[kind]
            peeks, types, new, parts = self.peeks[p], self.types, LazyAction, act.target_parts
            # Some 70 cells for a Vortex: the actions are made inline (see _move_options).
            for n, c in enumerate(cells):
                tid = grid[c]
                action = new()
                action._id = n
                if up[tid]:
                    action._args = (parts, ak, c, False, KIND_OF[types[tid]], verb)
                else:  # known only through a sighting
                    known = KIND_OF[types[tid]] if tid in peeks else None
                    action._args = (parts, ak, c, True, known, verb)
                actions.append(action)
            payloads = cells
        elif kind is _K.STARBASE:
            actions.append(act.explorer_target(0, _A.STARBASE, None, None, "Fire at nobody"))
            payloads.append(None)
            for q in range(self.num_players):
                shield = self.shielded(q)
                for i, o in enumerate(self.expl[q]):
                    if (o.loc >= 0 and (q != p or i != self.active) and o.loc not in shield
                            and CHEB[here][o.loc] <= 2):
                        text = f"Send seat {q} Explorer {i + 1} on {cell_name(o.loc)} home"
                        actions.append(act.explorer_target(len(actions), _A.STARBASE, q, i, text))
                        payloads.append((q, i))
        elif kind is _K.STAR_GATE:
            actions.append(act.explorer_target(0, _A.STAR_GATE, None, None, "Summon nobody"))
            payloads.append(None)
            for i, o in enumerate(self.expl[p]):
                if o.loc >= SHIP and i != self.active and o.loc != here:
                    where = "Mother Ship" if o.loc == SHIP else cell_name(o.loc)
                    text = f"Summon Explorer {i + 1} from {where}"
                    actions.append(act.explorer_target(len(actions), _A.STAR_GATE, p, i, text))
                    payloads.append(i)
        if len(actions) == 0 or (len(actions) == 1 and payloads[0] is None):
            return False
        self.sub = _NAME[kind]
        self._offer("tile", _CHOICE_PROMPT[kind], actions, payloads)
        return True

    def _tile_choice(self, payload: Any) -> None:
        p = self.current
        sub = self.sub
        self.sub = ""
        if sub == "jump":
            t, d = payload
            self._enter(t, d)
            return
        e = self.expl[p][self.active]  # type: ignore[index]
        here = e.loc
        if sub == "REMOTE_VIEWPORT":
            tid = self.grid[payload]
            self.peeks[p][tid] = self.rot[tid]
            self.log(f"Seat {p} looks at the face-down tile on {cell_name(payload)}")
            name = TILE_TYPES[self.types[tid]].name
            self.log(f"Remote Viewport: {cell_name(payload)} is {name}, rotation "
                     f"{self.rot[tid]}", visible_to={p})
        elif sub == "SPACIAL_DISTORTION":
            self._reveal(payload)
        elif sub == "ION_STORM":
            self._swap(here, payload)
        elif sub == "STARBASE":
            if payload is not None:
                q, i = payload
                self.expl[q][i].reset(SHIP)
                self.log(f"Seat {p}'s Starbase sends seat {q} Explorer {i + 1} home")
        elif sub == "STAR_GATE":
            if payload is not None:
                o = self.expl[p][payload]
                o.put(here)
                o.asteroid = 0
                o.trapped = False
                self.log(f"Seat {p} summons Explorer {payload + 1} to {cell_name(here)}")
        elif sub == "VORTEX":
            self.vortex_cell = payload
            actions = [act.turn(k - 1, k) for k in (1, 2, 3)]
            self._offer("vortex_turn", "Vortex: how far to turn it?", actions, [1, 2, 3])
            return
        self._end_explorer_phase()

    def _swap(self, a: int, b: int) -> None:
        grid = self.grid
        grid[a], grid[b] = grid[b], grid[a]
        for cell in (a, b):
            type_id = self.types[grid[cell]]
            top = NUMBER_OF[type_id] if KIND_OF[type_id] is _K.ASTEROID_BELT else 0
            for ex in self.expl:
                for e in ex:
                    if e.loc == cell:
                        # Placed so they may move away freely (top asteroid, outside a nebula).
                        e.asteroid = top
                        e.trapped = False
        self.log(f"Ion Storm: the tiles on {cell_name(a)} and {cell_name(b)} are exchanged")

    def _vortex(self, cell: int, quarters: int) -> None:
        p = self.current
        tid = self.grid[cell]
        self.rot[tid] = (self.rot[tid] + quarters) % 4
        self.vortex_cell = NOWHERE
        if self.up[tid]:
            self.log(f"Vortex: seat {p} turns {cell_name(cell)} by {90 * quarters} degrees")
        else:
            # The turn of a face-down tile stays secret: other seats' sightings lose it.
            self.log(f"Vortex: seat {p} turns the face-down tile on {cell_name(cell)}")
            self.log(f"(by {90 * quarters} degrees)", visible_to={p})
            for q, peek in enumerate(self.peeks):
                if tid in peek:
                    peek[tid] = self.rot[tid] if q == p and peek[tid] is not None else None
        self._end_explorer_phase()

    def _end_explorer_phase(self) -> None:
        p = self.current
        scored = False
        if self.active is not None:
            e = self.expl[p][self.active]
            if self.tow is not None:
                if e.loc == SHIP:
                    self._score(p, self.tow)
                    scored = True
                else:
                    # Black holes and loops put the disc down before the Explorer leaves play.
                    assert e.loc >= 0, "a towed disc outlived its Explorer"
                    self.discs[e.loc][self.tow] += 1
                self.tow = None
        self.active = None
        self.visited = []
        for e in self.expl[p]:
            if e.barren >= 0 and e.barren < self.turn:  # one comparison for the usual Explorer
                e.barren = -1
        if scored and self._decided():
            self._finish(Termination.NORMAL)  # decided: no Guardian phase is asked (RULES.md)
            return
        self._remove_stuck()
        self._guardian_phase()

    def stuck(self, p: int) -> bool:
        """Whether ``p`` has Explorers in play and none of them can move (rule 5).

        A resting (Barren Planet) Explorer is not stuck: it moves again next turn. This agrees
        with ``_move_options`` being empty, without building any action (it runs for every
        seat at every decision, so the costly shield chains are traced only when needed).
        """
        grid, clean = self.grid, self.clean
        count = self._count  # only an occupied cell can be shielded
        blocked: AbstractSet[int] | None = None
        in_play = False
        front = -9
        for e in self.expl[p]:
            loc = e.loc
            if loc < SHIP:
                continue
            in_play = True
            if e.barren >= 0:
                return False
            if loc == SHIP:
                front = self.fronts[p]
                cells: tuple[int, ...] = (front,)
            elif e.trapped:
                continue
            else:
                type_id = self.types[grid[loc]]
                if 0 < e.asteroid < NUMBER_OF[type_id] and _IS_BELT[type_id]:
                    return False  # the next asteroid of its own tile is always open
                cells = NEIGHBOUR[loc]
            for t in cells:
                if t < 0 or clean[grid[t]]:
                    continue
                if not count[t]:
                    return False
                if blocked is None:
                    blocked = self.blocked(p)
                if t not in blocked:
                    return False
            if loc >= 0:
                if front == -9:
                    front = self.fronts[p]
                if loc == front:
                    return False  # the step back onto its own ship is always open
        return in_play

    def _remove_stuck(self) -> None:
        """Rule 5, "if at any time": remove the Explorers of every seat now stuck.

        The seat moving an Explorer is not judged until that move is over. Seats are judged
        from the current one clockwise, each on the board its predecessors left.
        """
        count, grid, clean, fronts = self._count, self.grid, self.clean, self.fronts
        expl = self.expl
        order = _CLOCKWISE[self.num_players][self.current]
        if self.active is not None:
            order = order[1:]
        for q in order:
            # The usual cases first, as stuck() would judge them: an Explorer (not trapped)
            # next to a free cell, or on its ship with the cell in front free, ends the search.
            for e in expl[q]:
                loc = e.loc
                if loc >= 0:
                    if not e.trapped:
                        for t in _ON_GRID[loc]:
                            if not count[t] and not clean[grid[t]]:
                                break
                        else:
                            continue
                        break
                elif loc == SHIP:
                    t = fronts[q]
                    if not count[t] and not clean[grid[t]]:
                        break
            else:
                # A seat with no Explorer in play (all out or gone: often so late in a match of
                # four) is not stuck: its occupancy table says so without asking stuck().
                mine = self._mine[q]
                if mine[OUT] + mine[GONE] < len(expl[q]) and self.stuck(q):
                    for e in expl[q]:
                        if e.loc >= SHIP:
                            e.reset(OUT)
                    self.log(f"Seat {q}: no Explorer can move; all are removed from play")

    def _score(self, p: int, color: int) -> None:
        self.score[p] += POINTS[color]
        self.scored[p][color] += 1
        self.reached[p] = self.turn
        self.log(f"Seat {p} scores a {Color(color).name.lower()} disc: {self.score[p]} points")

    # -- Guardian phase --------------------------------------------------------------------

    def _guardian_phase(self) -> None:
        self.phase = _PHASE.GUARDIAN
        if self.mode is _MODE.WANDERING and not self.revealed:
            self._end_turn()  # the usual turn before the Quickening: the Guardian sleeps on
            return
        g = self.guardian
        grid, up, clean = self.grid, self.up, self.clean
        if self.mode is _MODE.WANDERING:
            options: Sequence[int] = _ON_GRID[g]
        else:
            quick = self.mode is _MODE.QUICKENING
            # The targets next to the Guardian, if any (the usual case): the nearest ones, each
            # a step of its own.
            options = [c for c in _ON_GRID[g]
                       if not clean[grid[c]] and not (quick and up[grid[c]])]
            if not options:
                closer = _CLOSER[g]
                mask = 0
                # The rings of cells further out, nearest first: the first ring holding a
                # target holds all the nearest ones. The Guardian may step onto each neighbour
                # closer to one of them: ``mask`` collects those neighbours as bits.
                for ring in _RINGS[g][1:]:
                    for c in ring:
                        tid = grid[c]
                        if not clean[tid] and not (quick and up[tid]):
                            mask |= closer[c]
                    if mask:
                        break
                if not mask:
                    self._end_turn()
                    return
                options = _MASKED.get(g << 8 | mask) or _masked(g, mask)
        if len(options) == 1:
            self._guardian_move(options[0])
            return
        peeks, types = self.peeks[self.current], self.types
        new, parts, ak = LazyAction, act.target_parts, _A.GUARDIAN_MOVE
        actions: list[Action] = []
        for k, c in enumerate(options):
            tid = grid[c]
            face_up = up[tid]
            known = KIND_OF[types[tid]] if face_up or tid in peeks else None
            action = new()
            action._id = k
            action._args = (parts, ak, c, not face_up, known, "Guardian to")
            actions.append(action)
        self._offer("guardian", "Guardian phase: where does the Guardian go?", actions, options)

    def _guardian_move(self, cell: int) -> None:
        self.guardian = cell
        tid = self.grid[cell]
        if self.mode is _MODE.AWAKENING:
            if not self.clean[tid]:
                self.cleanse(cell)
                self._remove_stuck()  # a cleansed tile may close the last way out
        elif not self.up[tid]:
            self._reveal(cell)
        self._end_turn()

    def cleanse(self, cell: int) -> None:
        """The Awakened Guardian cleanses ``cell``: face down, Glynium and Explorers removed."""
        tid = self.grid[cell]
        if not self.up[tid]:
            self.down -= 1
        self.clean[tid] = True
        self.up[tid] = False
        pile = self.discs[cell]
        if pile[0] or pile[1] or pile[2]:  # the usual tile is bare: nothing to remove
            for c in range(3):
                self.removed[c] += pile[c]
                pile[c] = 0
        if self._count[cell]:  # the occupancy table says whether anybody is there
            for q, ex in enumerate(self.expl):
                for i, e in enumerate(ex):
                    if e.loc == cell:
                        e.reset(GONE)
                        self.log(f"Seat {q} Explorer {i + 1} is removed from the game")
        self._lines.append((None, _cleansed, cell))

    # -- the end ---------------------------------------------------------------------------

    def remaining_points(self) -> int:
        """Points not yet scored: in the supply, on the board, being towed."""
        removed = self.removed
        gone = POINTS[0] * removed[0] + POINTS[1] * removed[1] + POINTS[2] * removed[2]
        return _TOTAL_POINTS - sum(self.score) - gone

    def leader(self) -> int:
        """The seat ranked first: most points, then the one who reached them first."""
        return max(range(self.num_players), key=lambda s: (self.score[s], -self.reached[s]))

    def _out_of_reach(self, left: int) -> bool:
        lead = self.leader()
        best = self.score[lead]
        return all(self.score[s] + left <= best for s in range(self.num_players) if s != lead)

    def _decided(self) -> bool:
        """Whether no other seat can surpass the leader any more (the end rule)."""
        score = self.score
        left = self.remaining_points()
        # Only the leader (and players tied with it) can be out of reach: check cheaply first.
        return max(score) >= left + min(score) and self._out_of_reach(left)

    def _finish(self, termination: Termination) -> None:
        self.termination = termination
        self.phase = _PHASE.OVER
        self.stage = "over"
        self._decision = None
        self.log(f"The match ends: {self.result().reason}")

    def _end_turn(self) -> None:
        if self._decided():  # a cleansing may have decided it
            self._finish(Termination.NORMAL)
        elif self.turn >= self.turn_limit:
            self._finish(Termination.TURN_LIMIT)
        else:
            self.current = (self.current + 1) % self.num_players
            self._start_turn()


@lru_cache(maxsize=256)
def _tow_decision(seat: int, explorer: int, colors: tuple[int, ...]
                  ) -> tuple[Decision, list[int | None]]:
    """The offer to tow one of ``colors`` (or nothing), with its payloads: made once."""
    actions = [act.tow(0, explorer, None)]
    actions += [act.tow(n + 1, explorer, c) for n, c in enumerate(colors)]
    return Decision(seat, "Tow a Glynium disc?", tuple(actions), "tow"), [None, *colors]


@lru_cache(maxsize=256)
def _ship_decision(seat: int, pos: int, along: str, can_fold: bool) -> tuple[Decision, list[Any]]:
    actions = [act.ship(0, _A.STAY, 0, pos, along)]
    payloads: list[Any] = [("stay", 0)]
    for shift in (-2, -1, 1, 2):
        actions.append(act.ship(len(actions), _A.SHIP_MOVE, shift, (pos + shift) % SIZE, along))
        payloads.append(("move", shift))
    if can_fold:
        actions.append(act.ship(len(actions), _A.FOLD, 0, pos, along))
        payloads.append(("fold", 0))
    return Decision(seat, "Mother Ship phase", tuple(actions), "ship"), payloads


def _line(edge: int, pos: int) -> tuple[int, ...]:
    rows = range(SIZE)
    if edge == 0:
        return tuple(r * SIZE + pos for r in rows)
    if edge == 2:
        return tuple(r * SIZE + pos for r in reversed(rows))
    if edge == 1:
        return tuple(pos * SIZE + c for c in reversed(rows))
    return tuple(pos * SIZE + c for c in rows)


# _ON_GRID[cell]: its neighbours on the grid; _STEPS[cell]: (direction, neighbour) on the grid;
# _STEPS_HOME[cell][d]: the same with the step off the grid in direction d kept (-1 there),
# in direction order (for an Explorer in front of its ship: d leads back onto it).
_ON_GRID = tuple(tuple(t for t in NEIGHBOUR[c] if t >= 0) for c in range(CELLS))
_STEPS = tuple(tuple((d, t) for d, t in enumerate(NEIGHBOUR[c]) if t >= 0) for c in range(CELLS))
_STEPS_HOME = tuple(
    tuple(tuple((d, t) for d, t in enumerate(NEIGHBOUR[c]) if t >= 0 or d == home)
          for home in range(8))
    for c in range(CELLS)
)

# _CLOCKWISE[n][seat]: the n seats from ``seat`` clockwise (seat order is clockwise).
_CLOCKWISE = {n: tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
              for n in EDGES_BY_PLAYERS}

# _MASKED[g << 8 | mask]: the neighbours of g whose bits (as in _CLOSER) are set in mask,
# filled by _masked as the Guardian meets them.
_MASKED: dict[int, tuple[int, ...]] = {}


def _masked(g: int, mask: int) -> tuple[int, ...]:
    options = _MASKED[g << 8 | mask] = tuple(compress(_ON_GRID[g], _BITS[mask]))
    return options


# _BITS[mask]: the eight low bits of mask, lowest first (selectors for compress).
_BITS = tuple(tuple(mask >> j & 1 for j in range(8)) for mask in range(256))

# _CLOSER[g][t]: bit j set when the j-th of _ON_GRID[g] is nearer to t than g is.
_CLOSER = tuple(
    tuple(sum(1 << j for j, n in enumerate(_ON_GRID[g]) if CHEB[n][t] < CHEB[g][t])
          for t in range(CELLS))
    for g in range(CELLS)
)

# The formatters of the most frequent log lines (see GameState's ``_lines``), by their text.
_SHIP_MOVED = "Seat {} moves its Mother Ship {:+d} to {}".format
_FOLDED = "Seat {} folds space along line {}".format


# (Those naming a cell or a tile take its number: the name is looked up only when read.)
def _hopped(p: int, explorer: int, asteroid: int, cell: int) -> str:
    return f"Seat {p} Explorer {explorer} to asteroid {asteroid} on {cell_name(cell)}"


def _revealed(cell: int, type_id: int) -> str:
    return f"{cell_name(cell)} is revealed: {TILE_TYPES[type_id].name}"


def _cleansed(cell: int) -> str:
    return f"The Guardian cleanses {cell_name(cell)}"


# A kind's name ("SUPER_NOVA": an Enum's name is a slow property) and its offers' prompts.
_NAME = {kind: kind.name for kind in TileKind}
_TITLE = {kind: kind.name.replace("_", " ").title() for kind in TileKind}
_JUMP_PROMPT = {kind: f"{title}: where to?" for kind, title in _TITLE.items()}
_CHOICE_PROMPT = {kind: f"{title}: choose" for kind, title in _TITLE.items()}


@lru_cache(maxsize=1024)
def _move_prompt(turn: int) -> str:
    """The Explorer phase prompt of ``turn`` (formatting an int costs more than the lookup)."""
    return f"Turn {turn}: move one Explorer"

# _REACH2[cell][d]: the cell two steps away in direction d, or -1 off the grid.
_REACH2 = tuple(
    tuple(NEIGHBOUR[t][d] if t >= 0 else -1 for d, t in enumerate(NEIGHBOUR[c]))
    for c in range(CELLS)
)

# _RINGS[cell][k]: the cells at king-move distance k + 1 of ``cell``, in cell order.
_RINGS = tuple(
    tuple(tuple(c for c in range(CELLS) if CHEB[g][c] == k) for k in range(1, SIZE))
    for g in range(CELLS)
)
_IS_BELT = tuple(k is TileKind.ASTEROID_BELT for k in KIND_OF)


def _flags(wanted: list[bool]) -> bytes:
    """A ``bytes.translate`` table: type id -> 1 when ``wanted[type id]``, else 0."""
    return bytes(int(i < len(wanted) and wanted[i]) for i in range(256))


_GATES = _flags([k is TileKind.STAR_GATE for k in KIND_OF])
# _HOP_TARGETS[k]: the belts with an asteroid k (an Explorer may hop there to it), as _flags.
_HOP_TARGETS = tuple(_flags([is_belt and NUMBER_OF[t] >= k for t, is_belt in enumerate(_IS_BELT)])
                     for k in range(4))


def _cells_of(types: list[int], grid: list[int], wanted: bytes) -> Iterator[int]:
    """The cells, in order, of the tiles whose type is ``wanted`` (a table of ``_flags``).

    A few tiles of the 81 are wanted: the type at each cell by one C-level gather, flagged
    by one translation of its bytes, is several times cheaper than a Python loop over the
    cells (or a search of the grid for each wanted tile)."""
    return compress(range(CELLS), bytes(itemgetter(*grid)(types)).translate(wanted))


# _ALONG[edge]: what the Mother Ships of that edge move along.
_ALONG = ("column", "row", "column", "row")
# _LINES[edge][pos]: the line in front of a Mother Ship, from the ship outward.
_LINES = tuple(tuple(_line(edge, pos) for pos in range(SIZE)) for edge in range(4))
# _FOLDED_TO[edge][pos]: where a fold of that line moves each of its cells' contents.
_FOLDED_TO = tuple(tuple(dict(zip(line, line[1:] + line[:1], strict=True)) for line in lines)
                   for lines in _LINES)
# _SHIP_RC[edge][pos]: a Mother Ship's (row, column) just off the grid.
_SHIP_RC = tuple(
    tuple(((-1, pos), (pos, SIZE), (SIZE, pos), (pos, -1))[edge] for pos in range(SIZE))
    for edge in range(4)
)


# The choice tiles whose choice is a cell: the kind of their actions and its verb.
_CELL_CHOICES = {
    _K.REMOTE_VIEWPORT: (_A.VIEWPORT, "Look at"),
    _K.SPACIAL_DISTORTION: (_A.DISTORTION, "Turn over"),
    _K.ION_STORM: (_A.ION_STORM, "Exchange with"),
    _K.VORTEX: (_A.VORTEX_TILE, "Turn"),
}

_JUMPS = frozenset({_K.SOLAR_WIND, _K.PULSAR, _K.SUPER_NOVA, _K.ALIEN_ARTIFACT, _K.WORM_HOLE})
_CHOICES = frozenset({
    _K.REMOTE_VIEWPORT, _K.SPACIAL_DISTORTION, _K.ION_STORM, _K.VORTEX, _K.STARBASE,
    _K.STAR_GATE,
})
