"""The continuous ladder of ``arena serve``: rated matches among the connected bots, matched
by skill (``_matchmaking``) at one or several player counts."""

from __future__ import annotations

import itertools
import logging
import math
import random
import secrets
import time
from collections.abc import Sequence

import trio

import engine
from arena import Arena, RemoteSeat
from arena._hub import BotSession
from arena.metrics import Metrics

from ._matchmaking import Candidate, Pairing, choose_match
from ._records import Faults, MatchRecord
from ._runner import MatchSpec, run_match
from ._store import Store
from ._timecontrol import FaultPolicy, TimeControl
from ._writer import LadderWriter, StartedMatch

log = logging.getLogger("arena.ladder")


async def run_ladder(
    arena: Arena,
    store: Store,
    games: list[str],
    *,
    players: Sequence[int] = (2,),
    control: TimeControl,
    policy: FaultPolicy = FaultPolicy(),
    concurrency: int = 4,
    metrics: Metrics | None = None,
    max_matches: int | None = None,
    start_bots: int = 0,
) -> int:
    """Match connected bots that play a game, forever (or ``max_matches``), each match at
    one of the player counts ``players``; returns the matches played. ``start_bots``: no
    match starts before this many bots (by name) are connected (a competition that opens
    once its field is in, rather than with the first two bots to come).

    Match seeds and pairings come from the OS's secure random source; match ids from a
    counter and that source, so that neither tells anything of a seed.
    """
    rng = random.SystemRandom()
    limiter = trio.CapacityLimiter(concurrency)
    counter = itertools.count(1)
    played = 0
    for game in games:
        for count in players:
            engine.get(game).info.check_players(count)
        if metrics is not None:
            for bot, elo in store.load_ratings(game).items():
                metrics.rating.labels(game, bot).set(elo)

    finished = trio.Event()

    def rated(record: MatchRecord, ratings: dict[str, float]) -> None:
        if metrics is not None:
            for bot, elo in ratings.items():
                metrics.rating.labels(record.game, bot).set(elo)

    writer = LadderWriter(store, metrics=metrics, on_rated=rated, set_serving=arena.set_serving)
    # The skills as the recorded ladder matches give them (an older database had none).
    writer.skills = {game: store.rebuild_skills(game) for game in games}
    starts = 0  # ladder matches started so far
    # By free bot: ``starts`` when it last started a match or became free (connected, or
    # its matches took all its room and one ended).
    last_start: dict[str, int] = {}

    async def play(game: str, sessions: list[BotSession], match_id: str, slot: object) -> None:
        nonlocal played, finished
        try:
            seats = [RemoteSeat(s) for s in sessions]
            spec = MatchSpec(match_id, game, rng.getrandbits(62))  # never logged
            names = [s.name for s in sessions]
            log.info("match %s started: %s, %s", match_id, game, " vs ".join(names),
                     extra={"fields": {"event": "match_started", "match_id": match_id,
                                       "game": game, "seats": names}})
            record = await run_match(spec, seats, control, policy, metrics=metrics,
                                     feeds=arena.hub.feeds)
            _log_finished(record)
            for name, faults in zip(record.seats, record.faults, strict=False):
                if (paused := arena.hub.record_outcome(name, _fault(faults))) is not None:
                    # A ladder whose bots are all paused waits: say why in the server's log.
                    log.warning("bot %s gets no ladder match for a while: %s", name, paused,
                                extra={"fields": {"event": "bot_paused", "bot": name}})
            writer.put(record)
            played += 1
        finally:
            for session in sessions:
                session.matches.discard(match_id)
            limiter.release_on_behalf_of(slot)
            finished.set()
            finished = trio.Event()

    said_paused: frozenset[str] = frozenset()

    async def wait_for_change() -> None:
        nonlocal said_paused
        pauses = {s.name: left for s in arena.hub.sessions
                  if (left := arena.hub.paused_for(s.name))}
        if pauses and pauses.keys() != said_paused:
            # Without this line a ladder held up by its paused bots would wait in silence.
            log.warning("the ladder waits: %s", _waiting_for(pauses),
                        extra={"fields": {"event": "ladder_waits", "paused": sorted(pauses)}})
        said_paused = frozenset(pauses)
        # A paused bot comes back by itself: wait no longer than the first pause lasts.
        with trio.move_on_after(min(pauses.values(), default=math.inf)):
            await _changed()

    async def _changed() -> None:
        # Both events are taken now, in the step that found nothing to play, not when the
        # waiting tasks first run: bots that connected (or a match that ended) in between
        # set the events before anyone waited, and the ladder stalled for good.
        events = (arena.hub.changed, finished)
        async with trio.open_nursery() as race:
            for event in events:
                race.start_soon(_cancel_when_set, event, race.cancel_scope)

    def next_match() -> tuple[Pairing, list[BotSession]] | None:
        ready = _ready(arena, games)
        for name in set(last_start) - set(ready):
            del last_start[name]  # gone, or busy: its wait counts again once it is free
        for name in ready:
            last_start.setdefault(name, starts)
        candidates = [Candidate(name, frozenset(g for g in games
                                                if any(s.plays(g) for s in sessions)),
                                starts - last_start[name])
                      for name, sessions in sorted(ready.items())]
        pairing = choose_match(candidates, players, writer.skills, rng)
        if pairing is None:
            return None
        return pairing, [min((s for s in ready[n] if s.plays(pairing.game)),
                             key=lambda s: len(s.matches)) for n in pairing.bots]

    async def _pair(nursery: trio.Nursery) -> None:
        nonlocal starts
        while len({s.name for s in arena.hub.sessions}) < start_bots:
            await _changed()
        while max_matches is None or starts < max_matches:
            await writer.writable.wait()  # no new match while the database refuses writes
            slot = object()
            await limiter.acquire_on_behalf_of(slot)
            while (found := next_match()) is None:
                await wait_for_change()
            pairing, sessions = found
            game = pairing.game
            match_id = f"ladder-{game}-{next(counter):06d}-{secrets.token_hex(3)}"
            for session in sessions:
                session.take(match_id)  # reserve room before the task starts
                last_start[session.name] = starts + 1
            writer.put(StartedMatch(match_id, game, pairing.bots,
                                    tuple((s.name, s.version) for s in sessions if s.version),
                                    time.time()))
            nursery.start_soon(play, game, sessions, match_id, slot)
            starts += 1

    async with trio.open_nursery() as writing:
        writing.start_soon(writer.run)
        try:
            async with trio.open_nursery() as nursery:
                await _pair(nursery)
            await writer.drained()  # every finished match is written before the end
        finally:
            _keep_unwritten(writer)
        writing.cancel_scope.cancel()
    return played


async def _cancel_when_set(event: trio.Event, scope: trio.CancelScope) -> None:
    await event.wait()
    scope.cancel()


def _keep_unwritten(writer: LadderWriter) -> None:
    """Stopped while the database refused writes: keep what is left beside it, for the next
    start (``Store.import_unsaved``), or say what is lost."""
    kept = 0
    unwritten = writer.unwritten
    try:
        for record in unwritten:
            writer.store.keep_unsaved(record)
            kept += 1
    except OSError as error:
        log.error("%d finished match(es) could not be kept (%s) and are lost",
                  len(unwritten) - kept, error, extra={"fields": {
                      "event": "matches_lost", "matches": [r.match_id for r in unwritten[kept:]]}})
    if kept:
        log.warning("%d finished match(es) the database refused are kept in %s; the next "
                    "`arena serve` on it writes them", kept, writer.store.unsaved_path,
                    extra={"fields": {"event": "matches_kept",
                                      "file": str(writer.store.unsaved_path),
                                      "matches": [r.match_id for r in unwritten[:kept]]}})


def _log_finished(record: MatchRecord) -> None:
    """The match's end in the log: its result and why it ended (never its seed)."""
    result = record.result
    assert result is not None
    log.info("match %s finished: %s (%s%s)", record.match_id,
             ", ".join(f"{name} {score:g}" for name, score in zip(record.seats, result.scores,
                                                                   strict=False)),
             result.termination.value, f": {result.reason}" if result.reason else "",
             extra={"fields": {"event": "match_finished", "match_id": record.match_id,
                               "game": record.game, "seats": list(record.seats),
                               "scores": list(result.scores), "ranks": list(result.ranks),
                               "termination": result.termination.value,
                               "reason": result.reason}})


def _fault(faults: Faults) -> str | None:
    """What went wrong for a seat that pauses bots in a streak (time, crash, disconnect)."""
    if faults.timeouts:
        return "timeout"
    if faults.crashes:
        return "crash"
    if faults.disconnects:
        return "disconnect"
    return None


def _waiting_for(pauses: dict[str, float]) -> str:
    """Why no ladder match starts while bots are paused (``pauses``: name -> seconds left)."""
    shown = ", ".join(f"{name} ({left:.0f} s)" for name, left in sorted(pauses.items()))
    return (f"{len(pauses)} bot(s) paused for faults: {shown}; the next match when one comes "
            "back or another bot connects")


def _ready(arena: Arena, games: list[str]) -> dict[str, list[BotSession]]:
    """The connected bots free for a ladder match (room, not paused, a ladder game), by
    name: their sessions that could take it."""
    ready: dict[str, list[BotSession]] = {}
    for s in arena.hub.sessions:
        if s.has_room() and not arena.hub.paused_for(s.name) and any(map(s.plays, games)):
            ready.setdefault(s.name, []).append(s)
    return ready
