"""The Node.js example bot plays real matches against the Python bots: the protocol is language
neutral. Every bot is a real process talking gRPC to a real arena on 127.0.0.1.

The test installs the bot's npm packages itself (once, under a file lock: pytest-xdist workers
share the folder, and a second ``npm install`` rebuilds node_modules under a bot that is loading
it); it skips only where ``node`` is not on PATH.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import Termination
from scheduler._records import MatchRecord
from tests.support.harness import play_match

NODE_BOT = Path(__file__).resolve().parents[2] / "bots" / "examples" / "node"
PACKAGES = ("@grpc/grpc-js", "@grpc/proto-loader")
INSTALL_TIMEOUT = 300.0
PYTHON_RANDOM = f"{sys.executable} -m bots.run random"
ROUNDS = 5


def _text(output: str | bytes | None) -> str:
    if isinstance(output, bytes):
        return output.decode(errors="replace")
    return output or ""


def _installed() -> bool:
    return all((NODE_BOT / "node_modules" / name / "package.json").is_file() for name in PACKAGES)


@contextlib.contextmanager
def _install_lock() -> Iterator[None]:
    """Held by one test process at a time, across the xdist workers of one checkout."""
    key = hashlib.sha256(str(NODE_BOT).encode()).hexdigest()[:16]
    path = Path(tempfile.gettempdir()) / f"arena-node-bot-install-{key}.lock"
    with path.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="module")
def node_bot() -> str:
    """The command that runs the Node bot, after installing its npm packages if needed."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH: the Node.js example bot (bots/examples/node) "
                    "cannot run here; install Node.js 18+ to run this test")
    with _install_lock():
        if not _installed():
            npm = shutil.which("npm")
            if npm is None:
                pytest.fail(f"node is at {node} but npm is not on PATH; npm is needed to install "
                            f"{', '.join(PACKAGES)} in {NODE_BOT}")
            command = [npm, "install", "--no-audit", "--no-fund", "--no-package-lock"]
            try:
                done = subprocess.run(command, cwd=NODE_BOT, capture_output=True, text=True,
                                      timeout=INSTALL_TIMEOUT, check=False)
            except subprocess.TimeoutExpired as error:
                pytest.fail(f"{' '.join(command)} in {NODE_BOT} took over {INSTALL_TIMEOUT:.0f} s\n"
                            f"stdout:\n{_text(error.stdout)}\nstderr:\n{_text(error.stderr)}")
            if done.returncode != 0 or not _installed():
                pytest.fail(f"{' '.join(command)} in {NODE_BOT} failed (exit {done.returncode})\n"
                            f"stdout:\n{done.stdout}\nstderr:\n{done.stderr}")
    return f"{shlex.quote(node)} {shlex.quote(str(NODE_BOT / 'bot.js'))}"


def _assert_clean(record: MatchRecord, seats: int) -> None:
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL, record.result.reason
    assert record.result.forfeited == ()
    # Every round is one call by one seat, then one simultaneous bid by every seat.
    assert len(record.steps) == ROUNDS * 2
    assert sum(len(step) for step in record.steps) == ROUNDS * (1 + seats)
    assert all(not action.defaulted for step in record.steps for action in step)
    assert len(record.faults) == seats
    assert all(faults.total == 0 for faults in record.faults), record.faults


def test_the_node_bot_plays_a_whole_match_against_a_python_bot(node_bot: str) -> None:
    record = play_match([f"node={node_bot}", f"py={PYTHON_RANDOM}"], options={"rounds": ROUNDS})
    assert record.seats == ["node", "py"]
    _assert_clean(record, seats=2)
    # The Node bot's actions are among the legal ones (the arena would have forfeited it).
    assert {a.action_id for step in record.steps for a in step if a.seat == 0} <= {0, 1, 2, 3}


def test_the_node_bot_on_seat_1_of_a_three_player_match(node_bot: str) -> None:
    record = play_match([f"py1={PYTHON_RANDOM}", f"node={node_bot}", f"py2={PYTHON_RANDOM}"],
                        options={"rounds": ROUNDS}, seed=7)
    assert record.seats == ["py1", "node", "py2"]
    _assert_clean(record, seats=3)
    # Seat 1 calls in the rounds where it is the caller (round % 3 == 1) and bids in every one.
    calls = sum(1 for r in range(ROUNDS) if r % 3 == 1)
    assert sum(1 for step in record.steps for a in step if a.seat == 1) == ROUNDS + calls


def test_the_readmes_tournament_example_runs_as_written(node_bot: str, tmp_path: Path) -> None:
    readme = (NODE_BOT / "README.md").read_text()
    blocks = [b for b in re.findall(r"```sh\n(.*?)```", readme, re.S) if "arena tournament" in b]
    assert len(blocks) == 1, "the README has one tournament example"
    command = shlex.split(blocks[0].replace("\\\n", " "))
    assert command[:2] == ["arena", "tournament"]
    # As written, from the checkout, in the activated environment ("python" is its Python);
    # only the database goes elsewhere.
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    done = subprocess.run([sys.executable, "-m", "scheduler.cli", *command[1:], "--db",
                           str(tmp_path / "readme.sqlite")], cwd=NODE_BOT.parents[2],
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PATH": path})
    assert done.returncode == 0, done.stderr
    assert "node" in done.stdout and "py" in done.stdout


def test_the_node_bot_plays_over_mutual_tls(node_bot: str, tmp_path: Path) -> None:
    pytest.importorskip("cryptography")
    import arena
    from tests.arena.test_tls import play_once
    from tests.support.certs import ScratchCa

    ca = ScratchCa(tmp_path)
    server, client = ca.issue("server", server=True), ca.issue("bot", server=False)
    tls = arena.ServerTls.from_files(str(server.cert), str(server.key), str(ca.pem.cert))
    flags = [f"--tls-ca={ca.pem.cert}", f"--tls-cert={client.cert}", f"--tls-key={client.key}"]
    assert play_once(tls, flags, tmp_path / "node.log", node_bot) == ("normal", None)
    assert play_once(tls, flags[:1], tmp_path / "no-cert.log", node_bot)[0] == "refused"
