"""Big Two (Big Deuce, Choh Dai Di, Pusoy Dos): rules, presets, views and
computer players. ``GAME_TYPE`` registers it with the engine. Start here::

    >>> from engine.bigtwo import BigTwo, preset
    >>> game = BigTwo.new_game(preset("hong_kong"), seed=42)
    >>> first = game.default_decision()  # the lowest card alone
    >>> [event.kind for event in game.apply(first, game.current_player)]
    ['play']
    >>> str(game.record().rounds[0].decisions[0][1]) == str(first)
    True

The notation players see is President's: cards ``3D``, ``TS``, ``2H``; a
combination is its cards, space separated (``9C 9D``); the pass is ``pass``.
"""

from __future__ import annotations

from .. import kit
from ..game import PresetSpec
from ..stats import RATING_BOARD, WINS_BOARD, BoardSpec, StatsSpec
from .combos import PASS, Combo, Decision, Pass, parse_decision
from .options import N_, OPTION_SCHEMA, PRESETS, Options, preset
from .state import (
    GAME_OVER,
    PLAY,
    ROUND_OVER,
    BigTwo,
    Deal,
    PassedOut,
    Record,
    penalty,
    replay,
    replay_iter,
)
from .views import Event, Observation, PublicView, SeatView

__all__ = [
    "GAME_OVER",
    "GAME_TYPE",
    "PASS",
    "PLAY",
    "PRESETS",
    "ROUND_OVER",
    "BigTwo",
    "Combo",
    "Deal",
    "Decision",
    "Event",
    "Observation",
    "Options",
    "Pass",
    "PassedOut",
    "PublicView",
    "Record",
    "SeatView",
    "parse_decision",
    "penalty",
    "preset",
    "replay",
    "replay_iter",
]


MEAN_TITLES = {
    "standard": N_("Mean penalty per deal"),
    # Translators: doubled_twos is the scoring option's value, as players type it.
    "doubled_twos": N_("Mean penalty per deal (doubled_twos)"),
}
"""Each scoring's board title, whole, so the bot can translate it."""

GAME_TYPE = kit.describe(
    BigTwo,
    preset=preset,
    options=Options,
    ai="engine.bigtwo.ai",
    terminal="engine.bigtwo.terminal",
    summary=N_("Beat the table with singles, pairs, triples and poker hands; be the first out."),
    min_players=2,
    max_players=4,
    default_players=4,
    presets={name: PresetSpec(name, info.summary, 2, 4, 4) for name, info in PRESETS.items()},
    default_preset="standard",
    option_schema=OPTION_SCHEMA,
    from_hands=BigTwo.from_hands,
    level_seconds={"random": 0.05, "easy": 0.05, "normal": 0.1, "hard": 1.0},
    statistics=StatsSpec(
        boards=(
            RATING_BOARD,
            WINS_BOARD,
            BoardSpec("firsts", N_("Deals won"), "count", stat="firsts"),
            *(
                BoardSpec(
                    f"mean-{s}",
                    MEAN_TITLES[s],
                    "mean",
                    stat=s,
                    lower_is_better=True,
                )
                for s in next(o.choices for o in OPTION_SCHEMA if o.name == "scoring")
            ),
        ),
        scores="mean",
        scores_title=N_("Mean penalty per deal"),
    ),
)
