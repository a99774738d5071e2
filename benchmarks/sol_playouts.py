"""Sol: 1,000 complete random matches per configuration, each ending, replays checked.

Run ``python benchmarks/sol_playouts.py [--matches 1000] [--players 2 3 4 5]``. Every player
count (each on the board side it uses) with and without vestigial structures; every match
must end without an exception, by the 13th flare or (a match random play locks, RULES.md
52) by the turn limit; every 10th is replayed from its steps to the same snapshot. Prints
the counts per configuration and the time. The test suite plays 250 per configuration
(``tests/engine/sol/test_properties.py``); this is the issue's full 1,000.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Termination  # noqa: E402
from engine.sol import GAME, SolState  # noqa: E402


def complete_playouts(players: int, vestigial: bool, seeds: range) -> tuple[int, int]:
    """How many random matches of ``seeds`` ended by the 13th flare and how many (locked,
    RULES.md 52) by the turn limit; RuntimeError naming the match if one ends otherwise
    or, every 10th, if replaying its steps gives another snapshot. The same checks as
    ``tests/engine/sol/test_properties.py`` (not imported: benchmarks do not depend on
    the test suite), as errors rather than asserts so that ``python -O`` keeps them."""
    options = {"vestigial": vestigial}
    normal = limited = 0
    for seed in seeds:
        where = f"sol, {players} players, vestigial {vestigial}, seed {seed}"
        rng = random.Random(seed)
        state = cast(SolState, GAME.new_match(players, seed, options))
        steps: list[dict[int, int]] = []
        while pending := state.pending():
            steps.append({s: rng.choice(d.legal).id for s, d in pending.items()})
            state.apply(steps[-1])
        termination = state.result().termination
        if termination is Termination.NORMAL and state.flares == 13:
            normal += 1
        elif termination is Termination.TURN_LIMIT and state.turn == state.turn_limit:
            limited += 1
        else:
            raise RuntimeError(f"{where}: ended by {termination.name} at turn {state.turn} "
                               f"with {state.flares} flares; expected the 13th flare or the "
                               f"turn limit {state.turn_limit}")
        if seed % 10 == 0 and (GAME.replay(players, seed, options, steps).snapshot()
                               != state.snapshot()):
            raise RuntimeError(f"{where}: replaying its {len(steps)} steps gave another state")
    return normal, limited


def main() -> None:
    """Play the matches and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=1000, help="matches per configuration")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    args = parser.parse_args()
    total = 0
    for players in args.players:
        for vestigial in (True, False):
            start = time.process_time()
            normal, limited = complete_playouts(players, vestigial, range(args.matches))
            total += normal + limited
            print(f"{players} players, vestigial {'on' if vestigial else 'off'}: "
                  f"{normal + limited} complete matches, {normal} by the 13th flare, {limited} "
                  f"locked and ended by the turn limit; replays checked "
                  f"({time.process_time() - start:.0f} s CPU)", flush=True)
    print(f"total: {total} complete matches, no exception")


if __name__ == "__main__":
    main()
