"""Small helpers for Sector 41 tests: pick actions by text, inspect the board by cell name."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import Decision
from engine.sector41 import (
    GAME,
    GONE,
    OUT,
    SHIP,
    TILE_TYPES,
    Sector41State,
    cell_name,
    parse_cell,
)


def decision(state: Sector41State) -> Decision:
    """The one open decision."""
    (d,) = state.pending().values()
    return d


def texts(state: Sector41State) -> list[str]:
    """Texts of the legal actions now."""
    return [a.text for a in decision(state).legal]


def do(state: Sector41State, fragment: str) -> None:
    """Apply the single legal action whose text contains ``fragment``."""
    d = decision(state)
    found = [a for a in d.legal if fragment in a.text]
    assert len(found) == 1, f"{fragment!r} matches {[a.text for a in found]} in {texts(state)}"
    state.apply({d.seat: found[0].id})


def stay(state: Sector41State) -> None:
    """Mother Ship phase: do nothing."""
    do(state, "does nothing")


def loc(state: Sector41State, seat: int, index: int) -> int | str:
    """Where an Explorer is: a cell name, "ship", "out" or "gone"."""
    where = state.expl[seat][index].loc
    if where >= 0:
        return cell_name(where)
    return {SHIP: "ship", OUT: "out"}.get(where, "gone")


def discs(state: Sector41State, name: str) -> list[int]:
    """Discs (yellow, blue, red) on a cell."""
    return state.discs[parse_cell(name)]


def tile(state: Sector41State, name: str) -> str:
    """The design name of the tile lying on a cell."""
    return TILE_TYPES[state.types[state.grid[parse_cell(name)]]].name


def random_game(
    players: int, seed: int, check: Callable[[Sector41State], None] | None = None,
    turn_limit: int = 400,
) -> tuple[Sector41State, list[dict[int, int]]]:
    """Play random legal actions to the end; return the state and the action log."""
    state = GAME.new_match(players, seed, {"turn_limit": turn_limit})
    assert isinstance(state, Sector41State)
    rng = random.Random(seed * 7919 + players)
    steps: list[dict[int, int]] = []
    while True:
        pending = state.pending()
        if not pending:
            return state, steps
        step = {seat: rng.choice(d.legal).id for seat, d in pending.items()}
        state.apply(step)
        steps.append(step)
        if check is not None:
            check(state)


def occupancy_agrees(state: Sector41State) -> None:
    """The occupancy tables the engine keeps up to date say where the Explorers are."""
    places = [*range(81), GONE, OUT, SHIP]
    locs = [[e.loc for e in ex] for ex in state.expl]
    assert [state._count[c] for c in places] == [sum(ls.count(c) for ls in locs) for c in places]
    for q, ls in enumerate(locs):
        assert [state._mine[q][c] for c in places] == [ls.count(c) for c in places]
        assert all(e.count is state._count and e.mine is state._mine[q] for e in state.expl[q])
