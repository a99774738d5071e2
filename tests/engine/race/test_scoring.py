"""The twelve six-cost developments' end-of-game formulas, and the final score."""

from __future__ import annotations

import pytest

from engine.race._scoring import bonus, score

from ._helpers import ID, build

CASES = [
    ("Alien Tech Institute",
     ["Alien Robotic Factory", "Deserted Alien Colony", "Alien Rosetta Stone World", "Old Earth"],
     3 + 2 + 2 + 2),
    ("Free Trade Association",
     ["Gem World", "Refugee World", "Consumer Markets", "Expanding Colony", "Old Earth"],
     2 + 1 + 2 + 2),
    ("Galactic Federation", ["New Economy", "Space Marines", "Old Earth"], 2 + 2 + 1),
    ("Galactic Imperium", ["Rebel Base", "New Sparta", "Gem World"], 2 + 1),
    ("Galactic Renaissance", ["Research Labs", "Artist Colony", "Old Earth"], 3 + 3 + 7 // 3),
    ("Galactic Survey: SETI",
     ["Expedition Force", "Star Nomad Lair", "Old Earth", "Space Marines"], 1 + 1 + 2 + 1),
    ("Merchant Guild", ["Gem World", "Rebel Miners", "Refugee World", "Old Earth"], 2 + 2),
    ("Mining League",
     ["Comet Zone", "Asteroid Belt", "Mining Robots", "Mining Conglomerate", "Gem World"],
     2 + 1 + 2 + 2),
    ("New Economy",
     ["Public Works", "Old Earth", "Black Market Trading World", "Export Duties"], 2 + 2 + 1 + 1),
    ("New Galactic Order",
     ["New Sparta", "Contact Specialist", "Alpha Centauri", "New Military Tactics"], 2 + 2 - 1),
    ("Pan-Galactic League",
     ["Avian Uplift Race", "Plague World", "New Sparta", "Contact Specialist"],
     2 + 2 + 1 + 3 - 0),
    ("Trade League",
     ["Export Duties", "Old Earth", "Space Port", "Public Works"], 2 + 2 + 1 + 1),
]


@pytest.mark.parametrize(("dev", "others", "expected"), CASES, ids=[c[0] for c in CASES])
def test_six_cost_development(dev: str, others: list[str], expected: int) -> None:
    cards = [ID[dev]] + [ID[n] for n in others]
    assert bonus(ID[dev], cards, chips=7) == expected


def test_each_card_counts_once_per_development() -> None:
    # A genes military world is a genes world (2) for Pan-Galactic League, not also military.
    cards = [ID["Pan-Galactic League"], ID["Avian Uplift Race"]]
    assert bonus(ID["Pan-Galactic League"], cards, 0) == 2


def test_score_adds_printed_vp_chips_and_bonuses() -> None:
    tableau = [[ID["Old Earth"], -1, 0], [ID["Merchant Guild"], -1, 0], [ID["Gem World"], -1, 0]]
    assert score(tableau, chips=4) == 2 + 1 + 2 + 4


def test_result_ranks_by_vp_then_hand_plus_goods() -> None:
    s = build([["Gem World"], ["Artist Colony"], ["Spice World"]],
              [["Space Marines"], [], []], goods={2: ["Spice World"]})
    for seat in s.seats:
        seat.vp = 0
    # All three score 1 VP; seat 0 (1 card) and seat 2 (1 good) tie above seat 1.
    s.seats[0].tableau[0][0] = ID["Gem World"]
    assert s.result().scores == (1.0, 1.0, 1.0)
    assert s.result().ranks == (0, 2, 0)


def test_new_economy_counts_card_discard_and_lucky_draw_powers() -> None:
    cards = [ID["New Economy"], ID["Deficit Spending"], ID["Gambling World"], ID["Space Port"]]
    assert bonus(ID["New Economy"], cards, 0) == 2 + 2 + 1  # Space Port's $ is not consume


def test_the_typed_six_cost_scoring_in_the_static_data_agrees_with_the_engine() -> None:
    import random

    from engine.race import STATIC_DATA
    from engine.race._scoring import bonus

    assert len(STATIC_DATA.six_cost_scoring) == 12
    rng = random.Random(3)
    for entry in STATIC_DATA.six_cost_scoring:
        for _ in range(50):
            tableau = [entry.card_id, *rng.sample(range(len(STATIC_DATA.cards)), 11)]
            tableau = list(dict.fromkeys(tableau))
            chips = rng.randrange(30)
            typed = (sum(entry.vp_by_card[c] for c in tableau)
                     + entry.vp_per_three_chips * (chips // 3))
            assert typed == bonus(entry.card_id, tableau, chips)
