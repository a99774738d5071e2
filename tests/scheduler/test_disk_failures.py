"""The database's disk fills up mid-run: nothing finished is lost, nothing half-written, and
the run goes on (serve) or resumes (tournament) once the disk has room again.

The disk is a real one: a small tmpfs mounted for the test (root only; skipped elsewhere)."""

from __future__ import annotations

import errno
import re
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from scheduler._store import Store
from tests.support.harness import wait_until

ROOT = Path(__file__).resolve().parents[2]
ARENA = [sys.executable, "-m", "scheduler.cli", "--game-module", "tests.support.duel"]


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 16 MB file system of its own."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(mount)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here ({done.stderr.strip()}); these tests "
                    f"need root (CI runs as root)")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Take every free byte of ``disk``; remove the returned file to free them again."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as out:  # unbuffered: nothing left to flush at close
        try:
            while True:
                out.write(b"\0" * 65536)
        except OSError as error:
            assert error.errno == errno.ENOSPC
    return filler


def recorded(db: Path) -> int:
    try:
        with sqlite3.connect(db, timeout=5) as connection:
            return int(connection.execute("SELECT COUNT(*) FROM matches").fetchone()[0])
    except sqlite3.Error:
        return 0


def test_a_tournament_stops_with_one_line_and_resumes_once_the_disk_has_room(
        small_disk: Path) -> None:
    db = small_disk / "t.sqlite"
    tournament = subprocess.Popen(
        [*ARENA, "tournament", "--game", "duel", "--bot", "builtin:random", "--bot",
         "b=builtin:random", "--rounds", "100", "--option", "rounds=8", "--db", str(db),
         "--seed", "3", "--concurrency", "1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: recorded(db) >= 3, "the first matches", 60)
        filler = fill(small_disk)
        _, err = tournament.communicate(timeout=120)
    finally:
        tournament.kill()
        tournament.wait(timeout=30)
    assert tournament.returncode == 4, err
    assert "refused match" in err and "--resume" in err and "Traceback" not in err, err
    before = recorded(db)
    assert before >= 3
    filler.unlink()
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    resumed = subprocess.run([*ARENA, "tournament", "--resume", "--db", str(db)], cwd=ROOT,
                             capture_output=True, text=True, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    store = Store(db)
    records = store.matches()
    assert len(records) == 200 and len({r.index for r in records}) == 200
    assert not store.unsaved_path.exists()


def test_serve_keeps_playing_through_a_full_disk_and_writes_everything_after(
        small_disk: Path) -> None:
    db = small_disk / "s.sqlite"
    store = Store(db)
    tokens = {name: store.add_bot(name) for name in ("p", "q")}
    store.close()
    server = subprocess.Popen(
        [*ARENA, "serve", "--port", "0", "--metrics-port", "0", "--db", str(db), "--game",
         "duel", "--max-matches", "40", "--concurrency", "1"],
        cwd=ROOT, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    bots = []
    try:
        assert server.stderr is not None
        match = re.search(r"listening on (\S+);", server.stderr.readline())
        assert match
        address = match[1]
        reader = threading.Thread(target=lambda: lines.extend(server.stderr), daemon=True)
        reader.start()
        bots = [subprocess.Popen([sys.executable, "-m", "bots.run", "random",
                                  f"--address={address}", f"--token={token}", f"--name={name}",
                                  "--game", "duel"], cwd=ROOT)
                for name, token in tokens.items()]
        wait_until(lambda: recorded(db) >= 3, "the first matches", 60)
        filler = fill(small_disk)
        wait_until(lambda: any("cannot write to the database" in line for line in lines),
                   "the server to say the database refuses writes", 120)
        with grpc.insecure_channel(address) as channel:
            health = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service="arena.v1.ArenaService"), timeout=10)
        assert health.status == health_pb2.HealthCheckResponse.NOT_SERVING
        assert server.poll() is None  # still serving
        filler.unlink()
        assert server.wait(timeout=300) == 0
        reader.join(timeout=30)
    finally:
        for process in [server, *bots]:
            process.kill()
            process.wait(timeout=30)
    said = "".join(lines)
    assert said.count("cannot write to the database") == 1  # said once
    assert "takes writes again" in said and "Traceback" not in said
    assert recorded(db) == 40


def test_every_message_says_how_to_go_on_the_same_way() -> None:
    # One builder for the interrupt's line, a refused write's, a lost Ray worker's and the
    # refusals of --resume: a path with a space is quoted for the shell, sprt has no resume.
    from scheduler._tournament import how_to_go_on

    assert how_to_go_on("tournament", "t-1") == "go on with `arena tournament --resume t-1`"
    assert how_to_go_on("gauntlet", "t-2", "my runs/a.sqlite") == (
        "go on with `arena gauntlet --resume t-2 --db 'my runs/a.sqlite'`")
    assert how_to_go_on("sprt", "t-3", "a.sqlite").startswith(
        "run the sprt again: it has no resume")
