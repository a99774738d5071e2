"""The base game's rules on hand-built positions: setup, dice actions, following, rerolls,
the converter, the empire track, colonising, the end and its tie-breaks."""

from __future__ import annotations

import pytest

from engine import Termination
from engine.galaxies import EMPIRE, EXPLORING, HOME, LOCKED, MISSIONS, Resource, row_size

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


@pytest.mark.parametrize(("players", "row"), [(2, 4), (3, 5), (4, 6), (5, 6)])
def test_setup(players: int, row: int) -> None:
    state = new(players, seed=players)
    assert row_size(players) == row and len(state.row) == row
    assert len(state.deck) == 40 - row
    assert len(state.pilot_row) == row  # as many pilots as planets in the row
    for seat in range(players):
        assert state.where[seat] == [HOME, HOME, LOCKED, LOCKED]
        assert (state.energy[seat], state.culture[seat], state.level[seat]) == (2, 1, 1)
        assert state.mission[seat] == state.offers[seat][0]
    offered = [m for pair in state.offers for m in pair]
    assert len(set(offered)) == 2 * players <= len(MISSIONS)  # two different missions each
    assert state.current == 0 and stage(state) == "turn"
    assert len(state.dice) + len(state.activated) == EMPIRE[0].dice == 4


def test_missions_are_dealt_two_and_one_is_kept() -> None:
    from engine.galaxies import GAME
    state = GAME.new_match(2, 4)
    assert stage(state) == "mission" and acting(state) == 0
    offer = state.offers[0]
    assert [d.mission for d in details(state)] == offer
    choose(state, K.CHOOSE_MISSION, mission=offer[1])
    assert state.mission[0] == offer[1] and acting(state) == 1


def test_move_lands_and_the_ability_happens_at_once() -> None:
    state = new()
    set_row(state, "Jakks", "Vici-KS156", "Leandra", "Tifnod")
    dice(state, F.MOVE, F.ENERGY)
    state.culture[1] = 0  # nobody follows
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=0)
    assert not can(state, K.GO_HOME)  # it is already home
    choose(state, K.LAND, planet=planet("Jakks"))
    assert state.where[0][0] == planet("Jakks") and not state.orbit[0][0]
    assert state.culture[0] == 2  # Jakks: gain 1 culture


def test_one_own_ship_per_surface_and_orbit_and_no_hop_between_them() -> None:
    state = new()
    set_row(state, "Jakks", "Vici-KS156", "Leandra", "Tifnod")
    place(state, 0, 0, "Jakks")  # on the surface
    state.culture[1] = 0
    dice(state, F.MOVE, F.MOVE)
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=1)
    assert not can(state, K.LAND, planet=planet("Jakks"))  # own ship already there
    assert can(state, K.ORBIT, planet=planet("Jakks"))  # the orbit is free
    choose(state, K.ORBIT, planet=planet("Jakks"))
    assert state.orbit[0][1] and state.pos[0][1] == 0  # the start space
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=0)
    # Ship 0 cannot move from Jakks' surface to Jakks' orbit (a different planet is needed).
    assert not can(state, K.ORBIT, planet=planet("Jakks"))
    assert not can(state, K.LAND, planet=planet("Jakks"))
    assert can(state, K.GO_HOME)


def test_opponents_may_share_a_surface() -> None:
    state = new()
    set_row(state, "Jakks", "Vici-KS156", "Leandra", "Tifnod")
    place(state, 1, 0, "Vici-KS156")
    place(state, 1, 1, "Vici-KS156", orbit=True)
    state.culture[1] = 0
    dice(state, F.MOVE, F.ENERGY)
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=0)
    assert can(state, K.LAND, planet=planet("Vici-KS156"))
    assert can(state, K.ORBIT, planet=planet("Vici-KS156"))


def test_acquire_energy_counts_galaxy_ships_and_energy_planets_capped_at_7() -> None:
    state = new()
    set_row(state, "Jakks", "Vici-KS156", "Leandra", "Tifnod")
    state.culture[1] = 0
    place(state, 0, 0, "Vici-KS156", orbit=True)  # energy planet, in orbit
    place(state, 0, 1, None)  # home: +1 energy
    dice(state, F.ENERGY, F.ENERGY, F.CULTURE, F.MOVE)  # a spare die keeps the turn open
    activate(state, F.ENERGY)
    assert state.energy[0] == 4
    place(state, 0, 1, "Jakks")  # a culture planet yields no energy
    refresh(state)
    activate(state, F.ENERGY)
    assert state.energy[0] == 5
    activate(state, F.CULTURE)  # the galaxy yields no culture; Jakks' ship does
    assert state.culture[0] == 2
    state.energy[0] = 6
    state.where[0][1] = HOME
    dice(state, F.ENERGY, F.MOVE)
    activate(state, F.ENERGY)
    assert state.energy[0] == 7  # 6 + 2, capped at 7


def test_advance_colonises_and_sends_every_ship_on_the_card_home() -> None:
    state = new()
    set_row(state, "Jakks", "Vici-KS156", "Leandra", "Tifnod")
    jakks = planet("Jakks")  # 1 VP, diplomacy, colonised at position 2
    deck_top = state.deck[-1]
    place(state, 0, 0, "Jakks", orbit=True, pos=1)
    place(state, 0, 1, "Jakks")  # own ship on the surface
    place(state, 1, 0, "Jakks", orbit=True, pos=1)  # a rival in the race
    state.culture[1] = 0
    dice(state, F.ECONOMY, F.DIPLOMACY)
    activate(state, F.ECONOMY)  # no ship on an economy track: the die does nothing
    assert state.pos[0][0] == 1
    activate(state, F.DIPLOMACY)
    assert state.colonies[0] == [jakks]
    assert state.where[0][:2] == [HOME, HOME] and state.where[1][0] == HOME
    assert state.pos[1][0] == 0
    assert jakks not in state.row and deck_top in state.row and len(state.row) == 4
    assert state.vp(0) == 1


def test_regress_stops_at_the_start_space() -> None:
    state = new()
    set_row(state, "Tifnod", "Vici-KS156", "Leandra", "Jakks")
    place(state, 1, 0, "Jakks", orbit=True, pos=0)
    place(state, 1, 1, "Leandra", orbit=True, pos=1)
    state.culture[1] = 0
    dice(state, F.MOVE, F.ENERGY)
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=0)
    choose(state, K.LAND, planet=planet("Tifnod"))  # -1 on a diplomacy track
    # Only Leandra's ship can be pushed back; the one at the start space cannot.
    assert state.pos[1] == [0, 0, 0, 0]


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_upgrade_costs_the_next_level_all_energy_or_all_culture(level: int) -> None:
    state = new()
    state.level[0] = level
    cost = EMPIRE[level].cost
    assert cost == level + 1
    state.energy[0], state.culture[0] = cost, cost - 1
    state.culture[1] = 0
    dice(state, F.UTILIZE, F.MOVE)
    activate(state, F.UTILIZE)
    upgrades = [d for d in details(state) if d.kind is K.UPGRADE]
    # All in energy; culture is one short, and the two are never mixed.
    assert [(u.amount, u.resource) for u in upgrades] == [(cost, Resource.ENERGY)]
    choose(state, K.UPGRADE)
    assert state.level[0] == level + 1 and state.energy[0] == 0
    assert state.vp(0) == EMPIRE[level].vp
    in_play = sum(1 for w in state.where[0] if w != LOCKED)
    assert in_play == EMPIRE[level].ships


def test_empire_track_values() -> None:
    assert [(e.dice, e.ships, e.vp, e.cost) for e in EMPIRE] == [
        (4, 2, 0, 0), (5, 2, 1, 2), (5, 3, 2, 3), (6, 3, 3, 4), (6, 4, 5, 5), (7, 4, 8, 6)]


def test_a_new_die_is_rolled_from_the_next_turn() -> None:
    state = new()
    state.energy[0] = 2
    state.culture[1] = 0
    dice(state, F.UTILIZE, F.MOVE)
    activate(state, F.UTILIZE)
    choose(state, K.UPGRADE)
    assert len(state.dice) == 1  # still this turn's dice
    choose(state, K.END_TURN)
    while state.current != 0:
        choose(state, K.END_TURN)
    assert len(state.dice) == 5


def test_the_first_reroll_is_free_and_later_ones_cost_one_energy() -> None:
    state = new()
    state.energy[0] = 1
    dice(state, F.MOVE, F.MOVE, F.ENERGY)
    choose(state, K.REROLL, amount=0)
    choose(state, K.REROLL_DIE, face=F.MOVE)
    choose(state, K.REROLL_DIE, face=F.MOVE)
    assert not can(state, K.REROLL_DIE, face=F.MOVE)  # only two Move dice
    choose(state, K.ROLL)
    assert len(state.dice) == 3 and state.energy[0] == 1 and not state.free_reroll
    choose(state, K.REROLL, amount=1)
    choose(state, K.REROLL_DIE, face=F(state.dice[0]))
    choose(state, K.ROLL)
    assert state.energy[0] == 0
    assert not can(state, K.REROLL)  # no energy left


def test_the_converter_sets_a_die_once_per_turn_and_is_not_followed() -> None:
    state = new()
    dice(state, F.MOVE, F.ENERGY, F.CULTURE, F.ECONOMY)
    choose(state, K.CONVERT)
    choose(state, K.CONVERT_SPEND, face=F.MOVE)
    choose(state, K.CONVERT_SPEND, face=F.ENERGY)
    choose(state, K.SET_DIE, face=F.CULTURE)
    choose(state, K.SET_FACE, face=F.UTILIZE)
    assert sorted(state.dice) == [F.ECONOMY.value, F.UTILIZE.value]
    assert state.activated == [] and acting(state) == 0  # nobody is asked to follow
    assert not can(state, K.CONVERT)


def test_following_in_turn_order_for_one_culture_with_the_followers_own_ships() -> None:
    state = new(3)
    set_row(state, "Jakks", "Vici-KS156", "Leandra", "Tifnod", "Hoefker")
    state.culture = [1, 1, 2]
    place(state, 2, 0, "Vici-KS156")  # seat 2: one ship on an energy planet, one home
    dice(state, F.ENERGY, F.MOVE)
    activate(state, F.ENERGY)
    assert state.energy[0] == 4
    assert acting(state) == 1 and stage(state) == "follow"
    assert [d.amount for d in details(state) if d.kind is K.FOLLOW] == [1]
    choose(state, K.DECLINE)
    assert acting(state) == 2
    choose(state, K.FOLLOW)
    assert state.culture[2] == 1 and state.energy[2] == 4  # 2 + its own 2 ships
    assert state.energy[1] == 2 and acting(state) == 0


def test_a_seat_without_culture_is_not_asked_to_follow() -> None:
    state = new(3)
    state.culture = [1, 0, 1]
    dice(state, F.ENERGY, F.MOVE)
    activate(state, F.ENERGY)
    assert acting(state) == 2


def test_following_utilize_uses_the_followers_colonies_or_upgrade() -> None:
    state = new()
    state.colonies[1] = [planet("MJ-120210")]  # gain 2 energy
    state.energy[1] = 0
    dice(state, F.UTILIZE, F.MOVE)
    state.energy[0] = 0
    activate(state, F.UTILIZE)  # seat 0 can do nothing with it
    assert acting(state) == 1
    choose(state, K.FOLLOW)
    choose(state, K.USE_COLONY, planet=planet("MJ-120210"))
    assert state.energy[1] == 2 and state.culture[1] == 0


def _finish_turn(state) -> None:  # type: ignore[no-untyped-def]
    while not state.is_over() and stage(state) != "turn":
        choose(state, K.DECLINE)
    if not state.is_over():
        choose(state, K.END_TURN)


def test_reaching_21_plays_the_round_out_so_turns_are_equal() -> None:
    state = new(3)
    state.colonies[1] = [planet(n) for n in ("Gort", "Terra-Bettia", "K-Widow")]  # 21 VP
    state.colonies[1].remove(planet("K-Widow"))  # 14 VP: one more colony ends it
    _finish_turn(state)  # seat 0
    assert state.current == 1
    set_row(state, "Jakks", "Vici-KS156", "Leandra", "Tifnod", "Piedes")
    place(state, 1, 0, "Piedes", orbit=True, pos=5)
    state.culture = [0, 0, 0]
    dice(state, F.ECONOMY, F.MOVE)
    activate(state, F.ECONOMY)
    assert state.vp(1) == 21 and state.end_triggered and state.triggered_by == 1
    _finish_turn(state)
    assert not state.is_over() and state.current == 2  # seat 2 still plays
    _finish_turn(state)
    assert state.is_over() and state.result().termination is Termination.NORMAL
    assert state.turn == 3  # every seat had one turn: seat 0 opened the round


def test_the_last_seat_reaching_21_ends_at_once() -> None:
    state = new(2)
    _finish_turn(state)
    state.colonies[1] = [planet(n) for n in ("Gort", "Terra-Bettia", "K-Widow")]
    state.level[1] = 1
    state.energy[1] = 2
    state.culture[0] = 0
    dice(state, F.UTILIZE, F.MOVE)
    activate(state, F.UTILIZE)
    choose(state, K.UPGRADE)
    assert state.vp(1) == 22 and state.end_triggered
    _finish_turn(state)
    assert state.is_over()


def _final(state, **fields) -> None:  # type: ignore[no-untyped-def]
    for name, value in fields.items():
        setattr(state, name, value)
    state.mission = [-1] * state.num_players
    state.termination = Termination.NORMAL


def test_tie_breaks_colonies_then_level_then_resources_then_shared() -> None:
    state = new(3)
    names = [["Gort", "Jakks"], ["Padraigin-3110", "Jorg", "MJ-120210"],
             ["Nagato", "Umbra-Forum", "Helios"]]
    _final(state, colonies=[[planet(n) for n in row] for row in names])
    state.energy, state.culture = [0, 3, 0], [0, 0, 0]
    assert state.result().scores == (8.0, 8.0, 8.0)
    # Seat 0 has two colonies, the others three; seat 1 has more energy + culture.
    assert state.result().ranks == (2, 0, 1)
    state.energy = [0, 0, 0]
    assert state.result().ranks == (2, 0, 0)  # still tied: the victory is shared
    # A higher empire level comes before resources: seat 2 at level 2 (1 VP) with Jakks
    # (1 VP) instead of Helios (2 VP) still has 8 VP and three colonies.
    state.level[2] = 2
    state.colonies[2][2] = planet("Jakks")
    state.energy = [0, 3, 0]
    assert state.result().scores == (8.0, 8.0, 8.0)
    assert state.result().ranks == (2, 1, 0)


def test_a_move_target_names_the_ship_that_moves() -> None:
    state = new(2)
    state.culture[1] = 0
    dice(state, F.MOVE, F.ENERGY)
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=1)
    targets = details(state)
    assert {d.kind for d in targets} == {K.LAND, K.ORBIT, K.EXPLORE}
    assert {d.ship for d in targets} == {1}
    choose(state, K.ORBIT, ship=1, planet=state.row[0])
    assert state.where[0][1] == state.row[0] and state.orbit[0][1]


def test_the_turn_limit_stops_a_stalled_match() -> None:
    state = new(2, turn_limit=3)
    for _ in range(3):
        _finish_turn(state)
    result = state.result()
    assert state.is_over() and result.termination is Termination.TURN_LIMIT
    assert result.reason == "turn limit 3 reached"


def test_exploring_ships_stay_out_when_the_base_game_is_played() -> None:
    state = new(2, expansion=False)
    assert state.pilot_row == [] and state.ex_deck == []
    state.culture[1] = 0
    dice(state, F.MOVE, F.ENERGY)
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=0)
    assert not can(state, K.EXPLORE)
    assert EXPLORING not in state.where[0]
