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
# player matches the old limit cut now end by the rules), and again when the action details
# and the observation gained fields (culture_paid, the moving ship, pilot_awaiting_ship).
DIGESTS: dict[tuple[int, bool], str] = {
    (2, True): "23b2ef6b8c0143b3d838288fefb42af51ef596cd3a89d55ac6f080ac5dfcdd07",
    (2, False): "2ea866651e9d34317f99373ea4b735f5075f9f1a520343bfba9e8c7bf959e62d",
    (3, True): "d9ae559daa16c8c25ec640a6d8e1bbdb44a4684237331d3defe2d85b6ea9667c",
    (3, False): "da25b500e5c4a6993a1c6e19ad0a22f36942af5dad052da3b37a1b7222abdc95",
    (4, True): "e0c9ebf801e2fb1de14c95841b3757d95a81a13a92c0db99f570ea880050d963",
    (4, False): "289ef7686aea17e15cb9d22ad082d3433fd3742512736fdc8b82862e486cf59d",
    (5, True): "ec5632c37349811a10fba533109164596c7ab4c6494cc61ad90ebab3f47a2daa",
    (5, False): "f7685e3881b1932e0e20a9be65840c7a12af9dd6aeb066b0a445e0f563d81680",
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
