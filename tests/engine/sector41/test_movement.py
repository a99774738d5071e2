"""Explorer movement, towing, combat, shielding, loops, the Mother Ship phase, the end."""

from __future__ import annotations

import pytest

from engine import Termination
from engine.sector41 import GuardianMode, Layout, Location, build, parse_cell
from engine.sector41._tiles import CENTRE

from .helpers import decision, discs, do, loc, stay, texts, tile


def test_explorers_leave_the_ship_orthogonally_only() -> None:
    state = build(Layout())
    stay(state)
    assert texts(state) == [f"Explorer {i} S onto E1 (Glynium Planet)" for i in (1, 2, 3)]


def test_plain_move_enters_the_ship_orthogonally_only() -> None:
    state = build(Layout(explorers={(0, 0): "D1", (0, 1): "E1"}))
    stay(state)
    moves = texts(state)
    assert "Explorer 2 N onto Mother Ship" in moves
    assert not any(m.startswith("Explorer 1") and "Mother Ship" in m for m in moves)


def test_tile_instruction_enters_the_ship_diagonally_and_scores_the_tow() -> None:
    state = build(Layout(tiles={"D1": ("SOLAR_WIND_DIAGONAL", 0)}, explorers={(0, 0): "D2"},
                         discs={"D2": (0, 1, 0)}))
    stay(state)
    do(state, "Explorer 1 N onto D1")
    do(state, "Tow a blue")
    assert loc(state, 0, 0) == "ship"
    assert state.score[0] == 2 and state.reached[0] == 1


def test_a_forced_move_off_the_grid_does_not_happen() -> None:
    state = build(Layout(tiles={"B1": ("SOLAR_WIND_1", 0)}, explorers={(0, 0): "B2"}))
    stay(state)
    do(state, "Explorer 1 N onto B1")
    assert loc(state, 0, 0) == "B1"
    assert decision(state).seat == 1


def test_choices_that_leave_the_grid_are_not_offered() -> None:
    state = build(Layout(tiles={"A2": "SUPER_NOVA"}, explorers={(0, 0): "B2"}))
    stay(state)
    do(state, "Explorer 1 W onto A2")
    assert sorted(t.split(" to ")[1][:2] for t in texts(state)) == ["A4", "C2", "C4"]


def test_never_onto_an_opponents_mother_ship() -> None:
    state = build(Layout(tiles={"E7": "SPACE_RIFT"}, explorers={(0, 0): "E9", (0, 1): "E6"}))
    stay(state)
    assert not any("Explorer 1 S" in t for t in texts(state))
    do(state, "Explorer 2 S onto E7")
    assert loc(state, 0, 1) == "E8"  # the rift carries it on one cell, not onto the ship


def test_revealing_a_face_down_tile() -> None:
    state = build(Layout(hidden={"E1": ("BARREN_PLANET", 1)}))
    stay(state)
    do(state, "Explorer 1 S onto E1 (face down)")
    assert state.up[state.grid[parse_cell("E1")]]
    assert decision(state).kind == "guardian"  # a reveal wakes the Wandering Guardian


def test_towing_offers_each_colour_and_leaves_the_disc_on_arrival() -> None:
    state = build(Layout(explorers={(0, 0): "E3"}, discs={"E3": (2, 1, 0)}))
    stay(state)
    do(state, "Explorer 1 N onto E2")
    assert texts(state) == ["Tow nothing", "Tow a yellow Glynium disc", "Tow a blue Glynium disc"]
    do(state, "yellow")
    assert discs(state, "E3") == [1, 1, 0] and discs(state, "E2") == [1, 0, 0]


def test_no_towing_onto_a_face_down_tile() -> None:
    state = build(Layout(hidden={"E2": "NEBULA"}, explorers={(0, 0): "E3"},
                         discs={"E3": (1, 0, 0)}))
    stay(state)
    do(state, "Explorer 1 N onto E2 (face down)")
    assert discs(state, "E3") == [1, 0, 0] and discs(state, "E2") == [0, 0, 0]


def test_a_forced_jump_onto_a_face_down_tile_leaves_the_tow_behind() -> None:
    state = build(Layout(tiles={"E4": ("SOLAR_FLARE", 0)}, hidden={"G2": "NEBULA"},
                         explorers={(0, 0): "E5"}, discs={"E5": (1, 0, 0)}))
    stay(state)
    do(state, "Explorer 1 N onto E4")
    do(state, "yellow")
    assert loc(state, 0, 0) == "G2"
    assert discs(state, "E4") == [1, 0, 0]


def test_combat_sends_enemies_home() -> None:
    state = build(Layout(explorers={(0, 0): "C3", (1, 0): "C4", (1, 1): "C4"}))
    stay(state)
    do(state, "Explorer 1 S onto C4 (Glynium Planet), attacking")
    assert loc(state, 1, 0) == loc(state, 1, 1) == "ship"


def test_combat_on_an_asteroid_belt_removes_enemies_from_play() -> None:
    state = build(Layout(tiles={"C4": "ASTEROID_2"}, explorers={(0, 0): "C3", (1, 0): "C4"}))
    stay(state)
    do(state, "Explorer 1 S onto C4")
    assert loc(state, 1, 0) == "out"


def test_a_shielded_explorer_cannot_be_entered() -> None:
    # Seat 1's chain E9 (in front of its ship) - E8 - F7 shields all three.
    layout = Layout(explorers={(1, 0): "E9", (1, 1): "E8", (1, 2): "F7", (0, 0): "F6"})
    state = build(layout)
    assert state.shielded(1) == {parse_cell(c) for c in ("E9", "E8", "F7")}
    stay(state)
    assert not any("onto F7" in t or "onto E7" not in t and "onto E8" in t for t in texts(state))
    assert any("onto E7" in t for t in texts(state))


def test_shielding_breaks_on_a_shared_tile_and_a_gap() -> None:
    state = build(Layout(explorers={(1, 0): "E9", (1, 1): "E9", (1, 2): "E7"}))
    assert state.shielded(1) == set()
    state = build(Layout(explorers={(1, 0): "E9", (1, 2): "E7"}))
    assert state.shielded(1) == {parse_cell("E9")}


def test_all_explorers_stuck_are_removed_then_one_returns() -> None:
    state = build(Layout(tiles={"C3": "NEBULA"}, explorers={(0, 0): "C3", (0, 1): "out",
                                                            (0, 2): "out"}))
    state.expl[0][0].trapped = True  # trapped by hand: nothing has judged it yet
    stay(state)  # removed at once; then one enters on the ship and makes its only move
    assert loc(state, 0, 0) == "E1" and decision(state).seat == 1
    events = [e.text for e in state.events_since(0)]
    assert any("all are removed from play" in t for t in events)
    assert any("into play" in t for t in events)


def test_a_barren_explorer_alone_is_not_removed() -> None:
    state = build(Layout(tiles={"E2": "BARREN_PLANET"},
                         explorers={(0, 0): "E1", (0, 1): "out", (0, 2): "out"}))
    stay(state)
    do(state, "Explorer 1 S onto E2")
    stay(state)
    do(state, "Explorer 1 N onto E9")
    stay(state)  # seat 0 cannot move its resting Explorer; nothing is removed
    assert loc(state, 0, 0) == "E2" and decision(state).seat == 1
    assert not state.expl[0][0].barren >= 0


def test_a_loop_destroys_the_explorer_and_its_owner_places_the_tow() -> None:
    state = build(Layout(tiles={"E3": ("SOLAR_WIND_1", 2), "E4": ("SOLAR_WIND_1", 0)},
                         explorers={(0, 0): "E2"}, discs={"E2": (0, 0, 1)}))
    stay(state)
    do(state, "Explorer 1 S onto E3")
    do(state, "red")
    assert texts(state) == ["Leave the disc on E3 (Solar Wind)",
                            "Leave the disc on E4 (Solar Wind)"]
    do(state, "E4")
    assert loc(state, 0, 0) == "out" and discs(state, "E4") == [0, 0, 1]


def test_ship_moves_wrap_around_the_edge() -> None:
    state = build(Layout(ships={0: 0}))
    do(state, "column H (-2)")
    assert state.ship_pos[0] == 7 and state.ship_rc[0] == (-1, 7)


def test_fold_space_moves_the_line_with_its_objects() -> None:
    layout = Layout(tiles={"E9": ("PULSAR", 3)}, hidden={"E4": ("NEBULA", 2)},
                    explorers={(0, 0): "E9", (1, 0): "E2"}, discs={"E3": (1, 0, 0)},
                    guardian="E5")
    state = build(layout)
    do(state, "Fold Space along column E")
    assert tile(state, "E1") == "PULSAR" and state.rot[state.grid[parse_cell("E1")]] == 3
    assert loc(state, 0, 0) == "E1" and loc(state, 1, 0) == "E3"
    assert discs(state, "E4") == [1, 0, 0] and state.guardian == parse_cell("E6")
    assert tile(state, "E5") == "NEBULA" and not state.up[state.grid[parse_cell("E5")]]
    assert state.last_fold == [4, None]


def test_the_opposite_player_may_not_unfold() -> None:
    state = build(Layout(explorers={(0, 0): "A1", (1, 0): "A9"}))
    do(state, "Fold Space")
    do(state, "Explorer 1 E onto B1")
    assert not any("Fold" in t for t in texts(state))
    do(state, "column F (+1)")
    do(state, "Explorer 1 E onto B9")
    do(state, "Fold Space")  # seat 0 again: its own fold is no ban
    do(state, "Explorer 1 E onto C1")
    do(state, "column E (-1)")
    do(state, "Explorer 1 E onto C9")
    do(state, "does nothing")
    do(state, "Explorer 1 E onto D1")
    assert any("Fold" in t for t in texts(state))  # seat 0 did not fold on its last turn


def test_no_fold_across_a_cleansed_tile() -> None:
    state = build(Layout(cleansed=("E7",), mode=GuardianMode.AWAKENING))
    assert not any("Fold" in t for t in texts(state))


def test_game_ends_when_nobody_can_surpass_the_leader() -> None:
    state = build(Layout(explorers={(0, 0): "E2"}, discs={"E2": (1, 0, 0)}, placed=21))
    state.score[1] = 12
    state.reached[1] = 0
    state.removed = [5, 2, 1]  # 1 point is left: seat 0 can reach 1, not 12
    assert state.remaining_points() == 1
    stay(state)
    do(state, "Explorer 1 N onto E1")
    do(state, "Tow nothing")
    assert state.is_over()
    result = state.result()
    assert result.termination is Termination.NORMAL and result.ranks == (1, 0)


def test_a_tie_goes_to_the_player_who_reached_the_score_first() -> None:
    state = build(Layout(explorers={(0, 0): "E1"}, discs={"E1": (1, 0, 0)}, placed=21))
    state.score[0], state.score[1] = 3, 4
    state.reached[1] = 0
    state.removed = [10, 2, 1]  # 1 point left in play: seat 0 can only tie at 4
    stay(state)
    do(state, "Explorer 1 N onto Mother Ship")
    do(state, "yellow")
    assert state.score == [4, 4] and state.is_over()
    assert state.result().ranks == (1, 0)


@pytest.mark.parametrize("where", ["ship", "out"])
def test_explorer_locations_are_reported(where: str) -> None:
    state = build(Layout(explorers={(0, 0): where}))
    (view,) = [e for e in state.observation(0).explorers if e.seat == 0 and e.index == 0]
    assert view.location is (Location.SHIP if where == "ship" else Location.OUT_OF_PLAY)


def test_centre_constant() -> None:
    assert CENTRE == parse_cell("E5")


def test_east_and_west_ships_work_along_rows() -> None:
    state = build(Layout(tiles={"I5": ("NEBULA", 1)}, explorers={(1, 0): "H5"}), num_players=4,
                  current=1)
    assert state.ship_rc[1] == (4, 9) and state.ship_rc[3] == (4, -1)
    do(state, "Fold Space along row 5")
    assert tile(state, "H5") == "NEBULA" and loc(state, 1, 0) == "G5"
    assert {t.split(" onto ")[1][:2] for t in texts(state)} >= {"I5", "F4", "H6"}
    do(state, "Explorer 2 W onto I5")
    stay(state)  # seat 2
    do(state, "Explorer 1 N onto E9")
    do(state, "row 7 (+2)")  # seat 3, the west ship, moves south along its edge
    assert state.ship_rc[3] == (6, -1)
    assert texts(state)[0] == "Explorer 1 E onto A7 (Glynium Planet)"


def test_a_lone_explorer_trapped_in_a_nebula_is_removed_at_once() -> None:
    # Rule 5, "if at any time ... immediately": the trap itself removes it, not a later phase.
    state = build(Layout(tiles={"E2": "NEBULA"},
                         explorers={(0, 0): "E1", (0, 1): "out", (0, 2): "out"}))
    stay(state)
    do(state, "Explorer 1 S onto E2")
    assert loc(state, 0, 0) == "out" and decision(state).seat == 1
    stay(state)
    do(state, "Explorer 1 N onto E9")
    stay(state)  # rule 6: one enters on the ship and moves as normal (its only move, onto E1)
    assert loc(state, 0, 0) == "E1" and decision(state).seat == 1


def test_explorers_made_stuck_by_another_seat_are_removed_at_once() -> None:
    # Seat 1's lone Explorer on A5 keeps one way out, B5; seat 0's Guardian cleanses it.
    cleansed = ("A4", "A6", "B4", "B6")
    state = build(Layout(guardian="C5", mode=GuardianMode.AWAKENING, cleansed=cleansed,
                         spare=None, explorers={(1, 0): "A5", (1, 1): "out", (1, 2): "out"}))
    stay(state)
    do(state, "Explorer 1 S onto E1")
    do(state, "Guardian to B5")
    assert loc(state, 1, 0) == "out" and decision(state).seat == 1
    stay(state)  # a new Explorer enters seat 1's ship and moves
    assert loc(state, 1, 0) == "E9"


def test_the_match_ends_at_the_deciding_score_with_no_further_decision() -> None:
    # Two equally close face-down tiles would give seat 0 a Quickening Guardian choice.
    layout = Layout(hidden={"A1": "NEBULA", "I9": "NEBULA"}, mode=GuardianMode.QUICKENING,
                    spare=None, explorers={(0, 0): "E1"}, discs={"E1": (1, 0, 0)})
    state = build(layout)
    state.score[0] = 12  # 13 points are left: seat 1 could still pass 12, not 13
    stay(state)
    do(state, "Explorer 1 N onto Mother Ship")
    do(state, "yellow")
    assert state.score == [13, 0] and state.is_over() and state.pending() == {}
    assert state.result().termination is Termination.NORMAL
