"""Sol numbers: random full games per second, clone vs deepcopy, the greedy bot vs random.

Run ``python benchmarks/bench_sol.py [--matches 200] [--games 100]``. The bots play through
the arena's match runner with in-process seats (the same protobuf messages a remote bot
gets); the speed figures are the pure engine with random legal actions on one core (CPU
time). ``--against REV`` (checked out in a temporary git worktree) plays the same seeded
games with both engines, interleaved in alternating subprocesses, and prints the ratio,
since the machine is noisy.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import subprocess
import sys
import time
from pathlib import Path

from _checkout import checkout_of
from _common import greedy_vs_random, random_playouts

ROOT = Path(__file__).resolve().parent.parent
# Plays seeded random games with the engine of the tree in argv[1]; prints decisions, CPU s.
_CHILD = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from engine.sol import GAME
players, first, games, vestigial = (int(a) for a in sys.argv[2:6])
decisions = 0
start = time.process_time()
for seed in range(first, first + games):
    rng = random.Random(seed)
    state = GAME.new_match(players, seed, {"vestigial": bool(vestigial)})
    while pending := state.pending():
        state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
        decisions += 1
print(json.dumps([decisions, time.process_time() - start]))
"""


def compare(old: Path, games: int, rounds: int) -> None:
    """Old engine against this one, interleaved, per player count; prints the ratios."""
    per_round = max(1, games // rounds)
    for players in (2, 5):
        totals = {old: [0.0, 0.0], ROOT: [0.0, 0.0]}
        for r in range(rounds):
            order = (old, ROOT) if r % 2 == 0 else (ROOT, old)
            for tree in order:
                out = subprocess.run(
                    [sys.executable, "-c", _CHILD, str(tree), str(players), str(r * per_round),
                     str(per_round), "1"], capture_output=True, text=True, check=True).stdout
                decisions, seconds = json.loads(out)
                totals[tree][0] += decisions
                totals[tree][1] += seconds
        assert totals[old][0] == totals[ROOT][0], "the engines played different games"
        n_games = per_round * rounds
        before, after = (totals[t][0] / totals[t][1] for t in (old, ROOT))
        print(f"{players} players, {n_games} games each, interleaved: before "
              f"{n_games / totals[old][1]:.2f} games/s {before:,.0f} decisions/s; now "
              f"{n_games / totals[ROOT][1]:.2f} games/s {after:,.0f} decisions/s; "
              f"ratio {after / before:.2f}x")


def clone_ratio() -> float:
    """How many times faster ``clone()`` is than ``copy.deepcopy`` on a mid-game state."""
    sys.path.insert(0, str(ROOT))
    from engine.sol import GAME

    state = GAME.new_match(4, 3)
    rng = random.Random(3)
    for _ in range(600):
        state.apply({s: rng.choice(d.legal).id for s, d in state.pending().items()})
    start = time.process_time()
    for _ in range(2000):
        state.clone()
    cheap = (time.process_time() - start) / 2000
    start = time.process_time()
    for _ in range(100):
        copy.deepcopy(state)
    deep = (time.process_time() - start) / 100
    return deep / cheap


def main() -> None:
    """Print the benchmark figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=200, help="greedy vs random matches")
    parser.add_argument("--games", type=int, default=100, help="random games per player count")
    parser.add_argument("--against", metavar="REV", help="git revision to compare the engine with")
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds (--against)")
    args = parser.parse_args()
    if args.against:
        with checkout_of(args.against, prefix="bench-sol-") as old:
            compare(old, args.games, args.rounds)
    else:
        for players in (2, 5):
            for vestigial in (True, False):
                games_s, decisions_s, limited = random_playouts(
                    "sol", players, args.games, {"vestigial": vestigial})
                print(f"engine, {players} players, vestigial {'on' if vestigial else 'off'}: "
                      f"{games_s:.2f} random games/s, {decisions_s:,.0f} decisions/s "
                      f"(CPU time, one core), turn limit reached in {limited:.1%}")
    print(f"clone() is {clone_ratio():.0f}x faster than copy.deepcopy (4 players, mid-game)")
    if args.matches:
        start = time.perf_counter()
        score, share = greedy_vs_random("sol", "sol-greedy", args.matches)
        print(f"sol-greedy vs random, {args.matches} two-player matches (seats alternate): "
              f"{score:.1%} match score, {share:.1%} of the momentum "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
