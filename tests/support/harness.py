"""Helpers to play real matches in tests: a real gRPC arena on 127.0.0.1, real processes
(launched bots talk over their standard streams, as in a tournament)."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import ipaddress
import os
import pty
import shlex
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import trio

import arena
from arena._launcher import BotProcess, Launch
from arena.metrics import Metrics
from engine import Result
from scheduler._records import MatchRecord
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BotPool, BotSpec
from scheduler._timecontrol import FaultPolicy, TimeControl

T = TypeVar("T")
PYTHON = sys.executable
RANDOM_PROCESS = f"{PYTHON} -m bots.run random"
ROOT = Path(__file__).resolve().parents[2]

# Every test that runs an arena is bounded by this (trio.fail_after inside the arena).
TEST_DEADLINE = 120.0


class GatedSeat(arena.Seat):
    """A seat that holds its match before the first decision until ``gate`` is set."""

    def __init__(self, inner: arena.Seat, gate: trio.Event) -> None:
        self.inner, self.name, self.gate = inner, inner.name, gate

    async def start(self, match: Any) -> None:
        await self.inner.start(match)

    async def decide(self, request: Any) -> int:
        await self.gate.wait()
        return await self.inner.decide(request)

    async def end(self, ended: Any) -> None:
        await self.inner.end(ended)


class GatedAtStart(GatedSeat):
    """A seat that holds its match before it starts (where no clock runs) until ``gate`` is
    set, so that whatever the test does meanwhile cannot cost the seat its first move."""

    async def start(self, match: Any) -> None:
        await self.gate.wait()
        await self.inner.start(match)

    async def decide(self, request: Any) -> int:
        return await self.inner.decide(request)


class Collector:
    """Collects what the hub puts in an outbox (stands in for a stream's outbox)."""

    def __init__(self) -> None:
        self.items: list[Any] = []

    def put(self, item: Any) -> None:
        self.items.append(item)


def wait_for_matches(process: subprocess.Popen[Any], db: Path, count: int,
                     timeout: float = 120) -> None:
    """Poll until ``db`` holds ``count`` recorded matches; fail if ``process`` (the arena
    writing it) exits first or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while recorded_matches(db) < count:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, f"{count} match(es) were not recorded in time"
        time.sleep(0.01)


def ctrl_c_after_matches(process: subprocess.Popen[str], db: Path, count: int) -> str:
    """Send ``process`` (an arena run started in a session of its own, stderr piped) SIGINT,
    as Ctrl-C, once ``db`` holds ``count`` matches; its stderr once it has exited (it is
    killed with its group if anything fails on the way)."""
    try:
        wait_for_matches(process, db, count)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return str(stderr)


def recorded_matches(db: Path) -> int:
    """How many matches ``db`` holds (0 before it exists or has its tables)."""
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(db, timeout=5) as connection:
            return int(connection.execute("SELECT COUNT(*) FROM matches").fetchone()[0])
    except sqlite3.OperationalError:
        return 0  # schema not created yet


def scripted(mode: str, **flags: Any) -> str:
    """The command of a misbehaving bot process (see tests/support/scripted_bot.py)."""
    extra = " ".join(f"--{k} {v}" for k, v in flags.items())
    return f"{PYTHON} -m tests.support.scripted_bot {mode} {extra}".strip()


def play_against_random(bot: str, move_time: float, *, cpu_clock: bool) -> MatchRecord:
    """One duel of three rounds: the launched ``bot`` (seat 0, named ``x``) against a launched
    random bot, at ``move_time`` a move on a wall or a CPU clock."""
    specs = [BotSpec.parse(f"x={bot}"), BotSpec.parse(f"b={RANDOM_PROCESS}")]

    async def main() -> MatchRecord:
        with trio.fail_after(TEST_DEADLINE):
            pool = BotPool(specs)
            async with trio.open_nursery() as nursery:
                await pool.start(nursery)
                seats = [await pool.seat(s.name) for s in specs]
                record = await run_match(MatchSpec("c", "duel", 1, {"rounds": 3}), seats,
                                         TimeControl.per_move(move_time, 0.0), FaultPolicy(),
                                         cpu_clock=cpu_clock)
                pool.stop()
            return record

    return trio.run(main)


def run_in_arena(main: Callable[[arena.Arena], Awaitable[T]], **kwargs: Any) -> T:
    """Run ``main`` beside a real arena server, failing if it takes over TEST_DEADLINE."""
    async def bounded(hosted: arena.Arena) -> T:
        with trio.fail_after(TEST_DEADLINE):
            return await main(hosted)

    return arena.run(bounded, **kwargs)


def play_match(
    bots: Sequence[str],
    game: str = "duel",
    *,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    control: TimeControl | None = None,
    policy: FaultPolicy = FaultPolicy(),
    metrics: Metrics | None = None,
    recover: bool = False,
    launch: Launch = Launch(),
) -> MatchRecord:
    """Play one match between ``bots`` (``--bot`` syntax; launched bots play over their
    standard streams, without a sandbox unless ``launch`` says so)."""
    specs = [BotSpec.parse(text) for text in bots]

    async def main() -> MatchRecord:
        with trio.fail_after(TEST_DEADLINE):
            pool = BotPool(specs, launch=launch, recover=recover)
            async with trio.open_nursery() as nursery:
                await pool.start(nursery)
                seats = [await pool.seat(spec.name) for spec in specs]
                record = await run_match(
                    MatchSpec("test-match", game, seed, options or {}), seats,
                    control or TimeControl.per_move(2.0), policy, metrics=metrics)
                pool.stop()
            return record

    return trio.run(main)


def grpc_bot(command: str, name: str, address: str, token: str,
             log: Path | None = None) -> BotProcess:
    """A bot process that connects to ``address`` over gRPC with ``token``, as a registered
    bot run by hand does (the bots a tournament launches talk over their pipes instead); its
    stderr appended to ``log``."""
    argv = [*shlex.split(command), f"--address={address}", f"--name={name}"]
    env = {key: value for key, value in os.environ.items() if key != "ARENA_TRANSPORT"}
    env.update({"ARENA_TOKEN": token, "ARENA_ADDRESS": address, "ARENA_BOT_NAME": name,
                "PYTHONPATH": str(ROOT)})
    bot = BotProcess(name, argv, env)
    bot.log_to(log)
    return bot


def exit_status_with_token(command: str, name: str, token: str, log: Path) -> int | None:
    """The exit status of a bot process that connects over gRPC to a served arena with
    ``token`` (its stderr appended to ``log``)."""
    async def main(hosted: arena.Arena) -> int | None:
        bot = grpc_bot(command, name, hosted.address, token, log)
        async with trio.open_nursery() as nursery:
            await nursery.start(bot.run)
            await bot.exited.wait()
        return bot.returncode

    return run_in_arena(main)


@contextlib.contextmanager
def folder_lock(folder: Path, purpose: str) -> Iterator[None]:
    """Held by one test process at a time for ``purpose`` in ``folder``, across the
    pytest-xdist workers of one checkout (an install or a build that they share)."""
    key = hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    with (Path(tempfile.gettempdir()) / f"arena-{purpose}-{key}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def play_builtin(game: str, kinds: Sequence[str], seed: int,
                 options: dict[str, Any] | None = None) -> Result:
    """One match between reference bots in-process, through the match runner."""
    from scheduler._seating import BuiltinSeat

    async def main() -> Result:
        seats = [BuiltinSeat(f"{kind}-{i}", kind) for i, kind in enumerate(kinds)]
        # bot_seed: reproducible bots too (without it each run draws fresh bot seeds).
        record = await run_match(MatchSpec(f"bench-{seed}", game, seed, options or {},
                                           bot_seed=seed),
                                 seats, TimeControl.per_move(60))
        assert record.result is not None
        return record.result

    return trio.run(main)


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def wait_until(done: Callable[[], Any], what: str, seconds: float = 30.0) -> Any:
    """Poll ``done`` until it returns something true, failing after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not (value := done()):
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.02)
    return value


async def until(condition: Callable[[], Any], seconds: float = 30.0) -> None:
    """Poll ``condition`` in trio under a deadline (what it waits for happens elsewhere)."""
    with trio.fail_after(seconds):
        while not condition():
            await trio.sleep(0.01)


def watched_match(bots: Sequence[str], spec: MatchSpec,
                  while_running: Callable[[arena.Arena], Awaitable[Any]] | None = None
                  ) -> tuple[str, MatchRecord, Any]:
    """Play ``spec`` between ``bots`` (``--bot`` syntax) while ``arena watch`` follows it
    from its first decision to its end: what the watcher printed, the record, and what
    ``while_running(arena)`` returned (run once the match is live, before it starts)."""
    specs = [BotSpec.parse(text) for text in bots]
    cli = [PYTHON, "-m", "scheduler.cli"]
    root = Path(__file__).resolve().parents[2]

    async def main(hosted: arena.Arena) -> tuple[str, MatchRecord, Any]:
        pool = BotPool(specs)
        gate = trio.Event()  # the match waits, unclocked, until the watcher is in
        async with trio.open_nursery() as nursery:
            await pool.start(nursery)
            seats = [GatedAtStart(await pool.seat(s.name), gate) for s in specs]
            played: list[MatchRecord] = []

            async def play() -> None:
                played.append(await run_match(spec, seats, TimeControl.per_move(5),
                                              feeds=hosted.hub.feeds))

            nursery.start_soon(play)
            await until(lambda: spec.match_id in hosted.hub.feeds)
            extra = await while_running(hosted) if while_running is not None else None
            watcher = await trio.lowlevel.open_process(
                [*cli, "--game-module", "tests.support.duel", "watch", spec.match_id,
                 "--address", hosted.address], cwd=root, stdout=subprocess.PIPE)
            try:
                feed = hosted.hub.feeds[spec.match_id]
                await until(lambda: bool(feed.watchers))
                gate.set()
                assert watcher.stdout is not None
                output = b""
                async for chunk in watcher.stdout:
                    output += chunk
                await watcher.wait()
            finally:
                watcher.kill()
            pool.stop()
        return output.decode(), played[0], extra

    return run_in_arena(main)


def on_a_terminal(argv: list[str], cwd: Path) -> tuple[str, str, int]:
    """Run ``argv`` with its stdout a terminal (a pseudo-terminal read as it writes) and
    its stderr a pipe: what the terminal showed, the stderr, the exit code."""
    terminal, child_side = pty.openpty()
    process = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=child_side,
                               stderr=subprocess.PIPE, text=True)
    os.close(child_side)
    shown: list[bytes] = []

    def read() -> None:
        while True:
            try:
                data = os.read(terminal, 4096)
            except OSError:  # EIO: every writer of the terminal has closed it
                return
            if not data:
                return
            shown.append(data)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        _, stderr = process.communicate(timeout=180)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        reader.join(timeout=30)
        os.close(terminal)
    return b"".join(shown).decode(errors="replace"), stderr, process.returncode


def listening_addresses(root: int) -> dict[str, list[str]]:
    """The TCP addresses that process ``root`` and its descendants listen on, by process
    name (read from /proc: the sockets' inodes in each process's descriptors, then the
    kernel's tables of TCP sockets)."""
    pids, todo = [], [root]
    while todo:
        pid = todo.pop()
        pids.append(pid)
        for task in Path(f"/proc/{pid}/task").glob("*/children"):
            todo += [int(child) for child in task.read_text().split()]
    inodes: dict[str, str] = {}
    for pid in pids:
        name = Path(f"/proc/{pid}/comm").read_text().strip()
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:  # closed meanwhile
                continue
            if target.startswith("socket:["):
                inodes[target[8:-1]] = name
    found: dict[str, list[str]] = {}
    for table, size in (("tcp", 4), ("tcp6", 16)):
        for line in Path(f"/proc/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] != "0A" or fields[9] not in inodes:  # 0A: LISTEN
                continue
            raw, port = fields[1].split(":")
            # The kernel writes each 32-bit word of the address in the host's byte order.
            words = [bytes.fromhex(raw[i:i + 8])[::-1] for i in range(0, size * 2, 8)]
            address = ipaddress.ip_address(b"".join(words))
            if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
                address = address.ipv4_mapped
            found.setdefault(inodes[fields[9]], []).append(f"{address}:{int(port, 16)}")
    return found


def run_sandboxed(command: Sequence[str], workdir: str, parent: int | None = None
                  ) -> subprocess.CompletedProcess[str]:
    """Run ``command`` (its executable an absolute path) to its end in a sandbox as the arena
    makes one (its user of its own when this runs as root; a 16 MB /tmp), for a child of
    ``parent`` (this process by default); its output as text."""
    from arena import _sandbox

    uid = _sandbox.uid_for(0) if os.geteuid() == 0 else None
    jail = _sandbox.Jail(tuple(_sandbox.visible_for(command, workdir)), (), workdir, uid)
    argv = _sandbox.bwrap_argv(command, jail, memory_mb=1024, cpu_seconds=10,
                               max_processes=32, tmp_mb=16, parent=parent)
    argv, fds = _sandbox.with_descriptors(argv, uid)
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=60, pass_fds=fds)
    finally:
        for fd in fds:
            os.close(fd)
