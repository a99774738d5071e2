"""What the engine benchmarks share: random playouts, and a greedy bot against random
played through the arena's own match runner with in-process seats."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trio  # noqa: E402

import engine  # noqa: E402
from scheduler import FaultPolicy, MatchSpec, TimeControl, run_match  # noqa: E402
from scheduler._seating import BuiltinSeat  # noqa: E402


def random_playouts(game: str, players: int, games: int,
                    options: dict[str, Any] | None = None) -> tuple[float, float, float]:
    """Random full games per second and decisions per second (CPU time, one core), and the
    fraction of games that ended by the turn limit."""
    rules = engine.get(game)
    decisions = limited = 0
    start = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new_match(players, seed, options)
        while pending := state.pending():
            state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
            decisions += len(pending)
        limited += state.result().termination is engine.Termination.TURN_LIMIT
    elapsed = time.process_time() - start
    return games / elapsed, decisions / elapsed, limited / games


def greedy_vs_random(game: str, greedy: str, matches: int,
                     options: dict[str, Any] | None = None) -> tuple[float, float]:
    """Match score (win 1, tie 1/2) and share of the points of reference bot ``greedy``
    against ``random`` over two-player matches with alternating seats."""
    match_points = mine = theirs = 0.0

    async def play(seed: int, kinds: list[str]) -> engine.Result:
        seats = [BuiltinSeat(f"{kind}-{i}", kind) for i, kind in enumerate(kinds)]
        record = await run_match(MatchSpec(f"bench-{seed}", game, seed, options or {}), seats,
                                 TimeControl.per_move(60), FaultPolicy())
        assert record.result is not None
        return record.result

    for k in range(matches):
        me = k % 2
        kinds = ["random", "random"]
        kinds[me] = greedy
        result = trio.run(play, k, kinds)
        if result.ranks[me] < result.ranks[1 - me]:
            match_points += 1
        elif result.ranks[me] == result.ranks[1 - me]:
            match_points += 0.5
        mine += result.scores[me]
        theirs += result.scores[1 - me]
    if not matches:
        return 0.5, 0.5  # nothing played (--matches 0): no figure to give
    return match_points / matches, mine / (mine + theirs) if mine + theirs else 0.5
