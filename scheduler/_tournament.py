"""Tournaments: plan, play with N concurrent matches, record each one, resume after a kill.

The plan (every pairing with its index) is stored before the first match, and a match is
stored in one transaction when it ends, so a killed tournament restarts exactly where it
stopped: finished indices are skipped, matches in flight are played again from their seed.
"""

from __future__ import annotations

import random
import secrets
import shlex
import sqlite3
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

import trio

import bots
import engine
from arena._launcher import Launch, Limits
from arena._sandbox import resolve as resolve_sandbox
from arena.metrics import Metrics

from ._pairings import Pairing, Schedule, gauntlet, round_robin
from ._records import MatchRecord
from ._runner import MatchSpec, run_match
from ._seating import BotPool, BotSpec
from ._store import Store, TournamentRow
from ._timecontrol import FaultPolicy, TimeControl

T = TypeVar("T")


@dataclass(frozen=True)
class TournamentConfig:
    """Everything that defines a tournament (stored as JSON with it, reused by --resume)."""

    game: str
    bots: tuple[str, ...]
    players: int = 2
    rounds: int = 1
    concurrency: int = 2
    move_time: float | None = 0.5
    clock: str | None = None
    margin: float = 0.05
    seed: int = 1  # the CLI draws it from secure_seed() unless --seed asks for one
    reproducible: bool = False  # --seed was given: the bots' seeds are fixed by the plan too
    options: dict[str, Any] = field(default_factory=dict)
    policy: str = "forfeit"
    max_strikes: int | None = None
    gauntlet: str | None = None
    max_matches: int | None = None
    recover: bool = False
    memory_mb: int = 2048
    cpu_seconds: int = 0
    sandbox: str = "auto"  # auto | required | none (see arena._sandbox)
    bot_env: tuple[str, ...] = ()  # NAME=VALUE for the launched bots' environment
    cpu_clock: bool = False  # launched bots are charged the CPU time they use (wall-capped)
    max_processes: int = 64
    tmp_mb: int = 256  # a sandboxed bot's /tmp and /dev/shm, each (older stored runs: this)

    def check(self) -> None:
        """Validate everything before anything starts; ValueError/EngineError say what."""
        # A match set up with them: some options hold only with some player counts.
        engine.get(self.game).new_match(self.players, 0, self.options)
        specs = self.bot_specs()
        names = [s.name for s in specs]
        if len(set(names)) != len(names):
            raise ValueError(f"bot names must be unique, got {names}")
        for spec in specs:
            plays = bots.builtin(spec.builtin).games if spec.builtin is not None else ()
            if plays and self.game not in plays:
                raise ValueError(f"bot {spec.name!r} (builtin:{spec.builtin}) plays only "
                                 f"{', '.join(plays)}, not {self.game}")
        if self.gauntlet is not None and self.gauntlet not in names:
            raise ValueError(f"gauntlet bot {self.gauntlet!r} is not among the bots {names}")
        if self.concurrency < 1:
            raise ValueError(f"concurrency must be at least 1, got {self.concurrency}")
        if self.tmp_mb < 1:
            raise ValueError(f"bad --tmp-mb {self.tmp_mb}: a bot's /tmp is never unbounded; "
                             f"accepted: 1 or more (MB)")
        self.bot_environment()
        self.time_control()
        self.fault_policy()
        self.schedule()

    def bot_specs(self) -> list[BotSpec]:
        """The parsed --bot values."""
        return [BotSpec.parse(text) for text in self.bots]

    def bot_environment(self) -> tuple[tuple[str, str], ...]:
        """The ``--bot-env`` pairs; ValueError naming a bad one."""
        pairs = []
        for text in self.bot_env:
            name, sep, value = text.partition("=")
            if not sep or not name or not name.replace("_", "").isalnum() or name[0].isdigit():
                raise ValueError(f"bad --bot-env {text!r}; accepted: NAME=VALUE, NAME made of "
                                 f"letters, digits and _")
            if name.startswith("ARENA_"):
                raise ValueError(f"--bot-env {name}: the ARENA_ variables are the arena's own")
            pairs.append((name, value))
        return tuple(pairs)

    def launch(self, hidden: tuple[str, ...] = (), log_dir: str | None = None,
               grace: float = 2.0, startup_timeout: float = 60.0) -> Launch:
        """How this tournament starts its bot processes (the sandbox level resolved here:
        SandboxUnavailable for ``required`` where there is none)."""
        return Launch(Limits(self.memory_mb, self.cpu_seconds, self.max_processes,
                             self.tmp_mb),
                      sandboxed=resolve_sandbox(self.sandbox), env=self.bot_environment(),
                      hidden=hidden, grace=grace, log_dir=log_dir,
                      startup_timeout=startup_timeout)

    def time_control(self) -> TimeControl:
        """The clock (``BASE+INC``) if given, else the fixed time per move."""
        if self.clock:
            return TimeControl.parse_clock(self.clock, self.margin)
        return TimeControl.per_move(self.move_time or 0.5, self.margin)

    def fault_policy(self) -> FaultPolicy:
        """The policy on faults."""
        return FaultPolicy(self.policy, self.max_strikes)

    def schedule(self) -> Schedule:
        """The planned pairings (deterministic from the seed)."""
        names = [s.name for s in self.bot_specs()]
        if self.gauntlet is not None:
            field_ = [n for n in names if n != self.gauntlet]
            return gauntlet(self.gauntlet, field_, self.players, self.rounds,
                            self.max_matches, self.seed)
        return round_robin(names, self.players, self.rounds, self.max_matches, self.seed)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        data = asdict(self)
        data["bots"] = list(self.bots)
        data["bot_env"] = list(self.bot_env)
        return data

    @staticmethod
    def from_dict(data: dict[str, Any]) -> TournamentConfig:
        """Inverse of ``to_dict``; ValueError naming keys this version does not know (the
        "kind" of run the store keeps beside them, as `sprt` does, is not one of them)."""
        data = {k: v for k, v in data.items() if k != "kind"}
        unknown = sorted(set(data) - set(TournamentConfig.__dataclass_fields__))
        if unknown or "bots" not in data or "game" not in data:
            raise ValueError(f"stored tournament config has unknown keys {unknown} or lacks "
                             f"game/bots; it was written by another version of the arena")
        return TournamentConfig(**{**data, "bots": tuple(data["bots"]),
                                   "bot_env": tuple(data.get("bot_env", ()))})


def fill_seats(bot_texts: Sequence[str], players: int) -> tuple[list[str], list[str]]:
    """``bot_texts`` (``--bot`` values) with in-process random bots added until there are
    ``players`` of them, as ``arena play`` seats random bots: a 5-player game with two bots
    of one's own is then a tournament of five. Returns the bots and the names added
    (``random``, else ``random-2``, ``random-3``... whichever are free). ValueError or
    LookupError (an unknown built-in) for a value that does not parse, naming what is
    accepted."""
    names = {BotSpec.parse(text).name for text in bot_texts}
    added: list[str] = []
    number = 1
    while len(bot_texts) + len(added) < players:
        name = "random" if number == 1 else f"random-{number}"
        number += 1
        if name not in names:
            added.append(name)
    return [*bot_texts, *(f"{name}=builtin:random" for name in added)], added


def check_plan(schedule: Schedule, row: TournamentRow) -> None:
    """ValueError unless ``schedule`` is the plan stored with the tournament (an arena of
    another version may plan the same config otherwise: its matches would mix two plans)."""
    if tuple(sorted(schedule.pairs())) != row.schedule:
        raise ValueError(f"tournament {row.id} was planned differently by the version of the "
                         f"arena that created it; resume it with that version")


def secure_seed() -> int:
    """A seed from the operating system's secure random source (nothing can predict it)."""
    return secrets.randbits(62)


def match_seed(tournament_seed: int, pairing: Pairing) -> int:
    """The seed of a pairing's match: shared by all seat rotations of one group in one round,
    so that every bot meets the same deal from every seat (luck cancels as seats do)."""
    group = ",".join(sorted(pairing.seats))
    return random.Random(f"{tournament_seed}/{pairing.round}/{group}").getrandbits(62)


def same_deal(config: TournamentConfig) -> dict[int, frozenset[int]]:
    """For every planned index, the indices that play the same seed (its seat rotations)."""
    by_seed: dict[int, set[int]] = {}
    plan = [(p.index, match_seed(config.seed, p)) for p in config.schedule()]
    for index, seed in plan:
        by_seed.setdefault(seed, set()).add(index)
    return {index: frozenset(by_seed[seed]) for index, seed in plan}


def deal_of(pairing: Pairing) -> tuple[int, tuple[str, ...]]:
    """The deal a pairing plays, shared by its seat rotations (as ``match_seed`` is)."""
    return pairing.round, tuple(sorted(pairing.seats))


def match_spec(config: TournamentConfig, tournament_id: str, pairing: Pairing) -> MatchSpec:
    """The match a pairing of the tournament plays (the same on every backend)."""
    return MatchSpec(f"{tournament_id}-{pairing.index:05d}", config.game,
                     match_seed(config.seed, pairing), config.options, tournament_id,
                     pairing.index, bot_seed=pairing.index if config.reproducible else None)


ProgressFn = Callable[[MatchRecord, int, int], None]


async def play_tournament(
    store: Store,
    tournament_id: str,
    *,
    launch: Launch | None = None,
    metrics: Metrics | None = None,
    progress: ProgressFn | None = None,
    stop: Callable[[MatchRecord], bool] | None = None,
) -> int:
    """Play every unfinished match of a stored tournament; returns how many were played.

    ``launch``: how bot processes start (default: as the config says, with the database's
    files hidden from them). ``stop(record)`` returning True after a match ends the
    tournament early (SPRT); it is not called again, though matches that end in the same
    moment are still recorded. The stored plan is played; ValueError if this version would
    plan the tournament otherwise.
    """
    row = store.tournament(tournament_id)
    kind = row.config.get("kind", "tournament")
    config = TournamentConfig.from_dict(row.config)
    done = store.finished_indices(tournament_id)
    schedule = config.schedule()
    check_plan(schedule, row)
    todo = [p for p in schedule if p.index not in done]
    control, policy = config.time_control(), config.fault_policy()
    pool = BotPool(config.bot_specs(), launch=launch or config.launch(store.private_paths()),
                   recover=config.recover, game=config.game, metrics=metrics)
    played = 0
    stopped = False
    writes = trio.CapacityLimiter(1)  # see commit_match
    work_send, work_receive = trio.open_memory_channel[Pairing](len(todo) or 1)
    for pairing in todo:
        work_send.send_nowait(pairing)
    work_send.close()

    async def worker(workers: trio.CancelScope) -> None:
        nonlocal played, stopped
        async for pairing in work_receive:
            seats = await pool.seats(pairing.seats, deal_of(pairing))
            spec = match_spec(config, tournament_id, pairing)
            record = await run_match(spec, seats, control, policy, metrics=metrics,
                                     cpu_clock=config.cpu_clock)
            try:
                if await commit_match(store.record_match, record, writes):
                    played += 1
            except sqlite3.Error as error:
                raise StoreWriteError.keeping(store, record, error, kind) from None
            if progress is not None:
                progress(record, len(done) + played, len(schedule))
            if stop is not None and not stopped and stop(record):
                stopped = True
                workers.cancel()

    with store.claim(tournament_id):
        async with trio.open_nursery() as nursery:  # cancelling it kills the bot processes
            await pool.start(nursery, [p.seats for p in todo[:config.concurrency]])
            try:
                async with trio.open_nursery() as workers:
                    for _ in range(min(config.concurrency, max(len(todo), 1))):
                        workers.start_soon(worker, workers.cancel_scope)
            finally:
                pool.stop()
    if len(store.finished_indices(tournament_id)) == len(schedule):
        store.finish_tournament(tournament_id)
    return played


async def commit_match(write: Callable[[MatchRecord], T], record: MatchRecord,
                       limiter: trio.CapacityLimiter, *, while_locked: bool = False) -> T:
    """``write(record)`` on a worker thread, one at a time per ``limiter`` (the store has one
    connection): a commit that waits on another process's lock must not stall every match's
    clock meanwhile. Shielded: a match that has ended is recorded even while the tournament
    is being stopped. ``while_locked``: try again, for as long as it takes, when the database
    stays locked past its busy timeout (a server must neither lose the match nor stop)."""
    while True:
        try:
            with trio.CancelScope(shield=True):
                return await trio.to_thread.run_sync(write, record, limiter=limiter)
        except sqlite3.OperationalError as error:
            if not while_locked or "locked" not in str(error):
                raise
            print(f"arena: match {record.match_id} not recorded yet ({error}); trying again",
                  file=sys.stderr, flush=True)
        try:
            await trio.sleep(0.5)  # in case the lock was refused at once (no busy wait)
        except trio.Cancelled:
            print(f"arena: stopped before match {record.match_id} could be recorded",
                  file=sys.stderr, flush=True)
            raise


def how_to_go_on(kind: str, tid: str, db: str | None = None) -> str:
    """How to finish run ``tid`` of ``kind`` (tournament, gauntlet, sprt) stored in ``db``
    (None: the default database): the command that resumes it, or, for sprt, which has no
    resume, what to do instead. Every message that tells how to go on says it this way."""
    if kind == "sprt":
        return "run the sprt again: it has no resume (its finished matches stay in the database)"
    where = "" if db is None else f" --db {shlex.quote(db)}"
    return f"go on with `arena {kind} --resume {tid}{where}`"


class StoreWriteError(Exception):
    """The database refused a finished match: the tournament stops, the match is kept."""

    @staticmethod
    def keeping(store: Store, record: MatchRecord, error: Exception,
                kind: str = "tournament") -> StoreWriteError:
        """The error to raise, once ``record`` is kept for ``--resume`` if it can be
        (``kind``: the command of the run, as the store has it: tournament, gauntlet, sprt)."""
        try:
            where = f"it is kept in {store.keep_unsaved(record)} and recorded by --resume"
        except OSError as also:
            where = f"it could not be kept either ({also.strerror}): --resume plays it again"
        then = how_to_go_on(kind, record.tournament_id or "", store.path)
        return StoreWriteError(
            f"the database {store.path!r} refused match {record.match_id} ({error}); {where}. "
            f"Every match before it is recorded: free the disk or fix the file, then {then}")
