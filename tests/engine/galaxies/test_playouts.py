"""Random play ends by the rules, not by the turn limit: a safeguard must never end a game
that the rules would end (RULES.md, the options)."""

from __future__ import annotations

import random

import pytest

from engine import Termination
from engine.galaxies import GAME

MATCHES = 1000


@pytest.mark.slow
@pytest.mark.parametrize("expansion", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_play_ends_by_the_rules_before_the_turn_limit(players: int,
                                                             expansion: bool) -> None:
    cut = 0
    for seed in range(MATCHES):
        chooser = random.Random(seed)
        state = GAME.new_match(players, seed, {"expansion": expansion})
        while pending := state.pending():
            state.apply({s: chooser.choice(d.legal).id for s, d in pending.items()})
        cut += state.result().termination is not Termination.NORMAL
    assert cut <= MATCHES // 1000, f"{cut} of {MATCHES} matches ended by the turn limit"
