"""Sixty's pictures as the runtime sends them (blocking: call in a thread).

Table and results pictures receive only public data (the public view,
round scores, names); the hand picture receives one seat's observation.
A drawing failure returns ``None``: the message then goes out without it.
"""

from __future__ import annotations

from collections.abc import Sequence

import render.sixty as render
from cogs.table.images import Picture, draw, picture_names
from engine.game import GameOutcome
from engine.sixty import Observation, PublicView


def hand_picture(obs: Observation, highlight: bool) -> Picture | None:
    return draw("hand", render.render_hand, obs, highlight=highlight)


def position_picture(obs: Observation) -> Picture | None:
    """A reviewed decision's position: the player's hand then, from their
    observation (the coach's review draws it in the computer worker)."""
    return draw("position", render.render_hand, obs)


def round_picture(
    view: PublicView, names: Sequence[str], computer: Sequence[bool]
) -> Picture | None:
    return draw(
        "results",
        render.render_round_results,
        view,
        picture_names(names, computer),
        computer=list(computer),
    )


def standings_picture(
    view: PublicView, outcome: GameOutcome, names: Sequence[str], computer: Sequence[bool]
) -> Picture | None:
    return draw(
        "standings",
        render.render_final_standings,
        view,
        outcome,
        picture_names(names, computer),
        computer=list(computer),
    )
