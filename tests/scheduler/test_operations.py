"""Running `arena serve` (and the long commands) as an operator would: its log, SIGTERM, the
database's files failing under it, client limits on health and reflection, where it listens.

Every test runs the real command in a process of its own and reads its real log; the files
that fail are made immutable with ``chattr +i`` (root, on a file system that supports it:
skipped elsewhere; CI runs as root)."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from engine import Termination
from scheduler._ratings import update_elo
from scheduler._store import Store
from scheduler.cli import PUBLIC_CONNECTIONS_PER_HOST, connections_per_host
from tests.support.harness import listening_addresses, wait_until

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, "-m", "scheduler.cli", "--game-module", "tests.support.duel"]
SERVICE = "arena.v1.ArenaService"
LISTENING = re.compile(r"listening on (\S+?)(?: \(TLS\))?;")


class Server:
    """`arena serve` in a process of its own, its log read in a thread as it comes."""

    def __init__(self, db: Path, *flags: str, preexec: Callable[[], None] | None = None,
                 port: int = 0) -> None:
        """``port``: listen there, and know the server is up when it answers (not from its
        log: below --log-level info the log says nothing of it)."""
        self.process = subprocess.Popen(
            [*ARENA, "serve", "--port", str(port), "--metrics-port", "0", "--db", str(db),
             *flags], cwd=ROOT, stderr=subprocess.PIPE, text=True,
            preexec_fn=preexec)
        assert self.process.stderr is not None
        self.lines: list[str] = []
        if port:
            self.address = f"127.0.0.1:{port}"
        else:
            while not LISTENING.search(line := self.process.stderr.readline()):
                assert line, f"the server ended before it listened: {self.lines}"
                self.lines.append(line)
            self.lines.append(line)
            match = LISTENING.search(line)
            assert match
            self.address = match[1]
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        if port:
            with grpc.insecure_channel(self.address) as channel:
                grpc.channel_ready_future(channel).result(timeout=120)

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line)

    @property
    def log(self) -> str:
        return "".join(self.lines)

    def records(self) -> list[dict[str, Any]]:
        """The log's lines as JSON objects (with --log-format json)."""
        return [json.loads(line) for line in list(self.lines) if line.strip()]

    def wait_for(self, text: str, timeout: float = 120) -> None:
        wait_until(lambda: text in self.log or self.process.poll() is not None,
                   f"{text!r} in the server's log", timeout)
        assert text in self.log, f"the server ended ({self.process.returncode}):\n{self.log}"

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(timeout=30)
        self.reader.join(timeout=30)


def register(db: Path, *names: str) -> dict[str, str]:
    store = Store(db)
    try:
        return {name: store.add_bot(name) for name in names}
    finally:
        store.close()


def start_bots(address: str, tokens: dict[str, str]) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([sys.executable, "-m", "bots.run", "random", f"--address={address}",
                              f"--token={token}", f"--name={name}", "--game", "duel"], cwd=ROOT,
                             stderr=subprocess.DEVNULL)
            for name, token in tokens.items()]


def stop_all(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        process.kill()
        process.wait(timeout=30)


def recorded(db: Path) -> set[str]:
    """The ids of the matches in ``db`` (none while it is being created)."""
    try:
        with sqlite3.connect(db, timeout=30) as connection:
            return {row[0] for row in connection.execute("SELECT match_id FROM matches")}
    except sqlite3.OperationalError as error:
        assert "no such table" in str(error), error
        return set()


def finished_in(log: str) -> set[str]:
    return set(re.findall(r"match (\S+) finished", log))


@pytest.fixture
def immutable() -> Iterator[list[Path]]:
    """Files made immutable (``chattr +i``) by the test, made mutable again after it."""
    made: list[Path] = []
    yield made
    for path in made:
        subprocess.run(["chattr", "-i", str(path)], check=False)


def make_immutable(paths: list[Path], made: list[Path]) -> None:
    for path in paths:
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"cannot make {path} immutable here ({done.stderr.strip()}); this "
                        f"test needs root and a file system with chattr (CI runs as root)")
        made.append(path)


def database_files(db: Path) -> list[Path]:
    return sorted(p for p in db.parent.iterdir() if p.name.startswith(db.name)
                  and not p.name.endswith(".unsaved.jsonl"))


# -- 1. the log -----------------------------------------------------------------------------


def test_the_log_says_what_the_server_does_and_never_a_token(tmp_path: Path) -> None:
    db = tmp_path / "log.sqlite"
    tokens = register(db, "p", "q")
    server = Server(db, "--game", "duel", "--max-matches", "3", "--concurrency", "1",
                    "--move-time", "10", "--log-format", "json", "--calls-per-second", "0.01",
                    "--call-burst", "3")
    bots: list[subprocess.Popen[bytes]] = []
    wrong = "not-the-token-of-p"
    try:
        with grpc.insecure_channel(server.address) as channel:
            stub = pb_grpc.ArenaServiceStub(channel)

            def hello(**fields: Any) -> grpc.StatusCode:
                call = stub.Play(iter([pb.PlayRequest(hello=pb.Hello(**fields))]), timeout=30)
                with pytest.raises(grpc.RpcError) as refused:
                    list(call)
                return refused.value.code()

            for _ in range(3):  # refused three times, logged once
                assert hello(bot_name="p", token=wrong, protocol_version=1) == \
                    grpc.StatusCode.UNAUTHENTICATED
            assert hello(bot_name="p", token=tokens["p"], protocol_version=99) == \
                grpc.StatusCode.FAILED_PRECONDITION
            assert hello(bot_name="p", token=tokens["p"], protocol_version=1,
                         games=["chess"]) == grpc.StatusCode.INVALID_ARGUMENT
            limited = 0
            for _ in range(6):  # a burst of 3, then a call every 100 s: rate-limited
                try:
                    stub.ListGames(pb.ListGamesRequest(), timeout=30)
                except grpc.RpcError as error:
                    assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                    limited += 1
            assert limited >= 3
        bots = start_bots(server.address, tokens)
        assert server.process.wait(timeout=180) == 0, server.log
        server.reader.join(timeout=30)
    finally:
        stop_all(bots)
        server.stop()
    records = server.records()
    events: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        assert {"time", "level", "logger", "message"} <= record.keys(), record
        events.setdefault(str(record.get("event")), []).append(record)
    (start,) = events["start"]
    assert start["db"] == str(db) and start["ladder"] == "duel" and start["concurrency"] == 1
    assert start["time_control"] and start["calls_per_second"] == 0.01
    refusals = {(r["reason"], r["code"]) for r in events["refused"]}
    assert refusals == {("token", "UNAUTHENTICATED"), ("version", "FAILED_PRECONDITION"),
                        ("game", "INVALID_ARGUMENT"), ("rate_limit", "RESOURCE_EXHAUSTED")}
    assert len(events["refused"]) == 4  # once per client, reason and minute, not per call
    assert {r["bot"] for r in events["bot_connected"]} == {"p", "q"}
    assert all(r["peer"] and r["games"] == ["duel"] for r in events["bot_connected"])
    # Each leaves (the server stops) with the matches it was given: 3 in all, 2 seats each.
    left = {r["bot"]: r for r in events["bot_left"]}
    assert set(left) == {"p", "q"} and sum(r["matches"] for r in left.values()) == 6
    assert all(r["peer"] and r["games"] == ["duel"] for r in left.values())
    started = {r["match_id"] for r in events["match_started"]}
    finished = {r["match_id"]: r for r in events["match_finished"]}
    assert len(started) == 3 and set(finished) == started == recorded(db)
    for record in finished.values():
        assert record["game"] == "duel" and sorted(record["seats"]) == ["p", "q"]
        assert record["termination"] and len(record["scores"]) == 2
    assert events["stop"][-1]["message"].startswith("arena done")
    # Nothing secret: no token (right or wrong), no seed of any match.
    text = server.log
    assert wrong not in text and not any(token in text for token in tokens.values())
    seeds = {str(r.seed) for r in Store(db).matches(steps=False)}
    assert not any(re.search(rf"\b{seed}\b", text) for seed in seeds)


def test_the_text_log_and_its_level(tmp_path: Path) -> None:
    db = tmp_path / "text.sqlite"
    server = Server(db, "--no-ladder", "--log-level", "warning", port=free_port())
    try:
        with grpc.insecure_channel(server.address) as channel:
            stub = pb_grpc.ArenaServiceStub(channel)
            with pytest.raises(grpc.RpcError):
                list(stub.Play(iter([pb.PlayRequest(hello=pb.Hello(
                    bot_name="nobody", token="x", protocol_version=1))]), timeout=30))
        server.wait_for("refused")
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=60) == 130
        server.reader.join(timeout=30)
    finally:
        server.stop()
    lines = server.lines
    # The start and stop lines are info, below --log-level warning.
    assert not any("listening on" in line or "arena stopped" in line for line in lines), lines
    refused = [line for line in lines if "refused" in line]
    assert len(refused) == 1 and " WARNING arena.server: refused ipv4:127.0.0.1:" in refused[0]
    assert "reason=token" in refused[0] and "code=UNAUTHENTICATED" in refused[0]


# -- 2. SIGTERM -----------------------------------------------------------------------------


def ignore_sigint() -> None:
    """As a shell starts a background job (``arena serve &`` in a script, some CI runners)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("sigint", ["handled", "ignored"])
def test_sigterm_keeps_the_finished_matches_a_locked_database_refused(
        tmp_path: Path, sigint: str) -> None:
    # With SIGINT ignored, SIGTERM was a KeyboardInterrupt raised wherever the server was, in
    # a gRPC callback too: exit 1 with a traceback, and no finished match kept.
    db = tmp_path / "term.sqlite"
    tokens = register(db, "p", "q", "r", "s")
    server = Server(db, "--game", "duel", "--concurrency", "2", "--move-time", "10",
                    "--log-format", "json",
                    preexec=ignore_sigint if sigint == "ignored" else None)
    bots = start_bots(server.address, tokens)
    locker = sqlite3.connect(db, isolation_level=None, timeout=30)
    try:
        wait_until(lambda: len(recorded(db)) >= 2, "the first ladder matches", 120)
        locker.execute("BEGIN IMMEDIATE")  # another writer holds the database from now on
        server.wait_for("cannot write to the database")
        wait_until(lambda: len(finished_in(server.log) - recorded(db)) >= 1,
                   "a finished match waiting in memory", 120)
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=60) == 130, server.log
        server.reader.join(timeout=30)
    finally:
        locker.close()
        stop_all(bots)
        server.stop()
    log = server.log
    assert "interrupted" in log and "Traceback" not in log and "Warning" not in log, log
    # Every line is the log's, in its format: the last one too.
    assert server.records()[-1]["event"] == "interrupted", log
    kept = Path(f"{db}.unsaved.jsonl")
    assert kept.exists() and f"kept in {kept}" in log, log
    waiting = finished_in(log) - recorded(db)
    assert waiting and len(kept.read_text().splitlines()) == len(waiting)
    # The next server records them, each rated in its turn as if it had been written then
    # (they were recorded unrated: the live ratings missed every kept match).
    again = Server(db, "--no-ladder", "--log-format", "json", port=free_port())
    again.stop()
    assert finished_in(log) <= recorded(db) and not kept.exists()
    said = [r for r in again.records() if r.get("event") == "kept_matches_recorded"]
    assert [r["matches"] for r in said] == [len(waiting)], again.log
    elo: dict[str, float] = {}
    with sqlite3.connect(db) as connection:
        for seats, ranks in connection.execute(
                "SELECT seats, ranks FROM matches WHERE termination != ? ORDER BY seq",
                (Termination.ABORTED.value,)):
            elo = update_elo(elo, json.loads(seats), json.loads(ranks))
        live = dict(connection.execute("SELECT bot, elo FROM ratings WHERE game = 'duel'"))
    assert live == pytest.approx(elo)


_CTRL_C_IN_A_STEP = """
import signal, trio, arena
signal.signal(signal.SIGINT, signal.default_int_handler)
steps = []

async def main(hosted):
    signal.raise_signal(signal.SIGINT)  # its handler runs now, in the middle of this step
    steps.append("the step ran to its end")
    await trio.sleep_forever()  # a checkpoint

try:
    arena.run(main)
except* KeyboardInterrupt:
    print("interrupted after:", steps)
"""


def test_ctrl_c_and_sigterm_stop_the_server_at_a_checkpoint_never_within_a_step() -> None:
    # Raised within a step, the interrupt fell (now and then) between a finished match's log
    # line and its hand-over to the writer: neither recorded nor kept.
    done = subprocess.run([sys.executable, "-c", _CTRL_C_IN_A_STEP], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.stdout == "interrupted after: ['the step ran to its end']\n", done


@pytest.mark.parametrize(("command", "signum", "sigint"), [
    ("tournament", signal.SIGTERM, "handled"), ("gauntlet", signal.SIGTERM, "ignored"),
    ("sprt", signal.SIGTERM, "handled"), ("tournament", signal.SIGINT, "ignored")])
def test_sigterm_and_sigint_stop_a_run_with_one_line_that_says_how_to_go_on(
        tmp_path: Path, command: str, signum: signal.Signals, sigint: str) -> None:
    db = tmp_path / f"{command}.sqlite"
    bot = f"{sys.executable} -m bots.run random"
    if command == "tournament":
        args = ["tournament", "--game", "duel", "--bot", f"a={bot}", "--bot", f"b={bot}",
                "--rounds", "200", "--option", "rounds=8"]
    elif command == "sprt":  # 400 matches of two equal bots decide nothing between 0 and 0.1
        args = ["sprt", "--game", "duel", "--bot", f"a={bot}", "--bot", f"b={bot}",
                "--max-matches", "400", "--elo0", "0", "--elo1", "0.1", "--option",
                "rounds=8"]
    else:
        args = ["gauntlet", "--game", "duel", "--bot", f"a={bot}", "--bot", f"b={bot}",
                "--field", "builtin:random", "--players", "2", "--max-deals", "400",
                "--option", "rounds=8"]
    process = subprocess.Popen([*ARENA, *args, "--db", str(db), "--seed", "5", "--concurrency",
                                "1"], cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=ignore_sigint if sigint == "ignored" else None)
    try:
        wait_until(lambda: db.exists() and len(recorded(db)) >= 3 or process.poll() is not None,
                   "the first matches", 120)
        process.send_signal(signum)
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
        process.wait(timeout=30)
    assert process.returncode == 130, err
    (tid,) = {row[0] for row in sqlite3.connect(db).execute("SELECT id FROM tournaments")}
    lines = [line for line in err.splitlines() if "interrupted" in line]
    then = (f"go on with `arena {command} --resume {tid} --db {db}`" if command != "sprt"
            else "run the sprt again: it has no resume (its finished matches stay in the "
                 "database)")
    assert lines == [f"arena: interrupted (every finished match is recorded); {then}"], err
    assert "Traceback" not in err and "Warning" not in err, err
    if command == "sprt":  # nor does `tournament --resume` play on as a tournament
        for resume in (["--resume"], ["--resume", tid]):
            done = subprocess.run([*ARENA, "tournament", *resume, "--db", str(db)], cwd=ROOT,
                                  capture_output=True, text=True, timeout=120)
            assert done.returncode == 2, done.stderr
            assert ("no unfinished tournament" in done.stderr if len(resume) == 1
                    else f"{tid} is an sprt run; run the sprt again: it has no resume"
                    in done.stderr)


# -- 3. the database's files ----------------------------------------------------------------


def test_an_immutable_database_is_waited_out_never_a_sigbus(
        tmp_path: Path, immutable: list[Path]) -> None:
    db = tmp_path / "imm.sqlite"
    tokens = register(db, "p", "q")
    server = Server(db, "--game", "duel", "--concurrency", "1", "--max-matches", "40",
                    "--move-time", "10")
    # q holds its 10th decision (in the 4th match: a duel is 3 decisions a seat) until released,
    # so that the files become immutable while a match is being played, however fast.
    release = tmp_path / "release"
    bots = [*start_bots(server.address, {"p": tokens["p"]}),
            subprocess.Popen([sys.executable, "-m", "tests.support.scripted_bot", "hold",
                              "--hold-at", "10", f"--address={server.address}",
                              f"--token={tokens['q']}", "--name=q"], cwd=ROOT,
                             stderr=subprocess.DEVNULL,
                             env={**os.environ, "SCRIPTED_BOT_RELEASE": str(release)})]
    try:
        wait_until(lambda: Path(f"{release}.1.held").exists(), "the 4th ladder match", 120)
        # The writer commits finished matches on its own thread: it may lag under load.
        wait_until(lambda: len(recorded(db)) >= 1, "a recorded ladder match", 60)
        files = database_files(db)
        os.sync()  # nothing dirty in memory: the next write to any of them faults in
        make_immutable(files, immutable)
        Path(f"{release}.1").touch()
        server.wait_for("cannot write to the database")
        assert server.process.poll() is None, server.log
        with grpc.insecure_channel(server.address) as channel:
            health = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=SERVICE), timeout=30)
        assert health.status == health_pb2.HealthCheckResponse.NOT_SERVING
        for path in immutable:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        server.wait_for("takes writes again")
        assert server.process.wait(timeout=300) == 0, server.log
        server.reader.join(timeout=30)
    finally:
        stop_all(bots)
        server.stop()
    # No -shm was ever mapped: a WAL index file is what died of SIGBUS (exit -7).
    assert not Path(f"{db}-shm").exists() and [p.name for p in files] != []
    assert server.log.count("cannot write to the database") == 1
    assert len(recorded(db)) == 40


@pytest.mark.parametrize("command", ["tournament", "gauntlet", "sprt"])
def test_an_immutable_database_stops_a_tournament_with_one_line(
        tmp_path: Path, immutable: list[Path], command: str) -> None:
    db = tmp_path / "timm.sqlite"
    bots = ["--game", "duel", "--bot", "builtin:random", "--bot", "b=builtin:random"]
    args = {"tournament": ["--rounds", "300"],
            "gauntlet": ["--field", "c=builtin:random", "--players", "2", "--max-deals", "300"],
            "sprt": ["--max-matches", "600", "--elo0", "0", "--elo1", "0.1"]}[command]
    process = subprocess.Popen(
        [*ARENA, command, *bots, *args, "--option", "rounds=8", "--db", str(db),
         "--seed", "3", "--concurrency", "1"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: db.exists() and len(recorded(db)) >= 3 or process.poll() is not None,
                   "the first matches", 120)
        os.sync()
        make_immutable(database_files(db), immutable)
        _, err = process.communicate(timeout=120)
    finally:
        process.kill()
        process.wait(timeout=30)
    assert process.returncode == 4, (process.returncode, err)
    (line,) = [line for line in err.splitlines() if "refused match" in line]
    for path in immutable:
        subprocess.run(["chattr", "-i", str(path)], check=True)
    (tid,) = {row[0] for row in sqlite3.connect(db).execute("SELECT id FROM tournaments")}
    assert line.endswith(f"then go on with `arena {command} --resume {tid} --db {db}`"
                         if command != "sprt" else "then run the sprt again: it has no resume "
                         "(its finished matches stay in the database)"), err
    assert "Traceback" not in err, err


# -- 4. health and reflection within the client limits --------------------------------------


def test_health_and_reflection_spend_the_call_budget(tmp_path: Path) -> None:
    server = Server(tmp_path / "h.sqlite", "--no-ladder", "--calls-per-second", "0.01",
                    "--call-burst", "4")
    codes: list[grpc.StatusCode] = []
    try:
        with grpc.insecure_channel(server.address) as channel:
            health = health_pb2_grpc.HealthStub(channel)
            reflection = reflection_pb2_grpc.ServerReflectionStub(channel)
            for _ in range(4):
                try:
                    health.Check(health_pb2.HealthCheckRequest(), timeout=30)
                    codes.append(grpc.StatusCode.OK)
                except grpc.RpcError as error:
                    codes.append(error.code())
            for _ in range(2):
                try:
                    list(reflection.ServerReflectionInfo(iter([
                        reflection_pb2.ServerReflectionRequest(list_services="")]),
                        timeout=30))
                    codes.append(grpc.StatusCode.OK)
                except grpc.RpcError as error:
                    codes.append(error.code())
            with pytest.raises(grpc.RpcError) as limited:
                health.Check(health_pb2.HealthCheckRequest(), timeout=30)
    finally:
        server.stop()
    assert codes[:4] == [grpc.StatusCode.OK] * 4  # the burst
    assert codes[4:] == [grpc.StatusCode.RESOURCE_EXHAUSTED] * 2, codes
    assert limited.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "retry with backoff" in (limited.value.details() or "")


def test_health_watches_are_capped_per_host_and_freed_when_they_end(tmp_path: Path) -> None:
    server = Server(tmp_path / "w.sqlite", "--no-ladder", "--max-spectators-per-peer", "3")
    try:
        with grpc.insecure_channel(server.address) as channel:
            health = health_pb2_grpc.HealthStub(channel)
            watches = [health.Watch(health_pb2.HealthCheckRequest(service=SERVICE), timeout=60)
                       for _ in range(3)]
            for watch in watches:  # each one open (its handler answered) before the next
                assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
            with pytest.raises(grpc.RpcError) as refused:
                next(health.Watch(health_pb2.HealthCheckRequest(service=SERVICE), timeout=60))
            assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert "3 spectator streams open already" in (refused.value.details() or "")
            watches[0].cancel()

            def another() -> bool:
                try:
                    watch = health.Watch(health_pb2.HealthCheckRequest(service=SERVICE),
                                         timeout=60)
                    next(watch)
                    watches.append(watch)
                    return True
                except grpc.RpcError:  # the cancelled one is not closed on the server yet
                    return False
            wait_until(another, "a watch in the place of the cancelled one", 60)
            for watch in watches:
                watch.cancel()
    finally:
        server.stop()


# -- 5. where it listens --------------------------------------------------------------------


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def test_metrics_listen_where_the_server_does(tmp_path: Path) -> None:
    # 127.0.0.2 is this machine too (all of 127/8 is loopback), and not 127.0.0.1.
    port = free_port("127.0.0.2")
    server = Server(tmp_path / "m.sqlite", "--no-ladder", "--host", "127.0.0.2",
                    "--metrics-port", str(port))
    try:
        assert server.address.startswith("127.0.0.2:")
        with urllib.request.urlopen(f"http://127.0.0.2:{port}/metrics", timeout=30) as reply:
            assert b"arena_connected_bots" in reply.read()
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=30)
        assert f"metrics=http://127.0.0.2:{port}/metrics" in server.log
    finally:
        server.stop()


def test_the_default_metrics_port_is_not_node_exporters() -> None:
    from scheduler.cli import build_parser
    args = build_parser().parse_args(["serve"])
    assert args.metrics_port not in range(9100, 10000) and args.metrics_port != args.port
    assert args.metrics_host is None  # the same as --host


def test_a_busy_metrics_port_leaves_no_tournament_behind(tmp_path: Path) -> None:
    db = tmp_path / "busy.sqlite"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        done = subprocess.run(
            [*ARENA, "tournament", "--game", "duel", "--bot", "builtin:random", "--bot",
             "b=builtin:random", "--db", str(db), "--metrics-port",
             str(taken.getsockname()[1])], cwd=ROOT, capture_output=True, text=True,
            timeout=120)
    assert done.returncode == 2 and "--metrics-port" in done.stderr, done.stderr
    assert not db.exists()  # nothing planned: a later --resume finds nothing to pick up


# -- 6. smaller holes -----------------------------------------------------------------------


def test_list_bots_needs_a_registered_token_unless_public(tmp_path: Path) -> None:
    db = tmp_path / "lb.sqlite"
    tokens = register(db, "p")
    server = Server(db, "--no-ladder")
    try:
        with grpc.insecure_channel(server.address) as channel:
            stub = pb_grpc.ArenaServiceStub(channel)
            for request in (pb.ListBotsRequest(),
                            pb.ListBotsRequest(bot_name="p", token="wrong")):
                with pytest.raises(grpc.RpcError) as refused:
                    stub.ListBots(request, timeout=30)
                assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
                assert "--public-bots" in (refused.value.details() or "")
            assert list(stub.ListBots(pb.ListBotsRequest(bot_name="p", token=tokens["p"]),
                                      timeout=30).bots) == []
    finally:
        server.stop()
    public = Server(db, "--no-ladder", "--public-bots")
    try:
        with grpc.insecure_channel(public.address) as channel:
            pb_grpc.ArenaServiceStub(channel).ListBots(pb.ListBotsRequest(), timeout=30)
    finally:
        public.stop()


def test_the_open_files_limit_is_raised_to_the_hard_limit(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard < 1024:
        pytest.skip(f"the hard limit of open files here is {hard}")

    def low() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (512, hard))

    server = Server(tmp_path / "f.sqlite", "--no-ladder", preexec=low)
    try:
        limits = Path(f"/proc/{server.process.pid}/limits").read_text()
        (line,) = [line for line in limits.splitlines() if line.startswith("Max open files")]
        assert line.split()[3:5] == [str(hard), str(hard)], line
        assert f"max_connections={hard - 256}" in server.log
    finally:
        server.stop()


def test_idle_connections_past_the_cap_are_refused_at_once_not_left_to_time_out(
        tmp_path: Path) -> None:
    # 400 open files: gRPC takes at most 144 connections (400 - 256), the rest of the
    # descriptors stay for the database and the rest. Past the cap a new client is refused at
    # once (UNAVAILABLE) instead of hanging in a server out of descriptors, and is served as
    # soon as connections close.
    def few() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (400, 400))

    server = Server(tmp_path / "cap.sqlite", "--no-ladder", preexec=few)
    host, port = server.address.rsplit(":", 1)
    idle: list[socket.socket] = []
    try:
        assert "max_connections=144" in server.log
        # Accepted in the order they came: these first, the client's below after them.
        idle = [socket.create_connection((host, int(port)), timeout=60) for _ in range(200)]
        with grpc.insecure_channel(server.address) as channel:
            with pytest.raises(grpc.RpcError) as refused:
                pb_grpc.ArenaServiceStub(channel).ListGames(pb.ListGamesRequest(), timeout=60)
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE, refused.value
        for connection in idle:
            connection.close()

        def served() -> bool:
            try:
                with grpc.insecure_channel(server.address) as channel:
                    return bool(pb_grpc.ArenaServiceStub(channel).ListGames(
                        pb.ListGamesRequest(), timeout=60).games)
            except grpc.RpcError:  # the server has not seen them all close yet
                return False
        wait_until(served, "a call once the idle connections closed", 60)
        assert server.process.poll() is None
    finally:
        for connection in idle:
            connection.close()
        server.stop()


def test_a_token_that_starts_with_a_dash_is_taken_as_a_token(tmp_path: Path) -> None:
    # The arena's check comes first: the SDK got as far as sending it (exit 3: refused),
    # not an argparse error about "--token expected one argument" (exit 2).
    server = Server(tmp_path / "dash.sqlite", "--no-ladder")
    try:
        done = subprocess.run([sys.executable, "-m", "bots.run", "random",
                               f"--address={server.address}", "--token", "-abc", "--name",
                               "p", "--once"], cwd=ROOT, capture_output=True, text=True,
                              timeout=120)
    finally:
        server.stop()
    assert done.returncode == 3, done.stderr
    assert "bad or missing token for bot 'p'" in done.stderr


def test_a_plaintext_bot_at_a_tls_arena_says_why_at_every_retry(tmp_path: Path) -> None:
    pytest.importorskip("cryptography", reason="the TLS tests make their certificates with it "
                                                "(pip install -e '.[test]')")
    from tests.support.certs import ScratchCa

    pem = ScratchCa(tmp_path).issue("server", server=True)
    server = Server(tmp_path / "tls.sqlite", "--no-ladder", "--tls-cert", str(pem.cert),
                    "--tls-key", str(pem.key))
    bot = subprocess.Popen([sys.executable, "-m", "bots.run", "random",
                            f"--address={server.address}", "--token", "x", "--name", "p"],
                           cwd=ROOT, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    assert bot.stderr is not None
    reader = threading.Thread(target=lambda: lines.extend(bot.stderr or ()), daemon=True)
    reader.start()
    try:  # the first failure and the first backoff step (a silent bot says nothing at all)
        wait_until(lambda: len(lines) >= 2 or bot.poll() is not None, "two lines", 120)
    finally:
        bot.kill()
        bot.wait(timeout=30)
        reader.join(timeout=30)
        server.stop()
    assert len(lines) >= 2, lines
    for line in lines[:2]:
        assert "connection failed or lost (UNAVAILABLE" in line, lines
        assert line.rstrip().endswith("if the arena serves TLS, give --tls-ca"), lines


# -- 6. connections per host ----------------------------------------------------------------


class Relay:
    """One TCP connection from 127.0.0.1 relayed to ``target`` from the loopback address
    ``source``: to the server, a client of another host."""

    def __init__(self, target: str, source: str) -> None:
        host, port = target.rsplit(":", 1)
        self._target = (host, int(port))
        self._source = source
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(60)
        self.address = f"127.0.0.1:{self._listener.getsockname()[1]}"
        self._sockets: list[socket.socket] = [self._listener]
        self._threads = [threading.Thread(target=self._serve_one, daemon=True)]
        self._threads[0].start()

    def _serve_one(self) -> None:
        try:
            client, _ = self._listener.accept()
            server = socket.create_connection(self._target, timeout=60,
                                              source_address=(self._source, 0))
        except OSError:
            return
        server.settimeout(None)
        self._sockets += [client, server]
        for a, b in ((client, server), (server, client)):
            pump = threading.Thread(target=self._pump, args=(a, b), daemon=True)
            self._threads.append(pump)
            pump.start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(1 << 16):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self) -> None:
        for sock in list(self._sockets):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        for thread in list(self._threads):
            thread.join(timeout=30)


def hello(address: str, name: str, token: str) -> pb.PlayResponse:
    """The arena's answer to a Hello of bot ``name`` (grpc.RpcError if the call fails)."""
    done = threading.Event()

    def requests() -> Iterator[pb.PlayRequest]:
        yield pb.PlayRequest(hello=pb.Hello(bot_name=name, token=token, protocol_version=1))
        done.wait(60)  # the stream stays open until the answer is read

    with grpc.insecure_channel(address) as channel:
        call = pb_grpc.ArenaServiceStub(channel).Play(requests(), timeout=60)
        try:
            return next(call)
        finally:
            done.set()
            call.cancel()


def test_one_host_holds_at_most_its_connections_and_others_still_get_answers(
        tmp_path: Path) -> None:
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.2", 0))
    except OSError:
        pytest.skip("127.0.0.2 is not an address of this machine (Linux has all of 127/8)")
    db = tmp_path / "c.sqlite"
    tokens = register(db, "near", "far")
    server = Server(db, "--no-ladder", "--max-connections-per-host", "3")
    host, port = server.address.rsplit(":", 1)
    held: list[socket.socket] = []
    relay = None
    try:
        for _ in range(5):
            held.append(socket.create_connection((host, int(port)), timeout=60))
        # gRPC greets each connection joined to it with its settings at once; the front
        # closes the ones past the host's three without a byte.
        greeted = []
        for connection in held:
            try:
                greeted.append(len(connection.recv(9)) > 0)
            except ConnectionResetError:
                greeted.append(False)
        assert greeted == [True, True, True, False, False]
        with pytest.raises(grpc.RpcError) as refused:
            hello(server.address, "near", tokens["near"])
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE

        relay = Relay(server.address, "127.0.0.2")  # another host: it has its own three
        assert hello(relay.address, "far", tokens["far"]).welcome.bot_name == "far"

        for connection in held:
            connection.close()

        def answered() -> bool:  # once the front has seen them close
            try:
                return hello(server.address, "near", tokens["near"]).HasField("welcome")
            except grpc.RpcError:
                return False
        wait_until(answered, "a Hello of 127.0.0.1 once its connections closed", 60)
    finally:
        for connection in held:
            connection.close()
        if relay is not None:
            relay.close()
        server.stop()
    log = server.log
    closing = [line for line in log.splitlines() if "closing connections of" in line]
    assert len(closing) == 1, log  # three refusals (or more), one line
    assert ("closing connections of ipv4:127.0.0.1: it has 3 connections open, the most one "
            "host may (--max-connections-per-host)") in closing[0]
    # The per-host budgets see the clients, not the front: each bot's own address.
    assert re.search(r"bot far connected from ipv4:127\.0\.0\.2:\d+", log), log
    assert "max_connections_per_host=3" in log


def test_behind_the_front_grpc_listens_on_loopback_only(tmp_path: Path) -> None:
    # gRPC's own port, which only the front is meant to reach, is on 127.0.0.1 whatever
    # --host says: no other machine can go round the cap per host through it.
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.2", 0))
    except OSError:
        pytest.skip("127.0.0.2 is not an address of this machine (Linux has all of 127/8)")
    if not Path("/proc/self/fd").exists():
        pytest.skip("reads the listening sockets from /proc (Linux)")
    server = Server(tmp_path / "lo.sqlite", "--no-ladder", "--host", "127.0.0.2",
                    "--max-connections-per-host", "3")
    try:
        addresses = [a for found in listening_addresses(server.process.pid).values()
                     for a in found]
    finally:
        server.stop()
    assert server.address in addresses
    behind = [a for a in addresses if a != server.address]
    assert behind and all(a.startswith("127.0.0.1:") for a in behind), addresses


@pytest.mark.parametrize(("host", "given", "cap"), [
    ("127.0.0.1", None, None), ("::1", None, None), ("[::1]", None, None),
    ("localhost", None, None), ("0.0.0.0", None, PUBLIC_CONNECTIONS_PER_HOST),
    ("::", None, PUBLIC_CONNECTIONS_PER_HOST), ("arena.example.org", None,
                                                PUBLIC_CONNECTIONS_PER_HOST),
    ("0.0.0.0", 0, None), ("127.0.0.1", 5, 5)])
def test_a_server_open_to_other_machines_caps_each_host_by_default(
        host: str, given: int | None, cap: int | None) -> None:
    assert connections_per_host(host, given) == cap
