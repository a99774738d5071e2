"""Engine values <-> protobuf messages, by field name, with no per-game code.

An engine describes its observations, action details and static data as dataclasses whose
field names are the field names of the game's messages in ``proto/arena/v1/<game>.proto``:
nested dataclasses become nested messages, sequences become repeated fields, dicts become
maps, ``enum.Enum`` members become the proto enum value ``<ENUM_NAME>_<MEMBER>`` (buf's
prefix rule), and None leaves a field unset (so a oneof is a group of optional fields). The
per-game message is found through the oneof field named after the game in ``Observation``,
``ActionDetail`` and ``StaticData``; a game with no such field is sent as JSON.

``decode`` goes back, from a message to the dataclass, guided by the dataclass's type hints:
a search bot that runs the engine in its own process rebuilds the engine's observation from
the message it was sent.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import operator
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, cast

from google.protobuf import message_factory
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

from arena.v1 import game_pb2


class CodecError(TypeError):
    """An engine value that does not fit its game's message (a bug in the game's schema)."""


def _upper_snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).upper()


def _enum_encoder(descriptor: EnumDescriptor) -> Callable[[Any], int]:
    prefix = _upper_snake(descriptor.name) + "_"
    numbers = {value.name: value.number for value in descriptor.values}
    known: dict[enum.Enum, int] = {}  # members seen before: one dict lookup per value

    def encode(value: Any) -> int:
        number = known.get(value) if isinstance(value, enum.Enum) else None
        if number is not None:
            return number
        if isinstance(value, enum.Enum):
            try:
                number = known[value] = numbers[prefix + value.name.upper()]
            except KeyError:
                raise CodecError(
                    f"{value!r} has no value {prefix + value.name.upper()} in {descriptor.name}"
                ) from None
            return number
        if isinstance(value, int):
            return value
        raise CodecError(f"{descriptor.name} field needs an Enum member, got {value!r}")

    return encode


_Plan = list[tuple[str, Callable[[Any], Any] | None, bool]]
_encoders: dict[tuple[type, str], Callable[[Any], Message]] = {}


def _value_encoder(field: FieldDescriptor) -> Callable[[Any], Any] | None:
    message_type = field.message_type
    if message_type is not None:
        def encode_message(value: Any) -> Message:
            return encode(value, message_type)
        return encode_message
    if field.enum_type is not None:
        return _enum_encoder(field.enum_type)
    return None


def _plan(cls: type, descriptor: Descriptor) -> _Plan:
    if not dataclasses.is_dataclass(cls):
        raise CodecError(f"{descriptor.name} needs a dataclass, got {cls.__name__}")
    names = {f.name for f in dataclasses.fields(cls)}
    wanted = set(descriptor.fields_by_name)
    if names != wanted:
        raise CodecError(
            f"{cls.__name__} does not match message {descriptor.full_name}: "
            f"missing in the dataclass {sorted(wanted - names)}, "
            f"missing in the message {sorted(names - wanted)}"
        )
    plan: _Plan = []
    for field in descriptor.fields:
        entry = field.message_type
        if entry is not None and entry.GetOptions().map_entry:
            value_field = entry.fields_by_name["value"]
            plan.append((field.name, _map_encoder(_value_encoder(value_field)), False))
        else:
            plan.append((field.name, _value_encoder(field), _is_repeated(field)))
    return plan


def _compile(cls: type, descriptor: Descriptor) -> Callable[[Any], Message]:
    """The encoder of one dataclass into one message (the hot path of every request).

    Every field is read at once, each value converted only where the message needs it. A
    frozen dataclass without repeated fields (an action's detail, one piece of a board) is
    encoded once per distinct value: such values recur from one decision to the next.
    """
    plan = tuple(_plan(cls, descriptor))
    message_class = message_factory.GetMessageClass(descriptor)
    names = [name for name, _, _ in plan]
    read_all = operator.attrgetter(*names) if len(names) > 1 else (
        lambda value: (getattr(value, names[0]),))

    def encode_value(value: Any) -> Message:
        kwargs: dict[str, Any] = {}
        for (name, convert, repeated), item in zip(plan, read_all(value), strict=True):
            if item is None:
                continue
            if convert is None:
                kwargs[name] = item
            elif repeated:
                kwargs[name] = [convert(x) for x in item]
            else:
                kwargs[name] = convert(item)
        return message_class(**kwargs)

    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or any(repeated for _, _, repeated in plan):
        return encode_value
    known: dict[Any, Message] = {}

    def encode_known(value: Any) -> Message:
        try:
            message = known.get(value)
        except TypeError:  # a field holds something unhashable
            return encode_value(value)
        if message is None:
            if len(known) >= _KNOWN_LIMIT:
                known.clear()
            message = known[value] = encode_value(value)
        return message  # callers only copy it into a parent message

    return encode_known


_KNOWN_LIMIT = 10_000


def _is_repeated(field: FieldDescriptor) -> bool:
    return bool(field.is_repeated)


def _map_encoder(inner: Callable[[Any], Any] | None) -> Callable[[Any], Any]:
    if inner is None:
        return dict
    return lambda value: {k: inner(v) for k, v in value.items()}


def encode(value: Any, descriptor: Descriptor) -> Message:
    """Build the message of ``descriptor`` from a dataclass with the same field names."""
    key = (type(value), descriptor.full_name)
    encoder = _encoders.get(key)
    if encoder is None:
        encoder = _encoders[key] = _compile(type(value), descriptor)
    return encoder(value)


def to_jsonable(value: Any) -> Any:
    """Plain JSON data from dataclasses, enums, tuples, sets and mappings."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [to_jsonable(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    return value


_wrappers: dict[tuple[type[Message], str], Callable[[Any], Message]] = {}


def _wrap(container: type[Message], game: str, value: Any) -> Message:
    if value is None:
        return container()
    wrapper = _wrappers.get((container, game))
    if wrapper is None:
        wrapper = _wrappers[container, game] = _wrapper(container, game)
    return wrapper(value)


def _wrapper(container: type[Message], game: str) -> Callable[[Any], Message]:
    field = container.DESCRIPTOR.fields_by_name.get(game)
    if field is None or field.containing_oneof is None or field.message_type is None:
        def as_json(value: Any) -> Message:
            text = json.dumps(to_jsonable(value), sort_keys=True, separators=(",", ":"))
            build: Any = container  # a Message subclass: its fields are keyword arguments
            return build(generic=game_pb2.GenericMessage(json=text))
        return as_json
    descriptor = cast(Descriptor, field.message_type)

    def typed(value: Any) -> Message:
        return container(**{game: encode(value, descriptor)})
    return typed


def observation(game: str, value: Any) -> game_pb2.Observation:
    """The wire form of an engine observation of ``game``."""
    return _wrap(game_pb2.Observation, game, value)  # type: ignore[return-value]


def action_detail(game: str, value: Any) -> game_pb2.ActionDetail:
    """The wire form of an action's typed detail."""
    return _wrap(game_pb2.ActionDetail, game, value)  # type: ignore[return-value]


def static_data(game: str, value: Any) -> game_pb2.StaticData:
    """The wire form of a game's static data."""
    return _wrap(game_pb2.StaticData, game, value)  # type: ignore[return-value]



# -- messages -> engine values ---------------------------------------------------------------

_decoders: dict[tuple[Any, str], Callable[[Any], Any]] = {}


def decode(message: Message, cls: type) -> Any:
    """The dataclass ``cls`` rebuilt from ``message`` (the inverse of ``encode``).

    Each field is converted by its type hint: nested dataclasses from nested messages,
    ``tuple[X, ...]``/``list``/``frozenset`` from repeated fields, ``dict`` from maps, enums
    from the proto enum value ``<ENUM_NAME>_<MEMBER>``; an unset field whose hint admits None
    gives None. CodecError when the message and the dataclass do not match.
    """
    return _decoder(cls, message.DESCRIPTOR)(message)


def observation_from_message(game: str, message: game_pb2.Observation, cls: type) -> Any:
    """The engine observation ``cls`` of ``game`` from the wire form ``observation`` sent."""
    inner = getattr(message, game, None)
    if inner is None or message.WhichOneof("game") != game:
        raise CodecError(f"the observation carries no {game!r} message")
    return decode(inner, cls)


def _decoder(hint: Any, descriptor: Any) -> Callable[[Any], Any]:
    key = (hint, descriptor.full_name if descriptor is not None else "")
    found = _decoders.get(key)
    if found is None:
        found = _decoders[key] = _compile_decoder(hint, descriptor)
    return found


def _compile_decoder(cls: Any, descriptor: Descriptor) -> Callable[[Any], Any]:
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise CodecError(f"{descriptor.name} decodes into a dataclass, got {cls!r}")
    hints = typing.get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    if names != set(descriptor.fields_by_name):
        raise CodecError(f"{cls.__name__} does not match message {descriptor.full_name}")
    plan = [(field.name, _field_decoder(hints[field.name], field)) for field in descriptor.fields]

    def decode_message(message: Any) -> Any:
        return cls(**{name: convert(message) for name, convert in plan})

    return decode_message


def _optional(hint: Any) -> tuple[Any, bool]:
    """``X | None`` -> (X, True); anything else -> (hint, False)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(hint)) == 2:
            return args[0], True
    return hint, False


def _field_decoder(hint: Any, field: FieldDescriptor) -> Callable[[Any], Any]:
    name = field.name
    inner_hint, optional = _optional(hint)
    entry = field.message_type
    if entry is not None and entry.GetOptions().map_entry:
        key_of = _value_decoder(typing.get_args(inner_hint)[0], entry.fields_by_name["key"])
        value_of = _value_decoder(typing.get_args(inner_hint)[1], entry.fields_by_name["value"])
        return lambda m: {key_of(k): value_of(v) for k, v in getattr(m, name).items()}
    if _is_repeated(field):
        origin = typing.get_origin(inner_hint) or tuple
        item_of = _value_decoder(typing.get_args(inner_hint)[0], field)
        collect = frozenset if origin in (frozenset, set) else list if origin is list else tuple
        return lambda m: collect(item_of(x) for x in getattr(m, name))
    convert = _value_decoder(inner_hint, field)
    if optional and field.has_presence:
        return lambda m: convert(getattr(m, name)) if m.HasField(name) else None
    return lambda m: convert(getattr(m, name))


def _value_decoder(hint: Any, field: FieldDescriptor) -> Callable[[Any], Any]:
    if field.message_type is not None:
        return _decoder(hint, field.message_type)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if field.enum_type is None:
            return cast(Callable[[Any], Any], hint)
        enum_type = field.enum_type
        prefix = _upper_snake(enum_type.name) + "_"
        by_number = {}
        for member in hint:
            value = enum_type.values_by_name.get(prefix + member.name.upper())
            if value is not None:
                by_number[value.number] = member

        def to_member(number: int) -> Any:
            try:
                return by_number[number]
            except KeyError:
                raise CodecError(f"{enum_type.name} value {number} has no member in "
                                 f"{hint.__name__}") from None
        return to_member
    if hint in (int, float, str, bool, bytes):
        return cast(Callable[[Any], Any], hint)
    return lambda value: value
