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
import struct
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, cast

from google.protobuf import message_factory
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

from arena.v1 import game_pb2
from engine import Kept

from ._frames import ONE_BYTE, length_field, varint, varint_field


class CodecError(TypeError):
    """An engine value that does not fit its game's message (a bug in the game's schema)."""


def _upper_snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).upper()


# -- engine values -> the wire ------------------------------------------------------------------
#
# One writer per (dataclass, message) pair puts the message's bytes together straight from the
# dataclass's fields, as protobuf serializes them (fields in number order, proto3's defaults
# left out, packed repeated scalars): no message object is built on the hot path of a request
# (building nested messages took twice the time of writing their bytes). ``encode`` parses
# those bytes into a message where one is wanted, so that there is one encoder of the schema.

_Writer = Callable[[Any], bytes]
_writers: dict[tuple[type, str], _Writer] = {}
_DOUBLE = struct.Struct("<d")
# Frozen values without repeated fields (an action's detail, a tableau card) recur from one
# decision to the next: their bytes are kept, up to this many per writer.
_KNOWN_LIMIT = 10_000
_NOTHING = object()  # no value written yet
_INT_KINDS = frozenset((FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_INT64,
                        FieldDescriptor.TYPE_UINT32, FieldDescriptor.TYPE_UINT64,
                        FieldDescriptor.TYPE_ENUM, FieldDescriptor.TYPE_BOOL))


def _key(field: FieldDescriptor, wire_type: int) -> bytes:
    return varint(field.number << 3 | wire_type)


def _enum_numbers(descriptor: EnumDescriptor) -> Callable[[Any], int]:
    """An enum field's number of a value: the member ``X`` of an ``enum.Enum`` is the proto
    value ``<ENUM_NAME>_X``; a plain int passes as it is."""
    return _enum_table(descriptor)[0]


def _enum_table(descriptor: EnumDescriptor) -> tuple[Callable[[Any], int], dict[int, int]]:
    """``_enum_numbers`` and the numbers it has found by the member's id (which generated
    writers look up inline, calling it only for a member not seen yet or an int)."""
    prefix = _upper_snake(descriptor.name) + "_"
    numbers = {value.name: value.number for value in descriptor.values}
    known: dict[int, int] = {}  # by the member's id: one dict lookup per value, no __hash__

    def number(value: Any) -> int:
        found = known.get(id(value))
        if found is not None:
            return found
        if isinstance(value, enum.Enum):
            try:
                found = known[id(value)] = numbers[prefix + value.name.upper()]
            except KeyError:
                raise CodecError(
                    f"{value!r} has no value {prefix + value.name.upper()} in {descriptor.name}"
                ) from None
            return found
        if isinstance(value, int):
            return value
        raise CodecError(f"{descriptor.name} field needs an Enum member, got {value!r}")

    return number, known


def _varints(values: Any) -> bytes:
    """A packed run of varints (in C, by table, for the usual small values)."""
    try:
        return b"".join(map(_SMALL_VARINTS.__getitem__, values))
    except KeyError:
        return b"".join([varint(int(v)) for v in values])


def _packed_field(tag: bytes) -> Callable[[Any], bytes]:
    """A packed repeated integer field, whole. Boards (81 tiles) and tableaux change little
    from one decision to the next: a run already written is looked up by its value (hashing a
    tuple of ints in C costs a fraction of writing it)."""
    known: dict[Any, bytes] = {}

    def write(values: Any) -> bytes:
        try:
            data = known.get(values)
        except TypeError:  # a list
            data = None
        if data is None:
            body = _varints(values)
            data = tag + varint(len(body)) + body
            if isinstance(values, tuple):
                if len(known) >= _KNOWN_LIMIT:
                    known.clear()
                known[values] = data
        return data

    return write


# The varints of the values that boards and tableaux hold (-1: none; card ids, cells): built
# at import (under 1 ms; up to 2**14 took 10 ms, for every command and bot that imports the
# codec).
_SMALL_VARINTS = {v: varint(v) for v in range(-16, 1 << 10)}


def _message_writer(descriptor: Descriptor) -> _Writer:
    """The writer of a message field, whatever dataclass its values are."""
    return _message_writers(descriptor)[0]


def _message_writers(descriptor: Descriptor) -> tuple[_Writer, dict[type, _Writer]]:
    """``_message_writer`` and the writers it has made by dataclass (which generated writers
    look up inline, calling it only for a dataclass not seen yet)."""
    name = descriptor.full_name
    by_type: dict[type, _Writer] = {}

    def write(value: Any) -> bytes:
        writer = by_type.get(value.__class__)
        if writer is None:
            writer = by_type[value.__class__] = _writer(value.__class__, descriptor)
        return writer(value)

    write.__qualname__ = f"write {name}"
    return write, by_type


# ``engine.Kept`` tuples whose bytes are kept by the tuple's identity, per field.
_TUPLES_KEPT = 256


def _kept_messages(tag: bytes, write_one: _Writer) -> _Writer:
    """A repeated message field of an ``engine.Kept`` tuple (one the engine hands again
    while its contents stay the same, as Race does each tableau's cards), whole: written
    once, its bytes kept with it by its identity, which stays its own while it is kept. The
    writers take any other sequence item by item (keeping every tuple cost Galaxies, Sector
    41 and Sol 4-8% more instructions an observation than it saved)."""
    kept: dict[int, tuple[Any, bytes]] = {}

    def write(values: Any) -> bytes:
        known = kept.get(id(values))
        if known is None:
            if len(kept) >= _TUPLES_KEPT:
                kept.clear()
            data = b"".join([tag + varint(len(b)) + b for b in map(write_one, values)])
            known = kept[id(values)] = (values, data)
        return known[1]

    return write


def _map_writer(field: FieldDescriptor) -> _Writer:
    """A map field's entries, each an entry message of ``key`` (1) and ``value`` (2)."""
    entry = cast(Descriptor, field.message_type)
    key_field, value_field = entry.fields_by_name["key"], entry.fields_by_name["value"]
    key_of, value_of = _single_writer(key_field), _single_writer(value_field)
    tag = _key(field, 2)

    def write(mapping: Any) -> bytes:
        out = []
        for k, v in mapping.items():
            body = key_of(k) + value_of(v)
            out.append(tag + varint(len(body)) + body)
        return b"".join(out)

    return write


def _single_writer(field: FieldDescriptor) -> _Writer:
    """A field of one value, written even at its default (a map entry's key or value)."""
    if field.message_type is not None:
        inner, tag = _message_writer(field.message_type), _key(field, 2)

        def message(value: Any) -> bytes:
            body = inner(value)
            return tag + varint(len(body)) + body
        return message
    if field.type == FieldDescriptor.TYPE_DOUBLE:
        tag = _key(field, 1)
        return lambda value: tag + _DOUBLE.pack(value)
    if field.type in (FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_BYTES):
        tag = _key(field, 2)

        def text(value: Any) -> bytes:
            data = value.encode() if isinstance(value, str) else bytes(value)
            return tag + varint(len(data)) + data
        return text
    tag = _key(field, 0)
    number = _enum_numbers(field.enum_type) if field.enum_type is not None else int
    return lambda value: tag + varint(number(value))


def _writer(cls: type, descriptor: Descriptor) -> _Writer:
    key = (cls, descriptor.full_name)
    writer = _writers.get(key)
    if writer is None:
        writer = _writers[key] = _compile_writer(cls, descriptor)
    return writer


def _compile_writer(cls: type, descriptor: Descriptor) -> _Writer:
    """Generate the writer of one dataclass as one message: a function of straight-line code
    with a line or two per field (the hot path of every request: calling a function per
    field cost a third more)."""
    if not dataclasses.is_dataclass(cls):
        raise CodecError(f"{descriptor.name} needs a dataclass, got {cls.__name__}")
    names = {f.name for f in dataclasses.fields(cls)}
    wanted = set(descriptor.fields_by_name)
    if names != wanted:
        raise CodecError(
            f"{cls.__name__} does not match message {descriptor.full_name}: "
            f"missing in the dataclass {sorted(wanted - names)}, "
            f"missing in the message {sorted(names - wanted)}")
    fields = sorted(descriptor.fields, key=lambda f: f.number)
    scope: dict[str, Any] = {"varint": varint, "ONE_BYTE": ONE_BYTE, "packed": _varints,
                             "SMALL": _SMALL_VARINTS, "KEPT": Kept,
                             "DOUBLE": _DOUBLE.pack, "CodecError": CodecError}
    lines: list[str] = []
    repeated_any = False
    for i, field in enumerate(fields):
        x, k = f"f{i}", f"K{i}"
        # A length-delimited field of tag K<i> and body ``b``, its length's varint inline.
        delimited = f"out.append({k} + (ONE_BYTE[n] if (n := len(b)) < 128 else varint(n)) + b)"
        presence = field.has_presence and not field.is_repeated
        test = f"{x} is not None" if presence else x
        repeated_any = repeated_any or field.is_repeated
        entry = field.message_type
        if entry is not None and entry.GetOptions().map_entry:
            scope[f"M{i}"] = _map_writer(field)
            lines.append(f"if {x}: out.append(M{i}({x}))")
        elif entry is not None:
            scope[k] = _key(field, 2)
            scope[f"W{i}"], scope[f"D{i}"] = _message_writers(entry)
            # The value's own writer if known (one call, not the dispatch's two).
            write_one = f"(D{i}.get(item.__class__) or W{i})(item)"
            if field.is_repeated:
                scope[f"R{i}"] = _kept_messages(scope[k], scope[f"W{i}"])
                lines.append(f"if {x}.__class__ is KEPT: out.append(R{i}({x}))\n"
                             f"else:\n"
                             f"    for item in {x}:\n        b = {write_one}; {delimited}")
            else:
                lines.append(f"if {x} is not None:\n    item = {x}; b = {write_one}; "
                             f"{delimited}")
        elif field.type in (FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_BYTES):
            scope[k] = _key(field, 2)
            as_bytes = "item.encode()" if field.type == FieldDescriptor.TYPE_STRING \
                else "bytes(item)"
            if field.is_repeated:
                lines.append(f"for item in {x}:\n    b = {as_bytes}; {delimited}")
            else:
                lines.append(f"if {test}:\n    item = {x}; b = {as_bytes}; {delimited}")
        elif field.type == FieldDescriptor.TYPE_DOUBLE:
            if field.is_repeated:
                scope[k] = _key(field, 2)
                lines.append(f"if {x}:\n    b = b''.join([DOUBLE(v) for v in {x}]); {delimited}")
            else:
                scope[k] = _key(field, 1)
                lines.append(f"if {test}: out.append({k} + DOUBLE({x}))")
        elif field.type in _INT_KINDS:
            enum_type = field.enum_type
            if enum_type is not None:
                scope[f"E{i}"], scope[f"N{i}"] = _enum_table(enum_type)
            if field.is_repeated:
                scope[k] = _key(field, 2)
                if enum_type is not None:
                    lines.append(f"if {x}:\n"
                                 f"    try: b = packed([N{i}[id(v)] for v in {x}])\n"
                                 f"    except KeyError: b = packed([E{i}(v) for v in {x}])\n"
                                 f"    {delimited}")
                else:
                    scope[f"P{i}"] = _packed_field(scope[k])
                    lines.append(f"if {x}: out.append(P{i}({x}))")
                continue
            # The field's tag and each one-byte value, together: one lookup.
            scope[k] = tag = _key(field, 0)
            scope[f"T{i}"] = [tag + byte for byte in ONE_BYTE]
            one = (f"out.append(T{i}[v] if -1 < v < 128 else {k} + "
                   f"(SMALL[v] if -17 < v < 1024 else varint(v)))")
            if enum_type is not None:
                lines.append(f"if {x} is not None:\n    v = N{i}.get(id({x}))\n"
                             f"    if v is None: v = E{i}({x})\n"
                             + (f"    {one}" if presence else f"    if v: {one}"))
            else:
                lines.append(f"if {test}:\n    v = {x}; {one}")
        else:
            raise CodecError(f"{descriptor.full_name}.{field.name}: field type {field.type} "
                             f"is not supported by the codec")
    if fields:
        scope["read_all"] = operator.attrgetter(*(field.name for field in fields))
        unpack = ", ".join(f"f{i}" for i in range(len(fields)))
        read = f"    {unpack} = read_all(value)\n" if len(fields) > 1 \
            else "    f0 = read_all(value)\n"
    else:
        read = ""
    body = "".join("        " + line.replace("\n", "\n        ") + "\n" for line in lines)
    source = (f"def write(value):\n{read}"
              f"    out = []\n"
              f"    try:\n{body or '        pass'}\n"
              f"    except (TypeError, ValueError, AttributeError, IndexError) as error:\n"
              f"        raise CodecError(f'{cls.__name__} as {descriptor.full_name}: "
              f"{{error}}') from error\n"
              f"    return b''.join(out)\n")
    exec(source, scope)  # noqa: S102 - code made here from the message's descriptor
    write: _Writer = scope["write"]
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or repeated_any:
        return write
    known: dict[Any, bytes] = {}
    # The value written last, by identity, and its bytes: an engine that hands the same
    # object again (Race's PowerRefs) is answered without hashing it (a dataclass's __hash__
    # is a Python call).
    last: list[Any] = [_NOTHING, b""]

    def write_known(value: Any) -> bytes:
        if value is last[0]:
            return last[1]
        try:
            data = known.get(value)
        except TypeError:  # a field holds something unhashable
            return write(value)
        if data is None:
            if len(known) >= _KNOWN_LIMIT:
                known.clear()
            data = known[value] = write(value)
        last[0], last[1] = value, data
        return data

    return write_known


def encode_bytes(value: Any, descriptor: Descriptor) -> bytes:
    """The serialized message of ``descriptor`` from a dataclass with the same field names
    (the bytes protobuf's own serializer writes for the same message)."""
    return _writer(type(value), descriptor)(value)


def encode(value: Any, descriptor: Descriptor) -> Message:
    """Build the message of ``descriptor`` from a dataclass with the same field names."""
    return message_factory.GetMessageClass(descriptor).FromString(encode_bytes(value, descriptor))


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


_wrappers: dict[tuple[type[Message], str], _Writer] = {}


def _wrap(container: type[Message], game: str, value: Any) -> bytes:
    """The bytes of ``container`` (Observation, ActionDetail, StaticData) holding ``value``
    in its field named after the game (none if ``value`` is None)."""
    if value is None:
        return b""
    wrapper = _wrappers.get((container, game))
    if wrapper is None:
        wrapper = _wrappers[container, game] = _wrapper(container, game)
    return wrapper(value)


def _wrapper(container: type[Message], game: str) -> _Writer:
    field = container.DESCRIPTOR.fields_by_name.get(game)
    if field is None or field.containing_oneof is None or field.message_type is None:
        def as_json(value: Any) -> bytes:
            text = json.dumps(to_jsonable(value), sort_keys=True, separators=(",", ":"))
            build: Any = container  # a Message subclass: its fields are keyword arguments
            return bytes(build(generic=game_pb2.GenericMessage(json=text)).SerializeToString())
        return as_json
    write = _message_writer(cast(Descriptor, field.message_type))
    tag = _key(cast(FieldDescriptor, field), 2)

    def typed(value: Any) -> bytes:
        body = write(value)
        return tag + varint(len(body)) + body
    return typed


def observation_bytes(game: str, value: Any) -> bytes:
    """An engine observation of ``game`` as a serialized ``Observation`` (what a request
    carries; no message built)."""
    return _wrap(game_pb2.Observation, game, value)


def observation_writer(game: str) -> _Writer:
    """``observation_bytes`` of ``game`` as one function of an observation that is not None
    (for a caller that writes many: two calls fewer each)."""
    wrapper = _wrappers.get((game_pb2.Observation, game))
    if wrapper is None:
        wrapper = _wrappers[game_pb2.Observation, game] = _wrapper(game_pb2.Observation, game)
    return wrapper


def observation(game: str, value: Any) -> game_pb2.Observation:
    """The wire form of an engine observation of ``game``."""
    return game_pb2.Observation.FromString(_wrap(game_pb2.Observation, game, value))


def action_bytes(game: str, action: Any) -> bytes:
    """An engine ``Action`` as a serialized ``Action`` message (id, text, typed detail)."""
    text = action.text.encode()
    detail = _wrap(game_pb2.ActionDetail, game, action.detail)
    return b"".join((
        varint_field(1, action.id), length_field(2, text) if text else b"",
        length_field(3, detail) if detail else b""))


def action_detail(game: str, value: Any) -> game_pb2.ActionDetail:
    """The wire form of an action's typed detail."""
    return game_pb2.ActionDetail.FromString(_wrap(game_pb2.ActionDetail, game, value))


def static_data(game: str, value: Any) -> game_pb2.StaticData:
    """The wire form of a game's static data."""
    return game_pb2.StaticData.FromString(_wrap(game_pb2.StaticData, game, value))


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
    if field.is_repeated:
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
