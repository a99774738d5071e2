"""Setup, round structure, end of game, the advanced game, bad input, hidden information."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine
from arena import _codec
from engine import IllegalActionError, OptionError, PlayerCountError
from engine.race import GAME, ActionCard, DecisionKind, Phase, RaceState

from ._helpers import FULL, ID, act, build, census, select, texts


def _new(n: int = 2, seed: int = 3, **options: object) -> RaceState:
    state = GAME.new_match(n, seed, options)
    assert isinstance(state, RaceState)
    return state


def _random_step(state: RaceState, rng: random.Random) -> None:
    state.apply({s: rng.choice(d.legal).id for s, d in state.pending().items()})


def test_registered() -> None:
    assert engine.get("race") is GAME and GAME.info.simultaneous


def test_normal_setup_deals_six_keeps_four() -> None:
    s = _new(4)
    assert s.stage is Phase.SETUP_DISCARD and sorted(s.pending()) == [0, 1, 2, 3]
    assert all(len(seat.hand) == 6 and len(seat.tableau) == 1 for seat in s.seats)
    starts = {seat.tableau[0][0] for seat in s.seats}
    assert len(starts) == 4 and all(CARD.kind.name == "START_WORLD" for CARD in
                                    (GAME.static_data.cards[c] for c in starts))
    act(s)
    act(s)
    assert s.stage is Phase.SELECT
    assert all(len(seat.hand) == 4 for seat in s.seats) and len(s.discard) == 8
    assert s.vp_pool == 48 and census(s) == FULL


def test_first_game_setup_and_alpha_centauri_windfall() -> None:
    s = _new(3, setup="first_game")
    assert s.stage is Phase.SELECT  # preset hands: no setup discard
    assert [seat.tableau[0][0] for seat in s.seats] == [
        ID["Epsilon Eridani"], ID["Alpha Centauri"], ID["New Sparta"]]
    assert sorted(s.seats[1].hand) == sorted(
        ID[n] for n in ("Expedition Force", "Mining Robots", "Rebel Miners", "Comet Zone"))
    assert s.seats[1].tableau[0][1] != -1  # Alpha Centauri starts with a good
    assert census(s) == FULL


def test_selection_is_simultaneous_and_secret() -> None:
    s = _new(3, setup="first_game")
    assert sorted(s.pending()) == [0, 1, 2]
    assert all(p.actions == () for p in s.observation(0).players)
    select(s, "Settle", "Develop", "Settle")
    assert s.observation(1).players[0].actions == (ActionCard.SETTLE,)


def test_phases_run_once_in_order_only_when_chosen() -> None:
    s = _new(2, setup="first_game")
    select(s, "Produce", "Develop")
    assert s.stage is Phase.DEVELOP and [p for p, _k in s.phases] == [Phase.PRODUCE]


def test_hand_limit_at_round_end() -> None:
    names = ["Gem World", "Spice World", "Artist Colony", "Comet Zone", "Mining World",
             "New Vinland", "Secluded World", "Space Port", "Plague World", "Distant World",
             "Destroyed World"]
    s = build([["Old Earth"], ["Alpha Centauri"]], [names, []])
    select(s, "Produce", "Produce")
    # Seat 1's bonus on Alpha Centauri was forced; seat 0 must discard down to 10.
    assert s.stage is Phase.ROUND_DISCARD and texts(s, 0)[0].startswith("Discard")
    act(s)
    assert len(s.seats[0].hand) == 10 and s.stage is Phase.SELECT


def test_reshuffle_when_the_supply_runs_out() -> None:
    s = build([["Old Earth"], ["Alpha Centauri"]])
    s.discard, s.deck = s.deck[:-3], s.deck[-3:]
    select(s, "Explore +5", "Explore +5")
    assert len(s.seats[0].drawn) == 7 and len(s.seats[1].drawn) == 7
    assert census(s) == FULL


def test_the_supply_is_rebuilt_the_moment_it_runs_out() -> None:
    s = build([["Old Earth"], ["Alpha Centauri"]])
    old = s.deck[:-14]
    s.discard, s.deck = list(old), s.deck[-14:]
    select(s, "Explore +5", "Explore +5")  # 14 cards drawn: the supply is exhausted
    assert Counter(s.deck) == Counter(old) and s.discard == []
    act(s)  # each keeps one; the 12 others start a new discard pile
    assert Counter(s.deck) == Counter(old) and len(s.discard) == 12
    view = s.observation(None)
    assert (view.deck_count, view.discard_count) == (len(old), 12)
    assert census(s) == FULL


def test_timing_ties_start_with_the_lowest_numbered_start_world() -> None:
    # Start worlds 3, 4 and 1: seat 2 draws first, then clockwise seat 0, then seat 1.
    s = build([["New Sparta"], ["Earth's Lost Colony"], ["Epsilon Eridani"]])
    top = s.deck[::-1]
    select(s, "Explore +5", "Explore +5", "Explore +5")
    assert [s.seats[i].drawn for i in (2, 0, 1)] == [top[0:7], top[7:14], top[14:21]]


def test_simultaneous_choices_are_carried_out_in_timing_order() -> None:
    s = build([["New Sparta", "Destroyed World", "Asteroid Belt"],
               ["Alpha Centauri", "Radioactive World", "Pre-Sentient Race"]],
              goods={0: ["Destroyed World", "Asteroid Belt"],
                     1: ["Radioactive World", "Pre-Sentient Race"]})
    select(s, "Consume: Trade", "Consume: Trade")
    top = s.deck[::-1]
    act(s, {0: "Destroyed World", 1: "Pre-Sentient Race"})  # 3 cards and 4 cards
    assert s.seats[1].hand == top[0:4] and s.seats[0].hand == top[4:7]


def test_game_ends_at_round_end_with_twelve_cards() -> None:
    tableau = ["Old Earth", "Gem World", "Spice World", "Artist Colony", "Comet Zone",
               "Mining World", "New Vinland", "Secluded World", "Space Port", "Plague World",
               "Distant World"]
    s = build([tableau, ["Alpha Centauri"]], [["Destroyed World", "Asteroid Belt"], []])
    select(s, "Settle", "Explore +5")
    act(s)  # seat 1 keeps; seat 0 still owes its placement
    act(s, {0: "Destroyed World"})
    act(s)  # pay
    assert s.is_over() and s.result().termination is engine.Termination.NORMAL
    assert len(s.seats[0].tableau) == 12


def test_game_ends_when_vp_pool_empties_and_last_consume_is_paid_in_full() -> None:
    s = build([["Old Earth", "Gem World", "Spice World"], ["Alpha Centauri"]],
              goods={0: ["Gem World", "Spice World"]}, vp_pool=1)
    select(s, "Consume: 2x VP", "Consume: 2x VP")
    act(s)
    assert s.seats[0].vp == 4 and s.vp_pool == 0
    assert s.is_over()


def test_round_limit_ends_with_turn_limit() -> None:
    s = _new(2, round_limit=1)
    rng = random.Random(0)
    while not s.is_over():
        _random_step(s, rng)
    assert s.round == 2 and s.result().termination is engine.Termination.TURN_LIMIT


def test_advanced_game_two_actions_and_double_develop() -> None:
    s = build([["Old Earth"], ["Alpha Centauri"]],
              [["Space Marines", "Export Duties", "Gem World"], ["Drop Ships", "Comet Zone"]],
              options={"advanced": True})
    assert len(s.pending()[0].legal) == 23
    act(s, {0: "Develop + Develop (2nd)", 1: "Develop + Settle"})
    assert [p for p, _k in s.phases] == [Phase.DEVELOP, Phase.SETTLE]
    act(s, {0: "Space Marines"})  # cost 2 - 1 bonus
    act(s)  # pay 1
    assert s.stage is Phase.DEVELOP and s.phase_no == 2  # the second develop phase
    assert "Develop Export Duties (cost 0)" in texts(s, 0)  # bonus again for seat 0


def test_advanced_is_two_players_only() -> None:
    with pytest.raises(OptionError):
        GAME.new_match(3, 1, {"advanced": True})


def test_bad_input() -> None:
    s = _new(2)
    with pytest.raises(IllegalActionError, match="legal ids: 0, 1"):
        s.apply({0: 99, 1: 0})
    with pytest.raises(OptionError):
        GAME.new_match(2, 1, {"setup": "quick"})
    with pytest.raises(OptionError):
        GAME.new_match(2, 1, {"colour": "red"})
    with pytest.raises(PlayerCountError):
        GAME.new_match(5, 1)


def test_observation_hides_other_hands_deck_and_goods() -> None:
    rng = random.Random(5)
    s = _new(3, seed=11)
    for _ in range(60):
        if s.is_over():
            break
        for seat in (0, None):
            other = s.clone()
            assert isinstance(other, RaceState)
            # Reshuffle what seat 0 may not know: other hands, deck, goods' identities.
            pool = other.deck + [c for i, x in enumerate(other.seats) if i != seat
                                 for c in x.hand + x.drawn]
            pool += [e[1] for x in other.seats for e in x.tableau if e[1] != -1]
            rng.shuffle(pool)
            for i, x in enumerate(other.seats):
                if i != seat:
                    x.hand = [pool.pop() for _ in x.hand]
                    x.drawn = [pool.pop() for _ in x.drawn]
            for x in other.seats:
                for e in x.tableau:
                    if e[1] != -1:
                        e[1] = pool.pop()
            other.deck = pool
            other._cache = None
            other._stash.clear()
            assert other.observation(seat) == s.observation(seat)
            if seat is not None and seat in s.pending():
                assert other.pending()[seat] == s.pending()[seat]
        _random_step(s, rng)


def test_spectator_sees_public_facts_only() -> None:
    obs = _new(2).observation(None)
    assert obs.seat == -1 and obs.hand == () and obs.explore_cards == ()


def test_codec_accepts_observations_details_and_static_data() -> None:
    assert len(_codec.static_data("race", GAME.static_data).race.cards) == 95
    kinds = set()
    rng = random.Random(2)
    for options in ({}, {"advanced": True}):
        for seed in range(30):
            s = _new(2, seed=seed, **options)
            while not s.is_over():
                for seat in (0, 1, None):
                    _codec.observation("race", s.observation(seat))
                for decision in s.pending().values():
                    for a in decision.legal:
                        kinds.add(a.detail.kind)
                        _codec.action_detail("race", a.detail)
                _random_step(s, rng)
    # Every detail kind the random games reached encodes; the hand-built ones cover the rest.
    assert {DecisionKind.SELECT, DecisionKind.KEEP, DecisionKind.PAY, DecisionKind.TRADE,
            DecisionKind.CONSUME_GOOD, DecisionKind.WINDFALL} <= kinds
    for kind in DecisionKind:
        from engine.race import ActionDetail
        _codec.action_detail("race", ActionDetail(kind))


def test_clone_and_snapshot() -> None:
    s = _new(2)
    c = s.clone()
    assert c.snapshot() == s.snapshot()
    act(s)
    assert c.snapshot() != s.snapshot()


def test_log_keeps_private_events_private() -> None:
    s = _new(2, seed=4)
    mine = {e.text for e in s.events_since(0, 0)}
    theirs = {e.text for e in s.events_since(0, 1)}
    assert any("seat 0 hand" in t for t in mine) and not any("seat 0 hand" in t for t in theirs)
