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

from .. import kit
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
from .options import N_, OPTION_SCHEMA, PRESETS, Options, preset, preset_specs
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


GAME_TYPE = kit.describe(
    Sixty,
    preset=preset,
    options=Options,
    ai="engine.sixty.ai",
    terminal="engine.sixty.terminal",
    summary=N_("Attack with sets of equal numbers; pass, joker or fight back. Fewest points win."),
    min_players=2,
    max_players=6,
    default_players=4,
    presets=preset_specs(),
    default_preset="standard",
    option_schema=OPTION_SCHEMA,
    from_hands=Sixty.from_hands,
    level_seconds={"random": 0.05, "easy": 0.05, "normal": 0.1, "hard": 1.0},
    statistics=StatsSpec(
        boards=(
            RATING_BOARD,
            WINS_BOARD,
            BoardSpec("firsts", N_("Deals won"), "count", stat="firsts"),
            # one way of scoring, stored as "standard"
            BoardSpec(
                "mean-standard",
                N_("Mean penalty per deal"),
                "mean",
                stat="standard",
                lower_is_better=True,
            ),
        ),
        scores="mean",
        scores_title=N_("Mean penalty per deal"),
    ),
)
