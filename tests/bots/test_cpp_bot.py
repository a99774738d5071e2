"""The C++ starter bot (bots/examples/cpp), built from the .proto files alone, plays: in a real
`arena tournament` against the Python reference bot (launched: stdin/stdout, in the sandbox
where bwrap runs), through `arena bot validate`, and over gRPC against a served arena.

The module builds the bot once with its Makefile, into bots/examples/cpp/build (ignored by
git; make rebuilds only what changed), under a file lock: pytest-xdist workers share the
folder. It skips where the compiler or Debian's protobuf/gRPC packages are absent (`.ci/run`
installs them). The build takes about 35 s of CPU: hence ``slow``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import trio

import arena
from engine import Termination
from scheduler._records import MatchRecord
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BuiltinSeat
from scheduler._timecontrol import TimeControl
from tests.support.harness import exit_status_with_token, folder_lock, grpc_bot, run_in_arena

pytestmark = pytest.mark.slow

CPP_BOT = Path(__file__).resolve().parents[2] / "bots" / "examples" / "cpp"
ROOT = CPP_BOT.parents[2]
TOOLS = ("make", "g++", "pkg-config", "protoc", "grpc_cpp_plugin")
PACKAGES = ("protobuf-compiler protobuf-compiler-grpc libprotobuf-dev libgrpc++-dev g++ make "
            "pkg-config")
BUILD_TIMEOUT = 900.0
PYTHON_RANDOM = f"{sys.executable} -m bots.run random"


@pytest.fixture(scope="module")
def cpp_bot() -> str:
    """The path of the built bot (built now if needed)."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if not missing and subprocess.run(["pkg-config", "--exists", "grpc++", "protobuf"],
                                      check=False).returncode != 0:
        missing = ["the pkg-config files of grpc++ and protobuf"]
    if missing:
        pytest.skip(f"{', '.join(missing)} not found: the C++ example bot cannot be built "
                    f"here (Debian: apt-get install {PACKAGES})")
    with folder_lock(CPP_BOT, "cpp-bot-build"):
        try:
            built = subprocess.run(["make", "-j2"], cwd=CPP_BOT, capture_output=True,
                                   text=True, timeout=BUILD_TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            pytest.fail(f"make in {CPP_BOT} took over {BUILD_TIMEOUT:.0f} s")
    if built.returncode != 0:
        pytest.fail(f"make in {CPP_BOT} failed (exit {built.returncode}):\n{built.stdout}\n"
                    f"{built.stderr}")
    return str(CPP_BOT / "build" / "bot")


def arena_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scheduler.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_the_cpp_bot_plays_a_tournament_against_the_python_bot(cpp_bot: str,
                                                               tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    result = arena_cli("tournament", "--game", "sector41", "--bot", f"cpp={cpp_bot}",
                       "--bot", f"py={PYTHON_RANDOM}", "--rounds", "2", "--option",
                       "turn_limit=30", "--db", str(tmp_path / "t.sqlite"), "--json", str(out),
                       "--seed", "4")
    assert result.returncode == 0, result.stdout + result.stderr
    exported = json.loads(out.read_text())
    assert len(exported["matches"]) == 4
    for match in exported["matches"]:
        assert match["termination"] in ("normal", "turn_limit"), match["reason"]
        assert match["steps"] >= 30  # 30 turns of two players, at least a decision each
    for row in exported["standings"]:
        assert row["timeouts"] == row["crashes"] == row["illegal"] == 0, row


def test_the_cpp_bot_passes_arena_bot_validate_in_every_game(cpp_bot: str) -> None:
    result = arena_cli("bot", "validate", cpp_bot)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "playing 28 matches" in result.stdout
    assert "8 passed, 0 failed, 0 not reached" in result.stdout


def play_over_grpc(command: str, log: Path) -> MatchRecord:
    """One sector41 match on a served arena: the C++ bot, registered and connected over gRPC
    as a bot run by hand (seat 0), against an in-process random bot."""
    async def main(hosted: arena.Arena) -> MatchRecord:
        bot = grpc_bot(command, "cpp", hosted.address, hosted.auth.issue("cpp"), log)
        async with trio.open_nursery() as nursery:
            await nursery.start(bot.run)
            session = await hosted.hub.wait_for_bot("cpp")
            seats = [arena.RemoteSeat(session, lambda: bot.exited),
                     BuiltinSeat("random", "random")]
            record = await run_match(MatchSpec("grpc-1", "sector41", 5, {"turn_limit": 20}),
                                     seats, TimeControl.per_move(5))
            nursery.cancel_scope.cancel()
        return record

    return run_in_arena(main)


def test_the_cpp_bot_plays_over_grpc_when_not_launched(cpp_bot: str, tmp_path: Path) -> None:
    record = play_over_grpc(cpp_bot, tmp_path / "cpp.log")
    assert record.result is not None
    assert record.result.termination in (Termination.NORMAL, Termination.TURN_LIMIT), \
        record.result.reason
    assert record.faults[0].total == 0
    assert any(a.seat == 0 for step in record.steps for a in step)


def test_the_cpp_bot_exits_3_when_its_token_is_refused(cpp_bot: str, tmp_path: Path) -> None:
    assert exit_status_with_token(cpp_bot, "cpp", "not-the-token", tmp_path / "cpp.log") == 3
    assert "cpp: the arena refused this bot (status 16)" in (tmp_path / "cpp.log").read_text()


def test_the_cpp_bot_plays_over_mutual_tls(cpp_bot: str, tmp_path: Path) -> None:
    pytest.importorskip("cryptography")
    from tests.arena.test_tls import mutual_tls_outcomes

    # Without its certificate the arena (which asks for one) turns it away; in plaintext
    # it cannot speak to a TLS arena at all.
    assert mutual_tls_outcomes(cpp_bot, tmp_path) == ["normal", "refused", "refused"]


def test_a_cpp_bot_certificate_without_its_key_is_a_usage_error(cpp_bot: str) -> None:
    done = subprocess.run([cpp_bot, "--tls-ca", "ca.pem", "--tls-cert", "bot.pem"],
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 2 and "--tls-cert and --tls-key go together" in done.stderr
