"""End-of-game VP: printed card VP, chips, and the twelve six-cost developments' formulas.

Each card counts for at most one category of a given six-cost development, checked in the
printed order (fact sheet section 6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ._cards import BY_NAME, CARDS, Card, CardKind, Good, GoodType, PowerKind

_TRADE = (PowerKind.TRADE_BONUS, PowerKind.TRADE_THIS_WORLD)


def _world(c: Card) -> bool:
    return c.kind is not CardKind.DEVELOPMENT


def _dev(c: Card) -> bool:
    return c.kind is CardKind.DEVELOPMENT


def _has_phase(c: Card, phase: int) -> bool:
    return any(p.phase == phase for p in c.powers)


def _has_consume(c: Card) -> bool:
    return any(p.phase == 4 and p.kind not in _TRADE for p in c.powers)


def _has_trade(c: Card) -> bool:
    return any(p.kind in _TRADE for p in c.powers)


def _kind_world(c: Card, good: Good, gtype: GoodType) -> bool:
    return _world(c) and c.good is good and c.good_type is gtype


def _named(*names: str) -> Callable[[Card], bool]:
    wanted = frozenset(names)
    return lambda c: c.name in wanted


# Per six-cost development: (test, VP) categories, first match wins.
_Rule = Sequence[tuple[Callable[[Card], bool], int]]
_RULES: dict[str, _Rule] = {
    "Alien Tech Institute": (
        (lambda c: _kind_world(c, Good.ALIEN, GoodType.PRODUCTION), 3),
        (lambda c: _kind_world(c, Good.ALIEN, GoodType.WINDFALL), 2),
        (lambda c: "alien" in c.traits, 2),
    ),
    "Free Trade Association": (
        (lambda c: _kind_world(c, Good.NOVELTY, GoodType.PRODUCTION), 2),
        (lambda c: _kind_world(c, Good.NOVELTY, GoodType.WINDFALL), 1),
        (_named("Consumer Markets", "Expanding Colony"), 2),
    ),
    "Galactic Federation": (
        (lambda c: _dev(c) and c.cost == 6, 2),
        (_dev, 1),
    ),
    "Galactic Imperium": (
        (lambda c: _world(c) and c.military and "rebel" in c.traits, 2),
        (lambda c: _world(c) and c.military, 1),
    ),
    "Galactic Renaissance": (
        (_named("Research Labs", "Galactic Trendsetters", "Artist Colony"), 3),
    ),
    "Galactic Survey: SETI": (
        (lambda c: _dev(c) and _has_phase(c, 1), 1),
        (lambda c: _world(c) and _has_phase(c, 1), 2),
        (_world, 1),
    ),
    "Merchant Guild": (
        (lambda c: _world(c) and c.good_type is GoodType.PRODUCTION, 2),
    ),
    "Mining League": (
        (lambda c: _kind_world(c, Good.RARE, GoodType.PRODUCTION), 2),
        (lambda c: _kind_world(c, Good.RARE, GoodType.WINDFALL), 1),
        (_named("Mining Robots", "Mining Conglomerate"), 2),
    ),
    "New Economy": (
        (lambda c: _dev(c) and _has_consume(c), 2),
        (lambda c: _world(c) and _has_consume(c), 1),
    ),
    "New Galactic Order": (),
    "Pan-Galactic League": (
        (lambda c: _world(c) and c.good is Good.GENES, 2),
        (lambda c: _world(c) and c.military, 1),
        (_named("Contact Specialist"), 3),
    ),
    "Trade League": (
        (lambda c: _dev(c) and _has_trade(c), 2),
        (lambda c: _world(c) and _has_trade(c), 1),
    ),
}
_RULE_BY_ID: dict[int, _Rule] = {BY_NAME[name].id: rule for name, rule in _RULES.items()}
_RENAISSANCE = BY_NAME["Galactic Renaissance"].id
_ORDER = BY_NAME["New Galactic Order"].id


def bonus(dev: int, cards: Sequence[int], chips: int) -> int:
    """The end-of-game VP of six-cost development ``dev`` in a tableau of ``cards``."""
    if dev == _ORDER:
        return sum(
            p.value for cid in cards for p in CARDS[cid].powers if p.kind is PowerKind.MILITARY
        )
    total = chips // 3 if dev == _RENAISSANCE else 0
    for cid in cards:
        card = CARDS[cid]
        for test, vp in _RULE_BY_ID[dev]:
            if test(card):
                total += vp
                break
    return total


def score(tableau: Sequence[Sequence[int]], chips: int) -> int:
    """Total VP of a tableau (entries start with the card id) and its VP chips."""
    return score_cards([entry[0] for entry in tableau], chips)


def score_cards(cards: Sequence[int], chips: int) -> int:
    """Total VP of a tableau given as its card ids, and its VP chips."""
    total = chips
    for cid in cards:
        vp = CARDS[cid].vp
        total += bonus(cid, cards, chips) if vp < 0 else vp
    return total


def six_cost_devs() -> list[int]:
    """Ids of the twelve six-cost developments."""
    return sorted(_RULE_BY_ID)


def vp_by_card(dev: int) -> tuple[int, ...]:
    """What each catalogue card adds to ``dev``'s VP (each card counts once, so it adds up)."""
    return tuple(bonus(dev, [card.id], 0) for card in CARDS)


def vp_per_three_chips(dev: int) -> int:
    """VP per 3 chips that ``dev`` scores (Galactic Renaissance), else 0."""
    return 1 if dev == _RENAISSANCE else 0
