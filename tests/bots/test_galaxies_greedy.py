"""The greedy Tiny Epic Galaxies bot beats the random bot clearly, from the protobuf messages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bots import _registry, galaxies_greedy
from bots.galaxies_greedy import GalaxiesGreedyBot
from tests.support.harness import play_builtin


@pytest.mark.parametrize("expansion", [True, False])
def test_greedy_beats_random(expansion: bool) -> None:
    wins = 0
    for m in range(10):
        seat = m % 2
        kinds = ["random", "random"]
        kinds[seat] = "galaxies-greedy"
        ranks = play_builtin("galaxies", kinds, seed=2000 + m,
                             options={"expansion": expansion}).ranks
        wins += ranks[seat] == 0 and ranks.count(0) == 1
    assert wins >= 8


def test_registered_engine_free_and_declares_its_game() -> None:
    assert _registry.builtin("galaxies-greedy") is GalaxiesGreedyBot
    assert GalaxiesGreedyBot.games == ("galaxies",)
    tree = ast.parse(Path(galaxies_greedy.__file__).read_text())
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not any(m.startswith("engine") for m in imported)
