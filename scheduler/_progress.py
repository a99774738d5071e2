"""A live progress line for tournaments: matches done, rate, ETA, current leader."""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from typing import TextIO

from arena._hub import printable

from ._ratings import pairwise_outcomes
from ._records import MatchRecord

_REASON_CHARS = 600


class Progress:
    """Redraws one line on a terminal; prints a line per tenth of the work elsewhere."""

    def __init__(self, total: int, already: int = 0, out: TextIO | None = None) -> None:
        self.total = total
        self.already = already
        self.out = out if out is not None else sys.stderr
        self.tty = self.out.isatty()
        self.started = time.monotonic()
        self.points: dict[str, float] = defaultdict(float)
        self.games: dict[str, float] = defaultdict(float)
        self._last_decile = -1

    def __call__(self, record: MatchRecord, done: int, total: int) -> None:
        """Account one finished match and redraw."""
        if record.result is not None:
            for i, j, score in pairwise_outcomes(record.result.ranks):
                a, b = record.seats[i], record.seats[j]
                self.points[a] += score
                self.points[b] += 1 - score
                self.games[a] += 1
                self.games[b] += 1
        self.total = total
        line = self.line(done)
        trouble = self.trouble(record)
        if trouble:  # why a bot crashed, at once and without --bot-logs
            self.out.write(("\r" + " " * 100 + "\r" if self.tty else "") + trouble + "\n")
        if self.tty:
            self.out.write("\r" + line.ljust(100)[:100])
            if done >= total:
                self.out.write("\n")
        else:
            decile = done * 10 // max(total, 1)
            if decile != self._last_decile or done >= total:
                self._last_decile = decile
                self.out.write(line + "\n")
        self.out.flush()

    @staticmethod
    def trouble(record: MatchRecord) -> str | None:
        """A line on a match in which a bot crashed or went away, with the reason (a
        crashed launched bot's last stderr lines), control characters escaped."""
        if record.result is None or not any(f.crashes or f.disconnects for f in record.faults):
            return None
        reason = printable(record.result.reason or record.result.termination.value)
        if len(reason) > _REASON_CHARS:
            reason = reason[:_REASON_CHARS] + "..."
        return f"match {record.match_id}: {reason}"

    def line(self, done: int) -> str:
        """The progress text."""
        elapsed = time.monotonic() - self.started
        played = done - self.already
        rate = played / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else float("inf")
        width = 24
        filled = width * done // max(self.total, 1)
        bar = "#" * filled + "." * (width - filled)
        leader = ""
        if self.games:
            best = max(self.games, key=lambda n: (self.points[n] / self.games[n], n))
            leader = f"  leader {best} {self.points[best] / self.games[best]:.0%}"
        eta_text = f"{eta:.0f}s" if eta != float("inf") else "?"
        return (f"[{bar}] {done}/{self.total}  {rate:.2f} matches/s  ETA {eta_text}"
                f"{leader}")
