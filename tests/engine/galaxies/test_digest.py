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

# Computed on the engine before the speed work of issue 17 (commit b6c4a25).
DIGESTS: dict[tuple[int, bool], str] = {
    (2, True): "581bc1145d93deb35ae872dbac8bb29d4900ebb77f61a236c452fc469113afd6",
    (2, False): "c27848821bf7d8e6244e9ce80abd41131cf687efa5a2a32a919a790643b701c7",
    (3, True): "8dcf75083a0659e98a667bc14a570ee26e769a18ebfc530502d1302c67072039",
    (3, False): "5f88c4df439ef7b70dbe507bb38485249468a1a52b32b44404d866d40dc62b83",
    (4, True): "0918860598ce762f49900227121fa05bfb3cd48b3ee45e47b11a69e9ffbe20f3",
    (4, False): "7492770cfdb2fb13f966978a249c842e25bff81695b5506738e1458248e38937",
    (5, True): "c7a2f0e18890a4b4b12819a71d2b046742c193e03dc97fa9f8a7fc701026a102",
    (5, False): "bce1971a80b4aae305f5d676a3d0d0334db976b7f4d097c710e50497113a928a",
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
