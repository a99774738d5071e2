"""Every power kind of the fact sheet's section 5, each on a hand-built tableau."""

from __future__ import annotations

from engine.race import CARDS, Phase, RaceState

from ._helpers import ID, act, build, select, texts


def _hand(state: RaceState, seat: int = 0) -> int:
    return len(state.seats[seat].hand)


def _finish_phase(state: RaceState) -> None:
    stage, phase_no = state.stage, state.phase_no
    while state.stage is stage and state.phase_no == phase_no and state.pending():
        act(state)


# -- I Explore ---------------------------------------------------------------------------


def test_explore_draw_and_keep_extra() -> None:
    s = build([["Old Earth", "Expedition Force"], ["Alpha Centauri", "Research Labs"]])
    select(s, "Explore +5", "Explore +1/+1")
    assert len(s.seats[0].drawn) == 2 + 5 + 1
    assert s.seats[0].count == 1
    # Seat 1 draws 3 and keeps 3 (+1/+1 and Research Labs keep +1): all, without asking.
    assert 1 not in s.pending()
    assert _hand(s, 1) == 3


def test_explore_galactic_renaissance_draw_and_keep() -> None:
    s = build([["Old Earth", "Galactic Renaissance"], ["Alpha Centauri"]])
    select(s, "Explore +5", "Explore +5")
    assert len(s.seats[0].drawn) == 2 + 5 + 2 and s.seats[0].count == 2
    assert len(s.seats[1].drawn) == 7 and s.seats[1].count == 1
    act(s)
    act(s)
    assert _hand(s, 0) == 2 and _hand(s, 1) == 1
    assert s.stage is not Phase.EXPLORE


def test_explore_all_drawn_before_any_discard() -> None:
    s = build([["Old Earth"], ["Alpha Centauri"]])
    deck = len(s.deck)
    select(s, "Explore +5", "Explore +5")
    assert len(s.deck) == deck - 14 and s.discard == []
    act(s)
    assert len(s.discard) == 12


# -- II Develop --------------------------------------------------------------------------


def test_develop_cost_reductions_and_bonus_floor_at_zero() -> None:
    s = build(
        [["Old Earth", "Investment Credits"], ["Alpha Centauri", "Galactic Federation"]],
        [["Export Duties", "Drop Ships", "Artist Colony"], ["Space Marines", "Gem World"]],
    )
    select(s, "Develop", "Develop")
    # Export Duties costs 1 - 1 (bonus) - 1 (Investment Credits) -> 0, never negative.
    assert "Develop Export Duties (cost 0)" in texts(s, 0)
    assert "Develop Drop Ships (cost 2)" in texts(s, 0)
    assert "Develop Space Marines (cost 0)" in texts(s, 1)  # 2 - 1 - 2 -> 0
    act(s, {0: "Export Duties", 1: "Space Marines"})
    assert sorted(s.seats[0].hand) == sorted([ID["Drop Ships"], ID["Artist Colony"]])  # no refund
    assert s.seats[1].hand == [ID["Gem World"]]


def test_develop_interstellar_bank_draws_at_start() -> None:
    s = build([["Old Earth", "Interstellar Bank"], ["Alpha Centauri"]])
    select(s, "Develop", "Develop")
    assert _hand(s, 0) == 1 and _hand(s, 1) == 0


def test_public_works_draws_after_placing_but_not_for_itself() -> None:
    s = build(
        [["Old Earth", "Public Works"], ["Alpha Centauri"]],
        [["Export Duties", "Gem World"], ["Public Works", "Spice World"]],
    )
    select(s, "Develop", "Develop")
    act(s, {0: "Export Duties", 1: "Public Works"})
    assert _hand(s, 0) == 2  # paid 0 (bonus), drew 1 from Public Works
    assert _hand(s, 1) == 1  # paid 0 (bonus); its own Public Works draws nothing yet


def test_no_duplicate_development() -> None:
    s = build(
        [["Old Earth", "Space Marines"], ["Alpha Centauri"]],
        [["Space Marines", "Gem World", "Spice World"], []],
    )
    select(s, "Develop", "Develop")
    # Only "nothing" was possible, so the phase resolved without asking.
    assert s.stage is Phase.SELECT and ID["Space Marines"] in s.seats[0].hand
    assert [e[0] for e in s.seats[0].tableau].count(ID["Space Marines"]) == 1


# -- III Settle --------------------------------------------------------------------------


def test_military_conquest_and_negative_military() -> None:
    s = build(
        [["New Sparta", "Empath World"], ["Epsilon Eridani"]],
        [["Avian Uplift Race", "Rebel Fuel Cache"], ["The Last of the Uplift Gnarssh"]],
    )
    select(s, "Settle", "Settle")
    # New Sparta +2, Empath World -1: Military 1 conquers defense 1, not defense 2.
    assert texts(s, 0) == ["Settle nothing", "Settle Rebel Fuel Cache (conquer 1)"]
    assert texts(s, 1) == ["Settle nothing", "Settle The Last of the Uplift Gnarssh (conquer 1)"]
    act(s, {0: "Rebel Fuel Cache", 1: "Gnarssh"})
    assert s.seats[0].hand == [ID["Avian Uplift Race"]] + [s.seats[0].hand[1]]  # bonus draw
    assert s.seats[0].tableau[-1][0] == ID["Rebel Fuel Cache"]
    assert s.seats[0].tableau[-1][1] != -1  # windfall good


def test_specialised_military() -> None:
    s = build(
        [["Alpha Centauri"], ["Old Earth", "Galactic Imperium"]],
        [["Rebel Fuel Cache", "Asteroid Belt"], ["Rebel Homeworld", "Rebel Base", "Rebel Outpost"]],
    )
    select(s, "Settle", "Settle")
    assert "Settle Rebel Fuel Cache (conquer 1)" in texts(s, 0)  # +1 vs rare
    assert 1 not in s.pending()  # +4 vs Rebel < 5
    s = build(
        [["Old Earth", "Alien Tech Institute"], ["Alpha Centauri", "Galactic Imperium"]],
        [["Alien Robot Sentry"], ["Rebel Miners"]],
    )
    select(s, "Settle", "Settle")
    assert "Settle Alien Robot Sentry (conquer 2)" in texts(s, 0)  # +2 vs alien
    assert "Settle Rebel Miners (conquer 2)" in texts(s, 1)  # +4 vs Rebel


def test_world_cost_reductions() -> None:
    s = build(
        [["Alpha Centauri", "Mining Robots", "Replicant Robots"],
         ["Old Earth", "Alien Tech Institute"]],
        [["Comet Zone", "Gem World"], ["Deserted Alien Outpost", "Spice World", "Artist Colony"]],
    )
    select(s, "Settle", "Settle")
    # Comet Zone 3 - 1 (Alpha Centauri) - 1 (Mining Robots) - 2 (Replicant Robots) -> 0.
    assert "Settle Comet Zone (cost 0)" in texts(s, 0)
    assert "Settle Gem World (cost 0)" in texts(s, 0)
    assert "Settle Deserted Alien Outpost (cost 2)" in texts(s, 1)  # 4 - 2 vs alien


def test_settle_bonus_and_terraforming_robots_draw() -> None:
    s = build(
        [["Old Earth", "Terraforming Robots"], ["Alpha Centauri"]],
        [["Refugee World"], ["Empath World", "Gem World"]],
    )
    select(s, "Settle", "Produce")
    act(s, {0: "Refugee World", 1: "Empath World"})
    # Refugee World costs 0: +1 settle bonus +1 Terraforming Robots.
    assert _hand(s, 0) == 2
    assert s.seats[0].tableau[-1][1] != -1  # windfall good, face down
    assert _hand(s, 1) == 0  # paid with Gem World, no bonus


def test_colony_ship_and_new_military_tactics_leave_the_tableau() -> None:
    s = build(
        [["Old Earth", "Colony Ship"], ["Epsilon Eridani", "New Military Tactics"]],
        [["Deserted Alien Colony", "Artist Colony"], ["Rebel Warrior Race"]],
    )
    select(s, "Settle", "Settle")
    assert not any("Deserted Alien Colony" in t for t in texts(s, 0))  # alien good: no ship
    act(s, {0: "Artist Colony", 1: "Rebel Warrior Race"})
    # Seat 1 had to use New Military Tactics (1 + 3 >= 3); seat 0 chooses pay or ship.
    assert ID["New Military Tactics"] not in [e[0] for e in s.seats[1].tableau]
    assert ID["Rebel Warrior Race"] in [e[0] for e in s.seats[1].tableau]
    assert texts(s, 0) == ["pay (pay 1)", "colony ship (pay 0)"]
    act(s, {0: "colony ship"})
    assert [e[0] for e in s.seats[0].tableau] == [ID["Old Earth"], ID["Artist Colony"]]
    assert ID["Colony Ship"] in s.discard and ID["New Military Tactics"] in s.discard


def test_contact_specialist_pays_for_military_world() -> None:
    s = build(
        [["Old Earth", "Contact Specialist", "Replicant Robots"], ["Alpha Centauri"]],
        [["Rebel Warrior Race", "Gem World"], []],
    )
    select(s, "Settle", "Settle")
    # Military 0 - 1 < 3, so only paying: defense 3 - 1 - 2 (Replicant Robots) = 0.
    assert "Settle Rebel Warrior Race (conquer 3)" in texts(s, 0)
    act(s, {0: "Rebel Warrior Race"})
    assert ID["Gem World"] in s.seats[0].hand and _hand(s, 0) == 2  # paid 0, bonus draw
    s = build(
        [["Old Earth", "Contact Specialist"], ["Alpha Centauri"]],
        [["Alien Robot Sentry", "Gem World", "Spice World"]],
    )
    select(s, "Settle", "Settle")
    assert not any("Alien Robot Sentry" in t for t in texts(s, 0))  # never on Alien goods


# -- IV Trade and Consume ----------------------------------------------------------------


def test_trade_with_trade_powers() -> None:
    s = build(
        [["Old Earth", "Pirate World", "Spice World"], ["Alpha Centauri", "Genetics Lab"]],
        goods={0: ["Pirate World"], 1: ["Alpha Centauri"]},
    )
    select(s, "Consume: Trade", "Consume: Trade")
    # Pirate World novelty: 2 + 1 (Old Earth any) + 3 (this world) + 2 (Spice World novelty).
    assert _hand(s, 0) == 8
    assert _hand(s, 1) == 3  # rare 3; Genetics Lab is for genes only


def test_consume_up_to_and_doubling() -> None:
    s = build(
        [["Old Earth", "Gem World", "Spice World", "Artist Colony"],
         ["Epsilon Eridani", "New Vinland"]],
        goods={0: ["Gem World", "Spice World", "Artist Colony"], 1: ["New Vinland"]},
    )
    select(s, "Consume: 2x VP", "Consume: Trade")
    # Seat 1 sold its only good (novelty 2), so Epsilon Eridani has nothing to take.
    assert _hand(s, 1) == 2 and 1 not in s.pending()
    # Old Earth: up to 2 goods, 1 VP each, doubled; it must take two, the third stays.
    act(s)
    act(s)
    assert s.seats[0].vp == 4
    assert sum(e[1] != -1 for e in s.seats[0].tableau) == 1
    assert not s.pending() or s.stage is not Phase.CONSUME


def test_consume_one_specific_kind() -> None:
    s = build(
        [["Old Earth", "Research Labs", "Plague World", "Terraforming Robots", "Comet Zone"],
         ["Alpha Centauri", "New Survivalists"]],
        goods={0: ["Plague World", "Comet Zone"], 1: ["New Survivalists", "Alpha Centauri"]},
    )
    select(s, "Consume: 2x VP", "Consume: 2x VP")
    act(s, {0: "Research Labs"})  # genes only: the Plague World good
    assert s.seats[0].vp == 2
    act(s, {0: "Terraforming Robots"})  # rare only: Comet Zone, 1 VP (x2) and 1 card
    assert s.seats[0].vp == 4 and _hand(s, 0) == 1
    assert _hand(s, 1) == 1  # New Survivalists: 1 novelty good for a card
    assert s.seats[1].tableau[0][1] != -1  # the rare good stays


def test_consume_sets() -> None:
    s = build(
        [["Old Earth", "Tourist World", "Gem World", "Comet Zone"],
         ["Alpha Centauri", "Mining League", "Mining World"]],
        goods={0: ["Gem World", "Comet Zone"], 1: ["Alpha Centauri", "Mining World"]},
    )
    select(s, "Consume: 2x VP", "Consume: 2x VP")
    act(s, {0: "Tourist World"})
    act(s)
    act(s)
    assert s.seats[0].vp == 6  # 3 VP for the pair, doubled
    assert s.seats[1].vp == 6  # rare pair


def test_consume_distinct_and_all() -> None:
    s = build(
        [["Old Earth", "Diversified Economy", "Gem World", "Comet Zone", "Plague World"],
         ["Alpha Centauri", "Pilgrimage World", "Spice World", "Mining World", "Distant World"]],
        goods={0: ["Gem World", "Comet Zone", "Plague World"],
               1: ["Spice World", "Mining World", "Distant World"]},
    )
    select(s, "Consume: 2x VP", "Consume: 2x VP")
    act(s, {0: "Diversified Economy"})
    _finish_phase(s)
    assert s.seats[0].vp == 6  # 3 VP doubled
    assert s.seats[1].vp == 4  # (3 - 1) doubled


def test_consume_for_trade_price() -> None:
    s = build(
        [["Old Earth", "Black Market Trading World", "Genetics Lab", "Plague World"],
         ["Alpha Centauri", "Trade League", "Plague World" if False else "Distant World"]],
        goods={0: ["Plague World"], 1: ["Distant World"]},
    )
    select(s, "Consume: 2x VP", "Consume: 2x VP")
    act(s, {0: "Black Market", 1: "consume 1 any good -> cards"})
    assert _hand(s, 0) == 4  # genes price, trade powers do not apply
    assert _hand(s, 1) == 4 + 1  # genes price + Trade League's own $ +1


def test_new_economy_gambling_and_deficit_spending() -> None:
    s = build(
        [["Old Earth", "New Economy", "Deficit Spending"], ["Alpha Centauri", "Gambling World"]],
        [["Gem World", "Spice World", "Artist Colony"], []],
    )
    select(s, "Consume: 2x VP", "Consume: 2x VP")
    deck = len(s.deck)
    act(s, {0: "New Economy", 1: "Name 1"})
    assert _hand(s, 0) == 4
    assert len(s.deck) == deck - 2  # one drawn, one flipped
    # Deficit Spending is all that is left, so it is invoked; discarding stays optional.
    assert "Stop discarding" in texts(s, 0)
    act(s, {0: "Discard Gem World"})
    act(s, {0: "Discard"})
    assert s.seats[0].vp == 2  # not doubled
    assert _hand(s, 0) == 2


def test_worked_example_new_vinland_and_fta() -> None:
    """Rulebook: once FTA is invoked it must take all three novelty goods."""
    s = build(
        [["Epsilon Eridani", "New Vinland", "Free Trade Association", "Gem World",
          "Spice World"], ["Alpha Centauri"]],
        goods={0: ["New Vinland", "Gem World", "Spice World"]},
    )
    select(s, "Consume: 2x VP", "Consume: 2x VP")
    act(s, {0: "Free Trade Association"})
    assert s.seats[0].step == "good"
    act(s)
    act(s)  # the third good is then forced
    assert s.seats[0].vp == 6 and _hand(s, 0) == 3  # 3 x (1 VP doubled) and 3 cards
    assert not any(e[1] != -1 for e in s.seats[0].tableau)


# -- V Produce ---------------------------------------------------------------------------


def test_produce_and_draw_if_produced() -> None:
    s = build(
        [["Old Earth", "Gem World", "Lost Species Ark World", "Merchant Guild"],
         ["Alpha Centauri", "Spice World", "Rebel Underground"]],
        goods={1: ["Spice World"]},
    )
    select(s, "Produce", "Produce")
    assert all(e[1] != -1 for e in s.seats[0].tableau[1:3])
    assert _hand(s, 0) == 1 + 2 + 2  # Gem World, Ark World, Merchant Guild
    # Spice World already had a good: no production; the Produce bonus fills Alpha Centauri.
    assert _hand(s, 1) == 1 and s.seats[1].tableau[0][1] != -1


def test_windfall_production_powers_and_runaway_robots() -> None:
    s = build(
        [["Old Earth", "Mining Robots", "Asteroid Belt", "Runaway Robots", "Galactic Engineers",
          "Pre-Sentient Race"], ["Alpha Centauri"]],
    )
    select(s, "Produce", "Produce")
    act(s, {0: "Produce on Pre-Sentient Race (Produce bonus)"})
    act(s, {0: "Produce on Runaway Robots (Galactic Engineers)"})
    # Mining Robots had to take Asteroid Belt, the only rare windfall world left.
    assert all(e[1] != -1 for e in s.seats[0].tableau if CARDS[e[0]].good_type.name == "WINDFALL")
    assert _hand(s, 0) == 1  # Runaway Robots got a good


def test_produce_draw_per_kind_distinct_genes_and_most_rare() -> None:
    s = build(
        [["Old Earth", "Consumer Markets", "Diversified Economy", "Gem World", "Spice World",
          "Comet Zone"],
         ["Alpha Centauri", "Pan-Galactic League", "Plague World", "Mining Conglomerate",
          "Mining World", "Bio-Hazard Mining World", "Pre-Sentient Race"]],
    )
    select(s, "Produce", "Consume: Trade")
    assert s.stage is Phase.PRODUCE or _hand(s, 0) > 0
    _finish_phase(s)
    # Seat 0: Gem World and Comet Zone 1 each; 2 novelty (Consumer Markets); 2 kinds.
    assert _hand(s, 0) == 1 + 1 + 2 + 2
    # Seat 1: Pan-Galactic 2 genes worlds; Mining World 1; rare 2 > 1 (Mining Conglomerate).
    assert _hand(s, 1) == 2 + 1 + 2


def test_power_does_not_work_in_its_own_phase() -> None:
    s = build([["Old Earth"], ["Alpha Centauri"]],
              [["Interstellar Bank", "Gem World", "Spice World"], []])
    select(s, "Develop", "Develop")
    act(s, {0: "Interstellar Bank"})
    act(s)
    assert _hand(s, 0) == 1  # paid 1 (cost 2 - 1), no draw this phase


def test_pilgrimage_world_with_one_good_scores_nothing() -> None:
    s = build([["Old Earth", "Pilgrimage World", "Gem World"], ["Alpha Centauri"]],
              goods={0: ["Gem World"]})
    select(s, "Consume: 2x VP", "Consume: 2x VP")
    act(s, {0: "Pilgrimage"})
    assert s.seats[0].vp == 0 and s.seats[0].tableau[2][1] == -1
