"""Sector 41 numbers: engine speed (against an older commit), clone cost, bots against bots.

Run ``python benchmarks/bench_sector41.py [--against REV] [--games 100] [--rounds 5]
[--matches 200] [--mcts-matches 0 [--playouts P] [--jobs J] [--mcts-seed 5000]]``.

* Engine speed: random full games (the same seeds and choices on both sides), CPU time on one
  core, this checkout and ``REV`` (none by default) alternating in subprocesses, round after
  round, so that a noisy machine weighs on both alike; the ratio of decisions/s is the median
  over rounds.
* ``clone()`` against ``copy.deepcopy`` of the same mid-game states.
* The greedy bot against random, and the MCTS bot against greedy (``--mcts-matches``, seats
  alternating, ``--playouts`` per decision, in ``--jobs`` processes), through the arena's
  match runner with in-process seats (the same protobuf messages a remote bot gets).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _checkout import checkout_of
from _common import greedy_vs_random, mcts_vs_greedy

ROOT = Path(__file__).resolve().parent.parent

# Run in a subprocess with the checkout to measure first on sys.path: prints JSON.
_PLAYOUTS = """
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from engine.sector41 import GAME
players, first, games = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
decisions = 0
start = time.process_time()
for seed in range(first, first + games):
    rng = random.Random(seed)
    state = GAME.new_match(players, seed)
    while pending := state.pending():
        state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
        decisions += len(pending)
print(json.dumps({"seconds": time.process_time() - start, "decisions": decisions}))
"""


def playouts(root: Path, players: int, first: int, games: int) -> tuple[float, int]:
    """CPU seconds and decisions of ``games`` random games played by the checkout at ``root``."""
    out = subprocess.run([sys.executable, "-c", _PLAYOUTS, str(root), str(players), str(first),
                          str(games)], check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    return float(data["seconds"]), int(data["decisions"])


def engine_speed(old: Path | None, players: int, games: int, rounds: int) -> None:
    """Print decisions/s of this checkout (and of ``old``, with the median ratio)."""
    ratios: list[float] = []
    new_rates: list[float] = []
    old_rates: list[float] = []
    for r in range(rounds):
        first = r * games  # each round new seeds, the same for both sides
        sides = [ROOT] if old is None else ([ROOT, old] if r % 2 == 0 else [old, ROOT])
        rates = {}
        for side in sides:
            seconds, decisions = playouts(side, players, first, games)
            rates[side] = decisions / seconds
        new_rates.append(rates[ROOT])
        if old is not None:
            old_rates.append(rates[old])
            ratios.append(rates[ROOT] / rates[old])
    line = (f"engine, {players} players: {statistics.median(new_rates):,.0f} decisions/s "
            f"(CPU time, one core; {rounds} rounds of {games} random games)")
    if old is not None:
        line += (f"; before: {statistics.median(old_rates):,.0f}; ratio "
                 f"{statistics.median(ratios):.2f}x (rounds {min(ratios):.2f}-{max(ratios):.2f})")
    print(line, flush=True)


def clone_speed(states: int = 40) -> None:
    """Print the cost of ``clone()`` against ``copy.deepcopy`` on mid-game states."""
    sys.path.insert(0, str(ROOT))
    from engine.sector41 import GAME

    picked = []
    for seed in range(states):
        rng = random.Random(seed)
        state = GAME.new_match(2, seed)
        stop = rng.randrange(20, 300)
        for _ in range(stop):
            if not (pending := state.pending()):
                break
            state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
        picked.append(state)

    def timed(fn: object, reps: int) -> float:
        start = time.perf_counter()
        for _ in range(reps):
            for state in picked:
                fn(state)  # type: ignore[operator]
        return (time.perf_counter() - start) / (reps * len(picked))

    deep = timed(copy.deepcopy, 5)
    fast = timed(lambda s: s.clone(), 50)
    print(f"clone: {fast * 1e6:.1f} us, copy.deepcopy: {deep * 1e6:.0f} us of the same "
          f"{len(picked)} mid-game states: {deep / fast:.0f}x faster", flush=True)


def _children_cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + usage.ru_utime + usage.ru_stime


def main() -> None:
    """Print the benchmark figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--against", metavar="REV", default="",
                        help="git revision to compare the engine with")
    parser.add_argument("--games", type=int, default=100, help="random games per round")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    parser.add_argument("--matches", type=int, default=200, help="greedy vs random matches")
    parser.add_argument("--mcts-matches", type=int, default=0, help="mcts vs greedy matches")
    parser.add_argument("--playouts", type=int, default=0,
                        help="mcts playouts per decision (0: the bot's default)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for --mcts-matches")
    parser.add_argument("--mcts-seed", type=int, default=5000,
                        help="seed of the first mcts match (docs/benchmarks.md's figure: 5000)")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        old = stack.enter_context(checkout_of(args.against)) if args.against else None
        for players in (2, 3, 4):
            engine_speed(old, players, args.games, args.rounds)
    clone_speed()
    if args.matches:
        start = time.perf_counter()
        score, share = greedy_vs_random("sector41", "sector41-greedy", args.matches)
        print(f"sector41-greedy vs random, {args.matches} two-player matches (seats "
              f"alternate): {score:.1%} match score, {share:.1%} of the points "
              f"({time.perf_counter() - start:.0f} s)")
    if args.mcts_matches:
        start = time.perf_counter()
        cpu = _children_cpu()
        score = mcts_vs_greedy("sector41", args.mcts_matches, args.playouts, args.jobs,
                               first=args.mcts_seed)
        cpu = _children_cpu() - cpu
        print(f"sector41-mcts vs sector41-greedy, {args.mcts_matches} two-player matches "
              f"(seeds {args.mcts_seed}-{args.mcts_seed + args.mcts_matches - 1}, seats "
              f"alternate): {score:.1%} match score ({time.perf_counter() - start:.0f} s wall, "
              f"{cpu / args.mcts_matches:.1f} s CPU per match)")


if __name__ == "__main__":
    main()
