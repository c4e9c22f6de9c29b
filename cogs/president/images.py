"""Adapter between the game cog and ``render``.

Every function is blocking (call it through ``asyncio.to_thread``) and
returns encoded image bytes, or ``None`` if drawing failed: a missing
picture must never stop a game, the message then goes out without it.
Table and results pictures only ever receive public data (``PublicView``,
round results, names), so they cannot show a hidden card.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import render.president as render
from engine.president import Card, Decision, Options, Outcome, PublicView, RoundResult

log = logging.getLogger("president.images")


@dataclass(frozen=True, slots=True)
class Picture:
    data: bytes
    filename: str


def _draw(stem: str, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Picture | None:
    try:
        image = fn(*args, **kwargs)
    except Exception:  # a drawing bug must not stop the game: send the message without it
        log.warning("could not draw the %s picture", stem, exc_info=True)
        return None
    return Picture(image.data, image.filename)


def warm_up() -> None:
    """Draw the shared sprites once, so the first real picture is fast."""
    try:
        render.warm_cache()
    except Exception:
        log.warning("could not warm the picture cache", exc_info=True)


COMPUTER_SUFFIX = " (computer)"


def _picture_names(names: Sequence[str], computer: Sequence[bool]) -> list[str]:
    """Names for pictures: they mark computer seats with a BOT chip, so the
    text suffix the channel messages use would only crowd the name out."""
    return [
        n.removesuffix(COMPUTER_SUFFIX) if i < len(computer) and computer[i] else n
        for i, n in enumerate(names)
    ]


def table_picture(
    view: PublicView, names: Sequence[str], computer: Sequence[bool], timed_out: Sequence[bool]
) -> Picture | None:
    """The shared table, from the public view only."""
    return _draw(
        "table",
        render.render_table,
        view,
        _picture_names(names, computer),
        computer=list(computer),
        timed_out=list(timed_out),
    )


def hand_picture(
    cards: Sequence[Card], legal: Sequence[Decision], options: Options, revolution: bool
) -> Picture | None:
    """One player's hand, playable ranks raised (for that player only)."""
    playable = render.playable_ranks(legal) if legal else None
    return _draw(
        "hand",
        render.render_hand,
        list(cards),
        playable=playable,
        options=options,
        revolution=revolution,
    )


def round_picture(
    result: RoundResult, names: Sequence[str], options: Options, computer: Sequence[bool]
) -> Picture | None:
    return _draw(
        "results",
        render.render_round_results,
        result,
        _picture_names(names, computer),
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
    return _draw(
        "standings",
        render.render_final_standings,
        outcome,
        _picture_names(names, computer),
        results=list(results),
        options=options,
        computer=list(computer),
    )


def lobby_picture(
    preset: str, options: Options, seats: Sequence[tuple[str, bool]], max_seats: int
) -> Picture | None:
    """``seats``: (name, is computer) in joining order."""
    shown = [(n.removesuffix(COMPUTER_SUFFIX) if bot else n, bot) for n, bot in seats]
    return _draw("lobby", render.render_lobby, preset, options, shown, max_seats)
