"""Each of the 40 planet abilities, used as a colony by seat 0 on a hand-built position."""

from __future__ import annotations

from engine.galaxies import HOME, PLANETS

from ._helpers import (
    F,
    K,
    acting,
    activate,
    can,
    choose,
    details,
    dice,
    give_colony,
    new,
    place,
    planet,
    set_row,
    stage,
    use_colony,
)

ROW = ("Jakks", "Vici-KS156", "Leandra", "Drewkaiden")  # Dip/C, Eco/E, Dip/E, Eco/C


def table(players: int = 2):  # type: ignore[no-untyped-def]
    state = new(players)
    set_row(state, *ROW[:players + 2] if players > 2 else ROW)
    return state


def test_every_planet_has_a_tested_ability() -> None:
    abilities = {p.ability for p in PLANETS}
    assert len(PLANETS) == 40 and len(abilities) == 40
    tested = {name[5:] for name in globals() if name.startswith("test_") and name[5:] in
              {p.name.lower().replace("-", "_") for p in PLANETS}}
    assert len(tested) == 40, sorted({p.name.lower().replace("-", "_") for p in PLANETS} - tested)


def test_jakks() -> None:
    state = table()
    use_colony(state, "Jakks")
    assert state.culture[0] == 2


def test_vici_ks156() -> None:
    state = table()
    use_colony(state, "Vici-KS156")
    assert state.energy[0] == 3


def test_drewkaiden() -> None:
    state = table()
    place(state, 0, 0, "Jakks", orbit=True)  # diplomacy
    place(state, 0, 1, "Vici-KS156", orbit=True)  # economy
    use_colony(state, "Drewkaiden")
    assert state.pos[0][:2] == [1, 0]


def test_leandra() -> None:
    state = table()
    place(state, 0, 0, "Jakks", orbit=True)
    place(state, 0, 1, "Vici-KS156", orbit=True)
    use_colony(state, "Leandra")
    assert state.pos[0][:2] == [0, 1]


def _followed_once(state, face=F.ENERGY):  # type: ignore[no-untyped-def]
    state.culture[1] = 1
    dice(state, face, F.MOVE)
    activate(state, face)
    choose(state, K.FOLLOW)


def test_birkomius() -> None:
    state = table()
    use_colony(state, "Birkomius")
    before = state.culture[0]
    _followed_once(state)
    assert state.culture[0] == before + 1


def test_bisschop() -> None:
    state = table()
    use_colony(state, "Bisschop")
    before = state.energy[0]
    _followed_once(state, F.CULTURE)
    assert state.energy[0] == before + 1


def test_tifnod() -> None:
    state = table()
    place(state, 1, 0, "Jakks", orbit=True, pos=1)  # diplomacy
    place(state, 1, 1, "Vici-KS156", orbit=True, pos=1)  # economy
    use_colony(state, "Tifnod")
    assert state.pos[1][:2] == [0, 1]


def test_vizcarra() -> None:
    state = table()
    place(state, 1, 0, "Jakks", orbit=True, pos=1)
    place(state, 1, 1, "Vici-KS156", orbit=True, pos=1)
    use_colony(state, "Vizcarra")
    assert state.pos[1][:2] == [1, 0]


def test_mj_120210() -> None:
    state = table()
    use_colony(state, "MJ-120210")
    assert state.energy[0] == 4


def test_helios() -> None:
    state = table()
    place(state, 1, 0, "Jakks")  # occupied: cannot be buried
    top = state.deck[-1]
    use_colony(state, "Helios")
    assert not can(state, K.CHOOSE_PLANET, planet=planet("Jakks"))
    choose(state, K.CHOOSE_PLANET, planet=planet("Leandra"))
    assert state.deck[0] == planet("Leandra") and planet("Leandra") not in state.row
    assert state.row[2] == top


def test_mared() -> None:
    state = table()
    state.level = [1, 2]
    state.energy[0], state.culture[0] = 1, 0
    use_colony(state, "Mared")
    choose(state, K.UPGRADE, amount=1)  # 2 - 1 energy
    assert state.level[0] == 2 and state.energy[0] == 0
    state.energy[0] = 5
    state.culture[0] = 0
    state.level = [2, 2]  # tied for lowest still counts (the card text: "or tied")
    dice(state, F.UTILIZE, F.MOVE)
    activate(state, F.UTILIZE)
    choose(state, K.USE_COLONY, planet=planet("Mared"))
    assert can(state, K.UPGRADE, amount=2)
    choose(state, K.DECLINE)
    state.level = [3, 2]
    dice(state, F.UTILIZE, F.MOVE)
    activate(state, F.UTILIZE)
    choose(state, K.USE_COLONY, planet=planet("Mared"))  # not lowest: nothing happens
    assert state.level == [3, 2] and stage(state) == "turn"


def test_lureena() -> None:
    state = table()
    state.energy[0], state.culture[0] = 2, 2
    use_colony(state, "Lureena")
    # Each mixed payment says what it pays of each (amount: the energy; culture_paid).
    paid = [(d.amount, d.culture_paid) for d in details(state) if d.kind is K.UPGRADE]
    assert paid == [(0, 2), (1, 1), (2, 0)]
    choose(state, K.UPGRADE, amount=1)  # 1 energy + 1 culture
    assert state.level[0] == 2 and (state.energy[0], state.culture[0]) == (1, 1)


def test_zalax() -> None:
    state = table()
    use_colony(state, "Zalax", F.MOVE, F.MOVE)
    assert state.free_reroll
    choose(state, K.REROLL_DIE, face=F.MOVE)
    choose(state, K.ROLL)
    assert len(state.dice) == 2 and state.free_reroll  # the turn's free reroll is kept


def test_hoefker() -> None:
    state = table()
    use_colony(state, "Hoefker")
    choose(state, K.PAY)
    assert (state.energy[0], state.culture[0]) == (1, 3)


def test_clj_0517() -> None:
    state = table()
    clj = give_colony(state, 0, "CLJ-0517")
    state.culture[1] = 2
    dice(state, F.UTILIZE, F.UTILIZE, F.MOVE)
    activate(state, F.UTILIZE)
    choose(state, K.USE_COLONY, planet=clj)  # the only opponent: taken at once
    assert state.culture == [2, 1]
    choose(state, K.DECLINE)  # seat 1 does not follow
    activate(state, F.UTILIZE)
    assert not can(state, K.USE_COLONY, planet=clj)  # once per turn


def test_la_torres() -> None:
    state = table()
    give_colony(state, 0, "La-Torres")
    state.culture[1] = 0
    state.energy[1] = 3
    dice(state, F.UTILIZE, F.MOVE)
    activate(state, F.UTILIZE)
    choose(state, K.USE_COLONY, planet=planet("La-Torres"))
    assert state.energy == [3, 2]


def test_pembertonia_major() -> None:
    state = table()
    state.culture[0] = 3
    use_colony(state, "Pembertonia-Major")
    choose(state, K.CONVERT_AMOUNT, amount=2)
    assert (state.energy[0], state.culture[0]) == (4, 1)


def test_omicron_fenzi() -> None:
    state = table()
    use_colony(state, "Omicron-Fenzi")
    choose(state, K.CONVERT_AMOUNT, amount=2)
    assert (state.energy[0], state.culture[0]) == (0, 3)


def test_nagato() -> None:
    state = table()
    state.culture[0] = 2
    use_colony(state, "Nagato")
    choose(state, K.PAY)
    choose(state, K.MOVE_SHIP, ship=0)
    choose(state, K.ORBIT, planet=planet("Leandra"))
    assert not can(state, K.MOVE_SHIP, ship=0)  # the second move is another ship's
    choose(state, K.ORBIT, planet=planet("Jakks"))  # ship 1 is the only one left
    assert state.where[0][:2] == [planet("Leandra"), planet("Jakks")]
    assert state.culture[0] == 1


def test_padraigin_3110() -> None:
    state = table()
    state.culture[0] = 2
    place(state, 0, 0, "Jakks", orbit=True)  # diplomacy, colonised at 2
    use_colony(state, "Padraigin-3110")
    choose(state, K.PAY)
    assert planet("Jakks") in state.colonies[0] and state.culture[0] == 0


def test_jorg() -> None:
    state = table()
    state.culture[0] = 2
    place(state, 1, 0, "Leandra", orbit=True, pos=1)
    use_colony(state, "Jorg")
    choose(state, K.PAY)
    assert state.pos[1][0] == 0 and state.culture[0] == 0  # -2 stops at the start space


def test_nakagawakozi() -> None:
    state = table()
    place(state, 0, 0, "Vici-KS156", orbit=True)  # economy
    use_colony(state, "Nakagawakozi")
    choose(state, K.PAY)
    assert planet("Vici-KS156") in state.colonies[0] and state.energy[0] == 0


def test_brumbaugh() -> None:
    state = table()
    place(state, 1, 0, "Leandra", orbit=True, pos=1)
    place(state, 1, 1, "Jakks", orbit=True, pos=1)
    use_colony(state, "Brumbaugh")
    choose(state, K.PAY)
    choose(state, K.REGRESS, seat=1, ship=0)
    assert state.pos[1][:2] == [0, 0] and state.energy[0] == 0  # the second one is forced


def test_umbra_forum() -> None:
    state = table()
    set_row(state, "MJ-120210", "Walsfeo", "Jakks", "Leandra")
    use_colony(state, "Umbra-Forum")
    assert not can(state, K.CHOOSE_PLANET, planet=planet("Walsfeo"))  # no borrowing twice
    choose(state, K.CHOOSE_PLANET, planet=planet("MJ-120210"))
    assert state.energy[0] == 4


def test_jac_110912() -> None:
    state = table()
    use_colony(state, "JAC-110912")
    assert state.culture == [3, 1]


def test_gleam_zanier() -> None:
    state = table()
    use_colony(state, "Gleam-Zanier")
    assert state.energy == [4, 3]


def test_maia() -> None:
    state = table()
    use_colony(state, "Maia", F.MOVE, F.ENERGY, F.CULTURE)
    choose(state, K.DISCARD_DIE, face=F.MOVE)
    choose(state, K.DISCARD_DIE, face=F.ENERGY)
    assert state.dice == [F.CULTURE.value]
    assert (state.energy[0], state.culture[0]) == (4, 3)


def test_andellouxian_6() -> None:
    state = table()
    set_row(state, "Gort", "Jakks", "Leandra", "Vici-KS156")
    place(state, 0, 0, "Gort", orbit=True, pos=3)
    use_colony(state, "Andellouxian-6")
    choose(state, K.MOVE_SHIP, ship=0)
    choose(state, K.CONVERT_AMOUNT, amount=2)  # the orbit position 3: 2 energy, 1 culture
    assert state.where[0][0] == HOME and (state.energy[0], state.culture[0]) == (4, 2)


def test_walsfeo() -> None:
    state = table()
    state.colonies[1] = [planet("MJ-120210")]
    use_colony(state, "Walsfeo")
    choose(state, K.USE_COLONY, planet=planet("MJ-120210"), seat=1)
    assert (state.energy[0], state.culture[0], state.culture[1]) == (4, 0, 1)


def test_sargus_36() -> None:
    state = table()
    state.colonies[1] = [planet("Jakks"), planet("Walsfeo")]
    use_colony(state, "Sargus-36")
    assert not can(state, K.USE_COLONY, planet=planet("Walsfeo"))
    choose(state, K.USE_COLONY, planet=planet("Jakks"), seat=1)
    assert (state.energy[0], state.culture[0], state.energy[1]) == (1, 2, 3)


def test_zavodnick() -> None:
    state = table()
    use_colony(state, "Zavodnick")
    state.culture[1] = 1
    choose(state, K.CHOOSE_FACE, face=F.ENERGY)
    assert state.energy[0] == 4
    assert acting(state) == 1 and can(state, K.FOLLOW, amount=0)  # free
    choose(state, K.FOLLOW)
    assert state.energy[1] == 4 and state.culture[1] == 1


def test_bsw_10_1() -> None:
    state = table()
    place(state, 0, 0, "Jakks", orbit=True, pos=1)
    place(state, 0, 1, "Leandra", orbit=True, pos=0)
    use_colony(state, "BSW-10-1")
    choose(state, K.REGRESS, seat=0, ship=0)
    assert state.pos[0][:2] == [0, 1]  # the other ship advanced (forced)


def test_aughmoore() -> None:
    state = table()
    use_colony(state, "Aughmoore")
    assert state.culture[0] == 3  # two ships home


def test_shouhua() -> None:
    state = table()
    place(state, 0, 0, "Vici-KS156", orbit=True, pos=1)  # economy, colonised at 2
    use_colony(state, "Shouhua")
    assert planet("Vici-KS156") in state.colonies[0]


def test_nibiru() -> None:
    state = table()
    use_colony(state, "Nibiru")
    state.culture[1] = 1
    dice(state, F.ENERGY, F.MOVE)
    activate(state, F.ENERGY)
    assert acting(state) == 0  # seat 1 cannot pay 2 culture
    state.culture[1] = 2
    dice(state, F.ENERGY, F.MOVE)
    activate(state, F.ENERGY)
    assert can(state, K.FOLLOW, amount=2)


def test_gort() -> None:
    state = table()
    set_row(state, "Gort", "Jakks", "Leandra", "Vici-KS156")
    place(state, 0, 0, "Gort", orbit=True, pos=2)
    use_colony(state, "Gort")
    choose(state, K.CHOOSE_PLANET, planet=planet("Jakks"))  # Jakks colonises at 2
    assert planet("Jakks") in state.colonies[0] and state.where[0][0] == HOME


def test_terra_bettia() -> None:
    state = table()
    place(state, 0, 0, "Jakks", orbit=True, pos=0)
    place(state, 1, 0, "Leandra", orbit=True, pos=0)
    use_colony(state, "Terra-Bettia")
    assert state.pos[1][0] == 1 and state.pos[0][0] == 0  # the others first
    assert planet("Jakks") in state.colonies[0]  # then +2


def test_k_widow() -> None:
    state = table()
    place(state, 1, 0, "Vici-KS156", orbit=True, pos=1)
    use_colony(state, "K-Widow")
    assert state.pos[1][0] == 0


def test_piedes() -> None:
    state = table()
    give_colony(state, 0, "Piedes")
    state.culture[1] = 0
    dice(state, F.ENERGY, F.UTILIZE, F.MOVE)
    activate(state, F.ENERGY)
    activate(state, F.UTILIZE)
    choose(state, K.USE_COLONY, planet=planet("Piedes"))  # repeats Energy: the only choice
    assert state.energy[0] == 6
    assert stage(state) == "turn"


def test_gyore() -> None:
    state = table()
    use_colony(state, "Gyore", F.MOVE, F.ENERGY)
    choose(state, K.SET_DIE, face=F.MOVE)
    choose(state, K.SET_FACE, face=F.UTILIZE)
    assert sorted(state.dice) == [F.ENERGY.value, F.UTILIZE.value]


def test_own_turn_abilities_do_nothing_for_a_follower() -> None:
    state = table()
    state.colonies[1] = [planet("Gyore"), planet("Jakks")]
    state.energy[0] = 0
    dice(state, F.UTILIZE, F.MOVE)
    activate(state, F.UTILIZE)
    assert acting(state) == 1
    choose(state, K.FOLLOW)
    assert [d.planet for d in details(state) if d.kind is K.USE_COLONY] == [planet("Jakks")]
