"""The suite itself: a test that leaves a process behind fails, and the process is killed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.support.harness import alive

ROOT = Path(__file__).resolve().parent.parent


def test_a_process_left_behind_fails_its_test_and_is_killed(tmp_path: Path) -> None:
    marker = tmp_path / "pid"
    leaky = tmp_path / "test_leaky.py"
    leaky.write_text(
        "import subprocess, sys\n"
        "def test_forgets_its_child():\n"
        "    child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
        f"    open({str(marker)!r}, 'w').write(str(child.pid))\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.conftest", "-q",
                           "-p", "no:cacheprovider", str(leaky)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the test left processes running (now killed)" in done.stdout
    assert not alive(int(marker.read_text()))
