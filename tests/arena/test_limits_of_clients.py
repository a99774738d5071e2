"""What a careless or hostile client cannot do: grow the server without end, starve it, get
its own strings echoed at any length, or get an unclear answer to bytes that mean nothing."""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable
from typing import Any

import grpc
import trio

import arena
from arena import _guard, _hub
from arena._bridge import OutboxDropped, open_asyncio_host
from arena._hub import REFUSED_BURST, BotSession, Hub, RemoteSeat
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
    assert queued == 1  # only the marker that makes the reader give up: the rest is freed
    assert raised == "10 messages were waiting to be read"


def test_a_spectator_that_does_not_read_cannot_grow_the_server() -> None:
    async def main(hosted: arena.Arena) -> tuple[bool, int, int]:
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
                assert hosted.clients.spectators == 1
                gate.set()
            # The client still reads nothing and keeps its end open, yet its handler (stuck
            # writing to it) was ended when it overflowed: it holds no slot and no messages.
            with trio.fail_after(30):
                while hosted.clients.spectators:
                    await trio.sleep(0.01)
            return watcher.dropped is not None, len(watcher), hosted.clients.spectators
        finally:
            call.cancel()
            channel.close()

    overflowed, queued, open_streams = run_in_arena(main)
    assert overflowed and queued <= 1 and open_streams == 0


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
        session.open["m2"] = _hub.OpenDecision("m2", 7)
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
            # got in before them waits out its short deadline and counts as queued too). The
            # deadline leaves a loaded machine the time to say so: at 1 s, every try of a run
            # at load 15 ran out before the refusal came.
            turned_away = None
            for _ in range(2 * pending):
                turned_away = await in_thread(lambda: hello("one-too-many", timeout=5))
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

    # One peer here: lift the per-peer share to see the arena-wide cap.
    results, turned_away, bad_name, store_read = run_in_arena(
        main, records=records, limits=arena.ClientLimits(token_checks_per_peer=1000))
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


def test_open_spectator_streams_are_capped_until_their_handlers_return() -> None:
    limits = arena.ClientLimits(max_spectators=3)

    async def main(hosted: arena.Arena) -> tuple[list[Any], list[Any]]:
        gate = trio.Event()  # the match is live, and waits, while the streams open
        seats = [GatedSeat(BuiltinSeat(f"r{i}", "random"), gate) for i in range(2)]
        channel = grpc.insecure_channel(hosted.address)
        stub = pb_grpc.ArenaServiceStub(channel)
        held = []

        def refused() -> Any:
            try:
                next(iter(stub.WatchMatch(pb.WatchMatchRequest(match_id="live"), timeout=10)))
            except grpc.RpcError as error:
                return error.code(), error.details()
            return "accepted"

        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(lambda: run_match(
                    MatchSpec("live", "duel", 5), seats, TimeControl.per_move(5),
                    feeds=hosted.hub.feeds))
                with trio.fail_after(30):
                    while "live" not in hosted.hub.feeds:
                        await trio.sleep(0.01)
                for _ in range(3):  # opened, never read
                    held.append(stub.WatchMatch(pb.WatchMatchRequest(match_id="live"),
                                                timeout=60))
                with trio.fail_after(30):
                    while hosted.clients.spectators < 3:
                        await trio.sleep(0.01)
                full = [await in_thread(refused)]
                held.pop().cancel()  # one leaves: its slot is free once its handler returns
                with trio.fail_after(30):
                    while hosted.clients.spectators > 2:
                        await trio.sleep(0.01)
                again = [await in_thread(refused)]
                gate.set()
            return full, again
        finally:
            for call in held:
                call.cancel()
            channel.close()

    full, again = run_in_arena(main, limits=limits)
    assert full[0][0] == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "serves 3 spectators already" in full[0][1]
    assert again == ["accepted"]


def test_the_peer_guard_counts_each_host_and_forgets_none_it_holds() -> None:
    now = [0.0]
    guard = _guard.PeerGuard(arena.ClientLimits(max_spectators=3, max_spectators_per_peer=2,
                                                 calls_per_second=2, call_burst=3),
                             clock=lambda: now[0])
    assert guard.open_spectator("ipv4:10.0.0.1") is None
    assert guard.open_spectator("ipv4:10.0.0.1") is None
    assert "has 2 spectator streams open" in (guard.open_spectator("ipv4:10.0.0.1") or "")
    assert guard.open_spectator("ipv4:10.0.0.2") is None
    assert "serves 3 spectators" in (guard.open_spectator("ipv4:10.0.0.3") or "")
    guard.close_spectator("ipv4:10.0.0.1")
    assert guard.spectators == 2 and guard.open_spectator("ipv4:10.0.0.3") is None
    assert [guard.allow_call("a") for _ in range(4)] == [True, True, True, False]
    assert guard.allow_call("b")  # another host has its own budget
    now[0] += 0.5  # one call's worth at 2 a second
    assert guard.allow_call("a") and not guard.allow_call("a")
    assert _guard.peer_host("ipv4:127.0.0.1:5555") == "ipv4:127.0.0.1"
    # An IPv6 client counts by its /64 (a site's usual share), however gRPC writes it.
    assert _guard.peer_host("ipv6:[::1]:5555") == "ipv6:[::]/64"
    assert _guard.peer_host("ipv6:%5B2001:db8:1:2::7%5D:5555") == "ipv6:[2001:db8:1:2::]/64"
    assert _guard.peer_host("ipv6:[2001:db8:1:2:ffff::9]:1") == "ipv6:[2001:db8:1:2::]/64"
    assert _guard.peer_host("ipv6:[fe80::1%25eth0]:1") == "ipv6:[fe80::]/64"
    assert _guard.peer_host("ipv6:[2001:db8:1:3::7]:1") == "ipv6:[2001:db8:1:3::]/64"


def test_the_call_budget_table_is_bounded() -> None:
    guard = _guard.PeerGuard(arena.ClientLimits())
    for i in range(_guard._PEERS_KEPT + 500):
        guard.allow_call(f"ipv4:10.{i >> 16 & 255}.{i >> 8 & 255}.{i & 255}")
    assert len(guard._budgets) == _guard._PEERS_KEPT


def test_a_peer_making_too_many_calls_is_told_to_back_off() -> None:
    async def main(hosted: arena.Arena) -> list[Any]:
        def calls() -> list[Any]:
            out = []
            with grpc.insecure_channel(hosted.address) as channel:
                stub = pb_grpc.ArenaServiceStub(channel)
                for _ in range(8):
                    try:
                        stub.ListGames(pb.ListGamesRequest(), timeout=10)
                        out.append("ok")
                    except grpc.RpcError as error:
                        out.append((error.code(), error.details()))
            return out
        return await in_thread(calls)

    # A slow refill, so that the test's own speed cannot change what it sees.
    answers = run_in_arena(main, limits=arena.ClientLimits(call_burst=5, calls_per_second=0.01))
    assert answers[:5] == ["ok"] * 5
    code, details = answers[5]
    assert code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "made more than 5 calls" in details and "retry with backoff" in details


def test_long_ids_are_refused_and_the_standings_cache_is_bounded(tmp_path) -> None:
    from scheduler._reports import STANDINGS_CACHED, StoreRecords
    from scheduler._store import Store

    records = StoreRecords(Store(tmp_path / "s.sqlite"))

    async def main(hosted: arena.Arena) -> list[Any]:
        def calls() -> list[Any]:
            out = []
            with grpc.insecure_channel(hosted.address) as channel:
                stub = pb_grpc.ArenaServiceStub(channel)
                for request, method in [
                        (pb.GetStandingsRequest(game="duel", tournament_id="t" * 100_000),
                         stub.GetStandings),
                        (pb.GetMatchRequest(match_id="m" * 129), stub.GetMatch)]:
                    try:
                        method(request, timeout=10)
                    except grpc.RpcError as error:
                        out.append((error.code(), error.details()))
                for i in range(STANDINGS_CACHED + 20):
                    stub.GetStandings(pb.GetStandingsRequest(game="duel", tournament_id=f"t{i}"),
                                      timeout=10)
            return out
        return await in_thread(calls)

    refused = run_in_arena(main, records=records,
                           limits=arena.ClientLimits(call_burst=1000))
    assert [code for code, _ in refused] == [grpc.StatusCode.INVALID_ARGUMENT] * 2
    assert all("accepted: at most 128 characters" in text for _, text in refused)
    assert "(100000 characters)" in refused[0][1]  # echoed cut, with its length
    assert len(records._standings) == STANDINGS_CACHED


def test_one_peer_cannot_hold_every_token_check() -> None:
    records = _SlowTokens()
    limits = arena.ClientLimits(token_checks_per_peer=2)

    async def main(hosted: arena.Arena) -> list[Any]:
        def hello(channel: grpc.Channel) -> Any:
            call = pb_grpc.ArenaServiceStub(channel).Play(iter([pb.PlayRequest(
                hello=pb.Hello(bot_name="someone", token="guess", protocol_version=1))]),
                timeout=30)
            try:
                list(call)
            except grpc.RpcError as error:
                return error.code(), error.details()
            return "closed"

        with grpc.insecure_channel(hosted.address) as channel:
            answers: list[Any] = []
            async def first_ones() -> None:
                answers.append(await in_thread(lambda: hello(channel)))

            async with trio.open_nursery() as nursery:
                for _ in range(2):
                    nursery.start_soon(first_ones)
                with trio.fail_after(30):
                    while sum(hosted.clients._token_checks.values()) < 2:
                        await trio.sleep(0.01)
                third = await in_thread(lambda: hello(channel))
                records.release.set()
            return [third, *answers]

    third, *first_two = run_in_arena(main, records=records, limits=limits)
    assert third[0] == grpc.StatusCode.RESOURCE_EXHAUSTED and "being checked" in third[1]
    assert [code for code, _ in first_two] == [grpc.StatusCode.UNAUTHENTICATED] * 2


def test_the_connection_front_holds_all_hosts_to_the_cap_of_all_and_names_each_client(
) -> None:
    """The front before a stand-in server that greets each connection with the client the
    front says it carries: two connections in all are joined, the third is closed unread,
    and each greeting names the client's own address, not the front's (known from the
    client's first byte on, as a gRPC handler needs it)."""
    from arena._front import Front, listen, peer_name

    notes: list[tuple[str, str]] = []

    def note(host: str, reason: str) -> bool:
        notes.append((host, reason))
        return True

    front = Front(per_host=10, total=2, note=note)

    async def greet(stream: trio.SocketStream) -> None:
        await stream.receive_some(1)  # a gRPC client speaks first (the HTTP/2 preface)
        peer = front.origin(peer_name(stream.socket.getpeername()))
        await stream.send_all(peer.encode() + b"\n")
        await stream.receive_some(1)  # until the client closes

    async def main() -> tuple[list[bytes], list[str]]:
        async with open_asyncio_host() as host, trio.open_nursery() as nursery:
            (server,) = await nursery.start(
                functools.partial(trio.serve_tcp, greet, 0, host="127.0.0.1"))
            front.upstream = ("127.0.0.1", server.socket.getsockname()[1])
            listening = listen("127.0.0.1", 0)
            port = listening[0].getsockname()[1]
            await host.run(front.start(listening))
            clients = [await trio.open_tcp_stream("127.0.0.1", port) for _ in range(3)]
            for client in clients:
                with contextlib.suppress(trio.BrokenResourceError):  # the third: maybe closed
                    await client.send_all(b"?")
            greetings = []
            with trio.fail_after(30):
                for client in clients:
                    try:
                        greetings.append(await client.receive_some(100))
                    except trio.BrokenResourceError:  # reset: closed before "?" arrived
                        greetings.append(b"")
            names = [f"ipv4:127.0.0.1:{c.socket.getsockname()[1]}\n" for c in clients]
            for client in clients:
                await client.aclose()
            await host.run(front.stop())
            nursery.cancel_scope.cancel()
        return greetings, names

    greetings, names = trio.run(main)
    assert greetings[:2] == [name.encode() for name in names[:2]]
    assert greetings[2] == b""  # closed unread
    assert notes == [("ipv4:127.0.0.1", "connections")]
