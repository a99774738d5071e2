"""A cgroup (version 2) for each launched bot process, where this machine lets the arena make one.

A cgroup holds the bot's whole process tree, whatever it starts, however the processes leave
their session or group: its ``cpu.stat`` counts the CPU time of every process that ever ran
in it, the ones that have already ended too (what a CPU clock must charge: a bot that thinks
in a child process while its main process waits is charged the child's time), and
``cgroup.kill`` ends all of them at once. Accounting and kill need no controller, so they work
in any cgroup v2 folder the arena may write to: as root, or in a folder systemd delegated to
the user (a desktop session). Memory and process limits stay rlimits (``arena._limits``,
``prlimit`` in the sandbox): a controller there would need the arena to move itself out of
the group it was started in, which is its service manager's to decide.

Where no cgroup can be made (no cgroup v2 mount, a read-only one, no permission), ``tree()``
is None and the launcher falls back on the process's own threads' CPU time and on killing
its process group (and, in the sandbox, its PID namespace).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import subprocess
from pathlib import Path

_PREFIX = "arena-"


class Cgroup:
    """One bot process's cgroup."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._cpu_stat = str(path / "cpu.stat")

    def enter_argv(self, argv: list[str]) -> list[str]:
        """``argv`` behind a shell that moves itself into this cgroup and then runs it: the
        move happens before anything of the bot runs, so nothing it starts can escape it."""
        return ["/bin/sh", "-c", 'echo 0 > "$0" && exec "$@"', str(self.path / "cgroup.procs"),
                *argv]

    def cpu_seconds(self) -> float | None:
        """CPU time of every process that ran in it (to the microsecond), or None if it is
        gone."""
        try:
            with open(self._cpu_stat, "rb") as stat:
                first = stat.readline()  # b"usage_usec N"
            return int(first.split()[1]) / 1e6
        except (OSError, ValueError, IndexError):
            return None

    def kill(self) -> None:
        """SIGKILL every process in it (``cgroup.kill``; on kernels before 5.14, each listed
        process)."""
        try:
            (self.path / "cgroup.kill").write_text("1")
            return
        except FileNotFoundError:
            pass
        except OSError:
            return
        with contextlib.suppress(OSError):
            for line in (self.path / "cgroup.procs").read_text().split():
                with contextlib.suppress(ProcessLookupError, PermissionError, ValueError):
                    os.kill(int(line), signal.SIGKILL)

    def remove(self) -> bool:
        """Remove it once its processes are gone; False while one remains."""
        try:
            self.path.rmdir()
        except FileNotFoundError:
            return True
        except OSError:
            return False
        return True


class CgroupTree:
    """The arena's folder of bot cgroups: ``arena-<pid>`` beside the arena's own cgroup."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._count = 0
        self._ended: list[Cgroup] = []  # groups whose process ended, to remove when empty

    def make(self) -> Cgroup | None:
        """A new, empty cgroup for one process; None if it cannot be made."""
        self._ended = [group for group in self._ended if not group.remove()]
        self._count += 1
        path = self.path / f"bot-{self._count}"
        try:
            path.mkdir()
        except OSError:
            return None
        return Cgroup(path)

    def cpu_seconds(self) -> float | None:
        """CPU time of every process that ran in any of its groups, removed ones too (a
        cgroup's usage counts its descendants' and keeps them)."""
        return Cgroup(self.path).cpu_seconds()

    def forget(self, group: Cgroup) -> None:
        """The group's process has ended: remove it now, or once what it left has died."""
        if not group.remove():
            self._ended.append(group)

    def remove(self) -> None:
        """Remove every cgroup it made (processes still in one are killed first)."""
        with contextlib.suppress(OSError):
            for child in self.path.iterdir():
                if child.is_dir():
                    group = Cgroup(child)
                    group.kill()
                    group.remove()
            self.path.rmdir()


def _mount_and_own_path() -> tuple[Path, str] | None:
    """Where cgroup v2 is mounted and this process's cgroup in it."""
    try:
        own = next((line[3:].strip() for line in Path("/proc/self/cgroup").read_text().splitlines()
                    if line.startswith("0::")), None)
        mounts = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return None
    if own is None:
        return None
    for line in mounts:
        fields = line.split()
        dash = fields.index("-") if "-" in fields else -1
        if dash > 0 and fields[dash + 1] == "cgroup2":
            return Path(fields[4]), own
    return None


def _remove_stale(parent: Path) -> None:
    """Folders of arenas that ended without removing theirs (killed with SIGKILL): their
    processes died with them (parent-death signals), so the folders are empty."""
    with contextlib.suppress(OSError):
        for folder in parent.iterdir():
            name = folder.name
            if not name.startswith(_PREFIX) or not name[len(_PREFIX):].isdigit():
                continue
            try:
                os.kill(int(name[len(_PREFIX):]), 0)
                continue  # its arena still runs
            except ProcessLookupError:
                pass
            except PermissionError:
                continue
            CgroupTree(folder).remove()


_tree: CgroupTree | None = None
_tried = False


def tree() -> CgroupTree | None:
    """This process's folder of bot cgroups, made on first use (and removed at exit); None
    where none can be made or a process cannot be moved into one."""
    global _tree, _tried
    if not _tried:
        _tried = True
        found = _mount_and_own_path()
        if found is not None:
            mount, own = found
            parent = mount / own.lstrip("/")
            candidate = CgroupTree(parent / f"{_PREFIX}{os.getpid()}")
            try:
                candidate.path.mkdir(exist_ok=True)
            except OSError:
                return None
            _remove_stale(parent)
            atexit.register(candidate.remove)
            if _can_enter(candidate):
                _tree = candidate
            else:
                candidate.remove()
    return _tree


def _can_enter(candidate: CgroupTree) -> bool:
    """Whether a child process can move itself into a cgroup of the tree (moving needs write
    access to the ``cgroup.procs`` of the group it leaves too, which a delegation may not
    give)."""
    probe = candidate.make()
    if probe is None:
        return False
    try:
        return subprocess.run(probe.enter_argv(["true"]), stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        probe.kill()
        candidate.forget(probe)
