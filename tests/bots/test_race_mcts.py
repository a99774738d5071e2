"""builtin:race-mcts plays legal, complete matches at a small budget, the same way for the
same bot seed.

Its strength against race-greedy is measured by ``benchmarks/bench_race.py --mcts N`` (the
figure in docs/benchmarks.md), not here: 200 matches take many minutes.
"""

from __future__ import annotations

import random

import pytest

from arena import _codec
from bots import _registry
from bots.race_mcts import RaceMctsBot
from engine.race import GAME, RaceState
from tests.support.harness import play_builtin


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RACE_MCTS_PLAYOUTS", "3")


@pytest.mark.usefixtures("small_budget")
def test_plays_complete_legal_matches_against_greedy() -> None:
    for seed, kinds in ((1, ["race-mcts", "race-greedy"]), (2, ["race-greedy", "race-mcts"])):
        result = play_builtin("race", kinds, seed=seed)
        assert result.termination.name == "NORMAL" and not result.forfeited


def test_registered_and_loaded_only_when_asked() -> None:
    assert _registry.builtin("race-mcts") is RaceMctsBot
    assert RaceMctsBot.games == ("race",)


def test_search_picks_a_legal_id_from_the_wire_observation() -> None:
    from arena.v1 import arena_service_pb2 as pb
    from engine.race import STATIC_DATA

    match = pb.MatchStarted(match_id="m", game="race", your_seat=0, bot_seed=9,
                            static_data=_codec.static_data("race", STATIC_DATA))
    bot = RaceMctsBot(match, playouts=5)
    twin = RaceMctsBot(match, playouts=5)  # same bot seed: the same choices (reproducible)
    state = GAME.new_match(2, 3)
    assert isinstance(state, RaceState)
    rng = random.Random(3)
    searched = 0
    while state.pending() and searched < 6:
        pending = state.pending()
        if 0 in pending:
            legal = [pb_action(a) for a in pending[0].legal]
            wire = _codec.observation("race", state.observation(0))
            choice = bot.choose(wire, legal, 10.0)
            assert choice in {a.id for a in pending[0].legal}
            assert twin.choose(wire, legal, 10.0) == choice
            searched += pending[0].kind in ("select", "develop", "settle")
        state.apply({s: (choice if s == 0 else rng.choice(d.legal).id)
                     for s, d in pending.items()})
    assert searched


def pb_action(action: object) -> object:
    """An engine action in its wire form."""
    from arena.v1 import game_pb2

    return game_pb2.Action(id=action.id, text=action.text,  # type: ignore[attr-defined]
                           detail=_codec.action_detail("race", action.detail))  # type: ignore[attr-defined]


def test_a_budget_below_one_is_refused() -> None:
    from arena.v1 import arena_service_pb2 as pb

    with pytest.raises(ValueError, match="at least 1 playout"):
        RaceMctsBot(pb.MatchStarted(match_id="m", game="race"), playouts=0)
