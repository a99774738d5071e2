"""A hostile launched bot: ``python -m tests.support.hostile_bot``.

At its first match's start (when its opponent's process is surely up: the arena starts the
bots' processes together) it looks for the other bots' processes and the arena's, reads
their environment and stops them. Before its Hello (where no clock runs) it tries the rest
of what a competitor who wants to cheat would: read the database by its path, through
``/proc/PID/fd`` and by searching the file system, reach the arena's ports over TCP and UDP,
write outside its private directory, fill the disk from its temporary folder, leave a note
for a later match or another process, fork without end, allocate past its memory limit, and
make the system calls a sandbox denies (another process's memory, the kernel's keyrings, a
user namespace of its own). Each attempt is reported on stderr as one line ``HOSTILE
{"attack": ..., "succeeded": ..., "detail": ...}``, which the tests read from the bot logs.
The environment says where to aim (set with ``--bot-env``): HOSTILE_DB (the database's
path), HOSTILE_TCP (ports to connect to, comma-separated), HOSTILE_UDP (a port to send a
datagram to), HOSTILE_MARK (a name for the notes), HOSTILE_MEMORY_MB (what to allocate),
HOSTILE_FORKS (how many processes to try for), HOSTILE_HOST (the host's name, which it
should not learn), HOSTILE_DISK_MB (what to write to its temporary folder). Then it plays
random legal moves, and at every match start looks for a note an earlier match left (and
leaves one)."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bots import main
from bots.random_bot import RandomBot
from tests.support import syscall_probe

SQLITE_HEADER = b"SQLite format 3\x00"


def report(attack: str, succeeded: bool, detail: str = "") -> None:
    print("HOSTILE " + json.dumps({"attack": attack, "succeeded": succeeded,
                                   "detail": detail[:300]}), file=sys.stderr, flush=True)


def _own_tree() -> set[int]:
    """This process and its threads' ids (a thread id is a pid in /proc too)."""
    return {os.getpid(), *map(int, os.listdir(f"/proc/{os.getpid()}/task"))}


def _processes() -> dict[int, bytes]:
    """Every visible process but this one, with its command line."""
    out = {}
    mine = _own_tree()
    for entry in os.listdir("/proc"):
        if entry.isdigit() and int(entry) not in mine:
            try:
                out[int(entry)] = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
    return out


def _is_sqlite(path: str) -> bool:
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a pipe's read would wait forever
            return False
        with open(path, "rb") as file:
            return file.read(16) == SQLITE_HEADER
    except OSError:
        return False


def list_and_signal() -> None:
    """The tournament's other bots are the processes whose environment has this run's mark
    (the organiser's --bot-env reaches every bot): nothing else on the machine is touched."""
    processes = _processes()
    mark = f"HOSTILE_MARK={os.environ.get('HOSTILE_MARK', '')}\x00".encode()
    me = f"ARENA_BOT_NAME={os.environ.get('ARENA_BOT_NAME', '')}\x00".encode()
    arena = os.getppid()
    others, read = [], []
    for pid in processes:
        try:
            environment = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:
            continue
        if mark in environment and me not in environment:
            others.append(pid)
            read.append(pid)
        elif pid == arena and arena != 1 and environment:  # pid 1: a sandbox's own init
            read.append(pid)
    seen_arena = arena != 1 and arena in processes  # pid 1: a sandbox's own init
    report("list_processes", bool(others) or seen_arena,
           f"{len(processes)} visible; the other bots: {others}; the arena: {seen_arena}")
    report("read_environment", bool(read), f"another bot's or the arena's: {read[:10]}")
    stopped = []
    for pid in others:
        try:
            os.kill(pid, signal.SIGSTOP)
            stopped.append(pid)
        except OSError:
            continue
    report("signal_stop", bool(stopped), f"stopped: {stopped}")
    killable = []
    for pid in [*others, arena]:  # may it SIGKILL them? (signal 0: the check, not the kill)
        try:
            os.kill(pid, 0)
            killable.append(pid)
        except OSError:
            continue
    report("signal_kill", bool(killable) and arena != 1, f"may signal: {killable}")


def read_database() -> None:
    database = os.environ.get("HOSTILE_DB", "")
    by_path = [p for p in (database, "arena.sqlite", database + ".secrets.json")
               if p and (_is_sqlite(p) or (p.endswith(".json") and _readable(p)))]
    report("db_by_path", bool(by_path), f"read: {by_path}")
    through_fd = []
    for pid in (os.getppid(), 1):  # the arena (or, in a sandbox, bwrap's init)
        try:
            descriptors = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in descriptors:
            link = f"/proc/{pid}/fd/{fd}"
            if _is_sqlite(link):
                through_fd.append(link)
    report("db_by_proc_fd", bool(through_fd), f"read: {through_fd[:5]}")
    found = []
    deadline = time.monotonic() + 3.0
    seen = 0
    for root in (os.getcwd(), tempfile.gettempdir(), "/"):  # where a database is likely first
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if not (folder == "/" and d in ("proc", "sys", "dev"))]
            for name in files:
                seen += 1
                path = os.path.join(folder, name)
                if name.endswith(".secrets.json") and _readable(path) or _is_arena_db(path):
                    found.append(path)
            if time.monotonic() > deadline or found:
                break
        if time.monotonic() > deadline or found:
            break
    report("db_by_search", bool(found), f"{seen} files looked at; read: {found[:5]}")


def _is_arena_db(path: str) -> bool:
    """An arena's database: SQLite, with a tournaments table (other programs' SQLite files,
    caches say, are no prize)."""
    if not _is_sqlite(path):
        return False
    try:
        with open(path, "rb") as file:
            return b"CREATE TABLE tournaments" in file.read(1 << 16)
    except OSError:
        return False


def _readable(path: str) -> bool:
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as file:
            return bool(file.read(1))
    except OSError:
        return False


def network() -> None:
    reached = []
    for port in filter(None, os.environ.get("HOSTILE_TCP", "").split(",")):
        try:
            with socket.create_connection(("127.0.0.1", int(port)), timeout=2):
                reached.append(port)
        except OSError as error:
            report("tcp_detail", False, f"{port}: {error}")
    report("tcp_connect", bool(reached), f"connected: {reached}")
    sent = False
    udp = os.environ.get("HOSTILE_UDP")
    if udp:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.sendto(b"hostile", ("127.0.0.1", int(udp)))
                sent = True
        except OSError as error:
            report("udp_detail", False, str(error))
    # Whether it arrived is the test's to say (a sandbox's own loopback takes it silently).
    report("udp_detail", False, f"sent: {sent}")
    interfaces = [name for _, name in socket.if_nameindex()]
    report("interfaces", interfaces != ["lo"], f"{interfaces}")
    host = socket.gethostname()
    report("host_name", host == os.environ.get("HOSTILE_HOST"), f"the machine's name: {host}")


def write_outside() -> None:
    """Write beside the database, in the working folder and in /var/tmp; what lies inside
    its own temporary folder is not outside (a sandbox may make its working folder there,
    when the arena's lies under /tmp)."""
    written = []
    own = os.path.realpath(tempfile.gettempdir())
    targets = {os.getcwd(), os.path.dirname(os.environ.get("HOSTILE_DB", "/nonexistent/x")),
               "/var/tmp"}
    for folder in targets:
        if os.path.commonpath([own, os.path.realpath(folder)]) == own:
            continue
        path = os.path.join(folder, f"hostile-{os.environ.get('HOSTILE_MARK', 'x')}")
        try:
            with open(path, "w") as file:
                file.write("was here")
            written.append(path)
        except OSError:
            continue
    report("write_outside", bool(written), f"wrote: {written}")


def fill_disk() -> None:
    """Write HOSTILE_DISK_MB megabytes to a file in the temporary folder (then delete it):
    succeeded if all of it was written."""
    megabytes = int(os.environ.get("HOSTILE_DISK_MB", "0"))
    if not megabytes:
        return
    path = Path(tempfile.gettempdir()) / f"hostile-disk-{os.environ.get('HOSTILE_MARK', 'x')}"
    written = 0
    error = ""
    try:
        with open(path, "wb") as file:
            block = b"\xa5" * (1 << 20)
            for _ in range(megabytes):
                file.write(block)
                file.flush()
                written += 1
            os.fsync(file.fileno())
    except OSError as stopped:
        error = str(stopped)
    finally:
        path.unlink(missing_ok=True)
    report("fill_disk", written >= megabytes, f"{written} of {megabytes} MB in {path}; {error}")


def fork_bomb() -> None:
    wanted = int(os.environ.get("HOSTILE_FORKS", "200"))
    children = []
    error = ""
    try:
        for _ in range(wanted):
            pid = os.fork()
            if pid == 0:
                time.sleep(30)
                os._exit(0)
            children.append(pid)
    except OSError as stopped:
        error = str(stopped)
    finally:
        for pid in children:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    report("fork_bomb", len(children) >= wanted, f"{len(children)} forks; {error}")


def allocate() -> None:
    megabytes = int(os.environ.get("HOSTILE_MEMORY_MB", "0"))
    if not megabytes:
        return
    try:
        block = bytearray(megabytes << 20)
        block[-1] = 1
        report("memory", True, f"{megabytes} MB allocated")
    except MemoryError:
        report("memory", False, f"{megabytes} MB refused")


def denied_calls() -> None:
    for attack, call in (("process_memory", syscall_probe.read_own_memory),
                         ("keyring", syscall_probe.DENIED["keyctl"]),
                         ("user_namespace", syscall_probe.DENIED["unshare_user"])):
        outcome = syscall_probe.in_a_child(call)
        report(attack, outcome == "ok", outcome)


def attack(*steps: Callable[[], None]) -> None:
    for step in steps:
        try:
            step()
        except Exception as error:  # noqa: BLE001 - an attack's bug is not the test's result
            report(step.__name__ + "_error", False, repr(error))


class HostileBot(RandomBot):
    """Random moves; a note looked for and left at every match."""

    signalled = False  # (the first match of this process)

    def __init__(self, match: object) -> None:
        super().__init__(match)  # type: ignore[arg-type]
        if not HostileBot.signalled:
            HostileBot.signalled = True
            attack(list_and_signal)
        for attack_, folder in (("left_file", tempfile.gettempdir()),
                                ("left_shared_memory", "/dev/shm")):
            note = Path(folder) / f"hostile-note-{os.environ.get('HOSTILE_MARK', 'x')}"
            try:
                left = note.read_text() if note.exists() else ""
                note.write_text(f"{os.getpid()}:{match.match_id}")  # type: ignore[attr-defined]
            except OSError as error:
                report(attack_, False, f"{note}: {error}")
                continue
            report(attack_, bool(left), f"found {left!r} in {note}")


if __name__ == "__main__":
    attack(read_database, network, write_outside, fill_disk, fork_bomb, allocate, denied_calls)
    print("HOSTILE-DONE", file=sys.stderr, flush=True)
    main(HostileBot, "hostile")
