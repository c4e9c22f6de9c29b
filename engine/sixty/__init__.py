"""Sixty: attack your neighbour with sets of equal numbers; what nobody can
stop becomes penalty points. Rules, options, views and computer players.

``GAME_TYPE`` registers it with the engine. Start here::

    >>> from engine.sixty import Sixty, preset
    >>> game = Sixty.new_game(preset("standard"), seed=3)
    >>> decision = game.legal_list()[0]
    >>> [event.kind for event in game.apply(decision)]
    ['attack', 'draw']
    >>> game.phase
    'defend'

Where the rules are silent the choices are documented in
:mod:`engine.sixty.state` (turn flow, scoring), :mod:`engine.sixty.views`
(what is hidden) and :mod:`engine.sixty.cards` (notation).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..game import GameType, ReplayStep, lazy
from ..stats import RATING_BOARD, WINS_BOARD, BoardSpec, StatsSpec
from .cards import (
    ATTACK,
    FIGHT,
    JOKER,
    PASS,
    TAKE,
    Card,
    Decision,
    attack,
    fight,
    format_cards,
    joker,
    parse_cards,
    parse_decision,
    pass_on,
)
from .options import OPTION_SCHEMA, PRESETS, Options, preset, preset_specs
from .state import (
    ATTACK_PHASE,
    DEFEND,
    GAME_OVER,
    ROUND_OVER,
    Deal,
    Record,
    Sixty,
    replay,
    replay_iter,
)
from .views import AttackView, Event, Observation, PublicView

__all__ = [
    "ATTACK",
    "ATTACK_PHASE",
    "DEFEND",
    "FIGHT",
    "GAME_OVER",
    "GAME_TYPE",
    "JOKER",
    "PASS",
    "PRESETS",
    "ROUND_OVER",
    "TAKE",
    "AttackView",
    "Card",
    "Deal",
    "Decision",
    "Event",
    "Observation",
    "Options",
    "PublicView",
    "Record",
    "Sixty",
    "attack",
    "fight",
    "format_cards",
    "joker",
    "parse_cards",
    "parse_decision",
    "pass_on",
    "preset",
    "replay",
    "replay_iter",
]


def _make_options(name: str, overrides: Mapping[str, Any]) -> Options:
    return preset(name, **dict(overrides))


def _options_from_dict(data: Mapping[str, Any]) -> Options:
    return Options.from_dict(data)


def _replay(record: Any) -> Iterator[ReplayStep]:
    for step in replay_iter(record):
        yield ReplayStep(*step)


GAME_TYPE = GameType(
    name="sixty",
    title="Sixty",
    summary="Attack with sets of equal numbers; pass, joker or fight back. Fewest points win.",
    min_players=2,
    max_players=6,
    default_players=4,
    presets=preset_specs(),
    default_preset="standard",
    option_schema=OPTION_SCHEMA,
    lower_is_better=True,
    make_options=_make_options,
    options_from_dict=_options_from_dict,
    new_game=Sixty.new_game,
    from_json=Sixty.from_json,
    load_record=Record.from_json,
    replay=_replay,
    parse_decision=parse_decision,
    levels=lazy("engine.sixty.ai", "levels"),
    make_player=lazy("engine.sixty.ai", "make_player"),
    from_hands=Sixty.from_hands,
    terminal=lazy("engine.sixty.terminal", "main"),
    statistics=StatsSpec(
        boards=(
            RATING_BOARD,
            WINS_BOARD,
            BoardSpec("firsts", "Deals won", "count", stat="firsts"),
            # one way of scoring, stored as "standard"
            BoardSpec(
                "mean-standard",
                "Mean penalty per deal",
                "mean",
                stat="standard",
                lower_is_better=True,
            ),
        ),
        scores="mean",
        scores_title="Mean penalty per deal",
    ),
)
