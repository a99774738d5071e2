"""The greedy Sector 41 bot plays from the protobuf messages alone and beats random."""

from __future__ import annotations

from bots import _registry
from bots.sector41_greedy import Sector41GreedyBot
from tests.support.harness import play_builtin


def test_registered() -> None:
    assert _registry.builtin("sector41-greedy") is Sector41GreedyBot


def test_finishes_two_and_four_player_matches() -> None:
    greedy = "sector41-greedy"
    result = play_builtin("sector41", [greedy, "random", greedy, "random"], 3)
    assert len(result.scores) == 4 and min(result.ranks) == 0
    assert play_builtin("sector41", ["random", greedy], 5).ranks[1] == 0


def test_beats_random_clearly() -> None:
    match_points = mine = theirs = 0.0
    for k in range(16):
        me = k % 2
        kinds = ["random", "random"]
        kinds[me] = "sector41-greedy"
        result = play_builtin("sector41", kinds, 1000 + k)
        match_points += 1.0 if result.ranks[me] < result.ranks[1 - me] else (
            0.5 if result.ranks[me] == result.ranks[1 - me] else 0.0)
        mine, theirs = mine + result.scores[me], theirs + result.scores[1 - me]
    assert match_points / 16 >= 0.85 and mine / (mine + theirs) >= 0.75
