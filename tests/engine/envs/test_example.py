"""The example of docs/envs.md runs its whole loop (a few games here) and reports."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium", reason="the envs extra is not installed")

ROOT = Path(__file__).resolve().parents[3]


def test_the_reinforce_example_trains_and_prints_both_win_rates() -> None:
    done = subprocess.run(
        [sys.executable, "docs/examples/envs_reinforce.py", "--games", "6", "--test", "4"],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"race, against random, 4 games each: win rate \d+\.\d% before, "
                        r"\d+\.\d% after 6 training games\n", done.stdout), done.stdout
