"""The Ray backend on a real local Ray: the same records as the local backend, resume, an
early stop, a worker killed mid-match, the concurrency bound; a clear error without Ray; the
store's ``retried`` column in a database from before it.

Every test that needs Ray shares one Ray instance (started once for the module, ~6 s here;
the tests go to one xdist worker through their group) and is sized to a few matches."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arena.metrics import Metrics
from engine import Result, Termination
from scheduler import cli
from scheduler._ray_backend import play_tournament_on_ray
from scheduler._records import Faults, MatchRecord
from scheduler._store import Store, _row
from tests.support.harness import listening_addresses

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.xdist_group("ray")
PROCESS_BOT = f"proc={sys.executable} -m bots.run random"
RACE = ["--game", "race", "--players", "2", "--move-time", "5", "--seed", "11"]


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[Any]:
    """One local Ray (2 CPUs, no dashboard) for the module's tests, shut down after them."""
    import logging

    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    try:
        yield ray
    finally:
        ray.shutdown()


def by_index(db: Path) -> dict[int, MatchRecord]:
    """The recorded matches of ``db`` by their index in the plan."""
    with Store(db) as store:
        return {r.index: r for r in store.matches() if r.index is not None}


def same_play(a: MatchRecord, b: MatchRecord) -> bool:
    """Same deal, seats, every action and the result (ids and times are the run's own)."""
    assert a.result is not None and b.result is not None
    return (a.seed, a.seats, a.options, a.actions()) == (b.seed, b.seats, b.options, b.actions()) \
        and (a.result.scores, a.result.ranks, a.result.termination) == (
            b.result.scores, b.result.ranks, b.result.termination)


def test_ray_plays_the_local_backends_matches_and_resumes_after_a_stop(
        ray_instance: Any, tmp_path: Path) -> None:
    bots = ["--bot", "builtin:random", "--bot", PROCESS_BOT, "--rounds", "2"]
    local, on_ray, export = tmp_path / "local.sqlite", tmp_path / "ray.sqlite", tmp_path / "x.json"
    assert cli.main(["tournament", *RACE, *bots, "--db", str(local)]) == 0
    with Store(local) as store:
        (row,) = [store.tournament(t) for t in [store.latest_tournament()] if t]
    # The same plan on Ray, stopped after its first match (as SPRT stops), then resumed.
    metrics = Metrics(games=("race",))
    with Store(on_ray) as store:
        tid = store.create_tournament(row.config, [(i, seats) for i, seats in row.schedule])
        played = play_tournament_on_ray(store, tid, metrics=metrics, stop=lambda _: True)
        assert 1 <= played < 4 and not store.tournament(tid).finished
        assert len(store.finished_indices(tid)) == played
    counted = sum(metrics.registry.get_sample_value(
        "arena_matches_total", {"game": "race", "termination": t.value}) or 0
        for t in Termination)
    assert counted == played
    assert (metrics.registry.get_sample_value("arena_decisions_total", {"game": "race"})
            or 0) > 0
    assert cli.main(["tournament", "--resume", tid, "--backend", "ray", "--db", str(on_ray),
                     "--json", str(export)]) == 0
    with Store(on_ray) as store:
        assert store.tournament(tid).finished
    expected, got = by_index(local), by_index(on_ray)
    assert sorted(expected) == sorted(got) == [0, 1, 2, 3]
    for index, record in got.items():
        assert same_play(record, expected[index]), f"match {index} differs between backends"
        assert record.tournament_id == tid and not record.retried
    exported = json.loads(export.read_text())["matches"]
    assert len(exported) == 4 and not any(m["retried"] for m in exported)


def test_a_game_of_game_module_is_played_on_the_workers(ray_instance: Any,
                                                       tmp_path: Path) -> None:
    # The workers import the module the scheduler was given (they knew only the built-in
    # games: every match failed with "unknown game").
    # (This process knows the game already: the tests' conftest registers it.)
    db = tmp_path / "duel.sqlite"
    assert cli.main(["--game-module", "tests.support.duel", "tournament", "--game", "duel",
                     "--bot", "builtin:random", "--bot", PROCESS_BOT, "--rounds", "1",
                     "--seed", "3", "--backend", "ray", "--db", str(db)]) == 0
    with Store(db) as store:
        records = store.matches()
    assert len(records) == 2
    assert all(r.game == "duel" and r.result is not None and r.steps for r in records)


def test_sprt_on_ray_stops_when_it_decides(ray_instance: Any, tmp_path: Path) -> None:
    verdict = tmp_path / "verdict.json"
    code = cli.main(["sprt", "--game", "race", "--bot", "new=builtin:race-greedy",
                     "--bot", "old=builtin:random", "--elo0", "-600", "--elo1", "600",
                     "--max-matches", "60", "--backend", "ray", "--json", str(verdict),
                     "--db", str(tmp_path / "sprt.sqlite"), "--seed", "5"])
    result = json.loads(verdict.read_text())
    assert code == 0 and result["verdict"] and result["error"] is None
    with Store(tmp_path / "sprt.sqlite") as store:
        recorded = len(store.matches())
    # Stopped early (a few matches in flight may still end and be recorded).
    assert result["games"] <= recorded < 60


KILLER = textwrap.dedent("""
    import os, signal, sys, time
    from pathlib import Path
    from bots import Bot, main

    MARK = Path(sys.argv.pop(1))


    def ray_worker() -> int:
        pid = os.getpid()
        while pid > 1:
            stat = Path(f"/proc/{pid}/stat").read_text()
            pid = int(stat.rsplit(")", 1)[1].split()[1])
            if Path(f"/proc/{pid}/cmdline").read_bytes().startswith(b"ray::"):
                return pid
        raise SystemExit("no Ray worker above this bot")


    class Killer(Bot):
        def choose(self, observation, legal, time_left):
            try:  # the first decision ever kills the worker playing it; after that, plays
                mark = os.open(MARK, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                return legal[0].id
            os.write(mark, self.match.match_id.encode())
            os.close(mark)
            os.kill(ray_worker(), signal.SIGKILL)
            time.sleep(60)  # its parent-death signal ends this process
            return legal[0].id


    main(Killer, "killer")
""")


def test_a_match_whose_worker_is_killed_is_played_again_and_says_so(
        ray_instance: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script, mark, db = tmp_path / "killer.py", tmp_path / "killed", tmp_path / "kill.sqlite"
    script.write_text(KILLER)
    code = cli.main(["tournament", *RACE, "--rounds", "1", "--concurrency", "1",
                     "--bot", f"killer={sys.executable} {script} {mark}",
                     "--bot", "builtin:random", "--backend", "ray", "--db", str(db),
                     "--sandbox", "none"])  # it finds its worker among its parents
    assert code == 0
    killed = mark.read_text()
    records = by_index(db)
    assert sorted(records) == [0, 1]
    assert {r.match_id: r.retried for r in records.values()} == {
        r.match_id: r.match_id == killed for r in records.values()}
    assert all(r.result and r.result.termination is Termination.NORMAL
               for r in records.values())
    assert "died" in capsys.readouterr().err
    # --concurrency 1 on a 2-CPU Ray: one match at a time, never two.
    spans = sorted((r.started_at, r.ended_at) for r in records.values())
    assert spans[0][1] <= spans[1][0]


def test_without_ray_the_ray_backend_is_a_usage_error(tmp_path: Path) -> None:
    db = tmp_path / "arena.sqlite"
    hide_ray = ("import sys; sys.modules['ray'] = None; from scheduler.cli import main; "
                "sys.exit(main(sys.argv[1:]))")
    for command in ("tournament", "sprt"):
        run = subprocess.run(
            [sys.executable, "-c", hide_ray, command, "--backend", "ray", "--game", "race",
             "--bot", "builtin:random", "--bot", "b=builtin:random", "--db", str(db)],
            capture_output=True, text=True, timeout=120, cwd=ROOT)
        assert run.returncode == 2, run.stderr
        assert "--backend ray needs Ray" in run.stderr and "pip install" in run.stderr
        assert "[ray]" in run.stderr
        assert not db.exists()  # refused before anything was planned
    # Without --backend ray, nothing asks for Ray.
    run = subprocess.run(
        [sys.executable, "-c", hide_ray, "tournament", "--game", "race", "--rounds", "1",
         "--bot", "builtin:random", "--bot", "b=builtin:random", "--db", str(db)],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert len(by_index(db)) == 2


def test_a_ray_address_where_nothing_listens_is_refused_at_once(tmp_path: Path) -> None:
    # Ray retries an unreachable head for minutes; the arena checks the port first.
    pytest.importorskip("ray")  # without Ray the import check answers before the port check
    run = subprocess.run(
        [sys.executable, "-m", "scheduler.cli", "tournament", "--backend", "ray",
         "--ray-address", "127.0.0.1:1", "--game", "race", "--bot", "builtin:random",
         "--bot", "b=builtin:random", "--db", str(tmp_path / "arena.sqlite")],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 2, run.stderr
    assert "nothing accepts connections at '127.0.0.1:1'" in run.stderr
    assert "--ray-address HOST:PORT" in run.stderr and "Traceback" not in run.stderr


def test_a_database_from_before_the_retried_column_gains_it(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"

    def record(match_id: str, retried: bool = False) -> MatchRecord:
        return MatchRecord(match_id, "race", {}, 1, ["a", "b"], [],
                           Result((1.0, 0.0), (0, 1), Termination.NORMAL, ""),
                           [Faults(), Faults()], retried=retried)

    with Store(db) as store:
        store.record_match(record("m-old"))
        old_line = json.dumps(list(_row(record("m-kept")))[:16])  # as an older arena kept it
    with sqlite3.connect(db) as raw:
        raw.execute("ALTER TABLE matches DROP COLUMN retried")
    Path(str(db) + ".unsaved.jsonl").write_text(old_line + "\n")
    with Store(db) as store:
        store.record_match(record("m-new", retried=True))
        assert store.import_unsaved() == 1
        assert {r.match_id: r.retried for r in store.matches()} == {
            "m-old": False, "m-new": True, "m-kept": False}


def test_a_cluster_that_wants_a_token_is_named_in_one_line(tmp_path: Path) -> None:
    """A Ray head started with RAY_AUTH_MODE=token refuses a driver without its token; Ray
    then speaks of an address it could not reach. The arena's one line names the token."""
    import contextlib
    import os
    import shutil
    import signal
    import socket
    import tempfile

    from tests.support.harness import wait_until

    ray = pytest.importorskip("ray")
    if not hasattr(ray, "__version__") or tuple(map(int, ray.__version__.split(".")[:2])) < (2, 52):
        pytest.skip(f"Ray {ray.__version__} has no token authentication (2.52 and later)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": "the-clusters-token"}
    # Ray's unix sockets live under --temp-dir, and their paths may not pass 107 bytes.
    short = Path(tempfile.mkdtemp(prefix="ray", dir="/tmp"))
    head = subprocess.Popen(
        [str(Path(sys.executable).parent / "ray"), "start", "--head", "--port", str(port),
         "--node-ip-address", "127.0.0.1", "--num-cpus", "1", "--include-dashboard", "false",
         "--temp-dir", str(short), "--block"],
        env=env, stdout=subprocess.DEVNULL, stderr=(tmp_path / "head.log").open("wb"),
        start_new_session=True)
    try:
        def listening() -> bool:
            assert head.poll() is None, (tmp_path / "head.log").read_text()[-3000:]
            with socket.socket() as client:
                return client.connect_ex(("127.0.0.1", port)) == 0
        wait_until(listening, "the Ray head", 120)
        driver = {k: v for k, v in os.environ.items()
                  if k not in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")}
        driver["HOME"] = str(tmp_path)  # no token file from another Ray in ~/.ray
        run = subprocess.run(
            [sys.executable, "-m", "scheduler.cli", "tournament", "--backend", "ray",
             "--ray-address", f"127.0.0.1:{port}", "--game", "race", "--bot",
             "builtin:random", "--bot", "b=builtin:random", "--db",
             str(tmp_path / "arena.sqlite")],
            capture_output=True, text=True, timeout=300, cwd=ROOT, env=driver)
    finally:
        with contextlib.suppress(ProcessLookupError):  # the head and all it started
            os.killpg(head.pid, signal.SIGTERM)
        try:
            head.wait(timeout=30)
        except subprocess.TimeoutExpired:  # `ray start --block` may not stop on SIGTERM
            os.killpg(head.pid, signal.SIGKILL)
            head.wait(timeout=30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGKILL)  # what outlived its parent
        shutil.rmtree(short, ignore_errors=True)
    assert run.returncode == 2, run.stderr
    (line,) = [line for line in run.stderr.splitlines() if line.startswith("arena: error:")]
    assert "cannot join the Ray cluster" in line and "RAY_AUTH_MODE=token" in line
    assert "RAY_AUTH_TOKEN" in line and "Traceback" not in run.stderr
    assert not (tmp_path / "arena.sqlite").exists()  # refused before anything was planned


def test_a_local_ray_listens_on_loopback_only_and_leaves_sigterm_to_the_arena(
        tmp_path: Path) -> None:
    """Without --ray-address the Ray that the backend starts (GCS server, raylet, object
    manager, agents, workers, the driver's own) listens on 127.0.0.1 and nowhere else. And
    SIGTERM still reaches the arena's handler (its clean stop): ``ray.init`` put in Ray's,
    which ended `tournament --backend ray` with a stack dump and exit -6 or 1."""
    pytest.importorskip("ray")
    if not Path("/proc/self/task").exists():
        pytest.skip("reads the listening sockets from /proc (Linux)")
    env = {k: v for k, v in os.environ.items()
           if k not in ("RAY_ADDRESS", "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER")}
    script = textwrap.dedent("""
        import os, signal, sys
        from scheduler._ray_backend import connect, import_ray
        got = []
        signal.signal(signal.SIGTERM, lambda signum, frame: got.append(signum))
        ray = import_ray(None)
        assert connect(ray, None, 1)
        os.kill(os.getpid(), signal.SIGTERM)
        print("started", got == [signal.SIGTERM], flush=True)
        sys.stdin.read()  # until the test has looked
        ray.shutdown()
    """)
    driver = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, env=env, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=(tmp_path / "driver.log").open("w"))
    deadline = threading.Timer(180, driver.kill)  # a Ray that never starts ends the read
    deadline.start()
    try:
        assert driver.stdout is not None and driver.stdin is not None
        assert driver.stdout.readline() == "started True\n", (
            tmp_path / "driver.log").read_text()
        listening = listening_addresses(driver.pid)
        driver.stdin.close()
        assert driver.wait(timeout=120) == 0, (tmp_path / "driver.log").read_text()
    finally:
        deadline.cancel()
        if driver.poll() is None:
            driver.kill()
            driver.wait()
    names = set(listening)
    assert {"gcs_server", "raylet"} <= names, listening  # Ray's own servers were found
    assert all(a.startswith("127.") for addresses in listening.values() for a in addresses), (
        listening)
