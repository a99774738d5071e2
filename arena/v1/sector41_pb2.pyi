from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class Sector41Observation(_message.Message):
    __slots__ = ("turn",)
    TURN_FIELD_NUMBER: _ClassVar[int]
    turn: int
    def __init__(self, turn: _Optional[int] = ...) -> None: ...

class Sector41ActionDetail(_message.Message):
    __slots__ = ("kind",)
    KIND_FIELD_NUMBER: _ClassVar[int]
    kind: str
    def __init__(self, kind: _Optional[str] = ...) -> None: ...

class Sector41StaticData(_message.Message):
    __slots__ = ("tile_count",)
    TILE_COUNT_FIELD_NUMBER: _ClassVar[int]
    tile_count: int
    def __init__(self, tile_count: _Optional[int] = ...) -> None: ...
