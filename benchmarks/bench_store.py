"""The store on a long history: what standings cost to read back.

Run ``python benchmarks/bench_store.py [--matches 3000] [--steps 300]``. Records synthetic
two-player matches among ten bots (``--steps`` one-seat decisions each, about a Sector 41
match) into a fresh SQLite file, then times reading them back with and without their steps
and fitting the standings: what `arena ratings`, a tournament's final table and the served
GetStandings do.

``--journals N`` instead times recording N matches (one transaction each) under the store's
rollback journal and under the two WAL set-ups it does not use (docs/operations.md): WAL,
whose ``-shm`` index is memory-mapped, and WAL in exclusive locking mode, which keeps that
index in heap memory but locks every other connection out (checked: a second reader is
refused).
"""

from __future__ import annotations

import argparse
import random
import sqlite3
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


def journals(matches: int, steps: int) -> None:
    """Milliseconds per recorded match under each journal set-up."""
    rng = random.Random(1)
    records = [synthetic(i, steps, rng) for i in range(matches)]
    for setup in ("store (rollback journal)", "WAL", "WAL, exclusive locking"):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "bench.sqlite"
            Store(path).close()  # the schema, made as the arena makes it
            store = Store(path, check=False)
            db = store._db  # noqa: SLF001 - the other set-ups are the store's, but for this
            if setup != "store (rollback journal)":
                if "exclusive" in setup:  # before WAL: no -shm is ever made
                    db.execute("PRAGMA locking_mode=EXCLUSIVE")
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")  # what the arena used in WAL
            _, took = timed(lambda: [store.record_match(r) for r in records])  # noqa: B023
            other = sqlite3.connect(path, timeout=0.1)
            try:
                other.execute("SELECT COUNT(*) FROM matches").fetchone()
                second = "reads"
            except sqlite3.OperationalError as error:
                second = f"refused ({error})"
            other.close()
            files = sorted(p.name.removeprefix("bench.sqlite") for p in Path(tmp).iterdir())
            print(f"{setup}: {took / matches * 1000:.2f} ms per match; a second connection "
                  f"{second}; files {files}")
            store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=3000)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--journals", type=int, default=0, metavar="N",
                        help="compare the journal set-ups on N matches instead")
    args = parser.parse_args()
    if args.journals:
        journals(args.journals, args.steps)
        return
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
