"""The Node.js example bot plays real matches against the Python bots: the protocol is language
neutral. Every bot is a real process, over either transport: launched by the arena, it plays
over its stdin and stdout (ARENA_TRANSPORT=stdio, binary frames; in the sandbox where bwrap
runs); registered, it plays over gRPC against a served arena on 127.0.0.1.

The test installs the bot's npm packages itself (once, under a file lock: pytest-xdist workers
share the folder, and a second ``npm install`` rebuilds node_modules under a bot that is loading
it); it skips only where ``node`` is not on PATH.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import trio

import arena
from arena import _sandbox
from arena._frames import BINARY, Decoder, encode
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from engine import Termination
from scheduler._records import MatchRecord
from scheduler._runner import MatchSpec, run_match
from scheduler._timecontrol import TimeControl
from tests.support.harness import (
    exit_status_with_token,
    folder_lock,
    grpc_bot,
    play_match,
    run_in_arena,
)

NODE_BOT = Path(__file__).resolve().parents[2] / "bots" / "examples" / "node"
PACKAGES = ("@grpc/grpc-js", "@grpc/proto-loader")
INSTALL_TIMEOUT = 300.0
PYTHON_RANDOM = f"{sys.executable} -m bots.run random"
ROUNDS = 5
ROOT = NODE_BOT.parents[2]


def _text(output: str | bytes | None) -> str:
    if isinstance(output, bytes):
        return output.decode(errors="replace")
    return output or ""


def _installed() -> bool:
    return all((NODE_BOT / "node_modules" / name / "package.json").is_file() for name in PACKAGES)


@pytest.fixture(scope="module")
def node_bot() -> str:
    """The command that runs the Node bot, after installing its npm packages if needed."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH: the Node.js example bot (bots/examples/node) "
                    "cannot run here; install Node.js 18+ to run this test")
    with folder_lock(NODE_BOT, "node-bot-install"):
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


def play_over_grpc(node_bot: str, log_dir: Path, game: str = "duel", *, seed: int = 1,
                   options: dict[str, object] | None = None) -> MatchRecord:
    """One match on a served arena between the Node bot (seat 0) and the Python random bot,
    both registered bots that connect over gRPC with their tokens, as a bot run by hand does
    (their stderr in ``log_dir``)."""
    async def main(hosted: arena.Arena) -> MatchRecord:
        commands = {"node": node_bot, "py": PYTHON_RANDOM}
        async with trio.open_nursery() as nursery:
            seats = []
            for name, command in commands.items():
                bot = grpc_bot(command, name, hosted.address, hosted.auth.issue(name),
                               log_dir / f"{name}.log")
                await nursery.start(bot.run)
                session = await hosted.hub.wait_for_bot(name)
                seats.append(arena.RemoteSeat(session, lambda bot=bot: bot.exited))
            record = await run_match(MatchSpec("grpc-1", game, seed, options or {}), seats,
                                     TimeControl.per_move(5))
            nursery.cancel_scope.cancel()
        return record

    return run_in_arena(main)


# ---- launched by the arena: stdin and stdout ----

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


def test_the_node_bot_plays_a_tournament_in_the_sandbox(node_bot: str, tmp_path: Path) -> None:
    why = _sandbox.unavailable()
    if why is not None:
        pytest.skip(f"no sandbox here: {why}")
    # As a user runs it: `arena tournament`, the bot's command relative to the checkout, and
    # --sandbox required (no network: stdio is the only way to play; a read-only view of
    # bots/, proto/ and the system, nothing else).
    logs, report = tmp_path / "logs", tmp_path / "report.json"
    command = ["tournament", "--game", "sol", "--option", "turn_limit=20", "--rounds", "1",
               "--seed", "3", "--move-time", "5", "--concurrency", "1",
               "--sandbox", "required", "--bot", "node=node bots/examples/node/bot.js",
               "--bot", f"py={PYTHON_RANDOM}", "--db", str(tmp_path / "t.sqlite"),
               "--json", str(report), "--bot-logs", str(logs)]
    done = subprocess.run([sys.executable, "-m", "scheduler.cli", *command], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    results = json.loads(report.read_text())
    assert len(results["matches"]) == 2  # both seat orders
    for match in results["matches"]:
        assert match["termination"] in ("turn_limit", "normal"), match
    standings = {row["bot"]: row for row in results["standings"]}
    assert set(standings) == {"node", "py"}
    for row in standings.values():
        assert row["matches"] == 2
        assert (row["timeouts"], row["crashes"], row["illegal"]) == (0, 0, 0), row
    # Nothing on the Node bot's stderr: no refused message, no broken stream.
    node_logs = sorted(logs.glob("*node*.log"))
    assert node_logs, sorted(logs.iterdir())
    assert all(not log.read_text().strip() for log in node_logs), \
        {log.name: log.read_text() for log in node_logs}


def _frames(responses: list[pb.PlayResponse]) -> bytes:
    return b"".join(encode(response, BINARY) for response in responses)


def _stdio(node_bot: str, tmp_path: Path, responses: list[pb.PlayResponse],
           chunk: int = 0) -> tuple[int, list[pb.PlayRequest | None], str]:
    """Run the bot with ARENA_TRANSPORT=stdio, as the arena launches it, with ``responses``
    on its stdin (in pieces of ``chunk`` bytes if given): its exit code, the PlayRequests it
    wrote, its stderr. A preloaded module prints to stdout from the bot's process when the
    first input arrives (the bot has started by then), and tells on stderr at the exit whether
    gRPC was loaded."""
    preload = tmp_path / "preload.js"
    preload.write_text(
        "process.stdin.once('data', () => {\n"  # runs before the bot's own listener
        "  console.log('a print'); process.stdout.write('a write\\n');\n"
        "});\n"
        "process.on('exit', () => process.stderr.write('grpc loaded: ' + Object.keys("
        "require.cache).some((path) => path.includes('@grpc')) + '\\n'));\n")
    env = {key: value for key, value in os.environ.items()
           if key not in ("ARENA_ADDRESS", "ARENA_TOKEN")}
    env.update({"ARENA_TRANSPORT": "stdio", "ARENA_BOT_NAME": "node"})
    argv = [*shlex.split(node_bot)]
    argv[1:1] = ["-r", str(preload)]
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=env)
    data = _frames(responses)
    assert process.stdin is not None
    try:
        for start in range(0, len(data), chunk or len(data) or 1):
            process.stdin.write(data[start:start + (chunk or len(data))])
            process.stdin.flush()
    except BrokenPipeError:  # it left (refused) before reading everything
        pass
    out, err = process.communicate(timeout=60)
    return process.returncode, Decoder(pb.PlayRequest, form=BINARY).feed(out), err.decode()


def test_over_stdio_the_node_bot_says_hello_first_and_answers_with_legal_ids(
        node_bot: str, tmp_path: Path) -> None:
    decision_id = 2**63 + 12345  # a uint64 past a double's precision, echoed exactly
    legal = [game_pb2.Action(id=i, text="x" * 200) for i in (3, 5, 8, 13)]  # 2-byte lengths
    request = pb.PlayResponse(decision_request=pb.DecisionRequest(
        match_id="m-1", decision_id=decision_id, legal=legal))
    responses = [
        pb.PlayResponse(welcome=pb.Welcome(bot_name="node", protocol_version=1)),
        pb.PlayResponse(match_started=pb.MatchStarted(match_id="m-1", game="duel")),
        *[request] * 20,
        pb.PlayResponse(match_ended=pb.MatchEnded(match_id="m-1")),
        pb.PlayResponse(session_ended=pb.SessionEnded(reason="the tournament is over")),
    ]
    code, written, stderr = _stdio(node_bot, tmp_path, responses, chunk=97)
    assert code == 0, stderr
    # Only frames on stdout: the prints went to stderr.
    assert None not in written
    assert "a print" in stderr and "a write" in stderr
    assert "grpc loaded: false" in stderr
    hello, *moves = written
    assert hello == pb.PlayRequest(hello=pb.Hello(bot_name="node", protocol_version=1,
                                                  max_concurrent_matches=1))
    assert len(moves) == 20
    assert all(m.WhichOneof("message") == "move" for m in moves)
    assert {(m.move.match_id, m.move.decision_id) for m in moves} == {("m-1", decision_id)}
    assert {m.move.action_id for m in moves} <= {3, 5, 8, 13}
    assert len({m.move.action_id for m in moves}) > 1  # random


def test_over_stdio_the_node_bot_exits_at_the_end_of_its_input(node_bot: str,
                                                              tmp_path: Path) -> None:
    welcome = pb.PlayResponse(welcome=pb.Welcome(bot_name="node", protocol_version=1))
    code, written, stderr = _stdio(node_bot, tmp_path, [welcome])
    assert code == 0, stderr
    assert [m.WhichOneof("message") for m in written if m is not None] == ["hello"]


def test_over_stdio_a_refused_hello_exits_3_and_says_why(node_bot: str, tmp_path: Path) -> None:
    refused = pb.PlayResponse(error=pb.ProtocolError(
        code=9, message="protocol version 1 is not spoken here; accepted: 2"))
    code, written, stderr = _stdio(node_bot, tmp_path, [refused])
    assert code == 3, stderr
    assert "refused" in stderr and "accepted: 2" in stderr
    assert [m.WhichOneof("message") for m in written if m is not None] == ["hello"]


# ---- registered: gRPC against a served arena ----

def test_the_node_bot_plays_over_grpc_as_a_registered_bot(node_bot: str,
                                                          tmp_path: Path) -> None:
    record = play_over_grpc(node_bot, tmp_path, options={"rounds": ROUNDS}, seed=5)
    assert record.seats == ["node", "py"]
    _assert_clean(record, seats=2)
    assert not (tmp_path / "node.log").read_text().strip()


def test_over_grpc_a_bad_token_exits_3(node_bot: str, tmp_path: Path) -> None:
    assert exit_status_with_token(node_bot, "node", "not-the-token", tmp_path / "node.log") == 3
    assert "UNAUTHENTICATED" in (tmp_path / "node.log").read_text()


def test_the_node_bot_plays_over_mutual_tls(node_bot: str, tmp_path: Path) -> None:
    pytest.importorskip("cryptography")
    from tests.arena.test_tls import mutual_tls_outcomes

    assert mutual_tls_outcomes(node_bot, tmp_path) == ["normal", "refused", "refused"]
