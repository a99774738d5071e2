"""builtin:sector41-mcts plays legal, complete matches through the match runner, the same way
for the same bot seed, and its choice depends only on what its seat can see.

Its strength against sector41-greedy is measured by ``benchmarks/bench_sector41.py
--mcts-matches N`` (the figure in docs/benchmarks.md), not here: 200 matches take many minutes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from arena import _codec
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from bots import _registry
from bots.sector41_greedy import Sector41GreedyBot
from bots.sector41_mcts import Sector41MctsBot
from engine.sector41 import GAME, Sector41State
from engine.sector41._policy import greedy_choice
from tests.support.harness import play_builtin


def test_registered() -> None:
    assert _registry.builtin("sector41-mcts") is Sector41MctsBot


def test_plays_legal_matches_against_greedy(monkeypatch: pytest.MonkeyPatch) -> None:
    # A small budget: this checks that it runs and stays legal, not how well it plays (the
    # figure in docs/benchmarks.md comes from the benchmark).
    monkeypatch.setattr(Sector41MctsBot, "playouts", 4)
    for seed, kinds in ((1, ["sector41-mcts", "sector41-greedy"]),
                        (2, ["sector41-greedy", "sector41-mcts"])):
        result = play_builtin("sector41", kinds, seed)
        # An illegal action or a crash would end the match with a forfeit.
        assert result.termination.name in ("NORMAL", "TURN_LIMIT"), result
        assert not result.forfeited and min(result.ranks) == 0


def _match(seat: int, bot_seed: int = 9) -> pb.MatchStarted:
    return pb.MatchStarted(match_id="m", game="sector41", your_seat=seat, bot_seed=bot_seed,
                           static_data=_codec.static_data("sector41", GAME.static_data))


def _wire(state: Sector41State, seat: int) -> tuple[game_pb2.Observation, list[game_pb2.Action]]:
    """The observation and legal actions of ``seat`` as the arena sends them."""
    (decision,) = state.pending().values()
    legal = [game_pb2.Action(id=a.id, text=a.text,
                             detail=_codec.action_detail("sector41", a.detail))
             for a in decision.legal]
    return _codec.observation("sector41", state.observation(seat)), legal


def _decisions(seed: int, every: int) -> Iterator[Sector41State]:
    """Every ``every``-th state with a choice of two or more actions in a game played by a
    mix of random and greedy-rule moves."""
    state = GAME.new_match(2, seed)
    assert isinstance(state, Sector41State)
    rng = random.Random(seed)
    step = 0
    while pending := state.pending():
        (seat, decision), = pending.items()
        if len(decision.legal) > 1 and step % every == 0:
            yield state
        step += 1
        pick = greedy_choice(state, rng) if rng.random() < 0.7 else rng.randrange(
            len(decision.legal))
        state.apply({seat: decision.legal[pick].id})


def test_same_bot_seed_same_legal_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Sector41MctsBot, "playouts", 6)
    bots = [Sector41MctsBot(_match(s)) for s in (0, 1)]
    twins = [Sector41MctsBot(_match(s)) for s in (0, 1)]
    stages = set()
    for state in _decisions(3, every=9):
        seat = state.current
        wire, legal = _wire(state, seat)
        choice = bots[seat].choose(wire, legal, 10.0)
        assert choice in {a.id for a in legal}
        assert twins[seat].choose(wire, legal, 10.0) == choice
        stages.add(state.stage)
    assert {"ship", "move"} <= stages


def _reorder_hidden(state: Sector41State, seat: int, rng: random.Random) -> Sector41State:
    """The same state with the tiles ``seat`` does not know dealt differently."""
    other = state.clone()
    hidden = [tid for tid in range(81) if not other.up[tid] and tid not in other.peeks[seat]]
    designs = [(other.types[t], other.rot[t]) for t in hidden]
    rng.shuffle(designs)
    for tid, (design, rot) in zip(hidden, designs, strict=True):
        other.types[tid], other.rot[tid] = design, rot
    return other


def test_the_choice_ignores_tiles_the_seat_cannot_see(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Sector41MctsBot, "playouts", 6)
    rng = random.Random(4)
    checked = 0
    for state in _decisions(5, every=15):
        seat = state.current
        other = _reorder_hidden(state, seat, rng)
        if other.types == state.types:
            continue  # late in the match nothing may be left hidden
        wire, legal = _wire(state, seat)
        other_wire, other_legal = _wire(other, seat)
        assert other_wire == wire and other_legal == legal
        # Fresh bots with the same seed: only the hidden tiles differ between the two.
        assert (Sector41MctsBot(_match(seat)).choose(wire, legal, 10.0)
                == Sector41MctsBot(_match(seat)).choose(other_wire, other_legal, 10.0))
        checked += 1
    assert checked >= 5


def test_the_rollout_rule_is_the_greedy_bots_rule() -> None:
    # Rollouts play every seat by greedy_choice: it must pick an action the greedy bot scores
    # best (ties aside), at every kind of decision.
    stages: set[str] = set()
    for seed in (1, 2):
        greedy = [Sector41GreedyBot(_match(s)) for s in (0, 1)]
        for state in _decisions(seed, every=1):
            seat = state.current
            wire, legal = _wire(state, seat)
            bot = greedy[seat]
            bot.obs = wire.sector41
            bot._prepare()
            scores = [bot._score(a.detail.sector41) for a in legal]
            assert scores[greedy_choice(state, random.Random(0))] == max(scores), state.stage
            stages.add(state.stage)
    assert {"ship", "move", "tow", "tile", "guardian"} <= stages
