"""Sector 41 numbers: the greedy bot against random, and random full games per second.

Run ``python benchmarks/bench_sector41.py [--matches 200] [--games 200]``. Bots play
in-process through the protobuf messages exactly as the arena sends them (the random bot,
which reads nothing, is handed an empty observation to save time); the speed figures are the
pure engine with random legal actions from a seeded ``random.Random`` on one core.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena import _codec  # noqa: E402
from arena.v1 import arena_service_pb2, game_pb2  # noqa: E402
from bots._bot import Bot  # noqa: E402
from bots.random_bot import RandomBot  # noqa: E402
from bots.sector41_greedy import Sector41GreedyBot  # noqa: E402
from engine.sector41 import GAME  # noqa: E402

_EMPTY = game_pb2.Observation()


def play_bots(bots: list[type[Bot]], seed: int) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Play one match in-process; return the scores and the ranks."""
    state = GAME.new_match(len(bots), seed)
    static = _codec.static_data("sector41", GAME.static_data)
    players = [
        cls(arena_service_pb2.MatchStarted(
            game="sector41", match_id=f"bench-{seed}", your_seat=seat, static_data=static))
        for seat, cls in enumerate(bots)
    ]
    while not state.is_over():
        ((seat, decision),) = state.pending().items()
        bot = players[seat]
        if isinstance(bot, RandomBot):
            observation, legal = _EMPTY, [game_pb2.Action(id=a.id) for a in decision.legal]
        else:
            observation = _codec.observation("sector41", state.observation(seat))
            legal = [game_pb2.Action(id=a.id, text=a.text,
                                     detail=_codec.action_detail("sector41", a.detail))
                     for a in decision.legal]
        state.apply({seat: bot.choose(observation, legal, 1.0)})
    result = state.result()
    return result.scores, result.ranks


def greedy_vs_random(matches: int, first_seed: int = 0) -> tuple[float, float, int]:
    """Match score (win 1, tie 1/2) and points share of the greedy bot, alternating seats."""
    match_points = 0.0
    mine = theirs = 0.0
    for k in range(matches):
        greedy_seat = k % 2
        bots: list[type[Bot]] = [RandomBot, RandomBot]
        bots[greedy_seat] = Sector41GreedyBot
        scores, ranks = play_bots(bots, first_seed + k)
        other = 1 - greedy_seat
        if ranks[greedy_seat] < ranks[other]:
            match_points += 1
        elif ranks[greedy_seat] == ranks[other]:
            match_points += 0.5
        mine += scores[greedy_seat]
        theirs += scores[other]
    share = mine / (mine + theirs) if mine + theirs else 0.5
    return match_points / matches, share, matches


def engine_speed(players: int, games: int) -> tuple[float, float, float]:
    """Random full games per second, decisions per second, and the turn-limit fraction."""
    decisions = limited = 0
    start = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.new_match(players, seed)
        while True:
            pending = state.pending()
            if not pending:
                break
            ((seat, decision),) = pending.items()
            state.apply({seat: rng.choice(decision.legal).id})
            decisions += 1
        limited += state.result().termination.name == "TURN_LIMIT"
    elapsed = time.process_time() - start
    return games / elapsed, decisions / elapsed, limited / games


def main() -> None:
    """Print the benchmark figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200, help="greedy vs random matches")
    parser.add_argument("--games", type=int, default=200, help="random games per player count")
    args = parser.parse_args()
    for players in (2, 3, 4):
        games_s, decisions_s, limited = engine_speed(players, args.games)
        print(f"engine, {players} players: {games_s:.1f} random games/s, "
              f"{decisions_s:,.0f} decisions/s (CPU time, one core), "
              f"turn limit reached in {limited:.1%}")
    start = time.perf_counter()
    score, share, n = greedy_vs_random(args.matches)
    print(f"sector41-greedy vs random, {n} two-player matches (seats alternate): "
          f"{score:.1%} match score, {share:.1%} of the points "
          f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
