"""When things happen within a turn, each test quoting the rulebook's words it pins
(rules fidelity, second audit): activation needs sundivers present at the turn's start,
orbital activation may pay from a node of the same flare, the mothership orbits before
the keep choice, and an any-time card may follow the action."""

from __future__ import annotations

import pytest

from engine.sol import Effect, Position, Ring, Seat, SolState, Station, Suit, build_position

from .helpers import deck_top, do, holding, position, put, seat, sp, start, station, texts

C, IN, OUT, R, K = Ring.CONVECTIVE, Ring.INNER, Ring.OUTER, Ring.RADIATIVE, Ring.CORE


# "To activate stations (nodes, foundries or towers), you must have sundivers of your color in
# the spaces containing those stations at the start of your turn."

def test_a_sundiver_hatched_onto_a_station_this_turn_does_not_activate_it() -> None:
    st = holding(Effect.HATCH)
    x = sp(st, R, 3)
    station(st, 1, x, Station.NODE)
    put(st, 1, x)
    start(st)
    do(st, "Play HATCH now")  # the only target: seat 1's sundiver on the node
    assert st.sundivers(x, 0) == 2
    assert not any(t.startswith("Activate") for t in texts(st))


def test_only_the_stations_under_sundivers_present_at_the_turns_start_are_offered() -> None:
    st = holding(Effect.HATCH)
    x, y = sp(st, R, 3), sp(st, C, 7)
    station(st, 1, x, Station.NODE)
    station(st, 0, y, Station.NODE)
    put(st, 1, x)
    put(st, 0, y)
    start(st)
    do(st, "Play HATCH now")
    do(st, "Activate energy nodes")  # y is the only station: activated as no choice
    assert st.activated == [y] and st.energy[0] == 3 + 2
    assert st.sundivers(x, 0) == 2  # nothing recalled from the node it arrived on


# "All stations in outer orbit (not inner!) of any and all types may be activated by their
# owners. [...] Foundries and towers still require one energy to activate, which could come
# from an energy node in outer orbit if you have one."

@pytest.mark.parametrize("kind", [Station.TOWER, Station.FOUNDRY])
@pytest.mark.parametrize(("node", "paid"), [("O8", "O1"), ("O1", "O8")])
def test_an_orbital_foundry_or_tower_is_paid_from_a_node_of_the_same_flare(
        kind: Station, node: str, paid: str) -> None:
    st = build_position(Position(
        players=2, seats=(Seat(hold=0), Seat(energy=0)), sundivers={"K0": {0: 1}},
        stations={node: (Station.NODE, 1), paid: (kind, 1)},
        deck=(Suit.FLARE, Suit.FLARE), current=0))
    do(st, "Hurl from K0")
    assert seat(st) == 1 and texts(st)[0] == f"Orbital activation of {node}"
    do(st, f"Orbital activation of {node}")
    assert st.energy[1] == 1
    assert texts(st)[0] == f"Orbital activation of {paid}"
    hold, reserve = st.hold[1], st.reserve[1]
    do(st, f"Orbital activation of {paid}")
    assert st.energy[1] == 0
    if kind is Station.TOWER:
        assert st.momentum[1] == 1
    else:
        assert (st.hold[1], st.reserve[1]) == (hold + 1, reserve - 1)


def test_an_orbital_tower_is_not_offered_when_its_owner_skips_the_node() -> None:
    st = position(players=2)
    station(st, 1, sp(st, OUT, 8), Station.NODE)
    station(st, 1, sp(st, OUT, 1), Station.TOWER)
    st.energy[1] = 0
    put(st, 0, sp(st, K, 0))
    st.hold[0] = 0
    deck_top(st, Suit.FLARE, Suit(st.suits[1]))
    start(st)
    do(st, "Hurl from K0")
    do(st, "Skip the orbital activation")
    assert st.momentum[1] == 0  # nothing to pay the tower with: it is not offered
    assert not any(t.startswith("Orbital") for t in texts(st))


# "Once you have completed your action, drawn any instability cards and resolved the impact
# of any solar flares, your turn is complete. Orbit your mothership! Then the next player can
# take their turn while you decide what card to keep."

def test_the_keep_choice_is_asked_with_the_mothership_already_on_its_next_eye() -> None:
    st = position(players=2)
    a, b = Suit(st.suits[1]), Suit(st.suits[2])
    st.held[0] = int(a)
    st.effect_of[int(a)] = int(Effect.CASCADE)  # a Convert card: not playable with a hurl
    put(st, 0, sp(st, K, 0))
    st.hold[0] = 0
    eye = st.eye[0]
    deck_top(st, b)
    start(st)
    do(st, "Hurl from K0")
    assert seat(st) == 0 and sorted(texts(st)) == sorted(
        [f"Keep {a.name.lower()}", f"Keep {b.name.lower()}"])
    moved = (eye - 1) % st.board.orbit
    assert st.eye[0] == moved
    seen = st.observation(1).players[0]
    assert seen.eye == moved and seen.launch_spaces == st.board.launch[moved]
    do(st, f"Keep {b.name.lower()}")
    assert st.eye[0] == moved and st.current == 1


# "On your turn, you may elect to use an instability card earned on a previous turn. This is in
# addition to your regular action." "Each instability effect has a symbol indicating when it
# can be played: move, convert, activate, draw or any time." "Discard the instability card
# immediately after use and before drawing any new cards as a result of your action."

def _activate_with(effect: Effect) -> SolState:
    """Seat 0 holds ``effect`` and sits on its own radiative node (2 cards to draw), where a
    sundiver of seat 1 stands too."""
    st = holding(effect)
    x = sp(st, R, 3)
    station(st, 0, x, Station.NODE)
    put(st, 0, x)
    put(st, 1, x, 2)
    start(st)
    do(st, "Activate energy nodes")  # the only node: activated as no choice
    do(st, "Take the bonus")
    return st


def test_an_any_time_card_may_be_played_after_the_action_before_its_cards() -> None:
    st = _activate_with(Effect.TRIBUTE)
    suit = st.held[0]
    deck = len(st.deck)
    assert texts(st) == ["Play TRIBUTE now", "Keep the card"]
    assert st.drawn == [] and len(st.deck) == deck  # the action's cards wait
    energy = list(st.energy)
    do(st, "Play TRIBUTE now")
    assert st.energy == [energy[0] + 2, energy[1] - 2]  # two sundivers of seat 1 on its node
    assert st.discards[0] == suit  # discarded before the new cards were drawn
    other = Suit(st.suits[2])
    assert st.held[0] == int(other) and st.current == 1  # the two new cards: one choice


def test_an_any_time_card_not_played_after_the_action_is_kept_in_the_choice() -> None:
    st = _activate_with(Effect.TRIBUTE)
    a, b = Suit(st.held[0]), Suit(st.suits[2])
    do(st, "Keep the card")
    assert sorted(texts(st)) == sorted([f"Keep {a.name.lower()}", f"Keep {b.name.lower()}"])


def test_no_late_card_once_the_action_has_drawn() -> None:
    st = holding(Effect.TRIBUTE)
    put(st, 0, sp(st, K, 0))
    st.hold[0] = 0
    start(st)
    do(st, "Move")
    do(st, "Hurl from K0")  # its card is drawn at once
    assert "Play TRIBUTE now" not in texts(st) and texts(st)[0].startswith("Keep")


def test_a_card_that_replaces_the_action_is_not_offered_after_it() -> None:
    st = holding(Effect.SACRIFICE)
    x, f = sp(st, R, 3), sp(st, C, 9)
    station(st, 0, x, Station.NODE)
    station(st, 1, f, Station.FOUNDRY)
    put(st, 0, x)
    put(st, 1, f)
    start(st)
    assert "Play SACRIFICE now" in texts(st)  # before the action it is the action
    do(st, "Activate energy nodes")
    do(st, "Take the bonus")
    assert all(t.startswith("Keep") for t in texts(st))
