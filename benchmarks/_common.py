"""What the engine benchmarks share: random playouts, a greedy bot against random and an
MCTS bot against the greedy one, played through the arena's own match runner with
in-process seats."""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import trio  # noqa: E402

import bots  # noqa: E402
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
        # The bots' seeds from the match's: a figure is the same on every run.
        record = await run_match(MatchSpec(f"bench-{seed}", game, seed, options or {},
                                           bot_seed=seed), seats,
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


@dataclass(frozen=True)
class _MctsMatch:
    """One match of ``GAME-mcts`` against ``GAME-greedy``: match ``k`` of a series."""

    game: str
    k: int
    seed: int
    match_id: str
    playouts: int
    per_move: float


def _mcts_match(task: _MctsMatch) -> float:
    """Match points (win 1, tie 1/2) of the MCTS bot, in seat ``k % 2`` (a pool's worker
    runs this, so the playout budget is set here, in the process that plays)."""
    mcts = f"{task.game}-mcts"
    if task.playouts:
        # The class attribute is every MCTS bot's budget; a bot's own environment override
        # (RACE_MCTS_PLAYOUTS) would otherwise beat the benchmark's --playouts.
        os.environ.pop(f"{task.game.upper()}_MCTS_PLAYOUTS", None)
        bots.builtin(mcts).playouts = task.playouts  # type: ignore[attr-defined]
    me = task.k % 2
    kinds = [f"{task.game}-greedy"] * 2
    kinds[me] = mcts

    async def play() -> engine.Result:
        seats = [BuiltinSeat(f"{kind}-{i}", kind) for i, kind in enumerate(kinds)]
        # The bots' seeds from the match's: a figure is the same on every run.
        spec = MatchSpec(task.match_id, task.game, task.seed, {}, bot_seed=task.seed)
        record = await run_match(spec, seats, TimeControl.per_move(task.per_move),
                                 FaultPolicy())
        assert record.result is not None
        return record.result

    ranks = trio.run(play).ranks
    return 1.0 if ranks[me] < ranks[1 - me] else 0.5 if ranks[me] == ranks[1 - me] else 0.0


def mcts_vs_greedy(game: str, matches: int, playouts: int = 0, jobs: int = 1, first: int = 0,
                   match_prefix: str = "bench-", per_move: float = 60.0) -> float:
    """Match score (win 1, tie 1/2) of ``GAME-mcts`` against ``GAME-greedy`` over
    ``matches`` two-player matches of seeds ``first``.. (seats alternating), in ``jobs``
    processes, ``playouts`` per searched decision (0: the bot's default).

    The bots seed themselves from the match id (``match_prefix`` and the seed), so a figure
    is reproduced only with the same prefix; ``per_move`` is the time control in seconds."""
    tasks = [_MctsMatch(game, k, first + k, f"{match_prefix}{first + k}", playouts, per_move)
             for k in range(matches)]
    if not tasks:
        return 0.5  # nothing played: no figure to give
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            points = pool.map(_mcts_match, tasks, chunksize=1)
    else:
        points = [_mcts_match(t) for t in tasks]
    return sum(points) / matches
