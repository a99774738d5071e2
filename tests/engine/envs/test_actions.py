"""The fixed-size action spaces: every legal action has one index, and back."""

from __future__ import annotations

import copy as copymodule
import enum
import pickle
from pathlib import Path

import pytest

import engine
from engine._core import LazyAction
from engine.envs import ActionSpace, action_space
from engine.envs._actions import KindSpec
from tests.engine.envs._helpers import GAMES, SHORT, counts, playout


def check_decision(space: engine.envs.ActionSpace, decision: engine.Decision) -> None:
    indices = space.indices(decision.legal)
    assert all(0 <= i < space.size for i in indices)
    by_index: dict[int, object] = {}
    for action, index in zip(decision.legal, indices, strict=True):
        # different moves get different indices; equal details (the same move) share one
        assert by_index.setdefault(index, action.detail) == action.detail
        assert space.index(decision, action.id) == index
        back = space.action_id(decision, index)
        assert decision.action(back).detail == action.detail
        assert space.index(decision, back) == index
    mask = space.mask(decision)
    assert mask.shape == (space.size,)
    assert sorted(mask.nonzero()[0].tolist()) == sorted(by_index)
    # the distinct indices (the AEC environment's legal_actions): each once, in order
    legal, each, distinct = space.decoded(decision.legal)
    assert legal is decision.legal and list(each) == indices
    assert list(distinct) == list(by_index)


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_round_trips_through_its_index(game: str) -> None:
    space = action_space(game)
    # whole matches, but Sol's random ones are thousands of moves long: 300 turns of them
    whole = {"turn_limit": 300} if game == "sol" else None
    plays = [(counts(game)[0], seed, whole) for seed in range(2)]
    plays += [(n, 7, SHORT[game]) for n in counts(game)[1:]]
    for players, seed, options in plays:
        for state in playout(game, players, seed, options):
            for decision in state.pending().values():
                check_decision(space, decision)


@pytest.mark.parametrize("game", GAMES)
def test_an_action_looked_up_by_its_id_or_key_is_at_its_details_place(game: str) -> None:
    """The fast lookups (an action's id, a lazy action's key: Sector 41's keeps only the
    arguments that fix the place, see engine/envs/_games.py) give the place the action's
    detail gives, worked out afresh; a key that left out a field of the place would give
    another action's."""
    space = action_space(game)
    for players, seed in [(2, 11), (2, 12), (counts(game)[-1], 13)]:
        for state in playout(game, players, seed, {"turn_limit": 300} if game == "sol" else None):
            for decision in state.pending().values():
                for action, index in zip(decision.legal, space.indices(decision.legal),
                                         strict=True):
                    first, ordinals = space._work_out(action.detail)
                    assert first <= index < first + ordinals, (action.text, index, first)


@pytest.mark.parametrize(("game", "options"), [
    ("race", {"advanced": True}), ("race", {"setup": "first_game"}),
    ("sol", {"effects": "all", "turn_limit": 300}),
    ("sol", {"vestigial": False, "turn_limit": 300}),
    ("galaxies", {"expansion": False}),
])
def test_options_that_change_the_moves_stay_in_the_space(game: str, options: dict) -> None:
    space = action_space(game)
    for state in playout(game, 2, 3, options):
        for decision in state.pending().values():
            check_decision(space, decision)


def test_every_flight_a_sol_board_allows_has_its_own_index() -> None:
    """Random matches seldom fly through PORTAL, puncture a barrier or fly a station: the
    numbered pairs cover every flight either board allows, each at its own index, and a
    pair no flight joins is refused naming the table."""
    from engine.sol import BOARDS, ActionKind, SolActionDetail

    space = action_space("sol")
    for board in BOARDS.values():
        launch = {s for spaces in board.launch for s in spaces}
        pairs = {
            ActionKind.FLY: {(s, t) for s in range(board.size) for t, _ in board.neighbours[s]}
            | {(s, t) for s in launch for t in launch if s != t},
            ActionKind.PUNCTURE: {(s, t) for s in range(board.size)
                                  for t, e in board.neighbours[s] if e >= 0},
            ActionKind.FLY_STATION: {(s, t) for s in range(board.size)
                                     for t, _ in board.neighbours[s]},
        }
        for kind, joined in pairs.items():
            places = {space._work_out(SolActionDetail(kind, space=s, to_space=t))[0]
                      for s, t in joined}
            assert len(places) == len(joined), kind
    with pytest.raises(ValueError, match=r"FLY action's flight=\(0, 57\) is outside.*widening"):
        space._work_out(SolActionDetail(ActionKind.FLY, space=0, to_space=57))


def test_a_race_windfall_is_placed_by_its_source_and_world() -> None:
    """The place of a Race windfall leaves out the power index: sound while no design has
    two windfall powers (two windfalls from one source to one world would share a place)."""
    from engine.race import CARDS, PowerKind

    assert all(sum(p.kind is PowerKind.PRODUCE_WINDFALL for p in card.powers) <= 1
               for card in CARDS)


def test_an_index_that_is_not_legal_is_refused_with_the_legal_ones() -> None:
    state = engine.get("race").new_match(2, 1)
    decision = state.pending()[0]
    space = action_space("race")
    legal = sorted(set(space.indices(decision.legal)))
    wrong = next(i for i in range(space.size) if i not in legal)
    with pytest.raises(ValueError, match=f"action index {wrong} is not legal.*legal indices: "
                                         f"{legal[0]}"):
        space.action_id(decision, wrong)


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(engine.UnknownGameError, match="known games: .*galaxies, race"):
        action_space("chess")


def test_a_game_without_tables_is_refused_with_the_adapted_ones() -> None:
    engine.register(engine.Game(engine.GameInfo("tiny", "Tiny", 2, 2), engine.GameState))
    try:
        with pytest.raises(ValueError, match="no adapter tables; adapted games: galaxies"):
            action_space("tiny")
    finally:
        engine.unregister("tiny")


def test_the_space_is_the_same_for_every_player_count_and_documented() -> None:
    for game in GAMES:
        space = action_space(game)
        blocks = space.blocks()
        assert blocks[0][1] == 0
        ends = [start + spec.size for _, start, spec in blocks]
        assert [start for _, start, _ in blocks[1:]] == ends[:-1]
        assert ends[-1] == space.size


def test_the_manual_states_the_sizes_the_code_has() -> None:
    manual = (Path(__file__).resolve().parents[3] / "docs" / "envs.md").read_text()
    titles = {"galaxies": "Galaxies", "race": "Race", "sector41": "Sector 41", "sol": "Sol"}
    actions = ", ".join(f"{titles[g]} {action_space(g).size:,}".replace(",", " ")
                        for g in GAMES)
    tensors = ", ".join(f"{titles[g]} {engine.envs.observation_encoder(g).size:,}"
                        .replace(",", " ") for g in GAMES)
    assert f"Sizes: {actions}." in manual
    assert f"({tensors})" in " ".join(manual.split())


def test_equal_details_share_an_index_listed_once_among_the_distinct_ones() -> None:
    """Two copies of a card in hand: both actions get one index, which the distinct
    indices (the AEC environment's legal_actions) hold once."""
    space = action_space("race")
    decision = next(d for state in playout("race", 2, 0) for d in state.pending().values()
                    if len(d.legal) >= 2)
    first, second = decision.legal[:2]
    legal = (first, engine.Action(len(decision.legal), "a copy", first.detail), second)
    copied = engine.Decision(decision.seat, decision.prompt, legal, decision.kind)
    _, each, distinct = space.decoded(copied.legal)
    assert each[0] == each[1] != each[2]
    assert distinct == (each[0], each[2])
    assert space.action_id(copied, each[0]) == first.id


def test_a_galaxies_decision_led_by_a_lazy_action_is_read_from_the_notes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Galaxies keeps its actions, the lazy ones too: their places are kept in their notes,
    so a decision led by one, offered again in a new tuple, works nothing out, and its
    indices are its details' places."""
    space = action_space("galaxies")
    decision = next(d for state in playout("galaxies", 2, 3) for d in state.pending().values()
                    if type(d.legal[0]) is LazyAction and len(d.legal) >= 2)
    indices = space.indices(decision.legal)
    for action, index in zip(decision.legal, indices, strict=True):
        first, ordinals = space._work_out(action.detail)
        assert first <= index < first + ordinals
    worked_out: list[engine.Action] = []
    original = ActionSpace._first

    def first(self: ActionSpace, action: engine.Action) -> int:
        worked_out.append(action)
        return original(self, action)
    monkeypatch.setattr(ActionSpace, "_first", first)
    again = tuple(list(decision.legal))  # the same actions in a new tuple: not a kept one
    assert again is not decision.legal and space.indices(again) == indices
    assert worked_out == []


@pytest.mark.parametrize("game", GAMES)
def test_a_note_is_no_part_of_an_actions_value(game: str) -> None:
    """The place an action keeps in its note changes neither its equality nor its hash, and
    new copies do not carry it: a pickled or deep-copied decision (a clone's, a determinized
    one's) is decoded afresh to the same indices."""
    space = action_space(game)
    decision = next(d for state in playout(game, 2, 5, {"turn_limit": 40} if game == "sol"
                                           else None)
                    for d in state.pending().values() if len(d.legal) >= 2)
    plain = [pickle.loads(pickle.dumps(action)) for action in decision.legal]
    hashes = [hash(action) for action in plain]
    indices = space.indices(decision.legal)  # notes written on the originals
    assert all(hasattr(action, "_note") for action in decision.legal
               if type(action) is not LazyAction or game != "sector41")
    for copy in (pickle.loads(pickle.dumps(decision.legal)), copymodule.deepcopy(decision.legal)):
        assert copy == decision.legal and [hash(action) for action in copy] == hashes
        # (a lazy action's deep copy is itself: immutable)
        assert not any(hasattr(action, "_note") for action, original
                       in zip(copy, decision.legal, strict=True) if action is not original)
        assert space.indices(copy) == indices


def test_a_game_has_one_action_space() -> None:
    """Its actions keep their places in one note each: a second space for the game, with
    other tables, would read the first one's."""
    action_space("race")
    kinds = enum.Enum("Kinds", "MOVE")
    with pytest.raises(ValueError, match="race has an action space already.*action_space"):
        ActionSpace("race", kinds, {}, KindSpec())
    # a checking space keeps nothing on the actions: any number of them
    assert ActionSpace("race", kinds, {}, KindSpec(), notes=False).size == 1
