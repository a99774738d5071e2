"""The one-file match record (`arena export`): a versioned JSON form of a stored match.

A record holds the game, options, seats, every decision (seat, step, the decision id its bot
was sent, action id, the action's text, thinking time), the events, the result, the
termination and the faults. It is written in one of two forms, and says which in
``revealed``:

- revealed (the match is over and its deal is spent: every match that shares its seed has
  finished): the seed, every action's text and kind, and every event with the seats it was
  shown to; enough to re-simulate the match anywhere (``arena replay FILE``).
- public (the deal is still being played elsewhere, or the caller asked for it): no seed, no
  action texts or kinds (a hidden choice is in them), and the public events only: what a
  spectator saw.

The schema is ``match_record.schema.json`` beside this module (documented in
docs/viewer.md); a reader refuses a ``format`` or ``version`` it does not know.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import engine
from engine import Result

from ._records import Faults, MatchRecord, SeatAction
from ._store import Store
from ._tournament import TournamentConfig, same_deal

RECORD_FORMAT = "space-arena-match"
RECORD_VERSION = 1
SCHEMA_PATH = Path(__file__).with_name("match_record.schema.json")


def deal_is_spent(store: Store, record: MatchRecord) -> bool:
    """Whether every match of ``record``'s tournament that plays its deal (its seat rotations,
    which share its seed) is recorded; a ladder or one-off match's seed is its own."""
    return spent_deals(store)(record)


def spent_deals(store: Store) -> Callable[[MatchRecord], bool]:
    """``deal_is_spent`` for many records of ``store`` as it is now: each tournament's plan
    and finished matches are read once (planning a tournament again takes a while)."""
    checks: dict[str, Callable[[int], bool]] = {}

    def spent(record: MatchRecord) -> bool:
        if record.tournament_id is None or record.index is None:
            return True
        if record.tournament_id not in checks:
            checks[record.tournament_id] = _deal_check(store, record.tournament_id)
        return checks[record.tournament_id](record.index)
    return spent


def deal_partners(store: Store, tournament_id: str) -> dict[int, frozenset[int]] | None:
    """Each match index of the tournament -> the indices that play its deal (its seat
    rotations); None when this version would plan the tournament otherwise: then only the
    tournament's end says that a deal is spent."""
    try:
        return same_deal(TournamentConfig.from_dict(store.tournament(tournament_id).config))
    except ValueError:
        return None


def partners_done(deals: dict[int, frozenset[int]], index: int, done: set[int]) -> bool:
    """Whether every match that plays the deal of the match at ``index`` is among ``done``."""
    return deals.get(index, frozenset()) <= done


def _deal_check(store: Store, tournament_id: str) -> Callable[[int], bool]:
    """Whether the deal of the match at an index of the tournament is spent."""
    deals = deal_partners(store, tournament_id)
    if deals is None:
        finished = store.tournament(tournament_id).finished
        return lambda index: finished
    done = store.finished_indices(tournament_id)
    return lambda index: partners_done(deals, index, done)


def replay_state(record: MatchRecord) -> engine.GameState:
    """A new match of ``record``'s game, seats, seed and options; ValueError naming what is
    wrong when this engine cannot play it."""
    try:
        game = engine.get(record.game)
        return game.new_match(len(record.seats), record.seed, record.options)
    except (LookupError, engine.EngineError) as error:
        raise ValueError(f"match {record.match_id!r} cannot be replayed here: {error}") from None


def export_record(record: MatchRecord, reveal: bool) -> dict[str, Any]:
    """The JSON record of a finished match (see the module docstring for ``reveal``);
    ValueError when its actions do not replay in this engine."""
    if record.result is None:
        raise ValueError(f"match {record.match_id!r} has not ended; only a finished match "
                         f"is exported")
    state = replay_state(record)
    decisions: list[dict[str, Any]] = []
    events = _events(state, 0, reveal)
    asked = 0
    for number, step in enumerate(record.steps, 1):
        pending = state.pending()
        ids: dict[int, int] = {}
        acts = {act.seat: act for act in step}
        for seat in pending:  # the order the arena asks them in, numbering its requests
            if seat in acts and not _unasked(acts[seat]):
                asked += 1
                ids[seat] = asked
        for act in sorted(step, key=lambda a: a.seat):
            decision = pending.get(act.seat)
            if decision is None:
                raise ValueError(f"match {record.match_id!r}: step {number} has an action of "
                                 f"seat {act.seat}, which was not asked")
            decisions.append({
                "step": number, "seat": act.seat, "decision_id": ids.get(act.seat),
                "action_id": act.action_id,
                "kind": decision.kind if reveal else None,
                "text": decision.action(act.action_id).text if reveal else None,
                "time": act.time_used, "defaulted": act.defaulted})
        seen = state.event_count
        try:
            state.apply({a.seat: a.action_id for a in step})
        except engine.EngineError as error:
            raise ValueError(f"match {record.match_id!r} does not replay in this version of "
                             f"the engine at step {number}: {error}") from None
        events += _events(state, seen, reveal, number)
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "match_id": record.match_id,
        "game": record.game,
        "options": record.options,
        "seats": list(record.seats),
        "revealed": reveal,
        # As text: a 64-bit seed is no exact number in JavaScript (nor in many JSON readers).
        "seed": str(record.seed) if reveal else None,
        "tournament_id": record.tournament_id,
        "index": record.index,
        "started_at": record.started_at,
        "ended_at": record.ended_at,
        "steps": len(record.steps),
        "decisions": decisions,
        "events": events,
        "result": result_json(record.result),
        "faults": [asdict(f) for f in record.faults],
    }


def _unasked(act: SeatAction) -> bool:
    """Whether the arena played ``act`` without asking its seat (one already crashed or
    gone: a default that took no time), so that no decision id was sent for it."""
    return act.defaulted and act.time_used == 0.0


def result_json(result: Result) -> dict[str, Any]:
    """A match's result as the record gives it."""
    return {"scores": list(result.scores), "ranks": list(result.ranks),
            "termination": result.termination.value, "reason": result.reason,
            "forfeited": list(result.forfeited)}


def _events(state: engine.GameState, since: int, reveal: bool, step: int = 0
            ) -> list[dict[str, Any]]:
    """The events logged from ``since`` on, as record entries of ``step`` (0: the setup)."""
    found = {e.index: e for e in state.events_since(since, None)}
    if reveal:  # every seat's own lines too: the union of what each seat was shown
        for seat in range(state.num_players):
            found.update((e.index, e) for e in state.events_since(since, seat))
    out = []
    for event in (found[index] for index in sorted(found)):
        seats = None if event.visible_to is None else sorted(event.visible_to)
        out.append({"step": step, "text": event.text, "seats": seats})
    return out


def record_from_json(data: Any) -> MatchRecord:
    """The MatchRecord of a JSON record (an exported file's contents); ValueError naming what
    is wrong. A public record (no seed) loads with seed 0 and ``revealed`` false: check
    ``data["revealed"]`` before replaying it."""
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a match record: expected an object with \"format\": "
                         f"\"{RECORD_FORMAT}\"")
    if data.get("version") != RECORD_VERSION:
        raise ValueError(f"match record version {data.get('version')!r} is not read by this "
                         f"arena (it reads version {RECORD_VERSION})")
    try:
        seats = [str(name) for name in data["seats"]]
        steps: dict[int, list[SeatAction]] = {n: [] for n in range(1, int(data["steps"]) + 1)}
        for d in data["decisions"]:
            steps[int(d["step"])].append(SeatAction(int(d["seat"]), int(d["action_id"]),
                                                    float(d["time"]), bool(d["defaulted"])))
        result = data["result"]
        return MatchRecord(
            match_id=str(data["match_id"]), game=str(data["game"]),
            options=dict(data["options"]), seed=int(data["seed"] or 0), seats=seats,
            steps=[steps[n] for n in sorted(steps)],
            result=engine.Result(
                tuple(float(s) for s in result["scores"]), tuple(int(r) for r in result["ranks"]),
                engine.Termination(result["termination"]), str(result["reason"]),
                tuple(int(s) for s in result["forfeited"])),
            faults=[Faults(**f) for f in data["faults"]],
            tournament_id=data.get("tournament_id"), index=data.get("index"),
            started_at=float(data.get("started_at") or 0.0),
            ended_at=float(data.get("ended_at") or 0.0))
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"the match record is malformed: {type(error).__name__} "
                         f"{error}") from None


def load_record(path: str | Path) -> tuple[MatchRecord, bool]:
    """The record in the JSON file ``path`` and whether it is revealed; ValueError naming the
    file and what is wrong with it."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return record_from_json(data), bool(data.get("revealed"))
    except OSError as error:
        raise ValueError(f"{path}: {error.strerror}") from None
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None


def dumps(record: dict[str, Any]) -> str:
    """A record as JSON text, one decision or event a line."""
    return json.dumps(record, indent=1, allow_nan=False) + "\n"
