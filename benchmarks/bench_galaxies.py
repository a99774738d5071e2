"""Tiny Epic Galaxies numbers: random full games per second, and the greedy bot against random.

Run ``python benchmarks/bench_galaxies.py [--matches 200] [--games 200]``. The speed figures
are the pure engine with random legal actions on one core, with Beyond the Black (the
default) and without it; the bots play through the arena's match runner with in-process seats
(the same protobuf messages a remote bot gets).
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
    for expansion in (True, False):
        for players in (2, 5):
            games_s, decisions_s, limited = random_playouts(
                "galaxies", players, args.games, {"expansion": expansion})
            print(f"engine, {players} players, expansion {'on' if expansion else 'off'}: "
                  f"{games_s:.1f} random games/s, {decisions_s:,.0f} decisions/s "
                  f"(CPU time, one core), turn limit reached in {limited:.1%}")
    for expansion in (True, False):
        start = time.perf_counter()
        score, share = greedy_vs_random("galaxies", "galaxies-greedy", args.matches,
                                        {"expansion": expansion})
        print(f"galaxies-greedy vs random, {args.matches} two-player matches, expansion "
              f"{'on' if expansion else 'off'} (seats alternate): {score:.1%} match score, "
              f"{share:.1%} of the points ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
