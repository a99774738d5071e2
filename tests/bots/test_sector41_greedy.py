"""The greedy Sector 41 bot plays from the protobuf messages alone and beats random."""

from __future__ import annotations

import sys
from pathlib import Path

from bots import _registry
from bots.random_bot import RandomBot
from bots.sector41_greedy import Sector41GreedyBot

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_sector41 import greedy_vs_random, play_bots  # noqa: E402


def test_registered() -> None:
    assert _registry.builtin("sector41-greedy") is Sector41GreedyBot


def test_finishes_two_and_four_player_matches() -> None:
    scores, ranks = play_bots([Sector41GreedyBot, RandomBot, Sector41GreedyBot, RandomBot], 3)
    assert len(scores) == 4 and min(ranks) == 0
    scores, ranks = play_bots([RandomBot, Sector41GreedyBot], 5)
    assert ranks[1] == 0


def test_beats_random_clearly() -> None:
    score, share, _ = greedy_vs_random(16, first_seed=1000)
    assert score >= 0.85 and share >= 0.75
