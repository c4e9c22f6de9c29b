"""Pure rules engine and computer players for the bot's card games.

No I/O and no imports from the rest of the project. Start here::

    >>> from engine import President, preset, Play
    >>> game = President.new_game(preset("classic"), seed=42)
    >>> play = next(p for p in game.legal_plays())
    >>> game.apply(play)
"""

from .cards import JOKER, Card, format_cards, parse_cards, parse_rank, rank_char
from .errors import (
    EngineError,
    IllegalPlay,
    NotationError,
    NotYourTurn,
    OptionsError,
    RecordError,
    WrongPhase,
)
from .game import Game
from .options import PRESETS, Options, PresetInfo, preset
from .plays import PASS, Decision, Give, Play, parse_decision
from .president import (
    EXCHANGE,
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    Deal,
    President,
    Record,
    points_for,
    replay,
    replay_iter,
    title_for,
)
from .views import (
    Event,
    ExchangeEvent,
    Observation,
    Outcome,
    PublicView,
    RoundResult,
    SeatView,
    TrickState,
)

__all__ = [
    "EXCHANGE",
    "GAME_OVER",
    "JOKER",
    "PASS",
    "PLAY",
    "PRESETS",
    "ROUND_OVER",
    "Card",
    "Deal",
    "Decision",
    "EngineError",
    "Event",
    "ExchangeEvent",
    "Game",
    "Give",
    "IllegalPlay",
    "NotYourTurn",
    "NotationError",
    "Observation",
    "Options",
    "OptionsError",
    "Outcome",
    "Play",
    "PresetInfo",
    "President",
    "PublicView",
    "Record",
    "RecordError",
    "RoundResult",
    "SeatView",
    "TrickState",
    "WrongPhase",
    "format_cards",
    "parse_cards",
    "parse_decision",
    "parse_rank",
    "points_for",
    "preset",
    "rank_char",
    "replay",
    "replay_iter",
    "title_for",
]
