"""Observation without leaks, the content file, clone, snapshot and random playouts."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from arena import _codec
from engine.galaxies import (
    CONTENT,
    CONTENT_FILE,
    GAME,
    ContentError,
    GalaxiesState,
    game_with_content,
    load_content,
)

from ._helpers import F, K, activate, choose, dice, new


def random_playout(players: int, seed: int, expansion: bool,
                   ) -> tuple[GalaxiesState, list[dict[int, int]]]:
    rng = random.Random(seed * 7919 + players)
    state = GAME.new_match(players, seed, {"expansion": expansion})
    assert isinstance(state, GalaxiesState)
    steps = []
    while pending := state.pending():
        step = {s: rng.choice(d.legal).id for s, d in pending.items()}
        steps.append(step)
        state.apply(step)
    return state, steps


def _midgame(seed: int = 3, players: int = 3, steps: int = 200) -> GalaxiesState:
    rng = random.Random(seed)
    state = GAME.new_match(players, seed)
    assert isinstance(state, GalaxiesState)
    for _ in range(steps):
        pending = state.pending()
        state.apply({s: rng.choice(d.legal).id for s, d in pending.items()})
    return state


def test_no_leak_of_another_seats_mission_or_the_decks_order() -> None:
    state = _midgame()
    views = {seat: state.observation(seat) for seat in (None, 0, 1, 2)}
    other = state.clone()
    other.mission[1] = next(m for m in range(12) if m != state.mission[1])
    other.offers[1] = [other.mission[1], 11 - other.mission[1]]
    other.deck.reverse()
    other.pilot_deck.reverse()
    other.ex_deck.reverse()
    for seat in (None, 0, 2):
        assert other.observation(seat) == views[seat]
    assert other.observation(1) != views[1]  # seat 1 sees its own mission
    assert views[0].your_mission == state.mission[0] and views[None].your_mission is None


def test_missions_being_chosen_are_seen_by_their_seat_only() -> None:
    state = GAME.new_match(2, 9)
    mine, theirs = state.observation(0), state.observation(1)
    assert mine.mission_offer == tuple(state.offers[0])  # type: ignore[attr-defined]
    assert theirs.mission_offer == tuple(state.offers[1])  # type: ignore[attr-defined]
    state.offers[1].reverse()
    assert state.observation(0) == mine


def test_the_observation_is_the_public_table() -> None:
    state = _midgame(4, 2, 120)
    view = state.observation(None)
    assert view.planet_row == tuple(state.row) and view.planet_deck_size == len(state.deck)
    assert view.exploration_discard == tuple(state.ex_discard)
    for seat, player in enumerate(view.players):
        assert player.energy == state.energy[seat] and player.vp == state.vp(seat)
        assert player.colonies == tuple(state.colonies[seat])
    _codec.observation("galaxies", view)


def _fields(state: GalaxiesState) -> dict[str, object]:
    """Every field of ``state``: its slots and its dict."""
    return {**{name: getattr(state, name) for name in GalaxiesState.__slots__}, **vars(state)}


def _mutable_parts(value: object, found: dict[int, str], where: str) -> None:
    """Every mutable container reachable from ``value`` (its id -> where it is)."""
    if isinstance(value, (list, dict, set, bytearray, random.Random)):
        found[id(value)] = where
    if isinstance(value, dict):
        for key, item in value.items():
            _mutable_parts(item, found, f"{where}[{key!r}]")
    elif isinstance(value, (list, tuple, set, frozenset)):
        for i, item in enumerate(value):
            _mutable_parts(item, found, f"{where}[{i}]")


def _play(state: GalaxiesState, rng: random.Random, steps: int) -> list[dict[int, int]]:
    played = []
    for _ in range(steps):
        pending = state.pending()
        if not pending:
            break
        step = {s: rng.choice(d.legal).id for s, d in pending.items()}
        state.apply(step)
        played.append(step)
    return played


@pytest.mark.parametrize("expansion", [True, False])
def test_a_clone_and_its_original_diverge_independently(expansion: bool) -> None:
    players, seed = 4, 5
    rng = random.Random(seed)
    state = GAME.new_match(players, seed, {"expansion": expansion})
    assert isinstance(state, GalaxiesState)
    history = _play(state, rng, 300)
    twin = state.clone()
    assert twin.snapshot() == state.snapshot() and twin.pending() == state.pending()
    assert twin.observation(1) == state.observation(1)
    # No list, dict or set is shared; the RNG is, copy-on-write (``GalaxiesState.rng``).
    mine: dict[int, str] = {}
    theirs: dict[int, str] = {}
    for name, value in _fields(state).items():
        if name != "_rng":
            _mutable_parts(value, mine, name)
    for name, value in _fields(twin).items():
        if name != "_rng":
            _mutable_parts(value, theirs, name)
    assert not set(mine) & set(theirs), [mine[i] for i in set(mine) & set(theirs)]
    # A draw from one copy leaves the other's stream as it was, whichever draws first.
    first, second = state.clone(), state.clone()
    expected = second.clone().rng.random()
    for _ in range(3):
        first.rng.random()
    assert first.rng is not second.rng and second.rng.random() == expected
    assert state.rng is not twin.rng and state.rng.getstate() == twin.rng.getstate()
    # Each plays on with other choices; each is what a replay of its own actions gives.
    ours = history + _play(state, random.Random(1), 400)
    its = history + _play(twin, random.Random(2), 400)
    assert ours != its
    for played, copy_ in ((ours, state), (its, twin)):
        again = GAME.replay(players, seed, {"expansion": expansion}, played)
        assert again.snapshot() == copy_.snapshot()
        assert again.events_since(0, 0) == copy_.events_since(0, 0)
    # Changes by hand to every part of one leave the other as it was.
    before = state.snapshot()
    other = state.clone()
    for name in ("energy", "culture", "level", "deck", "row", "mission", "pilot_deck",
                 "pilot_row", "ex_deck", "ex_discard", "dice", "activated", "stack"):
        getattr(other, name).append(0)
    for name in ("where", "orbit", "pos", "stype", "colonies", "cards", "offers"):
        getattr(other, name)[0].append(0)
    other.hangar[0][0].append(0)
    other.rng.random()
    other.log("only in the clone")
    assert state.snapshot() == before and other.snapshot() != before
    assert state.event_count == other.event_count - 1


def test_the_content_file_loads_with_its_version() -> None:
    content = load_content()
    assert content.version == json.loads(CONTENT_FILE.read_text())["version"]
    assert len(content.pilots) == 30 and len(content.cards) == 27
    assert sum(c.color.name == "GREEN" for c in content.cards) == 18
    assert GAME.static_data.content_version == content.version


def test_a_changed_content_file_is_honoured(tmp_path: Path) -> None:
    raw = json.loads(CONTENT_FILE.read_text())
    raw["version"] = "printed-cards-1"
    raw["exploration_cards"] = [dict(raw["exploration_cards"][0], name="Only Rock", vp=5)]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(raw))
    content = load_content(path)
    game = game_with_content(content)
    assert game.static_data.content_version == "printed-cards-1"
    state = game.new_match(2, 1)
    assert isinstance(state, GalaxiesState)
    assert state.ex_deck == [0]
    while state.stack[-1][0] == "mission":
        seat, decision = next(iter(state.pending().items()))
        state.apply({seat: decision.legal[0].id})
    state.culture[1] = 0
    dice(state, F.MOVE, F.ENERGY)
    activate(state, F.MOVE)
    choose(state, K.MOVE_SHIP, ship=0)
    choose(state, K.EXPLORE)
    choose(state, K.KEEP)
    assert state.vp(0) == 5 and state.end_triggered  # its one card, worth 5
    assert GAME.new_match(2, 1).content is CONTENT  # type: ignore[attr-defined]


def test_a_malformed_content_file_says_what_is_wrong(tmp_path: Path) -> None:
    raw = json.loads(CONTENT_FILE.read_text())
    raw["pilots"][0]["ability"] = "teleport"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(ContentError, match="teleport"):
        load_content(path)


def test_base_game_alone_is_playable() -> None:
    state, _ = random_playout(3, 1, expansion=False)
    assert state.is_over() and not state.pilot_row and not any(state.cards)
    assert not any(any(t for t in row) for row in state.stype)


@pytest.mark.parametrize("expansion", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_few_playouts_replay_exactly(players: int, expansion: bool) -> None:
    for seed in range(5):
        state, steps = random_playout(players, seed, expansion)
        assert state.result().termination.name in ("NORMAL", "TURN_LIMIT")
        assert all(0 <= e <= 7 for e in state.energy + state.culture)
        again = GAME.replay(players, seed, {"expansion": expansion}, steps)
        assert again.snapshot() == state.snapshot()


@pytest.mark.slow
@pytest.mark.parametrize("expansion", [True, False])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_thousand_playouts(players: int, expansion: bool) -> None:
    # Full-length matches (about 180 turns each; ~300 s of CPU for all eight, spread over
    # the cores by pytest-xdist); every 50th is replayed.
    for seed in range(1000):
        rng = random.Random(seed)
        state = GAME.new_match(players, seed, {"expansion": expansion})
        steps = []
        while pending := state.pending():
            step = {s: rng.choice(d.legal).id for s, d in pending.items()}
            steps.append(step)
            state.apply(step)
        result = state.result()
        assert sorted(result.ranks)[0] == 0
        assert result.termination.name in ("NORMAL", "TURN_LIMIT")
        if seed % 50 == 0:
            again = GAME.replay(players, seed, {"expansion": expansion}, steps)
            assert again.snapshot() == state.snapshot()


def test_new_is_at_seat_zeros_turn() -> None:
    assert new().stack[-1] == ("turn", 0)


def test_an_activation_is_never_a_forced_option() -> None:
    # ``apply`` does activations itself: ``_do_turn``, where forced options go, has no case
    # for them. That holds because a turn that offers an activation offers its end too.
    from engine.galaxies._state import _TURN_OPTS, K_ACTIVATE, K_END_TURN

    offering = [opts for opts, _actions in _TURN_OPTS
                if any(opt[0] is K_ACTIVATE for opt in opts)]
    assert offering and all(len(opts) >= 2 and opts[-1][0] is K_END_TURN for opts in offering)


@pytest.mark.parametrize("expansion", [True, False])
def test_every_field_of_a_state_is_a_slot(expansion: bool) -> None:
    # A field outside ``__slots__`` would land in the instance dict, unnoticed.
    state = GAME.new_match(3, 4, {"expansion": expansion})
    assert isinstance(state, GalaxiesState)
    _play(state, random.Random(4), 300)
    assert vars(state) == {} and vars(state.clone()) == {}
