"""The gRPC service itself: auth, protocol errors, health, reflection, unary calls, spectators."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from typing import Any

import grpc
import pytest
import trio
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

import arena
from arena.metrics import Metrics
from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BotPool, BotSpec
from scheduler._timecontrol import TimeControl
from tests.support.harness import RANDOM_PROCESS, GatedSeat, run_in_arena


def in_thread(fn: Callable[[], Any]) -> Any:
    """Run a blocking gRPC client call off the arena's loop."""
    return trio.to_thread.run_sync(fn)


def play_requests(address: str, *messages: pb.PlayRequest, timeout: float = 10):
    """Open a Play stream, send ``messages``, return (responses, final status)."""
    with grpc.insecure_channel(address) as channel:
        call = pb_grpc.ArenaServiceStub(channel).Play(iter(messages), timeout=timeout)
        responses = []
        try:
            for response in call:
                responses.append(response)
        except grpc.RpcError as error:
            return responses, error.code(), error.details()
        return responses, grpc.StatusCode.OK, ""


def hello(**fields: Any) -> pb.PlayRequest:
    values = {"bot_name": "bot", "token": "nope", "protocol_version": 1, **fields}
    return pb.PlayRequest(hello=pb.Hello(**values))


def test_bad_streams_get_clear_status_codes_and_the_server_survives() -> None:
    async def main(hosted: arena.Arena) -> dict[str, Any]:
        address = hosted.address
        good_token = hosted.auth.issue("good")
        out: dict[str, Any] = {}
        out["empty"] = await in_thread(lambda: play_requests(address))  # closed before Hello
        out["token"] = await in_thread(lambda: play_requests(address, hello(token="wrong")))
        out["missing"] = await in_thread(lambda: play_requests(address, hello(token="")))
        out["version"] = await in_thread(
            lambda: play_requests(address, hello(protocol_version=2, token=good_token)))
        out["first"] = await in_thread(lambda: play_requests(
            address, pb.PlayRequest(move=pb.Move(match_id="x"))))
        out["game"] = await in_thread(lambda: play_requests(
            address, hello(games=["chess"], token=good_token)))
        out["big"] = await in_thread(lambda: play_requests(
            address, hello(bot_name="x" * (2 << 20))))
        # After all that, a good bot still gets in (its one-time token is still unused).
        out["good"] = await in_thread(lambda: play_requests(
            address, hello(bot_name="good", token=good_token), timeout=1))
        out["health"] = await in_thread(lambda: health_pb2_grpc.HealthStub(
            grpc.insecure_channel(address)).Check(health_pb2.HealthCheckRequest(
                service="arena.v1.ArenaService"), timeout=5).status)
        return out

    out = run_in_arena(main)
    assert out["empty"] == ([], grpc.StatusCode.OK, "")
    assert out["token"][1] == grpc.StatusCode.UNAUTHENTICATED
    assert "bad or missing token for bot 'bot'" in out["token"][2]
    assert out["missing"][1] == grpc.StatusCode.UNAUTHENTICATED
    assert out["version"][1] == grpc.StatusCode.FAILED_PRECONDITION
    assert "protocol version 2 is not supported; this arena speaks version 1" in out["version"][2]
    assert out["first"][1] == grpc.StatusCode.FAILED_PRECONDITION
    assert "must be Hello" in out["first"][2]
    assert out["game"][1] == grpc.StatusCode.INVALID_ARGUMENT
    assert "unknown game(s) 'chess'" in out["game"][2]
    assert out["big"][1] == grpc.StatusCode.RESOURCE_EXHAUSTED
    responses, code, _ = out["good"]
    assert responses[0].WhichOneof("message") == "welcome"
    assert responses[0].welcome.protocol_version == 1
    assert code == grpc.StatusCode.OK  # closing our side ends the session cleanly
    assert out["health"] == health_pb2.HealthCheckResponse.SERVING


def test_a_one_time_token_is_accepted_only_once() -> None:
    async def main(hosted: arena.Arena):
        token = hosted.auth.issue("once")
        first = await in_thread(lambda: play_requests(
            hosted.address, hello(bot_name="once", token=token), timeout=0.5))
        second = await in_thread(lambda: play_requests(
            hosted.address, hello(bot_name="once", token=token), timeout=0.5))
        return first, second

    first, second = run_in_arena(main)
    assert first[0][0].WhichOneof("message") == "welcome"
    assert second[1] == grpc.StatusCode.UNAUTHENTICATED


def test_reflection_lists_the_services_and_list_games_describes_them() -> None:
    async def main(hosted: arena.Arena):
        def call():
            with grpc.insecure_channel(hosted.address) as channel:
                stub = reflection_pb2_grpc.ServerReflectionStub(channel)
                request = reflection_pb2.ServerReflectionRequest(list_services="")
                services = [s.name for r in stub.ServerReflectionInfo(iter([request]), timeout=5)
                            for s in r.list_services_response.service]
                games = pb_grpc.ArenaServiceStub(channel).ListGames(
                    pb.ListGamesRequest(), timeout=5)
                try:
                    pb_grpc.ArenaServiceStub(channel).GetStandings(
                        pb.GetStandingsRequest(game="chess"), timeout=5)
                except grpc.RpcError as error:
                    bad = (error.code(), error.details())
                return services, games, bad
        return await in_thread(call)

    services, games, bad = run_in_arena(main)
    assert "arena.v1.ArenaService" in services and "grpc.health.v1.Health" in services
    duel = next(g for g in games.games if g.name == "duel")
    assert (duel.min_players, duel.max_players, duel.simultaneous) == (2, 4, True)
    assert [(o.name, o.default_value, o.accepted) for o in duel.options] == [
        ("rounds", "3", "1..50")]
    assert bad[0] == grpc.StatusCode.INVALID_ARGUMENT and "unknown game 'chess'" in bad[1]


def test_a_spectator_sees_public_information_only() -> None:
    metrics = Metrics(games=("duel",))

    async def main(hosted: arena.Arena):
        specs = [BotSpec.parse(f"a={RANDOM_PROCESS}"), BotSpec.parse(f"b={RANDOM_PROCESS}")]
        pool = BotPool(specs)
        watched: list[pb.WatchMatchResponse] = []
        gate = trio.Event()  # the match waits for the spectator

        def watch():
            with grpc.insecure_channel(hosted.address) as channel:
                for response in pb_grpc.ArenaServiceStub(channel).WatchMatch(
                        pb.WatchMatchRequest(match_id="watched"), timeout=30):
                    watched.append(response)
                    if response.WhichOneof("message") == "match_started":
                        trio.from_thread.run_sync(gate.set)

        async with trio.open_nursery() as nursery:
            await pool.start(nursery)
            seats = [GatedSeat(await pool.seat("a"), gate), GatedSeat(await pool.seat("b"), gate)]
            nursery.start_soon(in_thread, watch)
            record = await run_match(MatchSpec("watched", "duel", 3, {"rounds": 5}), seats,
                                     TimeControl.per_move(5), metrics=metrics,
                                     feeds=hosted.hub.feeds)
            pool.stop()
        return record, watched

    record, watched = run_in_arena(main, metrics=metrics)
    kinds = [w.WhichOneof("message") for w in watched]
    assert kinds[0] == "match_started" and kinds[-1] == "match_ended"
    steps = [w.update.step for w in watched if w.WhichOneof("message") == "update"]
    assert steps == list(range(len(record.steps) + 1))  # the view on joining, then each step
    for update in (w.update for w in watched if w.WhichOneof("message") == "update"):
        view = json.loads(update.observation.generic.json)
        assert view["my_secret"] is None
        assert not any("secret" in e for e in update.events)
    assert list(watched[-1].match_ended.result.ranks) == list(record.result.ranks)
    assert metrics.registry.get_sample_value(
        "arena_decisions_total", {"game": "duel"}) == sum(len(s) for s in record.steps)
    assert metrics.registry.get_sample_value(
        "arena_matches_total", {"game": "duel", "termination": "normal"}) == 1
    assert metrics.registry.get_sample_value("arena_connected_bots") == 0
    assert metrics.registry.get_sample_value("arena_active_matches", {"game": "duel"}) == 0


def test_metrics_are_served_over_http() -> None:
    metrics = Metrics(games=("duel",))

    async def main(hosted: arena.Arena):
        port = metrics.serve(0)
        specs = [BotSpec.parse(f"a={RANDOM_PROCESS}"), BotSpec.parse("builtin:random")]
        pool = BotPool(specs, metrics=metrics)
        async with trio.open_nursery() as nursery:
            await pool.start(nursery)
            connected = metrics.registry.get_sample_value("arena_connected_bots")
            seats = [await pool.seat("a"), await pool.seat("random")]
            await run_match(MatchSpec("m1", "duel", 1, {"rounds": 2}), seats,
                            TimeControl.per_move(5), metrics=metrics)
            pool.stop()
        text = await in_thread(lambda: urllib.request.urlopen(
            f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode())
        return connected, text

    connected, text = run_in_arena(main, metrics=metrics)
    assert connected == 1
    assert 'arena_matches_total{game="duel",termination="normal"} 1.0' in text
    assert 'arena_decisions_total{game="duel"} 6.0' in text
    assert "arena_decision_latency_seconds_bucket" in text
    assert 'arena_timeouts_total{game="duel"} 0.0' in text


@pytest.mark.parametrize("limit", [1001])
def test_list_matches_without_a_store_or_with_a_bad_limit(limit: int) -> None:
    async def main(hosted: arena.Arena):
        def call(request):
            with grpc.insecure_channel(hosted.address) as channel:
                try:
                    pb_grpc.ArenaServiceStub(channel).ListMatches(request, timeout=5)
                except grpc.RpcError as error:
                    return error.code(), error.details()
        return (await in_thread(lambda: call(pb.ListMatchesRequest(limit=limit))),
                await in_thread(lambda: call(pb.ListMatchesRequest())))

    too_many, no_store = run_in_arena(main)
    assert too_many[0] == grpc.StatusCode.INVALID_ARGUMENT and "0..1000" in too_many[1]
    assert no_store[0] == grpc.StatusCode.FAILED_PRECONDITION


def test_records_are_served_standings_matches_and_replays(tmp_path) -> None:
    from scheduler._reports import StoreRecords
    from scheduler._store import Store
    from scheduler._tournament import TournamentConfig, play_tournament

    store = Store(tmp_path / "records.sqlite")
    config = TournamentConfig(game="duel", bots=(f"p={RANDOM_PROCESS}", "builtin:random"),
                              rounds=2, options={"rounds": 3})
    tid = store.create_tournament(config.to_dict(), config.schedule().pairs())

    async def main(hosted: arena.Arena):
        await play_tournament(store, tid)

        def call():
            with grpc.insecure_channel(hosted.address) as channel:
                stub = pb_grpc.ArenaServiceStub(channel)
                standings = stub.GetStandings(pb.GetStandingsRequest(game="duel"), timeout=5)
                listed = stub.ListMatches(pb.ListMatchesRequest(game="duel", limit=10), timeout=5)
                first = listed.matches[-1].match_id
                record = stub.GetMatch(pb.GetMatchRequest(match_id=first), timeout=5).match
                watched = list(stub.WatchMatch(pb.WatchMatchRequest(match_id=first), timeout=5))
                try:
                    stub.GetMatch(pb.GetMatchRequest(match_id="nope"), timeout=5)
                except grpc.RpcError as error:
                    missing = error.code()
                return standings, listed, record, watched, missing
        return await in_thread(call)

    standings, listed, record, watched, missing = run_in_arena(main, records=StoreRecords(store))
    assert {s.bot_name for s in standings.standings} == {"p", "random"}
    assert all(s.matches == 4 and s.elo_low <= s.elo <= s.elo_high for s in standings.standings)
    assert len(listed.matches) == 4
    stored = store.match(record.match_id)
    assert stored is not None and len(record.steps) == len(stored.steps) == 6
    assert record.seed == stored.seed
    from tests.support.duel import GAME
    replayed = GAME.replay(2, record.seed, dict(record.options),
                           [{a.seat: a.action_id for a in step.actions} for step in record.steps])
    assert list(replayed.result().ranks) == list(record.result.ranks)
    assert [w.WhichOneof("message") for w in watched] == ["match_started", "match_ended"]
    assert missing == grpc.StatusCode.NOT_FOUND


class _Tokens:
    """Records that know one registered bot (as `arena bot add` would store it)."""

    def __init__(self, name: str, token: str) -> None:
        self.name, self.token = name, token

    def check_token(self, name: str, token: str) -> bool:
        return (name, token) == (self.name, self.token)

    def standings(self, game, tournament_id):
        return []

    def match_record(self, match_id):
        return None

    def list_matches(self, game, limit):
        return []


def test_the_sdk_reconnects_after_the_stream_is_lost() -> None:
    import subprocess
    import sys

    async def main(hosted: arena.Arena):
        process = await trio.lowlevel.open_process(
            [sys.executable, "-m", "bots.run", "random", f"--address={hosted.address}",
             "--token=secret", "--name=phoenix"], stdin=subprocess.DEVNULL)
        try:
            first = await hosted.hub.wait_for_bot("phoenix")
            hosted.hub.close_all()  # the server ends the stream, as a restart would
            second = await hosted.hub.wait_for_bot("phoenix")
            return first.id, second.id, first.closed
        finally:
            process.kill()
            await process.wait()

    first, second, first_closed = run_in_arena(main, records=_Tokens("phoenix", "secret"))
    assert first_closed and second != first


def test_a_bot_in_two_matches_at_once_runs_in_two_processes() -> None:
    """As an engine per game in cutechess: concurrent matches never share a bot's CPU."""
    async def main(hosted: arena.Arena):
        pool = BotPool([BotSpec.parse(f"g={RANDOM_PROCESS}"), BotSpec.parse("builtin:random")])
        async with trio.open_nursery() as nursery:
            await pool.start(nursery)
            first, second = await pool.seat("g"), await pool.seat("g")
            await run_match(MatchSpec("m-1", "duel", 1, {"rounds": 2}),
                            [first, await pool.seat("random")], TimeControl.per_move(5))
            third = await pool.seat("g")  # the first match's process is free again
            processes = [i.process.pid for i in pool.instances["g"]]
            pool.stop()
        return first.session, second.session, third.session, processes

    first, second, third, processes = run_in_arena(main)
    assert first is not second and third is first
    assert len(set(processes)) == 2


def test_a_bot_process_still_connecting_when_the_matches_stop_is_killed() -> None:
    """SPRT's stop cancels the workers; one of them may be waiting for a new process of a
    bot to connect. That process must not outlive the pool (the tournament waited for it)."""
    async def main(hosted: arena.Arena) -> bool:
        pool = BotPool([BotSpec.parse(f"g={RANDOM_PROCESS}")])
        launched = trio.Event()
        launch = pool._launch

        async def watched(spec: BotSpec):  # noqa: ANN202 - the pool's own method, watched
            process = await launch(spec)
            launched.set()
            return process

        with trio.move_on_after(60) as hung:
            async with trio.open_nursery() as nursery:
                await pool.start(nursery)
                await pool.seat("g")  # the one process is busy now
                pool._launch = watched  # type: ignore[method-assign]
                try:
                    async with trio.open_nursery() as workers:
                        workers.start_soon(pool.seat, "g")  # launches a second one
                        await launched.wait()
                        workers.cancel_scope.cancel()
                finally:
                    pool.stop()
        return hung.cancelled_caught

    assert run_in_arena(main) is False


def test_one_connection_plays_several_matches_at_once() -> None:
    async def main(hosted: arena.Arena):
        pool = BotPool([BotSpec.parse(f"multi={RANDOM_PROCESS}"),
                        BotSpec.parse("x=builtin:random"), BotSpec.parse("y=builtin:random")])
        both_started = trio.Event()
        started = []

        class Gate(arena.Seat):
            def __init__(self, inner):
                self.inner, self.name = inner, inner.name

            async def start(self, match):
                await self.inner.start(match)
                started.append(match.match_id)
                if len(started) == 2:
                    both_started.set()

            async def decide(self, request):
                await both_started.wait()
                return await self.inner.decide(request)

            async def end(self, ended):
                await self.inner.end(ended)

        records = []
        async with trio.open_nursery() as nursery:
            await pool.start(nursery)
            # Two seats on the one connection (a tournament would start a process per match).
            session = (await pool.seat("multi")).session  # type: ignore[attr-defined]
            one, two = arena.RemoteSeat(session), arena.RemoteSeat(session)

            async def play(match_id, seat, other):
                records.append(await run_match(
                    MatchSpec(match_id, "duel", 1, {"rounds": 3}),
                    [Gate(seat), await pool.seat(other)], TimeControl.per_move(5)))

            async with trio.open_nursery() as matches:
                matches.start_soon(play, "m-a", one, "x")
                matches.start_soon(play, "m-b", two, "y")
                await both_started.wait()
                in_flight = len(one.session.matches)  # type: ignore[attr-defined]
            pool.stop()
        return records, in_flight, one.session is two.session  # type: ignore[attr-defined]

    records, in_flight, same_session = run_in_arena(main)
    assert same_session and in_flight == 2
    assert all(r.result.termination.value == "normal" for r in records)


def test_a_bot_with_max_matches_leaves_cleanly_after_them() -> None:
    async def main(hosted: arena.Arena):
        pool = BotPool([BotSpec.parse(f"once={RANDOM_PROCESS} --max-matches 1"),
                        BotSpec.parse("builtin:random")])
        async with trio.open_nursery() as nursery:
            await pool.start(nursery)
            record = await run_match(MatchSpec("only", "duel", 2, {"rounds": 2}),
                                     [await pool.seat("once"), await pool.seat("random")],
                                     TimeControl.per_move(5))
            (once,) = pool.instances["once"]
            await once.process.exited.wait()
            return record, once.process.returncode

    record, code = run_in_arena(main)
    assert record.result.termination.value == "normal"
    assert code == 0
