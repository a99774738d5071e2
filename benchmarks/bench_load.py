"""Load: many bot streams, many matches at once, bots answering at once, a short move time.

``python benchmarks/bench_load.py [--quick] [--concurrency N ...] [--streams N]
[--seconds S] [--move-time S] [--against REV]``

The arena runs in this process; bot processes (``--bot-processes``, a few streams' worth of
SDK clients each, the reference random bot answering at once) open ``--streams`` Play
streams, and ``--concurrency`` matches of Race play on pairs of them for ``--seconds`` (the
matches under way then finish; the other streams stay open, idle). Printed per run:
decisions per second, the decision latency as the server measures it (request written to
move received: what a bot is charged), the server's RSS with every stream open and at its
peak, and time losses. A bot here answers in well under a tenth of its limit, so every time
loss is spurious: the server's own delay charged to a bot. With ``--against REV`` each run
alternates with the same run of the server at that commit (a temporary git worktree; the bot
processes always come from this tree), like against like on a shared machine.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _checkout import checkout_of

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PYTHON = sys.executable


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def _memory_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


# -- the bot processes ---------------------------------------------------------------------

async def _bots(address: str, token_file: str) -> None:
    """Play every stream named in ``token_file`` (``NAME TOKEN`` a line) until the arena
    closes them: the SDK's random bot, one connection per stream."""
    import asyncio
    import logging

    # A late move refused (the time losses counted by the server) is not news here.
    logging.basicConfig(level=logging.ERROR)
    sys.path.insert(0, str(ROOT))
    from bots import _client, builtin

    factory = builtin("random")
    pairs = [line.split() for line in Path(token_file).read_text().splitlines() if line]
    await asyncio.gather(*(_client.play_stream(factory, address, name, token)
                           for name, token in pairs), return_exceptions=True)


# -- the server (this process, or a child rooted at another checkout) ---------------------

def load_run(concurrency: int, streams: int = 1000, seconds: float = 10.0,
             move_time: float = 0.1, bot_processes: int = 4, game: str = "race"
             ) -> dict[str, float]:
    """One run, the arena in this process (importing ``arena`` and ``scheduler`` from the
    first checkout on ``sys.path``): the figures described in the module's docstring."""
    import trio

    import arena
    from scheduler._runner import MatchSpec, run_match
    from scheduler._timecontrol import FaultPolicy, TimeControl

    if streams < 2 * concurrency:
        raise ValueError(f"{concurrency} matches need {2 * concurrency} streams, "
                         f"not {streams}")
    out: dict[str, float] = {"concurrency": concurrency, "streams": streams,
                             "move_time": move_time}
    records: list[Any] = []

    async def main(hosted: Any) -> float:
        names = [f"load-{i}" for i in range(streams)]
        tokens = {name: hosted.auth.issue(name) for name in names}
        processes = []
        with tempfile.TemporaryDirectory() as tmp:
            try:
                for p in range(bot_processes):
                    mine = names[p::bot_processes]
                    token_file = Path(tmp, f"tokens-{p}")
                    token_file.write_text("".join(f"{n} {tokens[n]}\n" for n in mine))
                    processes.append(await trio.lowlevel.open_process(
                        [PYTHON, str(HERE / "bench_load.py"), "_bots", hosted.address,
                         str(token_file)], cwd=str(ROOT)))
                with trio.fail_after(300):
                    while len(hosted.hub.sessions) < streams:
                        await hosted.hub.wait_changed()
                out["rss_streams_mb"] = _memory_mb("VmRSS")
                by_name = {s.name: s for s in hosted.hub.sessions}
                # Seats of a match on two different processes (names alternate processes).
                pairs = [(by_name[names[2 * k]], by_name[names[2 * k + 1]])
                         for k in range(concurrency)]
                control = TimeControl.per_move(move_time)
                stop = trio.current_time() + seconds

                async def slot(k: int) -> None:
                    played = 0
                    while trio.current_time() < stop:
                        seats = [arena.RemoteSeat(s) for s in pairs[k]]
                        records.append(await run_match(
                            MatchSpec(f"load-{k}-{played}", game, 1000 * k + played),
                            seats, control, FaultPolicy("default")))
                        played += 1

                began = time.perf_counter()
                cpu = time.process_time()
                async with trio.open_nursery() as nursery:
                    for k in range(concurrency):
                        nursery.start_soon(slot, k)
                elapsed = time.perf_counter() - began
                out["server_cpu_s"] = time.process_time() - cpu
                return elapsed
            finally:
                for process in processes:
                    process.kill()
                for process in processes:
                    await process.wait()

    elapsed = arena.run(main)
    used = [a.time_used for r in records for step in r.steps for a in step]
    losses = sum(f.timeouts for r in records for f in r.faults)
    out.update({
        "seconds": elapsed, "matches": len(records), "decisions": len(used),
        "decisions_per_s": len(used) / elapsed,
        "latency_p50_ms": percentile(used, 0.5) * 1e3,
        "latency_p99_ms": percentile(used, 0.99) * 1e3,
        "latency_max_ms": max(used, default=float("nan")) * 1e3,
        "time_losses": losses,
        "losses_per_10k": losses / max(len(used), 1) * 1e4,
        "rss_peak_mb": _memory_mb("VmHWM"),
    })
    return out


def run_in_child(checkout: Path, **kwargs: Any) -> dict[str, float]:
    """``load_run(**kwargs)`` in a fresh interpreter serving from ``checkout``'s code."""
    with tempfile.TemporaryDirectory() as tmp:
        result = Path(tmp, "out.json")
        subprocess.run([PYTHON, str(HERE / "bench_load.py"), "_serve", str(checkout),
                        json.dumps(kwargs), str(result)], check=True, timeout=1800)
        return json.loads(result.read_text())  # type: ignore[no-any-return]


def line(label: str, r: dict[str, float]) -> str:
    """One run, printed."""
    return (f"{label:>8} {int(r['concurrency']):>3} matches, {int(r['streams'])} streams: "
            f"{r['decisions_per_s']:>6.0f} decisions/s ({int(r['decisions'])} in "
            f"{r['seconds']:.1f} s, {int(r['matches'])} matches), latency p50 "
            f"{r['latency_p50_ms']:.2f} ms p99 {r['latency_p99_ms']:.2f} ms max "
            f"{r['latency_max_ms']:.1f} ms, time losses {int(r['time_losses'])} "
            f"({r['losses_per_10k']:.1f} per 10,000) at {r['move_time']:g} s/move, RSS "
            f"{r['rss_streams_mb']:.0f} MB with the streams, peak {r['rss_peak_mb']:.0f} MB")


def measure(quick: bool) -> dict[str, float]:
    """The figures at 100 concurrent matches on 1,000 streams (quick: 20 on 200, 3 s)."""
    if quick:
        r = run_in_child(ROOT, concurrency=20, streams=200, seconds=3.0, bot_processes=2)
    else:
        r = run_in_child(ROOT, concurrency=100, streams=1000, seconds=10.0)
    return {f"load_{key}": value for key, value in r.items()
            if key in ("decisions_per_s", "latency_p50_ms", "latency_p99_ms",
                       "losses_per_10k", "rss_streams_mb", "rss_peak_mb")}


def main() -> None:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="20 matches on 200 streams, 3 s")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[100])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="start matches for this long (default 10)")
    parser.add_argument("--move-time", type=float, default=0.1)
    parser.add_argument("--bot-processes", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=1, help="runs of each case")
    parser.add_argument("--against", metavar="REV", help="alternate with the server at REV")
    args = parser.parse_args()
    if args.quick:
        args.concurrency, args.streams, args.seconds, args.bot_processes = [20], 200, 3.0, 2
    print(f"bench_load on {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    with contextlib.ExitStack() as stack:
        other = stack.enter_context(checkout_of(args.against)) if args.against else None
        losses: dict[str, list[float]] = {}
        for _ in range(args.rounds):
            for concurrency in args.concurrency:
                kwargs = dict(concurrency=concurrency, streams=args.streams,
                              seconds=args.seconds, move_time=args.move_time,
                              bot_processes=args.bot_processes)
                r = run_in_child(ROOT, **kwargs)
                print(line("this", r), flush=True)
                losses.setdefault(f"this {concurrency}", []).append(r["losses_per_10k"])
                if other is not None:
                    r = run_in_child(other, **kwargs)
                    print(line(args.against[:8], r), flush=True)
                    losses.setdefault(f"{args.against} {concurrency}", []).append(
                        r["losses_per_10k"])
        if args.rounds > 1:
            for key, values in losses.items():
                print(f"{key}: time losses per 10,000 decisions, median "
                      f"{statistics.median(values):.1f}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "_bots":  # ADDRESS TOKEN_FILE
        import asyncio

        asyncio.run(_bots(sys.argv[2], sys.argv[3]))
    elif len(sys.argv) > 1 and sys.argv[1] == "_serve":  # CHECKOUT KWARGS_JSON OUT
        os.chdir(sys.argv[2])
        sys.path.insert(0, sys.argv[2])
        Path(sys.argv[4]).write_text(json.dumps(load_run(**json.loads(sys.argv[3]))))
    else:
        main()
