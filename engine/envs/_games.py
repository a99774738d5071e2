"""Each built-in game's action-space table (see ``_actions``) and observation-tensor caps
(see ``_tensor``): the sizes come from the game's own data where it has them. Each builder
takes ``notes`` (see ``ActionSpace``): False makes a checking space, for tests."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from .. import _registry
from ._actions import (
    ActionSpace,
    Field,
    KindSpec,
    enum_field,
    int_field,
    opt_field,
    table_field,
)
from ._tensor import Encoder

#: Ordinal slots of a kind that has no table entry (any new kind of a game lands there).
_DEFAULT = KindSpec((), 16)


def _race(notes: bool = True) -> tuple[ActionSpace, Encoder]:
    race: Any = importlib.import_module("engine.race")
    k = race.DecisionKind
    cards = len(race.CARDS)
    n_actions = len(race.ActionCard)

    def select(actions: tuple[Any, ...]) -> int:
        # one action card, or two (the advanced game): n + first * n + second
        if len(actions) == 1:
            return int(actions[0].value)
        first, second = actions
        return int(n_actions + first.value * n_actions + second.value)

    card = opt_field("card", cards)  # -1 (nothing, stop) is the first place
    tableau = 24  # tableau indices: a game ends at 12 cards, a round adds at most a few
    place = int_field("tableau_index", 0, tableau - 1)
    source = int_field("source_index", -1, tableau - 1)
    power = int_field("power_index", -1, 3)
    specs = {
        k.SELECT: KindSpec((Field("actions", n_actions * (n_actions + 1), select,
                                  "one action card, or (advanced) an ordered pair"),)),
        k.DISCARD: KindSpec((card,)),
        k.KEEP: KindSpec((card,)),
        k.PAY: KindSpec((card,)),
        k.CONSUME_HAND: KindSpec((card,)),
        k.DEVELOP: KindSpec((card,)),
        k.SETTLE: KindSpec((card,)),
        k.METHOD: KindSpec((enum_field("method", len(race.SettleMethod)),
                            int_field("number", 0, 15))),
        k.TRADE: KindSpec((place,)),
        k.CONSUME_GOOD: KindSpec((place,)),
        k.CONSUME_POWER: KindSpec((source, power)),
        k.GAMBLE: KindSpec((int_field("number", 0, 15),)),
        # No design has two windfall powers (tests/engine/envs/test_actions.py checks the
        # catalogue), so the source fixes the power: 600 indices, not 3 000.
        k.WINDFALL: KindSpec((source, place)),
    }
    # Race keeps an action per card and position, all of one card sharing its detail: a
    # card met at a new position finds its place by its detail's id (``_place``)
    space = ActionSpace("race", k, specs, _DEFAULT, notes=notes)
    encoder = Encoder("race", race.Observation, players=4, caps={
        "players.tableau": tableau, "players.actions": 2, "players.used": 8,
        "players.taken": 4, "players.produced": 4, "players.produced_on": tableau,
        "players.methods": len(race.SettleMethod), "phases": 8, "phase_passes": 8,
    }, counts={"hand": cards, "explore_cards": cards}, ids={"players.tableau.card": cards})
    return space, encoder


def _sector41(notes: bool = True) -> tuple[ActionSpace, Encoder]:
    s41: Any = importlib.import_module("engine.sector41")
    k = s41.ActionKind
    rows, cols = s41.GAME.static_data.rows, s41.GAME.static_data.cols
    cells = rows * cols
    explorer = int_field("explorer", 0, 2)
    direction = enum_field("direction", len(s41.Direction))
    row = int_field("to_row", -1, rows)  # one row beyond each edge: into a Mother Ship
    col = int_field("to_col", -1, cols)
    board_col = int_field("to_col", 0, cols - 1)
    board_row = int_field("to_row", 0, rows - 1)
    flag = int_field
    cell = (board_row, board_col)
    specs = {
        k.STAY: KindSpec(),
        k.SHIP_MOVE: KindSpec((int_field("ship_shift", -2, 2), int_field("line", 0, 8))),
        k.FOLD: KindSpec((int_field("line", 0, 8),)),
        k.EXPLORER_MOVE: KindSpec((explorer, direction, flag("to_ship", 0, 1),
                                   flag("combat", 0, 1))),
        k.ASTEROID_HOP: KindSpec((explorer, *cell, flag("combat", 0, 1))),
        k.TOW: KindSpec((explorer, opt_field("color", len(s41.Color)))),
        k.TILE_MOVE: KindSpec((explorer, row, col, flag("loop", 0, 1)), 2),
        k.VIEWPORT: KindSpec(cell),
        k.DISTORTION: KindSpec(cell),
        k.ION_STORM: KindSpec(cell),
        k.VORTEX_TILE: KindSpec(cell),
        k.LOOP_DROP: KindSpec(cell),
        k.GUARDIAN_MOVE: KindSpec(cell),
        k.STARBASE: KindSpec((opt_field("target_seat", 4), opt_field("target_explorer", 3))),
        k.STAR_GATE: KindSpec((opt_field("target_seat", 4), opt_field("target_explorer", 3))),
        k.VORTEX_TURN: KindSpec((int_field("quarter_turns", 0, 3),)),
    }
    # The engine makes its move and cell-choice actions afresh at every decision, as lazy
    # actions whose arguments also carry what the index does not use (a tile's kind, whether
    # it is face down): keyed by all their arguments, most were new and had their detail made
    # (some 20 us). The arguments that fix each one's place are enough (as few as can be: a
    # new key is such a miss); tests/engine/envs/test_actions.py checks that every key gives
    # its detail's place.
    act: Any = importlib.import_module("engine.sector41._actions")
    move, hop, tile_move, target = (act.move_parts, act.hop_parts, act.tile_move_parts,
                                    act.target_parts)

    def lazy_key(args: tuple[Any, ...]) -> Any:
        # the builders in the order of how often random matches meet them
        build = args[0]
        if build is move:  # (explorer, direction, target: < 0 the Mother Ship, .., combat)
            return build, args[1], args[2], args[3] < 0, args[7]
        if build is target:  # (kind, cell, ...)
            return build, args[1], args[2]
        if build is tile_move:  # (explorer, direction, target, the ship's cell, .., loop)
            return build, args[1], args[3], args[4], args[8]
        if build is hop:  # (explorer, cell, asteroid, combat)
            return build, args[1], args[2], args[4]
        return args

    space = ActionSpace("sector41", k, specs, _DEFAULT, lazy_key, notes)
    encoder = Encoder("sector41", s41.Sector41Observation, players=4, caps={
        "explorers": 12, "pending_move": 16, "visited": 32, "loop_cells": 16,
        "tile_types": cells, "rotations": cells, "face_up": cells, "cleansed": cells,
        "peeked": cells, "yellow": cells, "blue": cells, "red": cells,
    }, ids={"tile_types": len(s41.TILE_TYPES)})
    return space, encoder


def _sol(notes: bool = True) -> tuple[ActionSpace, Encoder]:
    sol: Any = importlib.import_module("engine.sol")
    k = sol.ActionKind
    spaces = max(b.size for b in sol.BOARDS.values())
    gates = max(len(b.barriers) for b in sol.BOARDS.values())
    space = int_field("space", 0, spaces - 1)
    effect = opt_field("effect", len(sol.Effect))
    # A flight joins two spaces of one board: adjacent ones (across a barrier for a puncture),
    # or under PORTAL any two that motherships launch into. Numbered among those pairs (on
    # either board: the numbers do not depend on the board), not as space x space: 1 686
    # indices instead of 10 092, which every mask and every draw from one would scan.
    boards = sol.BOARDS.values()
    adjacent = {(s, t) for b in boards for s in range(b.size) for t, _ in b.neighbours[s]}
    across = {(s, t) for b in boards for s in range(b.size) for t, e in b.neighbours[s]
              if e >= 0}
    portal = {(s, t) for b in boards
              for launch in [{s for spaces in b.launch for s in spaces}]
              for s in launch for t in launch if s != t}
    pair = ("space", "to_space")
    flights = {
        k.FLY: table_field("flight", pair, sorted(adjacent | portal),
                           "(space, to_space): adjacent, or both launch spaces (PORTAL)"),
        k.PUNCTURE: table_field("puncture", pair, sorted(across),
                                "(space, to_space): adjacent across a barrier"),
        k.FLY_STATION: table_field("station_flight", pair, sorted(adjacent),
                                   "(space, to_space): adjacent"),
    }
    specs = {
        k.VESTIGIAL_KIND: KindSpec((opt_field("station", len(sol.Station)),)),
        k.VESTIGIAL_STATION: KindSpec((space, enum_field("station", len(sol.Station)))),
        k.VESTIGIAL_GATE: KindSpec((int_field("gate", 0, gates - 1),)),
        k.LAUNCH: KindSpec((space,)),
        **{kind: KindSpec((field,)) for kind, field in flights.items()},
        k.HURL: KindSpec((space,)),
        k.HURL_STATION: KindSpec((space,)),
        # the card played along (with_card says the same as an effect being there)
        k.MOVE: KindSpec((effect,)),
        k.CONVERT: KindSpec((effect,)),
        k.PLAY_CARD: KindSpec((effect,)),
        k.ACTIVATE: KindSpec((enum_field("station", len(sol.Station)), effect)),
        # an effect's own steps: amounts, targets, spaces, as the effect asks
        k.EFFECT_STEP: KindSpec((opt_field("space", spaces),), 16),
        k.CONVERSION: KindSpec((space,), 16),
        k.BONUS_TAKE: KindSpec((space, int_field("amount", 0, 3))),
        k.BONUS_DECLINE: KindSpec((space, int_field("amount", 0, 3))),
        k.ORBITAL_ACTIVATE: KindSpec((space,)),
        k.KEEP: KindSpec((enum_field("suit", len(sol.Suit)),)),
        k.DECONSTRUCT_STATION: KindSpec((space,)),
        k.DECONSTRUCT_GATE: KindSpec((int_field("gate", 0, gates - 1),)),
        k.ACTIVATE_STATION: KindSpec((space,)),
        k.MOTIVATE: KindSpec((space,)),
        k.STOP: KindSpec(), k.DONE: KindSpec(), k.SKIP: KindSpec(), k.PASS: KindSpec(),
        k.ORBITAL_SKIP: KindSpec(),
    }
    # Sol offers a legal tuple again at one decision in six: its decodings are not kept
    action_space = ActionSpace("sol", k, specs, _DEFAULT, notes=notes, again=False)
    encoder = Encoder("sol", sol.SolObservation, players=5, caps={
        "players.launch_spaces": 8, "players.hold_by_colour": 5, "suit_effects": len(sol.Suit),
        "activated_spaces": 16, "tolls_paid": 5, "drawn": 8, "spaces.sundivers": 5,
    }, indexed={"spaces": ("space", spaces), "gates": ("gate", gates)})
    return action_space, encoder


def _galaxies(notes: bool = True) -> tuple[ActionSpace, Encoder]:
    gal: Any = importlib.import_module("engine.galaxies")
    k = gal.ActionKind
    content = gal.CONTENT
    face = enum_field("face", len(gal.DieFace))
    planet = int_field("planet", 0, len(gal.PLANETS) - 1)
    ship = int_field("ship", 0, 7)
    seat = int_field("seat", 0, 4)
    amount = int_field("amount", 0, 9)
    card = int_field("card", 0, len(content.cards) - 1)
    specs: dict[Any, KindSpec] = {
        kind: KindSpec((face,)) for kind in (
            k.ACTIVATE, k.REROLL_DIE, k.CONVERT_SPEND, k.SET_DIE, k.SET_FACE, k.CHOOSE_FACE,
            k.DISCARD_DIE)
    }
    specs.update({kind: KindSpec() for kind in (
        k.CONVERT, k.HIRE, k.END_TURN, k.DECLINE, k.ROLL, k.EXPLORE, k.GO_HOME, k.DRAW)})
    specs.update({kind: KindSpec((planet,)) for kind in (
        k.LAND, k.ORBIT, k.CHOOSE_PLANET, k.PAY)})
    specs.update({kind: KindSpec((card,)) for kind in (k.KEEP, k.PASS_ON, k.TAKE_DISCARD)})
    specs.update({
        k.CHOOSE_MISSION: KindSpec((int_field("mission", 0, len(gal.MISSIONS) - 1),)),
        k.REROLL: KindSpec((amount,)),
        k.FOLLOW: KindSpec((amount,)),
        k.CONVERT_AMOUNT: KindSpec((amount,)),
        k.HIRE_PILOT: KindSpec((int_field("pilot", 0, len(content.pilots) - 1),)),
        k.REPLACE_SHIP: KindSpec((ship,)),
        k.MOVE_SHIP: KindSpec((ship,)),
        k.UPGRADE: KindSpec((amount, opt_field("resource", len(gal.Resource)))),
        k.ADVANCE: KindSpec((ship, amount)),
        k.HIRE_WITH: KindSpec((face, amount, enum_field("ship_type", len(gal.ShipType)))),
        k.USE_COLONY: KindSpec((planet, seat)),
        k.TAKE_FROM: KindSpec((seat, enum_field("resource", len(gal.Resource)))),
        k.REGRESS: KindSpec((ship, seat, amount)),
    })
    # the engine keeps its actions, the lazy ones too: all keep their places in their notes
    space = ActionSpace("galaxies", k, specs, _DEFAULT, notes=notes)
    planets, pilots, cards = len(gal.PLANETS), len(content.pilots), len(content.cards)
    encoder = Encoder("galaxies", gal.GalaxiesObservation, players=5, caps={
        "dice": 8, "activated": 8, "players.ships": 8, "players.hangar": 8,
        "players.hangar.pilots": 4, "players.badges": 8, "mission_offer": 4,
        "planet_row": 8, "pilot_row": 8,
    }, counts={"players.colonies": planets, "players.exploration_cards": cards,
               "exploration_discard": cards},
       ids={"planet_row": planets, "pilot_row": pilots, "drawn_card": cards,
            "your_mission": len(gal.MISSIONS), "mission_offer": len(gal.MISSIONS),
            "players.ships.planet": planets, "players.ships.pilot": pilots})
    return space, encoder


_TABLES = {"race": _race, "sector41": _sector41, "sol": _sol, "galaxies": _galaxies}


@cache
def tables(game: str) -> tuple[ActionSpace, Encoder]:
    """The action space and the observation encoder of a built-in game."""
    _registry.get(game)  # UnknownGameError listing the games for a wrong name
    try:
        return _TABLES[game]()
    except KeyError:
        raise ValueError(
            f"game {game!r} has no adapter tables; adapted games: {', '.join(sorted(_TABLES))}"
        ) from None
