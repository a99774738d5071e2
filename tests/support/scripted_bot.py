"""A misbehaving bot process for protocol tests: ``python -m tests.support.scripted_bot MODE``.

Plays random legal moves, except at decision number ``--at`` (counted over the process) where
MODE decides: ``sleep`` (sleeps ``--seconds`` first), ``crash`` (exits at once), ``disconnect``
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
import time

import grpc

from arena.v1 import arena_service_pb2 as pb


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode")
    parser.add_argument("--at", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--hold-at", type=int, action="append", default=[])
    parser.add_argument("--address", required=True)
    parser.add_argument("--token", default=os.environ.get("ARENA_TOKEN", ""))
    parser.add_argument("--name", required=True)
    args = parser.parse_args()
    asyncio.run(play(args))


async def play(args: argparse.Namespace) -> None:
    rng = random.Random(7)
    log_path = os.environ.get("SCRIPTED_BOT_LOG")
    outgoing: asyncio.Queue[bytes | None] = asyncio.Queue()
    outgoing.put_nowait(pb.PlayRequest(hello=pb.Hello(
        bot_name=args.name, token=args.token, protocol_version=1)).SerializeToString())

    async def requests():
        while (item := await outgoing.get()) is not None:
            yield item

    def move(match_id: str, decision_id: int, action_id: int) -> bytes:
        return pb.PlayRequest(move=pb.Move(
            match_id=match_id, decision_id=decision_id, action_id=action_id)).SerializeToString()

    async with grpc.aio.insecure_channel(args.address) as channel:
        call = channel.stream_stream(
            "/arena.v1.ArenaService/Play", request_serializer=lambda b: b,
            response_deserializer=pb.PlayResponse.FromString)(requests())
        count = 0
        async for response in call:
            kind = response.WhichOneof("message")
            if kind == "error" and log_path:
                with open(log_path, "a") as log:
                    log.write(json.dumps({"code": response.error.code,
                                          "message": response.error.message}) + "\n")
            if kind != "decision_request":
                continue
            request = response.decision_request
            count += 1
            if args.mode == "silent":
                continue
            choice = rng.choice(request.legal).id
            if args.mode == "hold" and count in args.hold_at:
                release = f"{os.environ['SCRIPTED_BOT_RELEASE']}.{args.hold_at.index(count) + 1}"
                open(f"{release}.held", "w").close()
                deadline = time.monotonic() + 300
                while not os.path.exists(release) and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
            if count == args.at:
                if args.mode == "sleep":
                    time.sleep(args.seconds)  # blocks the whole bot, as a slow bot would

                elif args.mode == "crash":
                    os._exit(3)
                elif args.mode == "disconnect":
                    call.cancel()
                    await asyncio.sleep(3600)
                elif args.mode == "illegal":
                    choice = 999
                elif args.mode == "garbage":
                    outgoing.put_nowait(b"\xff\xff\xff\xff")
                    continue
                elif args.mode == "duplicate":
                    outgoing.put_nowait(move(request.match_id, request.decision_id, choice))
                elif args.mode == "meddle":
                    outgoing.put_nowait(move(request.match_id, request.decision_id + 1, 0))
                    outgoing.put_nowait(move(request.match_id + "-not-mine", 1, 0))
                    outgoing.put_nowait(move(request.match_id, request.decision_id + 1000, 0))
            outgoing.put_nowait(move(request.match_id, request.decision_id, choice))
            if count == args.at and args.mode == "resign":
                outgoing.put_nowait(pb.PlayRequest(resign=pb.Resign(
                    match_id=request.match_id)).SerializeToString())


if __name__ == "__main__":
    main()
