"""A bot that says its version in its Hello: ``python -m tests.support.versioned_bot
--version V --address A --token T --name N``. Plays the first legal action of every
decision, over one connection, until the arena closes it."""

from __future__ import annotations

import argparse
import itertools
import threading

import grpc

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--version", required=True)
    parser.add_argument("--address", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--name", required=True)
    args = parser.parse_args()
    answers: list[pb.PlayRequest | None] = [pb.PlayRequest(hello=pb.Hello(
        bot_name=args.name, token=args.token, protocol_version=1, version=args.version))]
    ready = threading.Condition()

    def requests():  # the Hello, then one move per decision as they come
        for sent in itertools.count():
            with ready:
                ready.wait_for(lambda n=sent: len(answers) > n)
                item = answers[sent]
            if item is None:
                return
            yield item

    with grpc.insecure_channel(args.address) as channel:
        try:
            for response in pb_grpc.ArenaServiceStub(channel).Play(requests()):
                if response.WhichOneof("message") == "decision_request":
                    request = response.decision_request
                    with ready:
                        answers.append(pb.PlayRequest(move=pb.Move(
                            match_id=request.match_id, decision_id=request.decision_id,
                            action_id=request.legal[0].id)))
                        ready.notify()
        except grpc.RpcError:
            pass  # the arena stopped
        finally:
            with ready:
                answers.append(None)
                ready.notify()


if __name__ == "__main__":
    main()
