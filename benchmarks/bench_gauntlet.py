"""Error rates of `arena gauntlet`'s SPRT on simulated per-deal differences.

Differences are drawn from a normal distribution (sd ``--sd``) clipped to [-1, 1], with the
mean at delta0 (a true H0: accepting H1 is the error alpha bounds) and at delta1 (a true
H1: accepting H0 is the error beta bounds); each run stops at a decision or at --max-deals.
Prints the rates and the mean number of deals. ``python benchmarks/bench_gauntlet.py``
"""

from __future__ import annotations

import argparse
import random
import statistics

from scheduler._gauntlet import gauntlet_stats


def run(mean: float, sd: float, delta0: float, delta1: float, max_deals: int,
        rng: random.Random) -> tuple[str, int]:
    """One sequential test: its decision (or continue) and the deals it took."""
    differences: list[float] = []
    for _ in range(max_deals):
        differences.append(min(1.0, max(-1.0, rng.gauss(mean, sd))))
        decision = gauntlet_stats(differences, delta0, delta1).decision
        if decision != "continue":
            return decision, len(differences)
    return "continue", max_deals


def main() -> None:
    """Simulate and print."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--sd", type=float, nargs="+", default=[0.1, 0.25])
    parser.add_argument("--max-deals", type=int, default=400)
    args = parser.parse_args()
    delta0, delta1 = -0.05, 0.0
    rng = random.Random(1)
    for sd in args.sd:
        for truth, mean, wrong in (("H0", delta0, "accept_h1"), ("H1", delta1, "accept_h0")):
            results = [run(mean, sd, delta0, delta1, args.max_deals, rng)
                       for _ in range(args.runs)]
            errors = sum(d == wrong for d, _ in results) / len(results)
            undecided = sum(d == "continue" for d, _ in results) / len(results)
            deals = statistics.mean(n for _, n in results)
            print(f"sd {sd:.2f}, true {truth} (mean {mean:+.2f}): wrong decision "
                  f"{errors:.1%}, undecided at {args.max_deals} {undecided:.1%}, "
                  f"mean deals {deals:.0f}")


if __name__ == "__main__":
    main()
