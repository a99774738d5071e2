"""The greedy Race bot beats the random bot clearly, playing from the protobuf messages only."""

from __future__ import annotations

import ast
from pathlib import Path

from bots import _registry, race_greedy
from bots.race_greedy import RaceGreedyBot
from tests.support.harness import play_builtin


def test_greedy_beats_random() -> None:
    wins = 0
    for m in range(20):
        seat = m % 2
        kinds = ["random", "random"]
        kinds[seat] = "race-greedy"
        ranks = play_builtin("race", kinds, seed=1000 + m).ranks
        wins += ranks[seat] == 0 and ranks.count(0) == 1
    assert wins >= 15


def test_registered_and_engine_free() -> None:
    assert _registry.builtin("race-greedy") is RaceGreedyBot
    tree = ast.parse(Path(race_greedy.__file__).read_text())
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not any(m.startswith("engine") for m in imported)
