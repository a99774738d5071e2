"""Cached builders of Sol's legal actions (frozen values, so equal ones are shared)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .._core import Action
from ._board import BOARDS
from ._cards import Effect, Station, Suit
from ._messages import ActionKind, SolActionDetail

_CACHE = 1 << 16
_K = ActionKind
_STATION_NAME: dict[int, str] = {Station.NODE: "energy node", Station.FOUNDRY: "foundry",
                                 Station.TOWER: "transmit tower"}
_PLURAL = {Station.NODE: "energy nodes", Station.FOUNDRY: "foundries",
           Station.TOWER: "transmit towers"}


def station_name(station: int) -> str:
    """A station type's readable name (``Station`` is an IntEnum, so its members are the
    int keys: no enum call, which costs more than the lookup, on every activation)."""
    return _STATION_NAME[station]


def _gate_name(side: int, gate: int) -> str:
    board = BOARDS[side]
    a, b = board.barriers[gate]
    return f"{board.name(a)}|{board.name(b)}"


@lru_cache(maxsize=_CACHE)
def simple(aid: int, kind: ActionKind, text: str) -> Action:
    """An action with nothing but its kind."""
    return Action(aid, text, SolActionDetail(kind))


@lru_cache(maxsize=_CACHE)
def choose_action(aid: int, kind: ActionKind, station: int | None, effect: int | None) -> Action:
    """A turn's action: move, convert, activate a station type, optionally with the card."""
    word = {_K.MOVE: "Move", _K.CONVERT: "Convert", _K.ACTIVATE: "Activate"}[kind]
    text = word if station is None else f"{word} {_PLURAL[Station(station)]}"
    if effect is not None:
        text += f", playing {Effect(effect).name}"
    return Action(aid, text, SolActionDetail(
        kind, station=None if station is None else Station(station),
        effect=None if effect is None else Effect(effect), with_card=effect is not None))


@lru_cache(maxsize=_CACHE)
def play_card(aid: int, effect: int) -> Action:
    """Play the held card's any-time effect now."""
    return Action(aid, f"Play {Effect(effect).name} now",
                  SolActionDetail(_K.PLAY_CARD, effect=Effect(effect), with_card=True))


@lru_cache(maxsize=_CACHE)
def at_space(aid: int, kind: ActionKind, side: int, space: int, to: int | None = None) -> Action:
    """A launch, flight, hurl or puncture step (``to`` for flights)."""
    name = BOARDS[side].name
    if kind is _K.LAUNCH:
        text = f"Launch into {name(space)}"
    elif kind is _K.FLY:
        text = f"Fly {name(space)} -> {name(to)}"  # type: ignore[arg-type]
    elif kind is _K.HURL:
        text = f"Hurl from {name(space)}"
    elif kind is _K.PUNCTURE:
        text = f"Puncture {name(space)} -> {name(to)}"  # type: ignore[arg-type]
    elif kind is _K.FLY_STATION:
        text = f"Fly station {name(space)} -> {name(to)}"  # type: ignore[arg-type]
    elif kind is _K.HURL_STATION:
        text = f"Hurl station from {name(space)}"
    elif kind is _K.ACTIVATE_STATION:
        text = f"Activate {name(space)}"
    elif kind is _K.ORBITAL_ACTIVATE:
        text = f"Orbital activation of {name(space)}"
    elif kind is _K.DECONSTRUCT_STATION:
        text = f"Deconstruct the station on {name(space)}"
    else:
        text = f"{kind.name.title()} {name(space)}"
    return Action(aid, text, SolActionDetail(kind, space=space, to_space=to))


@lru_cache(maxsize=_CACHE)
def launch_from(aid: int, side: int, space: int, host: int) -> Action:
    """A launch of an own sundiver from another seat's hold (put there by BLIGHT)."""
    return Action(aid, f"Launch into {BOARDS[side].name(space)} from seat {host}'s mothership",
                  SolActionDetail(_K.LAUNCH, space=space, seat=host))


# Per side: movement option tuple -> its actions by position (ids are positions in the
# decision), each built on first use. The options of a side are finitely many, so nothing is
# evicted.
_ROWS: dict[int, dict[tuple[Any, ...], dict[int, Action]]] = {4: {}, 5: {}}


def step(side: int, option: tuple[Any, ...], position: int) -> Action:
    """The action of movement option ``(kind, space, to or -1, ...)`` at ``position``."""
    table = _ROWS[side]
    row = table.get(option)
    if row is None:
        row = table[option] = {}
    action = row.get(position)
    if action is None:
        if row:  # the same text and detail at every position
            first = next(iter(row.values()))
            action = Action(position, first.text, first.detail)
        elif option[0] is _K.LAUNCH and len(option) == 4:
            action = launch_from(position, side, option[1], option[3])
        else:
            action = at_space(position, option[0], side, option[1],
                              None if option[2] < 0 else option[2])
        row[position] = action
    return action


def steps(side: int, options: list[tuple[Any, ...]]) -> list[Action]:
    """The actions of movement options, numbered in order."""
    return [step(side, o, i) for i, o in enumerate(options)]


# "Stop moving" and "Done activating" by position.
STOP = [simple(i, _K.STOP, "Stop moving") for i in range(128)]
DONE = [simple(i, _K.DONE, "Done activating") for i in range(128)]


def stop(position: int) -> Action:
    """"Stop moving" at ``position`` (a move decision under an effect such as TELEPORT may
    offer more than the 128 prebuilt ones)."""
    return STOP[position] if position < len(STOP) else simple(position, _K.STOP, "Stop moving")


def done(position: int) -> Action:
    """"Done activating" at ``position``."""
    return DONE[position] if position < len(DONE) else simple(position, _K.DONE,
                                                                 "Done activating")


@lru_cache(maxsize=_CACHE)
def conversion(aid: int, side: int, station: int | None, space: int, used: tuple[int, ...],
               gate: int | None) -> Action:
    """A conversion: a station on ``space`` or a gate on barrier ``gate``."""
    name = BOARDS[side].name
    from_text = "+".join(name(s) for s in used)
    if station is None:
        assert gate is not None
        text = f"Gate on {_gate_name(side, gate)} from {from_text}"
    else:
        text = f"{station_name(station).capitalize()} on {name(space)} from {from_text}"
    return Action(aid, text, SolActionDetail(
        _K.CONVERSION, space=space, used_spaces=used,
        station=None if station is None else Station(station), gate=gate))


@lru_cache(maxsize=_CACHE)
def gate_action(aid: int, kind: ActionKind, side: int, gate: int) -> Action:
    """A vestigial gate placement or a gate deconstruction."""
    verb = "Place a vestigial gate on" if kind is _K.VESTIGIAL_GATE else "Deconstruct the gate on"
    return Action(aid, f"{verb} {_gate_name(side, gate)}", SolActionDetail(kind, gate=gate))


@lru_cache(maxsize=_CACHE)
def vestigial_station(aid: int, side: int, station: int, space: int) -> Action:
    """A vestigial station placement."""
    text = f"Place a vestigial {station_name(station)} on {BOARDS[side].name(space)}"
    return Action(aid, text, SolActionDetail(_K.VESTIGIAL_STATION, space=space,
                                             station=Station(station)))


@lru_cache(maxsize=_CACHE)
def vestigial_kind(aid: int, station: int | None) -> Action:
    """Choose what to place as a vestigial structure: a gate (None) or a station type."""
    name = "gate" if station is None else station_name(station)
    text = f"{'An' if name[0] in 'aeiou' else 'A'} {name}"
    return Action(aid, text, SolActionDetail(
        _K.VESTIGIAL_KIND, station=None if station is None else Station(station)))


@lru_cache(maxsize=_CACHE)
def bonus(aid: int, take: bool, amount: int, space: int, side: int) -> Action:
    """Take or decline a station's bonus."""
    where = BOARDS[side].name(space)
    if take:
        return Action(aid, f"Take the bonus of {amount} at {where}",
                      SolActionDetail(_K.BONUS_TAKE, space=space, amount=amount))
    return Action(aid, f"Decline the bonus at {where}",
                  SolActionDetail(_K.BONUS_DECLINE, space=space, amount=amount))


@lru_cache(maxsize=_CACHE)
def keep(aid: int, suit: int) -> Action:
    """Keep one card of ``suit`` in the hold."""
    return Action(aid, f"Keep {Suit(suit).name.lower()}", SolActionDetail(_K.KEEP, suit=Suit(suit)))


@lru_cache(maxsize=_CACHE)
def effect_step(aid: int, effect: int, text: str, amount: int | None = None,
                space: int | None = None, seat: int | None = None, suit: int | None = None,
                station: int | None = None, to_space: int | None = None) -> Action:
    """A step of an effect's own (FUEL's points, ACCELERATE's distance, a target...)."""
    return Action(aid, text, SolActionDetail(
        _K.EFFECT_STEP, effect=Effect(effect), amount=amount, space=space, to_space=to_space,
        seat=seat,
        suit=None if suit is None else Suit(suit),
        station=None if station is None else Station(station)))


@lru_cache(maxsize=_CACHE)
def invade(aid: int, side: int, space: int, count: int) -> Action:
    """INVADE: take the station on ``space`` by sacrificing ``count`` sundivers there."""
    return Action(aid, f"Invade the station on {BOARDS[side].name(space)}", SolActionDetail(
        _K.CONVERSION, space=space, used_spaces=(space,) * count, effect=Effect.INVADE))
