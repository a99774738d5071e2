"""Hand-built positions for the Tiny Epic Galaxies tests: set fields, then play real actions."""

from __future__ import annotations

from typing import Any

from engine.galaxies import (
    HOME,
    PLANET_BY_NAME,
    ActionKind,
    DieFace,
    GalaxiesActionDetail,
    GalaxiesState,
    Position,
    build_position,
)

K = ActionKind
F = DieFace


def planet(name: str) -> int:
    """The id of a planet by name."""
    return PLANET_BY_NAME[name]


def new(players: int = 2, seed: int = 0, expansion: bool = True, turn_limit: int = 2000
        ) -> GalaxiesState:
    """A match dealt by ``seed`` (``build_position``), every seat with its first mission, at
    seat 0's first turn."""
    return build_position(Position(players, expansion, seed=seed, turn_limit=turn_limit))


def refresh(state: GalaxiesState) -> None:
    """Recompute the open decision (and the tables derived from the fields) after fields
    were set by hand."""
    state._derive()
    state._pend = None
    state._settle()


def set_row(state: GalaxiesState, *names: str) -> None:
    """Make the planet row exactly these planets (taken out of the deck)."""
    ids = [planet(n) for n in names]
    state.deck = [p for p in state.deck + state.row if p not in ids]
    state.row = ids
    for seat in range(state.num_players):
        state.colonies[seat] = [c for c in state.colonies[seat] if c not in ids]


def give_colony(state: GalaxiesState, seat: int, name: str) -> int:
    """Make ``name`` a colony of ``seat`` (out of the row and the deck)."""
    pid = planet(name)
    if pid in state.deck:
        state.deck.remove(pid)
    if pid in state.row:
        state.row[state.row.index(pid)] = state.deck.pop()
    state.colonies[seat].append(pid)
    return pid


def place(state: GalaxiesState, seat: int, ship: int, name: str | None, orbit: bool = False,
          pos: int = 0) -> None:
    """Put a ship on a planet's surface or orbit (None: its galaxy)."""
    state.where[seat][ship] = HOME if name is None else planet(name)
    state.orbit[seat][ship] = orbit and name is not None
    state.pos[seat][ship] = pos if orbit else 0


def dice(state: GalaxiesState, *faces: DieFace) -> None:
    """Give the current player exactly these inactive dice and reopen its turn menu."""
    state.dice = [f.value for f in faces]
    refresh(state)


def details(state: GalaxiesState) -> list[GalaxiesActionDetail]:
    """The details of the open decision's legal actions."""
    ((_, decision),) = state.pending().items()
    return [a.detail for a in decision.legal]


def acting(state: GalaxiesState) -> int:
    """The seat that decides now."""
    ((seat, _),) = state.pending().items()
    return seat


def stage(state: GalaxiesState) -> str:
    """The kind of the open decision."""
    ((_, decision),) = state.pending().items()
    return decision.kind


def choose(state: GalaxiesState, kind: ActionKind, **fields: Any) -> None:
    """Apply the legal action of ``kind`` whose detail has ``fields``; fail listing the legal."""
    ((seat, decision),) = state.pending().items()
    for action in decision.legal:
        d = action.detail
        if d.kind is kind and all(getattr(d, k) == v for k, v in fields.items()):
            state.apply({seat: action.id})
            return
    raise AssertionError(f"no {kind.name} {fields} in {[a.text for a in decision.legal]} "
                         f"({decision.prompt}, seat {seat})")


def can(state: GalaxiesState, kind: ActionKind, **fields: Any) -> bool:
    """Whether a legal action of ``kind`` with ``fields`` is open now."""
    if state.is_over():
        return False
    return any(d.kind is kind and all(getattr(d, k) == v for k, v in fields.items())
               for d in details(state))


def activate(state: GalaxiesState, face: DieFace) -> None:
    """Activate a die of ``face`` on the current player's turn."""
    choose(state, K.ACTIVATE, face=face)


def use_colony(state: GalaxiesState, name: str, *spare: DieFace, seat: int = 0) -> int:
    """Give seat 0 the colony ``name``, a Utilize die and ``spare`` dice (one Move die by
    default, so that the turn stays open), and use the colony's ability.

    The other seats get no culture, so nobody is asked to follow."""
    pid = give_colony(state, seat, name)
    for other in range(state.num_players):
        if other != seat:
            state.culture[other] = 0
    dice(state, F.UTILIZE, *(spare or (F.MOVE,)))
    activate(state, F.UTILIZE)
    choose(state, K.USE_COLONY, planet=pid)
    return pid
