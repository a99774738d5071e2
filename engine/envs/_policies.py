"""Opponent policies for the Gymnasium adapter: the bot SDK's shape, ``(observation, legal,
time_left) -> action id``, so that the reference bots in ``bots`` can be passed in as they are.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from .._core import Action


class Policy(Protocol):
    """A seat's chooser: the observation dataclass, the legal actions, seconds left."""

    def __call__(self, observation: Any, legal: Sequence[Action], time_left: float
                 ) -> int: ...


def random_policy(seed: int | None = None) -> Policy:
    """A policy that plays a uniformly random legal action (its own seeded generator)."""
    rng = random.Random(seed)

    def choose(observation: Any, legal: Sequence[Action], time_left: float) -> int:
        return rng.choice(legal).id
    return choose
