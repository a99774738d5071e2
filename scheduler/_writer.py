"""The ladder's writes: a server that outlives its database.

Finished matches are written in order, on a worker thread, each with its ratings in one
transaction; so is the note that a match started (a killed server's unfinished matches are
then found and recorded aborted on restart). When the database refuses (a full disk, a
read-only file, an I/O error, a lock held too long), the records wait in memory and are tried
again with backoff; meanwhile the ladder starts no new match, the failure is said once in
the log, in the metrics and in the gRPC health check, and everything is written once the
database takes writes again.
"""

from __future__ import annotations

import logging
import sqlite3
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import trio

from arena.metrics import Metrics

from ._ratings import update_elo
from ._records import MatchRecord
from ._skill import Skill
from ._store import Store

FIRST_RETRY_SECONDS = 0.5
MAX_RETRY_SECONDS = 30.0
log = logging.getLogger("arena.store")


@dataclass(frozen=True)
class StartedMatch:
    """A ladder match that has started (written to ``live_matches``)."""

    match_id: str
    game: str
    seats: tuple[str, ...]
    # The versions the bots said they are (Hello.version), noted from ``since``.
    versions: tuple[tuple[str, str], ...] = ()
    since: float = 0.0


class LadderWriter:
    """Writes finished ladder matches; run ``run`` in a nursery, ``put`` from match tasks."""

    def __init__(self, store: Store, *, metrics: Metrics | None = None,
                 on_rated: Callable[[MatchRecord, dict[str, float]], None] | None = None,
                 set_serving: Callable[[bool], Awaitable[None]] | None = None) -> None:
        self.store = store
        self.metrics = metrics
        self.on_rated = on_rated
        self.set_serving = set_serving
        self.pending: deque[MatchRecord | StartedMatch] = deque()
        #: The live skills by game as the last write left them (for the matchmaking).
        self.skills: dict[str, dict[str, Skill]] = {}
        self.failure: str | None = None  # why the database refuses writes now
        self.writable = trio.Event()  # set while writes succeed
        self.writable.set()
        self._work = trio.Event()
        self._drained = trio.Event()
        self._drained.set()

    def put(self, item: MatchRecord | StartedMatch) -> None:
        """Queue a finished (or a started) match; never blocks, never fails."""
        self.pending.append(item)
        if self._drained.is_set():
            self._drained = trio.Event()
        self._work.set()
        self._gauge()

    async def drained(self) -> None:
        """Wait until every queued match is written."""
        await self._drained.wait()

    async def run(self) -> None:
        """Write queued matches forever, retrying with backoff while the database refuses."""
        delay = FIRST_RETRY_SECONDS
        while True:
            await self._work.wait()
            self._work = trio.Event()
            while self.pending:
                record = self.pending[0]
                try:
                    with trio.CancelScope(shield=True):  # a started write ends either way
                        if isinstance(record, StartedMatch):
                            await trio.to_thread.run_sync(self._begin, record)
                        else:
                            ratings, skills = await trio.to_thread.run_sync(self._rate, record)
                            self.skills[record.game] = skills
                except sqlite3.Error as error:
                    await self._failed(str(error))
                    await trio.sleep(delay)
                    delay = min(delay * 2, MAX_RETRY_SECONDS)
                    continue
                self.pending.popleft()
                self._gauge()
                delay = FIRST_RETRY_SECONDS
                if self.failure is not None:
                    await self._recovered()
                if self.on_rated is not None and isinstance(record, MatchRecord):
                    self.on_rated(record, ratings)
            self._drained.set()

    def _begin(self, started: StartedMatch) -> None:
        for bot, version in started.versions:
            self.store.add_version(bot, version, started.since)
        self.store.begin_live(started.match_id, started.game, started.seats)

    def _rate(self, record: MatchRecord) -> tuple[dict[str, float], dict[str, Skill]]:
        ratings = self.store.record_rated_match(record, elo_rater(record))
        return ratings, self.store.load_skills(record.game)

    async def _failed(self, why: str) -> None:
        if self.metrics is not None:
            self.metrics.store_write_failures.inc()
        if self.failure is not None:
            return
        self.failure = why
        self.writable = trio.Event()
        log.error("cannot write to the database %r (%s): finished matches are kept in memory "
                  "and written once it works again; no new ladder match starts until then",
                  self.store.path, why, extra={"fields": {
                      "event": "store_failed", "db": self.store.path, "error": why,
                      "unwritten": len(self.unwritten)}})
        if self.set_serving is not None:
            await self.set_serving(False)

    async def _recovered(self) -> None:
        self.failure = None
        self.writable.set()
        log.warning("the database %r takes writes again; %d match(es) still to write",
                    self.store.path, len(self.unwritten), extra={"fields": {
                        "event": "store_recovered", "db": self.store.path,
                        "unwritten": len(self.unwritten)}})
        if self.set_serving is not None:
            await self.set_serving(True)

    @property
    def unwritten(self) -> list[MatchRecord]:
        """The finished matches not written yet."""
        return [r for r in self.pending if isinstance(r, MatchRecord)]

    def _gauge(self) -> None:
        if self.metrics is not None:
            self.metrics.unwritten_matches.set(len(self.unwritten))


def elo_rater(record: MatchRecord) -> Callable[[dict[str, float]], dict[str, float]]:
    """The update of a game's live ratings that a finished ladder match makes."""
    def rate(current: dict[str, float]) -> dict[str, float]:
        assert record.result is not None
        return update_elo(current, record.seats, record.result.ranks)
    return rate
