"""What a launched Python bot loads to start (its start is paid per process, per match
group), and that what it leaves out still works when it is needed: real bot processes fed
the arena's frames on their stdin."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena._frames import BINARY, Decoder, encode
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
# Loaded only by the gRPC transport, the command line's flags, a failure or a log line, the
# JSON form, or protobuf's pure-Python implementation: a launched bot that plays binary
# frames without a fault needs none of them.
NOT_NEEDED = ("grpc", "bots._client", "asyncio", "argparse", "logging", "pathlib",
              "traceback", "sysconfig", "google.protobuf.text_format",
              "google.protobuf.json_format", "google.protobuf.internal.decoder")


def launched_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ARENA_", "PROTOCOL_"))}
    return {**env, "ARENA_TRANSPORT": "stdio", "PYTHONPATH": str(ROOT), **extra}


def frames(*messages: pb.PlayResponse) -> bytes:
    return b"".join(encode(m, BINARY) for m in messages)


def answers(stdout: bytes) -> list[pb.PlayRequest]:
    decoded = Decoder(pb.PlayRequest, form=BINARY).feed(stdout)
    assert None not in decoded
    return [m for m in decoded if m is not None]


WELCOME = pb.PlayResponse(welcome=pb.Welcome())
ENDED = pb.PlayResponse(session_ended=pb.SessionEnded())


def one_decision(match_id: str) -> list[pb.PlayResponse]:
    """A match of one decision between two legal actions."""
    legal = [game_pb2.Action(id=0, text="a"), game_pb2.Action(id=1, text="b")]
    return [pb.PlayResponse(match_started=pb.MatchStarted(match_id=match_id, game="race",
                                                          your_seat=0, bot_seed=7)),
            pb.PlayResponse(decision_request=pb.DecisionRequest(
                match_id=match_id, decision_id=1, legal=legal, time_left_ms=500)),
            pb.PlayResponse(match_ended=pb.MatchEnded(match_id=match_id))]


def imported(stderr: str) -> set[str]:
    """The modules ``-X importtime`` reported."""
    return {line.rsplit("|", 1)[1].strip() for line in stderr.splitlines()
            if line.startswith("import time:") and "|" in line}


def test_a_launched_random_bot_loads_only_what_it_plays_with() -> None:
    done = subprocess.run([PYTHON, "-X", "importtime", "-m", "bots.run", "random"],
                          input=frames(WELCOME, *one_decision("m1"), ENDED), cwd=ROOT,
                          env=launched_env(), capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr.decode()
    hello, move = answers(done.stdout)
    assert hello.hello.bot_name == "random" and move.move.action_id in (0, 1)
    # What the interpreter loads before any code of ours (its site's .pth files) is not the
    # SDK's doing.
    bare = subprocess.run([PYTHON, "-X", "importtime", "-c", "pass"], cwd=ROOT,
                          env=launched_env(), capture_output=True, text=True, timeout=60,
                          check=True)
    modules = imported(done.stderr.decode()) - imported(bare.stderr)
    assert {"bots._stdio", "arena.v1.arena_service_pb2", "arena._frames"} <= modules
    assert not modules & set(NOT_NEEDED), sorted(modules & set(NOT_NEEDED))


def test_a_launched_bot_named_by_its_environment_says_so_without_arguments() -> None:
    done = subprocess.run([PYTHON, "-m", "bots.run", "random"], input=frames(WELCOME, ENDED),
                          cwd=ROOT, env=launched_env(ARENA_BOT_NAME="rb-1",
                                                     ARENA_BOT_VERSION="2.1",
                                                     ARENA_TOKEN="not for the bot"),
                          capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr.decode()
    (hello,) = answers(done.stdout)
    assert (hello.hello.bot_name, hello.hello.version) == ("rb-1", "2.1")


def test_a_bad_version_in_the_environment_is_refused_by_name_without_arguments() -> None:
    done = subprocess.run([PYTHON, "-m", "bots.run", "random"], input=b"", cwd=ROOT,
                          env=launched_env(ARENA_BOT_VERSION="x" * 65), capture_output=True,
                          text=False, timeout=60, check=False)
    assert done.returncode == 2
    assert b"--version" in done.stderr and b"1 to 64 printable characters" in done.stderr


BOOM = """
{header}
from bots import RandomBot, main

class Boom(RandomBot):
    def choose(self, observation, legal, time_left):
        {log}
        raise ZeroDivisionError("a bug")

main(Boom, "boom")
"""


@pytest.mark.parametrize("header, log, own_line", [
    ("", "pass", None),  # logging first loaded by the SDK's own line
    ("import logging", "logging.getLogger('mine').warning('thinking')", "mine: thinking"),
])
def test_a_launched_bot_that_fails_logs_in_the_sdks_format(header: str, log: str,
                                                            own_line: str | None) -> None:
    code = BOOM.format(header=header, log=log)
    done = subprocess.run([PYTHON, "-c", code],
                          input=frames(WELCOME, *one_decision("m1"), ENDED),
                          cwd=ROOT, env=launched_env(), capture_output=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr.decode()
    _, resign = answers(done.stdout)
    assert resign.resign.match_id == "m1"
    assert resign.resign.failure == "ZeroDivisionError: a bug (at <string>:8 in choose)"
    stderr = done.stderr.decode()
    assert "bots: the bot failed in match m1" in stderr and "Traceback" in stderr
    if own_line is not None:
        assert own_line in stderr


@pytest.mark.parametrize("implementation", ["upb", "python"])
def test_protobufs_pure_python_message_module_loads_when_it_is_used(implementation: str
                                                                    ) -> None:
    """``arena`` defers protobuf's pure-Python message module, which the usual C
    implementation never uses; with the pure-Python implementation it is loaded at once
    and the messages work as before."""
    code = ("import sys\n"
            "from arena.v1 import arena_service_pb2 as pb\n"
            "from google.protobuf.internal import api_implementation\n"
            "message = pb.PlayRequest(hello=pb.Hello(bot_name='x', games=['race']))\n"
            "again = pb.PlayRequest.FromString(message.SerializeToString())\n"
            "assert again == message and again.hello.games == ['race'], again\n"
            "print(api_implementation.Type(), 'google.protobuf.text_format' in sys.modules)\n"
            "from google.protobuf.internal import python_message\n"
            "print(python_message.GeneratedProtocolMessageType.__name__)\n")
    env = {**os.environ, "PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION": implementation}
    done = subprocess.run([PYTHON, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    loaded_at_once = implementation == "python"
    assert done.stdout.split() == [implementation, str(loaded_at_once),
                                   "GeneratedProtocolMessageType"]


def test_a_launched_bot_freezes_what_is_left_when_its_session_ends() -> None:
    """So that the interpreter's last collection at exit skips it (code after ``main``
    still runs, and what it makes is collected as ever)."""
    code = ("import gc, sys\n"
            "from bots import RandomBot, main\n"
            "assert gc.get_freeze_count() == 0\n"
            "main(RandomBot, 'random')\n"
            "print('frozen', gc.get_freeze_count(), file=sys.stderr)\n")
    done = subprocess.run([PYTHON, "-c", code], input=frames(WELCOME, *one_decision("m1"), ENDED),
                          cwd=ROOT, env=launched_env(), capture_output=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr.decode()
    assert len(answers(done.stdout)) == 2  # Hello and the move
    frozen = int(done.stderr.decode().split("frozen")[1].split()[0])
    assert frozen > 10_000  # the modules' objects, protobuf's and the interpreter's
