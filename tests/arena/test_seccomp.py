"""The sandbox's seccomp deny-list (``arena._seccomp``): in the same sandbox, the calls it names
fail with EPERM with the filter and go through without it, and a bot's ordinary work (threads,
processes, files in its private folder, a pool of processes and its semaphores, its user's
name) is untouched (real bwrap, real system calls)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from arena import _sandbox, _seccomp
from tests.support.harness import run_sandboxed

pytestmark = [
    pytest.mark.skipif(_sandbox.unavailable() is not None,
                       reason=f"no sandbox here: {_sandbox.unavailable()}"),
    pytest.mark.skipif(_seccomp.program() is None, reason="libseccomp is not installed"),
]

PROBE = Path(__file__).resolve().parent.parent / "support" / "syscall_probe.py"


def probe(monkeypatch: pytest.MonkeyPatch, with_filter: bool) -> dict[str, str]:
    """What the probe's system calls gave, run in a sandbox with or without the filter."""
    if not with_filter:
        monkeypatch.setattr(_seccomp, "program", lambda: None)
    done = run_sandboxed([sys.executable, str(PROBE)], os.getcwd())
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_the_filter_refuses_what_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    results = probe(monkeypatch, with_filter=True)
    for call in ("process_vm_readv", "keyctl", "unshare_user", "ptrace_traceme"):
        assert results[call] == "EPERM", results


def test_without_it_the_same_sandbox_lets_them_through(monkeypatch: pytest.MonkeyPatch) -> None:
    results = probe(monkeypatch, with_filter=False)
    assert results["process_vm_readv"] == "ok", results  # its own memory: nothing else stops it


def test_ordinary_work_is_untouched(monkeypatch: pytest.MonkeyPatch) -> None:
    results = probe(monkeypatch, with_filter=True)
    for call in ("fork", "thread", "tmp_file", "multiprocessing", "own_user"):
        assert results[call] == "ok", results


def test_the_list_names_real_system_calls() -> None:
    unknown = [call for call in _seccomp.DENIED if not _seccomp.resolves(call)]
    assert not unknown, f"not system calls of this machine: {unknown}"
