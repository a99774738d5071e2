"""Error rates of `arena gauntlet`'s test, and its interval's coverage at the stop, on
simulated per-deal differences of many shapes.

Each shape is a distribution of per-deal differences in [-1, 1] whose mean is exactly at a
bound of the test: at delta0 (H0 holds: accepting H1 is the error alpha bounds) or at delta1
(H1 holds: accepting H0 is the error beta bounds). The shapes: normal (clipped symmetrically
about the mean, which keeps it), mostly identical deals (D = 0) with rare ones that carry the
whole mean or a symmetric noise, and heavy tails (Student's t with 2 degrees of freedom and
Cauchy, clipped symmetrically). Each run feeds the project's own test (``_betting``) one
deal at a time until it decides or reaches --max-deals; the 95% interval printed at the stop
is checked against the true mean. Prints, per shape: the wrong-decision rate with its
simulation error (1.96 binomial standard errors), the undecided share, the mean deals, and
the coverage and mean width of the interval. Seeded: the same figures every run.
``python benchmarks/bench_gauntlet.py [--runs 2000]``
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scheduler._betting import BettingTest  # noqa: E402

Shape = Callable[[random.Random, float], float]  # (rng, mean) -> one deal's difference


def _symmetric(draw: Callable[[random.Random], float]) -> Shape:
    """mean + noise, the noise clipped to +-(1 - |mean|): symmetric, so the mean stays."""
    def shape(rng: random.Random, mean: float) -> float:
        room = 1 - abs(mean)
        return mean + min(room, max(-room, draw(rng)))
    return shape


def _rare(p: float) -> Shape:
    """0 (identical deals) with probability 1 - p, else mean / p: the rare deals carry it."""
    return lambda rng, mean: mean / p if rng.random() < p else 0.0


def _rare_noisy(p: float, spread: float) -> Shape:
    """0 with probability 1 - p, else mean / p +- spread (a fair coin): rare deals both ways."""
    return lambda rng, mean: (mean / p + (spread if rng.random() < 0.5 else -spread)
                              if rng.random() < p else 0.0)


SHAPES: dict[str, Shape] = {
    "normal sd 0.25": _symmetric(lambda rng: rng.gauss(0, 0.25)),
    "normal sd 0.1": _symmetric(lambda rng: rng.gauss(0, 0.1)),
    "90% identical, rest mean/0.1": _rare(0.10),
    "95% identical, rest mean/0.05": _rare(0.05),
    "88% identical, rest mean/0.12": _rare(0.12),
    "90% identical, rest mean/0.1 +- 0.5": _rare_noisy(0.10, 0.5),
    "heavy: t(2) * 0.05": _symmetric(lambda rng: 0.05 * rng.gauss(0, 1)
                                     / math.sqrt(rng.gammavariate(1, 1))),
    "heavy: Cauchy * 0.02": _symmetric(lambda rng: 0.02 * math.tan(math.pi
                                                                  * (rng.random() - 0.5))),
}

BOUNDS = ((-0.05, 0.0), (0.0, 0.05))


def run(shape: Shape, mean: float, delta0: float, delta1: float, max_deals: int,
        rng: random.Random) -> tuple[str, int, bool, float]:
    """One sequential test: its decision (or continue), the deals it took, whether the
    interval at the stop holds the true mean, and its width."""
    test = BettingTest(delta0, delta1)
    for _ in range(max_deals):
        if test.add(shape(rng, mean)) != "continue":
            break
    low, high = test.interval()
    return test.decision, len(test.differences), low <= mean <= high, high - low


def main() -> None:
    """Simulate every shape at both bounds of both tests and print a table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=1000, help="runs per row")
    parser.add_argument("--max-deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.process_time()
    print(f"{args.runs} runs per row, alpha = beta = 0.05; wrong: accepting the false "
          f"hypothesis (+- 1.96 binomial standard errors)")
    print(f"{'bounds':>13}  {'shape':36} {'truth':5} {'wrong':>14} {'undecided':>9} "
          f"{'deals':>6} {'coverage':>8} {'width':>6}")
    worst = 0.0
    for delta0, delta1 in BOUNDS:
        for name, shape in SHAPES.items():
            for truth, mean, wrong in (("H0", delta0, "accept_h1"),
                                       ("H1", delta1, "accept_h0")):
                results = [run(shape, mean, delta0, delta1, args.max_deals, rng)
                           for _ in range(args.runs)]
                rate = sum(r[0] == wrong for r in results) / args.runs
                error = 1.96 * math.sqrt(max(rate * (1 - rate), 1e-12) / args.runs)
                undecided = sum(r[0] == "continue" for r in results) / args.runs
                deals = statistics.mean(r[1] for r in results)
                coverage = sum(r[2] for r in results) / args.runs
                width = statistics.mean(r[3] for r in results)
                worst = max(worst, rate)
                print(f"[{delta0:+.2f}, {delta1:+.2f}]  {name:36} {truth:5} "
                      f"{rate:7.1%} +-{error:4.1%} {undecided:9.1%} {deals:6.0f} "
                      f"{coverage:8.1%} {width:6.3f}", flush=True)
    print(f"largest wrong-decision rate {worst:.1%}; {time.process_time() - start:.0f} s CPU")


if __name__ == "__main__":
    main()
