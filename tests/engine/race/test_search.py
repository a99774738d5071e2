"""What search bots stand on: clone() independence and determinization from an observation."""

from __future__ import annotations

import random

import pytest

from engine.race import GAME, RaceState, from_observation


def _played(players: int, seed: int, steps: int, options: dict[str, object] | None = None
            ) -> RaceState:
    rng = random.Random(seed)
    state = GAME.new_match(players, seed, options)
    assert isinstance(state, RaceState)
    for _ in range(steps):
        pending = state.pending()
        if not pending:
            break
        state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    return state


def _step(state: RaceState, rng: random.Random) -> None:
    state.apply({s: rng.choice(d.legal).id for s, d in state.pending().items()})


def test_clone_and_original_diverge_independently() -> None:
    for seed in range(6):
        original = _played(2 + seed % 3, seed, 60 + 17 * seed)
        before = original.snapshot()
        copy = original.clone()
        assert copy.snapshot() == before and copy.pending() == original.pending()
        # Play the copy on: the original must not move.
        rng = random.Random(seed)
        for _ in range(40):
            if copy.is_over():
                break
            _step(copy, rng)
        assert original.snapshot() == before
        # And the other way round, from a fresh copy, with in-place edits of nested parts.
        other = original.clone()
        other_before = other.snapshot()
        original.seats[0].tableau[0][2] = -1
        original.seats[0].hand.append(original.deck.pop())
        original._cache = None
        original._stash.clear()
        original.rng.random()
        for _ in range(40):
            if original.is_over():
                break
            _step(original, random.Random(seed + 1))
        assert other.snapshot() == other_before


def test_clone_shares_no_mutable_part() -> None:
    state = _played(3, 4, 80)
    copy = state.clone()
    mutable = (list, dict, set)

    def parts(s: RaceState) -> list[object]:
        found: list[object] = [s.deck, s.discard, s.phases, s.options, s.rng, s.seats,
                               s._events, s._stash]
        for seat in s.seats:
            found += [seat, seat.hand, seat.tableau, *seat.tableau, seat.actions, seat.drawn,
                      seat.methods, seat.used, seat.taken, seat.produced, seat.produced_on,
                      seat.power_cache]
        return found

    ids = {id(p) for p in parts(state) if isinstance(p, mutable) or not isinstance(p, tuple)}
    assert not ids & {id(p) for p in parts(copy)}


CASES = [(2, {}), (3, {}), (4, {}), (2, {"advanced": True})]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_determinized_state_has_the_same_observation_and_decision(
    players: int, options: dict[str, object]
) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_match(players, seed, options)
        assert isinstance(state, RaceState)
        while state.pending():
            for seat in [*state.pending(), None]:
                obs = state.observation(seat)
                sampled = from_observation(obs, random.Random(seed))
                assert sampled.observation(seat) == obs
                if seat is not None:
                    real, got = state.pending()[seat], sampled.pending()[seat]
                    assert [a.id for a in got.legal] == [a.id for a in real.legal]
                    assert got == real
            _step(state, rng)


def test_determinization_does_not_leak_hidden_cards() -> None:
    for seed in range(12):
        state = _played(3, seed, 20 + 5 * seed)
        seat = next(iter(state.pending()))
        twin = state.clone()
        twin.deck.reverse()  # another supply order
        other = (seat + 1) % 3
        if twin.seats[other].hand and twin.deck:  # an opponent's card swapped with the supply
            k = seed % len(twin.seats[other].hand)
            twin.seats[other].hand[k], twin.deck[0] = twin.deck[0], twin.seats[other].hand[k]
        twin._cache = None
        twin._stash.clear()
        assert twin.snapshot() != state.snapshot()
        assert twin.observation(seat) == state.observation(seat)
        a = from_observation(state.observation(seat), random.Random(7))
        b = from_observation(twin.observation(seat), random.Random(7))
        assert a.snapshot() == b.snapshot()


def test_random_play_from_a_determinized_state_reaches_the_end() -> None:
    for seed in range(8):
        state = _played(2 + seed % 3, seed, 30 * seed)
        seat = next(iter(state.pending()), 0)
        sampled = from_observation(state.observation(seat), random.Random(seed))
        rng = random.Random(seed)
        while sampled.pending():
            assert all(d.legal for d in sampled.pending().values())
            _step(sampled, rng)
        assert sampled.result().termination.name == "NORMAL"


def test_a_different_rng_samples_different_hidden_cards() -> None:
    state = _played(2, 3, 40)
    obs = state.observation(0)
    a = from_observation(obs, random.Random(1))
    b = from_observation(obs, random.Random(2))
    assert a.deck != b.deck and a.observation(0) == b.observation(0) == obs
