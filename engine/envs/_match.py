"""A match played one seat at a time: the shape PettingZoo's AEC and OpenSpiel want.

The engines ask several seats at once where the rules say so (Race's action selection);
here they choose one after another, lowest seat first, and the choices wait in a buffer
until every asked seat has chosen, then go to the engine together. Nothing a seat observes
comes from the buffer (observations are the engine's, and the engine has not seen the
choices yet), so a later seat learns nothing of an earlier seat's secret choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from .. import _registry
from .._core import Decision, GameState, Result, Termination
from ._actions import ActionSpace
from ._games import tables
from ._tensor import Encoder


def rewards(result: Result) -> list[float]:
    """Each seat's reward from a final result: (seats ranked below it - seats ranked above
    it) / (players - 1), so 1 for a sole winner, -1 for a sole loser, 0 for a tie of all;
    the rewards of a match sum to 0."""
    ranks = result.ranks
    n = len(ranks)
    return [sum((other > mine) - (other < mine) for other in ranks) / (n - 1)
            for mine in ranks]


class SeatedMatch:
    """One match of a game with its adapter tables, played one seat at a time."""

    def __init__(self, game: str, players: int, options: Mapping[str, object] | None,
                 seed: int) -> None:
        self.game = game
        self.players = players
        self.options = dict(options or {})
        self.space: ActionSpace
        self.encoder: Encoder
        self.space, self.encoder = tables(game)
        self.state = _registry.get(game).new_match(players, seed, self.options)
        self.buffer: dict[int, int] = {}
        self.steps = 0

    @property
    def state(self) -> GameState:
        """The engine's match state."""
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        self._state = state
        # Its open decisions, asked once per step: some engines build them on every call.
        self._pending: dict[int, Decision] | None = None

    def pending(self) -> dict[int, Decision]:
        """The engine's open decisions (kept until the next action goes in)."""
        pending = self._pending
        if pending is None:
            pending = self._pending = self._state.pending()
        return pending

    def clone(self) -> SeatedMatch:
        """An independent copy."""
        other = object.__new__(SeatedMatch)
        other.__dict__.update(self.__dict__)
        other.state = self._state.clone()
        other.buffer = dict(self.buffer)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> SeatedMatch:
        # the engine's clone, much faster than a deep copy (OpenSpiel clones by deep copy)
        return self.clone()

    def current(self) -> int:
        """The seat to choose now (-1 when the match is over)."""
        pending = self.pending()
        if len(pending) == 1 and not self.buffer:  # the usual case: one seat asked
            for seat in pending:
                return seat
        for seat in sorted(pending):
            if seat not in self.buffer:
                return seat
        return -1

    def decision(self) -> Decision:
        """The decision of the seat to choose now; ValueError once the match is over."""
        seat = self.current()
        if seat < 0:
            raise ValueError(f"{self.game}: the match is over; no seat is asked")
        return self.pending()[seat]

    def legal_indices(self) -> list[int]:
        """The action-space indices legal for the seat to choose now (sorted)."""
        return self.space.legal_indices(self.decision())

    def mask(self, seat: int) -> np.ndarray:
        """``seat``'s action mask: its legal indices if it chooses now, else all zeros."""
        if seat != self.current():
            return np.zeros(self.space.size, dtype=np.int8)
        return self.space.mask(self.decision())

    def tensor(self, seat: int) -> np.ndarray:
        """``seat``'s observation tensor (from its observation only)."""
        return self.encoder.encode(self.state.observation(seat))

    def play(self, index: int) -> None:
        """The seat to choose now plays the action at ``index`` of the action space."""
        self.play_id(self.space.action_id(self.decision(), index))

    def play_id(self, action_id: int) -> None:
        """The seat to choose now plays the engine's action ``action_id``."""
        decision = self.decision()
        decision.action(action_id)  # IllegalActionError now, not when the round is full
        pending = self.pending()
        seat = self.current()
        self.buffer[seat] = action_id
        self.steps += 1
        if len(self.buffer) == len(pending):
            choices, self.buffer = self.buffer, {}
            self._pending = None
            self._state.apply(choices)

    def is_over(self) -> bool:
        """Whether the match has ended."""
        return not self.pending()

    def truncated(self) -> bool:
        """Whether it ended at the game's turn (or round) limit rather than by its rules."""
        return self.is_over() and self.state.result().termination is Termination.TURN_LIMIT

    def rewards(self) -> list[float]:
        """The seats' final rewards (all 0 before the end)."""
        return rewards(self.state.result()) if self.is_over() else [0.0] * self.players

    def text(self) -> str:
        """A line on where the match is, for ``render``."""
        if self.is_over():
            result = self.state.result()
            return f"{self.game}: over ({result.termination.value}), ranks {result.ranks}"
        decision = self.decision()
        return f"{self.game}: seat {decision.seat} to choose: {decision.prompt}"

