"""Which instability effects a match uses: the ``effects`` option and its selection."""

from __future__ import annotations

import random

from ._cards import EFFECTS, Colour, Effect

# The effects the engine plays: all 30 (the set stays so that callers keep one test).
IMPLEMENTED: frozenset[int] = frozenset(int(e) for e in Effect)

_COLOURS = {c.name.lower(): c for c in Colour}


def effect_pool(spec: str) -> list[int]:
    """The effects a spec allows: comma-separated colours (``blue``, ``green``, ``yellow``,
    ``red``), ``all`` or effect names; ValueError naming what is accepted otherwise."""
    pool: set[int] = set()
    for token in (t.strip().lower() for t in spec.split(",")):
        if not token:
            continue
        if token == "all":
            pool |= {int(i.effect) for i in EFFECTS if i.effect in IMPLEMENTED}
        elif token in _COLOURS:
            colour = _COLOURS[token]
            pool |= {int(i.effect) for i in EFFECTS
                     if i.colour is colour and i.effect in IMPLEMENTED}
        elif token.upper() in Effect.__members__:
            pool.add(int(Effect[token.upper()]))
        else:
            raise ValueError(f"option 'effects': unknown token {token!r}; accepted: blue, green, "
                             f"yellow, red, all, or effect names")
    return sorted(pool)


def choose_effects(spec: str, count: int, rng: random.Random) -> list[int]:
    """``count`` distinct effects drawn from the spec's pool (one per suit in the deck)."""
    pool = effect_pool(spec)
    if len(pool) < count:
        raise ValueError(f"option 'effects' {spec!r} allows {len(pool)} effects, but the deck "
                         f"has {count} suits (one effect each)")
    return rng.sample(pool, count)
