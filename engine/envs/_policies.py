"""The shape of an opponent of the Gymnasium adapter: the bot SDK's ``(observation, legal,
time_left) -> action id``, so that the reference bots in ``bots`` can be passed in as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .._core import Action


class Policy(Protocol):
    """A seat's chooser: the observation dataclass, the legal actions, seconds left."""

    def __call__(self, observation: Any, legal: Sequence[Action], time_left: float
                 ) -> int: ...

