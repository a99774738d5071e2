"""Cached builders of the legal actions (frozen values, so equal ones are shared).

An action's text and detail are built only when somebody reads them (a bot over the wire, a
log, a test): random playouts and search bots read only ids, and a text costs more to build
than the whole legality check that offers it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .._core import Action, lazy_action
from ._messages import ActionKind, Sector41ActionDetail
from ._tiles import DIRECTIONS, SIZE, Color, TileKind, cell_name

_CACHE = 1 << 17
_GRID = (0, 0)  # the ship position does not matter when the target is a grid cell
_A = ActionKind


def _where(to: int, ship_rc: tuple[int, int]) -> tuple[int, int, bool]:
    if to < 0:
        return ship_rc[0], ship_rc[1], True
    r, c = divmod(to, SIZE)
    return r, c, False


def _label(to: int, face_down: bool, kind: TileKind | None) -> str:
    if to < 0:
        return "Mother Ship"
    if face_down:
        return f"{cell_name(to)} (face down{', ' + _title(kind) if kind else ''})"
    return f"{cell_name(to)} ({_title(kind)})"


def _title(kind: TileKind | None) -> str:
    return kind.name.replace("_", " ").title() if kind else "?"


def move(
    aid: int,
    explorer: int,
    d: int,
    to: int,
    ship_rc: tuple[int, int],
    face_down: bool,
    kind: TileKind | None,
    combat: bool,
) -> Action:
    """An Explorer phase step of ``explorer`` in direction ``d`` onto ``to`` (-1: own ship)."""
    return lazy_action(aid, (move_parts, explorer, d, to, ship_rc if to < 0 else _GRID,
                            face_down, kind, combat))


def move_parts(
    explorer: int,
    d: int,
    to: int,
    ship_rc: tuple[int, int],
    face_down: bool,
    kind: TileKind | None,
    combat: bool,
) -> tuple[str, Sector41ActionDetail]:
    """The (text, detail) of an Explorer phase step (the builder of ``move``'s actions)."""
    r, c, ship = _where(to, ship_rc)
    text = f"Explorer {explorer + 1} {DIRECTIONS[d].name} onto {_label(to, face_down, kind)}"
    if combat:
        text += ", attacking"
    detail = Sector41ActionDetail(
        _A.EXPLORER_MOVE, explorer=explorer, direction=DIRECTIONS[d], to_row=r, to_col=c,
        to_ship=ship, face_down=face_down, to_kind=kind, combat=combat,
    )
    return text, detail


def move_payload(action: Action) -> tuple[int, int, int, int]:
    """The (explorer, target, direction, asteroid) of a ``move`` or ``hop`` action.

    A move offer keeps no payload list beside its actions (it builds many and applies one):
    the move is read back from the arguments the action was built from. A step has no
    asteroid (0); an asteroid hop has no direction (-1)."""
    args = action._args  # type: ignore[attr-defined]
    if args[0] is hop_parts:
        return args[1], args[2], -1, args[3]
    return args[1], args[3], args[2], 0


def hop(aid: int, explorer: int, to: int, asteroid: int, combat: bool) -> Action:
    """A step up the Asteroid Belt to ``asteroid`` on the tile at ``to``."""
    return lazy_action(aid, (hop_parts, explorer, to, asteroid, combat))


def hop_parts(explorer: int, to: int, asteroid: int, combat: bool) -> tuple[str, Any]:
    """The (text, detail) of an asteroid hop (the builder of ``hop``'s actions)."""
    r, c = divmod(to, SIZE)
    text = f"Explorer {explorer + 1} to asteroid {asteroid} on {cell_name(to)}"
    if combat:
        text += ", attacking"
    detail = Sector41ActionDetail(
        _A.ASTEROID_HOP, explorer=explorer, to_row=r, to_col=c,
        to_kind=TileKind.ASTEROID_BELT, combat=combat, asteroid=asteroid,
    )
    return text, detail


@lru_cache(maxsize=_CACHE)
def tow(aid: int, explorer: int, color: int | None) -> Action:
    """Tow a disc of ``color`` (None: nothing) with the chosen move."""
    if color is None:
        return Action(aid, "Tow nothing", Sector41ActionDetail(_A.TOW, explorer=explorer))
    col = Color(color)
    text = f"Tow a {col.name.lower()} Glynium disc"
    return Action(aid, text, Sector41ActionDetail(_A.TOW, explorer=explorer, color=col))


@lru_cache(maxsize=_CACHE)
def ship(aid: int, kind: ActionKind, shift: int, line: int, along: str) -> Action:
    """A Mother Ship phase choice; ``along`` names the edge coordinate (column or row)."""
    if kind is _A.STAY:
        return Action(aid, "Mother Ship does nothing", Sector41ActionDetail(kind))
    name = line_name(along, line)
    if kind is _A.FOLD:
        return Action(aid, f"Fold Space along {name}", Sector41ActionDetail(kind, line=line))
    text = f"Mother Ship to {name} ({shift:+d})"
    return Action(aid, text, Sector41ActionDetail(kind, ship_shift=shift, line=line))


def line_name(along: str, line: int) -> str:
    """'column C' or 'row 3' for a line index."""
    return f"column {'ABCDEFGHI'[line]}" if along == "column" else f"row {line + 1}"


def tile_move(
    aid: int,
    explorer: int,
    d: int | None,
    to: int,
    ship_rc: tuple[int, int],
    face_down: bool,
    kind: TileKind | None,
    combat: bool,
    loop: bool,
) -> Action:
    """A tile instruction's move or jump to ``to``."""
    return lazy_action(aid, (tile_move_parts, explorer, d, to, ship_rc if to < 0 else _GRID,
                            face_down, kind, combat, loop))


def tile_move_parts(
    explorer: int,
    d: int | None,
    to: int,
    ship_rc: tuple[int, int],
    face_down: bool,
    kind: TileKind | None,
    combat: bool,
    loop: bool,
) -> tuple[str, Sector41ActionDetail]:
    """The (text, detail) of a tile's move or jump (the builder of ``tile_move``'s actions)."""
    r, c, on_ship = _where(to, ship_rc)
    way = f" {DIRECTIONS[d].name}" if d is not None else ""
    text = f"Explorer {explorer + 1} jumps{way} to {_label(to, face_down, kind)}"
    if combat:
        text += ", attacking"
    if loop:
        text += " (loop: destroyed)"
    detail = Sector41ActionDetail(
        _A.TILE_MOVE, explorer=explorer, direction=None if d is None else DIRECTIONS[d],
        to_row=r, to_col=c, to_ship=on_ship, face_down=face_down, to_kind=kind,
        combat=combat, loop=loop,
    )
    return text, detail


def target(aid: int, kind: ActionKind, to: int, face_down: bool, known: TileKind | None,
           verb: str) -> Action:
    """A choice of a cell (Viewport, Distortion, Ion Storm, Vortex, loop drop, Guardian).

    Not cached: most keys are new in a short run (a Vortex offers some 80 cells), and a miss
    of a cache costs more than the LazyAction it would have saved. The hot loops make the
    LazyAction of ``(target_parts, kind, to, face_down, known, verb)`` themselves."""
    return lazy_action(aid, (target_parts, kind, to, face_down, known, verb))


def target_parts(kind: ActionKind, to: int, face_down: bool, known: TileKind | None,
                 verb: str) -> tuple[str, Sector41ActionDetail]:
    """The (text, detail) of a cell choice (the builder of ``target``'s actions)."""
    r, c = divmod(to, SIZE)
    text = f"{verb} {_label(to, face_down, known)}"
    return text, Sector41ActionDetail(kind, to_row=r, to_col=c, face_down=face_down,
                                      to_kind=known)


@lru_cache(maxsize=_CACHE)
def explorer_target(aid: int, kind: ActionKind, seat: int | None, explorer: int | None,
                    text: str) -> Action:
    """A Starbase or Star Gate choice of an Explorer (None: nobody)."""
    return Action(aid, text, Sector41ActionDetail(kind, target_seat=seat,
                                                  target_explorer=explorer))


@lru_cache(maxsize=_CACHE)
def turn(aid: int, quarters: int) -> Action:
    """A Vortex turn of the chosen tile."""
    text = f"Turn it {90 * quarters} degrees clockwise"
    return Action(aid, text, Sector41ActionDetail(_A.VORTEX_TURN, quarter_turns=quarters))
