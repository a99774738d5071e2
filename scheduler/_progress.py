"""What a tournament shows as it plays: a live progress line (matches done, rate, ETA,
current leader) and, as cutechess and fastchess print them, a line per finished match and a
score line every few matches."""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from typing import TextIO

from arena._hub import printable
from engine import Result, Termination

from ._ratings import pairwise_outcomes
from ._records import MatchRecord, places

_REASON_CHARS = 600

# How a seat the arena forfeited lost, as "NAME loses on time".
_FORFEIT = {
    Termination.TIMEOUT: "loses on time",
    Termination.ILLEGAL_ACTION: "makes an illegal move",
    Termination.MALFORMED: "sends a malformed move",
    Termination.CRASH: "crashes",
    Termination.DISCONNECT: "disconnects",
    Termination.RESIGN: "resigns",
}


def finished_line(record: MatchRecord, total: int) -> str:
    """``Finished match 7 of 60 (a vs b): 1-0 {normal}``: the match's number in its plan,
    its bots by seat, the result (``1-0``, ``0-1``, ``1/2-1/2`` for two seats, else each
    bot's place and score) and why it ended (who lost by a fault, or the game's reason)."""
    assert record.result is not None
    number = (record.index or 0) + 1
    return (f"Finished match {number} of {total} ({' vs '.join(record.seats)}): "
            f"{_score_text(record.seats, record.result)} {{{_why(record.seats, record.result)}}}")


def _score_text(seats: list[str], result: Result) -> str:
    if len(seats) == 2:
        first, second = result.ranks
        return "1/2-1/2" if first == second else "1-0" if first < second else "0-1"
    return places(seats, result.ranks, result.scores, parens=False)


def _why(seats: list[str], result: Result) -> str:
    if result.forfeited and result.termination in _FORFEIT:
        who = ", ".join(seats[s] for s in result.forfeited)
        return f"{who} {_FORFEIT[result.termination]}" + (
            f": {printable(result.reason)}" if result.reason else "")
    what = result.termination.value.replace("_", " ")
    return f"{what}: {printable(result.reason)}" if result.reason else what


class Progress:
    """Redraws one line on a terminal; prints a line per tenth of the work elsewhere.

    With ``matches`` (a stream), also a line per finished match there and a score line
    (each bot's wins-draws-losses over the pairs it met, and its score) every
    ``score_every`` matches and at the end. ``crash_hint`` is said once, the first time a
    bot crashes (where to find what the reason leaves out: ``--bot-logs``).
    """

    def __init__(self, total: int, already: int = 0, out: TextIO | None = None, *,
                 matches: TextIO | None = None, score_every: int = 10,
                 crash_hint: str | None = None) -> None:
        self.total = total
        self.already = already
        self.out = out if out is not None else sys.stderr
        self.tty = self.out.isatty()
        self.matches = matches
        self.score_every = score_every
        self.started = time.monotonic()
        self.points: dict[str, float] = defaultdict(float)
        self.games: dict[str, float] = defaultdict(float)
        self.wdl: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
        self._last_decile = -1
        self._crash_hint = crash_hint

    def account(self, record: MatchRecord) -> None:
        """Count a finished match in the scores (without showing anything)."""
        if record.result is None:
            return
        for i, j, score in pairwise_outcomes(record.result.ranks):
            a, b = record.seats[i], record.seats[j]
            self.points[a] += score
            self.points[b] += 1 - score
            self.games[a] += 1
            self.games[b] += 1
            for name, mine in ((a, score), (b, 1 - score)):
                self.wdl[name][0 if mine == 1 else 1 if mine == 0.5 else 2] += 1

    def __call__(self, record: MatchRecord, done: int, total: int) -> None:
        """Account one finished match and redraw."""
        self.account(record)
        self.total = total
        if self.matches is not None and record.result is not None:
            if self.tty:
                self.out.write("\r\x1b[K")  # the progress line, redrawn below the match's
                self.out.flush()
            lines = [finished_line(record, total)]
            if (done - self.already) % self.score_every == 0 or done >= total:
                lines.append(self.score_line(done))
            self.matches.write("".join(f"{line}\n" for line in lines))
            self.matches.flush()
        line = self.line(done)
        trouble = self.trouble(record)
        # Why a bot crashed, at once and without --bot-logs (unless its match's line said so).
        shown = [trouble] if trouble and (
            self.matches is None or not (record.result and record.result.forfeited)) else []
        if trouble and self._crash_hint:
            shown.append(self._crash_hint)
            self._crash_hint = None
        if shown:
            self.out.write(("\r" + " " * 100 + "\r" if self.tty else "")
                           + "".join(f"{text}\n" for text in shown))
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

    def score_line(self, done: int) -> str:
        """``Score after 20 of 60 matches: a 12-3-5 (65.0%), ...``, best first."""
        order = sorted(self.games, key=lambda n: (-self.points[n] / self.games[n], n))
        parts = [f"{name} {'-'.join(map(str, self.wdl[name]))} "
                 f"({self.points[name] / self.games[name]:.1%})" for name in order]
        return f"Score after {done} of {self.total} matches: {', '.join(parts)}"

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
