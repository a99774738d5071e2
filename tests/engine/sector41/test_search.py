"""What search bots rely on: an independent clone and a determinization that leaks nothing."""

from __future__ import annotations

import random

import pytest

from engine.sector41 import GAME, Sector41State, from_observation

from .helpers import occupancy_agrees


def _states(players: int, games: int, seed0: int = 0) -> list[Sector41State]:
    """Mid-game states of random games, at every stage a decision can be in."""
    found = []
    for seed in range(seed0, seed0 + games):
        rng = random.Random(seed)
        state = GAME.new_match(players, seed)
        assert isinstance(state, Sector41State)
        step = 0
        while pending := state.pending():
            if step % 7 == 0 or state.stage not in ("ship", "move"):
                found.append(state.clone())
            (seat, decision), = pending.items()
            state.apply({seat: rng.choice(decision.legal).id})
            step += 1
    return found


def test_a_clone_and_its_original_diverge_independently() -> None:
    for state in _states(2, 4)[::10]:
        twin = state.clone()
        assert twin.snapshot() == state.snapshot()
        before = state.snapshot()
        rng = random.Random(1)
        while (pending := twin.pending()) and twin.turn < state.turn + 20:
            (seat, decision), = pending.items()
            twin.apply({seat: rng.choice(decision.legal).id})
        assert state.snapshot() == before  # playing the clone left the original alone
        moved = twin.snapshot()
        rng = random.Random(2)
        while (pending := state.pending()) and state.turn < twin.turn + 20:
            (seat, decision), = pending.items()
            state.apply({seat: rng.choice(decision.legal).id})
        assert twin.snapshot() == moved  # and the other way round


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinized_state_keeps_the_observation_and_the_decision(players: int) -> None:
    states = _states(players, 3, seed0=10 * players)
    stages = {s.stage for s in states}
    assert {"ship", "move", "tow", "tile", "guardian"} <= stages
    for k, state in enumerate(states):
        seat = state.current if k % 2 else (state.current + 1) % players
        obs = state.observation(seat)
        sampled = from_observation(obs, random.Random(k))
        assert sampled.observation(seat) == obs
        occupancy_agrees(sampled)
        (mine,) = state.pending().values()
        (theirs,) = sampled.pending().values()
        assert theirs.seat == mine.seat and theirs.kind == mine.kind
        assert [a.id for a in theirs.legal] == [a.id for a in mine.legal]
        if seat == state.current:  # the texts show what the mover knows: the same
            assert [a.text for a in theirs.legal] == [a.text for a in mine.legal]


def _reorder_hidden(state: Sector41State, seat: int, rng: random.Random) -> Sector41State:
    """The same state with the tiles ``seat`` does not know dealt differently."""
    other = state.clone()
    hidden = [tid for tid in range(81)
              if not other.up[tid] and tid not in other.peeks[seat]]
    designs = [(other.types[t], other.rot[t]) for t in hidden]
    rng.shuffle(designs)
    for tid, (design, rot) in zip(hidden, designs, strict=True):
        other.types[tid], other.rot[tid] = design, rot
    return other


def test_determinization_leaks_nothing_hidden() -> None:
    rng = random.Random(5)
    changed = 0
    for k, state in enumerate(_states(2, 3, seed0=40)[::3]):
        seat = k % 2
        other = _reorder_hidden(state, seat, rng)
        changed += other.snapshot() != state.snapshot()
        assert other.observation(seat) == state.observation(seat)
        a = from_observation(state.observation(seat), random.Random(k))
        b = from_observation(other.observation(seat), random.Random(k))
        assert a.snapshot() == b.snapshot()
    assert changed > 10  # the reordering did hide something different


def test_determinized_states_play_to_the_end() -> None:
    for k, state in enumerate(_states(3, 2, seed0=70)[::15]):
        sampled = from_observation(state.observation(state.current), random.Random(k))
        rng = random.Random(k)
        while pending := sampled.pending():
            (seat, decision), = pending.items()
            sampled.apply({seat: rng.choice(decision.legal).id})
        assert sampled.result().termination is not None
        assert min(sampled.result().ranks) == 0
