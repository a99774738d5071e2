"""A stored digest of seeded random playouts: speed work must not change a single rule.

For every configuration, 200 matches are played with a ``random.Random(seed)`` of their own
choosing uniformly among the legal actions. Every step's chosen action ids, texts and details,
the size of every legal list, every event's text and visibility, each seat's observation every
25 steps (with the texts of its legal actions then), and the final result go into one SHA-256.
The digests below were computed on the engine before it was optimised; a change of rules,
of the order of random draws, of texts or of observations shows up as a different digest.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from engine.race import GAME, RaceState

PLAYOUTS = 200
CONFIGS: dict[str, tuple[int, dict[str, object]]] = {
    "2p": (2, {}),
    "3p": (3, {}),
    "4p": (4, {}),
    "2p-advanced": (2, {"advanced": True}),
}
# Computed on commit 366876b (before the speed work) with this file's ``digest(name)``.
EXPECTED = {
    "2p": "e6716f3fde5e90a939dd74ece51a896db93c56023b027ef625c554eead0dd2d0",
    "3p": "da116926e2f15aa78d35cc46b5488d05586dce828199b6b86994f125e347a956",
    "4p": "7d975faeb8f519c46763f1019bda762914d68197dfda0bc084268916352a42b5",
    "2p-advanced": "5b8a13d2cd5832f370826e11068710a1810b23261ddddf297356389ef43810ae",
}


# The observation's fields as they were when the digests were computed: fields added later
# (public facts for search bots) are checked by their own tests, not by the stored digests.
_OBSERVATION = ("seat", "round", "phase", "phases", "hand", "explore_cards", "pay_left",
                "deck_count", "discard_count", "vp_pool", "advanced", "game_over")
_PLAYER = ("seat", "hand_count", "vp_chips", "actions", "military", "score")


def _observed(obs: Any) -> str:
    players = [
        (tuple(getattr(p, f) for f in _PLAYER), tuple((t.card, t.good) for t in p.tableau))
        for p in obs.players
    ]
    return repr((tuple(getattr(obs, f) for f in _OBSERVATION), players))


def digest(name: str) -> str:
    """The SHA-256 of ``PLAYOUTS`` seeded random playouts of configuration ``name``."""
    players, options = CONFIGS[name]
    h = hashlib.sha256()
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        state = GAME.new_match(players, seed, options)
        assert isinstance(state, RaceState)
        seen = 0
        step = 0
        while True:
            pending = state.pending()
            if step % 25 == 0 or not pending:
                for seat in range(players):
                    h.update(_observed(state.observation(seat)).encode())
                    if seat in pending:
                        h.update("|".join(a.text for a in pending[seat].legal).encode())
            if not pending:
                break
            choices = {}
            for seat in sorted(pending):
                decision = pending[seat]
                action = rng.choice(decision.legal)
                choices[seat] = action.id
                h.update(f"{step}/{seat}/{decision.kind}/{len(decision.legal)}/{action.id}/"
                         f"{action.text}/{action.detail!r};".encode())
            state.apply(choices)
            for event in state._events[seen:]:
                visible = "*" if event.visible_to is None else sorted(event.visible_to)
                h.update(f"{event.index}:{visible}:{event.text};".encode())
            seen = state.event_count
            step += 1
        result = state.result()
        h.update(repr((result.scores, result.ranks, result.termination, result.reason)).encode())
        h.update(repr((state.deck, state.discard, [s.hand for s in state.seats])).encode())
    return h.hexdigest()


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_random_playouts_match_the_stored_digest(name: str) -> None:
    assert digest(name) == EXPECTED[name]


if __name__ == "__main__":  # print the digests of the code as it is now
    for config in CONFIGS:
        print(f'    "{config}": "{digest(config)}",')
