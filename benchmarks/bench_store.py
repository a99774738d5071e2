"""The store on a long history: what standings cost to read back.

Run ``python benchmarks/bench_store.py [--matches 3000] [--steps 300]``. Records synthetic
two-player matches among ten bots (``--steps`` one-seat decisions each, about a Sector 41
match) into a fresh SQLite file, then times reading them back with and without their steps
and fitting the standings: what `arena ratings`, a tournament's final table and the served
GetStandings do.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Result, Termination  # noqa: E402
from scheduler._records import Faults, MatchRecord, SeatAction  # noqa: E402
from scheduler._reports import standings  # noqa: E402
from scheduler._store import Store  # noqa: E402


def synthetic(index: int, steps: int, rng: random.Random) -> MatchRecord:
    seats = rng.sample([f"bot{i}" for i in range(10)], 2)
    ranks = (0, 1) if rng.random() < 0.5 else (1, 0)
    return MatchRecord(
        match_id=f"m-{index}", game="sector41", options={}, seed=index, seats=seats,
        steps=[[SeatAction(j % 2, rng.randrange(60), 0.002)] for j in range(steps)],
        result=Result((1.0 - ranks[0], 1.0 - ranks[1]), ranks, Termination.NORMAL, "", ()),
        faults=[Faults(), Faults()], started_at=0.0, ended_at=1.0)


def timed(fn):  # noqa: ANN001, ANN201 - any callable
    started = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=3000)
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.sqlite")
        _, written = timed(lambda: [store.record_match(synthetic(i, args.steps, rng))
                                    for i in range(args.matches)])
        full, with_steps = timed(lambda: store.matches(game="sector41"))
        light, without_steps = timed(lambda: store.matches(game="sector41", steps=False))
        rows, fit = timed(lambda: standings(light))
        assert rows == standings(full)
        print(f"{args.matches} matches of {args.steps} steps: recorded at "
              f"{args.matches / written:.0f} matches/s; read back {with_steps:.2f} s with steps, "
              f"{without_steps:.3f} s without ({with_steps / without_steps:.0f}x); "
              f"standings fit {fit:.3f} s")


if __name__ == "__main__":
    main()
