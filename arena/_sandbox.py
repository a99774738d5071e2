"""The sandbox a launched bot runs in: Debian's bubblewrap (``bwrap``), unprivileged.

Why bubblewrap: it is what Flatpak runs every application in, it needs no daemon and no root
(it uses the kernel's unprivileged user namespaces), and it does exactly this job: new PID,
IPC, UTS, network and mount namespaces, a root file system made of read-only binds of what we
name, and death with its parent. A container runtime would need a daemon or root; seccomp or
Landlock alone hide no process and no file that the bot's user can read.

What a sandboxed bot sees: the system directories and its interpreter, read-only; the
directories of the files its command names and the arena's own packages (the Python SDK),
read-only, with the database, its journal files, the bot logs and the other bots' files
masked even when they lie inside one of those; a writable ``/tmp`` (also its ``$HOME``) and
``/dev/shm`` (POSIX shared memory and semaphores: Python's ``multiprocessing`` needs them),
each a tmpfs of its own in memory, bounded in size (``--tmp-mb``: a bot that fills it gets
ENOSPC, and no disk of the machine's fills up), wiped between matches from outside (through
``/proc/PID/root``, see ``wipe``) and gone with the process: nothing of a bot is ever on the
arena's disk, and nothing else is writable (bwrap's own folders are remounted read-only); no
other process (it is pid 2 of its namespace, under bwrap's init); no network (a loopback of
its own, with nothing on it), nor the host's name (it is ``arena-bot``). Its environment is
the ``ARENA_*`` variables, what the organiser names (``--bot-env``) and a fixed
PATH/HOME/TMPDIR/LANG. Limits (``prlimit`` inside the sandbox): address space, CPU time and
processes; the process limit counts the bot's own user namespace only. When the arena runs
as root, bwrap runs as root without a user namespace and the bot is dropped to a user id of
its own (``setpriv``), so that the process limit applies to it (the kernel exempts root).
System calls a bot never needs (other processes' memory, keyrings, BPF, new namespaces and
mounts, ...) are refused by a seccomp deny-list (``arena._seccomp``) where libseccomp is
installed.
"""

from __future__ import annotations

import compileall
import errno
import functools
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import _seccomp

AUTO, REQUIRED, NONE = "auto", "required", "none"
LEVELS = (AUTO, REQUIRED, NONE)
PROJECT_ROOT = Path(__file__).resolve().parent.parent
# The arena's own folders a bot may read: the Python SDK, the generated protocol and codecs,
# the engines (search bots), the .proto files (a bot in another language loads them).
SHARED_PACKAGES = ("arena", "bots", "engine", "proto")


@functools.cache
def compile_shared_packages() -> None:
    """Write the bytecode of the shared packages once per arena process. A launched Python
    bot imports them (the SDK, the protocol) but never writes bytecode itself: its view of
    them is read-only, and a cache it could write would be a channel between bots. In a
    source checkout (``pip install -e``) the arena caches only what it imports itself, so
    without this every start of a bot on the SDK compiled the SDK again: 25M instructions,
    14% of importing it (47M where the arena had cached nothing either). Where
    Python was told not to write bytecode (``PYTHONDONTWRITEBYTECODE``), nor does this;
    where the folders are not writable (an installed package, compiled by pip), it skips."""
    if sys.dont_write_bytecode:
        return
    for package in SHARED_PACKAGES:
        if (PROJECT_ROOT / package).is_dir():
            compileall.compile_dir(PROJECT_ROOT / package, quiet=2, workers=1)


# The system's read-only directories (symlinks, as on merged-/usr systems, are made again).
_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# What programs read from /etc (the rest of /etc is not the bot's business).
_ETC = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "ssl", "ca-certificates",
        "localtime", "passwd", "group", "nsswitch.conf", "os-release", "debian_version",
        "mime.types", "protocols", "services")
_PATH = "/usr/local/bin:/usr/bin:/bin"
# The bot's writable folders: each a tmpfs of its own, bounded in size, that bwrap makes in
# the sandbox (the host's /dev/shm would be a channel between bots; bwrap's is not writable by
# the bot).
PRIVATE_MOUNT = "/tmp"
SHARED_MEMORY = "/dev/shm"
# The machine's name as a bot sees it (its own UTS namespace would keep the host's).
HOSTNAME = "arena-bot"
# When the bot runs as a user of its own: the system's passwd and group files with that user
# added, read-only, so that a program that looks its user up (Python's ``getpass.getuser``,
# ``whoami``) finds one. Given to bwrap as descriptors (``--ro-bind-data``), made per process
# when it starts (``with_descriptors``), as the seccomp program is: nothing on disk.
_ACCOUNT_SLOTS = {"passwd": "<passwd-fd>", "group": "<group-fd>"}
# User ids the bots get when the arena runs as root: one per process, none of them a user.
_FIRST_UID = 2_100_000_000
# Stands for the descriptor of the seccomp program in a prepared argv: a descriptor is made
# per process, when it starts (``with_descriptors``).
SECCOMP_SLOT = "<seccomp-fd>"


class SandboxUnavailable(RuntimeError):
    """``--sandbox required`` on a machine where bubblewrap cannot run."""


@functools.cache
def unavailable() -> str | None:
    """Why no sandbox can be made here (None: it can): no Linux, no ``bwrap``, or the kernel
    refuses its namespaces (checked once, by running one)."""
    if not sys.platform.startswith("linux"):
        return f"sandboxes need Linux (this is {sys.platform})"
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap is not installed (Debian/Ubuntu: apt install bubblewrap)"
    for tool in ("prlimit", "setpriv"):
        if shutil.which(tool) is None:
            return f"{tool} (util-linux) is not installed"
    probe = [bwrap, *_namespaces(), "--ro-bind", "/", "/", "--proc", "/proc", "--", "true"]
    try:
        done = subprocess.run(probe, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bwrap could not run: {error}"
    if done.returncode != 0:
        return f"bwrap cannot make namespaces here: {done.stderr.strip()[:200]}"
    return None


def resolve(level: str) -> bool:
    """Whether bots are sandboxed at ``level``; SandboxUnavailable for ``required`` where
    they cannot be (``auto`` then plays on without: the caller warns, see ``warning``)."""
    if level not in LEVELS:
        raise ValueError(f"bad sandbox level {level!r}; accepted: {', '.join(LEVELS)}")
    if level == NONE:
        return False
    why = unavailable()
    if why is None:
        return True
    if level == REQUIRED:
        raise SandboxUnavailable(f"--sandbox required, but {why}")
    return False


def without_seccomp() -> str | None:
    """The one line saying that the sandbox has no seccomp filter here (None: it has one)."""
    if _seccomp.program() is not None:
        return None
    return ("arena: note: the sandbox runs without its seccomp deny-list (libseccomp not "
            "found; Debian: apt install libseccomp2): the rest of it holds")


def warning() -> str:
    """The one line ``auto`` prints when it plays on without a sandbox."""
    return (f"arena: warning: bots run WITHOUT a sandbox ({unavailable()}): each can read "
            f"and signal everything its user can, the database and the other bots included; "
            f"use --sandbox required for a competition")


def _namespaces() -> list[str]:
    spaces = ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
              "--unshare-cgroup-try"]
    # As root, no user namespace: the bot is dropped to a user of its own instead.
    return spaces if os.geteuid() == 0 else ["--unshare-user", *spaces]


@dataclass(frozen=True)
class Jail:
    """Where one bot process may look: ``visible`` paths (read-only), ``hidden`` ones masked
    inside them, and the directory it starts in."""

    visible: tuple[str, ...]
    hidden: tuple[str, ...]
    workdir: str
    uid: int | None = None  # the user it runs as (the arena runs as root), else ours

    @property
    def kept(self) -> frozenset[str]:
        """The folders in the private /tmp that wiping must keep (their contents are wiped): a
        visible folder (or the working folder) under /tmp is mounted over the private /tmp,
        on folders made there."""
        kept: set[str] = set()
        for path in (*self.visible, self.workdir):
            if path.startswith(PRIVATE_MOUNT + "/"):
                parts = Path(path).relative_to(PRIVATE_MOUNT).parts
                kept.update(str(Path(*parts[:n])) for n in range(1, len(parts) + 1))
        return frozenset(kept)


def uid_for(slot: int) -> int:
    """The user id of the ``slot``-th bot process of this arena (running as root)."""
    return _FIRST_UID + os.getpid() % 10_000 * 10_000 + slot % 10_000


def command_paths(words: Sequence[str], cwd: str) -> list[str]:
    """The existing files and folders a command names (its executable included), absolute."""
    found = []
    for word in words:
        candidate = word.partition("=")[2] if word.startswith("--") and "=" in word else word
        if not candidate or candidate.startswith("-"):
            continue
        path = Path(cwd, candidate) if not os.path.isabs(candidate) else Path(candidate)
        try:
            if path.exists():
                found.append(str(path.resolve()))
        except OSError:  # a word too long to be a path, or unreadable
            continue
    return found


def visible_for(words: Sequence[str], cwd: str) -> list[str]:
    """What a command needs to see: its executable's installation (a venv and the Python it
    was made from, say), the folders of the files it names, the packages of the arena's code
    a bot may import (the SDK, the protocol, the engines) and a module it runs with ``-m``."""
    seen: list[str] = [str(PROJECT_ROOT / package) for package in SHARED_PACKAGES
                       if (PROJECT_ROOT / package).is_dir()]
    executable = words[0]
    for path in (executable, os.path.realpath(executable)):
        prefix = Path(path).parent.parent  # .../bin/python -> ...
        if not any(str(prefix) == s or str(prefix).startswith(s + "/") for s in _SYSTEM):
            seen.append(str(prefix))
    for flag, module in zip(words, words[1:], strict=False):
        if flag == "-m":
            top = module.split(".")[0]
            seen.extend(str(Path(base, top)) for base in (PROJECT_ROOT, cwd)
                        if Path(base, top).is_dir())
    for path in command_paths(words[1:], cwd):
        seen.append(path if os.path.isdir(path) else os.path.dirname(path))
    return _outermost(seen)


# Files no bot may read wherever they lie in a folder it sees (another run's database, its
# journal, the seeds of its tournaments), looked for at the top of each visible folder.
_PRIVATE_SUFFIXES = (".sqlite", ".sqlite-wal", ".sqlite-shm", ".sqlite-journal", ".db",
                     ".secrets.json", ".unsaved.jsonl")


def private_files(folders: Iterable[str]) -> list[str]:
    """The databases and secrets at the top of ``folders`` (the current run's are hidden
    anyway; these are other runs')."""
    found: list[str] = []
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        found.extend(entry.path for entry in entries
                     if entry.name.endswith(_PRIVATE_SUFFIXES) and entry.is_file())
    return found


def _outermost(paths: Iterable[str]) -> list[str]:
    """The paths with those inside another one left out (it is visible already)."""
    out: list[str] = []
    for path in sorted(set(paths), key=len):
        if path != "/" and not any(path == o or path.startswith(o.rstrip("/") + "/")
                                   for o in out):
            out.append(path)
    return sorted(out)


def bwrap_argv(command: Sequence[str], jail: Jail, *, memory_mb: int, cpu_seconds: int,
               max_processes: int, tmp_mb: int, parent: int | None = None) -> list[str]:
    """The argv that runs ``command`` (its executable an absolute path) in the sandbox, for a
    child of process ``parent`` (this one by default): it dies with it. Its /tmp and its
    /dev/shm hold ``tmp_mb`` megabytes each (1 or more)."""
    if tmp_mb < 1:
        raise ValueError(f"bad size of a bot's /tmp: {tmp_mb} MB; accepted: 1 or more")
    tmpfs = ["--perms", "1777", "--size", str(tmp_mb * 1024 * 1024), "--tmpfs"]
    argv: list[str] = [shutil.which("bwrap") or "bwrap", *_namespaces(), "--die-with-parent",
            "--new-session", "--hostname", HOSTNAME, "--proc", "/proc", "--dev", "/dev",
            *tmpfs, SHARED_MEMORY]
    made: set[str] = {"/"}

    def parents(path: str) -> None:
        for parent in reversed(Path(path).parents):
            text = str(parent)
            if text not in made:
                made.add(text)
                argv.extend(["--perms", "0755", "--dir", text])

    for system in _SYSTEM:
        if os.path.islink(system):
            argv.extend(["--symlink", os.readlink(system), system])
        elif os.path.isdir(system):
            argv.extend(["--ro-bind", system, system])
        made.add(system)
    argv.extend(["--perms", "0755", "--dir", "/etc"])  # else 0700: unreadable to the bot
    for name in _ETC:
        if jail.uid is not None and name in _ACCOUNT_SLOTS:
            argv.extend(["--perms", "0644", "--ro-bind-data", _ACCOUNT_SLOTS[name],
                         f"/etc/{name}"])
        else:
            argv.extend(["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"])
    made.add("/etc")
    # The private /tmp first: a visible folder under /tmp (a test's, say) goes over it.
    argv.extend([*tmpfs, PRIVATE_MOUNT])
    made.add(PRIVATE_MOUNT)
    for path in jail.visible:
        parents(path)
        argv.extend(["--ro-bind", path, path])
        made.add(path)
    for path in jail.hidden:
        if not any(path == v or path.startswith(v + "/") for v in jail.visible):
            continue
        if os.path.isdir(path):
            argv.extend(["--tmpfs", path, "--remount-ro", path])
        elif os.path.exists(path):
            argv.extend(["--ro-bind", "/dev/null", path])
    if jail.workdir not in made and not any(jail.workdir.startswith(v + "/")
                                            for v in jail.visible):
        parents(jail.workdir)
        argv.extend(["--perms", "0755", "--dir", jail.workdir])
    # The folders bwrap made (its root, /dev, the parents of what is bound) are a tmpfs of no
    # bounded size, which a bot of the arena's own user (in a user namespace) could write to:
    # read-only, so that /tmp and /dev/shm are all it writes to.
    argv.extend(["--remount-ro", "/dev", "--remount-ro", "/", "--chdir", jail.workdir])
    inner: list[str] = []
    if jail.uid is not None:
        argv.extend(["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"])
        inner = [shutil.which("setpriv") or "setpriv", f"--reuid={jail.uid}",
                 f"--regid={jail.uid}", "--clear-groups", "--inh-caps=-all",
                 "--bounding-set=-all", "--"]
    limits = [f"--nproc={max_processes}"] if max_processes else []
    if memory_mb:
        limits.append(f"--as={memory_mb * 1024 * 1024}")
    if cpu_seconds:
        limits.append(f"--cpu={cpu_seconds}:{cpu_seconds + 5}")
    prlimit = [shutil.which("prlimit") or "prlimit", *limits, "--"] if limits else []
    # bwrap sets its own parent-death signal only once it runs: setpriv sets it before, so
    # that an arena killed while bwrap starts takes the sandbox with it too; and a shell
    # then checks that the arena is still its parent, since one killed before setpriv's
    # request left it an orphan that no signal will reach.
    guard = [shutil.which("setpriv") or "setpriv", "--pdeathsig", "KILL", "--",
             shutil.which("sh") or "/bin/sh", "-c", '[ "$PPID" = "$0" ] && exec "$@"',
             str(os.getpid() if parent is None else parent)]
    if _seccomp.program() is not None:
        argv.extend(["--seccomp", SECCOMP_SLOT])
    return [*guard, *argv, "--", *inner, *prlimit, *command]


def with_descriptors(argv: list[str], uid: int | None) -> tuple[list[str], list[int]]:
    """``argv`` with its slots filled by new descriptors (to be inherited by the process,
    then closed here): the seccomp deny-list, and the passwd and group files that name user
    ``uid`` (the arena runs as root); the descriptors made."""
    filled = list(argv)
    made: list[int] = []
    try:
        for slot in (SECCOMP_SLOT, *_ACCOUNT_SLOTS.values()):
            try:
                at = filled.index(slot)  # bwrap's options come before the bot's command
            except ValueError:
                continue
            if slot == SECCOMP_SLOT:
                fd = _seccomp.program_fd()
                assert fd is not None  # the slot is there only when a program is
            else:
                assert uid is not None  # the slots are there only when it runs as one
                fd = _accounts_fd(slot, uid)
            made.append(fd)
            filled[at] = str(fd)
    except BaseException:
        for fd in made:
            os.close(fd)
        raise
    return filled, made


def _accounts_fd(slot: str, uid: int) -> int:
    """A descriptor (a memfd, read from its start) holding the system's passwd or group
    file, as ``slot`` says, with user ``uid`` added."""
    name = next(file for file, its in _ACCOUNT_SLOTS.items() if its == slot)
    try:
        system = Path("/etc", name).read_text()
    except OSError:
        system = ""
    if system and not system.endswith("\n"):
        system += "\n"
    added = (f"arena-bot:x:{uid}:{uid}:arena bot:{PRIVATE_MOUNT}:/bin/false\n"
             if name == "passwd" else f"arena-bot:x:{uid}:\n")
    fd = os.memfd_create(name, os.MFD_CLOEXEC)
    try:
        os.write(fd, (system + added).encode())
        os.lseek(fd, 0, os.SEEK_SET)
    except BaseException:
        os.close(fd)
        raise
    return fd


def environment(name: str, extra: Iterable[tuple[str, str]], root_visible: bool = True
                ) -> dict[str, str]:
    """A sandboxed bot's whole environment: nothing of the arena's own."""
    env = {"PATH": _PATH, "HOME": PRIVATE_MOUNT, "TMPDIR": PRIVATE_MOUNT, "LANG": "C.UTF-8",
           "PYTHONDONTWRITEBYTECODE": "1", "ARENA_TRANSPORT": "stdio", "ARENA_BOT_NAME": name}
    if root_visible:
        env["PYTHONPATH"] = str(PROJECT_ROOT)
    env.update(extra)
    return env


# Opens a folder, never through a symlink (the bot may have swapped one in).
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def wipe(process: int, kept: frozenset[str] = frozenset()) -> bool:
    """Empty the writable folders of a living sandbox: its /tmp, but for the folders ``kept``
    (relative to it; their contents are wiped), and its /dev/shm. ``process``: a descriptor
    of the folder ``/proc/PID`` of the sandbox's first process (bwrap's child, in the
    sandbox's mount namespace), through whose ``root`` the arena sees them: bound to that
    process, so that a pid used again by another is never wiped. True if nothing is left,
    or the process is gone (its folders went with it); False if something could not be
    removed (the caller retires the process). The bot may be running meanwhile: nothing is
    ever followed through a symlink, and what another file system holds (the folders the
    arena bound there, read-only) is left alone."""
    ok = True
    for mount, keep in ((PRIVATE_MOUNT, kept), (SHARED_MEMORY, frozenset[str]())):
        try:
            folder = os.open("root" + mount, _FOLDER, dir_fd=process)
        except (FileNotFoundError, ProcessLookupError):
            continue  # the process is gone, its folders with it
        except OSError:
            ok = False
            continue
        try:
            ok = _wipe_folder(folder, keep, "", os.fstat(folder).st_dev) and ok
        finally:
            os.close(folder)
    return ok


def _wipe_folder(folder: int, kept: frozenset[str], under: str, device: int) -> bool:
    ok = True
    try:
        with os.scandir(folder) as entries:
            names = [entry.name for entry in entries]
    except OSError:
        return False
    for name in names:
        relative = os.path.join(under, name)
        try:
            info = os.stat(name, dir_fd=folder, follow_symlinks=False)
            if info.st_dev != device:
                continue  # a folder the arena bound here, read-only: none of the bot's
            if not stat.S_ISDIR(info.st_mode):
                os.unlink(name, dir_fd=folder)
            elif relative in kept:
                inner = os.open(name, _FOLDER, dir_fd=folder)
                try:
                    ok = _wipe_folder(inner, kept, relative, device) and ok
                finally:
                    os.close(inner)
            else:
                _remove_folder(folder, name, device)
        except (OSError, RecursionError):  # a tree too deep to walk: retired too
            ok = False
    return ok


def _remove_folder(parent: int, name: str, device: int) -> None:
    """Remove folder ``name`` of ``parent`` with all it holds, made removable (a bot may leave
    a folder read-only). The folder is held by a descriptor opened without following a
    symlink, and changed and read through it, whatever is renamed meanwhile."""
    held = os.open(name, os.O_PATH | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                   dir_fd=parent)
    try:
        if os.fstat(held).st_dev != device:
            raise OSError(errno.EXDEV, "another file system", name)
        # (fchmodat cannot refuse to follow a symlink everywhere: the held folder itself.)
        os.chmod(f"/proc/self/fd/{held}", 0o700)
        folder = os.open(f"/proc/self/fd/{held}", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    finally:
        os.close(held)
    try:
        with os.scandir(folder) as entries:
            inside = [(entry.name, entry.is_dir(follow_symlinks=False)) for entry in entries]
        for entry, is_folder in inside:
            if is_folder:
                _remove_folder(folder, entry, device)
            else:
                os.unlink(entry, dir_fd=folder)
    finally:
        os.close(folder)
    os.rmdir(name, dir_fd=parent)
