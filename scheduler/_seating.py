"""Seats for a tournament's bots: reference bots in-process, others as launched processes."""

from __future__ import annotations

import contextlib
import itertools
import sys
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import trio

import bots
from arena import Hub, RemoteSeat, Seat, SeatFault
from arena._hub import BotSession
from arena._launcher import BotProcess, Launch, parse_bot
from arena._pipes import PipeConnection, PipeRefused
from arena._seats import Request
from arena.metrics import Metrics
from arena.v1 import arena_service_pb2 as pb
from engine import Termination

# Seconds after which a bot that has not said Hello yet is reported as awaited (once).
STILL_WAITING_AFTER = 5.0


def _telling(lines: Sequence[str], count: int) -> list[str]:
    """The last ``count`` of a bot's stderr lines that say something: not blank, and not the
    markers (``^^^^``, ``~~~``) under a line of Python's tracebacks."""
    return [line for line in lines if line.strip(" \t^~")][-count:]


class BotStartError(RuntimeError):
    """A launched bot that could not start playing, with the last lines of its stderr;
    ``refused_hello``: its Hello, if that is what the arena refused."""

    def __init__(self, message: str, stderr_tail: Sequence[str] = (),
                 refused_hello: pb.Hello | None = None) -> None:
        self.refused_hello = refused_hello
        lines = _telling(stderr_tail, 8)
        if lines:
            message += "; its last stderr lines:\n" + "\n".join(f"    {x}" for x in lines)
        super().__init__(message)


@dataclass(frozen=True)
class BotSpec:
    """A bot of a tournament: ``builtin:NAME``, ``NAME=builtin:KIND`` or ``NAME=COMMAND``."""

    name: str
    builtin: str | None = None
    command: str | None = None

    @staticmethod
    def parse(text: str) -> BotSpec:
        """Parse a --bot value; ValueError naming what is accepted."""
        if text.startswith("builtin:"):
            name, command = text.removeprefix("builtin:"), text
        else:
            name, command = parse_bot(text)
        if command.startswith("builtin:"):
            kind = command.removeprefix("builtin:")
            bots.builtin(kind)
            return BotSpec(name, builtin=kind)
        return BotSpec(name, command=command)


def process_command(kind: str) -> str:
    """The command that runs reference bot ``kind`` as its own process."""
    return f"{sys.executable} -m bots.run {kind}"


class BuiltinSeat(Seat):
    """A reference bot (``kind``), or any bot made by a factory such as a ``Bot`` class,
    called directly in the match's task (no transport)."""

    blocking = True

    def __init__(self, name: str, kind: str | Callable[[pb.MatchStarted], bots.Bot]) -> None:
        self.name = name
        self._cls = bots.builtin(kind) if isinstance(kind, str) else kind
        self._bot: bots.Bot | None = None
        self._broken: SeatFault | None = None

    async def start(self, match: pb.MatchStarted) -> None:
        """Make the bot for this match (a bot that fails to is a crash at its first decision:
        its bug must not end the match for the others)."""
        try:
            self._bot = self._cls(match)
        except Exception as error:  # noqa: BLE001 - a bot's bug is a crash of that seat
            self._broken = SeatFault(Termination.CRASH,
                                     f"{self.name} raised {bots.failure(error)}")

    async def decide(self, request: Request) -> int:
        """Ask the bot (a checkpoint first, so that a cancelled match stops here)."""
        await trio.lowlevel.checkpoint()
        if self._broken is not None:
            raise self._broken
        assert self._bot is not None
        try:
            return self._bot.decide(request)
        except Exception as error:  # noqa: BLE001 - a bot's bug is a crash of that seat
            raise SeatFault(Termination.CRASH,
                            f"{self.name} raised {bots.failure(error)}") from error

    async def end(self, ended: pb.MatchEnded) -> None:
        """Let the bot see the result."""
        if self._bot is not None:
            # A bot's bug here must not keep the result from the others (nor from the record).
            with contextlib.suppress(Exception):
                self._bot.finish(ended)


class _DeadSeat(Seat):
    """A launched bot that is lost (exited, disconnected or never connected) and is not
    restarted: every decision is a crash."""

    def __init__(self, name: str, why: str) -> None:
        self.name = name
        self._why = why

    async def start(self, match: pb.MatchStarted) -> None:
        """Nothing to tell."""

    async def decide(self, request: Request) -> int:
        """Always a crash."""
        raise SeatFault(Termination.CRASH, self._why)

    async def end(self, ended: pb.MatchEnded) -> None:
        """Nothing to tell."""


@dataclass
class _Instance:
    """One process of a launched bot, its connection, and whether a match holds it."""

    process: BotProcess
    connection: PipeConnection
    session: BotSession
    number: int  # the bot's n-th process (its logs between matches are named by it)
    busy: bool = False
    late: bool = False  # missed a deadline: not trusted with another match (it may be stuck)
    deals: set[Hashable] = field(default_factory=set)  # the deals it has played


class _PooledSeat(RemoteSeat):
    """A seat on one instance of a launched bot: free for the next match once told the result,
    unless it missed a deadline (then the pool replaces its process before the next match).

    Its stderr goes to a log file of this match while it plays it, and a crash's reason
    ends with the last lines it wrote in this match."""

    def __init__(self, instance: _Instance, log_dir: Path | None) -> None:
        super().__init__(instance.session, lambda: instance.process.exited)
        self._instance = instance
        self._log_dir = log_dir
        self._mark = instance.process.lines_written

    @property
    def process(self) -> BotProcess:
        """The bot process this seat asks."""
        return self._instance.process

    async def start(self, match: pb.MatchStarted) -> None:
        """Log to this match's file, wipe what an earlier match left, announce the match."""
        process = self._instance.process
        if self._log_dir is not None:
            process.log_to(self._log_dir / f"{match.match_id}.{self.name}.log")
        self._mark = process.lines_written
        if not process.wipe():
            process.kill()  # it made its directory impossible to empty: it plays no more
        await super().start(match)

    async def decide(self, request: Request) -> int:
        """Ask the bot, timed from now (see ``cut``)."""
        asked = trio.current_time()
        try:
            return await super().decide(request)
        except trio.Cancelled:
            self.cut(asked + request.time_left_ms / 1000)
            raise

    def cut(self, ends: float) -> None:
        """A decision cut short at its deadline marks the process late (one cut short
        earlier, as when another seat forfeits, does not)."""
        if trio.current_time() >= ends:
            self._instance.late = True

    def cpu_time(self) -> float | None:
        """The CPU time of this seat's bot process."""
        return self._instance.process.cpu_seconds()

    async def _lost(self) -> SeatFault:
        """The fault, with its exit status and last stderr lines when the process died."""
        fault = await super()._lost()
        process = self._instance.process
        if fault.termination is Termination.CRASH and process.returncode is not None:
            code = process.returncode
            how = f"killed by signal {-code}" if code < 0 else f"exit code {code}"
            lines = _telling(process.tail_since(self._mark), 5)
            text = f"bot {self.name!r} process exited ({how})"
            if lines:
                text += "; its last stderr lines: " + " | ".join(lines)
            fault = SeatFault(Termination.CRASH, text)
        return fault

    async def end(self, ended: pb.MatchEnded) -> None:
        """Tell the bot the result; its process may take the next match."""
        await super().end(ended)
        instance = self._instance
        process = instance.process
        if self._log_dir is not None:
            process.log_to(self._log_dir / f"{self.name}.{instance.number}.log")
        if not process.wipe():
            process.kill()
        if instance.late:
            process.kill()  # a stopped or stuck process gets no second match
        instance.busy = False


class BotPool:
    """Starts the launched bots, keeps them connected (restarting if asked), hands out seats.

    A match gets a process of its own for each launched bot in it, as cutechess and fastchess
    run an engine per game: a bot in two matches at once runs twice, so that neither match
    shares its CPU with the other (a gauntlet's bot is in every match). A process is started
    when a match finds none free, and serves the bot's later matches, except the other seat
    rotations of a deal it has played (``seat(name, deal)``): a bot's processes that play one
    deal from different seats share nothing, not even a process's memory. With ``game``, a
    process whose Hello does not include that game is refused.

    With ``launch.log_dir``, each process's stderr goes to ``<match id>.<bot>.log`` there
    during a match and to ``<bot>.<n>.log`` between matches (its n-th process).
    """

    def __init__(self, specs: Sequence[BotSpec], *, launch: Launch = Launch(),
                 recover: bool = False, game: str | None = None,
                 metrics: Metrics | None = None) -> None:
        self.game = game
        self.specs = {spec.name: spec for spec in specs}
        self.launch = launch
        self.log_dir = Path(launch.log_dir) if launch.log_dir else None
        self.recover = recover
        self.connect_timeout = launch.startup_timeout
        # Routes what the launched bots send, as a server's hub does, and counts them.
        self.router = Hub(metrics)
        self.instances: dict[str, list[_Instance]] = {name: [] for name in self.specs}
        self._gone: dict[str, str] = {}  # bot -> why it plays no more (lost, no --recover)
        self._slots = itertools.count()
        self._numbers = {name: itertools.count(1) for name in self.specs}
        self._nursery: trio.Nursery | None = None

    async def start(self, nursery: trio.Nursery,
                    first_matches: Sequence[Sequence[str]] = ()) -> None:
        """Launch the processes of the command bots that the matches about to begin at once
        need (``first_matches``: their seats' bot names), at least one of every bot, and wait
        until each has said Hello (a command that cannot play fails here, before any match).

        All at once: each start is mostly the bot's own (its interpreter, its imports), and a
        match that found no free process would start one only when it begins, by which time
        the first matches share the CPUs with those starts (a 40-match tournament at
        ``--concurrency 4`` on 2 cores played its first match alone for a third of its time,
        while six processes started one match later)."""
        self._nursery = nursery
        if self.log_dir is not None:
            self.log_dir.mkdir(parents=True, exist_ok=True)
        needed = Counter(name for seats in first_matches for name in seats)
        # The first that cannot play ends the others' (the run stops, killing their processes).
        failures: list[BotStartError] = []

        async def one(spec: BotSpec) -> None:
            try:
                self.instances[spec.name].append(await self._launch(spec))
            except BotStartError as error:
                failures.append(error)
                starting.cancel_scope.cancel()

        async with trio.open_nursery() as starting:
            for spec in self.specs.values():
                if spec.command is not None:
                    for _ in range(max(1, needed[spec.name])):
                        starting.start_soon(one, spec)
        if failures:
            raise failures[0]

    async def _launch(self, spec: BotSpec) -> _Instance:
        """Start a process of ``spec`` and open its connection (BotStartError if it cannot
        play: no Hello within the timeout, a refused Hello, an exit, a game it does not play)."""
        assert self._nursery is not None and spec.command
        others = [s.command for s in self.specs.values()
                  if s.command is not None and s.name != spec.name]
        try:
            argv, env, jail = self.launch.prepare(spec.name, spec.command,
                                                  next(self._slots), others)
        except ValueError as error:
            raise BotStartError(str(error)) from None
        number = next(self._numbers[spec.name])
        process = BotProcess(spec.name, argv, env, jail)
        if self.log_dir is not None:
            process.log_to(self.log_dir / f"{spec.name}.{number}.log")
        await self._nursery.start(process.run)
        assert process.stdin is not None and process.stdout is not None
        connection = PipeConnection(spec.name, process.stdin, process.stdout, self.router)
        session = await self._hello(spec, process, connection)
        self.router.connect(session)
        self._nursery.start_soon(connection.run)
        return _Instance(process, connection, session, number)

    async def _hello(self, spec: BotSpec, process: BotProcess,
                     connection: PipeConnection) -> BotSession:
        name, command = spec.name, spec.command
        opened: list[BotSession] = []
        refused = ""
        refused_hello: pb.Hello | None = None
        with trio.move_on_after(self.connect_timeout) as waited:
            async with trio.open_nursery() as race:

                async def hello() -> None:
                    nonlocal refused, refused_hello
                    try:
                        opened.append(await connection.open())
                    except PipeRefused as error:
                        refused, refused_hello = str(error), error.hello
                    except (EOFError, trio.BrokenResourceError, trio.ClosedResourceError):
                        await process.exited.wait()
                    race.cancel_scope.cancel()

                async def exit() -> None:
                    await process.exited.wait()
                    race.cancel_scope.cancel()

                async def say_what_is_awaited() -> None:
                    await trio.sleep(min(STILL_WAITING_AFTER, self.connect_timeout / 2))
                    print(f"arena: still waiting for bot {name!r} to say Hello on its stdout "
                          f"(a launched bot plays over stdin/stdout: ARENA_TRANSPORT=stdio); "
                          f"it gets {self.connect_timeout:g} s in all (--startup-timeout)",
                          file=sys.stderr, flush=True)

                race.start_soon(hello)
                race.start_soon(exit)
                race.start_soon(say_what_is_awaited)
        if opened and (self.game is None or opened[0].plays(self.game)):
            return opened[0]
        process.kill()
        if opened:
            raise BotStartError(f"bot {name!r} says it plays only "
                                f"{', '.join(sorted(opened[0].games))}, not {self.game} "
                                f"(command: {command})")
        if refused:
            raise BotStartError(f"bot {name!r} was refused: {refused} (command: {command})",
                                process.stderr_tail, refused_hello)
        if waited.cancelled_caught:
            raise BotStartError(f"bot {name!r} sent no Hello on its stdout within "
                                f"{self.connect_timeout:g} s (--startup-timeout; command: "
                                f"{command}); a launched "
                                f"bot plays over stdin/stdout (ARENA_TRANSPORT=stdio)",
                                process.stderr_tail)
        with trio.CancelScope(shield=True), trio.move_on_after(5):
            await process.exited.wait()
        raise BotStartError(f"bot {name!r} exited with code {process.returncode} before "
                            f"its Hello (command: {command})", process.stderr_tail)

    async def seat(self, name: str, deal: Hashable | None = None) -> Seat:
        """A seat for the next match of bot ``name`` (``deal``: the match's deal, which no
        process of the bot that played it from another seat may play again)."""
        spec = self.specs[name]
        if spec.builtin is not None:
            return BuiltinSeat(name, spec.builtin)
        instances = self.instances[name]
        for lost in [i for i in instances
                     if (i.late and not i.busy) or i.process.exited.is_set()
                     or i.session.closed]:
            instances.remove(lost)
            lost.process.kill()
            if not self.recover and not lost.late:  # a late one is replaced regardless
                how = (f"process exited (code {lost.process.returncode})"
                       if lost.process.exited.is_set() else "disconnected")
                self._gone.setdefault(name, f"bot {name!r} {how}; run with --recover to "
                                            f"restart it")
        if name in self._gone:
            return _DeadSeat(name, self._gone[name])
        free = next((i for i in instances if not i.busy and deal not in i.deals), None)
        if free is not None:
            return self._taken(free, deal)
        # A new process: matches that each need one of this bot (as many as --concurrency
        # at a tournament's start) wait for their starts at once, not one after another.
        try:
            started = await self._launch(spec)
        except BotStartError as error:
            return _DeadSeat(name, str(error))
        instances.append(started)
        return self._taken(started, deal)

    async def seats(self, names: Sequence[str], deal: Hashable | None = None) -> list[Seat]:
        """The seats of one match, in ``names``' order (see ``seat``): the processes it needs
        start together, so a match that needs two new ones waits for one start, not two."""
        seats: list[Seat | None] = [None] * len(names)

        async def take(index: int, name: str) -> None:
            seats[index] = await self.seat(name, deal)

        async with trio.open_nursery() as taking:
            for index, name in enumerate(names):
                taking.start_soon(take, index, name)
        return cast(list[Seat], seats)  # every one set: the nursery ended without error

    def _taken(self, instance: _Instance, deal: Hashable | None) -> Seat:
        instance.busy = True
        if deal is not None:
            instance.deals.add(deal)
        return _PooledSeat(instance, self.log_dir)

    def stop(self) -> None:
        """End every launched process's session: a last message and the end of its input,
        then ``launch.grace`` seconds to exit before it is killed."""
        for instances in self.instances.values():
            for instance in instances:
                instance.connection.close("the arena has no more matches for this process")
                if self._nursery is not None:
                    self._nursery.start_soon(instance.process.stop, self.launch.grace)
                else:
                    instance.process.kill()
