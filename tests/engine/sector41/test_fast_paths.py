"""The Sector 41 engine's inline copies of a rule agree with the helper they repeat.

``_move_options`` (the steps, the hot path of random play) checks a step's target as
``_open`` does instead of calling it: the call would cost about 5% of random play's
instructions (RULES 47). These tests compare every step offered with ``_open`` over the same
candidate steps, on a hand-built board that has both reasons to refuse a step (a cleansed
tile, a shielded enemy) and along seeded random playouts.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.sector41 import SHIP, GuardianMode, Layout, Sector41State, build, parse_cell
from engine.sector41._actions import move_payload

from .helpers import random_game, stay


def _candidate_steps(state: Sector41State, p: int, loc: int) -> set[tuple[int, int]]:
    """(direction, target) of every step an Explorer of ``p`` on ``loc`` may try, open or not:
    from the ship onto the cell in front of it, else onto a neighbour on the grid, and from
    the cell in front of the ship back onto it."""
    front = state.front(p)
    targets = {(d, state.step(p, loc, d)) for d in range(8)}
    if loc == SHIP:
        return {(d, t) for d, t in targets if t == front}
    return {(d, t) for d, t in targets if t >= 0 or (t == SHIP and loc == front)}


def _steps_agree(state: Sector41State, refused: Counter[str]) -> None:
    """Each seat's offered steps are exactly its candidate steps that ``_open`` allows."""
    for p in range(state.num_players):
        offered: dict[int, set[tuple[int, int]]] = {}
        hopping = set()
        for action in state._move_options(p):
            i, t, d, asteroid = move_payload(action)
            if asteroid:
                hopping.add(i)
            else:
                offered.setdefault(i, set()).add((d, t))
        blocked = state.blocked(p)
        for i, e in enumerate(state.expl[p]):
            # Who steps at all (not resting, not trapped, not below an asteroid's top) is not
            # the rule compared here: an Explorer with no step offered is compared only where
            # nothing else can explain it.
            steps_at_all = e.loc == SHIP or (e.loc >= 0 and e.barren < 0 and not e.trapped
                                             and not e.asteroid)
            if i in hopping or (i not in offered and not steps_at_all):
                continue
            candidates = _candidate_steps(state, p, e.loc)
            allowed = {(d, t) for d, t in candidates if state._open(t, blocked)}
            assert offered.get(i, set()) == allowed, (p, i, e.loc)
            for _d, t in candidates - allowed:
                refused["blocked" if t in blocked else "cleansed"] += 1


def test_steps_refuse_what_open_refuses_on_a_built_board() -> None:
    # Seat 0's Explorer on F6 may not step onto F7 (seat 1's shielded chain E9 - E8 - F7
    # from the cell in front of its ship) nor onto the cleansed G6, which seat 1's Explorer on
    # F7 may not enter either; seat 0's Explorer in front of its ship may step back onto it.
    layout = Layout(explorers={(1, 0): "E9", (1, 1): "E8", (1, 2): "F7", (0, 0): "F6",
                               (0, 1): "E1"},
                    cleansed=("G6",), mode=GuardianMode.AWAKENING)
    state = build(layout)
    assert state.front(0) == parse_cell("E1")
    stay(state)
    refused: Counter[str] = Counter()
    _steps_agree(state, refused)
    assert refused == {"blocked": 1, "cleansed": 2}


@pytest.mark.parametrize("players", [2, 4])
def test_steps_refuse_what_open_refuses_in_random_play(players: int) -> None:
    refused: Counter[str] = Counter()
    for seed in range(6):
        random_game(players, seed, check=lambda state: _steps_agree(state, refused))
    assert refused["cleansed"] > 0 and refused["blocked"] > 0
