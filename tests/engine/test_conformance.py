"""Every registered game keeps the engine contract (OpenSpiel's random_sim_test, in short)."""

from __future__ import annotations

import random

import pytest

import engine
from arena import _codec

SEEDS = range(12)


def random_playout(game: engine.Game, players: int, seed: int, options=None, limit=200_000):
    rng = random.Random(seed * 7919 + players)
    state = game.new_match(players, seed, options)
    steps = []
    while not state.is_over():
        pending = state.pending()
        assert pending, "no decision pending in a match that is not over"
        for seat, decision in pending.items():
            assert decision.seat == seat
            assert decision.legal, f"empty legal list for seat {seat}: {decision.prompt}"
            ids = [a.id for a in decision.legal]
            assert len(set(ids)) == len(ids), f"duplicate action ids in {decision.prompt}"
        step = {seat: rng.choice(d.legal).id for seat, d in pending.items()}
        steps.append(step)
        state.apply(step)
        assert len(steps) < limit, "the match did not end"
    return state, steps


def player_counts(game: engine.Game) -> list[int]:
    return list(range(game.info.min_players, game.info.max_players + 1))


GAMES = [g.name for g in engine.games()]


@pytest.mark.parametrize("name", GAMES)
def test_random_playouts_end_and_replay_exactly(name: str) -> None:
    game = engine.get(name)
    for players in player_counts(game):
        for seed in SEEDS:
            state, steps = random_playout(game, players, seed)
            result = state.result()
            assert len(result.scores) == len(result.ranks) == players
            assert min(result.ranks) == 0 and all(0 <= r < players for r in result.ranks)
            assert result.termination in (engine.Termination.NORMAL,
                                          engine.Termination.TURN_LIMIT)
            replayed = game.replay(players, seed, None, steps)
            assert replayed.snapshot() == state.snapshot()


@pytest.mark.parametrize("name", GAMES)
def test_every_view_and_action_encodes_for_the_wire(name: str) -> None:
    game = engine.get(name)
    _codec.static_data(name, game.static_data)
    state = game.new_match(game.info.min_players, 3)
    rng = random.Random(3)
    for _ in range(300):
        if state.is_over():
            break
        for seat in [None, *range(state.num_players)]:
            _codec.observation(name, state.observation(seat))
        pending = state.pending()
        for decision in pending.values():
            for action in decision.legal:
                _codec.action_detail(name, action.detail)
        state.apply({seat: rng.choice(d.legal).id for seat, d in pending.items()})


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_is_independent(name: str) -> None:
    game = engine.get(name)
    state = game.new_match(game.info.min_players, 5)
    copy = state.clone()
    before = copy.snapshot()
    step = {seat: d.legal[-1].id for seat, d in state.pending().items()}
    state.apply(step)
    assert copy.snapshot() == before
    copy.apply(step)
    assert copy.snapshot() == state.snapshot()


@pytest.mark.parametrize("name", GAMES)
def test_the_log_reads_the_same_whenever_it_is_read(name: str) -> None:
    """The log's lines become Events when read (``GameState._lines``): reading after every
    step, once at the end, or through a clone made mid-game gives the same Events."""
    game = engine.get(name)
    players = game.info.max_players
    state, steps = random_playout(game, players, 4)
    at_end = [(e.index, e.text, e.visible_to) for e in state._events]
    assert state.event_count == len(at_end) > len(steps) // 10
    assert [index for index, _, _ in at_end] == list(range(len(at_end)))

    read_often = game.new_match(players, 4)
    for number, step in enumerate(steps):
        read_often.apply(step)
        if number == len(steps) // 2:
            clone = read_often.clone()
        assert len(read_often.events_since(0, seat=0)) <= read_often.event_count
    for step in steps[len(steps) // 2 + 1:]:
        clone.apply(step)
    for replay in (read_often, clone):
        assert [(e.index, e.text, e.visible_to) for e in replay._events] == at_end
    for seat in [None, *range(players)]:
        assert [e.index for e in state.events_since(0, seat)] == [
            index for index, _, seen_by in at_end if seen_by is None or seat in seen_by]


@pytest.mark.parametrize("name", GAMES)
def test_bad_arguments_raise_typed_errors_that_explain(name: str) -> None:
    game = engine.get(name)
    with pytest.raises(engine.PlayerCountError, match=str(game.info.max_players)):
        game.new_match(game.info.max_players + 1, 1)
    with pytest.raises(engine.OptionError, match="unknown option 'no_such_option'"):
        game.new_match(game.info.min_players, 1, {"no_such_option": 1})
    state = game.new_match(game.info.min_players, 1)
    seat, decision = next(iter(state.pending().items()))
    bad_id = max(a.id for a in decision.legal) + 1000
    with pytest.raises(engine.IllegalActionError, match="legal ids"):
        state.apply({s: (bad_id if s == seat else d.legal[0].id)
                     for s, d in state.pending().items()})
    with pytest.raises(engine.NotPendingError):
        state.apply({})


def test_an_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(engine.UnknownGameError, match="known games: .*duel"):
        engine.get("chess")


def test_forfeited_seats_are_ranked_last_and_tied() -> None:
    played = engine.Result((5.0, 3.0, 2.0, 1.0), (0, 1, 2, 3))
    both = played.with_forfeits({2: engine.Termination.CRASH, 0: engine.Termination.TIMEOUT},
                                "two faults")
    assert both.ranks == (2, 0, 2, 1)  # the others keep the game's order above them
    assert both.termination is engine.Termination.TIMEOUT  # seat 0's, though it came second
    assert both.forfeited == (0, 2) and both.scores == played.scores
    assert played.with_forfeits({3: engine.Termination.RESIGN}, "r").ranks == (0, 1, 2, 3)
