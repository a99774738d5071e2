"""A small test-only game: a public sequential call, then secret simultaneous bids.

Each round every seat is dealt a secret number 1..6. The round's caller (seats in turn) sets
the multiplier (1 or 2) for all; then every seat bids 0..3 at the same time. A bid that no
other seat made scores (bid + secret) x multiplier. The secret is never shown to the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import Action, Decision, Game, GameInfo, GameState, OptionSpec, Result, Termination


@dataclass(frozen=True)
class DuelObservation:
    """A seat's view."""

    round: int
    scores: tuple[int, ...]
    multiplier: int
    my_secret: int | None
    last_bids: tuple[int, ...]


class DuelState(GameState):
    """State of a duel match."""

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.round = 0
        self.scores = [0] * num_players
        self.multiplier = 0
        self.secrets: list[int] = []
        self.last_bids: tuple[int, ...] = ()
        self._deal()

    def _deal(self) -> None:
        self.secrets = [self.rng.randint(1, 6) for _ in range(self.num_players)]
        self.multiplier = 0

    def _pending(self) -> dict[int, Decision]:
        if self.round >= self.options["rounds"]:
            return {}
        if self.multiplier == 0:
            caller = self.round % self.num_players
            legal = (Action(0, "multiplier 1"), Action(1, "multiplier 2"))
            return {caller: Decision(caller, "Set the multiplier", legal, "call")}
        legal = tuple(Action(b, f"bid {b}") for b in range(4))
        return {s: Decision(s, "Bid secretly", legal, "bid") for s in range(self.num_players)}

    def _apply(self, choices: dict[int, Action]) -> None:
        if self.multiplier == 0:
            (action,) = choices.values()
            self.multiplier = action.id + 1
            self.log(f"round {self.round + 1}: multiplier {self.multiplier}")
            return
        bids = tuple(choices[s].id for s in range(self.num_players))
        for seat, bid in enumerate(bids):
            if bids.count(bid) == 1:
                self.scores[seat] += (bid + self.secrets[seat]) * self.multiplier
            self.log(f"your secret was {self.secrets[seat]}", visible_to={seat})
        self.log(f"bids {bids}; scores {self.scores}")
        self.last_bids = bids
        self.round += 1
        self._deal()

    def observation(self, seat: int | None) -> DuelObservation:
        return DuelObservation(
            self.round, tuple(self.scores), self.multiplier,
            None if seat is None else self.secrets[seat], self.last_bids)

    def result(self) -> Result:
        termination = Termination.NORMAL
        return Result.from_keys(self.scores, self.scores, termination=termination)

    def snapshot(self) -> Any:
        return (self.round, tuple(self.scores), self.multiplier, tuple(self.secrets),
                self.last_bids, self.rng.getstate())


GAME = Game(
    GameInfo("duel", "Secret Duel (test game)", 2, 4,
             (OptionSpec("rounds", 3, "rounds to play", 1, 50),), simultaneous=True),
    DuelState,
)
