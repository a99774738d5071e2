"""Random playouts: they end, replay exactly, conserve pieces and leak nothing."""

from __future__ import annotations

import random

import pytest

from engine import Termination
from engine.sector41 import GAME, GONE, OUT, SHIP, Sector41State
from engine.sector41._tiles import TOTAL_DISCS

from .helpers import occupancy_agrees, random_game

PLAYOUTS = 1000


def conserved(state: Sector41State) -> None:
    """Discs, tiles and Explorers are all accounted for."""
    on_board = sum(map(sum, state.discs))
    scored = sum(map(sum, state.scored))
    towed = 0 if state.tow is None else 1
    supply = TOTAL_DISCS - state.placed
    assert supply + on_board + towed + scored + sum(state.removed) == TOTAL_DISCS
    assert min(min(d) for d in state.discs) >= 0
    assert sorted(state.grid) == list(range(81))
    for ex in state.expl:
        assert len(ex) == 3
        assert all(e.loc in (SHIP, OUT, GONE) or 0 <= e.loc < 81 for e in ex)
    occupancy_agrees(state)


def test_clones_keep_their_own_occupancy() -> None:
    for seed in range(6):
        fresh = GAME.new_match(3, seed)
        assert isinstance(fresh, Sector41State)
        copy = fresh.clone()
        rng = random.Random(seed)
        for _ in range(60):
            pending = copy.pending()
            if not pending:
                break
            copy.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
            occupancy_agrees(copy)
        occupancy_agrees(fresh)  # the original did not move with its clone
        assert fresh.snapshot() == GAME.new_match(3, seed).snapshot()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_end_and_replay(players: int) -> None:
    limited = 0
    for seed in range(PLAYOUTS):
        state, steps = random_game(players, 100_000 * players + seed)
        result = state.result()
        assert state.is_over() and min(result.ranks) == 0
        limited += result.termination is Termination.TURN_LIMIT
        replay = GAME.replay(players, 100_000 * players + seed, {"turn_limit": 400}, steps)
        assert replay.snapshot() == state.snapshot()
    assert limited / PLAYOUTS < 0.05


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conservation_after_every_step(players: int) -> None:
    for seed in range(70):
        random_game(players, seed, check=conserved)


def no_seat_stuck(state: Sector41State) -> None:
    """Rule 5 at every decision: no seat is left with Explorers in play that cannot move."""
    for q in range(state.num_players):
        in_play = [e for e in state.expl[q] if e.loc >= SHIP]
        resting = any(e.barren >= 0 for e in in_play)
        moves = state._move_options(q)
        assert state.stuck(q) == (bool(in_play) and not moves and not resting)
        if q != state.current or state.active is None:  # a moving seat is judged after it
            assert not state.stuck(q)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_stuck_explorers_never_outlive_a_decision(players: int) -> None:
    for seed in range(20):
        random_game(players, 1_000 + seed, check=no_seat_stuck)


def _hidden_tiles(state: Sector41State) -> list[int]:
    peeked = set().union(*state.peeks)
    return [t for t in range(81) if not state.up[t] and not state.clean[t] and t not in peeked]


@pytest.mark.parametrize("players", [2, 4])
def test_face_down_tiles_never_leak(players: int) -> None:
    rng = random.Random(players)
    checked = 0

    def check(state: Sector41State) -> None:
        nonlocal checked
        hidden = _hidden_tiles(state)
        if len(hidden) < 2 or rng.random() > 0.05:
            return
        seats = [None, *range(players)]
        before = [state.observation(s) for s in seats]
        a, b = rng.sample(hidden, 2)
        saved = (state.types[a], state.rot[a], state.types[b])
        state.types[a], state.types[b] = state.types[b], state.types[a]
        state.rot[a] = (state.rot[a] + 1) % 4
        assert [state.observation(s) for s in seats] == before
        state.types[a], state.rot[a], state.types[b] = saved
        checked += 1

    for seed in range(20):
        random_game(players, seed, check=check)
    assert checked > 50


def test_snapshot_is_plain_data() -> None:
    state, _ = random_game(2, 1)
    snap = state.snapshot()
    assert isinstance(snap, dict) and snap["termination"] in ("NORMAL", "TURN_LIMIT")
