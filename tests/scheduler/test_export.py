"""`arena export`: the one-file match record, checked against its JSON schema, read back, and
replayed; a record whose deal is still being played keeps its secrets."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import trio

import engine
from arena import Seat, SeatFault
from engine import Termination
from scheduler._export import (
    SCHEMA_PATH,
    export_record,
    load_record,
    record_from_json,
    replay_state,
)
from scheduler._records import MatchRecord
from scheduler._runner import MatchSpec, run_match
from scheduler._seating import BuiltinSeat
from scheduler._store import Store
from scheduler._timecontrol import FaultPolicy, TimeControl
from tests.scheduler.test_cli import arena

GAMES = ("sector41", "race", "sol", "galaxies")


def first_match(db: Path) -> MatchRecord:
    with Store(db) as store:
        record = store.matches()[-1]  # the oldest: index 0
    assert record.steps
    return record


def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text())


def test_the_schema_names_every_termination() -> None:
    terminations = schema()["properties"]["result"]["properties"]["termination"]["enum"]
    assert terminations == [t.value for t in engine.Termination]


@pytest.mark.parametrize("game", GAMES)
def test_a_record_meets_its_schema_and_reads_back(recorded: dict[str, Path], game: str) -> None:
    record = first_match(recorded[game])
    data = export_record(record, reveal=True)
    jsonschema.validate(data, schema())
    assert data["seed"] == str(record.seed) and data["revealed"] is True
    assert len(data["decisions"]) == sum(len(step) for step in record.steps)
    assert all(d["text"] for d in data["decisions"])
    # The texts are the engine's: the first decision's is the text of its action.
    state = engine.get(game).new_match(len(record.seats), record.seed, record.options)
    first = record.steps[0][0]
    assert data["decisions"][0]["text"] == state.pending()[first.seat].action(
        first.action_id).text
    back = record_from_json(json.loads(json.dumps(data)))
    assert (back.steps, back.result, back.seats, back.seed, back.options, back.faults) == (
        record.steps, record.result, record.seats, record.seed, record.options, record.faults)


def test_a_public_record_keeps_every_secret(recorded: dict[str, Path]) -> None:
    record = first_match(recorded["race"])
    full = export_record(record, reveal=True)
    public = export_record(record, reveal=False)
    jsonschema.validate(public, schema())
    assert public["seed"] is None and public["revealed"] is False
    assert all(d["text"] is None and d["kind"] is None for d in public["decisions"])
    assert all(e["seats"] is None for e in public["events"])
    private = [e["text"] for e in full["events"] if e["seats"] is not None]
    assert private, "a Race match has private lines (explored cards)"
    assert not set(private) & {e["text"] for e in public["events"]}
    # The same decisions otherwise, and the same result.
    assert [(d["step"], d["seat"], d["action_id"]) for d in public["decisions"]] == [
        (d["step"], d["seat"], d["action_id"]) for d in full["decisions"]]
    assert public["result"] == full["result"]


def test_cli_export_then_replay_the_file(recorded: dict[str, Path], tmp_path: Path) -> None:
    db = recorded["sector41"]
    record = first_match(db)
    out = tmp_path / "match.json"
    arena("export", record.match_id, "--db", str(db), "-o", str(out))
    jsonschema.validate(json.loads(out.read_text()), schema())
    replayed = arena("replay", str(out), "--quiet")
    assert "replay matches the record" in replayed.stdout
    loaded, revealed = load_record(out)
    assert revealed and loaded.steps == record.steps
    # A public record cannot be replayed: it has no seed.
    public = tmp_path / "public.json"
    arena("export", record.match_id, "--db", str(db), "-o", str(public), "--public")
    assert json.loads(public.read_text())["seed"] is None
    refused = arena("replay", str(public), check=False)
    assert refused.returncode == 2 and "public record (no seed)" in refused.stderr
    # Bad input: an unknown match, a file that is no record, a newer version.
    unknown = arena("export", "nope", "--db", str(db), "-o", str(out), check=False)
    assert unknown.returncode == 2 and "no match 'nope'" in unknown.stderr
    (tmp_path / "other.json").write_text('{"hello": 1}')
    other = arena("replay", str(tmp_path / "other.json"), check=False)
    assert other.returncode == 2 and 'expected an object with "format"' in other.stderr
    newer = json.loads(out.read_text()) | {"version": 99}
    (tmp_path / "newer.json").write_text(json.dumps(newer))
    refused = arena("replay", str(tmp_path / "newer.json"), check=False)
    assert refused.returncode == 2 and "version 99 is not read" in refused.stderr


def test_a_deal_still_being_played_is_exported_public(recorded: dict[str, Path],
                                                     tmp_path: Path) -> None:
    db = tmp_path / "half.sqlite"
    db.write_bytes(recorded["race"].read_bytes())
    with Store(db) as store:
        first, second = sorted(store.matches(), key=lambda r: r.index or 0)
    assert first.seed == second.seed  # the two seatings of one deal
    with sqlite3.connect(db) as connection:  # as if the second were still being played
        connection.execute("DELETE FROM matches WHERE match_id = ?", (second.match_id,))
    out = tmp_path / "m.json"
    result = arena("export", first.match_id, "--db", str(db), "-o", str(out))
    assert "still being played" in result.stderr
    data = json.loads(out.read_text())
    assert data["seed"] is None and data["revealed"] is False
    assert all(d["text"] is None for d in data["decisions"])


class _Numbered(Seat):
    """A random bot that keeps the decision ids it is sent, and crashes at its
    ``crash_at``-th decision if asked to."""

    def __init__(self, name: str, crash_at: int | None = None) -> None:
        self.inner, self.name, self.crash_at = BuiltinSeat(name, "random"), name, crash_at
        self.ids: list[int] = []

    async def start(self, match: Any) -> None:
        await self.inner.start(match)

    async def decide(self, request: Any) -> int:
        self.ids.append(request.decision_id)
        if len(self.ids) == self.crash_at:
            raise SeatFault(Termination.CRASH, f"{self.name} crashed on purpose")
        return await self.inner.decide(request)

    async def end(self, ended: Any) -> None:
        await self.inner.end(ended)


def test_each_decision_carries_the_id_its_bot_was_sent() -> None:
    # Race asks seats at once (two decisions a step); seat 1 crashes at its 20th decision,
    # after which the arena plays its defaults without asking (no id sent).
    seats = [_Numbered("a"), _Numbered("b", crash_at=20)]
    record = trio.run(lambda: run_match(MatchSpec("ids", "race", 5, {}, bot_seed=5), seats,
                                        TimeControl.per_move(60), FaultPolicy("default")))
    data = export_record(record, reveal=True)
    jsonschema.validate(data, schema())
    for seat, bot in enumerate(seats):
        mine = [d for d in data["decisions"] if d["seat"] == seat]
        assert [d["decision_id"] for d in mine if d["decision_id"] is not None] == bot.ids
    crashed = [d for d in data["decisions"] if d["seat"] == 1]
    assert crashed[19]["defaulted"] and crashed[19]["decision_id"] == seats[1].ids[-1]
    assert len(crashed) > 21 and all(d["decision_id"] is None and d["defaulted"]
                                     for d in crashed[20:])
    sent = sorted(seats[0].ids + seats[1].ids)
    assert sent == list(range(1, len(sent) + 1))
    assert any(len({d["seat"] for d in data["decisions"] if d["step"] == n}) == 2
               for n in range(1, 20))  # seats asked at once got ids of their own
    # A record exported before decision ids were written (version 1 all the same) still
    # validates and replays.
    for decision in data["decisions"]:
        del decision["decision_id"]
    jsonschema.validate(data, schema())
    again = record_from_json(data)
    assert again.steps == record.steps
    assert replay_state(again).observation(None) == replay_state(record).observation(None)
