"""The Sector 41 search bot plays legal, complete matches through the match runner."""

from __future__ import annotations

import pytest

from bots import _registry
from bots.sector41_mcts import Sector41MctsBot
from tests.support.harness import play_builtin


def test_registered() -> None:
    assert _registry.builtin("sector41-mcts") is Sector41MctsBot


def test_plays_legal_matches_against_greedy(monkeypatch: pytest.MonkeyPatch) -> None:
    # A small budget: this checks that it runs and stays legal, not how well it plays (the
    # README's figure comes from the benchmark).
    monkeypatch.setattr(Sector41MctsBot, "playouts", 4)
    for seed, kinds in ((1, ["sector41-mcts", "sector41-greedy"]),
                        (2, ["sector41-greedy", "sector41-mcts"])):
        result = play_builtin("sector41", kinds, seed)
        # An illegal action or a crash would end the match with a forfeit.
        assert result.termination.name in ("NORMAL", "TURN_LIMIT"), result
        assert not result.forfeited and min(result.ranks) == 0
