"""Bots the arena starts itself: child processes that play over their standard streams.

A launched bot reads the arena's messages on its stdin and answers on its stdout
(``arena._pipes``); its stderr is its log. By default it runs in a sandbox
(``arena._sandbox``: no network, no other process, no file of the arena's); with
``--sandbox none`` it runs as the arena's user in a process group of its own, under a small
wrapper (``arena._limits``) that sets its limits and makes it die with the arena. Either way
it is killed with everything it started when the arena is done with it, after a grace period
to flush its own logs.
"""

from __future__ import annotations

import collections
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import trio

from . import _cgroups, _sandbox
from ._hub import BOT_NAME, BOT_NAME_RULE, printable

_PLACEHOLDER = re.compile(r"\{name\}")
_TAIL_LINES = 20  # stderr lines kept per process, to explain a failure
_LINE_LIMIT = 500  # characters kept of one line
_CHUNK = 65536
_DRAIN_SECONDS = 0.5
LOG_BYTES = 1 << 20  # kept of one bot's stderr in one match (or between matches)
_LIMITS = str(Path(__file__).with_name("_limits.py"))  # run as a script: see ``prepare``


@dataclass(frozen=True)
class Limits:
    """Resource limits of a bot process (0: none). ``max_processes`` (threads count) and
    ``tmp_mb`` (the size of its /tmp, and of its /dev/shm; never unbounded) hold in the
    sandbox only: outside one the first would count every process of the arena's user, and
    the bot writes where its user may."""

    memory_mb: int = 2048
    cpu_seconds: int = 0
    max_processes: int = 64
    tmp_mb: int = 256


def parse_bot(spec: str) -> tuple[str, str]:
    """``NAME=COMMAND`` -> (name, command); ValueError naming the accepted form."""
    name, sep, command = spec.partition("=")
    name = name.strip()
    if not sep or not name or not command.strip():
        raise ValueError(f"bad bot {spec!r}; accepted: NAME=COMMAND or builtin:NAME")
    if not BOT_NAME.fullmatch(name):
        raise ValueError(f"bad bot name {name!r}; accepted: {BOT_NAME_RULE}")
    try:  # now, not when the bot is launched in the middle of a tournament
        shlex.split(command)
    except ValueError as error:
        raise ValueError(f"bad command of bot {name!r}: {error}") from None
    for placeholder in ("{token}", "{address}"):
        if placeholder in command:
            raise ValueError(f"bot {name!r}: {placeholder} is not filled in: a launched bot "
                             f"has no address nor token; it plays over its stdin and stdout "
                             f"(ARENA_TRANSPORT=stdio; the SDKs switch by themselves)")
    return name, command.strip()


_PYTHON_NAMES = frozenset(("python", "python3"))


def command_words(command: str, name: str) -> list[str]:
    """The command split into words, ``{name}`` filled in, the executable found on PATH (a
    sandbox has a PATH of its own), ``python`` and ``python3`` the arena's own interpreter.
    ValueError for an empty command or a missing program."""
    words = shlex.split(command)
    if not words:
        raise ValueError(f"bot {name!r} has an empty command")
    # Not str.format: other braces (a shell's ${VAR}, JSON) are the command's own.
    words = [_PLACEHOLDER.sub(name, w) for w in words]
    if words[0] in _PYTHON_NAMES and sys.executable:
        # The arena's own interpreter, which has the SDK's packages: run from a venv that is
        # not activated, PATH's python would be another one, and every bot would fail on its
        # imports. Another interpreter is named by its path.
        return [sys.executable, *words[1:]]
    found = shutil.which(words[0]) if "/" not in words[0] else os.path.abspath(words[0])
    if found is None or not os.path.exists(found):
        raise ValueError(f"bot {name!r}: no program {words[0]!r} (not on PATH, nor a file)")
    return [found, *words[1:]]


@dataclass(frozen=True)
class Launch:
    """How bot processes are started: limits, sandbox (``sandboxed``: already resolved from
    ``--sandbox``), the organiser's variables, paths no bot may see, where logs go."""

    limits: Limits = Limits()
    sandboxed: bool = False
    env: tuple[tuple[str, str], ...] = ()
    hidden: tuple[str, ...] = ()
    grace: float = 2.0
    log_dir: str | None = None
    startup_timeout: float = 60.0  # for a process's Hello

    def prepare(self, name: str, command: str, slot: int, others: list[str]
                ) -> tuple[list[str], dict[str, str], _sandbox.Jail | None]:
        """argv, environment and sandbox (None without one) of one process of bot ``name``;
        ``others``: the other bots' commands, whose files it must not see."""
        words = command_words(command, name)
        _sandbox.compile_shared_packages()
        cwd = os.getcwd()
        if not self.sandboxed:  # a trusted bot: the arena's environment, less its secrets
            env = {key: value for key, value in os.environ.items()
                   if key not in ("ARENA_TOKEN", "ARENA_ADDRESS")}
            env.update({"ARENA_TRANSPORT": "stdio", "ARENA_BOT_NAME": name,
                        "PYTHONDONTWRITEBYTECODE": "1", **dict(self.env)})
            env["PYTHONPATH"] = os.pathsep.join(
                filter(None, [str(_sandbox.PROJECT_ROOT), os.environ.get("PYTHONPATH", "")]))
            limits = self.limits
            # Isolated (-I), without site (-S): the wrapper needs only the standard library,
            # and starts in 18 ms of CPU instead of 39 (with site, argparse and typing).
            wrapper = [sys.executable, "-I", "-S", _LIMITS, f"--memory-mb={limits.memory_mb}",
                       f"--cpu-seconds={limits.cpu_seconds}", f"--parent={os.getpid()}", "--"]
            return wrapper + words, env, None
        mine = set(_sandbox.command_paths(words, cwd))
        theirs: set[str] = set()
        for other in others:
            try:
                theirs.update(_sandbox.command_paths(shlex.split(other), cwd))
            except ValueError:
                continue
        visible = _sandbox.visible_for(words, cwd)
        hidden = [*self.hidden, *sorted(p for p in theirs - mine if not _is_system(p)),
                  *_sandbox.private_files([*visible, cwd])]
        uid = _sandbox.uid_for(slot) if os.geteuid() == 0 else None
        if uid is not None:
            _readable_by_others(name, visible)
        jail = _sandbox.Jail(tuple(visible), tuple(hidden), cwd, uid)
        argv = _sandbox.bwrap_argv(words, jail, memory_mb=self.limits.memory_mb,
                                   cpu_seconds=self.limits.cpu_seconds,
                                   max_processes=self.limits.max_processes,
                                   tmp_mb=self.limits.tmp_mb)
        return argv, _sandbox.environment(name, self.env), jail


def _readable_by_others(name: str, paths: list[str]) -> None:
    """ValueError naming a folder a bot's own user could not enter or read: the arena runs as
    root, so each bot runs as a user of its own, and reads what every user may."""
    import stat

    for path in paths:
        try:
            mode = os.stat(path).st_mode
        except OSError:
            continue
        if stat.S_ISDIR(mode) and (mode & 0o005) != 0o005:
            raise ValueError(
                f"bot {name!r}: {path} is not readable by the sandbox's user (the arena runs "
                f"as root, so each bot runs as a user of its own and reads only what every "
                f"user may): make it readable (chmod o+rX), run the arena as an ordinary "
                f"user, or give --sandbox none for a trusted bot")


def _is_system(path: str) -> bool:
    return path.startswith(("/usr/", "/bin/", "/sbin/", "/lib", "/etc/"))


class _LogFile:
    """One file of a bot's stderr, cut at ``limit`` bytes with a line that says so."""

    def __init__(self, path: Path, limit: int = LOG_BYTES) -> None:
        self.path = path
        self.limit = limit
        self.left = limit
        self._file: IO[bytes] | None = open(path, "ab")  # noqa: SIM115 - closed by close()

    def write(self, chunk: bytes) -> None:
        if self._file is None or self.left <= 0:
            return
        if len(chunk) > self.left:
            chunk = chunk[:self.left] + (f"\n[arena: log cut at {self.limit} bytes; the rest "
                                         f"is dropped]\n").encode()
        self.left -= len(chunk)
        self._file.write(chunk)
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class BotProcess:
    """One started bot process; ``exited`` is set when it ends.

    Its stdin and stdout are pipes (``stdin``/``stdout`` once started: its transport). Its
    stderr goes through a pipe the arena reads, to the file ``log_to`` names (one per match,
    see ``BotPool``) and to a tail of recent lines (``stderr_tail``, ``lines_written``) that
    explains a bot that failed, whatever the files.
    """

    def __init__(self, name: str, argv: list[str], env: dict[str, str],
                 jail: _sandbox.Jail | None = None) -> None:
        self.name = name
        self.argv = argv
        self.env = env
        self.jail = jail  # its sandbox (None: it runs without one)
        self.exited = trio.Event()
        self.returncode: int | None = None
        self.pid: int | None = None
        self.stdin: trio.lowlevel.FdStream | None = None
        self.stdout: trio.lowlevel.FdStream | None = None
        self.lines_written = 0  # stderr lines so far (a mark for ``tail_since``)
        self._tail: collections.deque[str] = collections.deque(maxlen=_TAIL_LINES)
        self._log: _LogFile | None = None
        self._stderr: trio.lowlevel.FdStream | None = None  # while it is read
        self._partial = b""  # the start of a line not ended yet
        self._drained = trio.Event()
        self._bot_pid: int | None = None
        self._cgroup: _cgroups.Cgroup | None = None
        self._init: int | None = None  # a descriptor of /proc/PID of the sandbox's init

    @property
    def stderr_tail(self) -> list[str]:
        """The last lines the process wrote to stderr (each cut to a sane length, with
        control characters shown as escapes: they may reach a terminal)."""
        return list(self._tail)

    def tail_since(self, mark: int) -> list[str]:
        """The kept stderr lines written after ``lines_written`` was ``mark``."""
        return list(self._tail)[-(self.lines_written - mark):] if self.lines_written > mark \
            else []

    def log_to(self, path: Path | None) -> None:
        """Send its stderr to ``path`` from now on (appended, capped; None: nowhere). What
        it wrote before and the arena has not read yet goes to the file before (a match's
        last lines to that match's log, however few turns of trio's loop the match took)."""
        if self._stderr is not None:
            self._read_written()
        if self._log is not None:
            self._log.close()
        self._log = _LogFile(path) if path is not None else None

    def _read_written(self) -> None:
        """Copy what the stderr pipe holds now, without waiting."""
        assert self._stderr is not None
        fd = self._stderr.fileno()
        while fd >= 0:
            try:
                chunk = os.read(fd, _CHUNK)
            except OSError:  # nothing more now (BlockingIOError), or closed
                return
            if not chunk:
                return
            self._copy(chunk)

    def _copy(self, chunk: bytes) -> None:
        """A chunk of its stderr: to the log, and its lines to the tail."""
        if self._log is not None:
            self._log.write(chunk)
        lines = (self._partial + chunk).split(b"\n")
        self._partial = lines.pop()[-_LINE_LIMIT:]
        self.lines_written += len(lines)
        self._tail.extend(_shown_line(line) for line in lines[-_TAIL_LINES:])

    async def run(self, *, task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        """Start the process and wait for it; cancelling kills its whole process group.

        Started from trio's own thread (not trio's worker threads, as ``open_process`` does)
        because the kernel's parent-death signal follows the thread that forked, and waited
        for through a pidfd, so that no thread sits in ``waitpid``.
        """
        tree = _cgroups.tree()
        self._cgroup = tree.make() if tree is not None else None
        argv, passed = _sandbox.with_descriptors(
            self.argv, None if self.jail is None else self.jail.uid)
        if self._cgroup is not None:
            argv = self._cgroup.enter_argv(argv)
        try:
            process = subprocess.Popen(
                argv, env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, start_new_session=True, pass_fds=passed)
        finally:
            for fd in passed:
                os.close(fd)
        self.pid = process.pid
        pidfd = os.pidfd_open(process.pid)
        pipes = {}
        for key, stream in (("stdin", process.stdin), ("stdout", process.stdout),
                            ("stderr", process.stderr)):
            assert stream is not None
            pipes[key] = trio.lowlevel.FdStream(os.dup(stream.fileno()))
            stream.close()
        self.stdin, self.stdout = pipes["stdin"], pipes["stdout"]
        task_status.started()
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._copy_stderr, pipes["stderr"])
                try:
                    await trio.lowlevel.wait_readable(pidfd)
                    # What it wrote before it ended (a child of its own may hold the pipe).
                    with trio.move_on_after(_DRAIN_SECONDS):
                        await self._drained.wait()
                finally:
                    nursery.cancel_scope.cancel()
        finally:
            self.kill()
            with trio.CancelScope(shield=True):
                await trio.lowlevel.wait_readable(pidfd)
                for pipe in pipes.values():
                    await pipe.aclose()
            if self._cgroup is not None and tree is not None:
                self._cgroup.kill()  # what it left behind, however it left its group
                tree.forget(self._cgroup)
            os.close(pidfd)
            self.returncode = process.wait()
            self.log_to(None)
            if self._init is not None:
                os.close(self._init)
                self._init = None
            self.exited.set()

    async def _copy_stderr(self, pipe: trio.lowlevel.FdStream) -> None:
        self._stderr = pipe
        try:
            while chunk := await pipe.receive_some(_CHUNK):
                self._copy(chunk)
        finally:
            self._stderr = None
            if self._partial:
                self.lines_written += 1
                self._tail.append(_shown_line(self._partial))
            self._drained.set()

    def cpu_seconds(self) -> float | None:
        """The CPU time the bot has used so far, or None once it is gone. In its cgroup
        (``arena._cgroups``, where the machine allows one): every process it started,
        ended ones too. Otherwise the bot's own process (all its threads; in a sandbox
        bwrap's grandchild: bwrap, its init, the bot), to the nanosecond (the kernel's
        schedstat): processes it starts are not counted, and only the wall-time cap of a CPU
        clock bounds what they could add."""
        if self._cgroup is not None:
            return self._cgroup.cpu_seconds() if self.returncode is None else None
        if self._bot_pid is None:
            if self.pid is None:
                return None
            self._bot_pid = self.pid
            for _ in range(2 if self.jail is not None else 0):
                found = _children(self._bot_pid)
                if not found:
                    self._bot_pid = None
                    return None
                self._bot_pid = found[0]
        total = 0
        try:
            for task in os.listdir(f"/proc/{self._bot_pid}/task"):
                with open(f"/proc/{self._bot_pid}/task/{task}/schedstat", "rb") as stat:
                    total += int(stat.read().split(maxsplit=1)[0])
        except (OSError, ValueError, IndexError):
            return None
        return total / 1e9

    def wipe(self) -> bool:
        """Empty its sandbox's /tmp and /dev/shm (between matches); False if they could not
        be (or the sandbox not be found while the process lives). Without a sandbox there is
        nothing of its own to wipe; once it is gone, neither."""
        if self.jail is None or self.returncode is not None:
            return True
        if self._init is None:
            self._init = self._find_init()
            if self._init is None:
                return False
        return _sandbox.wipe(self._init, self.jail.kept)

    def _find_init(self) -> int | None:
        """A descriptor of ``/proc/PID`` of bwrap's child (the sandbox's first process, in
        its mount namespace), checked to be that child once opened: a descriptor stays bound
        to its process, whatever later takes its pid."""
        if self.pid is None:
            return None
        for child in _children(self.pid):
            try:
                folder = os.open(f"/proc/{child}", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                with open(os.open("stat", os.O_RDONLY | os.O_CLOEXEC, dir_fd=folder),
                          "rb") as stat:
                    parent = _parent(stat.read())
            except (OSError, ValueError, IndexError):
                parent = None
            if parent == self.pid:
                return folder
            os.close(folder)
        return None

    async def stop(self, grace: float) -> None:
        """Wait up to ``grace`` seconds for it to exit by itself, then kill it."""
        with trio.move_on_after(grace):
            await self.exited.wait()
        self.kill()

    def kill(self) -> None:
        """SIGKILL the process group (idempotent; nothing once the process is reaped, when
        its pid may have been handed to another process). In a sandbox that is bwrap, whose
        death takes the whole sandbox (its PID namespace) with it."""
        if self.pid is not None and self.returncode is None:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            if self._cgroup is not None:
                self._cgroup.kill()


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (this kernel may lack /proc/PID/task/*/children:
    read every process's stat; done once per bot process)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                if _parent(stat.read()) == pid:
                    found.append(int(entry))
        except (OSError, ValueError, IndexError):
            continue
    return sorted(found)


def _parent(stat: bytes) -> int:
    """The parent's pid in a ``/proc/PID/stat`` (after the command's name in parentheses,
    which may hold anything, ")" included)."""
    return int(stat.rsplit(b")", 1)[1].split()[1])


def _shown_line(line: bytes) -> str:
    return printable(line[:_LINE_LIMIT].decode(errors="replace"))
