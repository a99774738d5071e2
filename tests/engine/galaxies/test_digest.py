"""A stored digest of 200 seeded random playouts per player count and option.

The speed work on the engine (issue 17) must not change a rule: every step's chosen action
(id, text, detail), every event (index, text, who sees it), each seat's observation at a few
points and the result are hashed, and the hash is compared with the one the code gave before
that work. A change of rules that is meant shows up here too: recompute the digests
(``python -m tests.engine.galaxies.test_digest``) and say why in the commit.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine import GameState
from engine.galaxies import GAME

PLAYOUTS = 200
# Steps at which every seat's (and a spectator's) observation goes into the hash, besides
# the start and the end: early turns, the middle game, a long match's late game.
OBSERVED_STEPS = frozenset({1, 37, 150, 400, 900})

# Computed on the engine before the speed work of issue 17 (commit b6c4a25), then again when
# the default turn_limit went from 300 to 2,000 (issue 35: the observation shows it, and 5
# player matches the old limit cut now end by the rules).
DIGESTS: dict[tuple[int, bool], str] = {
    (2, True): "d079294e272a24f08d3eca33762e68198d60aa00f45a834f6952d643ca888668",
    (2, False): "670bedf534ac2bfa2534d71a00d0cbb3593d050759501d3305e48948c458827f",
    (3, True): "205f3e98b4c37c6e6f9832759023c59aeef9230f8dfcde7cac407694eaadd480",
    (3, False): "c930894f850855b33c507903339b013b8f8ccf316cbd0cb7dcd9ed979b514287",
    (4, True): "6d05a9876cdbef8a24e74abb60c1fd1ef69901716cd2d9b65c5a4d5d4e0b8aa0",
    (4, False): "193cf9b8e2c27629561fa2861cacda23bcc6ae5138df66ad762bd11f2fd52304",
    (5, True): "d5531722fae43769065a7d3ecff72065ec2297ba3fffae50d2db0bca5e10cca4",
    (5, False): "5366babd8512d423cb59479fd3dbb4a79f04e2b518eeed42032a1bd90e787193",
}


def digest(players: int, expansion: bool, playouts: int = PLAYOUTS) -> str:
    """The hash of ``playouts`` seeded random matches (seeds 0..playouts-1)."""
    h = hashlib.sha256()
    update = h.update
    options = {"expansion": expansion}
    seats: list[int | None] = [None, *range(players)]

    def observe(state: GameState, step: int) -> None:
        update(f"@{step}".encode())
        for viewer in seats:
            update(repr(state.observation(viewer)).encode())

    for seed in range(playouts):
        chooser = random.Random(seed)
        state = GAME.new_match(players, seed, options)
        update(f"#{seed}".encode())
        observe(state, 0)
        step = 0
        while pending := state.pending():
            step += 1
            choices = {}
            for seat, decision in pending.items():
                action = chooser.choice(decision.legal)
                choices[seat] = action.id
                update(f"{seat}|{decision.kind}|{len(decision.legal)}|{action.id}|"
                       f"{action.text}|{action.detail!r}\n".encode())
            state.apply(choices)
            if step in OBSERVED_STEPS:
                observe(state, step)
        observe(state, step)
        seen: dict[int, str] = {}
        for viewer in seats:  # the union of what each seat sees is the whole log
            for event in state.events_since(0, viewer):
                visible = None if event.visible_to is None else sorted(event.visible_to)
                seen[event.index] = f"{event.index}|{event.text}|{visible}"
        for index in sorted(seen):
            update(seen[index].encode())
        assert sorted(seen) == list(range(state.event_count))
        update(repr(state.result()).encode())
    return h.hexdigest()


@pytest.mark.parametrize("expansion", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_match_the_stored_digest(players: int, expansion: bool) -> None:
    assert digest(players, expansion) == DIGESTS[players, expansion]


if __name__ == "__main__":  # print the table to paste above
    for p in (2, 3, 4, 5):
        for e in (True, False):
            print(f"    ({p}, {e}): \"{digest(p, e)}\",")
