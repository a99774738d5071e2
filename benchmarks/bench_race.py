"""Race for the Galaxy numbers: greedy bot vs random, and random full games per second.

Run ``python benchmarks/bench_race.py [--matches 200]``. Bots play in-process through the
protobuf messages exactly as the arena sends them; the speed figure is the pure engine.
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
from bots.race_greedy import RaceGreedyBot  # noqa: E402
from bots.random_bot import RandomBot  # noqa: E402
from engine.race import GAME  # noqa: E402


def play_bots(bots: list[type[Bot]], seed: int, options: dict[str, object] | None = None) -> int:
    """Play one match in-process; return the seat ranked first (-1 for a shared win)."""
    state = GAME.new_match(len(bots), seed, options)
    static = _codec.static_data("race", GAME.static_data)
    players = [
        cls(arena_service_pb2.MatchStarted(
            game="race", match_id=f"bench-{seed}", your_seat=seat, static_data=static))
        for seat, cls in enumerate(bots)
    ]
    while not state.is_over():
        picks = {}
        for seat, decision in state.pending().items():
            legal = [
                game_pb2.Action(id=a.id, text=a.text,
                                detail=_codec.action_detail("race", a.detail))
                for a in decision.legal
            ]
            obs = _codec.observation("race", state.observation(seat))
            picks[seat] = players[seat].choose(obs, legal, 10.0)
        state.apply(picks)
    ranks = state.result().ranks
    winners = [seat for seat, rank in enumerate(ranks) if rank == 0]
    return winners[0] if len(winners) == 1 else -1


def greedy_vs_random(matches: int) -> float:
    """Share of 2-player matches the greedy bot wins (seats alternate; ties count half)."""
    points = 0.0
    for m in range(matches):
        greedy_seat = m % 2
        bots: list[type[Bot]] = [RandomBot, RandomBot]
        bots[greedy_seat] = RaceGreedyBot
        winner = play_bots(bots, seed=m)
        points += 1.0 if winner == greedy_seat else 0.5 if winner == -1 else 0.0
    return points / matches


def random_games_per_second(players: int, games: int, options: dict[str, object]) -> float:
    """Pure-engine random playouts per second on one core."""
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.new_match(players, seed, options)
        while not state.is_over():
            state.apply({s: rng.choice(d.legal).id for s, d in state.pending().items()})
    return games / (time.perf_counter() - start)


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    for players, options in ((2, {}), (4, {}), (2, {"advanced": True})):
        rate = random_games_per_second(players, args.games, options)
        label = f"{players} players" + (" advanced" if options else "")
        print(f"random games/s, {label}: {rate:.1f} ({1000 / rate:.1f} ms/game)")
    start = time.perf_counter()
    share = greedy_vs_random(args.matches)
    print(f"race-greedy vs random, 2 players, {args.matches} matches: {share:.1%} won "
          f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
