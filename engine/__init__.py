"""Pure rules engines and computer players for the bot's card games.

No I/O and no imports from the rest of the project. Each game is a package
(``engine.president``, ``engine.bigtwo``, ``engine.sixty``) that registers a
:class:`~engine.game.GameType`; what the games share is here: the registry
and the state protocol (``engine.game``), French-suited cards
(``engine.cards``) and the typed errors (``engine.errors``).

    >>> from engine import game_type, game_types
    >>> [g.name for g in game_types()][0]
    'president'
    >>> game_type("president").title
    'President'
"""

from .errors import (
    EngineError,
    IllegalDecision,
    IllegalPlay,
    NotationError,
    NotYourTurn,
    OptionsError,
    RecordError,
    UnknownGame,
    WrongPhase,
)
from .game import (
    GameOutcome,
    GameRecord,
    GameState,
    GameType,
    OptionSpec,
    Player,
    PresetSpec,
    PublicEvent,
    ReplayStep,
    RoundScore,
    game_type,
    game_types,
    load_record,
    places,
    record_kind,
    register,
)

__all__ = [
    "EngineError",
    "GameOutcome",
    "GameRecord",
    "GameState",
    "GameType",
    "IllegalDecision",
    "IllegalPlay",
    "NotYourTurn",
    "NotationError",
    "OptionSpec",
    "OptionsError",
    "Player",
    "PresetSpec",
    "PublicEvent",
    "RecordError",
    "ReplayStep",
    "RoundScore",
    "UnknownGame",
    "WrongPhase",
    "game_type",
    "game_types",
    "load_record",
    "places",
    "record_kind",
    "register",
]
