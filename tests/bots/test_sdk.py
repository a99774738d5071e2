"""The bot SDK as a process against a real arena on 127.0.0.1: faults of the bot's own code,
reconnecting with backoff, exit codes (the bots: tests/support/sdk_bot.py)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import trio

import arena
from arena._hub import BotSession, Hub, RemoteSeat
from arena._launcher import BotProcess
from arena._pipes import PipeConnection
from engine import Termination
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BuiltinSeat
from scheduler._timecontrol import FaultPolicy, TimeControl
from tests.support.harness import GatedSeat, grpc_bot, run_in_arena, wait_until

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
MODULE = "tests.support.sdk_bot"
TOKEN = "sdk-test-token"
RETRY = re.compile(r"connection failed or lost \((\w+): .*?\); retrying in ([\d.]+) s")


class OneToken:
    """A results store that accepts TOKEN for every bot, so that a bot may reconnect."""

    def check_token(self, name: str, token: str) -> bool:
        return token == TOKEN

    def standings(self, game: str, tournament_id: str) -> list[Any]:
        return []

    def match_record(self, match_id: str) -> None:
        return None

    def list_matches(self, game: str, limit: int) -> list[Any]:
        return []


def launched(mode: str, name: str, address: str, token: str, log: Path) -> BotProcess:
    """A bot of sdk_bot.MODES run as a process connecting over gRPC, its stderr in ``log``."""
    return grpc_bot(f"{PYTHON} -m {MODULE} {mode}", name, address, token, log)


class Held(GatedSeat):
    """A gated seat that says when its match has started."""

    def __init__(self, inner: arena.Seat, gate: trio.Event) -> None:
        super().__init__(inner, gate)
        self.started = trio.Event()

    async def start(self, match: Any) -> None:
        await super().start(match)
        self.started.set()


def retries(log: Path) -> list[tuple[str, float]]:
    """(status code, delay) of every reconnect the bot logged."""
    return [(m[1], float(m[2])) for m in RETRY.finditer(log.read_text(errors="replace"))]


@pytest.mark.parametrize("policy", [FaultPolicy(), FaultPolicy("default")])
def test_a_bug_in_the_bots_code_is_a_crash_of_that_match_only(tmp_path,
                                                               policy: FaultPolicy) -> None:
    log = tmp_path / "bot.log"

    async def play(hosted: arena.Arena) -> tuple[dict[str, Any], bool]:
        bot = launched("fails-in-boom", "flaky", hosted.address, TOKEN, log)
        records = {}
        async with trio.open_nursery() as nursery:
            await nursery.start(bot.run)
            session = await hosted.hub.wait_for_bot("flaky")

            async def one(match_id: str, other: arena.Seat) -> None:
                records[match_id] = await run_match(
                    MatchSpec(match_id, "duel", 1, {"rounds": 3}),
                    [RemoteSeat(session, lambda: bot.exited), other], TimeControl.per_move(30),
                    policy)

            gate = trio.Event()
            held = Held(BuiltinSeat("r1", "random"), gate)
            async with trio.open_nursery() as matches:
                matches.start_soon(one, "fine", held)  # under way while "boom" goes wrong
                await held.started.wait()
                await one("boom", BuiltinSeat("r2", "random"))
                await one("boom-start", BuiltinSeat("r3", "random"))
                gate.set()
            alive = not bot.exited.is_set()
            nursery.cancel_scope.cancel()
        return records, alive

    records, alive = run_in_arena(play, records=OneToken())
    results = {match_id: record.result for match_id, record in records.items()}
    for match_id in ("boom", "boom-start"):  # a crash, to which the match's policy applies
        assert records[match_id].faults[0].crashes == 1
        if policy.mode == "forfeit":
            assert results[match_id].termination is Termination.CRASH, results[match_id]
            assert results[match_id].forfeited == (0,)
        else:  # defaults for the rest of the match, without asking
            assert results[match_id].termination is Termination.NORMAL, results[match_id]
            assert all(a.defaulted for step in records[match_id].steps for a in step
                       if a.seat == 0)
    # Each failure names the line of the bot's code it came from (sdk_bot.py's raise).
    source = (ROOT / "tests" / "support" / "sdk_bot.py").read_text().splitlines()
    line = {error: next(n for n, text in enumerate(source, 1) if f"raise {error}(" in text)
            for error in ("ZeroDivisionError", "KeyError")}
    assert results["boom"].reason == (f"flaky's code failed: 'ZeroDivisionError: a bug in the "
                                      f"bot (at sdk_bot.py:{line['ZeroDivisionError']} in "
                                      f"choose)'")
    assert (f"constructor\" (at sdk_bot.py:{line['KeyError']} in __init__)'" in
            results["boom-start"].reason), results["boom-start"].reason
    assert results["fine"].termination is Termination.NORMAL, results["fine"]
    assert alive
    text = log.read_text()  # each bug is shown with its traceback
    for error in ("ZeroDivisionError: a bug in the bot", "KeyError: \"a bug in the bot's "
                  "constructor\"", "ValueError: a bug in the bot's finish"):
        assert error in text, text


def test_the_backoff_starts_over_after_a_connection_that_got_in(tmp_path) -> None:
    log = tmp_path / "bot.log"
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))  # bound but not listening: connections are refused
        port = holder.getsockname()[1]
        address = f"127.0.0.1:{port}"
        with log.open("wb") as err:  # the bot starts before the arena: no BotProcess
            bot = subprocess.Popen(
                [PYTHON, "-m", MODULE, "random", f"--address={address}", f"--token={TOKEN}",
                 "--name=bouncy"], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
        try:
            wait_until(lambda: len(retries(log)) >= 3 or bot.poll() is not None,
                       "three refused connections", 60)
            assert bot.poll() is None, log.read_text()
            holder.close()

            async def drop_once(hosted: arena.Arena) -> int:
                first = await hosted.hub.wait_for_bot("bouncy")
                before = len(retries(log))
                first.outbox.drop("dropped by the test")  # RESOURCE_EXHAUSTED: a lost stream
                await hosted.hub.wait_for_bot("bouncy", lambda s: s is not first)
                return before

            before = run_in_arena(drop_once, port=port, records=OneToken())
        finally:
            bot.kill()
            bot.wait()
    seen = retries(log)
    assert [code for code, _ in seen[:before]] == ["UNAVAILABLE"] * before
    assert [delay for _, delay in seen[:3]] == [0.1, 0.2, 0.4]  # doubling while refused
    assert seen[before] == ("RESOURCE_EXHAUSTED", 0.1), seen


@pytest.mark.parametrize("flags", [["--once"], ["--max-matches", "1"]])
def test_a_bot_that_cannot_reach_the_arena_fails_with_a_message(flags: list[str]) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))  # bound but not listening: connections are refused
        port = holder.getsockname()[1]
        done = subprocess.run(
            [PYTHON, "-m", "bots.random", *flags, f"--address=127.0.0.1:{port}", "--token=t"],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1, done.stderr
    assert "UNAVAILABLE" in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_refused_token_ends_the_bot_instead_of_retrying(tmp_path) -> None:
    log = tmp_path / "bot.log"

    async def refused(hosted: arena.Arena) -> int | None:
        bot = launched("random", "nobody", hosted.address, "wrong", log)
        async with trio.open_nursery() as nursery:
            await nursery.start(bot.run)
            await bot.exited.wait()
        return bot.returncode

    assert run_in_arena(refused, records=OneToken()) == 3  # the Node example's code too
    text = log.read_text()
    assert "the arena refused this bot: UNAUTHENTICATED" in text
    assert not retries(log)


@pytest.mark.parametrize("flags, allowed", [([], 1), (["--max-concurrent-matches", "3"], 3),
                                            (["--max-concurrent-matches", "0"], 0)])
def test_a_bot_asks_for_one_match_at_a_time_unless_told(flags: list[str], allowed: int,
                                                        tmp_path) -> None:
    assert hello_session(flags, tmp_path).max_matches == allowed


def hello_session(flags: list[str], tmp_path: Path) -> BotSession:
    """The session the arena made of the Hello of ``bots.random`` run with ``flags``."""
    async def hello(hosted: arena.Arena) -> BotSession:
        bot = grpc_bot(" ".join([f"{PYTHON} -m bots.random", *flags]), "hello",
                       hosted.address, TOKEN, tmp_path / "bot.log")
        async with trio.open_nursery() as nursery:
            await nursery.start(bot.run)
            with trio.fail_after(60):
                session = await hosted.hub.wait_for_bot("hello")
            nursery.cancel_scope.cancel()
        return session

    return run_in_arena(hello, records=OneToken())


@pytest.mark.parametrize("flag, value", [("--max-matches", "0"),
                                         ("--max-concurrent-matches", "-1")])
def test_bad_counts_are_refused_by_name(flag: str, value: str) -> None:
    done = subprocess.run([PYTHON, "-m", "bots.random", flag, value], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and f"{value!r} is not a whole number" in done.stderr, done.stderr


@pytest.mark.parametrize("flags, environ, version", [
    (["--version", "2.1-rc1"], {}, "2.1-rc1"),
    ([], {"ARENA_BOT_VERSION": "0.9"}, "0.9"),
    ([], {}, "")])
def test_a_bot_says_its_version_in_its_hello(flags: list[str], environ: dict[str, str],
                                             version: str, tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("ARENA_BOT_VERSION", raising=False)
    for key, value in environ.items():
        monkeypatch.setenv(key, value)
    assert hello_session(flags, tmp_path).version == version


def test_a_bad_version_is_refused_by_name() -> None:
    done = subprocess.run([PYTHON, "-m", "bots.random", "--version", "x" * 65], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2, done.stderr
    assert "--version" in done.stderr and "1 to 64 printable characters" in done.stderr


def test_a_launched_bot_says_its_version_over_its_pipes_too() -> None:
    async def hello() -> str:
        env = {**os.environ, "ARENA_TRANSPORT": "stdio", "PYTHONPATH": str(ROOT)}
        process = BotProcess("piped", [PYTHON, "-m", "bots.random", "--version", "3.0"], env)
        async with trio.open_nursery() as nursery:
            await nursery.start(process.run)
            assert process.stdin is not None and process.stdout is not None
            connection = PipeConnection("piped", process.stdin, process.stdout, Hub())
            with trio.fail_after(60):
                session = await connection.open()
            nursery.cancel_scope.cancel()  # kills the bot's process group
        return session.version

    assert trio.run(hello) == "3.0"
