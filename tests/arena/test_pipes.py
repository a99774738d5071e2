"""Launched bots over their standard streams: framing, the JSON-lines form, the end of a
session and its grace period, one process per seat of a deal, logs per match (real processes).
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import trio

from arena import _sandbox
from arena._frames import BINARY, JSON, Decoder, FrameError, delimit, encode, form_of
from arena._launcher import Launch
from arena._pipes import PipeConnection
from arena.v1 import arena_service_pb2 as pb
from engine import Termination
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BotPool, BotSpec
from scheduler._store import Store
from scheduler._timecontrol import TimeControl
from tests.support.harness import RANDOM_PROCESS, alive, play_match

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
JSONL_BOT = f"{PYTHON} {ROOT / 'bots' / 'examples' / 'jsonl' / 'bot.py'}"
SANDBOX = Launch(sandboxed=True)
needs_bwrap = pytest.mark.skipif(_sandbox.unavailable() is not None,
                                 reason=f"no sandbox here: {_sandbox.unavailable()}")


def test_binary_frames_are_read_whatever_the_chunks() -> None:
    messages = [pb.PlayRequest(move=pb.Move(match_id=f"m{i}", decision_id=i, action_id=i))
                for i in range(1, 200)]
    stream = b"".join(encode(m, BINARY) for m in messages)
    decoder: Decoder[pb.PlayRequest] = Decoder(pb.PlayRequest)
    got = []
    for start in range(0, len(stream), 7):  # cut anywhere, varints included
        got += decoder.feed(stream[start:start + 7])
    assert got == messages and decoder.form == BINARY


def test_a_whole_frame_read_at_once_is_read_as_any_other() -> None:
    """A read that holds exactly one small frame (a move, most reads) is parsed as it is:
    a bad one is one bad message, one over the limit stops the stream, and a long frame
    whose first length byte happens to equal the read's size is not taken for one."""
    move = pb.PlayRequest(move=pb.Move(match_id="m", decision_id=3, action_id=1))
    decoder: Decoder[pb.PlayRequest] = Decoder(pb.PlayRequest, form=BINARY)
    assert decoder.feed(encode(move, BINARY)) == [move]
    assert decoder.feed(delimit(b"\xff\xff")) == [None]
    assert decoder.feed(encode(move, BINARY)) == [move]
    with pytest.raises(FrameError, match="at most 10 are accepted"):
        Decoder(pb.PlayRequest, form=BINARY, limit=10).feed(delimit(bytes(11)))
    long = encode(pb.PlayRequest(move=pb.Move(match_id="m" * 200, decision_id=1)), BINARY)
    assert long[0] >= 0x80
    cut = long[:long[0] + 1]  # as long as its first byte says, were it a one-byte length
    decoder = Decoder(pb.PlayRequest, form=BINARY)
    assert decoder.feed(cut) == [] and decoder.feed(long[len(cut):]) == [
        pb.PlayRequest.FromString(long[2:])]


def test_json_lines_are_read_and_a_bad_line_is_one_bad_message() -> None:
    move = pb.PlayRequest(move=pb.Move(match_id="m", decision_id=12, action_id=0))
    text = encode(move, JSON)
    assert b'"decisionId": "12"' in text and b'"actionId": 0' in text  # defaults written
    decoder: Decoder[pb.PlayRequest] = Decoder(pb.PlayRequest)
    assert decoder.feed(text + b'{"nonsense": 1}\n' + text) == [move, None, move]
    assert decoder.form == JSON


def test_a_binary_frame_of_123_bytes_is_not_taken_for_json() -> None:
    body = b"\n" + bytes(122)  # starts with a line feed, as a Hello's field tag does
    assert form_of(delimit(body)[:2]) == BINARY and delimit(body)[:1] == b"{"


def test_an_oversized_frame_or_line_stops_the_stream_with_a_reason() -> None:
    with pytest.raises(FrameError, match="at most 100 are accepted"):
        Decoder(pb.PlayRequest, limit=100).feed(delimit(bytes(101)))
    with pytest.raises(FrameError, match="a line of over 100 bytes"):
        Decoder(pb.PlayRequest, limit=100).feed(b'{"' + b"x" * 200)


@pytest.mark.parametrize("launch", [Launch(), pytest.param(SANDBOX, marks=needs_bwrap)],
                         ids=["none", "sandbox"])
def test_a_bot_in_30_lines_of_json_plays_a_whole_match(launch: Launch) -> None:
    record = play_match([f"jsonl={JSONL_BOT}", f"b={RANDOM_PROCESS}"], "race",
                        launch=launch, control=None)
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL, record.result.reason
    assert record.faults[0].total == 0 and len(record.steps) > 20


# A bot that says goodbye in its log when its session ends, then exits 0 (``linger``: it
# ignores the end and waits to be killed).
_POLITE = """
import os, sys, time
from arena._frames import BINARY, Decoder, encode
from arena.v1 import arena_service_pb2 as pb
out = os.dup(1)
os.write(out, encode(pb.PlayRequest(hello=pb.Hello(protocol_version=1)), BINARY))
decoder = Decoder(pb.PlayResponse, BINARY)
while data := os.read(0, 65536):
    for message in decoder.feed(data):
        if message.WhichOneof("message") == "session_ended":
            print("goodbye:", message.session_ended.reason, file=sys.stderr, flush=True)
print("input ended", file=sys.stderr, flush=True)
if sys.argv[1] == "linger":
    time.sleep(600)
"""


@pytest.mark.parametrize("mode", ["polite", "linger"])
def test_the_session_ends_with_a_message_then_end_of_input_then_a_grace_period(
        mode: str, tmp_path: Path) -> None:
    command = f"{PYTHON} -c {shlex.quote(_POLITE)} {mode}"
    pool = BotPool([BotSpec.parse(f"p={command}")],
                   launch=Launch(grace=0.5, log_dir=str(tmp_path)))

    async def main() -> tuple[int | None, int]:
        with trio.fail_after(60):
            async with trio.open_nursery() as nursery:
                await pool.start(nursery)
                process = pool.instances["p"][0].process
                pool.stop()
            return process.returncode, process.pid or 0

    returncode, pid = trio.run(main)
    log = (tmp_path / "p.1.log").read_text()
    assert "goodbye: the arena has no more matches" in log and "input ended" in log
    assert returncode == (0 if mode == "polite" else -9)  # killed only after the grace
    assert not alive(pid)


def test_no_process_plays_two_seats_of_one_deal_and_logs_are_per_match(
        tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    bot = f"{PYTHON} -m tests.support.pid_bot"
    done = subprocess.run(
        [PYTHON, "-m", "scheduler.cli", "--game-module", "tests.support.duel", "tournament",
         "--game", "duel", "--option", "rounds=1", "--rounds", "3", "--concurrency", "1",
         "--bot", f"a={bot}", "--bot", f"b={bot}", "--sandbox", "none",
         "--bot-logs", "logs", "--db", "t.sqlite"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    store = Store(tmp_path / "t.sqlite")
    records = store.matches(steps=False)
    assert len(records) == 6
    pids: dict[tuple[str, str], str] = {}
    for record in records:
        for name in record.seats:
            log = tmp_path / "logs" / f"{record.match_id}.{name}.log"
            pids[record.match_id, name] = json.loads(log.read_text().splitlines()[0])["pid"]
    by_deal: dict[tuple[int, str], list[str]] = {}
    for record in records:
        for name in record.seats:  # the seat rotations of a deal share its seed
            by_deal.setdefault((record.seed, name), []).append(pids[record.match_id, name])
    for deal, seen in by_deal.items():
        assert len(seen) == 2 and seen[0] != seen[1], (deal, seen)
    # Across deals a process is used again (it costs a start-up): two per bot in all.
    for name in ("a", "b"):
        assert len({pid for (_, who), pid in pids.items() if who == name}) == 2


@needs_bwrap
def test_a_sandboxed_bot_whose_folder_is_under_tmp_plays_match_after_match(
        tmp_path: Path) -> None:
    # The sandbox's /tmp is the bot's private folder; a bot kept under the machine's /tmp
    # (as pytest's folders are) is mounted over it and must survive the wipes between matches.
    folder = tmp_path / "mybot"
    folder.mkdir()
    (folder / "bot.py").write_text((ROOT / "bots" / "examples" / "jsonl" / "bot.py").read_text())
    specs = [BotSpec.parse(f"j={PYTHON} {folder / 'bot.py'}"), BotSpec.parse("builtin:random")]

    async def main() -> list[Termination]:
        with trio.fail_after(120):
            pool = BotPool(specs, launch=SANDBOX)
            ends = []
            async with trio.open_nursery() as nursery:
                await pool.start(nursery)
                for n in range(3):  # one process: each match wipes what the last one left
                    seats = [await pool.seat(s.name) for s in specs]
                    record = await run_match(MatchSpec(f"m{n}", "duel", n, {"rounds": 2}),
                                             seats, TimeControl.per_move(5))
                    assert record.result is not None
                    ends.append(record.result.termination)
                assert len(pool.instances["j"]) == 1
                pool.stop()
            return ends

    assert trio.run(main) == [Termination.NORMAL] * 3
    assert (folder / "bot.py").exists()


def test_a_message_sent_out_of_turn_is_routed_by_the_check_after_a_step() -> None:
    """``poll`` (the runner's out-of-turn check) routes what the bot wrote while nobody
    waited on its pipe, finds nothing without blocking, and sees the pipe's end."""
    from arena._hub import Hub

    async def main() -> None:
        bot_out, arena_in = os.pipe()[::-1]  # the bot writes, the arena reads
        arena_out_read, arena_out = os.pipe()
        connection = PipeConnection("bot", trio.lowlevel.FdStream(arena_out),
                                    trio.lowlevel.FdStream(arena_in), Hub())
        try:
            os.write(bot_out, encode(pb.PlayRequest(hello=pb.Hello(protocol_version=1)),
                                     BINARY))
            session = await connection.open()
            session.take("m1")
            done = trio.Event()
            done.set()
            await connection.until("m1", done)  # the match holds the pipe, asks nothing now
            connection.poll()
            assert not session.gave_up and not session.closed
            os.write(bot_out, encode(pb.PlayRequest(resign=pb.Resign(match_id="m1")), BINARY))
            connection.poll()
            assert session.gave_up["m1"].termination is Termination.RESIGN
            os.close(bot_out)
            bot_out = -1
            connection.poll()
            assert session.closed
        finally:
            for fd in (bot_out, arena_out_read):
                if fd >= 0:
                    os.close(fd)

    trio.run(main)
