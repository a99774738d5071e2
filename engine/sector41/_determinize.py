"""Determinization: a full Sector 41 state consistent with what one seat has seen.

A search bot in Python simulates from its own observation: ``from_observation(obs, rng)``
samples everything the seat does not know and rebuilds the open decision, so the bot can
clone the result and play it forward with the engine.
"""

from __future__ import annotations

import random
from typing import Any

from .._core import EngineError, shuffle
from ._messages import Location, Phase, Sector41Observation
from ._state import Explorer, Sector41State, _empty_count
from ._tiles import CELLS, GONE, OUT, POINTS, SHIP, SIZE, TILE_TYPES, TOTAL_DISCS

_LOC = {Location.SHIP: SHIP, Location.OUT_OF_PLAY: OUT, Location.REMOVED: GONE}
_TOTAL_POINTS = sum(p * n for p, n in zip(POINTS, (18, 2, 1), strict=True))


def from_observation(observation: Sector41Observation, rng: random.Random) -> Sector41State:
    """A state whose observation for ``observation.your_seat`` is ``observation``, with the
    open decision (the same legal action ids) rebuilt; every hidden part sampled with ``rng``.

    Hidden parts: the design of each tile the seat does not know (face down and not seen
    through its Remote Viewport, or cleansed), drawn from the designs not accounted for, and
    each unknown rotation. They are drawn in cell order, so the result depends only on the
    observation and ``rng``. What other seats saw through their Viewports is not in the
    observation; it changes no rule (only the kind their own action texts show), and the
    sampled state gives them no sightings. Tile ids are cells (the state was "laid" as it
    lies now), the event log is empty and the state's own RNG is seeded from ``rng``.
    """
    seat = observation.your_seat
    if seat is None:
        raise EngineError("from_observation needs a seat's observation, not a spectator's")
    if observation.phase is Phase.OVER or observation.decision_stage == "over":
        raise EngineError("from_observation needs a match in progress; this one is over")
    obs = observation
    n = len(obs.players)
    state = object.__new__(Sector41State)
    state.num_players = n
    state.seed = rng.getrandbits(63)
    state.options = {"turn_limit": obs.turn_limit}
    state.rng = random.Random(state.seed)
    state._events = []
    state.turn_limit = obs.turn_limit

    # Tiles: the known designs stay, the others are drawn from the rest of the box.
    left = [t.id for t in TILE_TYPES for _ in range(t.count)]
    for type_id in obs.tile_types:
        if type_id >= 0:
            left.remove(type_id)
    shuffle(left, rng)
    draw = iter(left)
    state.types = [t if t >= 0 else next(draw) for t in obs.tile_types]
    state.rot = [r if r >= 0 else rng.randrange(4) for r in obs.rotations]
    state.up = list(obs.face_up)
    state.clean = list(obs.cleansed)
    state.grid = list(range(CELLS))
    state.discs = [[y, b, r] for y, b, r in zip(obs.yellow, obs.blue, obs.red, strict=True)]
    state.placed = TOTAL_DISCS - obs.supply_yellow - obs.supply_blue - obs.supply_red
    state.score = [p.score for p in obs.players]
    state.scored = [[p.yellow, p.blue, p.red] for p in obs.players]
    state.reached = [p.score_turn for p in obs.players]
    state.removed = _removed(obs.removed_discs,
                             _TOTAL_POINTS - sum(state.score) - obs.remaining_points)
    state.edge = [p.edge.value for p in obs.players]
    state.ship_pos = [0] * n
    state.ship_rc = [(0, 0)] * n
    state.fronts = [0] * n
    for q, player in enumerate(obs.players):
        state._place_ship(q, player.ship_position)
    state.last_fold = [p.last_fold for p in obs.players]
    state.peeks = [{} for _ in range(n)]
    for cell, seen in enumerate(obs.peeked):
        if seen:
            state.peeks[seat][cell] = None if obs.rotations[cell] < 0 else obs.rotations[cell]
    state.down = sum(1 for c in range(CELLS) if not state.up[c] and not state.clean[c])

    # Pieces. A resting Explorer's landing turn matters only as "this turn or before": the
    # current seat's landed this turn exactly when its Guardian phase is on.
    state.turn = obs.turn
    state.current = obs.current_seat
    state.phase = obs.phase
    state._count = _empty_count()
    state._mine = [_empty_count() for _ in range(n)]
    state.expl = [[Explorer(state._count, state._mine[q]) for _ in range(3)] for q in range(n)]
    state.tow = None
    for view in obs.explorers:
        e = state.expl[view.seat][view.index]
        if view.location is Location.BOARD:
            assert view.row is not None and view.col is not None
            e.put(view.row * SIZE + view.col)
        else:
            e.put(_LOC[view.location])
        e.asteroid = view.asteroid
        e.trapped = view.trapped
        if view.barren:
            landed_now = view.seat == obs.current_seat and obs.phase is Phase.GUARDIAN
            e.barren = obs.turn if landed_now else obs.turn - 1
        if view.towing is not None:
            state.tow = view.towing.value
    state.guardian = obs.guardian_row * SIZE + obs.guardian_col
    state.mode = obs.guardian_mode
    state.active = obs.active_explorer
    state.visited = list(obs.visited)
    chosen = obs.pending_move
    state.chosen = None
    state.vortex_cell = obs.vortex_cell
    state.revealed = obs.revealed_this_turn
    state.termination = None
    state.sub = ""
    state.stage = obs.decision_stage
    state._payloads = []
    state._decision = None
    _reopen(state, obs, tuple(chosen))
    return state


def _removed(count: int, points: int) -> list[int]:
    """Cleansed discs by colour from their number and points (any split of equal points
    plays the same: only their points count)."""
    for red in range(2):
        for blue in range(3):
            yellow = count - blue - red
            if yellow >= 0 and yellow + 2 * blue + 3 * red == points:
                return [yellow, blue, red]
    raise EngineError(f"no disc colours make {count} cleansed discs worth {points} points")


def _reopen(state: Sector41State, obs: Sector41Observation, chosen: tuple[int, ...]) -> None:
    """Offer the open decision again, the way the engine first offered it."""
    from . import _actions as act
    from ._messages import ActionKind
    from ._state import _CHOICES, _JUMPS, _ship_decision

    p = state.current
    stage = state.stage
    if stage == "ship":
        along = "column" if state.edge[p] in (0, 2) else "row"
        state._decision, state._payloads = _ship_decision(p, state.ship_pos[p], along,
                                                          state._can_fold(p))
    elif stage == "move":
        state._offer("move", f"Turn {state.turn}: move one Explorer", state._move_options(p), [])
    elif stage == "tow":
        i, t, d, k = chosen
        state._move_choice((i, t, d, k))
    elif stage == "tile":
        assert state.active is not None
        here = state.expl[p][state.active].loc
        type_id = state.types[state.grid[here]]
        kind = TILE_TYPES[type_id].kind
        if kind in _JUMPS:
            state._offer_jumps(p, here, kind, type_id, state.rot[state.grid[here]])
        elif kind in _CHOICES:
            state._offer_choice(p, here, kind)
    elif stage == "vortex_turn":
        actions = [act.turn(k - 1, k) for k in (1, 2, 3)]
        state._offer("vortex_turn", "Vortex: how far to turn it?", actions, [1, 2, 3])
    elif stage == "loop_drop":
        cells = list(obs.loop_cells)
        drops: list[Any] = [act.target(m, ActionKind.LOOP_DROP, c, False, state.kind_at(c),
                                       "Leave the disc on") for m, c in enumerate(cells)]
        state._offer("loop_drop", "Where is the towed disc left?", drops, cells)
    elif stage == "guardian":
        state._guardian_phase()
    if state._decision is None or state.stage != stage:
        raise EngineError(f"the observation's open decision (stage {stage!r}) cannot be rebuilt")
