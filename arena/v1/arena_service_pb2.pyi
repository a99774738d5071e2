from arena.v1 import game_pb2 as _game_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PlayRequest(_message.Message):
    __slots__ = ("hello", "move", "resign")
    HELLO_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    RESIGN_FIELD_NUMBER: _ClassVar[int]
    hello: Hello
    move: Move
    resign: Resign
    def __init__(self, hello: _Optional[_Union[Hello, _Mapping]] = ..., move: _Optional[_Union[Move, _Mapping]] = ..., resign: _Optional[_Union[Resign, _Mapping]] = ...) -> None: ...

class PlayResponse(_message.Message):
    __slots__ = ("welcome", "match_started", "decision_request", "match_ended", "error", "session_ended")
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    MATCH_STARTED_FIELD_NUMBER: _ClassVar[int]
    DECISION_REQUEST_FIELD_NUMBER: _ClassVar[int]
    MATCH_ENDED_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    SESSION_ENDED_FIELD_NUMBER: _ClassVar[int]
    welcome: Welcome
    match_started: MatchStarted
    decision_request: DecisionRequest
    match_ended: MatchEnded
    error: ProtocolError
    session_ended: SessionEnded
    def __init__(self, welcome: _Optional[_Union[Welcome, _Mapping]] = ..., match_started: _Optional[_Union[MatchStarted, _Mapping]] = ..., decision_request: _Optional[_Union[DecisionRequest, _Mapping]] = ..., match_ended: _Optional[_Union[MatchEnded, _Mapping]] = ..., error: _Optional[_Union[ProtocolError, _Mapping]] = ..., session_ended: _Optional[_Union[SessionEnded, _Mapping]] = ...) -> None: ...

class SessionEnded(_message.Message):
    __slots__ = ("reason",)
    REASON_FIELD_NUMBER: _ClassVar[int]
    reason: str
    def __init__(self, reason: _Optional[str] = ...) -> None: ...

class Hello(_message.Message):
    __slots__ = ("bot_name", "token", "protocol_version", "games", "max_concurrent_matches", "max_matches", "version")
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    MAX_CONCURRENT_MATCHES_FIELD_NUMBER: _ClassVar[int]
    MAX_MATCHES_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    bot_name: str
    token: str
    protocol_version: int
    games: _containers.RepeatedScalarFieldContainer[str]
    max_concurrent_matches: int
    max_matches: int
    version: str
    def __init__(self, bot_name: _Optional[str] = ..., token: _Optional[str] = ..., protocol_version: _Optional[int] = ..., games: _Optional[_Iterable[str]] = ..., max_concurrent_matches: _Optional[int] = ..., max_matches: _Optional[int] = ..., version: _Optional[str] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ("bot_name", "protocol_version", "server_version")
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    SERVER_VERSION_FIELD_NUMBER: _ClassVar[int]
    bot_name: str
    protocol_version: int
    server_version: str
    def __init__(self, bot_name: _Optional[str] = ..., protocol_version: _Optional[int] = ..., server_version: _Optional[str] = ...) -> None: ...

class Seat(_message.Message):
    __slots__ = ("seat", "bot_name")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    seat: int
    bot_name: str
    def __init__(self, seat: _Optional[int] = ..., bot_name: _Optional[str] = ...) -> None: ...

class MatchStarted(_message.Message):
    __slots__ = ("match_id", "game", "options", "seats", "your_seat", "time_control", "static_data", "bot_seed")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    YOUR_SEAT_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    STATIC_DATA_FIELD_NUMBER: _ClassVar[int]
    BOT_SEED_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    options: _containers.ScalarMap[str, str]
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    your_seat: int
    time_control: _game_pb2.TimeControl
    static_data: _game_pb2.StaticData
    bot_seed: int
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ..., your_seat: _Optional[int] = ..., time_control: _Optional[_Union[_game_pb2.TimeControl, _Mapping]] = ..., static_data: _Optional[_Union[_game_pb2.StaticData, _Mapping]] = ..., bot_seed: _Optional[int] = ...) -> None: ...

class DecisionRequest(_message.Message):
    __slots__ = ("match_id", "decision_id", "seat", "prompt", "kind", "observation", "legal", "time_left_ms", "events")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    DECISION_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    TIME_LEFT_MS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    decision_id: int
    seat: int
    prompt: str
    kind: str
    observation: _game_pb2.Observation
    legal: _containers.RepeatedCompositeFieldContainer[_game_pb2.Action]
    time_left_ms: int
    events: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, match_id: _Optional[str] = ..., decision_id: _Optional[int] = ..., seat: _Optional[int] = ..., prompt: _Optional[str] = ..., kind: _Optional[str] = ..., observation: _Optional[_Union[_game_pb2.Observation, _Mapping]] = ..., legal: _Optional[_Iterable[_Union[_game_pb2.Action, _Mapping]]] = ..., time_left_ms: _Optional[int] = ..., events: _Optional[_Iterable[str]] = ...) -> None: ...

class Move(_message.Message):
    __slots__ = ("match_id", "decision_id", "action_id")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    DECISION_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    decision_id: int
    action_id: int
    def __init__(self, match_id: _Optional[str] = ..., decision_id: _Optional[int] = ..., action_id: _Optional[int] = ...) -> None: ...

class Resign(_message.Message):
    __slots__ = ("match_id", "failure")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    FAILURE_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    failure: str
    def __init__(self, match_id: _Optional[str] = ..., failure: _Optional[str] = ...) -> None: ...

class MatchEnded(_message.Message):
    __slots__ = ("match_id", "result", "your_seat")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    YOUR_SEAT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    result: _game_pb2.MatchResult
    your_seat: int
    def __init__(self, match_id: _Optional[str] = ..., result: _Optional[_Union[_game_pb2.MatchResult, _Mapping]] = ..., your_seat: _Optional[int] = ...) -> None: ...

class ProtocolError(_message.Message):
    __slots__ = ("code", "message", "match_id", "decision_id")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    DECISION_ID_FIELD_NUMBER: _ClassVar[int]
    code: int
    message: str
    match_id: str
    decision_id: int
    def __init__(self, code: _Optional[int] = ..., message: _Optional[str] = ..., match_id: _Optional[str] = ..., decision_id: _Optional[int] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GameOption(_message.Message):
    __slots__ = ("name", "default_value", "description", "accepted")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    name: str
    default_value: str
    description: str
    accepted: str
    def __init__(self, name: _Optional[str] = ..., default_value: _Optional[str] = ..., description: _Optional[str] = ..., accepted: _Optional[str] = ...) -> None: ...

class GameDescription(_message.Message):
    __slots__ = ("name", "title", "min_players", "max_players", "options", "simultaneous", "static_data")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SIMULTANEOUS_FIELD_NUMBER: _ClassVar[int]
    STATIC_DATA_FIELD_NUMBER: _ClassVar[int]
    name: str
    title: str
    min_players: int
    max_players: int
    options: _containers.RepeatedCompositeFieldContainer[GameOption]
    simultaneous: bool
    static_data: _game_pb2.StaticData
    def __init__(self, name: _Optional[str] = ..., title: _Optional[str] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., options: _Optional[_Iterable[_Union[GameOption, _Mapping]]] = ..., simultaneous: _Optional[bool] = ..., static_data: _Optional[_Union[_game_pb2.StaticData, _Mapping]] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameDescription]
    def __init__(self, games: _Optional[_Iterable[_Union[GameDescription, _Mapping]]] = ...) -> None: ...

class GetStandingsRequest(_message.Message):
    __slots__ = ("game", "tournament_id")
    GAME_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    game: str
    tournament_id: str
    def __init__(self, game: _Optional[str] = ..., tournament_id: _Optional[str] = ...) -> None: ...

class Standing(_message.Message):
    __slots__ = ("rank", "bot_name", "elo", "elo_low", "elo_high", "matches", "score", "timeouts", "crashes", "illegal_moves", "mu", "sigma", "ordinal", "version")
    RANK_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    ELO_FIELD_NUMBER: _ClassVar[int]
    ELO_LOW_FIELD_NUMBER: _ClassVar[int]
    ELO_HIGH_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    CRASHES_FIELD_NUMBER: _ClassVar[int]
    ILLEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    ORDINAL_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    rank: int
    bot_name: str
    elo: float
    elo_low: float
    elo_high: float
    matches: int
    score: float
    timeouts: int
    crashes: int
    illegal_moves: int
    mu: float
    sigma: float
    ordinal: float
    version: str
    def __init__(self, rank: _Optional[int] = ..., bot_name: _Optional[str] = ..., elo: _Optional[float] = ..., elo_low: _Optional[float] = ..., elo_high: _Optional[float] = ..., matches: _Optional[int] = ..., score: _Optional[float] = ..., timeouts: _Optional[int] = ..., crashes: _Optional[int] = ..., illegal_moves: _Optional[int] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., ordinal: _Optional[float] = ..., version: _Optional[str] = ...) -> None: ...

class GetStandingsResponse(_message.Message):
    __slots__ = ("standings",)
    STANDINGS_FIELD_NUMBER: _ClassVar[int]
    standings: _containers.RepeatedCompositeFieldContainer[Standing]
    def __init__(self, standings: _Optional[_Iterable[_Union[Standing, _Mapping]]] = ...) -> None: ...

class GetMatchRequest(_message.Message):
    __slots__ = ("match_id",)
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    def __init__(self, match_id: _Optional[str] = ...) -> None: ...

class SeatAction(_message.Message):
    __slots__ = ("seat", "action_id", "time_used_ms", "defaulted")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_USED_MS_FIELD_NUMBER: _ClassVar[int]
    DEFAULTED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    action_id: int
    time_used_ms: float
    defaulted: bool
    def __init__(self, seat: _Optional[int] = ..., action_id: _Optional[int] = ..., time_used_ms: _Optional[float] = ..., defaulted: _Optional[bool] = ...) -> None: ...

class Step(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedCompositeFieldContainer[SeatAction]
    def __init__(self, actions: _Optional[_Iterable[_Union[SeatAction, _Mapping]]] = ...) -> None: ...

class MatchRecord(_message.Message):
    __slots__ = ("match_id", "tournament_id", "game", "options", "seed", "seats", "steps", "result", "started_at", "ended_at")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    TOURNAMENT_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    STARTED_AT_FIELD_NUMBER: _ClassVar[int]
    ENDED_AT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    tournament_id: str
    game: str
    options: _containers.ScalarMap[str, str]
    seed: int
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    steps: _containers.RepeatedCompositeFieldContainer[Step]
    result: _game_pb2.MatchResult
    started_at: float
    ended_at: float
    def __init__(self, match_id: _Optional[str] = ..., tournament_id: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Mapping[str, str]] = ..., seed: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ..., steps: _Optional[_Iterable[_Union[Step, _Mapping]]] = ..., result: _Optional[_Union[_game_pb2.MatchResult, _Mapping]] = ..., started_at: _Optional[float] = ..., ended_at: _Optional[float] = ...) -> None: ...

class GetMatchResponse(_message.Message):
    __slots__ = ("match",)
    MATCH_FIELD_NUMBER: _ClassVar[int]
    match: MatchRecord
    def __init__(self, match: _Optional[_Union[MatchRecord, _Mapping]] = ...) -> None: ...

class ListMatchesRequest(_message.Message):
    __slots__ = ("game", "limit", "live")
    GAME_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    LIVE_FIELD_NUMBER: _ClassVar[int]
    game: str
    limit: int
    live: bool
    def __init__(self, game: _Optional[str] = ..., limit: _Optional[int] = ..., live: _Optional[bool] = ...) -> None: ...

class MatchSummary(_message.Message):
    __slots__ = ("match_id", "game", "seats", "result")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    result: _game_pb2.MatchResult
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ..., result: _Optional[_Union[_game_pb2.MatchResult, _Mapping]] = ...) -> None: ...

class ListMatchesResponse(_message.Message):
    __slots__ = ("matches",)
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[MatchSummary]
    def __init__(self, matches: _Optional[_Iterable[_Union[MatchSummary, _Mapping]]] = ...) -> None: ...

class WatchMatchRequest(_message.Message):
    __slots__ = ("match_id",)
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    def __init__(self, match_id: _Optional[str] = ...) -> None: ...

class SpectatorUpdate(_message.Message):
    __slots__ = ("step", "observation", "events")
    STEP_FIELD_NUMBER: _ClassVar[int]
    OBSERVATION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    step: int
    observation: _game_pb2.Observation
    events: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, step: _Optional[int] = ..., observation: _Optional[_Union[_game_pb2.Observation, _Mapping]] = ..., events: _Optional[_Iterable[str]] = ...) -> None: ...

class WatchMatchResponse(_message.Message):
    __slots__ = ("match_started", "update", "match_ended")
    MATCH_STARTED_FIELD_NUMBER: _ClassVar[int]
    UPDATE_FIELD_NUMBER: _ClassVar[int]
    MATCH_ENDED_FIELD_NUMBER: _ClassVar[int]
    match_started: MatchStarted
    update: SpectatorUpdate
    match_ended: MatchEnded
    def __init__(self, match_started: _Optional[_Union[MatchStarted, _Mapping]] = ..., update: _Optional[_Union[SpectatorUpdate, _Mapping]] = ..., match_ended: _Optional[_Union[MatchEnded, _Mapping]] = ...) -> None: ...

class ListBotsRequest(_message.Message):
    __slots__ = ("bot_name", "token")
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    bot_name: str
    token: str
    def __init__(self, bot_name: _Optional[str] = ..., token: _Optional[str] = ...) -> None: ...

class BotStatus(_message.Message):
    __slots__ = ("bot_name", "connections", "games", "active_matches", "consecutive_faults", "paused_seconds", "pause_reason")
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    CONNECTIONS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_MATCHES_FIELD_NUMBER: _ClassVar[int]
    CONSECUTIVE_FAULTS_FIELD_NUMBER: _ClassVar[int]
    PAUSED_SECONDS_FIELD_NUMBER: _ClassVar[int]
    PAUSE_REASON_FIELD_NUMBER: _ClassVar[int]
    bot_name: str
    connections: int
    games: _containers.RepeatedScalarFieldContainer[str]
    active_matches: int
    consecutive_faults: int
    paused_seconds: float
    pause_reason: str
    def __init__(self, bot_name: _Optional[str] = ..., connections: _Optional[int] = ..., games: _Optional[_Iterable[str]] = ..., active_matches: _Optional[int] = ..., consecutive_faults: _Optional[int] = ..., paused_seconds: _Optional[float] = ..., pause_reason: _Optional[str] = ...) -> None: ...

class ListBotsResponse(_message.Message):
    __slots__ = ("bots",)
    BOTS_FIELD_NUMBER: _ClassVar[int]
    bots: _containers.RepeatedCompositeFieldContainer[BotStatus]
    def __init__(self, bots: _Optional[_Iterable[_Union[BotStatus, _Mapping]]] = ...) -> None: ...
