"""Properties over random playouts: conservation, no leaks, replays, cheap clones, endings."""

from __future__ import annotations

import copy
import random
import time

import pytest

from engine import Termination
from engine.sol import GAME, SolState


def check_conservation(st: SolState) -> None:
    n = st.num_players
    for p in range(n):
        # Per colour: its own hold, other seats' holds (BLIGHT), reserve, board, vaporised.
        assert (st.hold[p] + st.in_other_holds(p) + st.reserve[p] + st.on_board(p)
                + st.vapor[p]) == 13
        assert st.guest[p * n + p] == 0 and min(st.guest) >= 0
        assert min(st.hold[p], st.reserve[p], st.energy[p], st.momentum[p]) >= 0
        assert st.res_gates[p] + st.gate.count(p) == 5
        for kind in range(3):
            built = sum(1 for s in range(st.board.size)
                        if st.st_owner[s] == p and st.st_type[s] == kind)
            assert st.res_st[3 * p + kind] + built == 3
    assert all(0 <= c <= 5 for c in st.dv)
    assert len(st.deck) + len(st.discards) + len(st.drawn) + sum(
        1 for h in st.held if h >= 0) == 13 * len(st.suits)


def playout(players: int, seed: int, options: dict | None = None, every=None) -> tuple:
    rng = random.Random(seed)
    st = GAME.new_match(players, seed, options)
    steps = []
    while pending := st.pending():
        step = {s: rng.choice(d.legal).id for s, d in pending.items()}
        st.apply(step)
        steps.append(step)
        if every is not None:
            every(st)
    return st, steps


@pytest.mark.parametrize("players, vestigial, effects", [
    (2, True, "blue"), (3, False, "blue"), (4, True, "all"), (5, False, "all"), (2, False, "all"),
    (3, True, "blight,sacrifice,festival,portal"),
    (5, True, "blight,portal,hatch,invade,chain,fuel")])
def test_conservation_at_every_step(players: int, vestigial: bool, effects: str) -> None:
    st, _ = playout(players, 11, {"vestigial": vestigial, "effects": effects},
                    every=check_conservation)
    assert st.result().termination is Termination.NORMAL


def test_reordering_the_undrawn_deck_changes_no_observation() -> None:
    rng = random.Random(5)
    st = GAME.new_match(3, 5)
    seats = [None, 0, 1, 2]
    checked = 0
    while pending := st.pending():
        if rng.random() < 0.05:
            other = st.clone()
            rng.shuffle(other.deck)
            if other.deck != st.deck:
                checked += 1
                for seat in seats:
                    assert other.observation(seat) == st.observation(seat)
                    assert ([a.text for d in other.pending().values() for a in d.legal]
                            == [a.text for d in pending.values() for a in d.legal])
        st.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    assert checked > 20


def test_replay_reproduces_a_match_and_the_snapshot_holds_the_deck() -> None:
    st, steps = playout(4, 8, {"vestigial": False})
    again = GAME.replay(4, 8, {"vestigial": False}, steps)
    assert again.snapshot() == st.snapshot()
    other = GAME.new_match(4, 8, {"vestigial": False})
    other.deck.reverse()
    assert other.snapshot() != GAME.new_match(4, 8, {"vestigial": False}).snapshot()


def test_clone_is_cheap_and_independent() -> None:
    st, _ = playout(3, 2, {"turn_limit": 60})
    assert st.result().termination is Termination.TURN_LIMIT
    st = GAME.new_match(5, 2)
    rng = random.Random(1)
    for _ in range(400):
        st.apply({s: rng.choice(d.legal).id for s, d in st.pending().items()})
    twin = st.clone()
    assert twin.snapshot() == st.snapshot()
    step = {s: d.legal[0].id for s, d in st.pending().items()}
    st.apply(step)
    assert twin.snapshot() != st.snapshot()
    twin.apply(step)
    assert twin.snapshot() == st.snapshot()
    start = time.process_time()
    for _ in range(200):
        st.clone()
    cheap = time.process_time() - start
    start = time.process_time()
    for _ in range(20):
        copy.deepcopy(st)
    deep = (time.process_time() - start) * 10
    assert cheap * 20 < deep, (cheap, deep)


# Complete random matches (to the 13th flare) for every player count (each on the side it
# uses) with and without vestigial structures, in chunks that xdist spreads over the cores.
# A complete random match is 2,400-3,800 decisions: 1,000 per configuration (8,000 matches,
# ~24M decisions) do not fit a CI test, so the test plays 250 per configuration (10 chunks of
# 25, about 3 CPU-minutes in all) and `benchmarks/sol_playouts.py` plays the full 1,000
# (see RULES.md 52).
PLAYOUT_CHUNKS = 10
PLAYOUTS_PER_CHUNK = 25


def complete_playouts(players: int, vestigial: bool, seeds: range) -> tuple[int, int]:
    """Play complete random matches of ``seeds``; assert each ends, by the 13th flare or, for
    a locked match, by the turn limit (every 10th is replayed from its steps to the same
    snapshot); how many ended by the flare and how many by the turn limit."""
    options = {"vestigial": vestigial}
    normal = limited = 0
    for seed in seeds:
        st, steps = playout(players, seed, options)
        termination = st.result().termination
        if termination is Termination.NORMAL:
            assert st.flares == 13, seed
            normal += 1
        else:  # random play can lock a match (RULES.md 52); the turn limit ends it
            assert termination is Termination.TURN_LIMIT and st.turn == st.turn_limit, seed
            limited += 1
        if seed % 10 == 0:
            assert GAME.replay(players, seed, options, steps).snapshot() == st.snapshot()
    return normal, limited


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(PLAYOUT_CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("vestigial", [True, False])
def test_many_random_playouts_end_cleanly(players: int, vestigial: bool, chunk: int) -> None:
    first = chunk * PLAYOUTS_PER_CHUNK
    seeds = range(first, first + PLAYOUTS_PER_CHUNK)
    normal, limited = complete_playouts(players, vestigial, seeds)
    assert normal + limited == PLAYOUTS_PER_CHUNK and limited <= 2  # locks are rare


def test_a_locked_random_match_ends_by_the_turn_limit() -> None:
    # Seed 184, 2 players, no vestigial structures: both seats end with one sundiver on the
    # board, the other 12 in the reserve and no station to use; the stall rule needs none.
    st, _ = playout(2, 184, {"vestigial": False, "turn_limit": 1200})
    assert st.result().termination is Termination.TURN_LIMIT and st.flares < 13
    assert st.reserve == [12, 12] and st.on_board(0) == st.on_board(1) == 1
