"""System calls a sandbox's seccomp filter refuses, and ordinary ones it must not:
``python tests/support/syscall_probe.py`` prints ``{call: "ok" | error name}`` as JSON.

Each call runs in a child process of its own, so that what it changes (a user namespace, a
tracer) stays there. The hostile bot (``tests.support.hostile_bot``) makes the same calls.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import platform
import tempfile
import threading
from collections.abc import Callable

_KEYCTL = {"x86_64": 250, "aarch64": 219}.get(platform.machine(), 250)
_KEYCTL_GET_KEYRING_ID, _KEY_SPEC_SESSION_KEYRING = 0, -3
_CLONE_NEWUSER = 0x10000000
_PTRACE_TRACEME = 0


class _IoVec(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("length", ctypes.c_size_t)]


def in_a_child(call: Callable[[ctypes.CDLL], int]) -> str:
    """Make one call in a child process: "ok", or the name of the error it failed with."""
    libc = ctypes.CDLL(None, use_errno=True)
    pid = os.fork()
    if pid == 0:
        try:
            result = call(libc)
            os._exit(0 if result >= 0 else min(ctypes.get_errno(), 255) or 255)
        except BaseException:  # noqa: BLE001 - a child must never return into the caller
            os._exit(255)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code == 0:
        return "ok"
    return errno.errorcode.get(code, f"exit {code}") if code > 0 else f"signal {-code}"


def read_own_memory(libc: ctypes.CDLL) -> int:
    source = ctypes.create_string_buffer(b"secret")
    target = ctypes.create_string_buffer(6)
    local = _IoVec(ctypes.cast(target, ctypes.c_void_p), 6)
    remote = _IoVec(ctypes.cast(source, ctypes.c_void_p), 6)
    libc.process_vm_readv.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_ulong,
                                      ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
    return int(libc.process_vm_readv(os.getpid(), ctypes.byref(local), 1, ctypes.byref(remote),
                                     1, 0))


DENIED: dict[str, Callable[[ctypes.CDLL], int]] = {
    "process_vm_readv": read_own_memory,
    "keyctl": lambda libc: int(libc.syscall(_KEYCTL, _KEYCTL_GET_KEYRING_ID,
                                            _KEY_SPEC_SESSION_KEYRING, 1)),
    "unshare_user": lambda libc: int(libc.unshare(_CLONE_NEWUSER)),
    "ptrace_traceme": lambda libc: int(libc.ptrace(_PTRACE_TRACEME, 0, None, None)),
}


def _thread(_: ctypes.CDLL) -> int:
    worker = threading.Thread(target=lambda: None)
    worker.start()
    worker.join()
    return 0


def _tmp_file(_: ctypes.CDLL) -> int:
    with tempfile.NamedTemporaryFile() as file:
        file.write(b"x")
    return 0


def _multiprocessing(_: ctypes.CDLL) -> int:
    """A pool of worker processes: its locks are POSIX semaphores, made in /dev/shm."""
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(2) as pool:
        return 0 if pool.map(abs, [-1, -2]) == [1, 2] else -1


def _own_user(_: ctypes.CDLL) -> int:
    """The process's user is known by name (as root, the arena runs each bot as a user of its
    own, which the sandbox's passwd file names)."""
    import getpass
    import pwd

    return 0 if pwd.getpwuid(os.getuid()).pw_name == getpass.getuser() else -1


ORDINARY: dict[str, Callable[[ctypes.CDLL], int]] = {
    "fork": lambda _: 0,  # in_a_child forks
    "thread": _thread,
    "tmp_file": _tmp_file,
    "multiprocessing": _multiprocessing,
    "own_user": _own_user,
}

if __name__ == "__main__":
    print(json.dumps({name: in_a_child(call) for name, call in {**DENIED, **ORDINARY}.items()}))
