"""The greedy Sol bot beats the random bot clearly, playing from the protobuf messages only."""

from __future__ import annotations

import ast
from pathlib import Path

from bots import _registry, sol_greedy
from bots.sol_greedy import SolGreedyBot
from tests.support.harness import play_builtin


def test_greedy_beats_random() -> None:
    wins = 0
    matches = 12
    for m in range(matches):
        seat = m % 2
        kinds = ["random", "random"]
        kinds[seat] = "sol-greedy"
        ranks = play_builtin("sol", kinds, seed=2000 + m).ranks
        wins += ranks[seat] == 0 and ranks.count(0) == 1
    # Measured 200/200-level margins (see benchmarks/bench_sol.py); a broken bot wins ~half.
    assert wins >= 10


def test_plays_five_players_to_the_end() -> None:
    result = play_builtin("sol", ["sol-greedy", "random", "sol-greedy", "random", "random"], 7,
                          options={"turn_limit": 60})
    assert len(result.scores) == 5 and min(result.ranks) == 0


def test_registered_and_engine_free() -> None:
    assert _registry.builtin("sol-greedy") is SolGreedyBot
    assert SolGreedyBot.games == ("sol",)
    tree = ast.parse(Path(sol_greedy.__file__).read_text())
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not any(m.startswith("engine") for m in imported)
