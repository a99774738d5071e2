"""One test (or more) per tile kind, on hand-built boards."""

from __future__ import annotations

from engine.sector41 import TILE_TYPES, GuardianMode, Layout, build, parse_cell

from .helpers import decision, discs, do, loc, stay, texts, tile


def enter(layout: Layout, move: str) -> object:
    """Build, let seat 0 keep its ship still and make ``move``."""
    state = build(layout)
    stay(state)
    do(state, move)
    return state


def targets(state: object) -> list[str]:
    """The cell names of the legal choices ("... to C4 (...)" or "... on C4 ...")."""
    out = []
    for text in texts(state):  # type: ignore[arg-type]
        word = [w for w in text.replace("(", " ").split() if len(w) == 2 and w[1].isdigit()]
        out.append(word[-1] if word else text)
    return sorted(out)


def test_alien_artifact_knight_jumps_keep_the_diagonal_heading() -> None:
    layout = Layout(tiles={"E5": "ALIEN_ARTIFACT", "F3": "SPACE_RIFT"}, explorers={(0, 0): "E4"})
    state = enter(layout, "Explorer 1 S onto E5")
    assert targets(state) == ["C4", "C6", "D3", "D7", "F3", "F7", "G4", "G6"]
    do(state, "to F3")
    assert loc(state, 0, 0) == "G2"  # the rift carries it on along NE


def test_asteroid_belt_climb_then_leave() -> None:
    layout = Layout(tiles={"E3": "ASTEROID_2", "H8": "ASTEROID_3", "B2": "ASTEROID_3"},
                    hidden={"A8": "ASTEROID_3"}, explorers={(0, 0): "E2"})
    state = enter(layout, "Explorer 1 S onto E3")
    assert state.expl[0][0].asteroid == 1
    do(state, "does nothing")
    do(state, "Explorer 1 N onto E9")
    stay(state)
    hops = [t for t in texts(state) if t.startswith("Explorer 1")]
    assert hops == ["Explorer 1 to asteroid 2 on E3", "Explorer 1 to asteroid 2 on B2",
                    "Explorer 1 to asteroid 2 on H8"]
    do(state, "asteroid 2 on E3")
    stay(state)
    do(state, "Explorer 1 N onto E8")
    stay(state)
    assert any(t.startswith("Explorer 1 N onto E2") for t in texts(state))


def test_barren_planet_rests_one_turn() -> None:
    layout = Layout(tiles={"E2": "BARREN_PLANET"}, explorers={(0, 0): "E1"})
    state = enter(layout, "Explorer 1 S onto E2")
    stay(state)
    do(state, "Explorer 1 N onto E9")
    stay(state)
    assert not any(t.startswith("Explorer 1") for t in texts(state))
    do(state, "Explorer 2 S onto E1")
    stay(state)
    do(state, "Explorer 1 N onto E8")
    stay(state)
    assert any(t.startswith("Explorer 1") for t in texts(state))


def test_black_hole_removes_the_explorer_and_keeps_the_disc() -> None:
    layout = Layout(tiles={"E2": "BLACK_HOLE"}, explorers={(0, 0): "E3"}, discs={"E3": (1, 0, 0)})
    state = enter(layout, "Explorer 1 N onto E2")
    do(state, "yellow")
    assert loc(state, 0, 0) == "out" and discs(state, "E2") == [1, 0, 0]


def test_glynium_planet_discs_come_yellow_then_blue_then_red() -> None:
    state = enter(Layout(hidden={"E1": "GLYNIUM_3"}, placed=17), "Explorer 1 S onto E1")
    assert discs(state, "E1") == [1, 2, 0] and state.mode is GuardianMode.WANDERING
    state = enter(Layout(hidden={"E1": "GLYNIUM_4"}, placed=19), "Explorer 1 S onto E1")
    assert discs(state, "E1") == [0, 1, 1] and state.placed == 21
    assert state.mode is GuardianMode.QUICKENING


def test_ion_storm_exchanges_tiles_and_frees_the_explorers() -> None:
    layout = Layout(tiles={"E2": "ION_STORM", "C3": "NEBULA"}, hidden={"A7": "NEBULA"},
                    explorers={(0, 0): "E1", (1, 0): "C3"}, discs={"C3": (0, 1, 0)})
    state = build(layout)
    state.expl[1][0].trapped = True
    stay(state)
    do(state, "Explorer 1 S onto E2")
    assert "Exchange with A7 (face down)" not in " ".join(texts(state))
    assert len(texts(state)) == 81 - 1 - 2  # not itself, not the face-down tiles
    do(state, "Exchange with C3")
    assert tile(state, "E2") == "NEBULA" and tile(state, "C3") == "ION_STORM"
    assert loc(state, 0, 0) == "E2" and loc(state, 1, 0) == "C3"
    assert not state.expl[0][0].trapped and not state.expl[1][0].trapped
    assert discs(state, "C3") == [0, 1, 0]


def test_mother_ship_beacon_jumps_home_with_the_tow() -> None:
    layout = Layout(tiles={"C5": "MOTHER_SHIP_BEACON"}, explorers={(0, 0): "C4"},
                    discs={"C4": (0, 0, 1)})
    state = enter(layout, "Explorer 1 S onto C5")
    do(state, "red")
    assert loc(state, 0, 0) == "ship" and state.score[0] == 3


def test_nebula_traps_a_lone_explorer_until_a_second_arrives() -> None:
    layout = Layout(tiles={"E2": "NEBULA"}, explorers={(0, 0): "E1", (0, 1): "D1"})
    state = enter(layout, "Explorer 1 S onto E2")
    assert state.expl[0][0].trapped
    stay(state)
    do(state, "Explorer 1 N onto E9")
    stay(state)
    assert not any(t.startswith("Explorer 1") for t in texts(state))
    do(state, "Explorer 2 SE onto E2")
    assert not state.expl[0][0].trapped and not state.expl[0][1].trapped


def test_pulsar_blasts_turn_with_the_tile() -> None:
    state = enter(Layout(tiles={"E5": ("PULSAR", 1)}, explorers={(0, 0): "E4"}),
                  "Explorer 1 S onto E5")
    assert targets(state) == ["C3", "G7"]
    state = enter(Layout(tiles={"A1": ("PULSAR", 0)}, explorers={(0, 0): "B1"}),
                  "Explorer 1 W onto A1")
    assert loc(state, 0, 0) == "A1"  # neither blast stays on the grid


def test_remote_viewport_shows_one_seat_only() -> None:
    layout = Layout(tiles={"E2": "REMOTE_VIEWPORT"}, hidden={"G7": ("BLACK_HOLE", 3)},
                    explorers={(0, 0): "E1"})
    state = build(layout)
    before = (state.observation(1), state.observation(None))
    stay(state)
    do(state, "Explorer 1 S onto E2")
    assert targets(state) == ["G7", "I1"]
    do(state, "Look at G7")
    g7 = parse_cell("G7")
    mine = state.observation(0)
    assert mine.peeked[g7] and TILE_TYPES[mine.tile_types[g7]].name == "BLACK_HOLE"
    assert mine.rotations[g7] == 3
    assert (state.observation(1).tile_types, state.observation(1).rotations) == (
        before[0].tile_types, before[0].rotations)
    spectator = state.observation(None)
    assert (spectator.tile_types, spectator.rotations, spectator.peeked) == (
        before[1].tile_types, before[1].rotations, before[1].peeked)
    private = [e for e in state.events_since(0, 0) if "BLACK_HOLE" in e.text]
    assert private and not [e for e in state.events_since(0, 1) if "BLACK_HOLE" in e.text]


def test_a_viewport_sighting_follows_the_tile_through_a_fold() -> None:
    layout = Layout(tiles={"E2": "REMOTE_VIEWPORT"}, hidden={"E7": ("NEBULA", 2)},
                    explorers={(0, 0): "E1"})
    state = enter(layout, "Explorer 1 S onto E2")
    do(state, "Look at E7")
    do(state, "Fold Space")  # seat 1 folds column E toward the north
    seen = state.observation(0)
    assert seen.peeked[parse_cell("E6")] and seen.rotations[parse_cell("E6")] == 2
    assert not seen.peeked[parse_cell("E7")]


def test_salvage_explorer_returns_one_from_out_of_play() -> None:
    layout = Layout(tiles={"E2": "SALVAGE_EXPLORER"}, explorers={(0, 0): "E1", (0, 2): "out"})
    state = enter(layout, "Explorer 1 S onto E2")
    assert loc(state, 0, 2) == "ship"


def test_solar_flare_to_the_next_face_down_tile_else_the_edge() -> None:
    layout = Layout(tiles={"C5": ("SOLAR_FLARE", 0)}, hidden={"E3": "NEBULA"},
                    explorers={(0, 0): "C4"})
    state = enter(layout, "Explorer 1 S onto C5")
    assert loc(state, 0, 0) == "E3" and state.up[state.grid[parse_cell("E3")]]
    layout = Layout(tiles={"C5": ("SOLAR_FLARE", 1)}, explorers={(0, 0): "C4"})
    state = enter(layout, "Explorer 1 S onto C5")
    assert loc(state, 0, 0) == "G9"  # rotated to SE, no face-down tile: to the edge


def test_solar_tempest_to_the_edge_or_stays_there() -> None:
    state = enter(Layout(tiles={"E5": "SOLAR_TEMPEST"}, explorers={(0, 0): "E4"}),
                  "Explorer 1 S onto E5")
    assert loc(state, 0, 0) == "A1"
    state = enter(Layout(tiles={"A3": "SOLAR_TEMPEST"}, explorers={(0, 0): "A2"}),
                  "Explorer 1 S onto A3")
    assert loc(state, 0, 0) == "A3"


def test_solar_wind_offers_its_rotated_arrows() -> None:
    state = enter(Layout(tiles={"E5": ("SOLAR_WIND_CORNER", 1)}, explorers={(0, 0): "E4"}),
                  "Explorer 1 S onto E5")
    assert texts(state) == ["Explorer 1 jumps E to F5 (Glynium Planet)",
                            "Explorer 1 jumps S to E6 (Glynium Planet)"]
    do(state, "E to F5")
    assert loc(state, 0, 0) == "F5"


def test_space_rift_carries_one_more_step() -> None:
    state = enter(Layout(tiles={"E5": "SPACE_RIFT"}, explorers={(0, 0): "D4"}),
                  "Explorer 1 SE onto E5")
    assert loc(state, 0, 0) == "F6"


def test_spacial_distortion_turns_over_the_closest_tile() -> None:
    layout = Layout(tiles={"E5": "SPACIAL_DISTORTION"}, hidden={"G5": "NEBULA", "C3": "PULSAR",
                                                                "A1": "VORTEX"},
                    explorers={(0, 0): "E4"})
    state = enter(layout, "Explorer 1 S onto E5")
    assert targets(state) == ["C3", "G5"]
    do(state, "G5")
    assert state.up[state.grid[parse_cell("G5")]] and loc(state, 0, 0) == "E5"


def test_starbase_sends_an_unshielded_explorer_home() -> None:
    layout = Layout(tiles={"E5": "STARBASE"},
                    explorers={(0, 0): "E4", (0, 1): "C3", (1, 0): "F7", (1, 1): "E9",
                               (1, 2): "A1"})
    state = enter(layout, "Explorer 1 S onto E5")
    assert texts(state) == ["Fire at nobody", "Send seat 0 Explorer 2 on C3 home",
                            "Send seat 1 Explorer 1 on F7 home"]
    do(state, "seat 1 Explorer 1")
    assert loc(state, 1, 0) == "ship" and loc(state, 1, 1) == "E9"


def test_star_gate_summons_another_own_explorer() -> None:
    layout = Layout(tiles={"E5": "STAR_GATE", "A9": "NEBULA"},
                    explorers={(0, 0): "E4", (0, 1): "A9", (0, 2): "ship"})
    state = build(layout)
    state.expl[0][1].trapped = True
    stay(state)
    do(state, "Explorer 1 S onto E5")
    assert texts(state) == ["Summon nobody", "Summon Explorer 2 from A9",
                            "Summon Explorer 3 from Mother Ship"]
    do(state, "Explorer 2")
    assert loc(state, 0, 1) == "E5" and not state.expl[0][1].trapped


def test_super_nova_jumps_two_any_way() -> None:
    state = enter(Layout(tiles={"E5": "SUPER_NOVA"}, explorers={(0, 0): "E4"}),
                  "Explorer 1 S onto E5")
    assert targets(state) == ["C3", "C5", "C7", "E3", "E7", "G3", "G5", "G7"]


def test_temporal_anomaly_jumps_back_two_else_one() -> None:
    state = enter(Layout(tiles={"E5": "TEMPORAL_ANOMALY"}, explorers={(0, 0): "E4"}),
                  "Explorer 1 S onto E5")
    assert loc(state, 0, 0) == "E3"
    state = enter(Layout(tiles={"E5": "TEMPORAL_ANOMALY"}, cleansed=("E3",),
                         explorers={(0, 0): "E4"}), "Explorer 1 S onto E5")
    assert loc(state, 0, 0) == "E4"


def test_vortex_turns_a_face_up_tile_publicly() -> None:
    layout = Layout(tiles={"E2": "VORTEX", "C3": ("PULSAR", 0)}, explorers={(0, 0): "E1"})
    state = enter(layout, "Explorer 1 S onto E2")
    assert len(texts(state)) == 81
    do(state, "Turn C3")
    assert texts(state) == ["Turn it 90 degrees clockwise", "Turn it 180 degrees clockwise",
                            "Turn it 270 degrees clockwise"]
    do(state, "270")
    assert state.rot[state.grid[parse_cell("C3")]] == 3


def test_vortex_turn_of_a_face_down_tile_is_secret() -> None:
    layout = Layout(tiles={"E2": "VORTEX"}, hidden={"G7": ("NEBULA", 1)},
                    explorers={(0, 0): "E1"})
    state = build(layout)
    tid = state.grid[parse_cell("G7")]
    state.peeks[1][tid] = 1
    g7 = parse_cell("G7")
    before = state.observation(None)
    stay(state)
    do(state, "Explorer 1 S onto E2")
    do(state, "Turn G7")
    do(state, "180")
    assert state.rot[tid] == 3
    assert state.observation(1).rotations[g7] == -1  # its sighting is out of date
    assert state.observation(1).tile_types[g7] == TILE_TYPES[state.types[tid]].id
    assert state.observation(None).tile_types == before.tile_types
    assert state.observation(None).rotations == before.rotations
    assert not [e for e in state.events_since(0, 1) if "180" in e.text]
    assert [e for e in state.events_since(0, 0) if "180" in e.text]


def test_worm_hole_to_a_star_gate_then_its_summons() -> None:
    layout = Layout(tiles={"E5": "WORM_HOLE", "B8": "STAR_GATE", "H2": "STAR_GATE"},
                    explorers={(0, 0): "E4"})
    state = enter(layout, "Explorer 1 S onto E5")
    assert targets(state) == ["B8", "H2"]
    do(state, "B8")
    assert loc(state, 0, 0) == "B8"
    assert texts(state) == ["Summon nobody", "Summon Explorer 2 from Mother Ship",
                            "Summon Explorer 3 from Mother Ship"]
    state = enter(Layout(tiles={"E5": "WORM_HOLE"}, explorers={(0, 0): "E4"}),
                  "Explorer 1 S onto E5")
    assert loc(state, 0, 0) == "E5" and decision(state).seat == 1
