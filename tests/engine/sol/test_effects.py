"""The instability effects, each on a hand-built position, played from the held card."""

from __future__ import annotations

from engine.sol import Effect, Ring, SolState, Station, Suit

from .helpers import deck_top, do, gate, holding, position, put, sp, start, station, texts

C, IN, OUT, R, K = Ring.CONVECTIVE, Ring.INNER, Ring.OUTER, Ring.RADIATIVE, Ring.CORE


def test_a_held_card_is_offered_with_its_timing_and_discarded_when_played() -> None:
    st = holding(Effect.CEREMONY)
    start(st)
    assert texts(st) == ["Move", "Move, playing CEREMONY"]
    suit = st.held[0]
    do(st, "Move, playing CEREMONY")
    assert st.held[0] == -1 and st.discards == [suit]


def test_cascade_one_extra_conversion_whose_sundivers_are_recalled() -> None:
    st = holding(Effect.CASCADE)
    for space in (sp(st, C, 3), sp(st, C, 5), sp(st, OUT, 7), sp(st, OUT, 8)):
        put(st, 0, space)
    start(st)
    do(st, "Convert, playing CASCADE")
    do(st, "Energy node on C4 from C3+C5")
    assert st.reserve[0] == 5 + 2 and st.hold[0] == 4
    assert "No extra conversion" in texts(st)
    do(st, "Foundry on O7 from O7+O8")
    assert st.reserve[0] == 7 and st.hold[0] == 6  # recalled, not sacrificed
    assert st.st_type[sp(st, OUT, 7)] == Station.FOUNDRY


def test_catapult_each_sundiver_crosses_one_gate_for_free() -> None:
    st = holding(Effect.CATAPULT)
    st.hold[0] = 0
    put(st, 0, sp(st, IN, 3))
    st.hold[0] = 0
    gate(st, 1, sp(st, IN, 3), sp(st, C, 4))
    gate(st, 1, sp(st, C, 4), sp(st, R, 2))
    start(st)
    do(st, "Move, playing CATAPULT")
    do(st, "Fly I3 -> C4")
    assert st.moves_left == 3  # the free crossing
    do(st, "Fly C4 -> R2")
    assert st.moves_left == 2  # that sundiver's free crossing is spent
    assert st.energy[1] == 4  # the toll is still paid once


def test_ceremony_one_energy_per_sundiver_launched_into_outer_orbit() -> None:
    st = holding(Effect.CEREMONY)
    st.eye[0] = 5
    start(st)
    do(st, "Move, playing CEREMONY")
    do(st, "Launch into O5")
    do(st, "Launch into I5")
    do(st, "Launch into O4")
    assert st.energy[0] == 3 + 2


def test_juggernaut_flies_a_station_and_may_hurl_it() -> None:
    st = holding(Effect.JUGGERNAUT)
    st.hold[0] = 0
    put(st, 0, sp(st, OUT, 9))
    st.hold[0] = 0
    station(st, 0, sp(st, R, 0), Station.NODE)
    gate(st, 1, sp(st, R, 0), sp(st, K, 0))
    start(st)
    do(st, "Move, playing JUGGERNAUT")
    assert "Fly station R0 -> K0" in texts(st)
    do(st, "Fly station R0 -> K0")
    assert st.st_type[sp(st, K, 0)] == Station.NODE and st.st_type[sp(st, R, 0)] == -1
    assert st.energy[1] == 4  # the gate's toll
    do(st, "Hurl station from K0")
    assert st.momentum[0] == 2 and st.st_type[sp(st, K, 0)] == -1 and st.res_st[0] == 3


def test_motivate_activates_the_new_station_without_drawing_for_it() -> None:
    st = holding(Effect.MOTIVATE)
    put(st, 0, sp(st, R, 3))
    put(st, 0, sp(st, R, 5))
    size = len(st.deck)
    start(st)
    do(st, "Convert, playing MOTIVATE")  # the only conversion follows as no choice
    assert texts(st) == ["Motivate R4", "Do not activate it"]
    do(st, "Motivate R4")
    do(st, "Take the bonus of 2")
    assert st.energy[0] == 3 + 3 + 2
    assert size - len(st.deck) == 2  # the conversion's 2 radiative cards only


def test_procreate_adds_a_sundiver_where_there_are_two_or_more() -> None:
    st = holding(Effect.PROCREATE)
    put(st, 0, sp(st, IN, 1), 2)
    put(st, 0, sp(st, IN, 6), 5)
    put(st, 0, sp(st, OUT, 2), 1)
    put(st, 0, sp(st, OUT, 3), 3)
    start(st)
    do(st, "Play PROCREATE now")
    assert st.sundivers(sp(st, IN, 1), 0) == 3 and st.sundivers(sp(st, OUT, 3), 0) == 4
    assert st.sundivers(sp(st, IN, 6), 0) == 5 and st.sundivers(sp(st, OUT, 2), 0) == 1
    assert st.reserve[0] == 3 and st.held[0] == -1
    assert "Play PROCREATE now" not in texts(st)  # then the turn's action


def test_puncture_sacrifices_a_sundiver_into_a_barrier_for_a_gate() -> None:
    st = holding(Effect.PUNCTURE)
    put(st, 0, sp(st, IN, 3))
    st.hold[0] = 0
    start(st)
    do(st, "Move, playing PUNCTURE")
    do(st, "Puncture I3 -> C3")
    assert st.gate[st.board.edge(sp(st, IN, 3), sp(st, C, 3))] == 0
    assert st.reserve[0] == 6 and st.res_gates[0] == 4 and st.on_board(0) == 0


def test_transcend_ignores_barriers() -> None:
    st = holding(Effect.TRANSCEND)
    put(st, 0, sp(st, IN, 3))
    st.hold[0] = 0
    start(st)
    do(st, "Move, playing TRANSCEND")
    assert sorted(t for t in texts(st) if t.startswith("Fly I3 -> C")) == [
        "Fly I3 -> C3", "Fly I3 -> C4"]


def test_fuel_up_to_three_times_one_energy_for_three_points() -> None:
    st = holding(Effect.FUEL)
    st.energy[0] = 5
    start(st)
    do(st, "Move, playing FUEL")
    for k in range(3):
        do(st, "FUEL")
        assert st.moves_left == 3 + 3 * (k + 1)
    assert st.energy[0] == 2 and not any(t.startswith("FUEL") for t in texts(st))


def _two_nodes(effect: Effect) -> tuple[SolState, int, int]:
    st = holding(effect)
    a, b = sp(st, C, 2), sp(st, R, 4)
    station(st, 0, a, Station.NODE)
    station(st, 0, b, Station.NODE)
    put(st, 0, a)
    put(st, 0, b)
    return st, a, b


def test_synchronize_one_momentum_per_station_activated() -> None:
    st, _, _ = _two_nodes(Effect.SYNCHRONIZE)
    start(st)
    do(st, "Activate energy nodes, playing SYNCHRONIZE")
    do(st, "Activate C2")
    do(st, "Take the bonus")
    do(st, "Activate R4")
    do(st, "Take the bonus")
    assert st.momentum[0] == 2 and st.energy[0] == 3 + 3 + 5


def test_festival_activates_every_station_type() -> None:
    st, a, _ = _two_nodes(Effect.FESTIVAL)
    t = sp(st, C, 9)
    station(st, 1, t, Station.TOWER)
    put(st, 0, t)
    start(st)
    do(st, "Activate energy nodes, playing FESTIVAL")
    assert sorted(texts(st)) == ["Activate C2", "Activate C9", "Activate R4"]


def test_duplicate_doubles_the_sundivers_built_for_free() -> None:
    st = holding(Effect.DUPLICATE)
    f = sp(st, IN, 4)
    station(st, 0, f, Station.FOUNDRY)
    put(st, 0, f)
    start(st)
    do(st, "Activate foundries, playing DUPLICATE")  # the only foundry follows as no choice
    do(st, "Take the bonus of 1")
    assert st.energy[0] == 1 and st.reserve[0] == 1 and st.hold[0] == 7 + 1 + 4


def test_channel_one_energy_for_one_momentum_per_card_drawn() -> None:
    st = holding(Effect.CHANNEL)
    put(st, 0, sp(st, K, 1), 2)
    st.hold[0] = 0
    start(st)
    do(st, "Move, playing CHANNEL")
    do(st, "Hurl from K1")
    do(st, "Hurl from K1")
    assert st.momentum[0] == 2 * 2 + 2 and st.energy[0] == 1


def test_augment_adds_to_the_base_per_extra_sundiver() -> None:
    st = holding(Effect.AUGMENT)
    node = sp(st, C, 6)
    station(st, 1, node, Station.NODE)
    put(st, 0, node, 3)
    start(st)
    do(st, "Activate energy nodes, playing AUGMENT")
    do(st, "Decline")  # the owner declines, so the activator is asked
    do(st, "Decline")
    assert st.energy == [3 + 2 + 2 * 1, 3]


def test_tribute_each_sundiver_on_your_stations_pays_you() -> None:
    st = holding(Effect.TRIBUTE, players=3)
    a, b = sp(st, OUT, 1), sp(st, C, 7)
    station(st, 0, a, Station.NODE)
    station(st, 0, b, Station.TOWER)
    put(st, 1, a, 2)
    put(st, 1, b, 2)
    put(st, 2, b, 1)
    put(st, 0, b, 1)
    st.energy = [3, 3, 0]
    start(st)
    do(st, "Play TRIBUTE now")
    assert st.energy == [3 + 3, 0, 0]


def test_pulse_activates_own_orbit_stations_without_sundivers() -> None:
    st = holding(Effect.PULSE)
    c, i, o = sp(st, C, 4), sp(st, IN, 2), sp(st, OUT, 5)
    station(st, 0, c, Station.NODE)
    station(st, 0, i, Station.FOUNDRY)
    station(st, 0, o, Station.NODE)
    station(st, 1, sp(st, OUT, 6), Station.NODE)
    put(st, 0, c)
    start(st)
    do(st, "Activate energy nodes, playing PULSE")
    assert sorted(texts(st)) == ["Activate C4", "Activate I2", "Activate O5"]
    do(st, "Activate O5")
    assert st.energy[0] == 4 and st.hold[0] == 7  # nothing recalled


def test_accelerate_advances_every_mothership() -> None:
    st = holding(Effect.ACCELERATE, players=3)
    st.eye = [5, 9, 1]
    start(st)
    do(st, "Play ACCELERATE now")
    assert len(texts(st)) == 3
    do(st, "ACCELERATE: every mothership advances 2")
    assert st.eye == [3, 7, 12]


def test_pillar_names_a_suit_first_three_momentum_per_card_of_it() -> None:
    st = holding(Effect.PILLAR)
    put(st, 0, sp(st, K, 1), 2)
    st.hold[0] = 0
    named = Suit(st.suits[2])  # holding() put 8 cards of this suit on top of the deck
    start(st)
    do(st, "Move, playing PILLAR")
    assert len(texts(st)) == len(st.suits)
    do(st, f"PILLAR: name {named.name.lower()}")
    do(st, "Hurl from K1")
    do(st, "Hurl from K1")
    assert st.momentum[0] == 2 * 2 + 2 * 3


def test_sacrifice_vaporises_the_sundivers_of_a_foundry_as_the_action() -> None:
    st = holding(Effect.SACRIFICE)
    f = sp(st, C, 3)
    station(st, 1, f, Station.FOUNDRY)
    put(st, 0, f, 2)
    put(st, 1, f, 1)
    put(st, 0, sp(st, OUT, 9))
    start(st)
    assert "Play SACRIFICE now" in texts(st)
    assert not any(t.endswith("playing SACRIFICE") for t in texts(st))
    do(st, "Play SACRIFICE now")  # the only foundry: applied as no choice
    assert st.momentum == [4, 2] and st.vapor == [2, 1] and st.sundivers(f, 0) == 0
    assert st.current == 1  # it was the turn's action


def test_hatch_replaces_an_opponents_sundiver_with_two_of_yours() -> None:
    st = holding(Effect.HATCH, players=3)
    a = sp(st, IN, 7)
    put(st, 0, a)
    put(st, 2, a, 2)
    start(st)
    do(st, "Play HATCH now")  # the only target: applied as no choice
    assert st.sundivers(a, 0) == 3 and st.sundivers(a, 2) == 1 and st.hold[2] == 7
    assert st.hold[0] == 7 - 2


def test_portal_launch_from_any_mothership_and_jump_between_them() -> None:
    st = holding(Effect.PORTAL)
    st.eye = [3, 9]
    put(st, 0, sp(st, OUT, 2))
    start(st)
    do(st, "Move, playing PORTAL")
    moves = texts(st)
    assert "Launch into I9" in moves and "Launch into O8" in moves
    assert "Fly O2 -> I8" in moves


def test_invade_takes_a_station_and_repays_its_old_owner() -> None:
    st = holding(Effect.INVADE)
    tower = sp(st, C, 5)
    station(st, 1, tower, Station.TOWER)
    put(st, 0, tower, 3)
    st.energy[0] = 1  # too little to activate the tower: convert only with INVADE
    start(st)
    assert texts(st) == ["Move", "Convert, playing INVADE"]
    do(st, "Convert, playing INVADE")  # the only conversion: applied as no choice
    assert st.st_owner[tower] == 0 and st.res_st[3 + 2] == 3 and st.res_st[2] == 2
    assert st.hold[1] == 8 + 3 and st.reserve[1] == 2 and st.reserve[0] == 5 + 3


def test_metamorphosis_changes_the_type_of_an_activated_own_station() -> None:
    st = holding(Effect.METAMORPHOSIS)
    node = sp(st, R, 6)
    station(st, 0, node, Station.NODE)
    put(st, 0, node)
    start(st)
    do(st, "Activate energy nodes, playing METAMORPHOSIS")
    do(st, "Take the bonus")
    assert "METAMORPHOSIS: keep its type" in texts(st)
    do(st, "METAMORPHOSIS: make it a transmit tower")
    assert st.st_type[node] == Station.TOWER and st.res_st[0] == 3 and st.res_st[2] == 2


def test_hyperdrive_one_sundiver_double_movement_energy_per_three_spaces() -> None:
    st = holding(Effect.HYPERDRIVE)
    put(st, 0, sp(st, OUT, 0))
    put(st, 0, sp(st, OUT, 6))
    start(st)
    do(st, "Move, playing HYPERDRIVE")
    assert st.moves_left == 6 and not any(t.startswith("Launch") for t in texts(st))
    do(st, "Fly O0 -> O1")
    assert all(t.startswith("Fly O1 ->") or t == "Stop moving" for t in texts(st))
    for col in range(2, 7):
        do(st, f"Fly O{col - 1} -> O{col}")
    assert st.energy[0] == 3 + 2 and st.sundivers(sp(st, OUT, 6), 0) == 2


def test_passage_one_momentum_per_distinct_gate_its_sundiver_crosses() -> None:
    st = holding(Effect.PASSAGE)
    put(st, 0, sp(st, IN, 3))
    st.hold[0] = 0
    gate(st, 0, sp(st, IN, 3), sp(st, C, 4))
    gate(st, 0, sp(st, C, 4), sp(st, R, 2))
    start(st)
    do(st, "Move, playing PASSAGE")
    do(st, "Fly I3 -> C4")
    do(st, "Fly C4 -> I3")  # the same gate again: nothing more
    do(st, "Fly I3 -> C4")
    assert st.momentum[0] == 1
    st = holding(Effect.PASSAGE)
    put(st, 0, sp(st, IN, 3))
    st.hold[0] = 0
    gate(st, 1, sp(st, IN, 3), sp(st, C, 4))
    gate(st, 1, sp(st, C, 4), sp(st, R, 2))
    gate(st, 1, sp(st, R, 2), sp(st, K, 1))
    start(st)
    do(st, "Move, playing PASSAGE")
    do(st, "Fly I3 -> C4")
    do(st, "Fly C4 -> R2")
    do(st, "Fly R2 -> K1")
    assert st.momentum[0] == 3


def test_cluster_moves_a_whole_stack_for_one_point_twice() -> None:
    st = holding(Effect.CLUSTER)
    put(st, 0, sp(st, OUT, 4), 3)
    put(st, 0, sp(st, OUT, 9), 2)
    st.hold[0] = 0
    start(st)
    do(st, "Move, playing CLUSTER")
    do(st, "CLUSTER: all from O4 -> I4")
    assert st.sundivers(sp(st, IN, 4), 0) == 3 and st.moves_left == 2
    do(st, "CLUSTER: all from O9 -> O10")
    assert st.sundivers(sp(st, OUT, 10), 0) == 2
    assert not any(t.startswith("CLUSTER") for t in texts(st))  # twice only


def test_teleport_three_points_one_sundiver_anywhere() -> None:
    st = holding(Effect.TELEPORT)
    put(st, 0, sp(st, OUT, 4))
    st.hold[0] = 0
    start(st)
    do(st, "Move, playing TELEPORT")
    do(st, "TELEPORT a sundiver from O4")
    assert len(texts(st)) == st.board.size - 1
    do(st, "TELEPORT: to K3")
    assert st.sundivers(sp(st, K, 3), 0) == 1 and st.current == 1  # no point left


def _squeeze(first: Suit) -> SolState:
    st = holding(Effect.SQUEEZE)
    tower = sp(st, R, 1)
    station(st, 0, tower, Station.TOWER)
    put(st, 0, tower)
    st.energy[0] = 12
    deck_top(st, first, Suit(st.suits[2]))
    start(st)
    do(st, "Activate transmit towers, playing SQUEEZE")
    return st


def test_squeeze_without_a_flare_doubles_base_and_bonus() -> None:
    st = holding(Effect.SQUEEZE)
    tower = sp(st, R, 1)
    station(st, 0, tower, Station.TOWER)
    put(st, 0, tower)
    st.energy[0] = 12
    start(st)
    do(st, "Activate transmit towers, playing SQUEEZE")  # the top cards are no flares
    assert st.momentum[0] == 2 * (3 + 2) and st.energy[0] == 2
    assert st.st_type[tower] == Station.TOWER


def test_squeeze_with_a_flare_gives_the_base_and_destroys_the_station() -> None:
    st = _squeeze(Suit.FLARE)
    tower = sp(st, R, 1)
    assert st.flares == 1 and st.momentum[0] == 3 and st.energy[0] == 12 - 3  # 12: not halved
    assert st.st_type[tower] == -1 and st.res_st[2] == 3


def test_chain_of_single_sundivers_momentum_to_each_owner_every_odd_one_recalled() -> None:
    st = holding(Effect.CHAIN, players=3)
    a, b, c, d = sp(st, OUT, 3), sp(st, OUT, 4), sp(st, IN, 4), sp(st, OUT, 8)
    put(st, 0, a)
    put(st, 1, b)
    put(st, 2, c)
    put(st, 1, d)  # a lone sundiver with no single neighbour: no chain starts there
    put(st, 0, sp(st, OUT, 12), 2)  # two in a space: not a chain link
    start(st)
    do(st, "Play CHAIN now")
    assert sorted(texts(st)) == ["CHAIN: start at I4", "CHAIN: start at O3", "CHAIN: start at O4"]
    do(st, "CHAIN: start at O3")
    # One link is no chain: O4 was the only way on (applied as no choice).
    assert texts(st) == ["CHAIN: end the chain", "CHAIN: extend at I4"]
    do(st, "CHAIN: extend at I4")  # then ending is the only choice left
    assert st.momentum == [1, 1, 1]
    assert st.sundivers(a, 0) == 0 and st.sundivers(b, 1) == 1 and st.sundivers(c, 2) == 0
    assert st.hold == [8 - 3 + 1, 8 - 2, 8]


def test_blight_puts_three_reserve_sundivers_into_an_opponents_hold_to_launch_from_there() -> (
        None):
    st = holding(Effect.BLIGHT, players=3)
    n = 3
    by_one = st.board.launch[st.eye[1]][1]  # a space beside seat 1's mothership
    put(st, 0, by_one)
    put(st, 0, sp(st, C, 3))  # not beside any mothership: no target
    start(st)
    assert "Play BLIGHT now" in texts(st)
    assert not any(t.endswith("playing BLIGHT") for t in texts(st))
    do(st, "Play BLIGHT now")  # the only target: applied as no choice
    assert st.sundivers(by_one, 0) == 0 and st.hold[0] == 7  # the activating one is recalled
    assert st.reserve[0] == 2 and st.guest[1 * n + 0] == 3 and st.hold[1] == 8
    assert st.current == 1  # it was the turn's action
    view = st.observation(2).players[1]
    assert view.hold_by_colour == (3, 8, 0) and view.hold_sundivers == 8
    assert st.observation(None).players[0].hold_by_colour == (7, 0, 0)
    # Seat 1 holds them but cannot launch them: only their colour may ("Move", its only
    # action, is applied as no choice).
    assert texts(st)[0].startswith("Launch into ") and not any("from" in t for t in texts(st))
    # Seat 0 launches them from seat 1's mothership, into its 4 spaces.
    st.current = 0
    start(st)
    foreign = [t for t in texts(st) if t.endswith("from seat 1's mothership")]
    assert len(foreign) == 4
    do(st, foreign[0])
    assert st.guest[1 * n + 0] == 2 and st.hold[0] == 7
    assert st.hold[0] + st.in_other_holds(0) + st.reserve[0] + st.on_board(0) == 13


def test_blight_needs_three_reserve_sundivers_and_keeps_a_seat_out_of_the_stall_rule() -> None:
    st = holding(Effect.BLIGHT, players=3)
    put(st, 0, st.board.launch[st.eye[2]][0])
    st.reserve[0], st.hold[0] = 2, 10
    start(st)
    assert "Play BLIGHT now" not in texts(st)
    # A seat whose only sundivers sit in another hold is not stalled: it can launch them.
    st = position(players=2)
    st.guest[1 * 2 + 0], st.hold[0], st.reserve[0] = 8, 0, 5
    start(st)  # the stall rule would offer no Move: "Move" is the only action, applied
    assert len(texts(st)) == 4 and all(t.endswith("from seat 1's mothership") for t in texts(st))
