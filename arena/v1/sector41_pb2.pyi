from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Sector41Direction(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SECTOR41_DIRECTION_UNSPECIFIED: _ClassVar[Sector41Direction]
    SECTOR41_DIRECTION_N: _ClassVar[Sector41Direction]
    SECTOR41_DIRECTION_NE: _ClassVar[Sector41Direction]
    SECTOR41_DIRECTION_E: _ClassVar[Sector41Direction]
    SECTOR41_DIRECTION_SE: _ClassVar[Sector41Direction]
    SECTOR41_DIRECTION_S: _ClassVar[Sector41Direction]
    SECTOR41_DIRECTION_SW: _ClassVar[Sector41Direction]
    SECTOR41_DIRECTION_W: _ClassVar[Sector41Direction]
    SECTOR41_DIRECTION_NW: _ClassVar[Sector41Direction]

class Sector41TileKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SECTOR41_TILE_KIND_UNSPECIFIED: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_ALIEN_ARTIFACT: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_ASTEROID_BELT: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_BARREN_PLANET: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_BLACK_HOLE: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_GLYNIUM_PLANET: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_ION_STORM: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_MOTHER_SHIP_BEACON: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_NEBULA: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_PULSAR: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_REMOTE_VIEWPORT: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_SALVAGE_EXPLORER: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_SOLAR_FLARE: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_SOLAR_TEMPEST: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_SOLAR_WIND: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_SPACE_RIFT: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_SPACIAL_DISTORTION: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_STARBASE: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_STAR_GATE: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_SUPER_NOVA: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_TEMPORAL_ANOMALY: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_VORTEX: _ClassVar[Sector41TileKind]
    SECTOR41_TILE_KIND_WORM_HOLE: _ClassVar[Sector41TileKind]

class Sector41Edge(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SECTOR41_EDGE_UNSPECIFIED: _ClassVar[Sector41Edge]
    SECTOR41_EDGE_NORTH: _ClassVar[Sector41Edge]
    SECTOR41_EDGE_EAST: _ClassVar[Sector41Edge]
    SECTOR41_EDGE_SOUTH: _ClassVar[Sector41Edge]
    SECTOR41_EDGE_WEST: _ClassVar[Sector41Edge]

class Sector41Color(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SECTOR41_COLOR_UNSPECIFIED: _ClassVar[Sector41Color]
    SECTOR41_COLOR_YELLOW: _ClassVar[Sector41Color]
    SECTOR41_COLOR_BLUE: _ClassVar[Sector41Color]
    SECTOR41_COLOR_RED: _ClassVar[Sector41Color]

class Sector41GuardianMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SECTOR41_GUARDIAN_MODE_UNSPECIFIED: _ClassVar[Sector41GuardianMode]
    SECTOR41_GUARDIAN_MODE_WANDERING: _ClassVar[Sector41GuardianMode]
    SECTOR41_GUARDIAN_MODE_QUICKENING: _ClassVar[Sector41GuardianMode]
    SECTOR41_GUARDIAN_MODE_AWAKENING: _ClassVar[Sector41GuardianMode]

class Sector41Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SECTOR41_PHASE_UNSPECIFIED: _ClassVar[Sector41Phase]
    SECTOR41_PHASE_MOTHER_SHIP: _ClassVar[Sector41Phase]
    SECTOR41_PHASE_EXPLORER: _ClassVar[Sector41Phase]
    SECTOR41_PHASE_GUARDIAN: _ClassVar[Sector41Phase]
    SECTOR41_PHASE_OVER: _ClassVar[Sector41Phase]

class Sector41Location(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SECTOR41_LOCATION_UNSPECIFIED: _ClassVar[Sector41Location]
    SECTOR41_LOCATION_SHIP: _ClassVar[Sector41Location]
    SECTOR41_LOCATION_BOARD: _ClassVar[Sector41Location]
    SECTOR41_LOCATION_OUT_OF_PLAY: _ClassVar[Sector41Location]
    SECTOR41_LOCATION_REMOVED: _ClassVar[Sector41Location]

class Sector41ActionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SECTOR41_ACTION_KIND_UNSPECIFIED: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_STAY: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_SHIP_MOVE: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_FOLD: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_EXPLORER_MOVE: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_ASTEROID_HOP: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_TOW: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_TILE_MOVE: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_VIEWPORT: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_DISTORTION: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_ION_STORM: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_STARBASE: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_STAR_GATE: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_VORTEX_TILE: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_VORTEX_TURN: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_LOOP_DROP: _ClassVar[Sector41ActionKind]
    SECTOR41_ACTION_KIND_GUARDIAN_MOVE: _ClassVar[Sector41ActionKind]
SECTOR41_DIRECTION_UNSPECIFIED: Sector41Direction
SECTOR41_DIRECTION_N: Sector41Direction
SECTOR41_DIRECTION_NE: Sector41Direction
SECTOR41_DIRECTION_E: Sector41Direction
SECTOR41_DIRECTION_SE: Sector41Direction
SECTOR41_DIRECTION_S: Sector41Direction
SECTOR41_DIRECTION_SW: Sector41Direction
SECTOR41_DIRECTION_W: Sector41Direction
SECTOR41_DIRECTION_NW: Sector41Direction
SECTOR41_TILE_KIND_UNSPECIFIED: Sector41TileKind
SECTOR41_TILE_KIND_ALIEN_ARTIFACT: Sector41TileKind
SECTOR41_TILE_KIND_ASTEROID_BELT: Sector41TileKind
SECTOR41_TILE_KIND_BARREN_PLANET: Sector41TileKind
SECTOR41_TILE_KIND_BLACK_HOLE: Sector41TileKind
SECTOR41_TILE_KIND_GLYNIUM_PLANET: Sector41TileKind
SECTOR41_TILE_KIND_ION_STORM: Sector41TileKind
SECTOR41_TILE_KIND_MOTHER_SHIP_BEACON: Sector41TileKind
SECTOR41_TILE_KIND_NEBULA: Sector41TileKind
SECTOR41_TILE_KIND_PULSAR: Sector41TileKind
SECTOR41_TILE_KIND_REMOTE_VIEWPORT: Sector41TileKind
SECTOR41_TILE_KIND_SALVAGE_EXPLORER: Sector41TileKind
SECTOR41_TILE_KIND_SOLAR_FLARE: Sector41TileKind
SECTOR41_TILE_KIND_SOLAR_TEMPEST: Sector41TileKind
SECTOR41_TILE_KIND_SOLAR_WIND: Sector41TileKind
SECTOR41_TILE_KIND_SPACE_RIFT: Sector41TileKind
SECTOR41_TILE_KIND_SPACIAL_DISTORTION: Sector41TileKind
SECTOR41_TILE_KIND_STARBASE: Sector41TileKind
SECTOR41_TILE_KIND_STAR_GATE: Sector41TileKind
SECTOR41_TILE_KIND_SUPER_NOVA: Sector41TileKind
SECTOR41_TILE_KIND_TEMPORAL_ANOMALY: Sector41TileKind
SECTOR41_TILE_KIND_VORTEX: Sector41TileKind
SECTOR41_TILE_KIND_WORM_HOLE: Sector41TileKind
SECTOR41_EDGE_UNSPECIFIED: Sector41Edge
SECTOR41_EDGE_NORTH: Sector41Edge
SECTOR41_EDGE_EAST: Sector41Edge
SECTOR41_EDGE_SOUTH: Sector41Edge
SECTOR41_EDGE_WEST: Sector41Edge
SECTOR41_COLOR_UNSPECIFIED: Sector41Color
SECTOR41_COLOR_YELLOW: Sector41Color
SECTOR41_COLOR_BLUE: Sector41Color
SECTOR41_COLOR_RED: Sector41Color
SECTOR41_GUARDIAN_MODE_UNSPECIFIED: Sector41GuardianMode
SECTOR41_GUARDIAN_MODE_WANDERING: Sector41GuardianMode
SECTOR41_GUARDIAN_MODE_QUICKENING: Sector41GuardianMode
SECTOR41_GUARDIAN_MODE_AWAKENING: Sector41GuardianMode
SECTOR41_PHASE_UNSPECIFIED: Sector41Phase
SECTOR41_PHASE_MOTHER_SHIP: Sector41Phase
SECTOR41_PHASE_EXPLORER: Sector41Phase
SECTOR41_PHASE_GUARDIAN: Sector41Phase
SECTOR41_PHASE_OVER: Sector41Phase
SECTOR41_LOCATION_UNSPECIFIED: Sector41Location
SECTOR41_LOCATION_SHIP: Sector41Location
SECTOR41_LOCATION_BOARD: Sector41Location
SECTOR41_LOCATION_OUT_OF_PLAY: Sector41Location
SECTOR41_LOCATION_REMOVED: Sector41Location
SECTOR41_ACTION_KIND_UNSPECIFIED: Sector41ActionKind
SECTOR41_ACTION_KIND_STAY: Sector41ActionKind
SECTOR41_ACTION_KIND_SHIP_MOVE: Sector41ActionKind
SECTOR41_ACTION_KIND_FOLD: Sector41ActionKind
SECTOR41_ACTION_KIND_EXPLORER_MOVE: Sector41ActionKind
SECTOR41_ACTION_KIND_ASTEROID_HOP: Sector41ActionKind
SECTOR41_ACTION_KIND_TOW: Sector41ActionKind
SECTOR41_ACTION_KIND_TILE_MOVE: Sector41ActionKind
SECTOR41_ACTION_KIND_VIEWPORT: Sector41ActionKind
SECTOR41_ACTION_KIND_DISTORTION: Sector41ActionKind
SECTOR41_ACTION_KIND_ION_STORM: Sector41ActionKind
SECTOR41_ACTION_KIND_STARBASE: Sector41ActionKind
SECTOR41_ACTION_KIND_STAR_GATE: Sector41ActionKind
SECTOR41_ACTION_KIND_VORTEX_TILE: Sector41ActionKind
SECTOR41_ACTION_KIND_VORTEX_TURN: Sector41ActionKind
SECTOR41_ACTION_KIND_LOOP_DROP: Sector41ActionKind
SECTOR41_ACTION_KIND_GUARDIAN_MOVE: Sector41ActionKind

class Sector41Explorer(_message.Message):
    __slots__ = ("seat", "index", "location", "row", "col", "asteroid", "trapped", "barren", "shielded", "towing")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    ROW_FIELD_NUMBER: _ClassVar[int]
    COL_FIELD_NUMBER: _ClassVar[int]
    ASTEROID_FIELD_NUMBER: _ClassVar[int]
    TRAPPED_FIELD_NUMBER: _ClassVar[int]
    BARREN_FIELD_NUMBER: _ClassVar[int]
    SHIELDED_FIELD_NUMBER: _ClassVar[int]
    TOWING_FIELD_NUMBER: _ClassVar[int]
    seat: int
    index: int
    location: Sector41Location
    row: int
    col: int
    asteroid: int
    trapped: bool
    barren: bool
    shielded: bool
    towing: Sector41Color
    def __init__(self, seat: _Optional[int] = ..., index: _Optional[int] = ..., location: _Optional[_Union[Sector41Location, str]] = ..., row: _Optional[int] = ..., col: _Optional[int] = ..., asteroid: _Optional[int] = ..., trapped: _Optional[bool] = ..., barren: _Optional[bool] = ..., shielded: _Optional[bool] = ..., towing: _Optional[_Union[Sector41Color, str]] = ...) -> None: ...

class Sector41Player(_message.Message):
    __slots__ = ("seat", "edge", "ship_position", "ship_row", "ship_col", "score", "yellow", "blue", "red", "score_turn", "last_fold")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EDGE_FIELD_NUMBER: _ClassVar[int]
    SHIP_POSITION_FIELD_NUMBER: _ClassVar[int]
    SHIP_ROW_FIELD_NUMBER: _ClassVar[int]
    SHIP_COL_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    YELLOW_FIELD_NUMBER: _ClassVar[int]
    BLUE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    SCORE_TURN_FIELD_NUMBER: _ClassVar[int]
    LAST_FOLD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    edge: Sector41Edge
    ship_position: int
    ship_row: int
    ship_col: int
    score: int
    yellow: int
    blue: int
    red: int
    score_turn: int
    last_fold: int
    def __init__(self, seat: _Optional[int] = ..., edge: _Optional[_Union[Sector41Edge, str]] = ..., ship_position: _Optional[int] = ..., ship_row: _Optional[int] = ..., ship_col: _Optional[int] = ..., score: _Optional[int] = ..., yellow: _Optional[int] = ..., blue: _Optional[int] = ..., red: _Optional[int] = ..., score_turn: _Optional[int] = ..., last_fold: _Optional[int] = ...) -> None: ...

class Sector41Observation(_message.Message):
    __slots__ = ("turn", "turn_limit", "current_seat", "your_seat", "phase", "guardian_mode", "guardian_row", "guardian_col", "tile_types", "rotations", "face_up", "cleansed", "peeked", "yellow", "blue", "red", "explorers", "players", "supply_yellow", "supply_blue", "supply_red", "removed_discs", "remaining_points", "active_explorer", "decision_stage", "visited", "pending_move", "vortex_cell", "revealed_this_turn", "loop_cells")
    TURN_FIELD_NUMBER: _ClassVar[int]
    TURN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    YOUR_SEAT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    GUARDIAN_MODE_FIELD_NUMBER: _ClassVar[int]
    GUARDIAN_ROW_FIELD_NUMBER: _ClassVar[int]
    GUARDIAN_COL_FIELD_NUMBER: _ClassVar[int]
    TILE_TYPES_FIELD_NUMBER: _ClassVar[int]
    ROTATIONS_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    CLEANSED_FIELD_NUMBER: _ClassVar[int]
    PEEKED_FIELD_NUMBER: _ClassVar[int]
    YELLOW_FIELD_NUMBER: _ClassVar[int]
    BLUE_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    EXPLORERS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_YELLOW_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_BLUE_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_RED_FIELD_NUMBER: _ClassVar[int]
    REMOVED_DISCS_FIELD_NUMBER: _ClassVar[int]
    REMAINING_POINTS_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_EXPLORER_FIELD_NUMBER: _ClassVar[int]
    DECISION_STAGE_FIELD_NUMBER: _ClassVar[int]
    VISITED_FIELD_NUMBER: _ClassVar[int]
    PENDING_MOVE_FIELD_NUMBER: _ClassVar[int]
    VORTEX_CELL_FIELD_NUMBER: _ClassVar[int]
    REVEALED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    LOOP_CELLS_FIELD_NUMBER: _ClassVar[int]
    turn: int
    turn_limit: int
    current_seat: int
    your_seat: int
    phase: Sector41Phase
    guardian_mode: Sector41GuardianMode
    guardian_row: int
    guardian_col: int
    tile_types: _containers.RepeatedScalarFieldContainer[int]
    rotations: _containers.RepeatedScalarFieldContainer[int]
    face_up: _containers.RepeatedScalarFieldContainer[bool]
    cleansed: _containers.RepeatedScalarFieldContainer[bool]
    peeked: _containers.RepeatedScalarFieldContainer[bool]
    yellow: _containers.RepeatedScalarFieldContainer[int]
    blue: _containers.RepeatedScalarFieldContainer[int]
    red: _containers.RepeatedScalarFieldContainer[int]
    explorers: _containers.RepeatedCompositeFieldContainer[Sector41Explorer]
    players: _containers.RepeatedCompositeFieldContainer[Sector41Player]
    supply_yellow: int
    supply_blue: int
    supply_red: int
    removed_discs: int
    remaining_points: int
    active_explorer: int
    decision_stage: str
    visited: _containers.RepeatedScalarFieldContainer[int]
    pending_move: _containers.RepeatedScalarFieldContainer[int]
    vortex_cell: int
    revealed_this_turn: bool
    loop_cells: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, turn: _Optional[int] = ..., turn_limit: _Optional[int] = ..., current_seat: _Optional[int] = ..., your_seat: _Optional[int] = ..., phase: _Optional[_Union[Sector41Phase, str]] = ..., guardian_mode: _Optional[_Union[Sector41GuardianMode, str]] = ..., guardian_row: _Optional[int] = ..., guardian_col: _Optional[int] = ..., tile_types: _Optional[_Iterable[int]] = ..., rotations: _Optional[_Iterable[int]] = ..., face_up: _Optional[_Iterable[bool]] = ..., cleansed: _Optional[_Iterable[bool]] = ..., peeked: _Optional[_Iterable[bool]] = ..., yellow: _Optional[_Iterable[int]] = ..., blue: _Optional[_Iterable[int]] = ..., red: _Optional[_Iterable[int]] = ..., explorers: _Optional[_Iterable[_Union[Sector41Explorer, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[Sector41Player, _Mapping]]] = ..., supply_yellow: _Optional[int] = ..., supply_blue: _Optional[int] = ..., supply_red: _Optional[int] = ..., removed_discs: _Optional[int] = ..., remaining_points: _Optional[int] = ..., active_explorer: _Optional[int] = ..., decision_stage: _Optional[str] = ..., visited: _Optional[_Iterable[int]] = ..., pending_move: _Optional[_Iterable[int]] = ..., vortex_cell: _Optional[int] = ..., revealed_this_turn: _Optional[bool] = ..., loop_cells: _Optional[_Iterable[int]] = ...) -> None: ...

class Sector41ActionDetail(_message.Message):
    __slots__ = ("kind", "explorer", "direction", "to_row", "to_col", "to_ship", "face_down", "to_kind", "combat", "loop", "color", "ship_shift", "line", "quarter_turns", "target_seat", "target_explorer", "asteroid")
    KIND_FIELD_NUMBER: _ClassVar[int]
    EXPLORER_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    TO_ROW_FIELD_NUMBER: _ClassVar[int]
    TO_COL_FIELD_NUMBER: _ClassVar[int]
    TO_SHIP_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_FIELD_NUMBER: _ClassVar[int]
    TO_KIND_FIELD_NUMBER: _ClassVar[int]
    COMBAT_FIELD_NUMBER: _ClassVar[int]
    LOOP_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    SHIP_SHIFT_FIELD_NUMBER: _ClassVar[int]
    LINE_FIELD_NUMBER: _ClassVar[int]
    QUARTER_TURNS_FIELD_NUMBER: _ClassVar[int]
    TARGET_SEAT_FIELD_NUMBER: _ClassVar[int]
    TARGET_EXPLORER_FIELD_NUMBER: _ClassVar[int]
    ASTEROID_FIELD_NUMBER: _ClassVar[int]
    kind: Sector41ActionKind
    explorer: int
    direction: Sector41Direction
    to_row: int
    to_col: int
    to_ship: bool
    face_down: bool
    to_kind: Sector41TileKind
    combat: bool
    loop: bool
    color: Sector41Color
    ship_shift: int
    line: int
    quarter_turns: int
    target_seat: int
    target_explorer: int
    asteroid: int
    def __init__(self, kind: _Optional[_Union[Sector41ActionKind, str]] = ..., explorer: _Optional[int] = ..., direction: _Optional[_Union[Sector41Direction, str]] = ..., to_row: _Optional[int] = ..., to_col: _Optional[int] = ..., to_ship: _Optional[bool] = ..., face_down: _Optional[bool] = ..., to_kind: _Optional[_Union[Sector41TileKind, str]] = ..., combat: _Optional[bool] = ..., loop: _Optional[bool] = ..., color: _Optional[_Union[Sector41Color, str]] = ..., ship_shift: _Optional[int] = ..., line: _Optional[int] = ..., quarter_turns: _Optional[int] = ..., target_seat: _Optional[int] = ..., target_explorer: _Optional[int] = ..., asteroid: _Optional[int] = ...) -> None: ...

class Sector41TileType(_message.Message):
    __slots__ = ("id", "name", "kind", "count", "number", "arrows", "text")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    ARROWS_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    kind: Sector41TileKind
    count: int
    number: int
    arrows: _containers.RepeatedScalarFieldContainer[Sector41Direction]
    text: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., kind: _Optional[_Union[Sector41TileKind, str]] = ..., count: _Optional[int] = ..., number: _Optional[int] = ..., arrows: _Optional[_Iterable[_Union[Sector41Direction, str]]] = ..., text: _Optional[str] = ...) -> None: ...

class Sector41StaticData(_message.Message):
    __slots__ = ("rows", "cols", "tile_types", "yellow_points", "blue_points", "red_points", "disc_counts")
    ROWS_FIELD_NUMBER: _ClassVar[int]
    COLS_FIELD_NUMBER: _ClassVar[int]
    TILE_TYPES_FIELD_NUMBER: _ClassVar[int]
    YELLOW_POINTS_FIELD_NUMBER: _ClassVar[int]
    BLUE_POINTS_FIELD_NUMBER: _ClassVar[int]
    RED_POINTS_FIELD_NUMBER: _ClassVar[int]
    DISC_COUNTS_FIELD_NUMBER: _ClassVar[int]
    rows: int
    cols: int
    tile_types: _containers.RepeatedCompositeFieldContainer[Sector41TileType]
    yellow_points: int
    blue_points: int
    red_points: int
    disc_counts: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, rows: _Optional[int] = ..., cols: _Optional[int] = ..., tile_types: _Optional[_Iterable[_Union[Sector41TileType, _Mapping]]] = ..., yellow_points: _Optional[int] = ..., blue_points: _Optional[int] = ..., red_points: _Optional[int] = ..., disc_counts: _Optional[_Iterable[int]] = ...) -> None: ...
