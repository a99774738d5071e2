"""``Bot.decide`` is what the SDK and the arena's in-process seats call: by default it asks
``choose``; the random bot reads only the legal actions, unless a subclass chooses."""

from __future__ import annotations

from collections.abc import Sequence

from arena.v1 import arena_service_pb2 as pb
from arena.v1 import game_pb2
from bots import Bot
from bots.random_bot import RandomBot

MATCH = pb.MatchStarted(match_id="m", game="duel", your_seat=0, bot_seed=9)


class NoObservation:
    """A request whose observation must not be read."""

    time_left_ms = 1000
    legal = [game_pb2.Action(id=i, text=f"a{i}") for i in range(5)]

    @property
    def observation(self) -> game_pb2.Observation:
        raise AssertionError("the observation was read")


def test_the_default_decide_asks_choose_with_the_whole_request() -> None:
    seen: list[tuple[int, float]] = []

    class Last(Bot):
        def choose(self, observation: game_pb2.Observation,
                   legal: Sequence[game_pb2.Action], time_left: float) -> int:
            seen.append((len(legal), time_left))
            return legal[-1].id

    request = pb.DecisionRequest(time_left_ms=2500, legal=NoObservation.legal)
    assert Last(MATCH).decide(request) == 4
    assert seen == [(5, 2.5)]


def test_the_random_bot_never_reads_the_observation_but_a_subclass_that_chooses_is_asked(
) -> None:
    picks = [RandomBot(MATCH).decide(NoObservation()) for _ in range(3)]  # type: ignore[arg-type]
    assert all(0 <= p < 5 for p in picks)
    # The same draws as choose() makes: a seeded tournament plays the same either way.
    assert RandomBot(MATCH).decide(NoObservation()) == RandomBot(MATCH).choose(  # type: ignore[arg-type]
        game_pb2.Observation(), NoObservation.legal, 1.0)

    class Cautious(RandomBot):
        def choose(self, observation: game_pb2.Observation,
                   legal: Sequence[game_pb2.Action], time_left: float) -> int:
            return legal[0].id

    request = pb.DecisionRequest(time_left_ms=1000, legal=NoObservation.legal)
    assert Cautious(MATCH).decide(request) == 0
