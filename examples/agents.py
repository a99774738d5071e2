"""Agents as Python functions, played in this process: one match, then a small tournament.

    python examples/agents.py

An agent is a function ``(observation, legal, time_left) -> action id`` (as in
kaggle-environments), a ``bots.Bot`` class, or a built-in bot's name (``arena bots``). See
``docs/running.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.v1 import game_pb2
from bots import Bot
from scheduler import play, tournament


def first_legal(observation: game_pb2.Observation, legal: Sequence[game_pb2.Action],
                time_left: float) -> int:
    """The first legal action, whatever it is."""
    return legal[0].id


def shortest(observation: game_pb2.Observation, legal: Sequence[game_pb2.Action],
             time_left: float) -> int:
    """The legal action with the shortest description (``text`` is what a log shows)."""
    return min(legal, key=lambda action: len(action.text)).id


class Picky(Bot):
    """A Bot class: one instance per match, with the match's seeded ``rng``."""

    def choose(self, observation: game_pb2.Observation, legal: Sequence[game_pb2.Action],
               time_left: float) -> int:
        """A random legal action, drawn from the bot's seeded random numbers."""
        return self.rng.choice(legal).id


def main() -> None:
    """Play a Race match and a Sector 41 round robin; print what came of them."""
    record = play("race", [first_legal, shortest, "race-greedy"], seed=7)
    assert record.result is not None
    print(f"race, match {record.match_id}: {len(record.steps)} steps, "
          f"{record.result.termination.value}")
    for seat, name in enumerate(record.seats):
        print(f"  {name}: {record.result.scores[seat]:g} points, "
              f"place {record.result.ranks[seat] + 1}")

    result = tournament("sector41", {"first": first_legal, "picky": Picky,
                                     "greedy": "sector41-greedy"}, rounds=1, seed=7)
    print(f"sector41, {len(result.records)} matches:")
    print(result.table())


if __name__ == "__main__":
    main()
