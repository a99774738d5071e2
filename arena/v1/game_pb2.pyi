from arena.v1 import galaxies_pb2 as _galaxies_pb2
from arena.v1 import race_pb2 as _race_pb2
from arena.v1 import sector41_pb2 as _sector41_pb2
from arena.v1 import sol_pb2 as _sol_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Termination(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TERMINATION_UNSPECIFIED: _ClassVar[Termination]
    TERMINATION_NORMAL: _ClassVar[Termination]
    TERMINATION_TURN_LIMIT: _ClassVar[Termination]
    TERMINATION_TIMEOUT: _ClassVar[Termination]
    TERMINATION_ILLEGAL_ACTION: _ClassVar[Termination]
    TERMINATION_MALFORMED: _ClassVar[Termination]
    TERMINATION_CRASH: _ClassVar[Termination]
    TERMINATION_DISCONNECT: _ClassVar[Termination]
    TERMINATION_RESIGN: _ClassVar[Termination]
    TERMINATION_ABORTED: _ClassVar[Termination]
TERMINATION_UNSPECIFIED: Termination
TERMINATION_NORMAL: Termination
TERMINATION_TURN_LIMIT: Termination
TERMINATION_TIMEOUT: Termination
TERMINATION_ILLEGAL_ACTION: Termination
TERMINATION_MALFORMED: Termination
TERMINATION_CRASH: Termination
TERMINATION_DISCONNECT: Termination
TERMINATION_RESIGN: Termination
TERMINATION_ABORTED: Termination

class Observation(_message.Message):
    __slots__ = ("sector41", "race", "sol", "galaxies", "generic")
    SECTOR41_FIELD_NUMBER: _ClassVar[int]
    RACE_FIELD_NUMBER: _ClassVar[int]
    SOL_FIELD_NUMBER: _ClassVar[int]
    GALAXIES_FIELD_NUMBER: _ClassVar[int]
    GENERIC_FIELD_NUMBER: _ClassVar[int]
    sector41: _sector41_pb2.Sector41Observation
    race: _race_pb2.RaceObservation
    sol: _sol_pb2.SolObservation
    galaxies: _galaxies_pb2.GalaxiesObservation
    generic: GenericMessage
    def __init__(self, sector41: _Optional[_Union[_sector41_pb2.Sector41Observation, _Mapping]] = ..., race: _Optional[_Union[_race_pb2.RaceObservation, _Mapping]] = ..., sol: _Optional[_Union[_sol_pb2.SolObservation, _Mapping]] = ..., galaxies: _Optional[_Union[_galaxies_pb2.GalaxiesObservation, _Mapping]] = ..., generic: _Optional[_Union[GenericMessage, _Mapping]] = ...) -> None: ...

class ActionDetail(_message.Message):
    __slots__ = ("sector41", "race", "sol", "galaxies", "generic")
    SECTOR41_FIELD_NUMBER: _ClassVar[int]
    RACE_FIELD_NUMBER: _ClassVar[int]
    SOL_FIELD_NUMBER: _ClassVar[int]
    GALAXIES_FIELD_NUMBER: _ClassVar[int]
    GENERIC_FIELD_NUMBER: _ClassVar[int]
    sector41: _sector41_pb2.Sector41ActionDetail
    race: _race_pb2.RaceActionDetail
    sol: _sol_pb2.SolActionDetail
    galaxies: _galaxies_pb2.GalaxiesActionDetail
    generic: GenericMessage
    def __init__(self, sector41: _Optional[_Union[_sector41_pb2.Sector41ActionDetail, _Mapping]] = ..., race: _Optional[_Union[_race_pb2.RaceActionDetail, _Mapping]] = ..., sol: _Optional[_Union[_sol_pb2.SolActionDetail, _Mapping]] = ..., galaxies: _Optional[_Union[_galaxies_pb2.GalaxiesActionDetail, _Mapping]] = ..., generic: _Optional[_Union[GenericMessage, _Mapping]] = ...) -> None: ...

class StaticData(_message.Message):
    __slots__ = ("sector41", "race", "sol", "galaxies", "generic")
    SECTOR41_FIELD_NUMBER: _ClassVar[int]
    RACE_FIELD_NUMBER: _ClassVar[int]
    SOL_FIELD_NUMBER: _ClassVar[int]
    GALAXIES_FIELD_NUMBER: _ClassVar[int]
    GENERIC_FIELD_NUMBER: _ClassVar[int]
    sector41: _sector41_pb2.Sector41StaticData
    race: _race_pb2.RaceStaticData
    sol: _sol_pb2.SolStaticData
    galaxies: _galaxies_pb2.GalaxiesStaticData
    generic: GenericMessage
    def __init__(self, sector41: _Optional[_Union[_sector41_pb2.Sector41StaticData, _Mapping]] = ..., race: _Optional[_Union[_race_pb2.RaceStaticData, _Mapping]] = ..., sol: _Optional[_Union[_sol_pb2.SolStaticData, _Mapping]] = ..., galaxies: _Optional[_Union[_galaxies_pb2.GalaxiesStaticData, _Mapping]] = ..., generic: _Optional[_Union[GenericMessage, _Mapping]] = ...) -> None: ...

class GenericMessage(_message.Message):
    __slots__ = ("json",)
    JSON_FIELD_NUMBER: _ClassVar[int]
    json: str
    def __init__(self, json: _Optional[str] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("id", "text", "detail")
    ID_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    id: int
    text: str
    detail: ActionDetail
    def __init__(self, id: _Optional[int] = ..., text: _Optional[str] = ..., detail: _Optional[_Union[ActionDetail, _Mapping]] = ...) -> None: ...

class MatchResult(_message.Message):
    __slots__ = ("scores", "ranks", "termination", "reason", "forfeited_seats")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    TERMINATION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_SEATS_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[float]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    termination: Termination
    reason: str
    forfeited_seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, scores: _Optional[_Iterable[float]] = ..., ranks: _Optional[_Iterable[int]] = ..., termination: _Optional[_Union[Termination, str]] = ..., reason: _Optional[str] = ..., forfeited_seats: _Optional[_Iterable[int]] = ...) -> None: ...

class TimeControl(_message.Message):
    __slots__ = ("move_time_ms", "base_ms", "increment_ms", "margin_ms", "first_move_extra_ms")
    MOVE_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    BASE_MS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    MARGIN_MS_FIELD_NUMBER: _ClassVar[int]
    FIRST_MOVE_EXTRA_MS_FIELD_NUMBER: _ClassVar[int]
    move_time_ms: int
    base_ms: int
    increment_ms: int
    margin_ms: int
    first_move_extra_ms: int
    def __init__(self, move_time_ms: _Optional[int] = ..., base_ms: _Optional[int] = ..., increment_ms: _Optional[int] = ..., margin_ms: _Optional[int] = ..., first_move_extra_ms: _Optional[int] = ...) -> None: ...
