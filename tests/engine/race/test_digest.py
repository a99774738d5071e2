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

import pytest

from engine.race import GAME

PLAYOUTS = 200
CONFIGS: dict[str, tuple[int, dict[str, object]]] = {
    "2p": (2, {}),
    "3p": (3, {}),
    "4p": (4, {}),
    "2p-advanced": (2, {"advanced": True}),
}
# Computed on commit 366876b (before the speed work) with ``digest(name)``.
EXPECTED = {
    "2p": "78e796380df0cc85f01e7ebe3de3249a7528481a60f0b206beab0638cb1fecc0",
    "3p": "17b1dc3dc33f44502cbfdd07cea4f321af1e57194a811ad6b7dac490cad7e401",
    "4p": "ac6ce6816168f27f16f9835a92b6d156b3add7c8928de3befc022381b057b5bf",
    "2p-advanced": "987f4ec21d21b1cc99b1205c344dd5154d91ccd14c32c1352647928b4e8197dc",
}


def digest(name: str) -> str:
    """The SHA-256 of ``PLAYOUTS`` seeded random playouts of configuration ``name``."""
    players, options = CONFIGS[name]
    h = hashlib.sha256()
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        state = GAME.new_match(players, seed, options)
        seen = 0
        step = 0
        while True:
            pending = state.pending()
            if step % 25 == 0 or not pending:
                for seat in range(players):
                    h.update(repr(state.observation(seat)).encode())
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
