"""The SQLite store, on a real file: round trips, idempotence, restarts, tokens."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from engine import Result, Termination
from scheduler._records import Faults, MatchRecord, SeatAction
from scheduler._store import Store, StoreError


def full_record(
    match_id: str = "m-1", tid: str | None = "t-00000001", index: int | None = 3
) -> MatchRecord:
    return MatchRecord(
        match_id=match_id,
        game="sector41",
        options={"turns": 12, "variant": "short", "open": True},
        seed=987654321,
        seats=["alpha", "beta", "gamma"],
        steps=[
            [SeatAction(0, 4, 0.0125)],
            [SeatAction(1, 0, 1.5, defaulted=True), SeatAction(2, 17, 0.25)],
        ],
        result=Result((12.5, 3.0, 3.0), (0, 1, 1), Termination.TIMEOUT, "beta ran out of time",
                      (1,)),
        faults=[Faults(), Faults(timeouts=1, illegal=2), Faults(crashes=1, disconnects=1)],
        tournament_id=tid,
        index=index,
        started_at=1700000000.25,
        ended_at=1700000042.5,
    )


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "arena.db")


def test_match_round_trip_with_every_field(store: Store) -> None:
    record = full_record()
    assert store.record_match(record) is True
    assert store.match("m-1") == record
    assert store.match("nope") is None


def test_matches_can_be_read_without_their_steps(store: Store) -> None:
    from dataclasses import replace

    store.record_match(full_record())
    store.record_match(full_record("m-2", index=4))
    light = store.matches(steps=False)
    assert light == [replace(r, steps=[]) for r in store.matches()]
    assert all(r.steps for r in store.matches())


def test_record_is_idempotent(store: Store) -> None:
    assert store.record_match(full_record()) is True
    assert store.record_match(full_record()) is False
    # Same place in the same tournament under another match id: still the same match.
    assert store.record_match(full_record(match_id="m-2")) is False
    assert len(store.matches()) == 1
    # Ladder matches have no place; each is its own.
    assert store.record_match(full_record("l-1", None, None)) is True
    assert store.record_match(full_record("l-2", None, None)) is True
    assert len(store.matches()) == 3


def test_unfinished_matches_are_refused(store: Store) -> None:
    record = full_record()
    record.result = None
    with pytest.raises(ValueError, match="'m-1' has no result"):
        store.record_match(record)


def test_a_reopened_store_sees_everything(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "arena.db"
    first = Store(path)
    token = first.add_bot("alpha")
    tid = first.create_tournament({"game": "sector41"}, [(0, ("alpha", "beta"))])
    first.record_match(full_record(tid=tid, index=0))
    first.save_ratings("sector41", {"alpha": 12.5})
    # No close(): a killed process does not close its connection either.
    second = Store(path)
    assert second.bot_names() == ["alpha"] and second.check_token("alpha", token)
    assert second.tournament(tid).schedule == ((0, ("alpha", "beta")),)
    assert second.finished_indices(tid) == {0}
    assert second.match("m-1") == full_record(tid=tid, index=0)
    assert second.load_ratings("sector41") == {"alpha": 12.5}
    first.close()
    second.close()
    # A rollback journal, not WAL (whose -shm index is memory-mapped: docs/operations.md).
    assert path.read_bytes()[18:20] == b"\x01\x01"  # SQLite's file format: 1 rollback, 2 WAL
    assert not Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists()


def test_a_wal_database_of_an_older_arena_is_turned_into_a_journaled_one(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    Store(path).close()
    old = sqlite3.connect(path, isolation_level=None)  # as an older arena left it: WAL
    assert old.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
    old.execute("INSERT INTO bots VALUES ('x', 'h', 0)")
    assert Path(f"{path}-shm").exists()
    old.close()
    store = Store(path)
    assert store.bot_names() == ["x"]
    assert path.read_bytes()[18:20] == b"\x01\x01"
    assert not Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists()
    store.close()


def test_a_schema_from_another_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "arena.db"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(StoreError, match="schema version 99"):
        Store(path)


def test_tokens(store: Store, tmp_path: Path) -> None:
    token = store.add_bot("greedy-1.2_x")
    assert len(token) == 32
    assert store.check_token("greedy-1.2_x", token)
    assert not store.check_token("greedy-1.2_x", token + "x")
    assert not store.check_token("greedy-1.2_x", "")
    assert not store.check_token("nobody", token)
    other = store.add_bot("other")
    assert other != token and not store.check_token("other", token)
    # Only a salted hash is kept: the token is nowhere in the file.
    store.close()
    raw = b"".join(path.read_bytes() for path in tmp_path.glob("arena.db*"))
    assert token.encode() not in raw and other.encode() not in raw
    with sqlite3.connect(tmp_path / "arena.db") as db:
        hashes = [h for (h,) in db.execute("SELECT token_hash FROM bots")]
    assert all(h.startswith("scrypt$") and token not in h for h in hashes)


def test_bot_names_and_errors(store: Store) -> None:
    store.add_bot("b")
    store.add_bot("a")
    assert store.bot_names() == ["a", "b"]
    with pytest.raises(ValueError, match="'a' is already registered"):
        store.add_bot("a")
    for bad in ["", "has space", "x" * 65, "semi;colon", "é"]:
        with pytest.raises(ValueError, match="use 1 to 64 of"):
            store.add_bot(bad)
    store.remove_bot("a")
    assert store.bot_names() == ["b"]
    with pytest.raises(LookupError, match="no bot named 'a'"):
        store.remove_bot("a")


def test_tournament_round_trip(store: Store) -> None:
    config = {"game": "sector41", "players": 3, "bots": ["a", "b", "c"], "move_time": 0.5}
    schedule = [(0, ("a", "b", "c")), (1, ("b", "c", "a")), (2, ("c", "a", "b"))]
    tid = store.create_tournament(config, schedule)
    assert tid.startswith("t-") and len(tid) == 10
    row = store.tournament(tid)
    assert row.id == tid and row.config == config and not row.finished
    assert row.schedule == tuple(schedule)
    assert row.created_at > 0
    store.finish_tournament(tid)
    assert store.tournament(tid).finished
    with pytest.raises(LookupError, match="no tournament 't-missing'"):
        store.tournament("t-missing")
    with pytest.raises(LookupError, match="no tournament"):
        store.finish_tournament("t-missing")
    with pytest.raises(ValueError, match="repeated indices"):
        store.create_tournament(config, [(0, ("a", "b")), (0, ("b", "a"))])


def test_latest_tournament(store: Store) -> None:
    assert store.latest_tournament() is None
    first = store.create_tournament({"game": "sector41"}, [])
    second = store.create_tournament({"game": "othergame"}, [])
    assert store.latest_tournament() == second
    assert store.latest_tournament("sector41") == first
    assert store.latest_tournament("unknown") is None
    store.finish_tournament(second)
    assert store.latest_tournament(unfinished=True) == first
    store.finish_tournament(first)
    assert store.latest_tournament(unfinished=True) is None


def test_finished_indices_and_results(store: Store) -> None:
    tid = store.create_tournament({"game": "sector41"}, [(i, ("a", "b")) for i in range(4)])
    for index, ranks in [(0, (0, 1)), (2, (1, 0)), (3, (0, 0))]:
        record = full_record(f"m-{index}", tid, index)
        record.seats = ["a", "b"]
        record.result = Result((1.0, 0.0), ranks)
        store.record_match(record)
    store.record_match(full_record("other", None, None))
    assert store.finished_indices(tid) == {0, 2, 3}
    assert store.results("sector41", tid) == [(["a", "b"], [0, 1]), (["a", "b"], [1, 0]),
                                              (["a", "b"], [0, 0])]  # fmt: skip
    assert len(store.results("sector41")) == 4
    assert store.results("othergame") == []
    newest = store.matches()
    assert [m.match_id for m in newest] == ["other", "m-3", "m-2", "m-0"]
    assert [m.match_id for m in store.matches(tournament_id=tid, limit=2)] == ["m-3", "m-2"]
    assert store.matches(game="othergame") == []


def test_live_ratings(store: Store) -> None:
    assert store.load_ratings("sector41") == {}
    store.save_ratings("sector41", {"a": 10.0, "b": -10.0})
    store.save_ratings("other", {"a": 1.0})
    store.save_ratings("sector41", {"a": 12.0, "c": -12.0})
    assert store.load_ratings("sector41") == {"a": 12.0, "c": -12.0}
    assert store.load_ratings("other") == {"a": 1.0}


def test_served_standings_are_fitted_again_only_after_new_matches(store: Store) -> None:
    from scheduler._reports import StoreRecords

    store.record_match(full_record("m-1", index=1))
    slow, fresh = StoreRecords(store, refresh_seconds=3600), StoreRecords(store, refresh_seconds=0)
    first = slow.standings("sector41", "")
    assert slow.standings("sector41", "") is first  # nothing new: not fitted again
    assert fresh.standings("sector41", "") is fresh.standings("sector41", "")
    store.record_match(full_record("m-2", index=2))
    assert slow.standings("sector41", "") is first  # new, but fitted under an hour ago
    refitted = fresh.standings("sector41", "")
    assert [s.matches for s in refitted] == [2, 2, 2]
    assert store.last_match_seq() == 2


def test_a_tournament_is_played_by_one_process_at_a_time(tmp_path: Path) -> None:
    import subprocess
    import sys

    db = tmp_path / "claimed.sqlite"
    store = Store(db)
    probe = ("import sys; from scheduler._store import Store, TournamentBusy\n"
             "try:\n"
             "    with Store(sys.argv[1]).claim(sys.argv[2]): print('free')\n"
             "except TournamentBusy as error: print(error)\n")

    def other_process(tid: str) -> str:
        root = Path(__file__).resolve().parents[2]
        return subprocess.run([sys.executable, "-c", probe, str(db), tid], cwd=root,
                              capture_output=True, text=True, timeout=60, check=True).stdout
    with store.claim("t-1"):
        assert "t-1 is being played by another process" in other_process("t-1")
        assert other_process("t-2") == "free\n"  # another tournament of the same database
    assert other_process("t-1") == "free\n"  # released with the block (and with the process)


def test_a_write_waiting_for_another_writer_leaves_the_trio_thread_free(tmp_path: Path) -> None:
    """While a match's commit waits on another connection's lock, the matches go on: the
    write runs on a worker thread (on the trio thread it would hold every clock still)."""
    import threading

    import trio

    from scheduler._tournament import TournamentConfig, play_tournament

    writing = threading.Event()

    class WatchedStore(Store):
        def record_match(self, record: MatchRecord) -> bool:
            writing.set()
            return super().record_match(record)

    db = tmp_path / "locked.sqlite"
    store = WatchedStore(db)
    config = TournamentConfig(game="duel", bots=("a=builtin:random", "b=builtin:random"),
                              rounds=1, options={"rounds": 3})
    tid = store.create_tournament(config.to_dict(), config.schedule().pairs())
    other_writer = sqlite3.connect(db, isolation_level=None)
    other_writer.execute("BEGIN IMMEDIATE")  # holds the write lock until it ends

    async def main() -> None:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(play_tournament, store, tid)
            with trio.fail_after(30):
                while not writing.is_set():
                    await trio.sleep(0.001)
            # This task runs while the commit waits (within the 5 s busy timeout): release it.
            other_writer.execute("ROLLBACK")

    trio.run(main)
    other_writer.close()
    assert len(store.finished_indices(tid)) == 2
    assert store.tournament(tid).finished


def test_the_ladder_records_a_match_once_another_writer_lets_go(tmp_path: Path) -> None:
    """A server's write that finds the database locked past the busy timeout tries again
    (it used to raise out of `arena serve`, losing the match and stopping the server)."""
    import threading

    import trio

    from scheduler._tournament import commit_match

    db = tmp_path / "ladder.sqlite"
    store = Store(db, busy_timeout=0.01)
    attempts: list[int] = []
    second_attempt = threading.Event()

    def write(record: MatchRecord) -> bool:
        attempts.append(1)
        if len(attempts) == 2:
            second_attempt.set()
        return store.record_match(record)

    other_writer = sqlite3.connect(db, isolation_level=None)
    other_writer.execute("BEGIN IMMEDIATE")

    async def main() -> bool:
        async with trio.open_nursery() as nursery:
            result: list[bool] = []

            async def commit() -> None:
                result.append(await commit_match(write, full_record(), trio.CapacityLimiter(1),
                                                 while_locked=True))

            nursery.start_soon(commit)
            with trio.fail_after(30):
                while not second_attempt.is_set():
                    await trio.sleep(0.001)
            other_writer.execute("ROLLBACK")
        return result[0]

    assert trio.run(main) is True
    other_writer.close()
    assert store.match("m-1") == full_record()
    assert len(attempts) >= 2


def test_matches_that_end_as_a_tournament_is_stopped_are_all_recorded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SPRT stops a tournament after a match; the matches that ended in the same moment are
    written all the same (their commits were cancelled on the way to the worker thread)."""
    import trio

    import scheduler._tournament as tournament

    ended: list[str] = []
    play = tournament.run_match

    async def counted(*args: object, **kwargs: object) -> MatchRecord:
        record = await play(*args, **kwargs)  # type: ignore[arg-type]
        ended.append(record.match_id)
        return record

    monkeypatch.setattr(tournament, "run_match", counted)
    store = Store(tmp_path / "stopped.sqlite")
    config = tournament.TournamentConfig(
        game="duel", bots=("a=builtin:random", "b=builtin:random"), rounds=4, concurrency=4,
        options={"rounds": 3})
    tid = store.create_tournament(config.to_dict(), config.schedule().pairs())
    trio.run(lambda: tournament.play_tournament(store, tid, stop=lambda record: True))
    assert len(ended) >= 2  # equal matches of in-process bots end in the same moment
    assert len(store.finished_indices(tid)) == len(ended)


def test_a_refused_match_kept_beside_the_database_is_recorded_once_later(tmp_path: Path) -> None:
    store = Store(tmp_path / "kept.sqlite")
    record = MatchRecord("m-kept", "duel", {"rounds": 2}, 99, ["a", "b"],
                         [[SeatAction(0, 1, 0.25), SeatAction(1, 0, 0.5, True)]],
                         Result((3.0, 1.0), (0, 1), Termination.TIMEOUT, "late", (1,)),
                         [Faults(), Faults(timeouts=1)], "t-1", 4, 1.0, 2.0)
    store.keep_unsaved(record)
    with open(store.unsaved_path, "a") as out:
        out.write('["m-cut-short", "duel"')  # a crash in the middle of a line
    assert store.import_unsaved() == 1
    assert store.match("m-kept") == record  # every field back as it was
    assert not store.unsaved_path.exists() and store.import_unsaved() == 0


def test_a_rated_match_and_its_ratings_are_one_write(tmp_path: Path) -> None:
    store = Store(tmp_path / "rated.sqlite")
    record = MatchRecord("m1", "duel", {}, 1, ["a", "b"], [],
                         Result((1.0, 0.0), (0, 1)), [Faults(), Faults()])
    ratings = store.record_rated_match(record, lambda now: {**now, "a": 10.0, "b": -10.0})
    assert ratings == store.load_ratings("duel") == {"a": 10.0, "b": -10.0}
    # Again (a retry after a write that did go through): not rated twice.
    assert store.record_rated_match(record, lambda now: {"a": 99.0}) == ratings
    with pytest.raises(ZeroDivisionError):  # a failing rating leaves the match unrecorded
        store.record_rated_match(MatchRecord("m2", "duel", {}, 1, ["a", "b"], [],
                                             Result((1.0, 0.0), (0, 1))), lambda now: {1: 1 / 0})
    assert store.match("m2") is None
