"""The sandbox's seccomp deny-list: system calls a bot never needs, refused with EPERM.

A sandboxed bot already lacks the privileges most of these need; the list takes away the
kernel interfaces that stay open to an unprivileged process and have been the way out of
sandboxes before (other processes' memory, the kernel's keyrings, BPF programs, performance
counters, new user namespaces and mounts inside them, io_uring), and the ones that only an
administrator calls. Everything else is allowed, so any language's runtime works unchanged.

The filter is compiled by libseccomp (Debian's ``libseccomp2``, on every Debian system), called
through ctypes: no BPF of our own. bubblewrap loads it (``--seccomp FD``) right before
it runs the bot's command, after its own set-up. Without libseccomp there is no filter, and a
command that launches bots says so in one line.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import functools
import os

DENIED = (
    # other processes' memory and execution
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    # the kernel's keyrings
    "keyctl", "add_key", "request_key",
    # BPF programs, performance counters, user-space page faults, io_uring
    "bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter",
    "io_uring_register",
    # namespaces and mounts
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "open_tree", "move_mount",
    "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr",
    "open_by_handle_at", "name_to_handle_at",
    # the machine's administration
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "reboot", "swapon", "swapoff", "acct", "quotactl", "syslog", "settimeofday",
    "clock_settime", "clock_adjtime", "adjtimex", "lookup_dcookie",
    "vhangup", "iopl", "ioperm",
)

_ALLOW = 0x7FFF0000  # SCMP_ACT_ALLOW


def _refuse(code: int) -> int:
    return 0x00050000 | (code & 0xFFFF)  # SCMP_ACT_ERRNO(code)


_program: bytes | None = None
_built = False


def program() -> bytes | None:
    """The deny-list as a BPF program (built once), or None without libseccomp."""
    global _program, _built
    if not _built:
        _built = True
        _program = _build()
    return _program


def resolves(call: str) -> bool:
    """Whether libseccomp knows ``call`` as a system call's name (on any architecture)."""
    lib = _library()
    return lib is not None and lib.seccomp_syscall_resolve_name(call.encode()) != -1


@functools.cache
def _library() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("seccomp")
    if name is None:
        return None
    try:
        lib = ctypes.CDLL(name, use_errno=True)
    except OSError:
        return None
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int,
                                     ctypes.c_uint]
    lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    return lib


def _build() -> bytes | None:
    lib = _library()
    if lib is None:
        return None
    context = lib.seccomp_init(_ALLOW)
    if not context:
        return None
    read, write = os.pipe()
    try:
        for call in DENIED:
            number = lib.seccomp_syscall_resolve_name(call.encode())
            if number == -1:
                continue  # unknown to this libseccomp (older than the call)
            if lib.seccomp_rule_add(context, _refuse(errno.EPERM), number, 0) != 0:
                return None
        if lib.seccomp_export_bpf(context, write) != 0:
            return None
        os.close(write)
        write = -1
        chunks = []
        while chunk := os.read(read, 65536):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        lib.seccomp_release(context)
        os.close(read)
        if write >= 0:
            os.close(write)


def program_fd() -> int | None:
    """A new file descriptor holding the program from its start (for ``bwrap --seccomp``,
    which reads it to the end: one per process), or None without a program."""
    code = program()
    if code is None:
        return None
    fd = os.memfd_create("arena-seccomp", 0)
    os.write(fd, code)
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
