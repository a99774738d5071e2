"""Build what one seat may know: face-down tiles stay hidden except its own sightings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._messages import (
    ExplorerView,
    Location,
    Phase,
    PlayerView,
    Sector41Observation,
    Sector41StaticData,
    TileTypeView,
)
from ._tiles import (
    DIRECTIONS,
    DISC_COUNTS,
    GONE,
    OUT,
    POINTS,
    SHIP,
    SIZE,
    TILE_TYPES,
    Color,
    Edge,
    disc_color,
)

if TYPE_CHECKING:
    from ._state import Sector41State

_OFF_BOARD = {SHIP: Location.SHIP, OUT: Location.OUT_OF_PLAY, GONE: Location.REMOVED}


def observe(state: Sector41State, seat: int | None) -> Sector41Observation:
    """The observation of ``seat`` (None: a spectator, public facts only)."""
    peeks = state.peeks[seat] if seat is not None else {}
    grid, up, kinds, rot = state.grid, state.up, state.types, state.rot
    face_up = [up[tid] for tid in grid]
    cleansed = [state.clean[tid] for tid in grid]
    peeked = [not up[tid] and tid in peeks for tid in grid]
    types = [kinds[tid] if up[tid] or tid in peeks else -1 for tid in grid]
    seen_rotation = {tid: -1 if r is None else r for tid, r in peeks.items()}
    rotations = [rot[tid] if up[tid] else seen_rotation.get(tid, -1) for tid in grid]
    y, b, r = zip(*state.discs, strict=True)
    explorers = []
    row: int | None
    col: int | None
    towing = None if state.tow is None else Color(state.tow)
    for q, ex in enumerate(state.expl):
        shield = state.shielded(q)
        for i, e in enumerate(ex):
            if e.loc >= 0:
                location, row, col = Location.BOARD, e.loc // SIZE, e.loc % SIZE
            else:
                location = _OFF_BOARD[e.loc]
                row = col = None
            active = q == state.current and i == state.active
            explorers.append(ExplorerView(
                q, i, location, row, col, e.asteroid, e.trapped, e.barren >= 0,
                e.loc in shield, towing if active else None,
            ))
    players = tuple(
        PlayerView(
            q, Edge(state.edge[q]), state.ship_pos[q], state.ship_rc[q][0], state.ship_rc[q][1],
            state.score[q], state.scored[q][0], state.scored[q][1], state.scored[q][2],
            state.reached[q], state.last_fold[q],
        )
        for q in range(state.num_players)
    )
    supply = [0, 0, 0]
    for k in range(state.placed, sum(DISC_COUNTS)):
        supply[disc_color(k)] += 1
    return Sector41Observation(
        turn=state.turn,
        turn_limit=state.turn_limit,
        current_seat=state.current,
        your_seat=seat,
        phase=state.phase if state.termination is None else Phase.OVER,
        guardian_mode=state.mode,
        guardian_row=state.guardian // SIZE,
        guardian_col=state.guardian % SIZE,
        tile_types=tuple(types),
        explorers=tuple(explorers),
        players=players,
        supply_yellow=supply[0],
        supply_blue=supply[1],
        supply_red=supply[2],
        removed_discs=sum(state.removed),
        remaining_points=state.remaining_points(),
        active_explorer=state.active,
        rotations=tuple(rotations),
        face_up=tuple(face_up),
        cleansed=tuple(cleansed),
        peeked=tuple(peeked),
        yellow=y,
        blue=b,
        red=r,
        decision_stage=state.stage,
        visited=tuple(state.visited),
        pending_move=() if state.chosen is None else tuple(state.chosen),
        vortex_cell=state.vortex_cell,
        revealed_this_turn=state.revealed,
        loop_cells=tuple(state._payloads) if state.stage == "loop_drop" else (),
    )


def static_data() -> Sector41StaticData:
    """The catalogue of tile designs and the disc values."""
    return Sector41StaticData(
        rows=SIZE,
        cols=SIZE,
        tile_types=tuple(
            TileTypeView(t.id, t.name, t.kind, t.count, t.number,
                         tuple(DIRECTIONS[a] for a in t.arrows), t.text)
            for t in TILE_TYPES
        ),
        yellow_points=POINTS[0],
        blue_points=POINTS[1],
        red_points=POINTS[2],
        disc_counts=DISC_COUNTS,
    )
