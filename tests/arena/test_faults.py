"""Faults through a real arena: every bot is a real process talking gRPC on 127.0.0.1."""

from __future__ import annotations

import json

import pytest

from engine import Termination
from scheduler._timecontrol import FaultPolicy, TimeControl
from tests.support.harness import RANDOM_PROCESS, play_match, scripted

ROUNDS = {"rounds": 6}


def test_a_whole_match_between_two_processes() -> None:
    record = play_match([f"a={RANDOM_PROCESS}", f"b={RANDOM_PROCESS}"], options=ROUNDS)
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL
    # 6 rounds of (one call + one simultaneous bid): 12 steps, 18 actions.
    assert len(record.steps) == 12
    assert sum(len(step) for step in record.steps) == 18
    assert all(not a.defaulted for step in record.steps for a in step)


def test_a_bot_that_sleeps_past_its_time_loses_on_time() -> None:
    record = play_match([f"slow={scripted('sleep', at=2, seconds=3)}", f"b={RANDOM_PROCESS}"],
                        options=ROUNDS, control=TimeControl.per_move(0.3))
    assert record.result is not None
    assert record.result.termination is Termination.TIMEOUT
    assert record.result.forfeited == (0,)
    assert record.result.ranks == (1, 0)
    assert record.faults[0].timeouts == 1
    assert "did not answer within" in record.result.reason


def test_with_the_default_policy_the_match_goes_on_after_a_timeout() -> None:
    record = play_match([f"slow={scripted('sleep', at=2, seconds=1.5)}", f"b={RANDOM_PROCESS}"],
                        options=ROUNDS, control=TimeControl.per_move(0.3),
                        policy=FaultPolicy("default"))
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL
    assert len(record.steps) == 12
    defaulted = [a for step in record.steps for a in step if a.defaulted]
    assert len(defaulted) >= 1 and all(a.seat == 0 for a in defaulted)
    assert record.faults[0].timeouts == len(defaulted)


def test_a_bot_that_crashes_mid_match_forfeits_with_crash() -> None:
    record = play_match([f"crashy={scripted('crash', at=3)}", f"b={RANDOM_PROCESS}"],
                        options=ROUNDS)
    assert record.result is not None
    assert record.result.termination is Termination.CRASH
    assert record.result.forfeited == (0,)
    assert record.faults[0].crashes == 1


def test_a_bot_that_disconnects_forfeits_with_disconnect() -> None:
    record = play_match([f"b={RANDOM_PROCESS}", f"gone={scripted('disconnect', at=2)}"],
                        options=ROUNDS)
    assert record.result is not None
    assert record.result.termination is Termination.DISCONNECT
    assert record.result.forfeited == (1,)
    assert record.result.ranks == (0, 1)


def test_a_disconnect_is_one_even_when_the_move_time_is_shorter_than_telling_it() -> None:
    # Telling a disconnect from a crash waits a moment for the process; a 0.3 s move time
    # must not turn that wait into a timeout (the seat would then be asked, and waited for,
    # at every later decision instead of being defaulted).
    record = play_match([f"b={RANDOM_PROCESS}", f"gone={scripted('disconnect', at=2)}"],
                        options=ROUNDS, control=TimeControl.per_move(0.3),
                        policy=FaultPolicy("default"))
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL
    assert record.faults[1].disconnects == 1 and record.faults[1].timeouts == 0


def test_a_bot_that_resigns_after_its_move_forfeits_with_resign() -> None:
    record = play_match([f"quitter={scripted('resign', at=1)}", f"b={RANDOM_PROCESS}"],
                        options=ROUNDS)
    assert record.result is not None
    assert record.result.termination is Termination.RESIGN
    assert record.result.forfeited == (0,) and record.result.ranks == (1, 0)
    assert "quitter resigned" in record.result.reason


def test_crash_with_default_policy_plays_default_actions_to_the_end() -> None:
    record = play_match([f"crashy={scripted('crash', at=2)}", f"b={RANDOM_PROCESS}"],
                        options=ROUNDS, policy=FaultPolicy("default"))
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL
    assert len(record.steps) == 12
    assert record.faults[0].crashes == 1


def test_an_illegal_action_id_forfeits_and_names_the_legal_ids() -> None:
    record = play_match([f"b={RANDOM_PROCESS}", f"cheat={scripted('illegal', at=2)}"],
                        options=ROUNDS)
    assert record.result is not None
    assert record.result.termination is Termination.ILLEGAL_ACTION
    assert record.result.forfeited == (1,)
    assert "action id 999 is not legal" in record.result.reason
    assert "legal ids: 0, 1" in record.result.reason


def test_bytes_that_are_no_message_count_as_malformed() -> None:
    record = play_match([f"b={RANDOM_PROCESS}", f"junk={scripted('garbage', at=2)}"],
                        options=ROUNDS)
    assert record.result is not None
    assert record.result.termination is Termination.MALFORMED
    assert record.faults[1].malformed == 1


def test_moves_for_other_decisions_and_matches_are_refused_without_harm(tmp_path, monkeypatch):
    log = tmp_path / "errors.jsonl"
    monkeypatch.setenv("SCRIPTED_BOT_LOG", str(log))
    record = play_match([f"meddler={scripted('meddle', at=2)}", f"b={RANDOM_PROCESS}"],
                        options=ROUNDS)
    assert record.result is not None
    assert record.result.termination is Termination.NORMAL
    errors = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(errors) == 3
    failed_precondition = 9
    assert all(e["code"] == failed_precondition for e in errors)
    assert sum("is not one of yours" in e["message"] for e in errors) == 1
    assert sum("is not open" in e["message"] for e in errors) == 2


def test_a_move_sent_twice_gets_an_error_for_the_second(tmp_path, monkeypatch):
    log = tmp_path / "errors.jsonl"
    monkeypatch.setenv("SCRIPTED_BOT_LOG", str(log))
    record = play_match([f"twice={scripted('duplicate', at=2)}", f"b={RANDOM_PROCESS}"],
                        options=ROUNDS)
    assert record.result is not None and record.result.termination is Termination.NORMAL
    errors = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(errors) == 1 and "is not open" in errors[0]["message"]


@pytest.mark.parametrize("policy", ["forfeit", "default"])
def test_the_other_bot_is_unaffected_by_a_crash(policy: str) -> None:
    record = play_match([f"crashy={scripted('crash', at=1)}", f"b={RANDOM_PROCESS}"],
                        options=ROUNDS, policy=FaultPolicy(policy))
    assert record.result is not None
    assert record.faults[1].total == 0
    assert record.result.ranks[1] == 0
