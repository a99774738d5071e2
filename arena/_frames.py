"""Framing of ``arena.v1`` messages on a byte stream (a launched bot's stdin and stdout).

Two forms, told apart by the first byte a bot writes (see ``PlayResponse`` in the proto):
binary, each message preceded by its length as a protobuf varint (protobuf's own delimited
form, which every protobuf library reads and writes), and JSON lines, one message per line
in protobuf's canonical JSON mapping, for a bot in a language without protobuf. Both sides of
the pipe use this module: the arena (``arena._pipes``) and the Python SDK (``bots._stdio``).
"""

from __future__ import annotations

from typing import Generic, TypeVar

from google.protobuf.message import DecodeError, Message

BINARY = "binary"
JSON = "json"
MAX_FRAME_BYTES = 1 << 20  # as the gRPC server's message limit

M = TypeVar("M", bound=Message)


class FrameError(ValueError):
    """The stream cannot be read on: a frame over the limit, or a broken length."""


def encode(message: Message, form: str) -> bytes:
    """One framed message."""
    if form == JSON:
        # Imported by the JSON form only: a bot on binary frames starts 10M instructions
        # sooner (about 3% of a Python bot's start) without it.
        from google.protobuf import json_format

        text = json_format.MessageToJson(message, indent=None,
                                         always_print_fields_with_no_presence=True)
        return text.encode() + b"\n"
    return delimit(message.SerializeToString())


def delimit(body: bytes) -> bytes:
    """``body`` preceded by its length as a varint (a binary frame)."""
    return varint(len(body)) + body


def varint(value: int) -> bytes:
    """``value`` as a protobuf varint (a negative one in ten bytes, as int32 and int64 are)."""
    if 0 <= value < 0x80:  # most lengths and ids: one byte
        return ONE_BYTE[value]
    if 0 < value < 0x4000:  # an observation's length, a time in ms: two bytes, no loop
        return bytes((value & 0x7F | 0x80, value >> 7))
    value &= (1 << 64) - 1
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


ONE_BYTE = [bytes((i,)) for i in range(0x80)]  # the varints of 0-127


def length_field(number: int, payload: bytes) -> bytes:
    """A length-delimited field (a string, bytes or a message) as protobuf writes it: the
    wire form is the same whether a message is serialized whole or put together from such
    pieces (a bot cannot tell; tests compare the bytes)."""
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def varint_field(number: int, value: int) -> bytes:
    """An unsigned integer field (proto3 leaves a zero out)."""
    return varint(number << 3) + varint(value) if value else b""


def form_of(start: bytes) -> str | None:
    """The form a stream is in from its first two bytes (None: too few to tell)."""
    if not start:
        return None
    if start[:1] != b"{":
        return BINARY
    if len(start) < 2:
        return None
    # A binary frame of 123 bytes starts with "{" too; a JSON line never breaks after "{".
    return BINARY if start[1:2] == b"\n" else JSON


class Decoder(Generic[M]):
    """Splits a byte stream into messages of one type, whichever form it is in.

    ``feed`` returns the messages completed by the bytes given, with None for a frame that is
    not a valid message (the sender's fault, but the stream can go on); FrameError when the
    stream cannot (a frame announced or grown past ``limit`` bytes, or a length that is no
    varint). ``form`` is known once the first bytes have arrived.
    """

    def __init__(self, message_type: type[M], form: str | None = None,
                 limit: int = MAX_FRAME_BYTES) -> None:
        self.message_type = message_type
        self.form = form
        self.limit = limit
        self._buffer = bytearray()

    def feed(self, data: bytes | bytearray) -> list[M | None]:
        """The messages that ``data`` completes."""
        buffer = self._buffer
        if (not buffer and self.form == BINARY and data and data[0] < 0x80
                and data[0] + 1 == len(data) and data[0] <= self.limit):
            # One whole frame of under 128 bytes, as a move comes (most reads): parsed as it
            # is, without the buffer and the length's loop.
            try:
                return [self.message_type.FromString(bytes(data[1:]))]
            except DecodeError:
                return [None]
        buffer += data
        if self.form is None:
            self.form = form_of(bytes(buffer[:2]))
            if self.form is None:
                return []
        return self._lines() if self.form == JSON else self._frames()

    def _frames(self) -> list[M | None]:
        buffer, start = self._buffer, 0
        out: list[M | None] = []
        end = len(buffer)
        parse = self.message_type.FromString
        while start < end:
            length = shift = 0
            at = start
            while True:
                if at == end:
                    del buffer[:start]
                    return out
                byte = buffer[at]
                at += 1
                length |= (byte & 0x7F) << shift
                if byte < 0x80:
                    break
                shift += 7
                if shift > 28:
                    raise FrameError("a frame's length is not a varint of at most 4 bytes")
            if length > self.limit:
                raise FrameError(f"a frame of {length} bytes; at most {self.limit} are accepted")
            if at + length > end:
                break
            try:
                out.append(parse(bytes(buffer[at:at + length])))
            except DecodeError:
                out.append(None)
            start = at + length
        del buffer[:start]
        return out

    def _lines(self) -> list[M | None]:
        from google.protobuf import json_format  # see ``encode``

        buffer = self._buffer
        out: list[M | None] = []
        while (newline := buffer.find(b"\n")) >= 0:
            line = bytes(buffer[:newline])
            del buffer[:newline + 1]
            if not line.strip():
                continue
            try:
                out.append(json_format.Parse(line, self.message_type()))
            except (json_format.ParseError, UnicodeDecodeError, ValueError):
                out.append(None)
        if len(buffer) > self.limit:
            raise FrameError(f"a line of over {self.limit} bytes; at most {self.limit} are "
                             f"accepted")
        return out
