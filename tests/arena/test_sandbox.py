"""The sandbox holds against a hostile bot (real tournaments, real processes, real bwrap).

A hostile launched bot (tests/support/hostile_bot.py) plays a tournament beside an honest
launched bot and tries every attack a competitor could: see, read and stop the other bot,
read the database by path, through /proc and by search, reach the arena's ports, write
outside its directory, fill the disk from its /tmp, leave notes for later matches (in its
/tmp and its /dev/shm), fork without end, allocate past its limit. With the sandbox every
attempt fails and the honest bot plays as if alone; the same tournament with ``--sandbox
none`` (the control) shows the attacks succeed, so the sandbox is what stops them."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import trio

import engine
from arena import _sandbox
from scheduler._store import Store
from tests.support.harness import alive, run_sandboxed, wait_until

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
needs_bwrap = pytest.mark.skipif(_sandbox.unavailable() is not None,
                                 reason=f"no sandbox here: {_sandbox.unavailable()}")
# Every attack the hostile bot reports, and whether the control run shows it succeeding
# (memory: the limit holds without a sandbox too, by rlimit; db_by_search: a walk of the
# whole file system may not reach the database in its time; keyring, user_namespace: a
# container's own seccomp profile or the kernel's settings may refuse them to anybody).
ATTACKS = {"list_processes": True, "read_environment": True, "signal_stop": True,
           "signal_kill": True, "db_by_path": True, "db_by_proc_fd": True,
           "db_by_search": False, "tcp_connect": True, "write_outside": True, "fill_disk": True,
           "left_file": True, "left_shared_memory": True, "fork_bomb": True, "memory": False,
           "interfaces": True, "host_name": True, "process_memory": True, "keyring": False,
           "user_namespace": False}


@dataclass
class Listeners:
    """A TCP port and a UDP port on 127.0.0.1, counting what reaches them."""

    tcp: socket.socket = field(default_factory=socket.socket)
    udp: socket.socket = field(
        default_factory=lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM))
    accepted: int = 0
    datagrams: int = 0

    def start(self) -> None:
        self.tcp.bind(("127.0.0.1", 0))
        self.tcp.listen(16)
        self.udp.bind(("127.0.0.1", 0))
        self.tcp.settimeout(0.2)
        self.udp.settimeout(0.2)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self.tcp.accept()
                connection.close()
                self.accepted += 1
            except OSError:
                pass
            try:
                self.udp.recvfrom(64)
                self.datagrams += 1
            except OSError:
                pass

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)
        self.tcp.close()
        self.udp.close()


@pytest.fixture
def listeners() -> Iterator[Listeners]:
    ports = Listeners()
    ports.start()
    try:
        yield ports
    finally:
        ports.stop()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Run:
    """What a tournament with the hostile bot left: the CLI's output, the attacks reported
    (attack -> every result), the store."""

    output: str
    attacks: dict[str, list[bool]]
    done: int
    store: Store
    mark: str
    details: dict[str, list[str]]  # attack -> what each attempt said


def hostile_tournament(folder: Path, listeners: Listeners, sandbox: str) -> Run:
    mark = uuid.uuid4().hex[:12]
    database = folder / "arena.sqlite"  # beside the bots' working directory, as by default
    metrics_port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [
        PYTHON, "-m", "scheduler.cli", "--game-module", "tests.support.duel", "tournament",
        "--game", "duel", "--option", "rounds=4", "--rounds", "2", "--concurrency", "2",
        "--bot", f"honest={PYTHON} -m bots.run random",
        "--bot", f"hostile={PYTHON} -m tests.support.hostile_bot",
        "--move-time", "2", "--sandbox", sandbox, "--bot-logs", "logs",
        "--max-processes", "32", "--memory-mb", "1024", "--metrics-port", str(metrics_port),
        # The sandbox's /tmp holds 16 MB: the bot's 32 MB do not fit (the control run writes
        # them to the machine's temporary folder, and deletes them).
        "--tmp-mb", "16", "--bot-env", "HOSTILE_DISK_MB=32",
        "--bot-env", f"HOSTILE_DB={database}", "--bot-env", f"HOSTILE_MARK={mark}",
        "--bot-env", f"HOSTILE_TCP={listeners.tcp.getsockname()[1]},{metrics_port}",
        "--bot-env", f"HOSTILE_UDP={listeners.udp.getsockname()[1]}",
        "--bot-env", "HOSTILE_MEMORY_MB=1536", "--bot-env", "HOSTILE_FORKS=100",
        "--bot-env", f"HOSTILE_HOST={socket.gethostname()}"]
    try:
        done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True,
                              timeout=240)
    finally:
        for leftover in (Path("/var/tmp") / f"hostile-{mark}",
                         Path(tempfile.gettempdir()) / f"hostile-disk-{mark}",
                         Path("/tmp") / f"hostile-note-{mark}",
                         Path("/dev/shm") / f"hostile-note-{mark}"):
            leftover.unlink(missing_ok=True)
    assert done.returncode == 0, done.stdout + done.stderr
    attacks: dict[str, list[bool]] = {}
    details: dict[str, list[str]] = {}
    finished = 0
    for log in (folder / "logs").glob("*hostile*.log"):
        for line in log.read_text(errors="replace").splitlines():
            if line.startswith("HOSTILE {"):
                report = json.loads(line.removeprefix("HOSTILE "))
                attacks.setdefault(report["attack"], []).append(report["succeeded"])
                details.setdefault(report["attack"], []).append(report["detail"])
            finished += line == "HOSTILE-DONE"
    return Run(done.stdout + done.stderr, attacks, finished, Store(database), mark, details)


def replayed_as_recorded(store: Store) -> None:
    """Every match's result is what its recorded moves make."""
    records = store.matches(steps=True)
    assert records
    for record in records:
        state = engine.get(record.game).new_match(len(record.seats), record.seed,
                                                  record.options)
        for step in record.actions():
            state.apply(step)
        assert record.result is not None
        assert record.result.forfeited or state.result().ranks == record.result.ranks


@needs_bwrap
def test_a_hostile_bot_in_the_sandbox_gets_nothing(tmp_path: Path,
                                                   listeners: Listeners) -> None:
    run = hostile_tournament(tmp_path, listeners, "required")
    assert run.done >= 1, run.output  # it tried everything, at least once
    assert set(ATTACKS) <= set(run.attacks), run.attacks
    succeeded = {attack for attack, results in run.attacks.items() if any(results)}
    assert not succeeded, f"attacks that got through: {succeeded}\n{run.attacks}"
    assert listeners.accepted == 0 and listeners.datagrams == 0
    # The disk was not filled: the sandbox's 16 MB /tmp was (and nothing else stopped it).
    assert all("No space left on device" in d for d in run.details["fill_disk"]), run.details
    assert not list(tmp_path.glob("hostile-*"))  # nothing written beside the database
    records = run.store.matches(steps=True)
    honest = [r.faults[r.seats.index("honest")] for r in records]
    assert len(records) == 4 and all(f.total == 0 for f in honest), honest
    assert all(r.result is not None and not r.result.forfeited for r in records)
    replayed_as_recorded(run.store)


@needs_bwrap
def test_without_the_sandbox_the_same_attacks_succeed(tmp_path: Path,
                                                      listeners: Listeners) -> None:
    run = hostile_tournament(tmp_path, listeners, "none")
    missed = {attack for attack, control in ATTACKS.items()
              if control and not any(run.attacks.get(attack, []))}
    assert not missed, f"control attacks that failed: {missed}\n{run.attacks}"
    assert listeners.accepted >= 1 and listeners.datagrams >= 1
    honest = [r.faults[r.seats.index("honest")] for r in run.store.matches(steps=False)]
    assert any(f.timeouts or f.crashes for f in honest)  # the stopped bot lost its time


def test_the_master_seed_is_not_in_the_database_and_its_files_are_private(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "arena.sqlite")
    tid = store.create_tournament({"game": "duel", "seed": 987654321}, [(0, ("a", "b"))])
    assert store.tournament(tid).config["seed"] == 987654321
    with sqlite3.connect(tmp_path / "arena.sqlite") as db:
        (stored,) = db.execute("SELECT config FROM tournaments").fetchone()
    assert "987654321" not in stored
    for path in (tmp_path / "arena.sqlite", store.secrets_path):
        assert path.stat().st_mode & 0o077 == 0, oct(path.stat().st_mode)


def _with_mark(mark: str, program: bytes = b"") -> list[int]:
    """The processes whose command line holds ``mark`` (and starts with ``program``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if mark.encode() in command and command.startswith(program):
                found.append(int(entry.name))
    return found


def _kill_the_arena_of(folder: Path, bot: str, mark: str, ready: Callable[[int], bool],
                       what: str, **env: str) -> None:
    """Run a sandboxed tournament of launched bot ``bot`` (whose processes' command lines hold
    ``mark``) in ``folder``, with ``env`` added to the arena's environment; once ``ready`` is
    true of one of the bot's shells (bwrap has started: a kill in its first instants may
    leave it), SIGKILL the arena (no cleanup code of its runs) and wait until every process
    of the bot has died with it. Whatever is left is killed in the end."""
    arena = subprocess.Popen(
        [PYTHON, "-m", "scheduler.cli", "--game-module", "tests.support.duel", "tournament",
         "--game", "duel", "--bot", f"b={bot}", "--bot", "builtin:random",
         "--sandbox", "required"], cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        shell = (shutil.which("sh") or "sh").encode()
        wait_until(lambda: any(ready(pid) for pid in _with_mark(mark, shell)), what)
        arena.kill()
        arena.wait(timeout=30)
        wait_until(lambda: not [p for p in _with_mark(mark) if alive(p)],
                   "the sandbox to die with the arena")
    finally:
        arena.kill()
        arena.wait(timeout=30)
        for pid in _with_mark(mark):
            with contextlib.suppress(OSError):
                os.kill(pid, 9)


@needs_bwrap
def test_a_sandboxed_bot_and_its_children_die_with_a_killed_arena(tmp_path: Path) -> None:
    mark = f"mark-{uuid.uuid4().hex[:12]}"
    # A bot that starts a child of its own and never says Hello: the arena waits for it.
    _kill_the_arena_of(tmp_path, f"sh -c 'sleep 600 & sleep 600' {mark}", mark,
                       lambda pid: True, "the bot in its sandbox")


@needs_bwrap
def test_a_sandbox_whose_arena_is_gone_before_it_starts_runs_nothing(tmp_path: Path) -> None:
    """An arena killed before the parent-death signal was asked for leaves an orphan: it
    checks its parent and ends instead of starting the bot (here: it is told another one)."""
    command = [shutil.which("echo") or "/bin/echo", "the bot ran"]
    runs = {parent: run_sandboxed(command, str(tmp_path), parent)
            for parent in (os.getpid(), 1)}
    assert runs[os.getpid()].stdout == "the bot ran\n", runs[os.getpid()].stderr
    assert runs[1].returncode != 0 and runs[1].stdout == ""


def _sandbox_root(pid: int) -> Path:
    """The root of the sandbox process ``pid`` runs in, as the arena sees it."""
    return Path(f"/proc/{pid}/root")


@needs_bwrap
def test_a_killed_arena_leaves_nothing_of_its_bots_on_disk(tmp_path: Path) -> None:
    """A bot's /tmp is a tmpfs of its sandbox: what it wrote there lives in memory only, and
    is gone with it, whatever killed the arena (no folder of the arena's to clean up)."""
    mark = f"mark-{uuid.uuid4().hex[:12]}"
    temporary = tmp_path / "tmpdir"  # the arena's temporary folder, which must stay empty
    temporary.mkdir()
    _kill_the_arena_of(tmp_path, f"sh -c 'echo left > /tmp/$0 && sleep 600' {mark}", mark,
                       lambda pid: (_sandbox_root(pid) / "tmp" / mark).is_file(),
                       "the bot's file in its /tmp", TMPDIR=str(temporary))
    assert not list(temporary.iterdir())
    assert not list(tmp_path.rglob(f"*{mark}*"))
    assert not any(Path(folder, mark).exists()
                   for folder in ("/tmp", "/var/tmp", "/dev/shm", tempfile.gettempdir()))


# A bot that, at each line it reads, leaves what a wipe must remove (a read-only folder, notes
# in /tmp and /dev/shm) and symlinks to a folder outside the sandbox that a wipe following
# them would empty; then says "ready".
_LEAVES = """
while read line; do
  mkdir -p /tmp/locked/inner && echo x > /tmp/locked/inner/f
  chmod 500 /tmp/locked/inner /tmp/locked
  echo note > /tmp/note && echo note > /dev/shm/note && mkdir /tmp/d
  ln -s {outside} /tmp/link && ln -s {outside} /tmp/d/link && ln -s {outside}/precious /tmp/d/file
  echo ready
done
"""


@needs_bwrap
def test_a_wipe_empties_a_living_sandbox_from_outside_and_follows_no_symlink(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from arena._launcher import BotProcess, Launch, Limits, _children

    outside = tmp_path / "outside"  # the arena's: what a symlink of the bot points at
    outside.mkdir()
    (outside / "precious").write_text("the arena's")
    folder = tmp_path / "bot"  # visible, under /tmp: mounted over the sandbox's /tmp
    folder.mkdir()
    (folder / "bot.sh").write_text(_LEAVES.format(outside=outside))
    monkeypatch.chdir(tmp_path)  # its working folder, under /tmp too: kept
    launch = Launch(Limits(tmp_mb=16), sandboxed=True)
    argv, env, jail = launch.prepare("w", f"sh {folder / 'bot.sh'}", 0, [])
    assert jail is not None
    # What stays in /tmp: the folders on the way to what is bound there (its working folder
    # and the bot's; the project's own too, when it lies under /tmp, as a CI clone may).
    kept = {Path(path).relative_to("/tmp").parts[0] for path in (*jail.visible, jail.workdir)
            if Path(path).is_relative_to("/tmp")}
    process = BotProcess("w", argv, env, jail)

    async def ready() -> None:
        assert process.stdin is not None and process.stdout is not None
        await process.stdin.send_all(b"go\n")
        said = b""
        while not said.endswith(b"\n"):
            said += await process.stdout.receive_some(64)
        assert said == b"ready\n"

    async def main() -> None:
        with trio.fail_after(60):
            async with trio.open_nursery() as nursery:
                await nursery.start(process.run)
                assert process.pid is not None
                for _ in range(2):  # the bot writes its /tmp again after a wipe
                    await ready()
                    root = _sandbox_root(_children(process.pid)[0])
                    assert (root / "tmp" / "note").is_file()
                    assert process.wipe()
                    assert set(os.listdir(root / "tmp")) == kept
                    assert os.listdir(root / "dev" / "shm") == []
                assert process.stdin is not None
                await process.stdin.aclose()
                await process.exited.wait()
        assert process.wipe()  # gone: nothing to wipe

    trio.run(main)
    assert (outside / "precious").read_text() == "the arena's"
    assert (folder / "bot.sh").is_file()


@needs_bwrap
def test_only_tmp_and_dev_shm_are_writable_in_the_sandbox(tmp_path: Path) -> None:
    """bwrap makes the sandbox's root, its /dev and the parents of what it binds on a tmpfs
    of no bounded size, owned by the bot where the arena runs as an ordinary user: they are
    read-only, and the bounded /tmp and /dev/shm are where a bot writes."""
    folders = ["/", "/dev", "/etc", "/tmp", "/dev/shm", *Path(ROOT).parents, str(ROOT),
               str(tmp_path)]
    # The folders inside the script: words of the command that name folders would be bound.
    script = (f"for d in {' '.join(map(str, folders))}; do "
              f'echo x 2>/dev/null > "$d/probe" && echo "$d"; done; true')
    command = [shutil.which("sh") or "/bin/sh", "-c", script]
    done = run_sandboxed(command, str(tmp_path))
    assert done.returncode == 0, done.stderr
    # And tmp_path, its working folder, made in that /tmp where pytest's is under /tmp (the
    # bot's own there when the arena runs as an ordinary user; root's, read-only, as root).
    assert {"/tmp", "/dev/shm"} <= set(done.stdout.split()) <= {"/tmp", "/dev/shm",
                                                                 str(tmp_path)}
    assert not (tmp_path / "probe").exists()
