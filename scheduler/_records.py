"""What the runner produces and the store keeps: one record per match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import Result


@dataclass(frozen=True)
class SeatAction:
    """One seat's action within a step, with the time it took and whether it was a default.

    ``time_used`` is wall time; ``cpu_used`` the CPU time the bot's processes used for it,
    measured when the match charged CPU time (``--clock cpu``), else None."""

    seat: int
    action_id: int
    time_used: float
    defaulted: bool = False
    cpu_used: float | None = None


@dataclass(frozen=True)
class Faults:
    """Counts of one seat's faults in a match."""

    timeouts: int = 0
    illegal: int = 0
    malformed: int = 0
    crashes: int = 0
    disconnects: int = 0

    @property
    def total(self) -> int:
        """Every fault counted."""
        return self.timeouts + self.illegal + self.malformed + self.crashes + self.disconnects


@dataclass
class MatchRecord:
    """Everything needed to rate a match and to replay it exactly.

    ``steps[i]`` holds one SeatAction per seat pending at step i, applied together.
    ``tournament_id``/``index`` place the match in its tournament's schedule (None for a
    one-off or ladder match); ``result`` is None while the match runs. ``retried``: the match
    was played again from its seed because the worker playing it died (the Ray backend).
    """

    match_id: str
    game: str
    options: dict[str, object]
    seed: int
    seats: list[str]
    steps: list[list[SeatAction]] = field(default_factory=list)
    result: Result | None = None
    faults: list[Faults] = field(default_factory=list)
    tournament_id: str | None = None
    index: int | None = None
    started_at: float = 0.0
    ended_at: float = 0.0
    retried: bool = False

    def actions(self) -> list[dict[int, int]]:
        """The steps as the engine's ``apply`` takes them (for replays)."""
        return [{a.seat: a.action_id for a in step} for step in self.steps]


def places(names: Sequence[str], ranks: Sequence[int], scores: Sequence[float], *,
           parens: bool = True) -> str:
    """The seats by place: ``1. a (20), 2. b (18)`` (``1. a 20, ...`` without ``parens``)."""
    order = sorted(range(len(names)), key=lambda s: ranks[s])
    return ", ".join(f"{ranks[s] + 1}. {names[s]} ({scores[s]:g})" if parens
                     else f"{ranks[s] + 1}. {names[s]} {scores[s]:g}" for s in order)
