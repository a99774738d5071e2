from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SolRing(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SOL_RING_UNSPECIFIED: _ClassVar[SolRing]
    SOL_RING_CORE: _ClassVar[SolRing]
    SOL_RING_RADIATIVE: _ClassVar[SolRing]
    SOL_RING_CONVECTIVE: _ClassVar[SolRing]
    SOL_RING_INNER: _ClassVar[SolRing]
    SOL_RING_OUTER: _ClassVar[SolRing]

class SolStation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SOL_STATION_UNSPECIFIED: _ClassVar[SolStation]
    SOL_STATION_NODE: _ClassVar[SolStation]
    SOL_STATION_FOUNDRY: _ClassVar[SolStation]
    SOL_STATION_TOWER: _ClassVar[SolStation]

class SolSuit(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SOL_SUIT_UNSPECIFIED: _ClassVar[SolSuit]
    SOL_SUIT_FLARE: _ClassVar[SolSuit]
    SOL_SUIT_REFRACTION: _ClassVar[SolSuit]
    SOL_SUIT_CONDENSATION: _ClassVar[SolSuit]
    SOL_SUIT_SUBDUCTION: _ClassVar[SolSuit]
    SOL_SUIT_OSCILLATION: _ClassVar[SolSuit]
    SOL_SUIT_EXPANSION: _ClassVar[SolSuit]
    SOL_SUIT_REVERBERATION: _ClassVar[SolSuit]

class SolColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SOL_COLOUR_UNSPECIFIED: _ClassVar[SolColour]
    SOL_COLOUR_BLUE: _ClassVar[SolColour]
    SOL_COLOUR_GREEN: _ClassVar[SolColour]
    SOL_COLOUR_YELLOW: _ClassVar[SolColour]
    SOL_COLOUR_RED: _ClassVar[SolColour]

class SolTiming(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SOL_TIMING_UNSPECIFIED: _ClassVar[SolTiming]
    SOL_TIMING_MOVE: _ClassVar[SolTiming]
    SOL_TIMING_CONVERT: _ClassVar[SolTiming]
    SOL_TIMING_ACTIVATE: _ClassVar[SolTiming]
    SOL_TIMING_DRAW: _ClassVar[SolTiming]
    SOL_TIMING_ANY: _ClassVar[SolTiming]

class SolEffect(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SOL_EFFECT_UNSPECIFIED: _ClassVar[SolEffect]
    SOL_EFFECT_ACCELERATE: _ClassVar[SolEffect]
    SOL_EFFECT_AUGMENT: _ClassVar[SolEffect]
    SOL_EFFECT_BLIGHT: _ClassVar[SolEffect]
    SOL_EFFECT_CASCADE: _ClassVar[SolEffect]
    SOL_EFFECT_CATAPULT: _ClassVar[SolEffect]
    SOL_EFFECT_CEREMONY: _ClassVar[SolEffect]
    SOL_EFFECT_CHAIN: _ClassVar[SolEffect]
    SOL_EFFECT_CHANNEL: _ClassVar[SolEffect]
    SOL_EFFECT_CLUSTER: _ClassVar[SolEffect]
    SOL_EFFECT_DUPLICATE: _ClassVar[SolEffect]
    SOL_EFFECT_FESTIVAL: _ClassVar[SolEffect]
    SOL_EFFECT_FUEL: _ClassVar[SolEffect]
    SOL_EFFECT_HATCH: _ClassVar[SolEffect]
    SOL_EFFECT_HYPERDRIVE: _ClassVar[SolEffect]
    SOL_EFFECT_INVADE: _ClassVar[SolEffect]
    SOL_EFFECT_JUGGERNAUT: _ClassVar[SolEffect]
    SOL_EFFECT_METAMORPHOSIS: _ClassVar[SolEffect]
    SOL_EFFECT_MOTIVATE: _ClassVar[SolEffect]
    SOL_EFFECT_PASSAGE: _ClassVar[SolEffect]
    SOL_EFFECT_PILLAR: _ClassVar[SolEffect]
    SOL_EFFECT_PORTAL: _ClassVar[SolEffect]
    SOL_EFFECT_PROCREATE: _ClassVar[SolEffect]
    SOL_EFFECT_PULSE: _ClassVar[SolEffect]
    SOL_EFFECT_PUNCTURE: _ClassVar[SolEffect]
    SOL_EFFECT_SACRIFICE: _ClassVar[SolEffect]
    SOL_EFFECT_SQUEEZE: _ClassVar[SolEffect]
    SOL_EFFECT_SYNCHRONIZE: _ClassVar[SolEffect]
    SOL_EFFECT_TELEPORT: _ClassVar[SolEffect]
    SOL_EFFECT_TRANSCEND: _ClassVar[SolEffect]
    SOL_EFFECT_TRIBUTE: _ClassVar[SolEffect]

class SolActionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SOL_ACTION_KIND_UNSPECIFIED: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_MOVE: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_CONVERT: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_ACTIVATE: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_PLAY_CARD: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_PASS: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_LAUNCH: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_FLY: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_HURL: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_STOP: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_PUNCTURE: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_FLY_STATION: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_HURL_STATION: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_CONVERSION: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_SKIP: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_ACTIVATE_STATION: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_DONE: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_BONUS_TAKE: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_BONUS_DECLINE: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_ORBITAL_ACTIVATE: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_ORBITAL_SKIP: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_KEEP: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_DECONSTRUCT_STATION: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_DECONSTRUCT_GATE: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_VESTIGIAL_KIND: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_VESTIGIAL_GATE: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_VESTIGIAL_STATION: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_MOTIVATE: _ClassVar[SolActionKind]
    SOL_ACTION_KIND_EFFECT_STEP: _ClassVar[SolActionKind]

class SolStage(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SOL_STAGE_UNSPECIFIED: _ClassVar[SolStage]
    SOL_STAGE_VESTIGIAL: _ClassVar[SolStage]
    SOL_STAGE_ACTION: _ClassVar[SolStage]
    SOL_STAGE_MOVE: _ClassVar[SolStage]
    SOL_STAGE_CONVERT: _ClassVar[SolStage]
    SOL_STAGE_ACTIVATE: _ClassVar[SolStage]
    SOL_STAGE_BONUS: _ClassVar[SolStage]
    SOL_STAGE_ORBITAL: _ClassVar[SolStage]
    SOL_STAGE_KEEP: _ClassVar[SolStage]
    SOL_STAGE_STALL: _ClassVar[SolStage]
    SOL_STAGE_MOTIVATE: _ClassVar[SolStage]
    SOL_STAGE_OVER: _ClassVar[SolStage]
    SOL_STAGE_EFFECT: _ClassVar[SolStage]
SOL_RING_UNSPECIFIED: SolRing
SOL_RING_CORE: SolRing
SOL_RING_RADIATIVE: SolRing
SOL_RING_CONVECTIVE: SolRing
SOL_RING_INNER: SolRing
SOL_RING_OUTER: SolRing
SOL_STATION_UNSPECIFIED: SolStation
SOL_STATION_NODE: SolStation
SOL_STATION_FOUNDRY: SolStation
SOL_STATION_TOWER: SolStation
SOL_SUIT_UNSPECIFIED: SolSuit
SOL_SUIT_FLARE: SolSuit
SOL_SUIT_REFRACTION: SolSuit
SOL_SUIT_CONDENSATION: SolSuit
SOL_SUIT_SUBDUCTION: SolSuit
SOL_SUIT_OSCILLATION: SolSuit
SOL_SUIT_EXPANSION: SolSuit
SOL_SUIT_REVERBERATION: SolSuit
SOL_COLOUR_UNSPECIFIED: SolColour
SOL_COLOUR_BLUE: SolColour
SOL_COLOUR_GREEN: SolColour
SOL_COLOUR_YELLOW: SolColour
SOL_COLOUR_RED: SolColour
SOL_TIMING_UNSPECIFIED: SolTiming
SOL_TIMING_MOVE: SolTiming
SOL_TIMING_CONVERT: SolTiming
SOL_TIMING_ACTIVATE: SolTiming
SOL_TIMING_DRAW: SolTiming
SOL_TIMING_ANY: SolTiming
SOL_EFFECT_UNSPECIFIED: SolEffect
SOL_EFFECT_ACCELERATE: SolEffect
SOL_EFFECT_AUGMENT: SolEffect
SOL_EFFECT_BLIGHT: SolEffect
SOL_EFFECT_CASCADE: SolEffect
SOL_EFFECT_CATAPULT: SolEffect
SOL_EFFECT_CEREMONY: SolEffect
SOL_EFFECT_CHAIN: SolEffect
SOL_EFFECT_CHANNEL: SolEffect
SOL_EFFECT_CLUSTER: SolEffect
SOL_EFFECT_DUPLICATE: SolEffect
SOL_EFFECT_FESTIVAL: SolEffect
SOL_EFFECT_FUEL: SolEffect
SOL_EFFECT_HATCH: SolEffect
SOL_EFFECT_HYPERDRIVE: SolEffect
SOL_EFFECT_INVADE: SolEffect
SOL_EFFECT_JUGGERNAUT: SolEffect
SOL_EFFECT_METAMORPHOSIS: SolEffect
SOL_EFFECT_MOTIVATE: SolEffect
SOL_EFFECT_PASSAGE: SolEffect
SOL_EFFECT_PILLAR: SolEffect
SOL_EFFECT_PORTAL: SolEffect
SOL_EFFECT_PROCREATE: SolEffect
SOL_EFFECT_PULSE: SolEffect
SOL_EFFECT_PUNCTURE: SolEffect
SOL_EFFECT_SACRIFICE: SolEffect
SOL_EFFECT_SQUEEZE: SolEffect
SOL_EFFECT_SYNCHRONIZE: SolEffect
SOL_EFFECT_TELEPORT: SolEffect
SOL_EFFECT_TRANSCEND: SolEffect
SOL_EFFECT_TRIBUTE: SolEffect
SOL_ACTION_KIND_UNSPECIFIED: SolActionKind
SOL_ACTION_KIND_MOVE: SolActionKind
SOL_ACTION_KIND_CONVERT: SolActionKind
SOL_ACTION_KIND_ACTIVATE: SolActionKind
SOL_ACTION_KIND_PLAY_CARD: SolActionKind
SOL_ACTION_KIND_PASS: SolActionKind
SOL_ACTION_KIND_LAUNCH: SolActionKind
SOL_ACTION_KIND_FLY: SolActionKind
SOL_ACTION_KIND_HURL: SolActionKind
SOL_ACTION_KIND_STOP: SolActionKind
SOL_ACTION_KIND_PUNCTURE: SolActionKind
SOL_ACTION_KIND_FLY_STATION: SolActionKind
SOL_ACTION_KIND_HURL_STATION: SolActionKind
SOL_ACTION_KIND_CONVERSION: SolActionKind
SOL_ACTION_KIND_SKIP: SolActionKind
SOL_ACTION_KIND_ACTIVATE_STATION: SolActionKind
SOL_ACTION_KIND_DONE: SolActionKind
SOL_ACTION_KIND_BONUS_TAKE: SolActionKind
SOL_ACTION_KIND_BONUS_DECLINE: SolActionKind
SOL_ACTION_KIND_ORBITAL_ACTIVATE: SolActionKind
SOL_ACTION_KIND_ORBITAL_SKIP: SolActionKind
SOL_ACTION_KIND_KEEP: SolActionKind
SOL_ACTION_KIND_DECONSTRUCT_STATION: SolActionKind
SOL_ACTION_KIND_DECONSTRUCT_GATE: SolActionKind
SOL_ACTION_KIND_VESTIGIAL_KIND: SolActionKind
SOL_ACTION_KIND_VESTIGIAL_GATE: SolActionKind
SOL_ACTION_KIND_VESTIGIAL_STATION: SolActionKind
SOL_ACTION_KIND_MOTIVATE: SolActionKind
SOL_ACTION_KIND_EFFECT_STEP: SolActionKind
SOL_STAGE_UNSPECIFIED: SolStage
SOL_STAGE_VESTIGIAL: SolStage
SOL_STAGE_ACTION: SolStage
SOL_STAGE_MOVE: SolStage
SOL_STAGE_CONVERT: SolStage
SOL_STAGE_ACTIVATE: SolStage
SOL_STAGE_BONUS: SolStage
SOL_STAGE_ORBITAL: SolStage
SOL_STAGE_KEEP: SolStage
SOL_STAGE_STALL: SolStage
SOL_STAGE_MOTIVATE: SolStage
SOL_STAGE_OVER: SolStage
SOL_STAGE_EFFECT: SolStage

class SolActionDetail(_message.Message):
    __slots__ = ("kind", "space", "to_space", "used_spaces", "station", "gate", "suit", "effect", "with_card", "seat", "amount")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    TO_SPACE_FIELD_NUMBER: _ClassVar[int]
    USED_SPACES_FIELD_NUMBER: _ClassVar[int]
    STATION_FIELD_NUMBER: _ClassVar[int]
    GATE_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    WITH_CARD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    kind: SolActionKind
    space: int
    to_space: int
    used_spaces: _containers.RepeatedScalarFieldContainer[int]
    station: SolStation
    gate: int
    suit: SolSuit
    effect: SolEffect
    with_card: bool
    seat: int
    amount: int
    def __init__(self, kind: _Optional[_Union[SolActionKind, str]] = ..., space: _Optional[int] = ..., to_space: _Optional[int] = ..., used_spaces: _Optional[_Iterable[int]] = ..., station: _Optional[_Union[SolStation, str]] = ..., gate: _Optional[int] = ..., suit: _Optional[_Union[SolSuit, str]] = ..., effect: _Optional[_Union[SolEffect, str]] = ..., with_card: _Optional[bool] = ..., seat: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...

class SolSpaceView(_message.Message):
    __slots__ = ("space", "sundivers", "station", "station_owner")
    SPACE_FIELD_NUMBER: _ClassVar[int]
    SUNDIVERS_FIELD_NUMBER: _ClassVar[int]
    STATION_FIELD_NUMBER: _ClassVar[int]
    STATION_OWNER_FIELD_NUMBER: _ClassVar[int]
    space: int
    sundivers: _containers.RepeatedScalarFieldContainer[int]
    station: SolStation
    station_owner: int
    def __init__(self, space: _Optional[int] = ..., sundivers: _Optional[_Iterable[int]] = ..., station: _Optional[_Union[SolStation, str]] = ..., station_owner: _Optional[int] = ...) -> None: ...

class SolGateView(_message.Message):
    __slots__ = ("gate", "owner")
    GATE_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    gate: int
    owner: int
    def __init__(self, gate: _Optional[int] = ..., owner: _Optional[int] = ...) -> None: ...

class SolPlayerView(_message.Message):
    __slots__ = ("seat", "eye", "momentum", "energy", "hold_sundivers", "reserve_sundivers", "vaporised_sundivers", "reserve_gates", "reserve_nodes", "reserve_foundries", "reserve_towers", "movement", "held_suit", "launch_spaces", "hold_by_colour")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    EYE_FIELD_NUMBER: _ClassVar[int]
    MOMENTUM_FIELD_NUMBER: _ClassVar[int]
    ENERGY_FIELD_NUMBER: _ClassVar[int]
    HOLD_SUNDIVERS_FIELD_NUMBER: _ClassVar[int]
    RESERVE_SUNDIVERS_FIELD_NUMBER: _ClassVar[int]
    VAPORISED_SUNDIVERS_FIELD_NUMBER: _ClassVar[int]
    RESERVE_GATES_FIELD_NUMBER: _ClassVar[int]
    RESERVE_NODES_FIELD_NUMBER: _ClassVar[int]
    RESERVE_FOUNDRIES_FIELD_NUMBER: _ClassVar[int]
    RESERVE_TOWERS_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_FIELD_NUMBER: _ClassVar[int]
    HELD_SUIT_FIELD_NUMBER: _ClassVar[int]
    LAUNCH_SPACES_FIELD_NUMBER: _ClassVar[int]
    HOLD_BY_COLOUR_FIELD_NUMBER: _ClassVar[int]
    seat: int
    eye: int
    momentum: int
    energy: int
    hold_sundivers: int
    reserve_sundivers: int
    vaporised_sundivers: int
    reserve_gates: int
    reserve_nodes: int
    reserve_foundries: int
    reserve_towers: int
    movement: int
    held_suit: SolSuit
    launch_spaces: _containers.RepeatedScalarFieldContainer[int]
    hold_by_colour: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., eye: _Optional[int] = ..., momentum: _Optional[int] = ..., energy: _Optional[int] = ..., hold_sundivers: _Optional[int] = ..., reserve_sundivers: _Optional[int] = ..., vaporised_sundivers: _Optional[int] = ..., reserve_gates: _Optional[int] = ..., reserve_nodes: _Optional[int] = ..., reserve_foundries: _Optional[int] = ..., reserve_towers: _Optional[int] = ..., movement: _Optional[int] = ..., held_suit: _Optional[_Union[SolSuit, str]] = ..., launch_spaces: _Optional[_Iterable[int]] = ..., hold_by_colour: _Optional[_Iterable[int]] = ...) -> None: ...

class SolSuitEffect(_message.Message):
    __slots__ = ("suit", "effect")
    SUIT_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    suit: SolSuit
    effect: SolEffect
    def __init__(self, suit: _Optional[_Union[SolSuit, str]] = ..., effect: _Optional[_Union[SolEffect, str]] = ...) -> None: ...

class SolObservation(_message.Message):
    __slots__ = ("side", "turn", "turn_limit", "current_seat", "your_seat", "deciding_seat", "stage", "flares_drawn", "instability", "deck_size", "spaces", "gates", "players", "suit_effects", "movement_left", "active_effect", "activated_spaces", "tolls_paid", "drawn", "vestigial")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    TURN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    YOUR_SEAT_FIELD_NUMBER: _ClassVar[int]
    DECIDING_SEAT_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    FLARES_DRAWN_FIELD_NUMBER: _ClassVar[int]
    INSTABILITY_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    SPACES_FIELD_NUMBER: _ClassVar[int]
    GATES_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SUIT_EFFECTS_FIELD_NUMBER: _ClassVar[int]
    MOVEMENT_LEFT_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_EFFECT_FIELD_NUMBER: _ClassVar[int]
    ACTIVATED_SPACES_FIELD_NUMBER: _ClassVar[int]
    TOLLS_PAID_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    VESTIGIAL_FIELD_NUMBER: _ClassVar[int]
    side: int
    turn: int
    turn_limit: int
    current_seat: int
    your_seat: int
    deciding_seat: int
    stage: SolStage
    flares_drawn: int
    instability: int
    deck_size: int
    spaces: _containers.RepeatedCompositeFieldContainer[SolSpaceView]
    gates: _containers.RepeatedCompositeFieldContainer[SolGateView]
    players: _containers.RepeatedCompositeFieldContainer[SolPlayerView]
    suit_effects: _containers.RepeatedCompositeFieldContainer[SolSuitEffect]
    movement_left: int
    active_effect: SolEffect
    activated_spaces: _containers.RepeatedScalarFieldContainer[int]
    tolls_paid: _containers.RepeatedScalarFieldContainer[int]
    drawn: _containers.RepeatedScalarFieldContainer[SolSuit]
    vestigial: bool
    def __init__(self, side: _Optional[int] = ..., turn: _Optional[int] = ..., turn_limit: _Optional[int] = ..., current_seat: _Optional[int] = ..., your_seat: _Optional[int] = ..., deciding_seat: _Optional[int] = ..., stage: _Optional[_Union[SolStage, str]] = ..., flares_drawn: _Optional[int] = ..., instability: _Optional[int] = ..., deck_size: _Optional[int] = ..., spaces: _Optional[_Iterable[_Union[SolSpaceView, _Mapping]]] = ..., gates: _Optional[_Iterable[_Union[SolGateView, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[SolPlayerView, _Mapping]]] = ..., suit_effects: _Optional[_Iterable[_Union[SolSuitEffect, _Mapping]]] = ..., movement_left: _Optional[int] = ..., active_effect: _Optional[_Union[SolEffect, str]] = ..., activated_spaces: _Optional[_Iterable[int]] = ..., tolls_paid: _Optional[_Iterable[int]] = ..., drawn: _Optional[_Iterable[_Union[SolSuit, str]]] = ..., vestigial: _Optional[bool] = ...) -> None: ...

class SolSpaceInfo(_message.Message):
    __slots__ = ("space", "ring", "column", "name")
    SPACE_FIELD_NUMBER: _ClassVar[int]
    RING_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    space: int
    ring: SolRing
    column: int
    name: str
    def __init__(self, space: _Optional[int] = ..., ring: _Optional[_Union[SolRing, str]] = ..., column: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class SolEdgeInfo(_message.Message):
    __slots__ = ("a", "b", "gate")
    A_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    GATE_FIELD_NUMBER: _ClassVar[int]
    a: int
    b: int
    gate: int
    def __init__(self, a: _Optional[int] = ..., b: _Optional[int] = ..., gate: _Optional[int] = ...) -> None: ...

class SolEyeInfo(_message.Message):
    __slots__ = ("eye", "launch_spaces")
    EYE_FIELD_NUMBER: _ClassVar[int]
    LAUNCH_SPACES_FIELD_NUMBER: _ClassVar[int]
    eye: int
    launch_spaces: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, eye: _Optional[int] = ..., launch_spaces: _Optional[_Iterable[int]] = ...) -> None: ...

class SolBoardInfo(_message.Message):
    __slots__ = ("side", "orbit", "spaces", "edges", "eyes")
    SIDE_FIELD_NUMBER: _ClassVar[int]
    ORBIT_FIELD_NUMBER: _ClassVar[int]
    SPACES_FIELD_NUMBER: _ClassVar[int]
    EDGES_FIELD_NUMBER: _ClassVar[int]
    EYES_FIELD_NUMBER: _ClassVar[int]
    side: int
    orbit: int
    spaces: _containers.RepeatedCompositeFieldContainer[SolSpaceInfo]
    edges: _containers.RepeatedCompositeFieldContainer[SolEdgeInfo]
    eyes: _containers.RepeatedCompositeFieldContainer[SolEyeInfo]
    def __init__(self, side: _Optional[int] = ..., orbit: _Optional[int] = ..., spaces: _Optional[_Iterable[_Union[SolSpaceInfo, _Mapping]]] = ..., edges: _Optional[_Iterable[_Union[SolEdgeInfo, _Mapping]]] = ..., eyes: _Optional[_Iterable[_Union[SolEyeInfo, _Mapping]]] = ...) -> None: ...

class SolRewardInfo(_message.Message):
    __slots__ = ("ring", "base", "bonus", "cards")
    RING_FIELD_NUMBER: _ClassVar[int]
    BASE_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    ring: SolRing
    base: int
    bonus: int
    cards: int
    def __init__(self, ring: _Optional[_Union[SolRing, str]] = ..., base: _Optional[int] = ..., bonus: _Optional[int] = ..., cards: _Optional[int] = ...) -> None: ...

class SolEffectCard(_message.Message):
    __slots__ = ("effect", "colour", "timing", "text")
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    TIMING_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    effect: SolEffect
    colour: SolColour
    timing: SolTiming
    text: str
    def __init__(self, effect: _Optional[_Union[SolEffect, str]] = ..., colour: _Optional[_Union[SolColour, str]] = ..., timing: _Optional[_Union[SolTiming, str]] = ..., text: _Optional[str] = ...) -> None: ...

class SolStaticData(_message.Message):
    __slots__ = ("boards", "rewards", "effects", "max_stack", "base_movement", "cards_per_suit")
    BOARDS_FIELD_NUMBER: _ClassVar[int]
    REWARDS_FIELD_NUMBER: _ClassVar[int]
    EFFECTS_FIELD_NUMBER: _ClassVar[int]
    MAX_STACK_FIELD_NUMBER: _ClassVar[int]
    BASE_MOVEMENT_FIELD_NUMBER: _ClassVar[int]
    CARDS_PER_SUIT_FIELD_NUMBER: _ClassVar[int]
    boards: _containers.RepeatedCompositeFieldContainer[SolBoardInfo]
    rewards: _containers.RepeatedCompositeFieldContainer[SolRewardInfo]
    effects: _containers.RepeatedCompositeFieldContainer[SolEffectCard]
    max_stack: int
    base_movement: int
    cards_per_suit: int
    def __init__(self, boards: _Optional[_Iterable[_Union[SolBoardInfo, _Mapping]]] = ..., rewards: _Optional[_Iterable[_Union[SolRewardInfo, _Mapping]]] = ..., effects: _Optional[_Iterable[_Union[SolEffectCard, _Mapping]]] = ..., max_stack: _Optional[int] = ..., base_movement: _Optional[int] = ..., cards_per_suit: _Optional[int] = ...) -> None: ...
