"""Sector 41 numbers: the greedy bot against random, and random full games per second.

Run ``python benchmarks/bench_sector41.py [--matches 200] [--games 200]``. The bots play
through the arena's match runner with in-process seats (the same protobuf messages a remote
bot gets); the speed figures are the pure engine with random legal actions on one core.
"""

from __future__ import annotations

import argparse
import time

from _common import greedy_vs_random, random_playouts


def main() -> None:
    """Print the benchmark figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200, help="greedy vs random matches")
    parser.add_argument("--games", type=int, default=200, help="random games per player count")
    args = parser.parse_args()
    for players in (2, 3, 4):
        games_s, decisions_s, limited = random_playouts("sector41", players, args.games)
        print(f"engine, {players} players: {games_s:.1f} random games/s, "
              f"{decisions_s:,.0f} decisions/s (CPU time, one core), "
              f"turn limit reached in {limited:.1%}")
    start = time.perf_counter()
    score, share = greedy_vs_random("sector41", "sector41-greedy", args.matches)
    print(f"sector41-greedy vs random, {args.matches} two-player matches (seats alternate): "
          f"{score:.1%} match score, {share:.1%} of the points "
          f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
