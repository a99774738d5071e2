"""How honest the Elo error bars are: coverage of the 95% intervals on simulated results.

Run ``python benchmarks/bench_ratings.py [--repeats 150] [--matches 150]``. Six bots with
known strengths play k-player matches whose finishing orders are drawn from Plackett-Luce
(whose pairwise odds are the Elo model's); each repeat fits the ratings and counts how often
a bot's true rating (centred like the fit) lies inside its interval. Calibrated: about 95%.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scheduler._ratings import ELO_SCALE, fit_elo  # noqa: E402

TRUE_ELO = {"A": 100.0, "B": 0.0, "C": -50.0, "D": -150.0, "E": 60.0, "F": 0.0}


def finishing_order(seats: list[str], rng: random.Random) -> list[str]:
    """A Plackett-Luce draw: each place goes to a remaining bot in proportion to its strength."""
    left, order = list(seats), []
    while left:
        weights = [math.exp(TRUE_ELO[s] / ELO_SCALE) for s in left]
        pick = rng.choices(left, weights)[0]
        order.append(pick)
        left.remove(pick)
    return order


def coverage(players: int, repeats: int, matches: int, rng: random.Random) -> float:
    """The share of (repeat, bot) pairs whose true rating lies in the fitted 95% interval."""
    names = list(TRUE_ELO)
    mean = sum(TRUE_ELO.values()) / len(names)
    inside = 0
    for _ in range(repeats):
        results = []
        for _ in range(matches):
            seats = rng.sample(names, players)
            order = finishing_order(seats, rng)
            results.append((seats, [order.index(s) for s in seats]))
        ratings = fit_elo(results, prior_draws=0)
        inside += sum(ratings[n].low <= TRUE_ELO[n] - mean <= ratings[n].high for n in names)
    return inside / (repeats * len(names))


def main() -> None:
    """Print the coverage for 2-, 3- and 4-player matches."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=150, help="simulated tournaments")
    parser.add_argument("--matches", type=int, default=150, help="matches per tournament")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for players in (2, 3, 4):
        share = coverage(players, args.repeats, args.matches, rng)
        print(f"{players}-player matches: 95% intervals hold the true rating {share:.1%} of "
              f"the time ({args.repeats} tournaments of {args.matches} matches, 6 bots)")


if __name__ == "__main__":
    main()
