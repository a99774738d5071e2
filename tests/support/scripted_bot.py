"""A misbehaving bot process for protocol tests: ``python -m tests.support.scripted_bot MODE``.

Plays random legal moves, except at decision number ``--at`` (counted over the process) where
MODE decides: ``sleep`` (sleeps ``--seconds`` first), ``spin`` (computes for ``--seconds`` of
CPU time first), ``spin-child`` (a child process computes for ``--seconds`` of CPU time while
the bot waits for it), ``escape`` (starts a process in a session of its own that lives on, its
pid written to ``$SCRIPTED_BOT_LOG``), ``crash`` (exits at once), ``disconnect``
(closes its stream and idles), ``illegal`` (answers id 999), ``garbage`` (sends bytes that are
no PlayRequest), ``meddle`` (first sends moves for decisions and a match that are not its own),
``duplicate`` (sends its move twice), ``resign`` (resigns right after its move, out of turn);
``silent`` answers no decision at all, from the first (dead weight on a ladder); ``hold``
waits, before its N-th ``--hold-at`` decision, until the file ``$SCRIPTED_BOT_RELEASE.N``
exists (a test's gates; it writes ``$SCRIPTED_BOT_RELEASE.N.held`` when it starts to wait).
Every ProtocolError received is appended, one JSON line each, to ``$SCRIPTED_BOT_LOG``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time

import grpc

from arena._frames import BINARY, Decoder, delimit
from arena.v1 import arena_service_pb2 as pb


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--at", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--hold-at", type=int, action="append", default=[])
    parser.add_argument("--address", default=os.environ.get("ARENA_ADDRESS", ""))
    parser.add_argument("--token", default=os.environ.get("ARENA_TOKEN", ""))
    parser.add_argument("--name", default=os.environ.get("ARENA_BOT_NAME", "scripted"))
    args = parser.parse_args()
    if os.environ.get("ARENA_TRANSPORT") == "stdio":
        play_stdio(args)
    else:
        asyncio.run(play(args))


class Script:
    """What the bot answers: the messages to send after each one received (raw bytes for
    ``garbage``), None when it hangs up."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(7)
        self.count = 0
        self.log_path = os.environ.get("SCRIPTED_BOT_LOG")

    def hello(self) -> pb.PlayRequest:
        return pb.PlayRequest(hello=pb.Hello(bot_name=self.args.name, token=self.args.token,
                                             protocol_version=1))

    def answer(self, response: pb.PlayResponse) -> list[pb.PlayRequest | bytes] | None:
        kind = response.WhichOneof("message")
        if kind == "error" and self.log_path:
            with open(self.log_path, "a") as log:
                log.write(json.dumps({"code": response.error.code,
                                      "message": response.error.message}) + "\n")
        if kind != "decision_request":
            return []
        request = response.decision_request
        self.count += 1
        mode = self.args.mode
        if mode == "silent":
            return []
        out: list[pb.PlayRequest | bytes] = []
        choice = self.rng.choice(request.legal).id
        if mode == "hold" and self.count in self.args.hold_at:
            gate = self.args.hold_at.index(self.count) + 1
            release = f"{os.environ['SCRIPTED_BOT_RELEASE']}.{gate}"
            open(f"{release}.held", "w").close()
            deadline = time.monotonic() + 300
            while not os.path.exists(release) and time.monotonic() < deadline:
                time.sleep(0.05)  # the whole bot waits, as a bot thinking would
        if self.count == self.args.at:
            if mode == "sleep":
                time.sleep(self.args.seconds)  # blocks the whole bot, as a slow bot would
            elif mode == "spin":  # thinks: uses the CPU for that long
                end = time.thread_time() + self.args.seconds
                while time.thread_time() < end:
                    pass
            elif mode == "spin-child":
                child = os.fork()
                if child == 0:
                    end = time.process_time() + self.args.seconds
                    while time.process_time() < end:
                        pass
                    os._exit(0)
                os.waitpid(child, 0)
            elif mode == "escape":
                escaped = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                                           start_new_session=True)
                with open(os.environ["SCRIPTED_BOT_LOG"], "w") as log:
                    log.write(str(escaped.pid))
            elif mode == "crash":
                os._exit(3)
            elif mode == "disconnect":
                return None
            elif mode == "illegal":
                choice = 999
            elif mode == "garbage":
                return [b"\xff\xff\xff\xff"]
            elif mode == "duplicate":
                out.append(move(request.match_id, request.decision_id, choice))
            elif mode == "meddle":
                out.append(move(request.match_id, request.decision_id + 1, 0))
                out.append(move(request.match_id + "-not-mine", 1, 0))
                out.append(move(request.match_id, request.decision_id + 1000, 0))
        out.append(move(request.match_id, request.decision_id, choice))
        if self.count == self.args.at and mode == "resign":
            out.append(pb.PlayRequest(resign=pb.Resign(match_id=request.match_id)))
        return out


def move(match_id: str, decision_id: int, action_id: int) -> pb.PlayRequest:
    return pb.PlayRequest(move=pb.Move(match_id=match_id, decision_id=decision_id,
                                       action_id=action_id))


def play_stdio(args: argparse.Namespace) -> None:
    """Over stdin/stdout, as a launched bot (binary frames; ``garbage`` is a frame whose
    bytes are no PlayRequest)."""
    script = Script(args)
    decoder: Decoder[pb.PlayResponse] = Decoder(pb.PlayResponse, form=BINARY)
    out = sys.stdout.buffer

    def send(items: list[pb.PlayRequest | bytes]) -> None:
        for item in items:
            body = item if isinstance(item, bytes) else item.SerializeToString()
            out.write(delimit(body))
        out.flush()

    send([script.hello()])
    while data := os.read(0, 65536):
        for response in decoder.feed(data):
            if response is None:
                continue
            answer = script.answer(response)
            if answer is None:  # hang up: close the output and idle
                os.close(1)
                time.sleep(3600)
            send(answer)


async def play(args: argparse.Namespace) -> None:
    """Over gRPC, as a remote bot."""
    script = Script(args)
    outgoing: asyncio.Queue[bytes | None] = asyncio.Queue()
    outgoing.put_nowait(script.hello().SerializeToString())

    async def requests():
        while (item := await outgoing.get()) is not None:
            yield item

    async with grpc.aio.insecure_channel(args.address) as channel:
        call = channel.stream_stream(
            "/arena.v1.ArenaService/Play", request_serializer=lambda b: b,
            response_deserializer=pb.PlayResponse.FromString)(requests())
        async for response in call:
            answer = script.answer(response)
            if answer is None:
                call.cancel()
                await asyncio.sleep(3600)
                return
            for item in answer:
                outgoing.put_nowait(item if isinstance(item, bytes) else
                                    item.SerializeToString())


if __name__ == "__main__":
    main()
