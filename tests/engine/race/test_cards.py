"""The card data against every count of the fact sheet's section 3 (and section 4)."""

from __future__ import annotations

from collections import Counter

from engine.race import CARDS, CardKind, Good, GoodType, PowerKind
from engine.race._cards import PRESET_HANDS

from ._helpers import ID

WORLDS = [c for c in CARDS if c.kind is not CardKind.DEVELOPMENT]
DEVS = [c for c in CARDS if c.kind is CardKind.DEVELOPMENT]


def _copies(cards: list) -> int:  # type: ignore[type-arg]
    return sum(c.copies for c in cards)


def test_group_totals() -> None:
    starts = [c for c in CARDS if c.kind is CardKind.START_WORLD]
    others = [c for c in CARDS if c.kind is CardKind.WORLD]
    six = [c for c in DEVS if c.cost == 6]
    cheap = [c for c in DEVS if c.cost < 6]
    assert (len(starts), _copies(starts)) == (5, 5)
    assert (len(others), _copies(others)) == (59, 59)
    assert (len(cheap), _copies(cheap)) == (19, 38)
    assert (len(six), _copies(six)) == (12, 12)
    assert (len(CARDS), _copies(CARDS)) == (95, 114)
    assert sorted(c.start_number for c in starts) == [0, 1, 2, 3, 4]
    assert all(c.vp == -1 and c.scoring for c in six)


def test_military_worlds_by_defense() -> None:
    military = [c for c in WORLDS if c.military]
    assert len(military) == 23
    assert sum(1 for c in military if c.kind is CardKind.START_WORLD) == 1
    assert Counter(c.cost for c in military) == {1: 6, 2: 7, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1}
    rebel = Counter(c.cost for c in military if "rebel" in c.traits)
    assert rebel == {1: 1, 2: 1, 3: 2, 5: 1, 6: 1, 7: 1}
    alien = Counter(c.cost for c in military if c.good is Good.ALIEN)
    assert alien == {2: 1, 4: 1, 5: 1, 6: 1}


def test_costs_of_paid_cards() -> None:
    devs = Counter()
    worlds = Counter()
    for c in DEVS:
        devs[c.cost] += c.copies
    for c in WORLDS:
        if not c.military:
            worlds[c.cost] += c.copies
    assert sum(devs.values()) + sum(worlds.values()) == 91
    assert [devs[k] for k in range(8)] == [0, 12, 12, 4, 8, 2, 12, 0]
    assert [worlds[k] for k in range(8)] == [2, 6, 11, 10, 5, 5, 2, 0]
    military = Counter(c.cost for c in WORLDS if c.military)
    assert [military[k] for k in range(8)] == [0, 6, 7, 3, 2, 2, 2, 1]


def test_windfall_and_production_worlds() -> None:
    def split(gtype: GoodType, good: Good) -> tuple[int, int]:
        found = [c for c in WORLDS if c.good_type is gtype and c.good is good]
        return (sum(not c.military for c in found), sum(c.military for c in found))

    windfall = {g: split(GoodType.WINDFALL, g) for g in (Good.NOVELTY, Good.RARE, Good.GENES,
                                                          Good.ALIEN)}
    assert windfall == {Good.NOVELTY: (2, 3), Good.RARE: (5, 2), Good.GENES: (2, 5),
                        Good.ALIEN: (3, 3)}
    production = {g: split(GoodType.PRODUCTION, g) for g in windfall}
    assert production == {Good.NOVELTY: (8, 1), Good.RARE: (5, 1), Good.GENES: (3, 1),
                          Good.ALIEN: (1, 1)}


def _cards_with(test) -> int:  # type: ignore[no-untyped-def]
    return sum(c.copies for c in CARDS if any(test(p) for p in c.powers))


def test_power_counts() -> None:
    # "19 cards give Military": 17 with a plain bonus and the 2 New Military Tactics.
    assert _cards_with(lambda p: p.kind is PowerKind.MILITARY and p.value > 0) == 17
    assert _cards_with(lambda p: p.kind is PowerKind.NEW_MILITARY_TACTICS) == 2
    assert _cards_with(lambda p: p.kind is PowerKind.MILITARY and p.value < 0) == 5
    goods = (PowerKind.CONSUME, PowerKind.CONSUME_SET, PowerKind.CONSUME_DISTINCT,
             PowerKind.CONSUME_ALL, PowerKind.CONSUME_PRICE, PowerKind.CONSUME_PRICE_BONUS)
    consumers = [c for c in CARDS if any(p.kind in goods for p in c.powers)]
    assert _copies(consumers) == 33
    assert _copies([c for c in consumers if c.kind is not CardKind.DEVELOPMENT]) == 18
    assert _cards_with(lambda p: p.kind is PowerKind.CONSUME_HAND) == 3
    windfall = [c for c in CARDS if any(p.kind is PowerKind.PRODUCE_WINDFALL for p in c.powers)]
    assert _copies(windfall) == 9
    assert _copies([c for c in windfall if c.kind is CardKind.DEVELOPMENT]) == 6


def test_preset_hands() -> None:
    for number, names in PRESET_HANDS.items():
        assert all(CARDS[ID[n]].preset_hand == number for n in names)
        kinds = Counter(CARDS[ID[n]].kind is CardKind.DEVELOPMENT for n in names)
        assert kinds == {True: 2, False: 2}
