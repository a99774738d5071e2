"""Shared test setup: the test-only game is registered for every test; no process a test
started outlives it; children get the default Ctrl-C handling even where pytest was started
with SIGINT ignored (a background job of a non-interactive shell, as some CI runners are)."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine
from tests.support import duel

engine.register(duel.GAME)

# An ignored SIGINT is inherited through exec, a handler is not: with ours installed, every
# child starts with the default (the serve tests stop the server with SIGINT).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def descendants(root: int) -> dict[int, str]:
    """Live (not zombie) processes below ``root``, with their command lines."""
    children: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if state != "Z":
            children.setdefault(int(ppid), []).append(int(entry.name))
            names[int(entry.name)] = cmdline.strip()[:200]
    found: dict[int, str] = {}
    todo = list(children.get(root, []))
    while todo:
        pid = todo.pop()
        found[pid] = names[pid]
        todo.extend(children.get(pid, []))
    return found


@pytest.fixture(autouse=True)
def no_process_outlives_its_test() -> Iterator[None]:
    """Fail a test that leaves a process running (after killing it), so that a failing or
    interrupted test cannot leave an ``arena serve`` or a bot behind."""
    before = set(descendants(os.getpid()))
    yield
    deadline = time.monotonic() + 10  # a process being stopped may take a moment to go
    while (left := {p: c for p, c in descendants(os.getpid()).items() if p not in before}):
        if time.monotonic() > deadline:
            for pid in left:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            pytest.fail(f"the test left processes running (now killed): {left}")
        time.sleep(0.05)
