"""A short run of benchmarks/soak.py: a tournament killed at random points and resumed gives
exactly the matches of an uninterrupted run, none twice."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_tournament_killed_and_resumed_five_times_equals_one_left_alone(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("soak", ROOT / "benchmarks" / "soak.py")
    assert spec is not None and spec.loader is not None
    soak = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(soak)
    seen = soak.soak(tmp_path, kills=5, seed=11, rng=random.Random(11))
    assert seen["kills"] >= 2, seen  # it was interrupted for real
    assert seen["recorded"] == seen["distinct"] == seen["planned"] == 36, seen
    assert seen["identical"], seen
