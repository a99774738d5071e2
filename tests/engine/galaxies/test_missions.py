"""The 12 secret missions, scored on hand-built end positions."""

from __future__ import annotations

import pytest

from engine import Termination
from engine.galaxies import EXPLORING, HOME, MISSION_BY_NAME, MISSIONS
from engine.galaxies._data import MISSION_BY_NAME as BY_NAME

from ._helpers import new, planet


def with_mission(name: str, players: int = 3):  # type: ignore[no-untyped-def]
    state = new(players, expansion=False)
    state.mission = [MISSION_BY_NAME[name]] + [-1] * (players - 1)
    return state


def test_there_are_twelve_missions() -> None:
    assert len(MISSIONS) == 12 and BY_NAME == MISSION_BY_NAME


@pytest.mark.parametrize(("name", "pool"), [("Charger", "energy"), ("Seeker", "culture")])
def test_most_of_a_resource_three_or_two_when_tied(name: str, pool: str) -> None:
    state = with_mission(name)
    setattr(state, pool, [4, 3, 2])
    assert state.mission_points(0) == 3
    setattr(state, pool, [4, 4, 2])
    assert state.mission_points(0) == 2
    setattr(state, pool, [3, 4, 2])
    assert state.mission_points(0) == 0


def test_conqueror_and_hermit() -> None:
    state = with_mission("Conqueror")
    state.colonies = [[planet("Jakks"), planet("Gort")], [planet("Helios")], []]
    assert state.mission_points(0) == 3
    state.mission[0] = MISSION_BY_NAME["Hermit"]
    assert state.mission_points(0) == 0
    state.colonies = [[], [planet("Helios")], []]
    assert state.mission_points(0) == 2  # tied for fewest
    state.colonies[2] = [planet("Gort")]
    assert state.mission_points(0) == 3


def test_noble_and_trader_count_their_track_kind() -> None:
    state = with_mission("Noble")
    state.colonies = [[planet("Jakks"), planet("Leandra")], [planet("Vici-KS156")] * 3, []]
    assert state.mission_points(0) == 3  # two diplomacy planets; seat 1 has none
    state.mission[0] = MISSION_BY_NAME["Trader"]
    assert state.mission_points(0) == 0


def test_equalizer_counts_zero_equal_zero() -> None:
    state = with_mission("Equalizer")
    assert state.mission_points(0) == 3
    state.colonies[0] = [planet("Jakks")]
    assert state.mission_points(0) == 0
    state.colonies[0].append(planet("Vici-KS156"))
    assert state.mission_points(0) == 3


def test_elder_is_whoever_triggered_the_end() -> None:
    state = with_mission("Elder")
    assert state.mission_points(0) == 0
    state.triggered_by = 0
    assert state.mission_points(0) == 2


def test_hoarder_and_industrialist() -> None:
    state = with_mission("Hoarder")
    state.energy[0], state.culture[0] = 3, 2
    assert state.mission_points(0) == 0
    state.culture[0] = 3
    assert state.mission_points(0) == 2
    state.mission[0] = MISSION_BY_NAME["Industrialist"]
    assert state.mission_points(0) == 0
    state.level[0] = 6
    assert state.mission_points(0) == 2


def test_orbiter_and_explorer_look_at_ships_in_play_only() -> None:
    state = with_mission("Orbiter")
    assert state.where[0] == [HOME, HOME, -3, -3]
    assert state.mission_points(0) == 2  # the locked ships do not count
    state.where[0][1] = planet("Jakks")
    assert state.mission_points(0) == 0
    state.mission[0] = MISSION_BY_NAME["Explorer"]
    assert state.mission_points(0) == 0
    state.where[0][0] = EXPLORING
    assert state.mission_points(0) == 2


def test_mission_points_are_added_at_the_end_only() -> None:
    state = with_mission("Hoarder")
    state.energy[0] = state.culture[0] = 3
    assert state.result().scores[0] == 0.0
    state.termination = Termination.NORMAL
    assert state.result().scores[0] == 2.0
