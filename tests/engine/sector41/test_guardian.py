"""The Guardian's three modes, the mode changes and cleansing."""

from __future__ import annotations

from engine.sector41 import GuardianMode, Layout, Location, build, parse_cell

from .helpers import decision, discs, do, loc, stay, texts


def test_wandering_moves_only_after_a_reveal_and_the_player_chooses() -> None:
    state = build(Layout(hidden={"E1": "NEBULA", "F4": "GLYNIUM_2"}))
    stay(state)
    do(state, "Explorer 1 S onto E1 (face down)")
    assert decision(state).kind == "guardian" and decision(state).seat == 0
    assert len(texts(state)) == 8
    do(state, "Guardian to F4 (face down)")
    assert state.guardian == parse_cell("F4") and discs(state, "F4") == [2, 0, 0]
    stay(state)
    do(state, "Explorer 1 N onto E9")
    assert decision(state).seat == 0 and decision(state).kind == "ship"  # no reveal, no move


def test_quickening_moves_every_turn_toward_the_closest_face_down_tile() -> None:
    layout = Layout(hidden={"H5": "NEBULA", "H6": "NEBULA", "A1": "PULSAR"},
                    mode=GuardianMode.QUICKENING, spare=None)
    state = build(layout)
    stay(state)
    do(state, "Explorer 1 S onto E1")
    assert texts(state) == ["Guardian to F4 (Glynium Planet)", "Guardian to F5 (Glynium Planet)",
                            "Guardian to F6 (Glynium Planet)"]
    do(state, "F6")
    assert decision(state).seat == 1


def test_the_red_disc_starts_the_quickening() -> None:
    state = build(Layout(hidden={"E1": "GLYNIUM_2"}, placed=20))
    stay(state)
    do(state, "Explorer 1 S onto E1")
    assert state.mode is GuardianMode.QUICKENING


def test_awakening_when_all_is_explored_then_cleansing() -> None:
    layout = Layout(hidden={"E1": "NEBULA"}, guardian="A1", spare=None,
                    explorers={(1, 0): "E4", (1, 1): "D4"}, discs={"D4": (1, 0, 0)})
    state = build(layout)
    stay(state)
    do(state, "Explorer 1 S onto E1")
    # The last tile turned over sends the Guardian to the centre at once, uncleansed, and
    # this very Guardian phase is the Awakening's first move.
    assert state.mode is GuardianMode.AWAKENING and state.guardian == parse_cell("E5")
    assert not state.clean[state.grid[parse_cell("E5")]]
    assert decision(state).seat == 0
    assert len(texts(state)) == 8  # every neighbour is an uncleansed tile at distance 1
    do(state, "Guardian to D4")
    d4 = parse_cell("D4")
    assert state.clean[state.grid[d4]] and not state.up[state.grid[d4]]
    assert loc(state, 1, 1) == "gone" and state.removed == [1, 0, 0]
    view = [e for e in state.observation(None).explorers if e.seat == 1 and e.index == 1]
    assert view[0].location is Location.REMOVED
    assert state.observation(None).cleansed[d4]
    stay(state)
    assert not any("D4" in t for t in texts(state))  # nobody enters a cleansed tile


def test_awakened_guardian_walks_over_cleansed_tiles_to_the_nearest_other() -> None:
    cleansed = tuple(c for c in ("D4", "D5", "D6", "E4", "E6", "F4", "F5", "F6"))
    layout = Layout(guardian="E5", mode=GuardianMode.AWAKENING, cleansed=cleansed, spare=None)
    state = build(layout)
    stay(state)
    do(state, "Explorer 1 S onto E1")
    assert len(texts(state)) == 8 and all("face down" in t for t in texts(state))


def test_the_guardian_turning_the_last_tile_goes_to_the_centre_and_awakens_at_once() -> None:
    state = build(Layout(hidden={"F6": "NEBULA"}, mode=GuardianMode.QUICKENING, spare=None))
    stay(state)
    do(state, "Explorer 1 S onto E1")  # the Guardian's only move is onto F6, the last tile
    assert state.mode is GuardianMode.AWAKENING and state.guardian == parse_cell("E5")
    assert not state.clean[state.grid[parse_cell("E5")]]
    assert decision(state).seat == 1
    stay(state)
    do(state, "Explorer 1 N onto E9")
    # Seat 1's Guardian phase already cleanses: every neighbour of the centre is a choice.
    assert decision(state).kind == "guardian" and len(texts(state)) == 8
