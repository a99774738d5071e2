"""Time controls and fault policies: how long a bot may think, what a fault costs."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from arena.v1 import game_pb2


@dataclass(frozen=True)
class TimeControl:
    """A fixed time per move, or a clock of ``base`` seconds plus ``increment`` per move.

    ``margin`` is grace beyond the limit for transport and scheduling latency (the bot is told
    the limit without it); ``first_move_extra`` is added to a bot's first decision of a match.
    """

    move_time: float | None = 1.0
    base: float = 0.0
    increment: float = 0.0
    margin: float = 0.05
    first_move_extra: float = 1.0

    def __post_init__(self) -> None:
        # NaN passes every check below; neither it nor infinity is a wire time (whole ms).
        for name in ("move_time", "base", "increment", "margin", "first_move_extra"):
            value = getattr(self, name)
            if value is not None and not math.isfinite(value):
                raise ValueError(f"{name} must be a finite number of seconds, got {value}")
        if self.move_time is None and self.base <= 0:
            raise ValueError(f"a clock needs a base time above 0 s, got {self.base:g}")
        if self.move_time is not None and self.move_time <= 0:
            raise ValueError(f"move time must be above 0 s, got {self.move_time}")
        for name in ("base", "increment", "margin", "first_move_extra"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative, got {getattr(self, name)}")

    @staticmethod
    def per_move(seconds: float, margin: float = 0.05) -> TimeControl:
        """A fixed limit per decision."""
        return TimeControl(move_time=seconds, margin=margin)

    @staticmethod
    def parse_clock(text: str, margin: float = 0.05) -> TimeControl:
        """``BASE+INC`` in seconds, e.g. ``10+0.1`` (as cutechess's tc=)."""
        number = r"(\d+(?:\.\d*)?|\.\d+)"
        match = re.fullmatch(rf"\s*{number}\s*(?:\+\s*{number})?\s*", text)
        if not match:
            raise ValueError(
                f"bad time control {text!r}; accepted: BASE+INC in seconds, e.g. 10+0.1 or 60")
        return TimeControl(move_time=None, base=float(match[1]),
                           increment=float(match[2] or 0), margin=margin)

    @property
    def uses_clock(self) -> bool:
        """True for base+increment, False for a fixed time per move."""
        return self.move_time is None

    def to_proto(self) -> game_pb2.TimeControl:
        """The wire form."""
        ms = lambda seconds: round(seconds * 1000)  # noqa: E731
        return game_pb2.TimeControl(
            move_time_ms=ms(self.move_time or 0), base_ms=ms(self.base),
            increment_ms=ms(self.increment), margin_ms=ms(self.margin),
            first_move_extra_ms=ms(self.first_move_extra))

    def describe(self) -> str:
        """Readable, e.g. ``0.5 s/move`` or ``10+0.1``."""
        if self.move_time is not None:
            return f"{self.move_time:g} s/move"
        return f"{self.base:g}+{self.increment:g}"


class Clock:
    """One seat's time in one match."""

    def __init__(self, control: TimeControl) -> None:
        self.control = control
        self.remaining = control.base
        self.first = True

    def limit(self) -> float:
        """Seconds the bot has for the next decision (without the margin)."""
        extra = self.control.first_move_extra if self.first else 0.0
        if self.control.move_time is not None:
            return self.control.move_time + extra
        return max(self.remaining, 0.0) + extra

    def timeout(self) -> float:
        """Seconds until the next decision times out: the limit plus the margin, less what the
        clock is overdrawn (only a clock goes below 0, by answers within the margin), so that
        answers in the margin never add up to more than the margin beyond the clock."""
        return max(self.limit() + self.control.margin + min(self.remaining, 0.0), 0.0)

    def charge(self, used: float) -> None:
        """Account a decision that took ``used`` seconds."""
        if self.control.move_time is None:
            extra = self.control.first_move_extra if self.first else 0.0
            self.remaining = self.remaining - max(used - extra, 0.0) + self.control.increment
        self.first = False


@dataclass(frozen=True)
class FaultPolicy:
    """What a fault costs: ``forfeit`` (ranked last, the default) or ``default`` (a default
    legal action is played and a strike counted; ``max_strikes`` strikes forfeit)."""

    mode: str = "forfeit"
    max_strikes: int | None = None

    def __post_init__(self) -> None:
        if self.mode not in ("forfeit", "default"):
            raise ValueError(f"fault policy {self.mode!r} unknown; accepted: forfeit, default")
        if self.max_strikes is not None and self.max_strikes < 1:
            raise ValueError(f"max strikes must be at least 1, got {self.max_strikes}")
