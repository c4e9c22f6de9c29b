"""President's pictures for its adapter, drawn by ``render.president``.

Every function is blocking (call it through ``asyncio.to_thread``) and
returns encoded image bytes, or ``None`` if drawing failed: a missing
picture must never stop a game, the message then goes out without it.
Table and results pictures only ever receive public data (``PublicView``,
round results, names), so they cannot show a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence

import render.president as render
from cogs.table.images import COMPUTER_SUFFIX, Picture, draw, picture_names
from engine.president import Card, Decision, Observation, Options, Outcome, RoundResult


def hand_picture(
    cards: Sequence[Card], legal: Sequence[Decision], options: Options, revolution: bool
) -> Picture | None:
    """One player's hand, playable ranks raised (for that player only)."""
    playable = render.playable_ranks(legal) if legal else None
    return draw(
        "hand",
        render.render_hand,
        list(cards),
        playable=playable,
        options=options,
        revolution=revolution,
    )


def position_picture(obs: Observation) -> Picture | None:
    """A reviewed decision's position: the player's hand then, from their
    observation (the coach's review draws it in the computer worker)."""
    return draw("position", render.render_observation_hand, obs)


def round_picture(
    result: RoundResult, names: Sequence[str], options: Options, computer: Sequence[bool]
) -> Picture | None:
    return draw(
        "results",
        render.render_round_results,
        result,
        picture_names(names, computer),
        options=options,
        computer=list(computer),
    )


def standings_picture(
    outcome: Outcome,
    results: Sequence[RoundResult],
    names: Sequence[str],
    options: Options,
    computer: Sequence[bool],
) -> Picture | None:
    return draw(
        "standings",
        render.render_final_standings,
        outcome,
        picture_names(names, computer),
        results=list(results),
        options=options,
        computer=list(computer),
    )


def lobby_picture(
    preset: str, options: Options, seats: Sequence[tuple[str, bool]], max_seats: int
) -> Picture | None:
    """``seats``: (name, is computer) in joining order."""
    shown = [(n.removesuffix(COMPUTER_SUFFIX) if bot else n, bot) for n, bot in seats]
    return draw("lobby", render.render_lobby, preset, options, shown, max_seats)
