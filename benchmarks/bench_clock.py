"""Fair clocks on a busy machine: time losses of launched bots that answer at once.

``python benchmarks/bench_clock.py [--concurrency N] [--matches M] [--move-time S]
[--burners K] [--clock wall cpu] [--sandbox auto|none]``

A Race tournament of two launched random bots (each match a process per bot, so
``--concurrency`` matches run 2N bot processes) with ``--burners`` busy processes beside it
(default: one per core), once per clock. A random bot answers in well under a millisecond
of CPU, so every time loss is the machine's doing: with wall clocks a bot is charged the time
it waits for a core; with ``--clock cpu`` only the CPU time it uses (under a wall-time cap of
3x the limit + 1 s). Prints, per clock: matches, decisions, time losses, the decisions' wall
and CPU time (median and p99) and the run's wall time.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from bench_load import percentile  # noqa: E402

from scheduler._store import Store  # noqa: E402

PYTHON = sys.executable


def _burn() -> None:
    while True:
        pass


@contextlib.contextmanager
def burners(count: int) -> Iterator[None]:
    """``count`` processes that keep a core busy each, for as long as the block runs."""
    processes = [multiprocessing.Process(target=_burn, daemon=True) for _ in range(count)]
    for process in processes:
        process.start()
    try:
        yield
    finally:
        for process in processes:
            process.kill()
            process.join()


def run(clock: str, concurrency: int, matches: int, move_time: float, sandbox: str
        ) -> dict[str, Any]:
    """One tournament; its figures."""
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "clock.sqlite"
        bot = f"{PYTHON} -m bots.run random"
        command = [PYTHON, "-m", "scheduler.cli", "tournament", "--game", "race",
                   "--bot", f"a={bot}", "--bot", f"b={bot}", "--rounds",
                   str(max(matches // 2, 1)), "--concurrency", str(concurrency),
                   "--move-time", str(move_time), "--clock", clock, "--sandbox", sandbox,
                   "--db", str(database)]
        started = time.perf_counter()
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                              timeout=3600)
        elapsed = time.perf_counter() - started
        if done.returncode:
            raise SystemExit(f"the tournament failed:\n{done.stderr[-3000:]}")
        records = Store(database).matches(steps=True)
    actions = [a for record in records for step in record.steps for a in step]
    walls = [a.time_used for a in actions if not a.defaulted]
    cpus = [a.cpu_used for a in actions if a.cpu_used is not None]
    reasons = sorted({r.result.reason for r in records
                      if r.result is not None and any(f.timeouts for f in r.faults)})
    return {"reasons": reasons, "matches": len(records), "decisions": len(actions),
            "time_losses": sum(f.timeouts for record in records for f in record.faults),
            "wall_p50_ms": statistics.median(walls) * 1e3 if walls else float("nan"),
            "wall_p99_ms": percentile(walls, 0.99) * 1e3,
            "cpu_p50_ms": statistics.median(cpus) * 1e3 if cpus else float("nan"),
            "cpu_p99_ms": percentile(cpus, 0.99) * 1e3, "seconds": elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--concurrency", type=int, default=100)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--move-time", type=float, default=0.1)
    parser.add_argument("--burners", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--clock", nargs="+", choices=("wall", "cpu"), default=["wall", "cpu"])
    parser.add_argument("--sandbox", choices=("auto", "none"), default="none")
    args = parser.parse_args()
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(f"bench_clock on {os.cpu_count()} CPUs, {when}: "
          f"Race, {args.matches} matches, {args.concurrency} at once ({2 * args.concurrency} "
          f"bot processes), {args.move_time:g} s a move, {args.burners} CPU burner(s), "
          f"sandbox {args.sandbox}", flush=True)
    with burners(args.burners):
        for clock in args.clock:
            r = run(clock, args.concurrency, args.matches, args.move_time, args.sandbox)
            print(f"{clock:>4} clock: {r['matches']:.0f} matches, {r['decisions']:,.0f} "
                  f"decisions, {r['time_losses']:.0f} time losses; a decision's wall time "
                  f"p50 {r['wall_p50_ms']:.1f} ms, p99 {r['wall_p99_ms']:.1f} ms; CPU time "
                  f"p50 {r['cpu_p50_ms']:.2f} ms, p99 {r['cpu_p99_ms']:.2f} ms; "
                  f"{r['seconds']:.0f} s", flush=True)
            for reason in r["reasons"][:5]:
                print(f"      a time loss: {reason[:300]}", flush=True)


if __name__ == "__main__":
    main()
