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
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.engine.sol.test_properties import complete_playouts  # noqa: E402


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
