"""The Elo fit: how fast, and how honest its error bars are.

Run ``python benchmarks/bench_ratings.py [--repeats 150] [--matches 150] [--against REV]``.

Speed: the time to fit 1M two-player results over 100 bots and over 1,000 bots (targets:
at most 1 s and 10 s); with ``--against REV`` (e.g. ``main``) the same fit by that commit's
``scheduler/_ratings.py`` too (alternating, best of the rounds) and the largest difference
of their ratings and error bars. Old pure-Python fits take minutes on 1,000 bots, so the
comparison fits that commit on ``--against-results`` results only (100 bots).

Coverage: six bots with known strengths play k-player matches whose finishing orders are
drawn from Plackett-Luce (whose pairwise odds are the Elo model's); each repeat fits the
ratings and counts how often a bot's true rating (centred like the fit) lies inside its
interval. Two-player games are also played with 0%, 25% and 35% draws: a game of expected
score p is drawn with chance ρ·4p(1-p) (ρ chosen for the share of draws), won with
p - d/2, so that its expected score stays the model's. Calibrated: about 95% each.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _checkout import checkout_of  # noqa: E402

from scheduler._ratings import ELO_SCALE, expected_score, fit_elo, fit_ratings  # noqa: E402

TRUE_ELO = {"A": 100.0, "B": 0.0, "C": -50.0, "D": -150.0, "E": 60.0, "F": 0.0}
Results = list[tuple[list[str], list[int]]]


def finishing_order(seats: list[str], rng: random.Random) -> list[str]:
    """A Plackett-Luce draw: each place goes to a remaining bot in proportion to its strength."""
    left, order = list(seats), []
    while left:
        weights = [math.exp(TRUE_ELO[s] / ELO_SCALE) for s in left]
        pick = rng.choices(left, weights)[0]
        order.append(pick)
        left.remove(pick)
    return order


def draw_scale(share: float) -> float:
    """ρ such that random pairs of the six bots draw ``share`` of their games on average."""
    names = list(TRUE_ELO)
    mean = sum(4 * p * (1 - p) for a in names for b in names if a != b
               for p in [expected_score(TRUE_ELO[a] - TRUE_ELO[b])]) / (len(names) * 5)
    return share / mean


def two_player_game(seats: list[str], rho: float, rng: random.Random) -> list[int]:
    """Ranks of one game with draws: expected score as the model's, draws ρ·4p(1-p)."""
    p = expected_score(TRUE_ELO[seats[0]] - TRUE_ELO[seats[1]])
    draw = rho * 4 * p * (1 - p)
    x = rng.random()
    return [0, 1] if x < p - draw / 2 else [0, 0] if x < p + draw / 2 else [1, 0]


def coverage(play: Callable[[list[str]], list[int]], players: int, repeats: int,
             matches: int, rng: random.Random) -> tuple[float, float]:
    """The share of (repeat, bot) pairs whose true rating lies in the fitted 95% interval,
    and the share of drawn pairs."""
    names = list(TRUE_ELO)
    mean = sum(TRUE_ELO.values()) / len(names)
    inside, drawn, pairs = 0, 0, 0
    for _ in range(repeats):
        results = []
        for _ in range(matches):
            seats = rng.sample(names, players)
            ranks = play(seats)
            drawn += sum(a == b for i, a in enumerate(ranks) for b in ranks[i + 1:])
            pairs += players * (players - 1) // 2
            results.append((seats, ranks))
        ratings = fit_elo(results, prior_draws=0)
        inside += sum(ratings[n].low <= TRUE_ELO[n] - mean <= ratings[n].high for n in names)
    return inside / (repeats * len(names)), drawn / pairs


def many_results(bots: int, count: int, seed: int) -> Results:
    """``count`` two-player results among ``bots`` bots of spread strengths (a third drawn
    at equal strength), as the store gives them: lists of names and ranks."""
    rng = random.Random(seed)
    names = [f"bot{i:04d}" for i in range(bots)]
    strength = {name: rng.gauss(0, 200) for name in names}
    results: Results = []
    for _ in range(count):
        a, b = rng.sample(names, 2)
        p = expected_score(strength[a] - strength[b])
        draw = 0.33 * 4 * p * (1 - p)
        x = rng.random()
        results.append(([a, b], [0, 1] if x < p - draw / 2 else [0, 0] if x < p + draw / 2
                        else [1, 0]))
    return results


def load_fit(rev: str) -> Callable[..., Any]:
    """``fit_elo`` of ``scheduler/_ratings.py`` at commit ``rev`` (a self-contained module
    before numpy; a later one imports its package, so it is refused). The module is run
    from a temporary worktree of ``rev``; its functions outlive the worktree."""
    with checkout_of(rev, prefix="bench-ratings-") as tree:
        path = tree / "scheduler" / "_ratings.py"
        if "from ._elofit" in path.read_text():
            raise SystemExit(f"{rev} has the numpy fit already; compare against an older commit")
        spec = importlib.util.spec_from_file_location("old_ratings", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
    return module.fit_elo  # type: ignore[no-any-return]


def timed(fit: Callable[..., Any], results: Sequence[Any]) -> tuple[float, Any]:
    """Seconds for one fit, and its ratings."""
    start = time.perf_counter()
    ratings = fit(results)
    return time.perf_counter() - start, ratings


def speed(args: argparse.Namespace) -> None:
    """Print the fit times (and against another commit)."""
    for bots in (100, 1000):
        results = many_results(bots, args.results, seed=bots)
        best, ratings = min((timed(fit_elo, results) for _ in range(args.rounds)),
                            key=lambda x: x[0])
        print(f"fit of {len(results):,} two-player results over {bots:,} bots: {best:.2f} s "
              f"(best of {args.rounds}; target {'1' if bots == 100 else '10'} s)", flush=True)
    if args.against:
        old = load_fit(args.against)
        results = many_results(100, args.against_results, seed=100)
        new_times, old_times = [], []
        for _ in range(args.rounds):  # alternating, so that the machine's load hits both
            t_new, new_ratings = timed(fit_elo, results)
            t_old, old_ratings = timed(old, results)
            new_times.append(t_new)
            old_times.append(t_old)
        elo = max(abs(new_ratings[b].elo - old_ratings[b].elo) for b in old_ratings)
        se = max(abs(new_ratings[b].se - old_ratings[b].se) for b in old_ratings)
        print(f"{len(results):,} results over 100 bots: {args.against} {min(old_times):.2f} s, "
              f"this tree {min(new_times):.2f} s ({min(old_times) / min(new_times):.1f}x); "
              f"largest difference {elo:.2g} Elo, {se:.2g} in the error bars (a third of "
              f"the games are draws: the error bars now narrow with them)", flush=True)


def seat_check(rng: random.Random, matches: int) -> None:
    """Fit a known first-seat advantage of 35 Elo back from random seating."""
    def play(seats: list[str]) -> list[int]:
        p = expected_score(TRUE_ELO[seats[0]] - TRUE_ELO[seats[1]] + 35.0)
        return [0, 1] if rng.random() < p else [1, 0]
    names = list(TRUE_ELO)
    results = [(seats, play(seats)) for seats in (rng.sample(names, 2) for _ in range(matches))]
    (seat,) = fit_ratings(results, prior_draws=0, seat_advantage=True).seats
    print(f"first-seat advantage, true 35 Elo: fitted {seat.elo:+.1f} "
          f"[{seat.low:+.1f}, {seat.high:+.1f}] from {seat.matches:,} games")


def main() -> None:
    """Print the fit times, the coverage for 2-, 3- and 4-player matches and with draws."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=150, help="simulated tournaments")
    parser.add_argument("--matches", type=int, default=150, help="matches per tournament")
    parser.add_argument("--results", type=int, default=1_000_000,
                        help="results of the timed fits")
    parser.add_argument("--rounds", type=int, default=3, help="timed fits of each")
    parser.add_argument("--against", metavar="REV", help="also time this commit's fit")
    parser.add_argument("--against-results", type=int, default=1_000_000,
                        help="results of the comparison with --against")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    if not args.skip_speed:
        speed(args)
    rng = random.Random(args.seed)
    for players in (2, 3, 4):
        share, _ = coverage(lambda seats: [finishing_order(seats, rng).index(s) for s in seats],
                            players, args.repeats, args.matches, rng)
        print(f"{players}-player matches: 95% intervals hold the true rating {share:.1%} of "
              f"the time ({args.repeats} tournaments of {args.matches} matches, 6 bots)",
              flush=True)
    for target in (0.0, 0.25, 0.35):
        rho = draw_scale(target)

        def game(seats: list[str], rho: float = rho) -> list[int]:
            return two_player_game(seats, rho, rng)
        share, drawn = coverage(game, 2, args.repeats, args.matches, rng)
        print(f"2-player games, {drawn:.0%} draws: 95% intervals hold the true rating "
              f"{share:.1%} of the time", flush=True)
    seat_check(rng, 20_000)


if __name__ == "__main__":
    main()
