"""Race for the Galaxy numbers: greedy bot vs random, and random full games per second.

Run ``python benchmarks/bench_race.py [--matches 200] [--games 300]``. The bots play through
the arena's match runner with in-process seats; the speed figures are the pure engine.
"""

from __future__ import annotations

import argparse
import time

from _common import greedy_vs_random, random_playouts


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    for players, options in ((2, {}), (4, {}), (2, {"advanced": True})):
        games_s, decisions_s, _ = random_playouts("race", players, args.games, options)
        label = f"{players} players" + (" advanced" if options else "")
        print(f"engine, {label}: {games_s:.1f} random games/s ({1000 / games_s:.1f} ms/game), "
              f"{decisions_s:,.0f} decisions/s (CPU time, one core)")
    start = time.perf_counter()
    score, share = greedy_vs_random("race", "race-greedy", args.matches)
    print(f"race-greedy vs random, {args.matches} two-player matches (seats alternate): "
          f"{score:.1%} match score, {share:.1%} of the points "
          f"({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
