"""Another commit's tree for A/B benchmarks: a temporary detached git worktree.

Imports nothing of ours, so that a benchmark's child process can put that tree first on its
import path before it imports the arena.
"""

from __future__ import annotations

import contextlib
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def checkout_of(rev: str, prefix: str = "bench-") -> Iterator[Path]:
    """A temporary detached worktree of ``rev``, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    subprocess.run(["git", "worktree", "add", "-q", "--detach", str(folder), rev], cwd=ROOT,
                   check=True)
    try:
        yield folder
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(folder)], cwd=ROOT,
                       check=False)
