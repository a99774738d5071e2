"""Arena benchmarks: ``python benchmarks/bench_arena.py MODE`` (default ``all``).

- roundtrip: a decision's round trip through the arena (bot in its own process) next to a raw
  grpc.aio bidirectional ping-pong between two processes, and next to the least any grpc.aio
  server can do for the same messages and bot (no trio, no arena; and the same on the arena's
  trio bridge), measured in the same run; first as the OS places the processes, then pinned
  (server on one CPU, bot or client on another, the same for every variant), which takes the
  scheduler's placement out of the numbers.
- roundtrip also times a launched bot's decision over its pipes (no network, as in a
  tournament) beside the others.
- front: the round trip with a cap of connections per host (``--max-connections-per-host``:
  the arena's own front accepts the bot's connection and passes its bytes to gRPC) next to
  the same without one, alternating rounds.
- throughput: tournament matches per second, launched bot processes over their pipes (with
  and without the sandbox) vs in-process bots; and what the sandbox adds to a process's start.
- idle: 1,000 bot streams held open at once: server memory, and the round trip meanwhile.
- instructions [GAME]: the arena's machine instructions per decision with launched random
  bots (cachegrind; needs valgrind), of Race unless another game is named (``ping``: the
  transport and the runner nearly alone: one seat, 200 decisions a match, an observation of
  one number, which the codec writes as JSON as for any game it has no message for):
  tournaments of 8 and 24 matches at ``--concurrency 1`` with the bots' seeds fixed (the
  same matches in every run and tree), the difference over the difference in decisions,
  which leaves the start out: the figure to compare two trees by. Load moves it a little
  (the bots' answers then come in more of the arena's wake-ups: 1-4% at load 2-3), so two
  trees are compared in runs taken in turn.

Prints numbers; asserts nothing about speed (the machine is shared and noisy: compare the
ratios within one run).
"""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import grpc  # noqa: E402
import trio  # noqa: E402

import arena  # noqa: E402
import engine  # noqa: E402
from engine import Action, Decision, Game, GameInfo, GameState, OptionSpec, Result  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_load import percentile  # noqa: E402

PYTHON = sys.executable


@dataclass(frozen=True)
class PingObservation:
    """The whole view of the ping game."""

    turn: int


class PingState(GameState):
    """A one-seat game of ``turns`` trivial decisions: measures transport, not rules."""

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.turn = 0
        self._legal = (Action(0, "ping"), Action(1, "pong"))

    def _pending(self) -> dict[int, Decision]:
        if self.turn >= self.options["turns"]:
            return {}
        seat = self.turn % self.num_players
        return {seat: Decision(seat, "ping or pong", self._legal)}

    def _apply(self, choices: dict[int, Action]) -> None:
        self.turn += 1

    def observation(self, seat: int | None) -> PingObservation:
        return PingObservation(self.turn)

    def result(self) -> Result:
        return Result((0.0,) * self.num_players, (0,) * self.num_players)

    def snapshot(self) -> Any:
        return self.turn


PING = Game(GameInfo("ping", "Ping (benchmark)", 1, 2,
                     (OptionSpec("turns", 1000, "decisions", 1, 10**7),)), PingState)


# -- raw ping-pong ---------------------------------------------------------------------------

async def _raw_server(port_file: str, count: int) -> None:
    """Echo; after ``count`` messages, append this process's CPU seconds per message."""
    async def echo(requests, context):
        seen, first_cpu = 0, 0.0
        async for item in requests:
            yield item
            seen += 1
            if seen == 1:
                first_cpu = time.process_time()
            elif seen == count:
                with open(port_file + ".cpu", "w") as out:
                    out.write(str((time.process_time() - first_cpu) / (count - 1)))

    server = grpc.aio.server()
    handler = grpc.stream_stream_rpc_method_handler(
        echo, request_deserializer=None, response_serializer=None)
    server.add_generic_rpc_handlers(
        [grpc.method_handlers_generic_handler("bench.Echo", {"Echo": handler})])
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    Path(port_file).write_text(str(port))
    await server.wait_for_termination()


async def _raw_client(address: str, count: int) -> list[float]:
    async with grpc.aio.insecure_channel(address) as channel:
        call = channel.stream_stream("/bench.Echo/Echo")()
        payload = b"x" * 64
        times = []
        for _ in range(count):
            started = time.perf_counter()
            await call.write(payload)
            await call.read()
            times.append(time.perf_counter() - started)
        await call.done_writing()
        return times


def pinned(cpu: int | None, argv: list[str]) -> list[str]:
    """``argv`` run on one CPU only (None: wherever the OS puts it)."""
    return argv if cpu is None else [PYTHON, __file__, "_pin", str(cpu), "--", *argv]


def raw_pingpong(count: int, cpus: tuple[int, int] | None = None) -> tuple[list[float], float]:
    """Round trips of a raw bidi echo (server and client in two processes), and the server
    process's CPU seconds per round trip (all its threads). ``cpus``: (server's, client's)."""
    with tempfile.TemporaryDirectory() as tmp:
        port_file = os.path.join(tmp, "port")
        server = subprocess.Popen(pinned(None if cpus is None else cpus[0],
                                         [PYTHON, __file__, "_raw-server", port_file, str(count)]))
        try:
            deadline = time.monotonic() + 30
            while not os.path.exists(port_file) or not Path(port_file).read_text():
                if time.monotonic() > deadline:
                    raise RuntimeError("raw server did not start")
                time.sleep(0.01)
            address = f"127.0.0.1:{Path(port_file).read_text()}"
            if cpus is None:
                times = asyncio.run(_raw_client(address, count))
            else:
                times = _in_child(cpus[1], ["_raw-client", address, str(count)])
            return times, float(Path(port_file + ".cpu").read_text())
        finally:
            server.kill()
            server.wait()


# -- the same protocol without the arena ---------------------------------------------------

def asyncio_floor(count: int, bot: str = f"{PYTHON} -m bots.run random", hosted: bool = False
                  ) -> tuple[list[float], float]:
    """The least a Python grpc.aio server can do for a decision: one handler that writes a
    DecisionRequest like the runner's and reads the Move, no trio, no hub, no runner, with the
    same bot process. The round trips, and this process's CPU seconds per round trip.
    ``hosted``: the same handler on the arena's bridge (its loop stepped by trio)."""
    from arena import _codec
    from arena.v1 import arena_service_pb2 as pb

    times: list[float] = []
    cpu: list[float] = []

    async def play(context: grpc.aio.ServicerContext) -> None:
        await context.read()  # the Hello (not checked: this is not an arena)
        await context.write(pb.PlayResponse(welcome=pb.Welcome(bot_name="bot",
                                                               protocol_version=1)))
        await context.write(pb.PlayResponse(match_started=pb.MatchStarted(
            match_id="bench", game="ping")))
        started = time.process_time()
        for turn in range(count):
            message = pb.PlayResponse()
            request = message.decision_request
            request.match_id, request.decision_id, request.time_left_ms = "bench", turn + 1, 5000
            request.observation.CopyFrom(_codec.observation("ping", PingObservation(turn)))
            request.legal.add(id=0, text="ping")
            request.legal.add(id=1, text="pong")
            sent = time.perf_counter()
            await context.write(message)
            await context.read()
            times.append(time.perf_counter() - sent)
        cpu.append((time.process_time() - started) / count)
        await context.write(pb.PlayResponse(match_ended=pb.MatchEnded(match_id="bench")))

    async def handler(requests, context):  # noqa: ANN001 - grpc's stream handler shape
        await play(context)

    async def main() -> None:
        server = grpc.aio.server()
        server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(
            "arena.v1.ArenaService", {"Play": grpc.stream_stream_rpc_method_handler(
                handler, request_deserializer=pb.PlayRequest.FromString,
                response_serializer=pb.PlayResponse.SerializeToString)})])
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        argv = [*shlex.split(bot), f"--address=127.0.0.1:{port}", "--token=-", "--name=bot",
                "--max-matches=1"]
        process = await asyncio.create_subprocess_exec(*argv, cwd=ROOT)
        try:
            await asyncio.wait_for(process.wait(), 300)
        finally:
            if process.returncode is None:
                process.kill()
            await server.stop(None)

    if hosted:
        from arena._bridge import open_asyncio_host

        async def in_trio() -> None:
            async with open_asyncio_host() as host:
                await host.run(main())

        trio.run(in_trio)
    else:
        asyncio.run(main())
    return times, cpu[0]


# -- arena round trip -----------------------------------------------------------------------

def arena_roundtrip(count: int, idle: int = 0, bot: str = f"{PYTHON} -m bots.run random",
                    transport: str = "grpc", limits: arena.ClientLimits | None = None
                    ) -> tuple[list[float], float, dict[str, float]]:
    """Per-decision round trips seen by the runner (send request -> move back), the wall time
    per decision of the whole match, and stats: the server process's CPU seconds per decision
    (all its threads) and its memory before/after opening ``idle`` idle streams.

    ``transport``: ``grpc``, the bot connects to the served arena as a remote bot does; or
    ``pipes``, the arena launches it and it plays over its standard streams (no sandbox).
    ``limits``: the server's client limits (with ``max_connections_per_host``, the bot's
    connection goes through the arena's own front)."""
    from arena._launcher import BotProcess
    from scheduler._runner import MatchSpec, run_match
    from scheduler._seating import BotPool, BotSpec
    from scheduler._timecontrol import TimeControl

    engine.register(PING)
    stats: dict[str, float] = {}

    async def play(seat: arena.Seat) -> tuple[list[float], float]:
        started, cpu = time.perf_counter(), time.process_time()
        record = await run_match(MatchSpec("bench", "ping", 1, {"turns": count}), [seat],
                                 TimeControl.per_move(5))
        wall = (time.perf_counter() - started) / count
        stats["cpu_per_decision_s"] = (time.process_time() - cpu) / count
        return [a.time_used for step in record.steps for a in step], wall

    async def over_pipes() -> tuple[list[float], float]:
        pool = BotPool([BotSpec.parse(f"bot={bot}")])
        async with trio.open_nursery() as nursery:
            await pool.start(nursery)
            result = await play(await pool.seat("bot"))
            pool.stop()
        return result

    async def over_grpc(hosted: arena.Arena) -> tuple[list[float], float]:
        idlers = None
        if idle:
            stats["rss_before_mb"] = rss_mb()
            tokens = [hosted.auth.issue(f"idle-{i}") for i in range(idle)]
            token_file = tempfile.NamedTemporaryFile("w", delete=False, suffix=".tokens")
            token_file.write("\n".join(tokens))
            token_file.close()
            idlers = await trio.lowlevel.open_process(
                [PYTHON, __file__, "_idle-client", hosted.address, token_file.name])
            with trio.fail_after(120):
                while len(hosted.hub.sessions) < idle:
                    await hosted.hub.changed.wait()
            stats["rss_after_mb"] = rss_mb()
            stats["streams"] = len(hosted.hub.sessions)
        env = {**os.environ, "ARENA_TOKEN": hosted.auth.issue("bot"), "PYTHONPATH": str(ROOT)}
        env.pop("ARENA_TRANSPORT", None)
        process = BotProcess("bot", [*shlex.split(bot), f"--address={hosted.address}",
                                     "--name=bot"], env)
        async with trio.open_nursery() as nursery:
            await nursery.start(process.run)
            session = await hosted.hub.wait_for_bot("bot")
            result = await play(arena.RemoteSeat(session, lambda: process.exited))
            nursery.cancel_scope.cancel()
        if idlers is not None:
            idlers.kill()
            await idlers.wait()
        return result

    if transport == "pipes":
        times, wall = trio.run(over_pipes)
    else:
        times, wall = arena.run(over_grpc, limits=limits or arena.ClientLimits())
    engine.unregister("ping")
    return times, wall, stats


def _in_child(cpu: int, args: list[str]) -> list[float]:
    """Run ``bench_arena.py ARGS OUT`` on ``cpu`` and read the round trips it wrote to OUT."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "times.json")
        subprocess.run(pinned(cpu, [PYTHON, __file__, *args, out]), check=True, timeout=600)
        return json.loads(Path(out).read_text())


def pinned_round(count: int, server_cpu: int = 0, bot_cpu: int = 1) -> dict[str, list[float]]:
    """One round of every variant with the server on ``server_cpu`` and the bot (or the raw
    client) on ``bot_cpu``."""
    bot = shlex.join(pinned(bot_cpu, [PYTHON, "-m", "bots.run", "random"]))
    raw, _ = raw_pingpong(count, (server_cpu, bot_cpu))
    return {"raw": raw,
            "floor": _in_child(server_cpu, ["_floor", str(count), bot, "plain"]),
            "hosted": _in_child(server_cpu, ["_floor", str(count), bot, "hosted"]),
            "arena": _in_child(server_cpu, ["_arena", str(count), bot, "grpc"]),
            "pipes": _in_child(server_cpu, ["_arena", str(count), bot, "pipes"])}


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _idle_client(address: str, token_file: str) -> None:
    from arena.v1 import arena_service_pb2 as pb

    tokens = Path(token_file).read_text().split("\n")
    channels = [grpc.aio.insecure_channel(address) for _ in range(10)]
    calls = []
    for i, token in enumerate(tokens):
        hello = pb.PlayRequest(hello=pb.Hello(bot_name=f"idle-{i}", token=token,
                                              protocol_version=1))
        queue: asyncio.Queue = asyncio.Queue()
        queue.put_nowait(hello)

        async def requests(q=queue):
            while True:
                yield await q.get()

        call = channels[i % len(channels)].stream_stream(
            "/arena.v1.ArenaService/Play", request_serializer=pb.PlayRequest.SerializeToString,
            response_deserializer=pb.PlayResponse.FromString)(requests())
        calls.append(call)
    for call in calls:
        await call.read()  # the Welcome
    await asyncio.sleep(3600)


# -- throughput -----------------------------------------------------------------------------

def throughput(game: str, matches: int, options: dict[str, Any], rounds: int = 3
               ) -> dict[str, float]:
    """Matches per second: launched bot processes over their pipes (``processes``), the same
    in the sandbox (``sandboxed``, where bwrap works), the same bots in-process; and where the
    CPU goes, per decision: this process (all its threads) and the bot processes
    (``<label>_server_us``, ``<label>_bots_us``). Each figure is the best of ``rounds``
    rounds, the variants taken in turn within each: other load only ever slows a round down
    (an in-process tournament of 40 matches lasts a fraction of a second, and one burst of
    other work halved it)."""
    import resource

    from arena import _cgroups, _sandbox
    from arena._launcher import Launch

    def cpu(who: int) -> float:
        usage = resource.getrusage(who)
        return usage.ru_utime + usage.ru_stime

    cgroups = _cgroups.tree()
    # As in a default environment, where Python writes bytecode: the arena then writes the
    # shared packages' for its launched bots (``_sandbox.compile_shared_packages``), which
    # cannot. (Where PYTHONDONTWRITEBYTECODE is set, as on the machines the figures in
    # docs/benchmarks.md come from, every bot's start would compile the SDK again.)
    sys.dont_write_bytecode = False

    def bots_cpu() -> float:
        """The bot processes' CPU so far: their cgroups' where the launcher makes them (a
        sandboxed bot is reaped inside its PID namespace, which the children's rusage never
        sees), else the ended children's."""
        if cgroups is not None:
            return cgroups.cpu_seconds() or 0.0
        return cpu(resource.RUSAGE_CHILDREN)

    out: dict[str, float] = {}

    def best(key: str, value: float, pick: Callable[[float, float], float]) -> None:
        out[key] = pick(out[key], value) if key in out else value

    launched = [f"a={PYTHON} -m bots.run random", f"b={PYTHON} -m bots.run random"]
    variants = [("processes", launched, Launch()),
                ("in-process", ["a=builtin:random", "b=builtin:random"], Launch())]
    if _sandbox.unavailable() is None:
        variants.insert(1, ("sandboxed", launched, Launch(sandboxed=True)))
    for label, bots, launch in [v for _ in range(rounds) for v in variants]:
        with tempfile.TemporaryDirectory() as tmp:
            store, tid = _stored_tournament(tmp, game=game, bots=tuple(bots),
                                            rounds=max(matches // 2, 1), concurrency=4,
                                            move_time=5, options=options)
            started = time.perf_counter()
            server, children = cpu(resource.RUSAGE_SELF), bots_cpu()
            played = _play_stored(store, tid, launch)
            best(label, played / (time.perf_counter() - started), max)
            # The bots have exited: their CPU is counted (see bots_cpu).
            server, children = cpu(resource.RUSAGE_SELF) - server, bots_cpu() - children
            decisions = _decisions(store, tid)
            best(f"{label}_server_us", server / decisions * 1e6, min)
            if label != "in-process":
                best(f"{label}_bots_us", children / decisions * 1e6, min)
    return out


def sandbox_start(runs: int = 20) -> dict[str, float]:
    """Milliseconds a sandbox adds to starting a process: bwrap (with the arena's binds and
    limits) running ``true`` against ``true`` alone, alternating, each side's median."""
    from arena import _sandbox

    if _sandbox.unavailable() is not None:
        return {}
    true = os.path.realpath("/bin/true")
    uid = _sandbox.uid_for(0) if os.geteuid() == 0 else None
    jail = _sandbox.Jail(tuple(_sandbox.visible_for([PYTHON, "-m", "bots.run"], os.getcwd())),
                         (), os.getcwd(), uid)
    boxed = _sandbox.bwrap_argv([true], jail, memory_mb=2048, cpu_seconds=0, max_processes=64,
                                tmp_mb=256)
    bare, sandboxed = [], []
    for _ in range(runs):
        for argv, times in ((boxed, sandboxed), ([true], bare)):
            begin = time.perf_counter()
            filled, fds = _sandbox.with_descriptors(argv, uid)
            try:
                subprocess.run(filled, check=True, pass_fds=fds)
            finally:
                for fd in fds:
                    os.close(fd)
            times.append(time.perf_counter() - begin)
    return {"sandbox_start_ms": (statistics.median(sandboxed) - statistics.median(bare)) * 1e3,
            "bare_start_ms": statistics.median(bare) * 1e3}


def report_roundtrip(count: int = 2000, rounds: int = 5) -> None:
    """Alternate raw, asyncio-floor and arena runs, so that all see the same load."""
    ratios, floor_ratios, hosted_ratios, cpu_ratios = [], [], [], []
    for i in range(rounds):
        raw, raw_cpu = raw_pingpong(count)
        floor, floor_cpu = asyncio_floor(count)
        hosted, _ = asyncio_floor(count, hosted=True)
        times, wall, stats = arena_roundtrip(count)
        raw_p50, floor_p50, arena_p50 = (percentile(raw, 0.5), percentile(floor, 0.5),
                                         percentile(times, 0.5))
        ratios.append(arena_p50 / raw_p50)
        floor_ratios.append(floor_p50 / raw_p50)
        hosted_ratios.append(percentile(hosted, 0.5) / raw_p50)
        cpu_ratios.append(stats["cpu_per_decision_s"] / raw_cpu)
        print(f"round {i + 1}: raw grpc.aio ping-pong p50 {raw_p50 * 1e3:.3f} ms "
              f"(p90 {percentile(raw, 0.9) * 1e3:.3f}); same protocol, asyncio only "
              f"{floor_p50 * 1e3:.3f} ms ({floor_ratios[-1]:.2f}x), the same hosted by trio "
              f"{percentile(hosted, 0.5) * 1e3:.3f} ms ({hosted_ratios[-1]:.2f}x); arena "
              f"decision round trip "
              f"p50 {arena_p50 * 1e3:.3f} ms (p90 {percentile(times, 0.9) * 1e3:.3f}, wall per "
              f"decision {wall * 1e3:.3f}); ratio {ratios[-1]:.2f}x; server CPU per round "
              f"trip {raw_cpu * 1e6:.0f} us raw, {floor_cpu * 1e6:.0f} us asyncio only, "
              f"{stats['cpu_per_decision_s'] * 1e6:.0f} us arena")
    print(f"ratio to raw p50 over {rounds} rounds of {count} round trips: arena median "
          f"{statistics.median(ratios):.2f}x (best {min(ratios):.2f}x), asyncio-only server "
          f"median {statistics.median(floor_ratios):.2f}x, hosted by trio "
          f"{statistics.median(hosted_ratios):.2f}x; arena server CPU ratio median "
          f"{statistics.median(cpu_ratios):.2f}x (steadier than latency on a shared machine)")


def report_front(count: int = 2000, rounds: int = 5) -> None:
    """The decision round trip with and without a cap of connections per host (the arena's
    own front then accepts the bot's connection and passes its bytes on), alternating."""
    capped = arena.ClientLimits(max_connections_per_host=50)
    p50: dict[str, list[float]] = {"direct": [], "front": []}
    cpu: dict[str, list[float]] = {"direct": [], "front": []}
    for i in range(rounds):
        for name, limits in (("direct", arena.ClientLimits()), ("front", capped)):
            times, _, stats = arena_roundtrip(count, limits=limits)
            p50[name].append(percentile(times, 0.5))
            cpu[name].append(stats["cpu_per_decision_s"])
        print(f"round {i + 1}: decision round trip p50 {p50['direct'][-1] * 1e3:.3f} ms "
              f"direct, {p50['front'][-1] * 1e3:.3f} ms through the front "
              f"({p50['front'][-1] / p50['direct'][-1]:.2f}x); server CPU per decision "
              f"{cpu['direct'][-1] * 1e6:.0f} us direct, {cpu['front'][-1] * 1e6:.0f} us "
              f"through the front")
    ratio = statistics.median(f / d for f, d in zip(p50["front"], p50["direct"], strict=True))
    cpu_ratio = statistics.median(f / d for f, d in zip(cpu["front"], cpu["direct"],
                                                        strict=True))
    extra = statistics.median(f - d for f, d in zip(cpu["front"], cpu["direct"], strict=True))
    print(f"through the front over {rounds} rounds of {count}: round trip median ratio "
          f"{ratio:.2f}x, server CPU median ratio {cpu_ratio:.2f}x "
          f"(+{extra * 1e6:.0f} us a decision)")


def report_pinned_roundtrip(count: int = 2000, rounds: int = 5) -> None:
    """The same variants with the server and the bot on a CPU each, alternating rounds."""
    if not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2:
        print("pinned round trips: skipped (needs sched_setaffinity and 2 CPUs)")
        return
    server_cpu, bot_cpu = sorted(os.sched_getaffinity(0))[:2]
    ratios: dict[str, list[float]] = {"floor": [], "hosted": [], "arena": [], "pipes": []}
    for i in range(rounds):
        p50 = {name: percentile(times, 0.5) for name, times
               in pinned_round(count, server_cpu, bot_cpu).items()}
        for name in ratios:
            ratios[name].append(p50[name] / p50["raw"])
        print(f"pinned round {i + 1} (server on CPU {server_cpu}, bot/client on CPU {bot_cpu}): "
              f"raw p50 {p50['raw'] * 1e3:.3f} ms; asyncio only {p50['floor'] * 1e3:.3f} ms "
              f"({ratios['floor'][-1]:.2f}x); hosted by trio {p50['hosted'] * 1e3:.3f} ms "
              f"({ratios['hosted'][-1]:.2f}x); arena {p50['arena'] * 1e3:.3f} ms "
              f"({ratios['arena'][-1]:.2f}x); a launched bot over its pipes "
              f"{p50['pipes'] * 1e3:.3f} ms ({ratios['pipes'][-1]:.2f}x)")
    print(f"pinned, ratio to raw p50 over {rounds} rounds: arena median "
          f"{statistics.median(ratios['arena']):.2f}x, launched over pipes "
          f"{statistics.median(ratios['pipes']):.2f}x, asyncio-only server "
          f"{statistics.median(ratios['floor']):.2f}x, hosted by trio "
          f"{statistics.median(ratios['hosted']):.2f}x")


# -- instructions -----------------------------------------------------------------------------

def _arena_run(game: str, matches: int) -> None:
    """Child mode under cachegrind: a tournament of launched random bots, one match at a
    time; prints its decisions. Valgrind does not know ``pidfd_open`` (the launcher waits for
    a bot through one), so a pipe that ends when the process does stands in for it here."""
    import threading

    def pidfd_stand_in(pid: int, flags: int = 0) -> int:
        read, write = os.pipe()

        def wait() -> None:
            try:
                os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
            finally:
                os.close(write)
        threading.Thread(target=wait, daemon=True).start()
        return read

    os.pidfd_open = pidfd_stand_in
    from arena._launcher import Launch

    if game == "ping":  # the transport and the runner nearly alone (see the docstring)
        engine.register(PING)

    bots = (f"a={PYTHON} -m bots.run random", f"b={PYTHON} -m bots.run random")
    with tempfile.TemporaryDirectory() as tmp:
        store, tid = _stored_tournament(tmp, game=game, bots=bots,
                                        rounds=max(matches // 2, 1), concurrency=1,
                                        move_time=30, seed=7, reproducible=True,
                                        options={"turns": 200} if game == "ping" else {})
        _play_stored(store, tid, Launch())
        print("decisions", _decisions(store, tid))


def _stored_tournament(folder: str, **config: Any) -> tuple[Any, str]:
    """A tournament of ``config`` (``TournamentConfig``'s fields) planned in a database in
    ``folder``: the store and the tournament's id."""
    from scheduler._store import Store
    from scheduler._tournament import TournamentConfig

    store = Store(os.path.join(folder, "bench.sqlite"))
    planned = TournamentConfig(**config)
    return store, store.create_tournament(planned.to_dict(), planned.schedule().pairs())


def _play_stored(store: Any, tid: str, launch: Any) -> int:
    """Play a stored tournament (its bots launched as ``launch`` says); matches played."""
    from scheduler._tournament import play_tournament

    async def main() -> int:
        return await play_tournament(store, tid, launch=launch)

    return trio.run(main)


def _decisions(store: Any, tid: str) -> int:
    """The decisions of a tournament's recorded matches."""
    return sum(len(step) for record in store.matches(tournament_id=tid)
               for step in record.steps)


def instructions(game: str = "race", sizes: tuple[int, int] = (8, 24)) -> dict[str, float]:
    """The arena's instructions per decision (see the module's docstring)."""
    import shutil

    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("bench_arena.py instructions needs valgrind (apt-get install valgrind)")
    counted = []
    for matches in sizes:
        done = subprocess.run(
            [valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
             PYTHON, __file__, "_arena-run", game, str(matches)],
            capture_output=True, text=True, timeout=1800, cwd=ROOT)
        refs = [line for line in done.stderr.splitlines() if "I   refs:" in line]
        decisions = [line for line in done.stdout.splitlines() if line.startswith("decisions")]
        if done.returncode != 0 or not refs or not decisions:
            raise RuntimeError(f"cachegrind run of {matches} matches failed:\n"
                               f"{done.stderr[-2000:]}")
        counted.append((int(refs[-1].split(":")[1].replace(",", "")),
                        int(decisions[-1].split()[1])))
    (small, small_decisions), (large, large_decisions) = counted
    return {"decisions": large_decisions - small_decisions,
            "instructions_per_decision": (large - small) / (large_decisions - small_decisions)}


def report_instructions(game: str = "race") -> None:
    result = instructions(game)
    print(f"arena instructions per {game} decision, launched random bots: "
          f"{result['instructions_per_decision'] / 1000:.0f}k "
          f"(over {result['decisions']:.0f} decisions)")


def report_throughput() -> None:
    cases: list[tuple[str, int, dict[str, Any]]] = [("sector41", 16, {}), ("race", 40, {})]
    for game, matches, options in cases:
        if game not in engine.names():
            continue
        result = throughput(game, matches, options)
        sandboxed = (f", {result['sandboxed']:.2f} in the sandbox (server "
                     f"{result['sandboxed_server_us']:.0f} us, bots "
                     f"{result['sandboxed_bots_us']:.0f} us a decision)"
                     if "sandboxed" in result else "")
        print(f"{game}: {result['processes']:.2f} matches/s with launched bot processes over "
              f"their pipes{sandboxed}, {result['in-process']:.2f} matches/s in-process "
              f"(processes {result['processes'] / result['in-process']:.2f}x in-process); CPU "
              f"per decision: server {result['processes_server_us']:.0f} us and bots "
              f"{result['processes_bots_us']:.0f} us with processes (their start included), "
              f"{result['in-process_server_us']:.0f} us in-process")
    start = sandbox_start()
    if start:
        print(f"sandbox start: +{start['sandbox_start_ms']:.1f} ms per process (bwrap running "
              f"true, against {start['bare_start_ms']:.1f} ms for true alone; medians)")


def report_idle(count: int = 1000) -> None:
    quiet, _, _ = arena_roundtrip(2000)
    times, _, stats = arena_roundtrip(2000, idle=count)
    grown = stats["rss_after_mb"] - stats["rss_before_mb"]
    print(f"{int(stats['streams'])} idle bot streams: server RSS {stats['rss_before_mb']:.0f} -> "
          f"{stats['rss_after_mb']:.0f} MB ({grown * 1024 / count:.1f} KB per stream); "
          f"round trip p50 {statistics.median(times) * 1e3:.3f} ms with them, "
          f"{statistics.median(quiet) * 1e3:.3f} ms without")


def measure(quick: bool, rounds: int | None = None) -> dict[str, float]:
    """The arena's headline ratios: pinned round trip over raw (needs 2 CPUs) and Race
    tournament matches/s with bot processes over in-process.

    The round trip is taken in ``rounds`` alternating rounds (default 5, 1 with ``quick``):
    ``pinned_roundtrip_over_raw`` is each side's fastest round (as the engine rows: load on a
    shared machine only slows a round down), ``..._median`` the median of the rounds' ratios."""
    out: dict[str, float] = {}
    count = 500 if quick else 2000
    rounds = rounds if rounds is not None else 1 if quick else 5
    if hasattr(os, "sched_setaffinity") and len(os.sched_getaffinity(0)) >= 2:
        server_cpu, bot_cpu = sorted(os.sched_getaffinity(0))[:2]
        arena_p50, raw_p50, pipes_p50 = [], [], []
        for _ in range(rounds):
            p50 = {name: percentile(times, 0.5) for name, times
                   in pinned_round(count, server_cpu, bot_cpu).items()}
            arena_p50.append(p50["arena"])
            raw_p50.append(p50["raw"])
            pipes_p50.append(p50["pipes"])
        out["pinned_roundtrip_over_raw"] = min(arena_p50) / min(raw_p50)
        out["pinned_roundtrip_over_raw_median"] = statistics.median(
            a / r for a, r in zip(arena_p50, raw_p50, strict=True))
        out["pinned_pipes_over_raw"] = min(pipes_p50) / min(raw_p50)
    result = throughput("race", 8 if quick else 40, {}, rounds=1 if quick else 3)
    out["processes_over_in_process"] = result["processes"] / result["in-process"]
    out["processes_server_cpu_us_per_decision"] = result["processes_server_us"]
    out["processes_bots_cpu_us_per_decision"] = result["processes_bots_us"]
    out["in_process_cpu_us_per_decision"] = result["in-process_server_us"]
    if "sandboxed" in result:
        out["sandboxed_over_in_process"] = result["sandboxed"] / result["in-process"]
        out["sandboxed_server_cpu_us_per_decision"] = result["sandboxed_server_us"]
    out.update(sandbox_start(5 if quick else 20))
    return out


def main() -> None:
    """``bench_arena.py [roundtrip|front|throughput|idle|instructions|all]`` (and the child
    modes it uses)."""
    what = sys.argv[1] if len(sys.argv) > 1 else "all"
    if what == "_pin":  # _pin CPU -- COMMAND...: exec COMMAND on that CPU only
        os.sched_setaffinity(0, {int(sys.argv[2])})
        os.execvp(sys.argv[4], sys.argv[4:])
    elif what == "_raw-server":
        asyncio.run(_raw_server(sys.argv[2], int(sys.argv[3])))
    elif what == "_raw-client":  # ADDRESS COUNT OUT
        Path(sys.argv[4]).write_text(json.dumps(asyncio.run(_raw_client(sys.argv[2],
                                                                         int(sys.argv[3])))))
    elif what == "_floor":  # COUNT BOT plain|hosted OUT
        Path(sys.argv[5]).write_text(json.dumps(
            asyncio_floor(int(sys.argv[2]), sys.argv[3], sys.argv[4] == "hosted")[0]))
    elif what == "_arena":  # COUNT BOT grpc|pipes OUT
        Path(sys.argv[5]).write_text(json.dumps(
            arena_roundtrip(int(sys.argv[2]), bot=sys.argv[3], transport=sys.argv[4])[0]))
    elif what == "_arena-run":  # GAME MATCHES
        _arena_run(sys.argv[2], int(sys.argv[3]))
    elif what == "_idle-client":
        asyncio.run(_idle_client(sys.argv[2], sys.argv[3]))
    elif what in ("-h", "--help"):
        print(__doc__)
    elif what == "front":
        report_front()
    elif what == "instructions":  # [GAME]: race (the default), another game, or ping
        report_instructions(sys.argv[2] if len(sys.argv) > 2 else "race")
    elif what not in ("roundtrip", "throughput", "idle", "all"):
        raise SystemExit(f"bench_arena.py: unknown mode {what!r}; the modes are roundtrip, "
                         "front, throughput, idle, instructions and all (the default)")
    else:
        if what in ("roundtrip", "all"):
            report_roundtrip()
            report_pinned_roundtrip()
        if what in ("throughput", "all"):
            report_throughput()
        if what in ("idle", "all"):
            report_idle()


if __name__ == "__main__":
    main()
