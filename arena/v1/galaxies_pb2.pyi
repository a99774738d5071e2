from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GalaxiesDieFace(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GALAXIES_DIE_FACE_UNSPECIFIED: _ClassVar[GalaxiesDieFace]
    GALAXIES_DIE_FACE_MOVE: _ClassVar[GalaxiesDieFace]
    GALAXIES_DIE_FACE_ENERGY: _ClassVar[GalaxiesDieFace]
    GALAXIES_DIE_FACE_CULTURE: _ClassVar[GalaxiesDieFace]
    GALAXIES_DIE_FACE_DIPLOMACY: _ClassVar[GalaxiesDieFace]
    GALAXIES_DIE_FACE_ECONOMY: _ClassVar[GalaxiesDieFace]
    GALAXIES_DIE_FACE_UTILIZE: _ClassVar[GalaxiesDieFace]

class GalaxiesResource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GALAXIES_RESOURCE_UNSPECIFIED: _ClassVar[GalaxiesResource]
    GALAXIES_RESOURCE_ENERGY: _ClassVar[GalaxiesResource]
    GALAXIES_RESOURCE_CULTURE: _ClassVar[GalaxiesResource]

class GalaxiesTrack(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GALAXIES_TRACK_UNSPECIFIED: _ClassVar[GalaxiesTrack]
    GALAXIES_TRACK_DIPLOMACY: _ClassVar[GalaxiesTrack]
    GALAXIES_TRACK_ECONOMY: _ClassVar[GalaxiesTrack]

class GalaxiesShipType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GALAXIES_SHIP_TYPE_UNSPECIFIED: _ClassVar[GalaxiesShipType]
    GALAXIES_SHIP_TYPE_REGULAR: _ClassVar[GalaxiesShipType]
    GALAXIES_SHIP_TYPE_EXPLORER: _ClassVar[GalaxiesShipType]
    GALAXIES_SHIP_TYPE_HARVESTER: _ClassVar[GalaxiesShipType]
    GALAXIES_SHIP_TYPE_COLONIZER: _ClassVar[GalaxiesShipType]
    GALAXIES_SHIP_TYPE_CAPITAL: _ClassVar[GalaxiesShipType]

class GalaxiesShipLocation(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GALAXIES_SHIP_LOCATION_UNSPECIFIED: _ClassVar[GalaxiesShipLocation]
    GALAXIES_SHIP_LOCATION_LOCKED: _ClassVar[GalaxiesShipLocation]
    GALAXIES_SHIP_LOCATION_GALAXY: _ClassVar[GalaxiesShipLocation]
    GALAXIES_SHIP_LOCATION_SURFACE: _ClassVar[GalaxiesShipLocation]
    GALAXIES_SHIP_LOCATION_ORBIT: _ClassVar[GalaxiesShipLocation]
    GALAXIES_SHIP_LOCATION_EXPLORING: _ClassVar[GalaxiesShipLocation]

class GalaxiesPilotAbility(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GALAXIES_PILOT_ABILITY_UNSPECIFIED: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_EXPLORE_CULTURE: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_DANGER_SHIELD: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_MOVE_ENERGY: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_EXTRA_YIELD: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_BOTH_RESOURCES: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_ORBIT_START: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_ANY_TRACK: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_STEADFAST: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_ADVANCE_BONUS: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_UPGRADE_DISCOUNT: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_CHEAP_FOLLOW: _ClassVar[GalaxiesPilotAbility]
    GALAXIES_PILOT_ABILITY_THEFT_IMMUNE: _ClassVar[GalaxiesPilotAbility]

class GalaxiesCardColor(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GALAXIES_CARD_COLOR_UNSPECIFIED: _ClassVar[GalaxiesCardColor]
    GALAXIES_CARD_COLOR_GREEN: _ClassVar[GalaxiesCardColor]
    GALAXIES_CARD_COLOR_RED: _ClassVar[GalaxiesCardColor]

class GalaxiesCardKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GALAXIES_CARD_KIND_UNSPECIFIED: _ClassVar[GalaxiesCardKind]
    GALAXIES_CARD_KIND_DWARF_PLANET: _ClassVar[GalaxiesCardKind]
    GALAXIES_CARD_KIND_ASTEROID_FIELD: _ClassVar[GalaxiesCardKind]
    GALAXIES_CARD_KIND_BLACK_HOLE: _ClassVar[GalaxiesCardKind]
    GALAXIES_CARD_KIND_DISCOVERY: _ClassVar[GalaxiesCardKind]
    GALAXIES_CARD_KIND_DANGER: _ClassVar[GalaxiesCardKind]

class GalaxiesCardEffect(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GALAXIES_CARD_EFFECT_UNSPECIFIED: _ClassVar[GalaxiesCardEffect]
    GALAXIES_CARD_EFFECT_NONE: _ClassVar[GalaxiesCardEffect]
    GALAXIES_CARD_EFFECT_GAIN_ENERGY: _ClassVar[GalaxiesCardEffect]
    GALAXIES_CARD_EFFECT_GAIN_CULTURE: _ClassVar[GalaxiesCardEffect]
    GALAXIES_CARD_EFFECT_GAIN_BOTH: _ClassVar[GalaxiesCardEffect]
    GALAXIES_CARD_EFFECT_ADVANCE: _ClassVar[GalaxiesCardEffect]
    GALAXIES_CARD_EFFECT_LOSE_ENERGY: _ClassVar[GalaxiesCardEffect]
    GALAXIES_CARD_EFFECT_LOSE_CULTURE: _ClassVar[GalaxiesCardEffect]
    GALAXIES_CARD_EFFECT_SHIP_HOME: _ClassVar[GalaxiesCardEffect]
    GALAXIES_CARD_EFFECT_REGRESS: _ClassVar[GalaxiesCardEffect]

class GalaxiesActionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GALAXIES_ACTION_KIND_UNSPECIFIED: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_CHOOSE_MISSION: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_ACTIVATE: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_REROLL: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_REROLL_DIE: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_ROLL: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_CONVERT: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_CONVERT_SPEND: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_SET_DIE: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_SET_FACE: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_HIRE: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_HIRE_PILOT: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_HIRE_WITH: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_REPLACE_SHIP: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_END_TURN: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_FOLLOW: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_DECLINE: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_MOVE_SHIP: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_LAND: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_ORBIT: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_GO_HOME: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_EXPLORE: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_TAKE_DISCARD: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_DRAW: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_KEEP: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_PASS_ON: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_ADVANCE: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_REGRESS: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_UPGRADE: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_USE_COLONY: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_TAKE_FROM: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_CONVERT_AMOUNT: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_CHOOSE_PLANET: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_CHOOSE_FACE: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_PAY: _ClassVar[GalaxiesActionKind]
    GALAXIES_ACTION_KIND_DISCARD_DIE: _ClassVar[GalaxiesActionKind]
GALAXIES_DIE_FACE_UNSPECIFIED: GalaxiesDieFace
GALAXIES_DIE_FACE_MOVE: GalaxiesDieFace
GALAXIES_DIE_FACE_ENERGY: GalaxiesDieFace
GALAXIES_DIE_FACE_CULTURE: GalaxiesDieFace
GALAXIES_DIE_FACE_DIPLOMACY: GalaxiesDieFace
GALAXIES_DIE_FACE_ECONOMY: GalaxiesDieFace
GALAXIES_DIE_FACE_UTILIZE: GalaxiesDieFace
GALAXIES_RESOURCE_UNSPECIFIED: GalaxiesResource
GALAXIES_RESOURCE_ENERGY: GalaxiesResource
GALAXIES_RESOURCE_CULTURE: GalaxiesResource
GALAXIES_TRACK_UNSPECIFIED: GalaxiesTrack
GALAXIES_TRACK_DIPLOMACY: GalaxiesTrack
GALAXIES_TRACK_ECONOMY: GalaxiesTrack
GALAXIES_SHIP_TYPE_UNSPECIFIED: GalaxiesShipType
GALAXIES_SHIP_TYPE_REGULAR: GalaxiesShipType
GALAXIES_SHIP_TYPE_EXPLORER: GalaxiesShipType
GALAXIES_SHIP_TYPE_HARVESTER: GalaxiesShipType
GALAXIES_SHIP_TYPE_COLONIZER: GalaxiesShipType
GALAXIES_SHIP_TYPE_CAPITAL: GalaxiesShipType
GALAXIES_SHIP_LOCATION_UNSPECIFIED: GalaxiesShipLocation
GALAXIES_SHIP_LOCATION_LOCKED: GalaxiesShipLocation
GALAXIES_SHIP_LOCATION_GALAXY: GalaxiesShipLocation
GALAXIES_SHIP_LOCATION_SURFACE: GalaxiesShipLocation
GALAXIES_SHIP_LOCATION_ORBIT: GalaxiesShipLocation
GALAXIES_SHIP_LOCATION_EXPLORING: GalaxiesShipLocation
GALAXIES_PILOT_ABILITY_UNSPECIFIED: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_EXPLORE_CULTURE: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_DANGER_SHIELD: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_MOVE_ENERGY: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_EXTRA_YIELD: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_BOTH_RESOURCES: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_ORBIT_START: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_ANY_TRACK: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_STEADFAST: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_ADVANCE_BONUS: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_UPGRADE_DISCOUNT: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_CHEAP_FOLLOW: GalaxiesPilotAbility
GALAXIES_PILOT_ABILITY_THEFT_IMMUNE: GalaxiesPilotAbility
GALAXIES_CARD_COLOR_UNSPECIFIED: GalaxiesCardColor
GALAXIES_CARD_COLOR_GREEN: GalaxiesCardColor
GALAXIES_CARD_COLOR_RED: GalaxiesCardColor
GALAXIES_CARD_KIND_UNSPECIFIED: GalaxiesCardKind
GALAXIES_CARD_KIND_DWARF_PLANET: GalaxiesCardKind
GALAXIES_CARD_KIND_ASTEROID_FIELD: GalaxiesCardKind
GALAXIES_CARD_KIND_BLACK_HOLE: GalaxiesCardKind
GALAXIES_CARD_KIND_DISCOVERY: GalaxiesCardKind
GALAXIES_CARD_KIND_DANGER: GalaxiesCardKind
GALAXIES_CARD_EFFECT_UNSPECIFIED: GalaxiesCardEffect
GALAXIES_CARD_EFFECT_NONE: GalaxiesCardEffect
GALAXIES_CARD_EFFECT_GAIN_ENERGY: GalaxiesCardEffect
GALAXIES_CARD_EFFECT_GAIN_CULTURE: GalaxiesCardEffect
GALAXIES_CARD_EFFECT_GAIN_BOTH: GalaxiesCardEffect
GALAXIES_CARD_EFFECT_ADVANCE: GalaxiesCardEffect
GALAXIES_CARD_EFFECT_LOSE_ENERGY: GalaxiesCardEffect
GALAXIES_CARD_EFFECT_LOSE_CULTURE: GalaxiesCardEffect
GALAXIES_CARD_EFFECT_SHIP_HOME: GalaxiesCardEffect
GALAXIES_CARD_EFFECT_REGRESS: GalaxiesCardEffect
GALAXIES_ACTION_KIND_UNSPECIFIED: GalaxiesActionKind
GALAXIES_ACTION_KIND_CHOOSE_MISSION: GalaxiesActionKind
GALAXIES_ACTION_KIND_ACTIVATE: GalaxiesActionKind
GALAXIES_ACTION_KIND_REROLL: GalaxiesActionKind
GALAXIES_ACTION_KIND_REROLL_DIE: GalaxiesActionKind
GALAXIES_ACTION_KIND_ROLL: GalaxiesActionKind
GALAXIES_ACTION_KIND_CONVERT: GalaxiesActionKind
GALAXIES_ACTION_KIND_CONVERT_SPEND: GalaxiesActionKind
GALAXIES_ACTION_KIND_SET_DIE: GalaxiesActionKind
GALAXIES_ACTION_KIND_SET_FACE: GalaxiesActionKind
GALAXIES_ACTION_KIND_HIRE: GalaxiesActionKind
GALAXIES_ACTION_KIND_HIRE_PILOT: GalaxiesActionKind
GALAXIES_ACTION_KIND_HIRE_WITH: GalaxiesActionKind
GALAXIES_ACTION_KIND_REPLACE_SHIP: GalaxiesActionKind
GALAXIES_ACTION_KIND_END_TURN: GalaxiesActionKind
GALAXIES_ACTION_KIND_FOLLOW: GalaxiesActionKind
GALAXIES_ACTION_KIND_DECLINE: GalaxiesActionKind
GALAXIES_ACTION_KIND_MOVE_SHIP: GalaxiesActionKind
GALAXIES_ACTION_KIND_LAND: GalaxiesActionKind
GALAXIES_ACTION_KIND_ORBIT: GalaxiesActionKind
GALAXIES_ACTION_KIND_GO_HOME: GalaxiesActionKind
GALAXIES_ACTION_KIND_EXPLORE: GalaxiesActionKind
GALAXIES_ACTION_KIND_TAKE_DISCARD: GalaxiesActionKind
GALAXIES_ACTION_KIND_DRAW: GalaxiesActionKind
GALAXIES_ACTION_KIND_KEEP: GalaxiesActionKind
GALAXIES_ACTION_KIND_PASS_ON: GalaxiesActionKind
GALAXIES_ACTION_KIND_ADVANCE: GalaxiesActionKind
GALAXIES_ACTION_KIND_REGRESS: GalaxiesActionKind
GALAXIES_ACTION_KIND_UPGRADE: GalaxiesActionKind
GALAXIES_ACTION_KIND_USE_COLONY: GalaxiesActionKind
GALAXIES_ACTION_KIND_TAKE_FROM: GalaxiesActionKind
GALAXIES_ACTION_KIND_CONVERT_AMOUNT: GalaxiesActionKind
GALAXIES_ACTION_KIND_CHOOSE_PLANET: GalaxiesActionKind
GALAXIES_ACTION_KIND_CHOOSE_FACE: GalaxiesActionKind
GALAXIES_ACTION_KIND_PAY: GalaxiesActionKind
GALAXIES_ACTION_KIND_DISCARD_DIE: GalaxiesActionKind

class GalaxiesActionDetail(_message.Message):
    __slots__ = ("kind", "face", "ship", "planet", "seat", "pilot", "card", "mission", "amount", "resource", "ship_type", "culture_paid")
    KIND_FIELD_NUMBER: _ClassVar[int]
    FACE_FIELD_NUMBER: _ClassVar[int]
    SHIP_FIELD_NUMBER: _ClassVar[int]
    PLANET_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PILOT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    MISSION_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    SHIP_TYPE_FIELD_NUMBER: _ClassVar[int]
    CULTURE_PAID_FIELD_NUMBER: _ClassVar[int]
    kind: GalaxiesActionKind
    face: GalaxiesDieFace
    ship: int
    planet: int
    seat: int
    pilot: int
    card: int
    mission: int
    amount: int
    resource: GalaxiesResource
    ship_type: GalaxiesShipType
    culture_paid: int
    def __init__(self, kind: _Optional[_Union[GalaxiesActionKind, str]] = ..., face: _Optional[_Union[GalaxiesDieFace, str]] = ..., ship: _Optional[int] = ..., planet: _Optional[int] = ..., seat: _Optional[int] = ..., pilot: _Optional[int] = ..., card: _Optional[int] = ..., mission: _Optional[int] = ..., amount: _Optional[int] = ..., resource: _Optional[_Union[GalaxiesResource, str]] = ..., ship_type: _Optional[_Union[GalaxiesShipType, str]] = ..., culture_paid: _Optional[int] = ...) -> None: ...

class GalaxiesShip(_message.Message):
    __slots__ = ("index", "location", "planet", "position", "ship_type", "pilot")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    PLANET_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    SHIP_TYPE_FIELD_NUMBER: _ClassVar[int]
    PILOT_FIELD_NUMBER: _ClassVar[int]
    index: int
    location: GalaxiesShipLocation
    planet: int
    position: int
    ship_type: GalaxiesShipType
    pilot: int
    def __init__(self, index: _Optional[int] = ..., location: _Optional[_Union[GalaxiesShipLocation, str]] = ..., planet: _Optional[int] = ..., position: _Optional[int] = ..., ship_type: _Optional[_Union[GalaxiesShipType, str]] = ..., pilot: _Optional[int] = ...) -> None: ...

class GalaxiesHangarSlot(_message.Message):
    __slots__ = ("ship_type", "pilots")
    SHIP_TYPE_FIELD_NUMBER: _ClassVar[int]
    PILOTS_FIELD_NUMBER: _ClassVar[int]
    ship_type: GalaxiesShipType
    pilots: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, ship_type: _Optional[_Union[GalaxiesShipType, str]] = ..., pilots: _Optional[_Iterable[int]] = ...) -> None: ...

class GalaxiesPlayer(_message.Message):
    __slots__ = ("seat", "energy", "culture", "empire_level", "vp", "ships", "colonies", "hangar", "exploration_cards", "badges", "mission_chosen")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ENERGY_FIELD_NUMBER: _ClassVar[int]
    CULTURE_FIELD_NUMBER: _ClassVar[int]
    EMPIRE_LEVEL_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    SHIPS_FIELD_NUMBER: _ClassVar[int]
    COLONIES_FIELD_NUMBER: _ClassVar[int]
    HANGAR_FIELD_NUMBER: _ClassVar[int]
    EXPLORATION_CARDS_FIELD_NUMBER: _ClassVar[int]
    BADGES_FIELD_NUMBER: _ClassVar[int]
    MISSION_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    energy: int
    culture: int
    empire_level: int
    vp: int
    ships: _containers.RepeatedCompositeFieldContainer[GalaxiesShip]
    colonies: _containers.RepeatedScalarFieldContainer[int]
    hangar: _containers.RepeatedCompositeFieldContainer[GalaxiesHangarSlot]
    exploration_cards: _containers.RepeatedScalarFieldContainer[int]
    badges: _containers.RepeatedScalarFieldContainer[int]
    mission_chosen: bool
    def __init__(self, seat: _Optional[int] = ..., energy: _Optional[int] = ..., culture: _Optional[int] = ..., empire_level: _Optional[int] = ..., vp: _Optional[int] = ..., ships: _Optional[_Iterable[_Union[GalaxiesShip, _Mapping]]] = ..., colonies: _Optional[_Iterable[int]] = ..., hangar: _Optional[_Iterable[_Union[GalaxiesHangarSlot, _Mapping]]] = ..., exploration_cards: _Optional[_Iterable[int]] = ..., badges: _Optional[_Iterable[int]] = ..., mission_chosen: _Optional[bool] = ...) -> None: ...

class GalaxiesObservation(_message.Message):
    __slots__ = ("turn", "turn_limit", "current_seat", "acting_seat", "your_seat", "decision", "expansion", "dice", "activated", "free_reroll", "converter_used", "following", "follow_cost", "players", "planet_row", "planet_deck_size", "pilot_row", "pilot_deck_size", "exploration_discard", "exploration_deck_size", "drawn_card", "end_triggered", "triggered_by", "your_mission", "mission_offer", "pilot_awaiting_ship", "awaiting_ship_type")
    TURN_FIELD_NUMBER: _ClassVar[int]
    TURN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTING_SEAT_FIELD_NUMBER: _ClassVar[int]
    YOUR_SEAT_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    EXPANSION_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    ACTIVATED_FIELD_NUMBER: _ClassVar[int]
    FREE_REROLL_FIELD_NUMBER: _ClassVar[int]
    CONVERTER_USED_FIELD_NUMBER: _ClassVar[int]
    FOLLOWING_FIELD_NUMBER: _ClassVar[int]
    FOLLOW_COST_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PLANET_ROW_FIELD_NUMBER: _ClassVar[int]
    PLANET_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    PILOT_ROW_FIELD_NUMBER: _ClassVar[int]
    PILOT_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    EXPLORATION_DISCARD_FIELD_NUMBER: _ClassVar[int]
    EXPLORATION_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DRAWN_CARD_FIELD_NUMBER: _ClassVar[int]
    END_TRIGGERED_FIELD_NUMBER: _ClassVar[int]
    TRIGGERED_BY_FIELD_NUMBER: _ClassVar[int]
    YOUR_MISSION_FIELD_NUMBER: _ClassVar[int]
    MISSION_OFFER_FIELD_NUMBER: _ClassVar[int]
    PILOT_AWAITING_SHIP_FIELD_NUMBER: _ClassVar[int]
    AWAITING_SHIP_TYPE_FIELD_NUMBER: _ClassVar[int]
    turn: int
    turn_limit: int
    current_seat: int
    acting_seat: int
    your_seat: int
    decision: str
    expansion: bool
    dice: _containers.RepeatedScalarFieldContainer[GalaxiesDieFace]
    activated: _containers.RepeatedScalarFieldContainer[GalaxiesDieFace]
    free_reroll: bool
    converter_used: bool
    following: GalaxiesDieFace
    follow_cost: int
    players: _containers.RepeatedCompositeFieldContainer[GalaxiesPlayer]
    planet_row: _containers.RepeatedScalarFieldContainer[int]
    planet_deck_size: int
    pilot_row: _containers.RepeatedScalarFieldContainer[int]
    pilot_deck_size: int
    exploration_discard: _containers.RepeatedScalarFieldContainer[int]
    exploration_deck_size: int
    drawn_card: int
    end_triggered: bool
    triggered_by: int
    your_mission: int
    mission_offer: _containers.RepeatedScalarFieldContainer[int]
    pilot_awaiting_ship: int
    awaiting_ship_type: GalaxiesShipType
    def __init__(self, turn: _Optional[int] = ..., turn_limit: _Optional[int] = ..., current_seat: _Optional[int] = ..., acting_seat: _Optional[int] = ..., your_seat: _Optional[int] = ..., decision: _Optional[str] = ..., expansion: _Optional[bool] = ..., dice: _Optional[_Iterable[_Union[GalaxiesDieFace, str]]] = ..., activated: _Optional[_Iterable[_Union[GalaxiesDieFace, str]]] = ..., free_reroll: _Optional[bool] = ..., converter_used: _Optional[bool] = ..., following: _Optional[_Union[GalaxiesDieFace, str]] = ..., follow_cost: _Optional[int] = ..., players: _Optional[_Iterable[_Union[GalaxiesPlayer, _Mapping]]] = ..., planet_row: _Optional[_Iterable[int]] = ..., planet_deck_size: _Optional[int] = ..., pilot_row: _Optional[_Iterable[int]] = ..., pilot_deck_size: _Optional[int] = ..., exploration_discard: _Optional[_Iterable[int]] = ..., exploration_deck_size: _Optional[int] = ..., drawn_card: _Optional[int] = ..., end_triggered: _Optional[bool] = ..., triggered_by: _Optional[int] = ..., your_mission: _Optional[int] = ..., mission_offer: _Optional[_Iterable[int]] = ..., pilot_awaiting_ship: _Optional[int] = ..., awaiting_ship_type: _Optional[_Union[GalaxiesShipType, str]] = ...) -> None: ...

class GalaxiesPlanet(_message.Message):
    __slots__ = ("id", "name", "resource", "track", "vp", "advances", "ability", "text")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_FIELD_NUMBER: _ClassVar[int]
    TRACK_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    ADVANCES_FIELD_NUMBER: _ClassVar[int]
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    resource: GalaxiesResource
    track: GalaxiesTrack
    vp: int
    advances: int
    ability: str
    text: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., resource: _Optional[_Union[GalaxiesResource, str]] = ..., track: _Optional[_Union[GalaxiesTrack, str]] = ..., vp: _Optional[int] = ..., advances: _Optional[int] = ..., ability: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...

class GalaxiesMission(_message.Message):
    __slots__ = ("id", "name", "vp", "tied_vp", "text")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    TIED_VP_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    vp: int
    tied_vp: int
    text: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., vp: _Optional[int] = ..., tied_vp: _Optional[int] = ..., text: _Optional[str] = ...) -> None: ...

class GalaxiesEmpireLevel(_message.Message):
    __slots__ = ("level", "dice", "ships", "vp", "cost")
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    SHIPS_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    level: int
    dice: int
    ships: int
    vp: int
    cost: int
    def __init__(self, level: _Optional[int] = ..., dice: _Optional[int] = ..., ships: _Optional[int] = ..., vp: _Optional[int] = ..., cost: _Optional[int] = ...) -> None: ...

class GalaxiesShipTypeFaces(_message.Message):
    __slots__ = ("ship_type", "faces")
    SHIP_TYPE_FIELD_NUMBER: _ClassVar[int]
    FACES_FIELD_NUMBER: _ClassVar[int]
    ship_type: GalaxiesShipType
    faces: _containers.RepeatedScalarFieldContainer[GalaxiesDieFace]
    def __init__(self, ship_type: _Optional[_Union[GalaxiesShipType, str]] = ..., faces: _Optional[_Iterable[_Union[GalaxiesDieFace, str]]] = ...) -> None: ...

class GalaxiesPilot(_message.Message):
    __slots__ = ("id", "name", "ship_types", "ability", "amount", "badges", "text")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SHIP_TYPES_FIELD_NUMBER: _ClassVar[int]
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    BADGES_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    ship_types: _containers.RepeatedScalarFieldContainer[GalaxiesShipType]
    ability: GalaxiesPilotAbility
    amount: int
    badges: _containers.RepeatedScalarFieldContainer[int]
    text: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., ship_types: _Optional[_Iterable[_Union[GalaxiesShipType, str]]] = ..., ability: _Optional[_Union[GalaxiesPilotAbility, str]] = ..., amount: _Optional[int] = ..., badges: _Optional[_Iterable[int]] = ..., text: _Optional[str] = ...) -> None: ...

class GalaxiesExplorationCard(_message.Message):
    __slots__ = ("id", "name", "color", "kind", "effect", "amount", "vp", "badges", "text")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    COLOR_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    BADGES_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    color: GalaxiesCardColor
    kind: GalaxiesCardKind
    effect: GalaxiesCardEffect
    amount: int
    vp: int
    badges: _containers.RepeatedScalarFieldContainer[int]
    text: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., color: _Optional[_Union[GalaxiesCardColor, str]] = ..., kind: _Optional[_Union[GalaxiesCardKind, str]] = ..., effect: _Optional[_Union[GalaxiesCardEffect, str]] = ..., amount: _Optional[int] = ..., vp: _Optional[int] = ..., badges: _Optional[_Iterable[int]] = ..., text: _Optional[str] = ...) -> None: ...

class GalaxiesStaticData(_message.Message):
    __slots__ = ("planets", "missions", "empire", "victory_points", "resource_cap", "content_version", "badges", "ship_types", "pilots", "exploration_cards")
    PLANETS_FIELD_NUMBER: _ClassVar[int]
    MISSIONS_FIELD_NUMBER: _ClassVar[int]
    EMPIRE_FIELD_NUMBER: _ClassVar[int]
    VICTORY_POINTS_FIELD_NUMBER: _ClassVar[int]
    RESOURCE_CAP_FIELD_NUMBER: _ClassVar[int]
    CONTENT_VERSION_FIELD_NUMBER: _ClassVar[int]
    BADGES_FIELD_NUMBER: _ClassVar[int]
    SHIP_TYPES_FIELD_NUMBER: _ClassVar[int]
    PILOTS_FIELD_NUMBER: _ClassVar[int]
    EXPLORATION_CARDS_FIELD_NUMBER: _ClassVar[int]
    planets: _containers.RepeatedCompositeFieldContainer[GalaxiesPlanet]
    missions: _containers.RepeatedCompositeFieldContainer[GalaxiesMission]
    empire: _containers.RepeatedCompositeFieldContainer[GalaxiesEmpireLevel]
    victory_points: int
    resource_cap: int
    content_version: str
    badges: _containers.RepeatedScalarFieldContainer[str]
    ship_types: _containers.RepeatedCompositeFieldContainer[GalaxiesShipTypeFaces]
    pilots: _containers.RepeatedCompositeFieldContainer[GalaxiesPilot]
    exploration_cards: _containers.RepeatedCompositeFieldContainer[GalaxiesExplorationCard]
    def __init__(self, planets: _Optional[_Iterable[_Union[GalaxiesPlanet, _Mapping]]] = ..., missions: _Optional[_Iterable[_Union[GalaxiesMission, _Mapping]]] = ..., empire: _Optional[_Iterable[_Union[GalaxiesEmpireLevel, _Mapping]]] = ..., victory_points: _Optional[int] = ..., resource_cap: _Optional[int] = ..., content_version: _Optional[str] = ..., badges: _Optional[_Iterable[str]] = ..., ship_types: _Optional[_Iterable[_Union[GalaxiesShipTypeFaces, _Mapping]]] = ..., pilots: _Optional[_Iterable[_Union[GalaxiesPilot, _Mapping]]] = ..., exploration_cards: _Optional[_Iterable[_Union[GalaxiesExplorationCard, _Mapping]]] = ...) -> None: ...
