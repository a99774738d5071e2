"""``arena serve``: registered bots connect with their tokens and play a rated ladder."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import grpc
import trio

import arena
from arena._hub import (
    FAULT_STREAK_PAUSE,
    PAUSE_FIRST_SECONDS,
    PAUSE_MAX_SECONDS,
    BotSession,
    Hub,
)
from arena.metrics import Metrics
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from scheduler._store import Store
from tests.support.harness import Collector, run_in_arena

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, "-m", "scheduler.cli", "--game-module", "tests.support.duel"]


def test_registered_bots_play_a_rated_ladder(tmp_path: Path) -> None:
    db = tmp_path / "serve.sqlite"
    tokens = {}
    for name in ("alpha", "beta", "gamma"):
        out = subprocess.run([*ARENA, "bot", "add", name, "--db", str(db)], cwd=ROOT,
                             capture_output=True, text=True, timeout=60, check=True).stdout
        tokens[name] = out.strip().splitlines()[-1]
    again = subprocess.run([*ARENA, "bot", "add", "alpha", "--db", str(db)], cwd=ROOT,
                           capture_output=True, text=True, timeout=60)
    assert again.returncode == 2 and "alpha" in again.stderr
    # A generous move time: on a loaded CI machine the default 0.5 s timed random bots out,
    # the hub paused them as faulty, and the ladder outlived the wait.
    server = subprocess.Popen(
        [*ARENA, "serve", "--port", "0", "--metrics-port", "0", "--db", str(db), "--game",
         "duel", "--max-matches", "6", "--concurrency", "2", "--move-time", "10"],
        cwd=ROOT, stderr=subprocess.PIPE, text=True)
    bots = []
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        match = re.search(r"listening on (\S+);", line)
        assert match, line
        address = match[1]
        log = _drain(server)
        for name, token in tokens.items():
            bots.append(subprocess.Popen(
                [sys.executable, "-m", "bots.run", "random", f"--address={address}",
                 f"--token={token}", f"--name={name}"], cwd=ROOT))
        # A wrong token is refused while the ladder runs.
        with grpc.insecure_channel(address) as channel:
            call = pb_grpc.ArenaServiceStub(channel).Play(iter([pb.PlayRequest(hello=pb.Hello(
                bot_name="alpha", token="wrong", protocol_version=1))]), timeout=10)
            try:
                list(call)
                raise AssertionError("a wrong token was accepted")
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.UNAUTHENTICATED
        _wait_for_ladder(server, log, 180, address)
    finally:
        for process in [server, *bots]:
            process.kill()
            process.wait(timeout=30)
    store = Store(db)
    records = store.matches(game="duel")
    assert len(records) == 6
    assert all(r.result is not None for r in records)
    ratings = store.load_ratings("duel")
    assert set(ratings) <= set(tokens) and len(ratings) >= 2
    assert abs(sum(ratings.values())) < 1e-6  # incremental Elo moves points, never makes them
    assert any(abs(elo) > 0 for elo in ratings.values())


def test_tokens_are_stored_hashed(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.sqlite")
    token = store.add_bot("hashy")
    raw = (tmp_path / "t.sqlite").read_bytes()
    assert token.encode() not in raw
    assert store.check_token("hashy", token) and not store.check_token("hashy", token + "x")


def _serve(db: Path, *flags: str) -> tuple[subprocess.Popen, str]:
    # --public-bots: these tests poll ListBots without a bot's token
    server = subprocess.Popen([*ARENA, "serve", "--port", "0", "--metrics-port", "0", "--db",
                               str(db), "--public-bots", *flags], cwd=ROOT,
                              stderr=subprocess.PIPE, text=True)
    assert server.stderr is not None
    line = server.stderr.readline()
    match = re.search(r"listening on (\S+);", line)
    assert match, line
    return server, match[1]


def _drain(server: subprocess.Popen) -> list[str]:
    """The server's log from now on, read in a thread: the server never blocks on a full pipe,
    and a failure can show what the ladder did."""
    log: list[str] = []
    stderr = server.stderr
    assert stderr is not None
    threading.Thread(target=lambda: log.extend(stderr), daemon=True).start()
    return log


def _wait_for_ladder(server: subprocess.Popen, log: list[str], timeout: float,
                     address: str) -> None:
    """Wait for the server to stop by itself (its --max-matches); on failure say what it
    had: its log, its connected bots and its live matches."""
    try:
        code = server.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the ladder did not finish in {timeout:g} s; "
                             f"{_server_state(address)}; server log:\n"
                             + "".join(log[-60:])) from None
    assert code == 0, "".join(log[-60:])


def _server_state(address: str) -> str:
    with grpc.insecure_channel(address) as channel:
        stub = pb_grpc.ArenaServiceStub(channel)
        try:
            bots = stub.ListBots(pb.ListBotsRequest(), timeout=10).bots
            live = stub.ListMatches(pb.ListMatchesRequest(live=True), timeout=10).matches
        except grpc.RpcError as error:
            return f"the server does not answer ({error.code().name})"
    return (f"connected: {[(b.bot_name, b.active_matches, b.pause_reason) for b in bots]}; "
            f"live: {[(m.match_id, [s.bot_name for s in m.seats]) for m in live]}")


def _wait_connected(address: str, name: str, log: list[str], timeout: float = 60) -> None:
    """Poll the arena's bot list (within its unary call limit) until ``name`` is connected."""
    deadline = time.monotonic() + timeout
    with grpc.insecure_channel(address) as channel:
        stub = pb_grpc.ArenaServiceStub(channel)
        while time.monotonic() < deadline:
            listed = stub.ListBots(pb.ListBotsRequest(), timeout=10)
            if any(bot.bot_name == name for bot in listed.bots):
                return
            threading.Event().wait(0.2)
    raise AssertionError(f"bot {name} did not connect in {timeout:g} s; server log:\n"
                         + "".join(log[-60:]))


def run_ladder(db: Path, bots: dict[str, list[str]], *flags: str, timeout: float = 180,
               exiting: tuple[str, ...] = (), first: str | None = None
               ) -> tuple[dict[str, int], list[str]]:
    """Register ``bots`` (name -> arguments of ``python -m bots.run``, or of ``python -m`` if
    the first is a module of tests.support), serve a ladder with
    ``flags`` until it stops by itself (give --max-matches), and stop the bots; returns the
    exit codes of the bots named in ``exiting``, which must end by themselves, and the
    server's log. The bot named ``first`` is connected before the others start (else which
    bots meet first depends on how fast each process starts)."""
    store = Store(db)
    tokens = {name: store.add_bot(name) for name in bots}
    store.close()
    server, address = _serve(db, *flags)
    log = _drain(server)
    processes: list[subprocess.Popen] = []
    order = sorted(bots, key=lambda name: name != first)
    try:
        for name in order:
            args = bots[name]
            processes.append(subprocess.Popen(
                [sys.executable, "-m", *(args if args[0].startswith("tests.") else
                                         ["bots.run", *args]),
                 f"--address={address}", f"--token={tokens[name]}", f"--name={name}"],
                cwd=ROOT))
            if name == first:
                _wait_connected(address, name, log)
        _wait_for_ladder(server, log, timeout, address)
        return {name: p.wait(timeout=30) for name, p in zip(order, processes, strict=True)
                if name in exiting}, log
    finally:
        for process in [server, *processes]:
            process.kill()
            process.wait(timeout=30)


def test_a_bot_with_max_matches_is_given_no_more_and_leaves_owing_nothing(tmp_path: Path) -> None:
    db = tmp_path / "budget.sqlite"
    codes, _ = run_ladder(db, {"brief": ["random", "--max-matches", "3"], "b": ["random"],
                            "c": ["random"]}, "--game", "duel", "--max-matches", "9",
                       exiting=("brief",), first="brief")
    records = Store(db).matches()
    assert len(records) == 9
    assert sum("brief" in r.seats for r in records) == 3
    assert all(r.result is not None and r.result.termination.name == "NORMAL" for r in records)
    assert codes["brief"] == 0


def test_a_ladder_of_two_games_pairs_the_bots_of_either(tmp_path: Path) -> None:
    db = tmp_path / "two.sqlite"
    # Both bots play only duel; the ladder serves sector41 too, with nobody for it.
    run_ladder(db, {"p": ["random", "--game", "duel"], "q": ["random", "--game", "duel"]},
               "--game", "sector41", "--game", "duel", "--max-matches", "4")
    assert len(Store(db).matches(game="duel")) == 4


def test_ctrl_c_stops_the_server_quietly(tmp_path: Path) -> None:
    server, address = _serve(tmp_path / "c.sqlite", "--game", "duel")
    with grpc.insecure_channel(address) as channel:  # it serves, then is interrupted
        pb_grpc.ArenaServiceStub(channel).ListGames(pb.ListGamesRequest(), timeout=30)
    server.send_signal(signal.SIGINT)
    assert server.wait(timeout=60) == 130
    assert server.stderr is not None
    rest = server.stderr.read()
    assert "interrupted" in rest and "Traceback" not in rest


def test_dead_weight_is_paused_and_shown_paused(tmp_path: Path) -> None:
    db = tmp_path / "dead.sqlite"
    _, log = run_ladder(db, {"silent": ["tests.support.scripted_bot", "silent"],
                             "a": ["random"], "b": ["random"]},
                        "--game", "duel", "--max-matches", "12", "--concurrency", "1",
                        "--move-time", "0.25", "--metrics-port", "0")
    pauses = [line.split(": ", 1)[1] for line in log if "gets no ladder match" in line]
    assert pauses == [f"bot silent gets no ladder match for a while: "
                      f"{FAULT_STREAK_PAUSE} faults in a row (last: timeout); "
                      f"paused {PAUSE_FIRST_SECONDS:g} s | event=bot_paused bot=silent\n"], log
    records = Store(db).matches()
    assert len(records) == 12
    with_silent = [r for r in records if "silent" in r.seats]
    # Three time losses in a row, then a pause (30 s) that outlasts the other nine matches.
    assert len(with_silent) == FAULT_STREAK_PAUSE, [r.seats for r in records]
    assert all(r.result is not None and r.result.termination.name == "TIMEOUT"
               for r in with_silent)


def test_a_ladder_held_up_by_a_paused_bot_says_so_once(tmp_path: Path) -> None:
    # Bot a plays duel only, and its one partner goes silent: after silent's fault streak
    # nobody is left to pair, and the server's log says why the ladder waits. A bot that
    # connects for the other game wakes the ladder up with the same bot paused: no new line.
    db = tmp_path / "held.sqlite"
    store = Store(db)
    tokens = {name: store.add_bot(name) for name in ("silent", "a", "other")}
    store.close()
    server, address = _serve(db, "--game", "duel", "--game", "sector41", "--move-time", "0.25")
    log: list[str] = []
    reader = threading.Thread(target=lambda: log.extend(server.stderr or ()))
    reader.start()
    commands = {"silent": ["tests.support.scripted_bot", "silent"],
                "a": ["bots.run", "random", "--game", "duel"],
                "other": ["bots.run", "random", "--game", "sector41"]}

    def start(name: str) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", *commands[name], f"--address={address}",
                                 f"--token={tokens[name]}", f"--name={name}"], cwd=ROOT)

    def listed() -> list[str]:
        with grpc.insecure_channel(address) as channel:
            reply = pb_grpc.ArenaServiceStub(channel).ListBots(pb.ListBotsRequest(), timeout=10)
        return [b.bot_name for b in reply.bots]

    bots = [start("silent"), start("a")]
    try:
        deadline = time.monotonic() + 120
        while not any("the ladder waits" in line for line in log):
            assert time.monotonic() < deadline, "no waiting line; log:\n" + "".join(log[-60:])
            assert server.poll() is None, "".join(log[-60:])
            time.sleep(0.05)  # polling the log with a deadline, not waiting for a guess
        bots.append(start("other"))
        while "other" not in listed():
            assert time.monotonic() < deadline, "".join(log[-60:])
            time.sleep(0.2)  # the server limits a client to 10 calls a second
        listed()  # one more round trip through the server's loop, after the ladder's wake-up
    finally:
        for process in [server, *bots]:
            process.kill()
            process.wait(timeout=30)
        reader.join(timeout=30)
    waits = [line for line in log if "the ladder waits" in line]
    assert len(waits) == 1, log
    assert re.fullmatch(r"the ladder waits: 1 bot\(s\) paused for faults: silent "
                        r"\(\d+ s\); the next match when one comes back or another bot "
                        r"connects \| event=ladder_waits paused=silent\n",
                        waits[0].split(": ", 1)[1]), waits
    assert any("bot silent gets no ladder match" in line for line in log)


def test_a_fault_streak_pauses_with_backoff_and_a_clean_match_ends_it() -> None:
    now = [100.0]
    metrics = Metrics()
    hub = Hub(metrics, clock=lambda: now[0])
    for _ in range(FAULT_STREAK_PAUSE - 1):
        assert hub.record_outcome("slow", "timeout") is None
    assert hub.paused_for("slow") == 0
    assert hub.record_outcome("slow", "crash") == (
        f"{FAULT_STREAK_PAUSE} faults in a row (last: crash); paused {PAUSE_FIRST_SECONDS:g} s")
    assert hub.paused_for("slow") == PAUSE_FIRST_SECONDS
    assert metrics.registry.get_sample_value("arena_paused_bots") == 1
    now[0] += PAUSE_FIRST_SECONDS
    assert hub.paused_for("slow") == 0
    # The pause ended by the clock alone: a scrape now says so, with nothing else called.
    assert metrics.registry.get_sample_value("arena_paused_bots") == 0
    hub.record_outcome("slow", "timeout")  # still in its streak: paused again, twice as long
    assert hub.paused_for("slow") == 2 * PAUSE_FIRST_SECONDS
    assert "faults in a row (last: timeout)" in hub.streaks["slow"].reason
    now[0] += 1000
    hub.record_outcome("slow", None)
    hub.record_outcome("slow", "timeout")
    assert hub.paused_for("slow") == 0 and hub.streaks["slow"].faults == 1
    assert metrics.registry.get_sample_value("arena_ladder_pauses_total") == 2
    for _ in range(20):
        hub.record_outcome("slow", "timeout")
    assert hub.paused_for("slow") == PAUSE_MAX_SECONDS
    hub.connect(BotSession("slow", frozenset({"duel"}), 1, Collector()))  # type: ignore[arg-type]
    (shown,) = hub.bots()
    assert (shown.bot_name, shown.connections, list(shown.games)) == ("slow", 1, ["duel"])
    assert shown.paused_seconds == PAUSE_MAX_SECONDS and "paused 600 s" in shown.pause_reason


def test_list_bots_is_served() -> None:
    async def main(hosted: arena.Arena) -> pb.ListBotsResponse:
        def call() -> pb.ListBotsResponse:
            with grpc.insecure_channel(hosted.address) as channel:
                return pb_grpc.ArenaServiceStub(channel).ListBots(pb.ListBotsRequest(), timeout=10)
        hosted.hub.connect(BotSession("idle", frozenset(), 0, Collector()))  # type: ignore[arg-type]
        return await trio.to_thread.run_sync(call)

    reply = run_in_arena(main, limits=arena.ClientLimits(public_bots=True))
    assert [b.bot_name for b in reply.bots] == ["idle"] and reply.bots[0].paused_seconds == 0


def test_a_killed_server_restarts_its_ladder_and_records_what_it_cut_short(
        tmp_path: Path) -> None:
    import socket
    import sqlite3

    from tests.support.harness import wait_until

    db = tmp_path / "killed.sqlite"
    store = Store(db)
    tokens = {name: store.add_bot(name) for name in ("p", "q")}
    store.close()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    said: list[str] = []

    def serve(*flags: str) -> subprocess.Popen:
        server = subprocess.Popen([*ARENA, "serve", "--port", str(port), "--metrics-port", "0",
                                   "--db", str(db), "--game", "sector41", "--concurrency", "1",
                                   *flags], cwd=ROOT, stderr=subprocess.PIPE, text=True)
        assert server.stderr is not None
        while "listening on" not in (line := server.stderr.readline()):
            assert line, "the server ended before it listened"
            said.append(line)
        return server

    def count(where: str = "1", table: str = "matches") -> int:
        with sqlite3.connect(db, timeout=5) as connection:
            return int(connection.execute(f"SELECT COUNT(*) FROM {table} WHERE {where}")
                       .fetchone()[0])

    first = serve()
    # The bots reconnect by themselves, with backoff, when the server goes away.
    bots = [subprocess.Popen([sys.executable, "-m", "bots.run", "random",
                              f"--address=127.0.0.1:{port}", f"--token={token}",
                              f"--name={name}"], cwd=ROOT)
            for name, token in tokens.items()]
    second = None
    try:
        wait_until(lambda: count() >= 2, "the first ladder matches", 120)
        # SIGKILL in the middle of a match (a Sector 41 match lasts long enough to be sure).
        wait_until(lambda: count(table="live_matches"), "a match to be under way", 60)
        first.kill()
        first.wait(timeout=30)
        finished = count()
        second = serve("--max-matches", "2")
        assert second.wait(timeout=300) == 0
        assert second.stderr is not None
        said.append(second.stderr.read())
        assert all(bot.poll() is None for bot in bots)  # the same bots, reconnected
    finally:
        for process in [first, *(p for p in [second] if p), *bots]:
            process.kill()
            process.wait(timeout=30)
    aborted = count("termination = 'aborted'")
    assert aborted == 1 and "recorded as aborted (not rated)" in "".join(said), said
    assert count() == finished + aborted + 2  # nothing finished was lost
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT COUNT(*) FROM live_matches").fetchone()[0] == 0
    from scheduler._reports import standings
    rated = standings(Store(db).matches(steps=False))
    assert sum(s.matches for s in rated) == 2 * (count() - aborted)  # aborted rates nobody
