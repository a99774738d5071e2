"""Sol numbers: the greedy bot against random, and random full games per second.

Run ``python benchmarks/bench_sol.py [--matches 200] [--games 100]``. The bots play through
the arena's match runner with in-process seats (the same protobuf messages a remote bot
gets); the speed figures are the pure engine with random legal actions on one core.
"""

from __future__ import annotations

import argparse
import time

from _common import greedy_vs_random, random_playouts


def main() -> None:
    """Print the benchmark figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200, help="greedy vs random matches")
    parser.add_argument("--games", type=int, default=100, help="random games per player count")
    args = parser.parse_args()
    for players in (2, 5):
        for vestigial in (True, False):
            games_s, decisions_s, limited = random_playouts(
                "sol", players, args.games, {"vestigial": vestigial})
            print(f"engine, {players} players, vestigial {'on' if vestigial else 'off'}: "
                  f"{games_s:.2f} random games/s, {decisions_s:,.0f} decisions/s "
                  f"(CPU time, one core), turn limit reached in {limited:.1%}")
    if args.matches:
        start = time.perf_counter()
        score, share = greedy_vs_random("sol", "sol-greedy", args.matches)
        print(f"sol-greedy vs random, {args.matches} two-player matches (seats alternate): "
              f"{score:.1%} match score, {share:.1%} of the momentum "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
