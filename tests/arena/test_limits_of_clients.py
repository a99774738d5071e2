"""What a careless or hostile client cannot do: grow the server without end, starve it, get
its own strings echoed at any length, or get an unclear answer to bytes that mean nothing."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import grpc
import trio

import arena
from arena import _hub
from arena._bridge import OutboxDropped, open_asyncio_host
from arena._hub import REFUSED_BURST, SPECTATOR_BACKLOG, BotSession, Hub, RemoteSeat
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BuiltinSeat
from scheduler._timecontrol import TimeControl
from tests.support.harness import Collector, GatedSeat, run_in_arena


def in_thread(fn: Callable[[], Any]) -> Any:
    return trio.to_thread.run_sync(fn)


def test_an_outbox_stops_growing_when_its_reader_falls_behind() -> None:
    async def main() -> tuple[int, str]:
        async with open_asyncio_host() as host:
            outbox = host.outbox(limit=10)
            for i in range(1000):
                outbox.put(i)

            async def read() -> str:
                try:
                    await outbox.get()
                except OutboxDropped as dropped:
                    return str(dropped)
                return "no error"
            return len(outbox), await host.run(read())

    queued, raised = trio.run(main)
    assert queued == 11  # the limit, then the marker that makes the reader give up
    assert raised == "10 messages were waiting to be read"


def test_a_spectator_that_does_not_read_cannot_grow_the_server() -> None:
    async def main(hosted: arena.Arena) -> tuple[bool, int]:
        gate = trio.Event()  # the match waits until the spectator is in
        # No BDP probing: the client's receive window stays at 64 KB, which updates fill.
        channel = grpc.insecure_channel(hosted.address, options=[("grpc.http2.bdp_probe", 0)])
        call = pb_grpc.ArenaServiceStub(channel).WatchMatch(
            pb.WatchMatchRequest(match_id="long"), timeout=60)  # never read
        seats = [GatedSeat(BuiltinSeat(f"r{i}", "random"), gate) for i in range(2)]
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(lambda: run_match(
                    MatchSpec("long", "sector41", 5), seats, TimeControl.per_move(5),
                    feeds=hosted.hub.feeds))
                with trio.fail_after(30):
                    while not hosted.hub.feeds.get("long") or not hosted.hub.feeds["long"].watchers:
                        await trio.sleep(0.01)
                watcher = hosted.hub.feeds["long"].watchers[0]
                gate.set()
            return watcher.dropped is not None, len(watcher)
        finally:
            call.cancel()
            channel.close()

    overflowed, queued = run_in_arena(main)
    assert overflowed and queued <= SPECTATOR_BACKLOG + 1


def test_a_bot_that_keeps_sending_refused_messages_is_closed() -> None:
    async def main(hosted: arena.Arena) -> tuple[Any, str, int]:
        token = hosted.auth.issue("noisy")

        def requests():
            yield pb.PlayRequest(hello=pb.Hello(bot_name="noisy", token=token,
                                                protocol_version=1))
            for i in range(5 * REFUSED_BURST):
                yield pb.PlayRequest(move=pb.Move(match_id=f"nope-{i}", decision_id=1))

        def play() -> tuple[Any, str, int]:
            with grpc.insecure_channel(hosted.address) as channel:
                refused = 0
                try:
                    for reply in pb_grpc.ArenaServiceStub(channel).Play(requests(), timeout=60):
                        refused += reply.WhichOneof("message") == "error"
                except grpc.RpcError as error:
                    return error.code(), error.details(), refused
                return grpc.StatusCode.OK, "", refused
        return await in_thread(play)

    code, details, refused = run_in_arena(main)
    assert code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert f"more than {REFUSED_BURST} messages the arena refused" in details
    assert REFUSED_BURST <= refused < 5 * REFUSED_BURST  # the burst (plus refills), not all


def test_a_late_or_repeated_move_is_answered_with_the_reason() -> None:
    replies = Collector()
    hub = Hub()
    session = BotSession("bot", frozenset(), 0, replies)  # type: ignore[arg-type]
    hub.connect(session)
    seat = RemoteSeat(session)

    async def main() -> None:  # the hub runs in trio's thread, inside the run
        await seat.start(pb.MatchStarted(match_id="m1", game="duel"))
        await seat.end(pb.MatchEnded(match_id="m1"))
        # A decision answered but not yet taken up by its match: a second answer is refused.
        session.matches.add("m2")
        session.open["m2"] = _hub._OpenDecision("m2", 7)
        twice = pb.PlayRequest(move=pb.Move(match_id="m2", decision_id=7, action_id=1))
        hub.receive(session, twice)
        hub.receive(session, twice)
        assert session.open["m2"].action_id == 1
        hub.receive(session, pb.PlayRequest(move=pb.Move(match_id="m1", decision_id=3)))
        hub.receive(session, pb.PlayRequest(resign=pb.Resign(match_id="m1")))
        hub.receive(session, pb.PlayRequest(move=pb.Move(match_id="x" * 100_000,
                                                         decision_id=1)))

    trio.run(main)
    errors = [r.error for r in replies.items if r.WhichOneof("message") == "error"]
    assert "it was already answered" in errors.pop(0).message
    assert "move refused: match 'm1' has ended" in errors[0].message
    assert "cannot resign: match 'm1' has ended" in errors[1].message
    assert "(100000 characters)" in errors[2].message and len(errors[2].message) < 300
    assert errors[2].match_id == ""  # not echoed: it names no match of this bot


class _SlowTokens:
    """Records whose token check waits for ``release`` (a slow hash, made controllable)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.waiting = 0

    def check_token(self, name: str, token: str) -> bool:
        self.waiting += 1
        self.release.wait(60)
        return False

    def standings(self, game: str, tournament_id: str) -> list[pb.Standing]:
        return []

    def match_record(self, match_id: str) -> pb.MatchRecord | None:
        return None

    def list_matches(self, game: str, limit: int) -> list[pb.MatchSummary]:
        return []


def test_token_checks_are_capped_and_do_not_hold_up_the_store() -> None:
    records = _SlowTokens()
    pending = _hub_limit()

    async def main(hosted: arena.Arena) -> tuple[list, Any, Any, Any]:
        def hello(name: str, timeout: float = 60) -> Any:
            with grpc.insecure_channel(hosted.address) as channel:
                call = pb_grpc.ArenaServiceStub(channel).Play(iter([pb.PlayRequest(
                    hello=pb.Hello(bot_name=name, token="guess", protocol_version=1))]),
                    timeout=timeout)
                try:
                    list(call)
                except grpc.RpcError as error:
                    return error.code(), error.details()
                return grpc.StatusCode.OK, ""

        results: list = []
        async with trio.open_nursery() as nursery:
            async def guess(i: int) -> None:
                results.append(await in_thread(lambda: hello(f"guesser-{i}")))

            for i in range(pending):
                nursery.start_soon(guess, i)
            with trio.fail_after(30):
                while records.waiting < 1:
                    await trio.sleep(0.01)
            # Once every guess is queued, the next Hello is turned away at once (one that
            # got in before them waits out its short deadline and counts as queued too).
            turned_away = None
            for _ in range(2 * pending):
                turned_away = await in_thread(lambda: hello("one-too-many", timeout=1))
                if turned_away[0] != grpc.StatusCode.DEADLINE_EXCEEDED:
                    break
            bad_name = await in_thread(lambda: hello("no spaces allowed " * 100))
            with grpc.insecure_channel(hosted.address) as channel:
                try:
                    await in_thread(lambda: pb_grpc.ArenaServiceStub(channel).GetMatch(
                        pb.GetMatchRequest(match_id="x"), timeout=10))
                except grpc.RpcError as error:
                    store_read = error.code()
            records.release.set()
        return results, turned_away, bad_name, store_read

    results, turned_away, bad_name, store_read = run_in_arena(main, records=records)
    assert turned_away[0] == grpc.StatusCode.UNAVAILABLE and "retry" in turned_away[1]
    assert bad_name[0] == grpc.StatusCode.INVALID_ARGUMENT and len(bad_name[1]) < 300
    assert store_read == grpc.StatusCode.NOT_FOUND  # answered while the token checks waited
    assert all(code == grpc.StatusCode.UNAUTHENTICATED for code, _ in results)


def _hub_limit() -> int:
    from arena._service import MAX_PENDING_TOKEN_CHECKS
    return MAX_PENDING_TOKEN_CHECKS


def test_bytes_that_are_no_request_get_invalid_argument_naming_the_message() -> None:
    async def main(hosted: arena.Arena) -> list:
        def call(method: str) -> Any:
            with grpc.insecure_channel(hosted.address) as channel:
                stub = channel.unary_unary(f"/arena.v1.ArenaService/{method}",
                                           request_serializer=lambda b: b)
                try:
                    stub(b"\xff\xff\xff\xff", timeout=10)
                except grpc.RpcError as error:
                    return error.code(), error.details()
                return grpc.StatusCode.OK, ""
        return [await in_thread(lambda m=m: call(m)) for m in ("GetMatch", "ListMatches")]

    answers = run_in_arena(main)
    assert answers == [
        (grpc.StatusCode.INVALID_ARGUMENT, "the request is not a arena.v1.GetMatchRequest"),
        (grpc.StatusCode.INVALID_ARGUMENT, "the request is not a arena.v1.ListMatchesRequest"),
    ]


def test_spectators_per_match_are_capped() -> None:
    hub = Hub()
    hub.feeds["m"] = _hub.MatchFeed(pb.MatchStarted(match_id="m"), pb.SpectatorUpdate)
    for _ in range(_hub.MAX_SPECTATORS_PER_MATCH):
        assert hub.watch("m", Collector()) is None  # type: ignore[arg-type]
    assert "has 100 spectators already" in (hub.watch("m", Collector()) or "")  # type: ignore[arg-type]
