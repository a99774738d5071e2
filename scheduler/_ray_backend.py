"""The Ray backend: each match of a tournament is a Ray task on a worker of a cluster.

The worker starts the match's bots itself (command bots as processes playing over their
standard streams, in the sandbox as locally; built-in bots in the task), plays the match
with the same runner as the local backend and returns its whole record. The scheduler
process is the only one that touches the store: it plans, skips finished indices, commits
each record as it arrives, calls ``progress`` and ``stop`` exactly as ``play_tournament``
does, and so ratings, ``--resume``, exports and SPRT work unchanged. At most ``concurrency``
tasks are in flight.

A match whose worker dies (killed, out of memory, its node lost) is played once more from
its seed, with ``retried`` set in its record; Ray's own task retries are off so that the
scheduler knows which matches were played twice. A second death stops the tournament with
``WorkerLost`` (``--resume`` plays the match again later).

Ray is imported only when this backend runs: the rest of the arena needs no Ray.
"""

from __future__ import annotations

import importlib
import logging
import os
import signal
import sqlite3
import sys
import threading
from collections import deque
from collections.abc import Callable
from types import ModuleType
from typing import Any

import trio

import engine
from arena.metrics import Metrics

from ._pairings import Pairing
from ._records import MatchRecord
from ._runner import run_match
from ._seating import BotPool
from ._store import Store
from ._tournament import (
    ProgressFn,
    StoreWriteError,
    TournamentConfig,
    check_plan,
    how_to_go_on,
    match_spec,
)

INSTALL_HINT = ("pip install 'space-arena[ray]' (in a checkout: pip install -e '.[ray]'); "
                "the default --backend local needs nothing more")
LOCAL_CPUS = 2  # a Ray started here (no address) is kept small: it shares the machine
_GRACE_SECONDS = 10.0  # how long cancelled matches get to stop their bots at an early stop
_ATTEMPTS = 2  # a match whose worker dies is played once more
log = logging.getLogger("arena.ray")


class RayUnavailable(RuntimeError):
    """``--backend ray`` was asked for, and Ray cannot be imported."""


class WorkerLost(RuntimeError):
    """A match's worker died on its retry too: the tournament stops (resume plays it)."""


# Ray's switch between a multi-node cluster and one machine (on by default on Linux, off on
# macOS and Windows): off, a Ray started here takes loopback as its node's address, and its
# GCS server, raylet, object manager, agents and workers listen on 127.0.0.1 only (measured
# with Ray 2.60: all of them, tests/scheduler/test_ray_backend.py). Ray reads it when imported.
LOOPBACK_ONLY = ("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")


def _starts_local(address: str | None) -> bool:
    """Whether ``connect`` will start a Ray here rather than join one."""
    return not (address or os.environ.get("RAY_ADDRESS"))


def import_ray(address: str | None = None) -> ModuleType:
    """The ``ray`` module; RayUnavailable saying how to install it. Without an ``address``
    (nor ``RAY_ADDRESS``) a local Ray is to be started: the first import sets it up to listen
    on loopback only (``LOOPBACK_ONLY``; an operator's own setting of it is kept)."""
    if _starts_local(address) and "ray" not in sys.modules:
        os.environ.setdefault(*LOOPBACK_ONLY)
    try:
        import ray
    except ImportError as error:
        raise RayUnavailable(f"--backend ray needs Ray, which cannot be imported here "
                             f"({error}): {INSTALL_HINT}") from None
    return ray


def play_on_worker(config_data: dict[str, Any], tournament_id: str, pairing: Pairing,
                   retried: bool, bot_logs: str | None,
                   game_modules: tuple[str, ...] = ()) -> MatchRecord:
    """The Ray task: start the pairing's bots here, play its match, return the record.

    ``bot_logs``: a folder for the bots' logs (a path the worker can write: on a cluster, a
    shared volume), else they are dropped, as with the local backend. ``game_modules``: the
    modules of games the scheduler was given (``--game-module``), imported here so that the
    worker knows their games too (each must be importable on the worker).
    """
    for module in game_modules:
        engine.register(importlib.import_module(module).GAME)
    config = TournamentConfig.from_dict(config_data)
    specs = [s for s in config.bot_specs() if s.name in pairing.seats]
    launch = config.launch(log_dir=bot_logs)

    async def main() -> MatchRecord:
        pool = BotPool(specs, launch=launch, recover=config.recover, game=config.game)
        async with trio.open_nursery() as nursery:  # cancelling it kills the bot processes
            await pool.start(nursery, [pairing.seats])
            try:
                seats = await pool.seats(pairing.seats)
                record = await run_match(match_spec(config, tournament_id, pairing), seats,
                                         config.time_control(), config.fault_policy(),
                                         cpu_clock=config.cpu_clock)
            finally:
                pool.stop()
        record.retried = retried
        return record

    return trio.run(main)


# How long a head given as HOST:PORT may take to accept a connection before Ray is asked
# (Ray itself retries an unreachable head for minutes before it says so).
REACH_TIMEOUT = 5.0


def _check_reachable(address: str) -> None:
    """RayUnavailable at once if ``address`` names a HOST:PORT (or ray://HOST:PORT) that
    accepts no connection; other forms ('auto', a bare host) are left to Ray."""
    import socket

    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_TIMEOUT).close()
    except OSError as error:
        raise RayUnavailable(
            f"nothing accepts connections at {address!r} ({error}; waited up to "
            f"{REACH_TIMEOUT:g} s): give --ray-address HOST:PORT of a running Ray head "
            f"(its GCS port, 6379 by default, or ray://HOST:10001 for Ray Client), or 'auto' "
            f"on one of its nodes") from None


def connect(ray: ModuleType, address: str | None, concurrency: int) -> bool:
    """Connect to the Ray cluster at ``address`` (else ``RAY_ADDRESS``, as a Ray job's driver
    has it), or start a local Ray of at most ``LOCAL_CPUS`` CPUs; whether one was started or
    joined here (and so is to be shut down here). A Ray already initialised is used as is."""
    if ray.is_initialized():
        return False
    if not _starts_local(address):
        address = address or os.environ["RAY_ADDRESS"]
        _check_reachable(address)
        try:
            _init(ray, address=address, logging_level=logging.WARNING)
        except Exception as error:  # noqa: BLE001 - Ray raises many kinds; each is one line
            raise RayUnavailable(f"cannot join the Ray cluster at {address!r}: "
                                 f"{_first_line(error)} (give --ray-address HOST:PORT of its "
                                 f"head, or 'auto' on one of its nodes; none starts a local "
                                 f"Ray){_auth_hint()}") from None
    else:
        cpus = max(1, min(concurrency, LOCAL_CPUS, os.cpu_count() or 1))
        _init(ray, address="local", num_cpus=cpus, include_dashboard=False,
              logging_level=logging.WARNING)
        node = ray.util.get_node_ip_address()
        if not node.startswith("127."):  # Ray was imported before import_ray could set it up
            log.warning("the local Ray listens on every interface (its node address is %s): "
                        "set %s=%s before Ray is imported to keep it on loopback",
                        node, *LOOPBACK_ONLY,
                        extra={"fields": {"event": "ray_not_loopback", "node": node}})
    return True


def _init(ray: ModuleType, **options: Any) -> None:
    """``ray.init(**options)``, with this process's SIGTERM handler kept: a driver's
    ``ray.init`` puts in Ray's own (``sys.exit`` wherever the process is, and the core
    worker's crash handler, which aborts it), and SIGTERM then ended a tournament with a
    stack dump and exit -6 or 1 instead of the clean stop and the line that says how to
    resume, which Ctrl-C gives."""
    keep = threading.current_thread() is threading.main_thread()
    previous = signal.getsignal(signal.SIGTERM) if keep else None
    try:
        ray.init(**options)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def _auth_hint() -> str:
    """What to check when joining failed: Ray's token authentication, unless it is set up
    here (a cluster that requires it refuses a driver without it, and Ray's message speaks
    of the address it could not reach instead)."""
    if os.environ.get("RAY_AUTH_MODE") == "token" and (
            os.environ.get("RAY_AUTH_TOKEN") or os.environ.get("RAY_AUTH_TOKEN_PATH")):
        return ("; RAY_AUTH_MODE=token is set here: check that RAY_AUTH_TOKEN (or the file "
                "RAY_AUTH_TOKEN_PATH names) holds the cluster's token")
    return ("; if the cluster requires token authentication (started with "
            "RAY_AUTH_MODE=token), set RAY_AUTH_MODE=token and RAY_AUTH_TOKEN (or "
            "RAY_AUTH_TOKEN_PATH) here too (docs/operations.md)")


def play_tournament_on_ray(
    store: Store,
    tournament_id: str,
    *,
    address: str | None = None,
    metrics: Metrics | None = None,
    progress: ProgressFn | None = None,
    stop: Callable[[MatchRecord], bool] | None = None,
    bot_logs: str | None = None,
    game_modules: tuple[str, ...] = (),
) -> int:
    """``play_tournament`` with every match a Ray task; returns how many were recorded.

    ``bot_logs``: the folder every worker writes its bots' logs in; ``game_modules``: modules
    of games registered here (``--game-module``) that the workers import. RayUnavailable without
    Ray; WorkerLost when a match's worker dies twice; a bot that cannot start raises its
    BotStartError here, as on the local backend.
    """
    ray = import_ray(address)
    row = store.tournament(tournament_id)
    config = TournamentConfig.from_dict(row.config)
    kind = row.config.get("kind", "tournament")
    done = store.finished_indices(tournament_id)
    schedule = config.schedule()
    check_plan(schedule, row)
    todo = deque(p for p in schedule if p.index not in done)
    played = 0
    with store.claim(tournament_id):
        started = connect(ray, address, config.concurrency)
        task = ray.remote(max_retries=0)(play_on_worker)  # retried here, to be recorded
        lost = _lost_errors(ray)
        pending: dict[Any, tuple[Pairing, int]] = {}

        def submit(pairing: Pairing, attempt: int) -> None:
            ref = task.remote(config.to_dict(), tournament_id, pairing, attempt > 1, bot_logs,
                              game_modules)
            pending[ref] = (pairing, attempt)

        def record(result: MatchRecord) -> None:
            nonlocal played
            try:
                if store.record_match(result):
                    played += 1
            except sqlite3.Error as error:
                raise StoreWriteError.keeping(store, result, error, kind) from None
            if metrics is not None:
                count(metrics, result)
            if progress is not None:
                progress(result, len(done) + played, len(schedule))

        try:
            stopped = False
            while not stopped and (todo or pending):
                while todo and len(pending) < config.concurrency:
                    submit(todo.popleft(), 1)
                (ready,), _ = ray.wait(list(pending), num_returns=1)
                pairing, attempt = pending.pop(ready)
                try:
                    result = ray.get(ready)
                except lost as error:
                    if attempt >= _ATTEMPTS:
                        raise WorkerLost(
                            f"match {tournament_id}-{pairing.index:05d}: its worker died "
                            f"{attempt} times ({type(error).__name__}); every match before "
                            f"is recorded: {how_to_go_on(kind, tournament_id, store.path)}"
                            ) from None
                    print(f"arena: match {tournament_id}-{pairing.index:05d}: its Ray worker "
                          f"died ({type(error).__name__}); playing it again from its seed",
                          file=sys.stderr, flush=True)
                    submit(pairing, attempt + 1)
                    continue
                except ray.exceptions.RayTaskError as error:
                    raise _cause(error) from None
                record(result)
                stopped = stop is not None and stop(result)
            # Stopped early: what ends within the grace is recorded, as locally; the rest is
            # cancelled (a KeyboardInterrupt in the task: its bots are killed on the way out).
            _drain(ray, pending, record)
        finally:
            for ref in pending:
                ray.cancel(ref)
            if started:
                ray.shutdown()
    if len(store.finished_indices(tournament_id)) == len(schedule):
        store.finish_tournament(tournament_id)
    return played


def _drain(ray: ModuleType, pending: dict[Any, tuple[Pairing, int]],
           record: Callable[[MatchRecord], None]) -> None:
    """Cancel the matches still in flight, recording those that finished meanwhile."""
    if not pending:
        return
    finished, _ = ray.wait(list(pending), num_returns=len(pending), timeout=0)
    for ref in list(pending):
        if ref not in finished:
            ray.cancel(ref)
    ended, _ = ray.wait(list(pending), num_returns=len(pending), timeout=_GRACE_SECONDS)
    for ref in ended:
        del pending[ref]
        try:
            result = ray.get(ref)
        except ray.exceptions.RayError:  # cancelled, or lost: nothing to record
            continue
        record(result)


def _lost_errors(ray: ModuleType) -> tuple[type[BaseException], ...]:
    """Ray's errors for a task whose worker process (or node) went away."""
    names = ("WorkerCrashedError", "NodeDiedError", "LocalRayletDiedError", "OutOfMemoryError")
    return tuple(getattr(ray.exceptions, n) for n in names if hasattr(ray.exceptions, n))


def _cause(error: Any) -> BaseException:
    """The exception a task raised (a bot that cannot start: BotStartError, as locally)."""
    cause = getattr(error, "cause", None)
    return cause if isinstance(cause, BaseException) else error


def count(metrics: Metrics, record: MatchRecord) -> None:
    """Count a worker's match in the scheduler's metrics, as the runner counts a local one:
    the match by termination, its decisions and their latency (defaults excluded), faults."""
    assert record.result is not None
    game = record.game
    metrics.matches.labels(game, record.result.termination.value).inc()
    answered = [a.time_used for step in record.steps for a in step if not a.defaulted]
    metrics.decisions.labels(game).inc(len(answered))
    latency = metrics.decision_latency.labels(game)
    for used in answered:
        latency.observe(used)
    faults = record.faults
    metrics.timeouts.labels(game).inc(sum(f.timeouts for f in faults))
    metrics.illegal_actions.labels(game).inc(sum(f.illegal + f.malformed for f in faults))
    metrics.disconnects.labels(game).inc(sum(f.crashes + f.disconnects for f in faults))
