from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class RaceGood(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RACE_GOOD_UNSPECIFIED: _ClassVar[RaceGood]
    RACE_GOOD_NONE: _ClassVar[RaceGood]
    RACE_GOOD_ANY: _ClassVar[RaceGood]
    RACE_GOOD_NOVELTY: _ClassVar[RaceGood]
    RACE_GOOD_RARE: _ClassVar[RaceGood]
    RACE_GOOD_GENES: _ClassVar[RaceGood]
    RACE_GOOD_ALIEN: _ClassVar[RaceGood]

class RaceGoodType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RACE_GOOD_TYPE_UNSPECIFIED: _ClassVar[RaceGoodType]
    RACE_GOOD_TYPE_NONE: _ClassVar[RaceGoodType]
    RACE_GOOD_TYPE_WINDFALL: _ClassVar[RaceGoodType]
    RACE_GOOD_TYPE_PRODUCTION: _ClassVar[RaceGoodType]

class RaceCardKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RACE_CARD_KIND_UNSPECIFIED: _ClassVar[RaceCardKind]
    RACE_CARD_KIND_START_WORLD: _ClassVar[RaceCardKind]
    RACE_CARD_KIND_WORLD: _ClassVar[RaceCardKind]
    RACE_CARD_KIND_DEVELOPMENT: _ClassVar[RaceCardKind]

class RacePowerKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RACE_POWER_KIND_UNSPECIFIED: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_EXPLORE_DRAW: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_EXPLORE_KEEP: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_DEVELOP_COST: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_DEVELOP_DRAW_START: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_DEVELOP_DRAW_AFTER: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_MILITARY: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_MILITARY_VS: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_MILITARY_VS_REBEL: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_SETTLE_COST: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_SETTLE_DRAW_AFTER: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_NEW_MILITARY_TACTICS: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_COLONY_SHIP: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_CONTACT_SPECIALIST: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_TRADE_BONUS: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_TRADE_THIS_WORLD: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_CONSUME: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_CONSUME_SET: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_CONSUME_DISTINCT: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_CONSUME_ALL: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_CONSUME_PRICE: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_CONSUME_PRICE_BONUS: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_CONSUME_DRAW: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_CONSUME_GAMBLE: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_CONSUME_HAND: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_PRODUCE: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_PRODUCE_DRAW_IF: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_PRODUCE_WINDFALL: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_PRODUCE_DRAW: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_PRODUCE_DRAW_PER_GOOD: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_PRODUCE_DRAW_DISTINCT: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_PRODUCE_DRAW_MOST: _ClassVar[RacePowerKind]
    RACE_POWER_KIND_PRODUCE_DRAW_PER_WORLD: _ClassVar[RacePowerKind]

class RaceActionCard(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RACE_ACTION_CARD_UNSPECIFIED: _ClassVar[RaceActionCard]
    RACE_ACTION_CARD_EXPLORE_5: _ClassVar[RaceActionCard]
    RACE_ACTION_CARD_EXPLORE_1_1: _ClassVar[RaceActionCard]
    RACE_ACTION_CARD_DEVELOP: _ClassVar[RaceActionCard]
    RACE_ACTION_CARD_DEVELOP_2: _ClassVar[RaceActionCard]
    RACE_ACTION_CARD_SETTLE: _ClassVar[RaceActionCard]
    RACE_ACTION_CARD_SETTLE_2: _ClassVar[RaceActionCard]
    RACE_ACTION_CARD_CONSUME_TRADE: _ClassVar[RaceActionCard]
    RACE_ACTION_CARD_CONSUME_2X: _ClassVar[RaceActionCard]
    RACE_ACTION_CARD_PRODUCE: _ClassVar[RaceActionCard]

class RacePhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RACE_PHASE_UNSPECIFIED: _ClassVar[RacePhase]
    RACE_PHASE_SETUP_DISCARD: _ClassVar[RacePhase]
    RACE_PHASE_SELECT: _ClassVar[RacePhase]
    RACE_PHASE_EXPLORE: _ClassVar[RacePhase]
    RACE_PHASE_DEVELOP: _ClassVar[RacePhase]
    RACE_PHASE_SETTLE: _ClassVar[RacePhase]
    RACE_PHASE_CONSUME: _ClassVar[RacePhase]
    RACE_PHASE_PRODUCE: _ClassVar[RacePhase]
    RACE_PHASE_ROUND_DISCARD: _ClassVar[RacePhase]
    RACE_PHASE_GAME_OVER: _ClassVar[RacePhase]

class RaceDecisionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RACE_DECISION_KIND_UNSPECIFIED: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_SELECT: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_DISCARD: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_KEEP: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_DEVELOP: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_SETTLE: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_METHOD: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_PAY: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_TRADE: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_CONSUME_POWER: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_CONSUME_GOOD: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_CONSUME_HAND: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_GAMBLE: _ClassVar[RaceDecisionKind]
    RACE_DECISION_KIND_WINDFALL: _ClassVar[RaceDecisionKind]

class RaceSettleMethod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RACE_SETTLE_METHOD_UNSPECIFIED: _ClassVar[RaceSettleMethod]
    RACE_SETTLE_METHOD_NONE: _ClassVar[RaceSettleMethod]
    RACE_SETTLE_METHOD_PAY: _ClassVar[RaceSettleMethod]
    RACE_SETTLE_METHOD_CONQUER: _ClassVar[RaceSettleMethod]
    RACE_SETTLE_METHOD_CONQUER_TACTICS: _ClassVar[RaceSettleMethod]
    RACE_SETTLE_METHOD_COLONY_SHIP: _ClassVar[RaceSettleMethod]
    RACE_SETTLE_METHOD_CONTACT_PAY: _ClassVar[RaceSettleMethod]
    RACE_SETTLE_METHOD_CONTACT_COLONY_SHIP: _ClassVar[RaceSettleMethod]
RACE_GOOD_UNSPECIFIED: RaceGood
RACE_GOOD_NONE: RaceGood
RACE_GOOD_ANY: RaceGood
RACE_GOOD_NOVELTY: RaceGood
RACE_GOOD_RARE: RaceGood
RACE_GOOD_GENES: RaceGood
RACE_GOOD_ALIEN: RaceGood
RACE_GOOD_TYPE_UNSPECIFIED: RaceGoodType
RACE_GOOD_TYPE_NONE: RaceGoodType
RACE_GOOD_TYPE_WINDFALL: RaceGoodType
RACE_GOOD_TYPE_PRODUCTION: RaceGoodType
RACE_CARD_KIND_UNSPECIFIED: RaceCardKind
RACE_CARD_KIND_START_WORLD: RaceCardKind
RACE_CARD_KIND_WORLD: RaceCardKind
RACE_CARD_KIND_DEVELOPMENT: RaceCardKind
RACE_POWER_KIND_UNSPECIFIED: RacePowerKind
RACE_POWER_KIND_EXPLORE_DRAW: RacePowerKind
RACE_POWER_KIND_EXPLORE_KEEP: RacePowerKind
RACE_POWER_KIND_DEVELOP_COST: RacePowerKind
RACE_POWER_KIND_DEVELOP_DRAW_START: RacePowerKind
RACE_POWER_KIND_DEVELOP_DRAW_AFTER: RacePowerKind
RACE_POWER_KIND_MILITARY: RacePowerKind
RACE_POWER_KIND_MILITARY_VS: RacePowerKind
RACE_POWER_KIND_MILITARY_VS_REBEL: RacePowerKind
RACE_POWER_KIND_SETTLE_COST: RacePowerKind
RACE_POWER_KIND_SETTLE_DRAW_AFTER: RacePowerKind
RACE_POWER_KIND_NEW_MILITARY_TACTICS: RacePowerKind
RACE_POWER_KIND_COLONY_SHIP: RacePowerKind
RACE_POWER_KIND_CONTACT_SPECIALIST: RacePowerKind
RACE_POWER_KIND_TRADE_BONUS: RacePowerKind
RACE_POWER_KIND_TRADE_THIS_WORLD: RacePowerKind
RACE_POWER_KIND_CONSUME: RacePowerKind
RACE_POWER_KIND_CONSUME_SET: RacePowerKind
RACE_POWER_KIND_CONSUME_DISTINCT: RacePowerKind
RACE_POWER_KIND_CONSUME_ALL: RacePowerKind
RACE_POWER_KIND_CONSUME_PRICE: RacePowerKind
RACE_POWER_KIND_CONSUME_PRICE_BONUS: RacePowerKind
RACE_POWER_KIND_CONSUME_DRAW: RacePowerKind
RACE_POWER_KIND_CONSUME_GAMBLE: RacePowerKind
RACE_POWER_KIND_CONSUME_HAND: RacePowerKind
RACE_POWER_KIND_PRODUCE: RacePowerKind
RACE_POWER_KIND_PRODUCE_DRAW_IF: RacePowerKind
RACE_POWER_KIND_PRODUCE_WINDFALL: RacePowerKind
RACE_POWER_KIND_PRODUCE_DRAW: RacePowerKind
RACE_POWER_KIND_PRODUCE_DRAW_PER_GOOD: RacePowerKind
RACE_POWER_KIND_PRODUCE_DRAW_DISTINCT: RacePowerKind
RACE_POWER_KIND_PRODUCE_DRAW_MOST: RacePowerKind
RACE_POWER_KIND_PRODUCE_DRAW_PER_WORLD: RacePowerKind
RACE_ACTION_CARD_UNSPECIFIED: RaceActionCard
RACE_ACTION_CARD_EXPLORE_5: RaceActionCard
RACE_ACTION_CARD_EXPLORE_1_1: RaceActionCard
RACE_ACTION_CARD_DEVELOP: RaceActionCard
RACE_ACTION_CARD_DEVELOP_2: RaceActionCard
RACE_ACTION_CARD_SETTLE: RaceActionCard
RACE_ACTION_CARD_SETTLE_2: RaceActionCard
RACE_ACTION_CARD_CONSUME_TRADE: RaceActionCard
RACE_ACTION_CARD_CONSUME_2X: RaceActionCard
RACE_ACTION_CARD_PRODUCE: RaceActionCard
RACE_PHASE_UNSPECIFIED: RacePhase
RACE_PHASE_SETUP_DISCARD: RacePhase
RACE_PHASE_SELECT: RacePhase
RACE_PHASE_EXPLORE: RacePhase
RACE_PHASE_DEVELOP: RacePhase
RACE_PHASE_SETTLE: RacePhase
RACE_PHASE_CONSUME: RacePhase
RACE_PHASE_PRODUCE: RacePhase
RACE_PHASE_ROUND_DISCARD: RacePhase
RACE_PHASE_GAME_OVER: RacePhase
RACE_DECISION_KIND_UNSPECIFIED: RaceDecisionKind
RACE_DECISION_KIND_SELECT: RaceDecisionKind
RACE_DECISION_KIND_DISCARD: RaceDecisionKind
RACE_DECISION_KIND_KEEP: RaceDecisionKind
RACE_DECISION_KIND_DEVELOP: RaceDecisionKind
RACE_DECISION_KIND_SETTLE: RaceDecisionKind
RACE_DECISION_KIND_METHOD: RaceDecisionKind
RACE_DECISION_KIND_PAY: RaceDecisionKind
RACE_DECISION_KIND_TRADE: RaceDecisionKind
RACE_DECISION_KIND_CONSUME_POWER: RaceDecisionKind
RACE_DECISION_KIND_CONSUME_GOOD: RaceDecisionKind
RACE_DECISION_KIND_CONSUME_HAND: RaceDecisionKind
RACE_DECISION_KIND_GAMBLE: RaceDecisionKind
RACE_DECISION_KIND_WINDFALL: RaceDecisionKind
RACE_SETTLE_METHOD_UNSPECIFIED: RaceSettleMethod
RACE_SETTLE_METHOD_NONE: RaceSettleMethod
RACE_SETTLE_METHOD_PAY: RaceSettleMethod
RACE_SETTLE_METHOD_CONQUER: RaceSettleMethod
RACE_SETTLE_METHOD_CONQUER_TACTICS: RaceSettleMethod
RACE_SETTLE_METHOD_COLONY_SHIP: RaceSettleMethod
RACE_SETTLE_METHOD_CONTACT_PAY: RaceSettleMethod
RACE_SETTLE_METHOD_CONTACT_COLONY_SHIP: RaceSettleMethod

class RacePower(_message.Message):
    __slots__ = ("phase", "kind", "value", "good", "count", "vp", "cards", "text")
    PHASE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    GOOD_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    phase: int
    kind: RacePowerKind
    value: int
    good: RaceGood
    count: int
    vp: int
    cards: int
    text: str
    def __init__(self, phase: _Optional[int] = ..., kind: _Optional[_Union[RacePowerKind, str]] = ..., value: _Optional[int] = ..., good: _Optional[_Union[RaceGood, str]] = ..., count: _Optional[int] = ..., vp: _Optional[int] = ..., cards: _Optional[int] = ..., text: _Optional[str] = ...) -> None: ...

class RaceCard(_message.Message):
    __slots__ = ("id", "name", "kind", "copies", "start_number", "cost", "military", "vp", "good", "good_type", "traits", "powers", "preset_hand", "scoring")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    COPIES_FIELD_NUMBER: _ClassVar[int]
    START_NUMBER_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    MILITARY_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    GOOD_FIELD_NUMBER: _ClassVar[int]
    GOOD_TYPE_FIELD_NUMBER: _ClassVar[int]
    TRAITS_FIELD_NUMBER: _ClassVar[int]
    POWERS_FIELD_NUMBER: _ClassVar[int]
    PRESET_HAND_FIELD_NUMBER: _ClassVar[int]
    SCORING_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    kind: RaceCardKind
    copies: int
    start_number: int
    cost: int
    military: bool
    vp: int
    good: RaceGood
    good_type: RaceGoodType
    traits: _containers.RepeatedScalarFieldContainer[str]
    powers: _containers.RepeatedCompositeFieldContainer[RacePower]
    preset_hand: int
    scoring: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., kind: _Optional[_Union[RaceCardKind, str]] = ..., copies: _Optional[int] = ..., start_number: _Optional[int] = ..., cost: _Optional[int] = ..., military: _Optional[bool] = ..., vp: _Optional[int] = ..., good: _Optional[_Union[RaceGood, str]] = ..., good_type: _Optional[_Union[RaceGoodType, str]] = ..., traits: _Optional[_Iterable[str]] = ..., powers: _Optional[_Iterable[_Union[RacePower, _Mapping]]] = ..., preset_hand: _Optional[int] = ..., scoring: _Optional[str] = ...) -> None: ...

class RaceTradePrice(_message.Message):
    __slots__ = ("good", "price")
    GOOD_FIELD_NUMBER: _ClassVar[int]
    PRICE_FIELD_NUMBER: _ClassVar[int]
    good: RaceGood
    price: int
    def __init__(self, good: _Optional[_Union[RaceGood, str]] = ..., price: _Optional[int] = ...) -> None: ...

class RaceSixCostScoring(_message.Message):
    __slots__ = ("card_id", "vp_by_card", "vp_per_three_chips")
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    VP_BY_CARD_FIELD_NUMBER: _ClassVar[int]
    VP_PER_THREE_CHIPS_FIELD_NUMBER: _ClassVar[int]
    card_id: int
    vp_by_card: _containers.RepeatedScalarFieldContainer[int]
    vp_per_three_chips: int
    def __init__(self, card_id: _Optional[int] = ..., vp_by_card: _Optional[_Iterable[int]] = ..., vp_per_three_chips: _Optional[int] = ...) -> None: ...

class RaceStaticData(_message.Message):
    __slots__ = ("cards", "deck_size", "hand_limit", "trade_prices", "six_cost_scoring")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    HAND_LIMIT_FIELD_NUMBER: _ClassVar[int]
    TRADE_PRICES_FIELD_NUMBER: _ClassVar[int]
    SIX_COST_SCORING_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[RaceCard]
    deck_size: int
    hand_limit: int
    trade_prices: _containers.RepeatedCompositeFieldContainer[RaceTradePrice]
    six_cost_scoring: _containers.RepeatedCompositeFieldContainer[RaceSixCostScoring]
    def __init__(self, cards: _Optional[_Iterable[_Union[RaceCard, _Mapping]]] = ..., deck_size: _Optional[int] = ..., hand_limit: _Optional[int] = ..., trade_prices: _Optional[_Iterable[_Union[RaceTradePrice, _Mapping]]] = ..., six_cost_scoring: _Optional[_Iterable[_Union[RaceSixCostScoring, _Mapping]]] = ...) -> None: ...

class RaceTableauCard(_message.Message):
    __slots__ = ("card", "good", "placed_in")
    CARD_FIELD_NUMBER: _ClassVar[int]
    GOOD_FIELD_NUMBER: _ClassVar[int]
    PLACED_IN_FIELD_NUMBER: _ClassVar[int]
    card: int
    good: bool
    placed_in: int
    def __init__(self, card: _Optional[int] = ..., good: _Optional[bool] = ..., placed_in: _Optional[int] = ...) -> None: ...

class RacePowerRef(_message.Message):
    __slots__ = ("source_index", "power_index")
    SOURCE_INDEX_FIELD_NUMBER: _ClassVar[int]
    POWER_INDEX_FIELD_NUMBER: _ClassVar[int]
    source_index: int
    power_index: int
    def __init__(self, source_index: _Optional[int] = ..., power_index: _Optional[int] = ...) -> None: ...

class RacePlayerView(_message.Message):
    __slots__ = ("seat", "tableau", "hand_count", "vp_chips", "actions", "military", "score", "step", "count", "explore_count", "bonus", "used", "current", "taken", "produced", "produced_on", "placing", "methods")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TABLEAU_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    VP_CHIPS_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    MILITARY_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    EXPLORE_COUNT_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    TAKEN_FIELD_NUMBER: _ClassVar[int]
    PRODUCED_FIELD_NUMBER: _ClassVar[int]
    PRODUCED_ON_FIELD_NUMBER: _ClassVar[int]
    PLACING_FIELD_NUMBER: _ClassVar[int]
    METHODS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    tableau: _containers.RepeatedCompositeFieldContainer[RaceTableauCard]
    hand_count: int
    vp_chips: int
    actions: _containers.RepeatedScalarFieldContainer[RaceActionCard]
    military: int
    score: int
    step: str
    count: int
    explore_count: int
    bonus: bool
    used: _containers.RepeatedCompositeFieldContainer[RacePowerRef]
    current: RacePowerRef
    taken: _containers.RepeatedScalarFieldContainer[RaceGood]
    produced: _containers.RepeatedScalarFieldContainer[RaceGood]
    produced_on: _containers.RepeatedScalarFieldContainer[int]
    placing: int
    methods: _containers.RepeatedScalarFieldContainer[RaceSettleMethod]
    def __init__(self, seat: _Optional[int] = ..., tableau: _Optional[_Iterable[_Union[RaceTableauCard, _Mapping]]] = ..., hand_count: _Optional[int] = ..., vp_chips: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[RaceActionCard, str]]] = ..., military: _Optional[int] = ..., score: _Optional[int] = ..., step: _Optional[str] = ..., count: _Optional[int] = ..., explore_count: _Optional[int] = ..., bonus: _Optional[bool] = ..., used: _Optional[_Iterable[_Union[RacePowerRef, _Mapping]]] = ..., current: _Optional[_Union[RacePowerRef, _Mapping]] = ..., taken: _Optional[_Iterable[_Union[RaceGood, str]]] = ..., produced: _Optional[_Iterable[_Union[RaceGood, str]]] = ..., produced_on: _Optional[_Iterable[int]] = ..., placing: _Optional[int] = ..., methods: _Optional[_Iterable[_Union[RaceSettleMethod, str]]] = ...) -> None: ...

class RaceObservation(_message.Message):
    __slots__ = ("seat", "round", "phase", "phases", "players", "hand", "explore_cards", "pay_left", "deck_count", "discard_count", "vp_pool", "advanced", "game_over", "phase_number", "sub_step", "phase_passes", "round_limit")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    PHASES_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    EXPLORE_CARDS_FIELD_NUMBER: _ClassVar[int]
    PAY_LEFT_FIELD_NUMBER: _ClassVar[int]
    DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    VP_POOL_FIELD_NUMBER: _ClassVar[int]
    ADVANCED_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    PHASE_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SUB_STEP_FIELD_NUMBER: _ClassVar[int]
    PHASE_PASSES_FIELD_NUMBER: _ClassVar[int]
    ROUND_LIMIT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    round: int
    phase: RacePhase
    phases: _containers.RepeatedScalarFieldContainer[RacePhase]
    players: _containers.RepeatedCompositeFieldContainer[RacePlayerView]
    hand: _containers.RepeatedScalarFieldContainer[int]
    explore_cards: _containers.RepeatedScalarFieldContainer[int]
    pay_left: int
    deck_count: int
    discard_count: int
    vp_pool: int
    advanced: bool
    game_over: bool
    phase_number: int
    sub_step: str
    phase_passes: _containers.RepeatedScalarFieldContainer[int]
    round_limit: int
    def __init__(self, seat: _Optional[int] = ..., round: _Optional[int] = ..., phase: _Optional[_Union[RacePhase, str]] = ..., phases: _Optional[_Iterable[_Union[RacePhase, str]]] = ..., players: _Optional[_Iterable[_Union[RacePlayerView, _Mapping]]] = ..., hand: _Optional[_Iterable[int]] = ..., explore_cards: _Optional[_Iterable[int]] = ..., pay_left: _Optional[int] = ..., deck_count: _Optional[int] = ..., discard_count: _Optional[int] = ..., vp_pool: _Optional[int] = ..., advanced: _Optional[bool] = ..., game_over: _Optional[bool] = ..., phase_number: _Optional[int] = ..., sub_step: _Optional[str] = ..., phase_passes: _Optional[_Iterable[int]] = ..., round_limit: _Optional[int] = ...) -> None: ...

class RaceActionDetail(_message.Message):
    __slots__ = ("kind", "actions", "card", "tableau_index", "source_index", "power_index", "method", "number")
    KIND_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TABLEAU_INDEX_FIELD_NUMBER: _ClassVar[int]
    SOURCE_INDEX_FIELD_NUMBER: _ClassVar[int]
    POWER_INDEX_FIELD_NUMBER: _ClassVar[int]
    METHOD_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    kind: RaceDecisionKind
    actions: _containers.RepeatedScalarFieldContainer[RaceActionCard]
    card: int
    tableau_index: int
    source_index: int
    power_index: int
    method: RaceSettleMethod
    number: int
    def __init__(self, kind: _Optional[_Union[RaceDecisionKind, str]] = ..., actions: _Optional[_Iterable[_Union[RaceActionCard, str]]] = ..., card: _Optional[int] = ..., tableau_index: _Optional[int] = ..., source_index: _Optional[int] = ..., power_index: _Optional[int] = ..., method: _Optional[_Union[RaceSettleMethod, str]] = ..., number: _Optional[int] = ...) -> None: ...
