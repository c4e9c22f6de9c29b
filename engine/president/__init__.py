"""President (Scum, Daifugō): rules, presets, views and computer players.

The first game of the engine; ``GAME_TYPE`` registers it. Start here::

    >>> from engine.president import President, preset, Play
    >>> game = President.new_game(preset("classic"), seed=42)
    >>> play = next(p for p in game.legal_plays())
    >>> [event.kind for event in game.apply(play)]
    ['play']
"""

from __future__ import annotations

from .. import kit
from ..cards import JOKER, Card, format_cards, parse_cards, parse_rank, rank_char
from ..errors import (
    EngineError,
    IllegalPlay,
    NotationError,
    NotYourTurn,
    OptionsError,
    RecordError,
    WrongPhase,
)
from ..game import PresetSpec
from ..stats import RATING_BOARD, WINS_BOARD, BoardSpec, Detail, StatsSpec
from .options import N_, OPTION_SCHEMA, PRESETS, Options, PresetInfo, preset
from .plays import PASS, Decision, Give, Play, decision_key, parse_decision
from .state import (
    EXCHANGE,
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    TITLE_NAMES,
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
    "GAME_TYPE",
    "JOKER",
    "PASS",
    "PLAY",
    "PRESETS",
    "ROUND_OVER",
    "TITLE_NAMES",
    "Card",
    "Deal",
    "Decision",
    "EngineError",
    "Event",
    "ExchangeEvent",
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


POINTS_TITLES = {
    # Translators: classic, position, credits and ladder are the scoring option's
    # values, as players type them.
    "classic": N_("Points (classic scoring)"),
    "position": N_("Points (position scoring)"),
    "credits": N_("Points (credits scoring)"),
    "ladder": N_("Points (ladder scoring)"),
}
"""Each scoring's board title, whole, so the bot can translate it."""

GAME_TYPE = kit.describe(
    President,
    preset=preset,
    options=Options,
    ai="engine.president.ai",
    terminal="engine.president.terminal",
    summary=N_("Shed your cards first to become President; the last one out is the Scum."),
    min_players=3,
    max_players=8,
    default_players=4,
    presets={
        name: PresetSpec(
            name, info.summary, info.min_players, info.max_players, max(4, info.min_players)
        )
        for name, info in PRESETS.items()
    },
    default_preset="classic",
    option_schema=OPTION_SCHEMA,
    from_hands=President.from_hands,
    decision_key=decision_key,
    level_seconds={"random": 0.05, "easy": 0.05, "normal": 0.1, "hard": 1.0, "expert": 3.0},
    statistics=StatsSpec(
        boards=(
            RATING_BOARD,
            WINS_BOARD,
            BoardSpec("firsts", N_("Rounds finished first"), "count", stat="firsts"),
            *(
                BoardSpec(f"points-{s}", POINTS_TITLES[s], "points", stat=s)
                for s in next(o.choices for o in OPTION_SCHEMA if o.name == "scoring")
            ),
        ),
        details=(Detail("title"),),
        title_detail="title",
    ),
)
