"""The continuous ladder of ``arena serve``: rated matches among the connected bots."""

from __future__ import annotations

import itertools
import math
import random
import secrets

import trio

import engine
from arena import Arena, RemoteSeat
from arena._hub import BotSession
from arena.metrics import Metrics

from ._ratings import update_elo
from ._records import Faults, MatchRecord
from ._runner import MatchSpec, run_match
from ._store import Store
from ._timecontrol import FaultPolicy, TimeControl
from ._tournament import commit_match


async def run_ladder(
    arena: Arena,
    store: Store,
    games: list[str],
    *,
    players: int = 2,
    control: TimeControl,
    policy: FaultPolicy = FaultPolicy(),
    concurrency: int = 4,
    seed: int | None = None,
    metrics: Metrics | None = None,
    max_matches: int | None = None,
) -> int:
    """Pair connected bots that play a game, forever (or ``max_matches``); returns matches.

    Match seeds come from the OS's secure random source, or with ``seed`` (tests) from a
    stream seeded with it; match ids come from a counter and the secure source alone, so
    that neither tells anything of a seed.
    """
    rng: random.Random = random.Random(seed) if seed is not None else random.SystemRandom()
    limiter = trio.CapacityLimiter(concurrency)
    counter = itertools.count(1)
    played = 0
    for game in games:
        engine.get(game).info.check_players(players)
        if metrics is not None:
            for bot, elo in store.load_ratings(game).items():
                metrics.rating.labels(game, bot).set(elo)

    finished = trio.Event()
    writes = trio.CapacityLimiter(1)  # see commit_match

    def record_rated(record: MatchRecord) -> dict[str, float]:
        store.record_match(record)
        assert record.result is not None
        ratings = update_elo(store.load_ratings(record.game), record.seats, record.result.ranks)
        store.save_ratings(record.game, ratings)
        return ratings

    async def play(game: str, sessions: list[BotSession], match_id: str, slot: object) -> None:
        nonlocal played, finished
        try:
            seats = [RemoteSeat(s) for s in sessions]
            spec = MatchSpec(match_id, game, rng.getrandbits(62))
            record = await run_match(spec, seats, control, policy, metrics=metrics,
                                     feeds=arena.hub.feeds)
            for name, faults in zip(record.seats, record.faults, strict=False):
                arena.hub.record_outcome(name, _fault(faults))
            ratings = await commit_match(record_rated, record, writes, while_locked=True)
            if metrics is not None:
                for bot, elo in ratings.items():
                    metrics.rating.labels(game, bot).set(elo)
            played += 1
        finally:
            for session in sessions:
                session.matches.discard(match_id)
            limiter.release_on_behalf_of(slot)
            finished.set()
            finished = trio.Event()

    async def wait_for_change() -> None:
        # A paused bot comes back by itself: wait no longer than the first pause lasts.
        pauses = [left for s in arena.hub.sessions if (left := arena.hub.paused_for(s.name))]
        with trio.move_on_after(min(pauses, default=math.inf)):
            await _changed()

    async def _changed() -> None:
        async with trio.open_nursery() as race:
            async def hub_changed() -> None:
                await arena.hub.wait_changed()
                race.cancel_scope.cancel()

            async def match_finished() -> None:
                await finished.wait()
                race.cancel_scope.cancel()

            race.start_soon(hub_changed)
            race.start_soon(match_finished)

    async with trio.open_nursery() as nursery:
        started = 0
        while max_matches is None or started < max_matches:
            slot = object()
            await limiter.acquire_on_behalf_of(slot)
            while (found := _playable(arena, games, players, rng)) is None:
                await wait_for_change()
            game, ready, names = found
            chosen = rng.sample(names, players)
            sessions = [min((s for s in ready if s.name == n), key=lambda s: len(s.matches))
                        for n in chosen]
            match_id = f"ladder-{game}-{next(counter):06d}-{secrets.token_hex(3)}"
            for session in sessions:
                session.take(match_id)  # reserve room before the task starts
            nursery.start_soon(play, game, sessions, match_id, slot)
            started += 1
    return played


def _fault(faults: Faults) -> str | None:
    """What went wrong for a seat that pauses bots in a streak (time, crash, disconnect)."""
    if faults.timeouts:
        return "timeout"
    if faults.crashes:
        return "crash"
    if faults.disconnects:
        return "disconnect"
    return None


def _playable(arena: Arena, games: list[str], players: int, rng: random.Random
              ) -> tuple[str, list[BotSession], list[str]] | None:
    """A game (tried in random order) with enough distinct connected bots that have room:
    the game, those sessions and the bots' names; None if no game has."""
    for game in rng.sample(games, len(games)):
        ready = [s for s in arena.hub.sessions
                 if s.plays(game) and s.has_room() and not arena.hub.paused_for(s.name)]
        names = sorted({s.name for s in ready})
        if len(names) >= players:
            return game, ready, names
    return None
