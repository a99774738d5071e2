"""``bots._matches.Matches``, the SDK's side of a session on either transport: the answers it
gives, with a new ``PlayRequest`` per move (gRPC) or one reused (a launched bot's pipes)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from bots import Bot, RandomBot
from bots._matches import Matches

LEGAL = [game_pb2.Action(id=i, text=f"a{i}") for i in (0, 5, 9)]


def started(match_id: str) -> pb.PlayResponse:
    return pb.PlayResponse(match_started=pb.MatchStarted(match_id=match_id, game="race",
                                                         bot_seed=3))


def asked(match_id: str, decision_id: int) -> pb.PlayResponse:
    return pb.PlayResponse(decision_request=pb.DecisionRequest(
        match_id=match_id, decision_id=decision_id, legal=LEGAL, time_left_ms=100))


def serialized(matches: Matches, response: pb.PlayResponse) -> bytes | None:
    """The answer's bytes, taken at once (as the pipes do: a reused answer changes later)."""
    answer = matches.handle(response)
    return None if answer is None else answer.SerializeToString()


@pytest.mark.parametrize("reuse", [False, True], ids=["new", "reused"])
def test_each_move_names_its_match_and_decision(reuse: bool) -> None:
    matches = Matches(RandomBot, reuse_moves=reuse)
    sent = [started("m1"), asked("m1", 1), asked("m1", 2), started("m2"), asked("m2", 7),
            asked("m1", 3), asked("gone", 4)]
    answers = [serialized(matches, response) for response in sent]
    moves = [pb.PlayRequest.FromString(a).move for a in answers if a is not None]
    assert [(m.match_id, m.decision_id) for m in moves] == [("m1", 1), ("m1", 2), ("m2", 7),
                                                            ("m1", 3)]
    assert all(m.action_id in (0, 5, 9) for m in moves)
    assert answers[0] is None and answers[-1] is None  # a match the bot does not play: none


def test_a_reused_move_is_the_same_bytes_as_a_new_one() -> None:
    new, reused = Matches(RandomBot), Matches(RandomBot, reuse_moves=True)
    for response in [started("m1"), *(asked("m1", d) for d in (1, 2, 127, 128, 2**40))]:
        assert serialized(new, response) == serialized(reused, response)


class Returns(Bot):
    """Answers with whatever value it was made with."""

    value: object = None

    def choose(self, observation: game_pb2.Observation, legal: Sequence[game_pb2.Action],
               time_left: float) -> int:
        return self.value  # type: ignore[return-value]


@pytest.mark.parametrize("reuse", [False, True], ids=["new", "reused"])
@pytest.mark.parametrize("value, error", [
    (None, "TypeError: 'NoneType' object cannot be interpreted as an integer"),
    (-1, "ValueError: Value out of range: -1"),
    (1.0, "TypeError: 'float' object cannot be interpreted as an integer"),
    (True, "TypeError: Field arena.v1.Move.action_id: Expected an int, got a boolean."),
])
def test_a_value_that_is_no_id_resigns_the_match_naming_it(reuse: bool, value: object,
                                                           error: str) -> None:
    bot = type("Bad", (Returns,), {"value": value})
    matches = Matches(bot, reuse_moves=reuse)
    matches.handle(started("m1"))
    answer = matches.handle(asked("m1", 1))
    assert answer is not None and answer.WhichOneof("message") == "resign"
    assert answer.resign.match_id == "m1" and answer.resign.failure.startswith(error)
    # The next match's move is whole: nothing of the failed one is left in a reused answer.
    good = type("Good", (Returns,), {"value": 5})
    matches.factory = good
    matches.handle(started("m2"))
    assert matches.handle(asked("m2", 2)) == pb.PlayRequest(
        move=pb.Move(match_id="m2", decision_id=2, action_id=5))
