"""Beyond the Black: hiring pilots, advanced ships and their abilities, exploration, badge
majorities and the end when the exploration deck runs out."""

from __future__ import annotations

from engine import Termination
from engine.galaxies import CONTENT, EXPLORING, HOME, LOCKED, MISSION_BY_NAME, ShipType

from ._helpers import (
    F,
    K,
    acting,
    activate,
    can,
    choose,
    details,
    dice,
    new,
    place,
    planet,
    refresh,
    set_row,
    stage,
)

PILOT = {p.name: p.id for p in CONTENT.pilots}
CARD = {c.name: c.id for c in CONTENT.cards}
EX, HA, CO, CA = (ShipType.EXPLORER, ShipType.HARVESTER, ShipType.COLONIZER, ShipType.CAPITAL)


def table(players: int = 2, *pilots: str):  # type: ignore[no-untyped-def]
    state = new(players)
    set_row(state, "Jakks", "Vici-KS156", "Leandra", "Drewkaiden", "Tifnod", "Hoefker")
    del state.row[players + 2:]
    if pilots:
        state.pilot_row = [PILOT[n] for n in pilots]
        state.pilot_deck = [p for p in state.pilot_deck if p not in state.pilot_row]
    for other in range(1, players):
        state.culture[other] = 0
    return state


def fly(state, seat: int, ship: int, pilot: str, kind: ShipType) -> None:  # type: ignore[no-untyped-def]
    """Give ``seat``'s ``ship`` a hired pilot without the dice."""
    state.hangar[seat][kind.value - 1].append(PILOT[pilot])
    state.stype[seat][ship] = kind.value


def test_the_pilot_row_has_as_many_pilots_as_the_planet_row() -> None:
    for players in (2, 3, 4, 5):
        state = new(players)
        assert len(state.pilot_row) == len(state.row)
        assert len(state.pilot_deck) == len(CONTENT.pilots) - len(state.row)


def test_hiring_with_doubles_matching_the_ship() -> None:
    state = table(2, "Vega Quill", "Mira Sol")
    deck_top = state.pilot_deck[-1]
    state.culture[1] = 2
    dice(state, F.MOVE, F.MOVE, F.ENERGY)
    # Only Vega Quill (an Explorer pilot) can be hired with two Move dice, one way: the
    # choices of pilot and dice are forced, the regular ship to replace is not.
    choose(state, K.HIRE)
    assert stage(state) == "replace_ship"
    # The pilot is in the hangar and flies no ship yet: every observer is told which pilot
    # waits for a ship and of which type, and each choice names them.
    vega = PILOT["Vega Quill"]
    for viewer in (None, 0, 1):
        seen = state.observation(viewer)
        assert (seen.pilot_awaiting_ship, seen.awaiting_ship_type) == (vega, EX)
    assert {(d.ship, d.pilot, d.ship_type) for d in details(state)} == {(0, vega, EX),
                                                                        (1, vega, EX)}
    choose(state, K.REPLACE_SHIP, ship=1)
    assert state.observation(1).pilot_awaiting_ship is None
    assert state.stype[0] == [0, EX.value, 0, 0]
    assert state.hangar[0][EX.value - 1] == [PILOT["Vega Quill"]]
    assert state.pilot_row == [deck_top, PILOT["Mira Sol"]]
    assert state.vp(0) == 1 and state.dice == [F.ENERGY.value]
    assert state.activated == [F.MOVE.value, F.MOVE.value]
    # The hiring dice are followed like any die, one by one; their action is not the hirer's.
    assert acting(state) == 1 and stage(state) == "follow"
    choose(state, K.DECLINE)
    assert acting(state) == 1 and stage(state) == "follow"
    choose(state, K.FOLLOW)
    choose(state, K.MOVE_SHIP, ship=0)
    assert state.where[0][:2] == [HOME, HOME]


def test_hiring_with_triples_for_any_ship() -> None:
    state = table(2, "Vega Quill")
    dice(state, F.ENERGY, F.ENERGY, F.ENERGY, F.MOVE)
    choose(state, K.HIRE)
    assert {(d.amount, d.ship_type) for d in details(state)} == {
        (3, EX), (3, HA), (3, CO), (3, CA)}
    choose(state, K.HIRE_WITH, ship_type=CA)
    choose(state, K.REPLACE_SHIP, ship=0)
    assert state.stype[0][0] == CA.value and state.dice == [F.MOVE.value]


def test_no_hire_without_matching_dice_or_a_regular_ship() -> None:
    state = table(2, "Vega Quill")
    dice(state, F.ENERGY, F.ENERGY, F.MOVE)  # doubles, but of a Harvester face
    assert not can(state, K.HIRE)
    fly(state, 0, 0, "Mira Sol", HA)
    fly(state, 0, 1, "Cass Imre", CO)
    dice(state, F.MOVE, F.MOVE, F.ENERGY)  # Move doubles fit, but no regular ship is in play
    assert state.where[0][2:] == [LOCKED, LOCKED]
    assert not can(state, K.HIRE)


def test_replacing_a_pilot_keeps_its_badges_and_loses_its_ability() -> None:
    state = table(2, "Wren Adair")
    fly(state, 0, 0, "Cass Imre", CO)  # orbit_start 2
    before = state.badge_counts(0)
    dice(state, F.DIPLOMACY, F.DIPLOMACY, F.MOVE)
    choose(state, K.HIRE)  # the one pilot, the one way: no regular ship is replaced
    assert state.hangar[0][CO.value - 1] == [PILOT["Cass Imre"], PILOT["Wren Adair"]]
    assert state.stype[0] == [CO.value, 0, 0, 0] and state.vp(0) == 1  # one advanced ship
    after = state.badge_counts(0)
    assert sum(after) == sum(before) + len(CONTENT.pilots[PILOT["Wren Adair"]].badges)
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=0)
    choose(state, K.ORBIT, planet=planet("Jakks"))
    assert state.pos[0][0] == 0  # Cass Imre's orbit start is gone


def test_pilot_abilities_on_their_ship() -> None:
    # extra_yield: this ship yields 2 instead of 1.
    state = table(2)
    fly(state, 0, 0, "Mira Sol", HA)
    dice(state, F.ENERGY, F.MOVE)
    activate(state, F.ENERGY)
    assert state.energy[0] == 2 + 2 + 1
    # both_resources: a ship in the galaxy yields culture too.
    state = table(2)
    fly(state, 0, 0, "Dax Orlo", HA)
    dice(state, F.CULTURE, F.MOVE)
    activate(state, F.CULTURE)
    assert state.culture[0] == 2
    # orbit_start: enters orbit at position 2 (Jakks colonises at 2).
    state = table(2)
    fly(state, 0, 0, "Cass Imre", CO)
    dice(state, F.MOVE, F.ENERGY)
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=0)
    choose(state, K.ORBIT, planet=planet("Jakks"))
    assert state.colonies[0] == [planet("Jakks")]
    # any_track: an Economy die advances it on a diplomacy track.
    state = table(2)
    fly(state, 0, 0, "Teo Vashti", CO)
    place(state, 0, 0, "Jakks", orbit=True)
    dice(state, F.ECONOMY, F.MOVE)
    activate(state, F.ECONOMY)
    assert state.pos[0][0] == 1
    # advance_bonus: an Advance die moves it one more.
    state = table(2)
    fly(state, 0, 0, "Galen Fisk", CO)
    place(state, 0, 0, "Jakks", orbit=True)
    dice(state, F.DIPLOMACY, F.MOVE)
    activate(state, F.DIPLOMACY)
    assert state.colonies[0] == [planet("Jakks")]
    # steadfast: cannot be pushed back.
    state = table(2)
    fly(state, 1, 0, "Wren Adair", CO)
    place(state, 1, 0, "Jakks", orbit=True, pos=1)
    set_row(state, "Jakks", "Tifnod", "Leandra", "Vici-KS156")
    dice(state, F.MOVE, F.ENERGY)
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=0)
    choose(state, K.LAND, planet=planet("Tifnod"))
    assert state.pos[1][0] == 1
    # upgrade_discount: level 2 costs 1.
    state = table(2)
    fly(state, 0, 0, "Admiral Sorensen", CA)
    state.energy[0] = 1
    dice(state, F.UTILIZE, F.MOVE)
    activate(state, F.UTILIZE)
    choose(state, K.UPGRADE, amount=1)
    assert state.level[0] == 2
    # cheap_follow: following costs nothing.
    state = table(2)
    fly(state, 1, 0, "Envoy Lark", CA)
    dice(state, F.ENERGY, F.MOVE)
    activate(state, F.ENERGY)
    assert can(state, K.FOLLOW, amount=0)
    # theft_immune: La-Torres finds nobody to take from.
    state = table(2)
    fly(state, 1, 0, "Magistrate Ovid", CA)
    state.colonies[0] = [planet("La-Torres")]
    dice(state, F.UTILIZE, F.MOVE)
    state.energy[0] = 0
    activate(state, F.UTILIZE)
    choose(state, K.USE_COLONY, planet=planet("La-Torres"))
    assert stage(state) == "turn" and state.energy == [0, 2]


def _explore(state, ship: int = 0) -> None:  # type: ignore[no-untyped-def]
    dice(state, F.MOVE, F.MOVE, F.ENERGY)
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=ship)
    choose(state, K.EXPLORE)


def test_exploring_draws_from_the_deck_and_keeps_or_passes_on() -> None:
    state = table(2)
    state.ex_deck = [CARD["Dwarf Planet Kell"], CARD["Ancient Archive"]]
    _explore(state)
    assert state.where[0][0] == EXPLORING
    # Nothing is face up: the card is drawn at once.
    assert stage(state) == "drawn" and state.drawn == CARD["Ancient Archive"]
    choose(state, K.PASS_ON)
    assert state.ex_discard == [CARD["Ancient Archive"]]
    choose(state, K.KEEP, card=CARD["Dwarf Planet Kell"])
    assert state.cards[0] == [CARD["Dwarf Planet Kell"]] and state.vp(0) == 1
    assert state.end_triggered  # the deck is empty: last round


def test_exploring_may_take_a_face_up_card_and_a_ship_cannot_explore_twice() -> None:
    state = table(2)
    state.ex_discard = [CARD["Ancient Archive"]]
    state.ex_deck = [CARD["Dwarf Planet Kell"]] * 3
    _explore(state)
    assert can(state, K.DRAW)
    choose(state, K.TAKE_DISCARD, card=CARD["Ancient Archive"])
    assert state.culture[0] == 3 and state.ex_discard == []
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=0)
    assert not can(state, K.EXPLORE)


def test_the_discard_holds_three_so_the_fourth_draw_is_taken() -> None:
    state = table(2)
    state.ex_discard = [CARD["Star Chart"], CARD["Fuel Nebula"]]
    state.ex_deck = [CARD["Trade Beacon"], CARD["Ancient Archive"]]
    _explore(state)
    choose(state, K.DRAW)
    choose(state, K.PASS_ON)  # the third face-up card
    assert len(state.ex_discard) == 3
    assert state.cards[0] == [CARD["Trade Beacon"]]  # drawn with three face up: taken
    assert (state.energy[0], state.culture[0]) == (3, 2)


def test_a_red_card_must_be_taken() -> None:
    state = table(2)
    state.ex_deck = [CARD["Ancient Archive"], CARD["Solar Flare"]]
    _explore(state)
    assert state.cards[0] == [CARD["Solar Flare"]] and state.energy[0] == 0
    assert stage(state) == "turn"


def test_exploration_card_effects() -> None:
    state = table(2)
    state.ex_deck = [CARD["Black Hole Ereb"]]
    _explore(state)
    assert state.where[0][0] == HOME and state.vp(0) == 1  # sent home, 1 VP
    state = table(2)
    place(state, 0, 1, "Jakks", orbit=True, pos=1)
    state.ex_deck = [CARD["Gravity Well"]]
    _explore(state)
    assert state.pos[0][1] == 0
    state = table(2)
    place(state, 0, 1, "Jakks", orbit=True, pos=1)
    state.ex_deck = [CARD["Star Chart"]]
    _explore(state)
    choose(state, K.KEEP)
    assert planet("Jakks") in state.colonies[0]


def test_a_shielded_ship_ignores_red_cards_and_explorers_gain_culture() -> None:
    state = table(2)
    fly(state, 0, 0, "Oren Halt", EX)
    state.ex_deck = [CARD["Solar Flare"]]
    _explore(state)
    assert state.cards[0] == [CARD["Solar Flare"]] and state.energy[0] == 2
    state = table(2)
    fly(state, 0, 0, "Vega Quill", EX)
    state.ex_deck = [CARD["Solar Flare"]]
    _explore(state)
    assert state.culture[0] == 3


def test_exploring_ships_collect_culture() -> None:
    state = table(2)
    state.where[0][0] = EXPLORING
    dice(state, F.CULTURE, F.MOVE)
    activate(state, F.CULTURE)
    assert state.culture[0] == 2


def test_dwarf_planets_are_not_planets_for_missions() -> None:
    state = table(2)
    state.cards[0] = [CARD["Dwarf Planet Kell"]]
    state.mission = [MISSION_BY_NAME["Conqueror"], -1]
    state.colonies = [[], []]
    assert state.mission_points(0) == 2  # tied at 0 colonies, the dwarf planet aside


def _badges(state, *per_seat: list[int]) -> list[int]:  # type: ignore[no-untyped-def]
    """Give seats exploration cards with these counts of badge 0 (Science); the rest none."""
    science = [c.id for c in CONTENT.cards if c.badges == (0,)]
    for seat, counts in enumerate(per_seat):
        state.cards[seat] = science[: counts[0]]
        science = science[counts[0]:]
    return state.badge_points()  # type: ignore[no-any-return]


def test_badge_majorities_first_two_second_one() -> None:
    state = table(3)
    assert _badges(state, [3], [2], [1]) == [2, 1, 0]


def test_badge_majority_tie_for_first_pays_one_each_and_no_second() -> None:
    state = table(3)
    assert _badges(state, [2], [2], [1]) == [1, 1, 0]


def test_badge_majority_tie_for_second_pays_both() -> None:
    state = table(4)
    assert _badges(state, [3], [1], [1], [0]) == [2, 1, 1, 0]


def test_pilots_count_towards_badges() -> None:
    state = table(2)
    fly(state, 1, 0, "Vega Quill", EX)  # Science
    assert state.badge_counts(1)[0] == 1 and state.badge_points() == [0, 2]


def test_the_empty_exploration_deck_ends_the_game_after_the_round() -> None:
    state = table(3)
    state.culture = [1, 0, 0]
    state.ex_deck = [CARD["Dwarf Planet Kell"]]
    choose(state, K.END_TURN)  # seat 0
    assert state.current == 1
    state.culture[0] = 0  # seat 0 does not follow
    _explore(state)  # seat 1 draws the last card
    choose(state, K.KEEP)
    assert state.end_triggered and state.triggered_by == 1 and not state.ex_deck
    choose(state, K.END_TURN)
    assert not state.is_over() and state.current == 2
    choose(state, K.END_TURN)
    assert state.is_over() and state.result().termination is Termination.NORMAL
    assert state.turn == 3


def test_in_game_vp_count_pilots_and_cards_toward_21() -> None:
    state = table(2)
    state.colonies[0] = [planet("Gort"), planet("Piedes")]  # 14
    state.level[0] = 5  # 5
    fly(state, 0, 0, "Vega Quill", EX)  # 1
    state.cards[0] = [CARD["Dwarf Planet Kell"]]  # 1
    assert state.vp(0) == 21
    refresh(state)
    state._check_end(0)
    assert state.end_triggered and state.triggered_by == 0
