"""A real ladder of several player counts: skill ratings stored with each match and equal
to a rebuild, versions from Hello and from `arena bot add --version`, and the standings
(`arena ratings --json`, GetStandings) showing mu, sigma, ordinal and version."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import grpc

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import arena_service_pb2_grpc as pb_grpc
from scheduler._skill import SIGMA0
from scheduler._store import Store
from tests.scheduler.test_serve import ARENA, ROOT, _serve, run_ladder


def _arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ARENA, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_a_ladder_of_two_and_three_players_rates_skills_and_versions(tmp_path: Path) -> None:
    db = tmp_path / "mixed.sqlite"
    # One match at a time: every match is planned with all four bots free, so each count
    # is drawn (both appear in 16 matches but with probability 2^-15). The first match waits
    # for all four: on a loaded machine the first two could play all 16 before the others
    # came.
    _, log = run_ladder(db, {"a": ["random", "--version", "2.0"],  # the SDK says its version
                             "b": ["random"], "c": ["random"], "d": ["random"]},
                        "--game", "duel", "--players", "2-3", "--max-matches", "16",
                        "--concurrency", "1", "--move-time", "10", "--ladder-start-bots", "4")
    connected = [i for i, line in enumerate(log) if " connected from " in line]
    started = [i for i, line in enumerate(log) if re.search(r"match \S+ started", line)]
    assert len(connected) == 4 and started[0] > connected[3], "".join(log[:20])
    with Store(db) as store:
        records = store.matches(game="duel")
        assert len(records) == 16 and {len(r.seats) for r in records} == {2, 3}
        live = store.load_skills("duel")
        assert store.versions()["a"][-1][1] == "2.0" and live["a"].version == "2.0"
        assert sum(s.matches for s in live.values()) == sum(len(r.seats) for r in records)
        assert all(s.sigma < SIGMA0 for s in live.values())
        assert store.rebuild_skills("duel") == live  # the live update is the replay
    # A registered bot re-added with a new version keeps its token and history.
    again = _arena("bot", "add", "b", "--version", "1.1", "--db", str(db))
    assert again.returncode == 0 and "token is unchanged" in again.stdout, again.stderr
    twice = _arena("bot", "add", "b", "--db", str(db))
    assert twice.returncode == 2 and "--version" in twice.stderr
    bad = _arena("bot", "add", "b", "--version", "", "--db", str(db))
    assert bad.returncode == 2 and "version" in bad.stderr
    out = tmp_path / "ratings.json"
    shown = _arena("ratings", "--db", str(db), "--json", str(out))
    assert shown.returncode == 0, shown.stderr
    assert "ordinal" in shown.stdout and "2.0" in shown.stdout
    lines = {line["bot"]: line for line in json.loads(out.read_text())["standings"]}
    assert set(lines) == {"a", "b", "c", "d"}
    for bot, line in lines.items():
        assert line["ordinal"] == line["mu"] - 3 * line["sigma"]
        assert line["matches"] == live[bot].matches
    assert lines["a"]["version"] == "2.0" and lines["b"]["version"] == "1.1"
    # The whole history replayed (the standings) is the ladder's live rating, but for b,
    # whose new version came after its last match and changes nothing yet.
    assert lines["a"]["mu"] == live["a"].mu and lines["c"]["sigma"] == live["c"].sigma
    server, address = _serve(db, "--game", "duel", "--no-ladder")
    try:
        with grpc.insecure_channel(address) as channel:
            standings = pb_grpc.ArenaServiceStub(channel).GetStandings(
                pb.GetStandingsRequest(game="duel"), timeout=60).standings
    finally:
        server.kill()
        server.wait(timeout=30)
    served = {s.bot_name: s for s in standings}
    assert served["a"].mu == lines["a"]["mu"] and served["a"].version == "2.0"
    assert served["d"].ordinal == lines["d"]["ordinal"] and served["d"].sigma > 0


def test_a_hello_with_a_bad_version_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "v.sqlite"
    with Store(db) as store:
        token = store.add_bot("v")
    server, address = _serve(db, "--game", "duel", "--no-ladder")
    try:
        with grpc.insecure_channel(address) as channel:
            call = pb_grpc.ArenaServiceStub(channel).Play(iter([pb.PlayRequest(
                hello=pb.Hello(bot_name="v", token=token, protocol_version=1,
                               version="x" * 65))]), timeout=30)
            try:
                list(call)
                raise AssertionError("a version of 65 characters was accepted")
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
                assert "Hello.version" in (error.details() or "")
    finally:
        server.kill()
        server.wait(timeout=30)
