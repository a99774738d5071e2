"""Gymnasium space helpers shared by the PettingZoo and Gymnasium adapters."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

#: Bounds of every tensor entry: counts, scores and the largest turn-limit option fit.
BOUND = 1e7


def observation_box(size: int) -> spaces.Box:
    """The Box of a game's observation tensor."""
    return spaces.Box(-BOUND, BOUND, (size,), np.float32)
