"""A match played one seat at a time: the shape PettingZoo's AEC and OpenSpiel want.

The engines ask several seats at once where the rules say so (Race's action selection);
here they choose one after another, lowest seat first, and the choices wait in a buffer
until every asked seat has chosen, then go to the engine together. Nothing a seat observes
comes from the buffer (observations are the engine's, and the engine has not seen the
choices yet), so a later seat learns nothing of an earlier seat's secret choice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .. import _registry
from .._core import Action, Decision, GameState, Result, Termination
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
    """One match of a game with its adapter tables, played one seat at a time.

    The seat asked now is worked out as a choice goes in (every loop asks it next); its
    decision's indices and each seat's tensor once a step, when first asked, and kept until
    the next choice goes in: an environment's loop asks for each several times a step.
    """

    def __init__(self, game: str, players: int, options: Mapping[str, object] | None,
                 seed: int) -> None:
        self.game = game
        self.players = players
        self.options = dict(options or {})
        self.space: ActionSpace
        self.encoder: Encoder
        self.space, self.encoder = tables(game)
        self._buffer: dict[int, int] = {}
        self.state = _registry.get(game).new_match(players, seed, self.options)
        self.steps = 0
        self._size = self.space.size
        self._zeros = np.zeros(self._size, dtype=np.int8)

    @property
    def state(self) -> GameState:
        """The engine's match state."""
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        self._state = state
        # Its open decisions, asked once per step: some engines build them on every call.
        self._pending: dict[int, Decision] | None = None
        self._tensors: dict[int, np.ndarray] = {}
        self._forget_seat()

    @property
    def buffer(self) -> dict[int, int]:
        """The blind choices made so far of a decision asked of several seats (seat -> id)."""
        return self._buffer

    @buffer.setter
    def buffer(self, buffer: dict[int, int]) -> None:
        self._buffer = buffer
        self._forget_seat()

    def _forget_seat(self) -> None:
        self._seat: int | None = None
        # the decision of the seat asked now: its legal actions, their indices and the
        # distinct ones
        self._legal: Sequence[Action] = ()
        self._indices: tuple[int, ...] | None = None
        self._distinct: tuple[int, ...] = ()

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
        other.buffer = dict(self._buffer)
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> SeatedMatch:
        # the engine's clone, much faster than a deep copy (OpenSpiel clones by deep copy)
        return self.clone()

    def current(self) -> int:
        """The seat to choose now (-1 when the match is over)."""
        seat = self._seat
        if seat is None:
            seat = self._seat = self._next_seat()
        return seat

    def _next_seat(self) -> int:
        pending = self.pending()
        if len(pending) == 1 and not self._buffer:  # the usual case: one seat asked
            for seat in pending:
                return seat
        return _first_unchosen(pending, self._buffer)

    def decision(self) -> Decision:
        """The decision of the seat to choose now; ValueError once the match is over."""
        seat = self.current()
        if seat < 0:
            raise ValueError(f"{self.game}: the match is over; no seat is asked")
        return self.pending()[seat]

    def _decode(self) -> tuple[int, ...]:
        """The indices of the legal actions of the seat to choose now (kept for the step)."""
        indices = self._indices
        if indices is None:
            seat = self._seat  # when worked out, so are the open decisions
            self._legal, indices, self._distinct = self.space.decoded(
                (self.decision() if seat is None or seat < 0
                 else self._pending[seat]).legal)  # type: ignore[index]
            self._indices = indices
        return indices

    def legal_indices(self) -> list[int]:
        """The action-space indices legal for the seat to choose now (sorted)."""
        return sorted(self.legal_actions())

    def legal_actions(self) -> tuple[int, ...]:
        """The action-space indices legal for the seat to choose now, each once, in the order
        of the engine's legal actions (the mask's nonzeros, unsorted; kept and shared)."""
        if self._indices is None:
            seat = self._seat
            if seat is None or seat < 0:
                self._decode()
            else:  # the usual case, as in ``_decode``: the AEC loop asks it on every step
                self._legal, self._indices, self._distinct = self.space.decoded(
                    self._pending[seat].legal)  # type: ignore[index]
        return self._distinct

    def mask(self, seat: int) -> np.ndarray:
        """``seat``'s action mask (a new array): its legal indices if it chooses now, else
        all zeros."""
        # The usual case first: the seat asked, worked out as play went in, decoded already.
        if seat != self._seat and seat != self.current():
            return self._zeros.copy()
        # ``new_mask`` inlined: the AEC loop makes a mask on every step
        mask = bytearray(self._size)
        for index in self._indices or self._decode():
            mask[index] = 1
        return np.ndarray(self._size, _INT8, mask)

    def tensor(self, seat: int) -> np.ndarray:
        """``seat``'s observation tensor (from its observation only; a new array)."""
        tensor = self._tensors.get(seat)
        if tensor is None:
            tensor = self._tensors[seat] = self.encoder.encode(self._state.observation(seat))
        return tensor.copy()

    def play(self, index: int) -> int:
        """The seat to choose now plays the action at ``index`` of the action space; the
        seat to choose next (-1 once the match is over)."""
        indices = self._indices or self._decode()
        try:
            action_id = self._legal[indices.index(index)].id
        except ValueError:
            self.space.action_id(self.decision(), index)  # raises, naming the legal ones
            raise
        return self._put(action_id)

    def play_id(self, action_id: int) -> int:
        """The seat to choose now plays the engine's action ``action_id``; the seat to
        choose next (-1 once the match is over)."""
        self.decision().action(action_id)  # IllegalActionError now, not when the round is full
        return self._put(action_id)

    def _put(self, action_id: int) -> int:
        """The seat to choose now (worked out: both callers asked its decision) chooses the
        legal ``action_id``; the seat to choose next."""
        seat: int = self._seat  # type: ignore[assignment]
        self.steps += 1
        buffer = self._buffer
        pending: dict[int, Decision] = self._pending  # type: ignore[assignment]
        if buffer or len(pending) > 1:
            buffer[seat] = action_id
            if len(buffer) < len(pending):
                # the next seat of a simultaneous decision (two thirds of Race's steps),
                # worked out here rather than through ``current``
                self._indices = None
                seat = self._seat = _first_unchosen(pending, buffer)
                return seat
            choices, self._buffer = buffer, {}
        else:
            choices = {seat: action_id}
        state = self._state
        state.apply(choices)
        # the engine's state moved on: what was worked out for the last one goes, and the
        # seat asked next is worked out at once
        self._indices = None
        if self._tensors:
            self._tensors = {}
        pending = self._pending = state.pending()
        # one seat asked, or the lowest of several (the buffer is empty), or none: the end
        if len(pending) == 1:
            for seat in pending:
                self._seat = seat
                return seat
        seat = self._seat = min(pending) if pending else -1
        return seat

    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.current() < 0

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


def _first_unchosen(pending: Mapping[int, Any], chosen: Mapping[int, int]) -> int:
    """The seat to choose next at a decision of the seats ``pending``: the lowest one not in
    ``chosen`` (-1: none)."""
    for seat in sorted(pending):
        if seat not in chosen:
            return seat
    return -1


_INT8 = np.dtype(np.int8)
