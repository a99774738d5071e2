"""What every game's position builder checks first (``build_position`` of Sol and Galaxies)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ._core import OptionError

_Seat = TypeVar("_Seat")


def seats_and_turn(players: int, seats: Sequence[_Seat], make: Callable[[], _Seat],
                   current: int, turn: int, turn_limit: int) -> tuple[_Seat, ...]:
    """The seats of a 2-5 player description (``make()`` for each when none is given), after
    checking that the seat to play and the turn's number fit; OptionError naming the field."""
    if not 2 <= players <= 5:
        raise OptionError(f"players must be 2-5, not {players}")
    described = tuple(seats) or tuple(make() for _ in range(players))
    if len(described) != players:
        raise OptionError(f"seats describes {len(described)} players; players is {players}")
    if not 0 <= current < players:
        raise OptionError(f"current must be a seat 0-{players - 1}, not {current}")
    if not 1 <= turn <= turn_limit:
        raise OptionError(f"turn must be 1-{turn_limit} (the turn limit), not {turn}")
    return described
