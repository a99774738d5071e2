"""A digest of seeded random playouts, computed on the engine before its speed work.

Every step's decision (prompt, kind, the legal actions' texts), the chosen action (id, text,
detail), every event (text and who sees it), each seat's observation every few steps and the
result feed one hash per player count. An optimisation that changes any rule, text or random draw
changes the digest. Regenerate (only for a deliberate rule change, said in the commit) with
``python -m tests.engine.sector41.test_digest``.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.sector41 import GAME, Sector41Observation

PLAYOUTS = 200
FULL = 6  # the first seeds play to the end (the Awakening and cleansings); the rest 30 turns
SHORT_LIMIT = 30
OBSERVE_EVERY = 25
# The observation fields as they were when the digest was taken: fields added later (public
# facts for search bots) do not change it.
FIELDS = (
    "turn", "turn_limit", "current_seat", "your_seat", "phase", "guardian_mode",
    "guardian_row", "guardian_col", "tile_types", "explorers", "players", "supply_yellow",
    "supply_blue", "supply_red", "removed_discs", "remaining_points", "active_explorer",
    "rotations", "face_up", "cleansed", "peeked", "yellow", "blue", "red",
)
DIGESTS = {
    2: "340d62d7153514c976f3e08a57b9a0e8455cf0cc8c2d0b06307585290f7fe9eb",
    3: "ac9dbbc4733acab7ccc22cae6d6446d39f4a9b49dec5e8f3e4848742c65bd8ec",
    4: "b0814052567c9e6ea2cf370ba9336f817a7652a67ba66071463a96084961ff44",
}


def _observed(obs: Sector41Observation) -> str:
    return repr(tuple(getattr(obs, name) for name in FIELDS))


def digest(players: int) -> str:
    """The hash of ``PLAYOUTS`` seeded random playouts for ``players`` seats."""
    h = hashlib.sha256()
    for seed in range(PLAYOUTS):
        limit = 400 if seed < FULL else SHORT_LIMIT
        rng = random.Random(seed)
        state = GAME.new_match(players, 1000 * players + seed, {"turn_limit": limit})
        seen = 0
        step = 0
        while pending := state.pending():
            (seat, decision), = pending.items()
            h.update(f"{seat}|{decision.prompt}|{decision.kind}\n".encode())
            h.update("|".join(a.text for a in decision.legal).encode())
            if step % OBSERVE_EVERY == 0:
                for s in (*range(players), None):
                    h.update(_observed(state.observation(s)).encode())
            action = rng.choice(decision.legal)
            h.update(f"chose {action.id} {action.text} {action.detail!r}\n".encode())
            state.apply({seat: action.id})
            for index in range(seen, state.event_count):
                event = state._events[index]
                visible = None if event.visible_to is None else sorted(event.visible_to)
                h.update(f"{event.index}|{event.text}|{visible}\n".encode())
            seen = state.event_count
            step += 1
        for s in (*range(players), None):
            h.update(_observed(state.observation(s)).encode())
        h.update(repr(state.result()).encode())
    return h.hexdigest()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_match_the_stored_digest(players: int) -> None:
    assert digest(players) == DIGESTS[players]


if __name__ == "__main__":
    for n in (2, 3, 4):
        print(f"    {n}: \"{digest(n)}\",")
