"""The results store: bots, tournaments, matches and live ratings in one SQLite file.

Every write is one transaction, and the file keeps a rollback journal (``TRUNCATE``) with
``synchronous=FULL``: a committed transaction survives the process being killed and a power
cut, so a killed tournament loses at most the matches still in flight, and a restart finds
every finished one. Not WAL: a WAL database's index (the ``-shm`` file) is memory-mapped by
every connection, and when that file stops taking writes (a read-only remount, an immutable
or truncated file, a full or failing disk) the process dies of SIGBUS instead of getting an
error it could wait out; exclusive locking mode (the WAL index in heap memory) would lock out
the server's own reader threads and every other process (``arena ratings --db`` on a live
server). A rollback journal maps nothing: a failing file is an ``sqlite3.Error`` like any
other. It costs an fsync per commit (1.1 ms per recorded match on a quiet disk, 20-30 ms on a
busy one, against 0.4-2 ms in WAL: docs/operations.md), and a write waits for readers to
finish (``busy_timeout``). Steps are stored as compact JSON,
one row per match, because a match is always read whole (for replays and reports) and never
queried by action.

A Store is one connection, for one thread at a time. It is opened with
``check_same_thread=False`` so that it may be handed to a worker thread as long as calls never
overlap: tournaments and the ladder commit matches on a worker thread, one at a time (a commit
may wait up to ``busy_timeout`` for another process's write, and the trio thread must not).
"""

from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import logging
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from arena._hub import BOT_NAME, BOT_NAME_RULE
from engine import Result, Termination

from ._records import Faults, MatchRecord, SeatAction
from ._skill import Skill, update_skill, version_at

SCHEMA_VERSION = 1
log = logging.getLogger("arena.store")
# Ladder matches being played: a row is written when one starts and removed with its record,
# so that the ones a killed server leaves behind are found (and recorded aborted) on restart.
_LIVE_TABLE = """CREATE TABLE IF NOT EXISTS live_matches (
    match_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    seats TEXT NOT NULL,
    started_at REAL NOT NULL
)"""


# The ladder's live skill ratings (``_skill``) and the versions of bots, added without a new
# schema version, as live_matches: an older arena never reads them; a database without them
# gets them (empty) when opened, and ``Store.rebuild_skills`` fills the skills from the
# recorded matches.
_SKILL_TABLES = {
    "skills": """CREATE TABLE IF NOT EXISTS skills (
    game TEXT NOT NULL,
    bot TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    version TEXT NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (game, bot)
)""",
    "bot_versions": """CREATE TABLE IF NOT EXISTS bot_versions (
    bot TEXT NOT NULL,
    version TEXT NOT NULL,
    since REAL NOT NULL,
    PRIMARY KEY (bot, since)
)""",
}


# Tokens are 192 random bits, so no guessing attack is helped by a slow hash; the KDF is kept
# cheap (a few milliseconds) because every connecting bot is checked, one after another, in
# the service's token-check thread.
# The parameters are stored with each hash so they can be raised without a migration.
_SCRYPT_N, _SCRYPT_R, _SCRYPT_P = 2**11, 8, 1

_SCHEMA = """
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE bots (
    name TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    created_at REAL NOT NULL
);
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    game TEXT,
    config TEXT NOT NULL,
    created_at REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE schedule (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    seats TEXT NOT NULL,
    PRIMARY KEY (tournament_id, idx)
);
CREATE TABLE matches (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    steps TEXT NOT NULL,
    scores TEXT NOT NULL,
    ranks TEXT NOT NULL,
    termination TEXT NOT NULL,
    reason TEXT NOT NULL,
    forfeited TEXT NOT NULL,
    faults TEXT NOT NULL,
    tournament_id TEXT,
    idx INTEGER,
    started_at REAL NOT NULL,
    ended_at REAL NOT NULL,
    retried INTEGER NOT NULL DEFAULT 0,
    UNIQUE (tournament_id, idx)
);
CREATE INDEX matches_by_game ON matches (game, seq);
CREATE TABLE ratings (
    game TEXT NOT NULL,
    bot TEXT NOT NULL,
    elo REAL NOT NULL,
    updated_at REAL NOT NULL,
    PRIMARY KEY (game, bot)
);
"""


class StoreError(Exception):
    """A database this version cannot use (a newer or unknown schema)."""


class TournamentBusy(Exception):
    """Another process is playing this tournament (``Store.claim``)."""


@dataclass(frozen=True)
class TournamentRow:
    """A stored tournament: its config, its planned schedule, and whether it finished."""

    id: str
    config: dict[str, Any]
    schedule: tuple[tuple[int, tuple[str, ...]], ...]
    created_at: float
    finished: bool


class Store:
    """Bots, tournaments, matches and ratings in one SQLite file, created on first use."""

    def __init__(self, path: str | os.PathLike[str], busy_timeout: float = 5.0,
                 check: bool = True) -> None:
        """``busy_timeout``: seconds a write waits for another connection's lock. ``check``:
        run SQLite's quick integrity check first (StoreError naming what it found)."""
        self.path = str(path)
        self._secrets: dict[str, int] = {}  # the seeds of an in-memory database
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            # Readable by this user only (SQLite gives its journal the database's mode).
            with suppress(OSError):  # a read-only folder: connect says so below
                os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
        # isolation_level=None: no implicit transactions; _transaction() opens each one.
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA mmap_size=0")  # nothing of the file is ever memory-mapped
        with suppress(sqlite3.OperationalError):  # a read-only file is read as it is
            # An older arena's WAL file (and its -shm) is turned into a journaled one.
            mode = self._db.execute("PRAGMA journal_mode=TRUNCATE").fetchone()[0]
            if mode == "wal":
                log.warning("the database %r stays in WAL mode: another process has it open "
                            "(an older arena?); its -shm file is memory-mapped until every "
                            "process has closed it", self.path)
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute(f"PRAGMA busy_timeout={round(busy_timeout * 1000)}")
        if check:
            self._check_integrity()
        self._migrate()

    def _check_integrity(self) -> None:
        try:
            found = [row[0] for row in self._db.execute("PRAGMA quick_check(5)")]
        except sqlite3.DatabaseError as error:
            found = [str(error)]
        if found != ["ok"]:
            self._db.close()
            raise StoreError(f"database {self.path!r} is damaged (SQLite's quick_check: "
                             f"{'; '.join(found)[:300]}); restore it from a backup, or give "
                             f"--db a new file")

    def close(self) -> None:
        """Close the database connection."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _migrate(self) -> None:
        """Create the schema in a new file; in an existing one only read it (when nothing is
        missing), so that a read-only database can still be read."""
        tables = {name for (name,) in self._db.execute(
            "SELECT name FROM sqlite_master WHERE type='table'")}
        if {"schema_version", "live_matches", *_SKILL_TABLES} <= tables:
            found = self._db.execute("SELECT version FROM schema_version").fetchone()
        else:
            with self._transaction() as db:
                # Added without a new schema version: an older arena never reads them.
                db.execute(_LIVE_TABLE)
                for statement in _SKILL_TABLES.values():
                    db.execute(statement)
                if "schema_version" not in tables:
                    for statement in _SCHEMA.split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
                found = db.execute("SELECT version FROM schema_version").fetchone()
        version = None if found is None else found[0]
        if version != SCHEMA_VERSION:
            raise StoreError(
                f"database {self.path!r} has schema version {version}; "
                f"this arena reads version {SCHEMA_VERSION}"
            )
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(matches)")}
        if "retried" not in columns:
            # Added without a new schema version: an older arena names its columns, and its
            # inserts get the default.
            with self._transaction() as db:
                db.execute("ALTER TABLE matches ADD COLUMN retried INTEGER NOT NULL DEFAULT 0")

    # -- bots -------------------------------------------------------------------------------

    def add_bot(self, name: str, version: str | None = None) -> str:
        """Register ``name`` (as ``version``, if given) and return its new token (shown
        once; only a hash is kept)."""
        if not isinstance(name, str) or not BOT_NAME.fullmatch(name):
            raise ValueError(f"bot name {name!r} is not accepted; use {BOT_NAME_RULE}")
        if version is not None:
            _check_version(version)
        token = secrets.token_urlsafe(24)
        now = time.time()
        try:
            with self._transaction() as db:
                db.execute(
                    "INSERT INTO bots (name, token_hash, created_at) VALUES (?, ?, ?)",
                    (name, _hash_token(token), now),
                )
                if version is not None:
                    db.execute("INSERT INTO bot_versions VALUES (?, ?, ?)", (name, version, now))
        except sqlite3.IntegrityError:
            raise ValueError(f"a bot named {name!r} is already registered (give --version to "
                             f"record a new version of it)") from None
        return token

    def add_version(self, name: str, version: str, since: float | None = None) -> bool:
        """Note that bot ``name`` plays as ``version`` from time ``since`` (now by default):
        its name, history and rating stay, its skill's sigma grows at its next rated match.
        False (nothing written) when that is already its latest version."""
        _check_version(version)
        with self._transaction() as db:
            latest = db.execute("SELECT version FROM bot_versions WHERE bot = ? "
                                "ORDER BY since DESC LIMIT 1", (name,)).fetchone()
            if latest is not None and latest[0] == version:
                return False
            db.execute("INSERT OR REPLACE INTO bot_versions VALUES (?, ?, ?)",
                       (name, version, time.time() if since is None else since))
        return True

    def versions(self) -> dict[str, list[tuple[float, str]]]:
        """Every bot's versions, oldest first, each with the time it was first seen."""
        out: dict[str, list[tuple[float, str]]] = {}
        for bot, version, since in self._db.execute(
                "SELECT bot, version, since FROM bot_versions ORDER BY bot, since"):
            out.setdefault(bot, []).append((since, version))
        return out

    def check_token(self, name: str, token: str) -> bool:
        """Whether ``token`` is the registered token of bot ``name`` (constant-time compare)."""
        row = self._db.execute("SELECT token_hash FROM bots WHERE name = ?", (name,)).fetchone()
        if row is None:
            # Hash anyway, so an unknown name takes as long to refuse as a wrong token.
            _hash_token(token)
            return False
        return _verify_token(token, row[0])

    def bot_names(self) -> list[str]:
        """The registered bot names, sorted."""
        return [name for (name,) in self._db.execute("SELECT name FROM bots ORDER BY name")]

    def remove_bot(self, name: str) -> None:
        """Unregister bot ``name`` (its recorded matches stay); LookupError if unknown."""
        with self._transaction() as db:
            if db.execute("DELETE FROM bots WHERE name = ?", (name,)).rowcount == 0:
                raise LookupError(f"no bot named {name!r} is registered")

    # -- tournaments ------------------------------------------------------------------------

    def create_tournament(
        self, config: dict[str, Any], pairings: Sequence[tuple[int, tuple[str, ...]]]
    ) -> str:
        """Store a tournament's JSON config and planned ``(index, seats)``; return its id.

        ``config["game"]``, when present, is what ``latest_tournament(game)`` filters on.
        """
        public = {key: value for key, value in config.items() if key != "seed"}
        config_json = json.dumps(public, sort_keys=True)
        rows = [(index, json.dumps(list(seats))) for index, seats in pairings]
        while True:
            tid = f"t-{secrets.token_hex(4)}"
            try:
                with self._transaction() as db:
                    db.execute(
                        "INSERT INTO tournaments (id, game, config, created_at)"
                        " VALUES (?, ?, ?, ?)",
                        (tid, config.get("game"), config_json, time.time()),
                    )
                    db.executemany(
                        "INSERT INTO schedule (tournament_id, idx, seats) VALUES (?, ?, ?)",
                        [(tid, index, seats) for index, seats in rows],
                    )
                if "seed" in config:
                    self._save_seed(tid, int(config["seed"]))
                return tid
            except sqlite3.IntegrityError:
                if self._db.execute("SELECT 1 FROM tournaments WHERE id = ?", (tid,)).fetchone():
                    continue  # a random id collision: draw another
                raise ValueError(
                    f"the schedule has repeated indices: {sorted(i for i, _ in pairings)}"
                ) from None

    def tournament(self, tid: str) -> TournamentRow:
        """The stored tournament ``tid``; LookupError naming the known ids if there is none."""
        row = self._db.execute(
            "SELECT config, created_at, finished FROM tournaments WHERE id = ?", (tid,)
        ).fetchone()
        if row is None:
            known = [t for (t,) in self._db.execute("SELECT id FROM tournaments ORDER BY rowid")]
            shown = ", ".join(known[-10:]) or "none"
            raise LookupError(f"no tournament {tid!r} in {self.path}; latest: {shown}")
        schedule = tuple(
            (index, tuple(json.loads(seats)))
            for index, seats in self._db.execute(
                "SELECT idx, seats FROM schedule WHERE tournament_id = ? ORDER BY idx", (tid,)
            )
        )
        config = json.loads(row[0])
        seed = self._seeds().get(tid)
        if seed is not None:
            config["seed"] = seed
        return TournamentRow(tid, config, schedule, row[1], bool(row[2]))

    # -- the tournaments' master seeds ----------------------------------------------------------
    # A master seed tells every deal of its tournament, so it is not in the database (which
    # reports and `arena ratings` read, and which a bot without a sandbox might): it is in
    # ``<database>.secrets.json``, readable by this user only.

    @property
    def secrets_path(self) -> Path:
        """Where the tournaments' master seeds are kept."""
        return Path(self.path + ".secrets.json")

    def _seeds(self) -> dict[str, int]:
        if self.path == ":memory:":
            return self._secrets
        try:
            return {k: int(v) for k, v in json.loads(self.secrets_path.read_text()).items()}
        except FileNotFoundError:
            return {}

    def _save_seed(self, tid: str, seed: int) -> None:
        if self.path == ":memory:":
            self._secrets[tid] = seed
            return
        seeds = {**self._seeds(), tid: seed}
        partial = self.secrets_path.with_suffix(".partial")
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as out:
            json.dump(seeds, out)
            out.flush()
            os.fsync(out.fileno())
        partial.replace(self.secrets_path)

    def private_paths(self) -> tuple[str, ...]:
        """Every file of this store that a launched bot must never see: the database, its
        journal and lock files, the records waiting to be written, the seeds."""
        if self.path == ":memory:":
            return ()
        base = os.path.abspath(self.path)
        return (base, *(base + suffix for suffix in ("-wal", "-shm", "-journal", ".lock")),
                os.path.abspath(self.unsaved_path), os.path.abspath(self.secrets_path))

    def latest_tournament(self, game: str | None = None, unfinished: bool = False,
                          kind: str | None = None) -> str | None:
        """The id of the most recently created tournament (of ``game``; not finished, if
        ``unfinished``; of ``kind``, the config's "kind", "tournament" for none), or None."""
        query = "SELECT id FROM tournaments WHERE 1"
        args: tuple[str, ...] = ()
        if game is not None:
            query += " AND game = ?"
            args = (game,)
        if unfinished:
            query += " AND NOT finished"
        if kind is not None:
            query += " AND coalesce(json_extract(config, '$.kind'), 'tournament') = ?"
            args = (*args, kind)
        row = self._db.execute(query + " ORDER BY created_at DESC, rowid DESC LIMIT 1", args)
        found = row.fetchone()
        return None if found is None else str(found[0])

    def finished_indices(self, tid: str) -> set[int]:
        """Schedule indices of ``tid`` whose match is recorded (to skip on resume)."""
        rows = self._db.execute("SELECT idx FROM matches WHERE tournament_id = ?", (tid,))
        return {index for (index,) in rows}

    @contextmanager
    def claim(self, tid: str) -> Iterator[None]:
        """Hold tournament ``tid`` for this process while the block runs; TournamentBusy if
        another process holds it (two resumes of one tournament would play it twice).

        A one-byte lock in ``<database>.lock`` at an offset of the id's own: the kernel drops
        it when the process ends, however it ends, so a killed run leaves no stale claim.
        """
        if self.path == ":memory:":
            yield
            return
        offset = int.from_bytes(hashlib.sha256(tid.encode()).digest()[:4], "big")
        with open(self.path + ".lock", "a+b") as lock:
            try:
                fcntl.lockf(lock, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, offset)
            except OSError:
                raise TournamentBusy(f"tournament {tid} is being played by another process "
                                     f"on {self.path}; wait for it or stop it first") from None
            try:
                yield
            finally:
                fcntl.lockf(lock, fcntl.LOCK_UN, 1, offset)

    def finish_tournament(self, tid: str) -> None:
        """Mark tournament ``tid`` finished; LookupError if unknown."""
        with self._transaction() as db:
            if db.execute("UPDATE tournaments SET finished = 1 WHERE id = ?", (tid,)).rowcount == 0:
                raise LookupError(f"no tournament {tid!r} in {self.path}")

    def forget_unplayed_tournament(self, tid: str) -> bool:
        """Delete tournament ``tid`` and its plan if none of its matches is recorded (a
        tournament that could not start leaves nothing behind); whether it was deleted."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM matches WHERE tournament_id = ?", (tid,)).fetchone():
                return False
            db.execute("DELETE FROM schedule WHERE tournament_id = ?", (tid,))
            return db.execute("DELETE FROM tournaments WHERE id = ?", (tid,)).rowcount > 0

    def is_empty(self) -> bool:
        """Whether the database holds no tournament, match or bot."""
        return not any(self._db.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone()
                       for table in ("tournaments", "matches", "bots"))

    # -- matches ----------------------------------------------------------------------------

    def record_match(self, record: MatchRecord) -> bool:
        """Insert a finished match; False (and nothing written) if it is already recorded.

        A match is the same when its ``match_id`` is, or its ``(tournament_id, index)``.
        """
        with self._transaction() as db:
            return _insert_match(db, record)

    def record_rated_match(
        self, record: MatchRecord, rate: Callable[[dict[str, float]], dict[str, float]]
    ) -> dict[str, float]:
        """Insert a finished match, replace its game's live ratings with
        ``rate(current ratings)`` and update its seats' skills (``_skill``), in one
        transaction (a failed write leaves none of them, so it can be tried again); a match
        already recorded is not rated twice."""
        with self._transaction() as db:
            ratings = self._insert_rated(db, record, rate)
            return self.load_ratings(record.game) if ratings is None else ratings

    def _insert_rated(self, db: sqlite3.Connection, record: MatchRecord,
                      rate: Callable[[dict[str, float]], dict[str, float]]
                      ) -> dict[str, float] | None:
        """``record_rated_match`` within a transaction; None if the match was recorded already."""
        current = self.load_ratings(record.game)
        if not _insert_match(db, record):
            return None
        ratings = rate(current)
        _replace_ratings(db, record.game, ratings)
        assert record.result is not None  # _insert_match refuses a match without one
        if record.result.termination is Termination.ABORTED:
            return ratings  # rates nobody's skill, as rebuild_skills replays it
        history = self.versions()
        skills = update_skill(self.load_skills(record.game), record.seats,
                              record.result.ranks,
                              {bot: version_at(history[bot], record.started_at)
                               for bot in record.seats if bot in history})
        _write_skills(db, record.game, {bot: skills[bot] for bot in record.seats})
        return ratings

    def begin_live(self, match_id: str, game: str, seats: Sequence[str]) -> None:
        """Note that ladder match ``match_id`` has started (see ``abort_interrupted``)."""
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO live_matches VALUES (?, ?, ?, ?)",
                       (match_id, game, _dumps(list(seats)), time.time()))

    def abort_interrupted(self) -> list[str]:
        """Record every ladder match that started and never ended (its server was killed) as
        aborted: no steps, every seat tied, not rated; their ids."""
        with self._transaction() as db:
            rows = list(db.execute("SELECT match_id, game, seats, started_at FROM live_matches"))
            for match_id, game, seats, started_at in rows:
                names = json.loads(seats)
                _insert_match(db, MatchRecord(
                    match_id, game, {}, 0, names, [],
                    Result(tuple(0.0 for _ in names), tuple(0 for _ in names),
                           Termination.ABORTED, "the server stopped during the match"),
                    [Faults() for _ in names], started_at=started_at, ended_at=started_at))
        return [row[0] for row in rows]

    @property
    def unsaved_path(self) -> Path:
        """Where records that could not be written wait for ``import_unsaved``."""
        return Path(self.path + ".unsaved.jsonl")

    def keep_unsaved(self, record: MatchRecord) -> Path:
        """Append ``record`` to ``unsaved_path`` (the database refused it); OSError if that
        fails too (the same full disk, say)."""
        with open(self.unsaved_path, "a", encoding="utf-8") as out:
            out.write(_dumps(list(_row(record))) + "\n")
            out.flush()
            os.fsync(out.fileno())
        return self.unsaved_path

    def import_unsaved(
            self, rate: Callable[[MatchRecord], Callable[[dict[str, float]], dict[str, float]]]
            | None = None) -> int:
        """Record the matches ``keep_unsaved`` kept, then remove the file; how many were new.

        ``rate``: a ladder's matches (of no tournament) are recorded as its writer records
        them, with their live ratings (``record_rated_match`` with ``rate(record)``), in the
        order they were kept, which is the order they finished in, after every one written."""
        if not self.unsaved_path.exists():
            return 0
        rows = []
        for line in self.unsaved_path.read_text(encoding="utf-8").splitlines():
            try:
                rows.append(json.loads(line))
            except ValueError:  # a line cut short by a crash while it was written
                continue
        added = 0
        with self._transaction() as db:
            for record in map(_record, rows):
                if rate is not None and record.tournament_id is None:
                    added += self._insert_rated(db, record, rate(record)) is not None
                else:
                    added += _insert_match(db, record)
        self.unsaved_path.unlink()
        return added

    def match(self, match_id: str) -> MatchRecord | None:
        """The recorded match ``match_id``, or None."""
        row = self._db.execute(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE match_id = ?", (match_id,)
        ).fetchone()
        return None if row is None else _record(row)

    def matches(
        self, game: str | None = None, tournament_id: str | None = None, limit: int | None = None,
        *, steps: bool = True,
    ) -> list[MatchRecord]:
        """Recorded matches, newest first, of ``game`` and/or ``tournament_id`` if given.

        ``steps=False`` leaves every record's steps empty: standings and summaries need none,
        and reading the actions is nearly all the cost of a long history.
        """
        query, args = self._filter(game, tournament_id)
        query += " ORDER BY seq DESC"
        if limit is not None:
            query += " LIMIT ?"
            args.append(limit)
        columns = _MATCH_COLUMNS if steps else _MATCH_COLUMNS_WITHOUT_STEPS
        return [_record(row) for row in self._db.execute(f"SELECT {columns} {query}", args)]

    def results(
        self, game: str, tournament_id: str | None = None
    ) -> list[tuple[list[str], list[int]]]:
        """``(seat names, ranks)`` of every recorded match of ``game``, as ``fit_elo`` takes."""
        query, args = self._filter(game, tournament_id)
        rows = self._db.execute(f"SELECT seats, ranks {query} ORDER BY seq", args)
        return [(json.loads(seats), json.loads(ranks)) for seats, ranks in rows]

    def last_match_seq(self) -> int:
        """A number that grows whenever a match is recorded (0 with none)."""
        (seq,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM matches").fetchone()
        return int(seq)

    @staticmethod
    def _filter(game: str | None, tournament_id: str | None) -> tuple[str, list[Any]]:
        clauses, args = [], []
        if game is not None:
            clauses.append("game = ?")
            args.append(game)
        if tournament_id is not None:
            clauses.append("tournament_id = ?")
            args.append(tournament_id)
        where = f" WHERE {' AND '.join(clauses)}" if clauses else ""
        return "FROM matches" + where, args

    # -- live ratings -----------------------------------------------------------------------

    def load_skills(self, game: str) -> dict[str, Skill]:
        """The stored live skills of ``game`` (empty if none)."""
        rows = self._db.execute("SELECT bot, mu, sigma, matches, version FROM skills "
                                "WHERE game = ? ORDER BY bot", (game,))
        return {bot: Skill(mu, sigma, matches, version)
                for bot, mu, sigma, matches, version in rows}

    def rebuild_skills(self, game: str) -> dict[str, Skill]:
        """Replace the live skills of ``game`` by replaying its rated ladder matches (no
        tournament's, none the arena aborted) in the order they were recorded, as the
        ladder rated them one by one; the skills."""
        history = self.versions()
        skills: dict[str, Skill] = {}
        rows = self._db.execute(
            "SELECT seats, ranks, started_at FROM matches WHERE game = ? AND "
            "tournament_id IS NULL AND termination != ? ORDER BY seq",
            (game, Termination.ABORTED.value))
        for seats_text, ranks_text, started in rows:
            seats = json.loads(seats_text)
            skills = update_skill(skills, seats, json.loads(ranks_text),
                                  {bot: version_at(history[bot], started)
                                   for bot in seats if bot in history})
        with self._transaction() as db:
            db.execute("DELETE FROM skills WHERE game = ?", (game,))
            _write_skills(db, game, skills)
        return skills

    def save_ratings(self, game: str, ratings: dict[str, float]) -> None:
        """Replace the stored live ratings of ``game`` with ``ratings``."""
        with self._transaction() as db:
            _replace_ratings(db, game, ratings)

    def load_ratings(self, game: str) -> dict[str, float]:
        """The stored live ratings of ``game`` (empty if none)."""
        rows = self._db.execute("SELECT bot, elo FROM ratings WHERE game = ? ORDER BY bot", (game,))
        return {bot: elo for bot, elo in rows}


_MATCH_COLUMNS = (
    "match_id, game, options, seed, seats, steps, scores, ranks, termination, reason, forfeited,"
    " faults,"
    " tournament_id, idx, started_at, ended_at, retried"
)
_MATCH_COLUMNS_WITHOUT_STEPS = _MATCH_COLUMNS.replace(" steps,", " '[]',")
_MATCH_PLACEHOLDERS = ", ".join("?" * len(_MATCH_COLUMNS.split(",")))


def _insert_match(db: sqlite3.Connection, record: MatchRecord) -> bool:
    db.execute("DELETE FROM live_matches WHERE match_id = ?", (record.match_id,))
    cursor = db.execute(
        f"INSERT INTO matches ({_MATCH_COLUMNS}) VALUES ({_MATCH_PLACEHOLDERS})"
        " ON CONFLICT DO NOTHING", _row(record))
    return cursor.rowcount == 1


def _row(record: MatchRecord) -> tuple[Any, ...]:
    """The ``matches`` columns of a record, in ``_MATCH_COLUMNS`` order."""
    result = record.result
    if result is None:
        raise ValueError(f"match {record.match_id!r} has no result; record it when it ends")
    steps = [
        [[a.seat, a.action_id, a.time_used, int(a.defaulted)]
         + ([a.cpu_used] if a.cpu_used is not None else []) for a in step]
        for step in record.steps
    ]
    return (
        record.match_id,
        record.game,
        _dumps(record.options),
        record.seed,
        _dumps(record.seats),
        _dumps(steps),
        _dumps(list(result.scores)),
        _dumps(list(result.ranks)),
        result.termination.value,
        result.reason,
        _dumps(list(result.forfeited)),
        _dumps([asdict(f) for f in record.faults]),
        record.tournament_id,
        record.index,
        record.started_at,
        record.ended_at,
        int(record.retried),
    )


def _replace_ratings(db: sqlite3.Connection, game: str, ratings: dict[str, float]) -> None:
    now = time.time()
    db.execute("DELETE FROM ratings WHERE game = ?", (game,))
    db.executemany("INSERT INTO ratings (game, bot, elo, updated_at) VALUES (?, ?, ?, ?)",
                   [(game, bot, float(elo), now) for bot, elo in ratings.items()])


def _check_version(version: object) -> None:
    if not isinstance(version, str) or not version or len(version) > 64 \
            or not version.isprintable():
        raise ValueError(f"bot version {version!r} is not accepted; use 1 to 64 printable "
                         f"characters")


def _write_skills(db: sqlite3.Connection, game: str, skills: dict[str, Skill]) -> None:
    now = time.time()
    db.executemany("INSERT OR REPLACE INTO skills VALUES (?, ?, ?, ?, ?, ?, ?)",
                   [(game, bot, s.mu, s.sigma, s.matches, s.version, now)
                    for bot, s in skills.items()])


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _record(row: Sequence[Any]) -> MatchRecord:
    (match_id, game, options, seed, seats, steps, scores, ranks, termination, reason, forfeited,
     faults,
     tournament_id, index, started_at, ended_at) = row[:16]  # fmt: skip
    retried = bool(row[16]) if len(row) > 16 else False  # kept by an arena before the column
    return MatchRecord(
        match_id=match_id,
        game=game,
        options=json.loads(options),
        seed=seed,
        seats=json.loads(seats),
        steps=[
            [
                SeatAction(action[0], action[1], action[2], bool(action[3]),
                           action[4] if len(action) > 4 else None)
                for action in step
            ]
            for step in json.loads(steps)
        ],
        result=Result(
            tuple(json.loads(scores)), tuple(json.loads(ranks)), Termination(termination), reason,
            tuple(json.loads(forfeited)),
        ),
        faults=[Faults(**f) for f in json.loads(faults)],
        tournament_id=tournament_id,
        index=index,
        started_at=started_at,
        ended_at=ended_at,
        retried=retried,
    )


def _hash_token(token: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(
        token.encode(), salt=salt, n=_SCRYPT_N, r=_SCRYPT_R, p=_SCRYPT_P, dklen=32
    )
    return f"scrypt${_SCRYPT_N}${_SCRYPT_R}${_SCRYPT_P}${salt.hex()}${digest.hex()}"


def _verify_token(token: str, stored: str) -> bool:
    _, n, r, p, salt, digest = stored.split("$")
    candidate = hashlib.scrypt(
        token.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p), dklen=32
    )
    return hmac.compare_digest(candidate, bytes.fromhex(digest))
