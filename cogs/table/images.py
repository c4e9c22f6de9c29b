"""Pictures as the runtime sends them, and the one way every game draws them.

Drawing is blocking (call it through ``asyncio.to_thread``) and may fail: a
missing picture must never stop a game, the message then goes out without it.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from locales import _

log = logging.getLogger("cardtable.images")

COMPUTER_SUFFIX = " (computer)"


@dataclass(frozen=True, slots=True)
class Picture:
    data: bytes
    filename: str


def draw(stem: str, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Picture | None:
    """``fn(*args, **kwargs)`` (a renderer returning ``data`` and ``filename``),
    or ``None`` with a warning when drawing fails."""
    try:
        image = fn(*args, **kwargs)
    except Exception:  # a drawing bug must not stop the game: send the message without it
        log.warning("could not draw the %s picture", stem, exc_info=True)
        return None
    return Picture(image.data, image.filename)


def picture_names(names: Sequence[str], computer: Sequence[bool]) -> list[str]:
    """Names for pictures: they mark computer seats with a BOT chip, so the
    text suffix the channel messages use would only crowd the name out."""
    return [bare_name(n) if i < len(computer) and computer[i] else n for i, n in enumerate(names)]


def bare_name(name: str) -> str:
    """A computer's name without its suffix, stored (English) or as shown to
    the current reader (:func:`cogs.table.models.shown_name`)."""
    before, _mark, after = _("{name} (computer)").partition("{name}")
    if name.startswith(before) and name.endswith(after) and len(name) > len(before + after):
        return name[len(before) : len(name) - len(after)]
    return name.removesuffix(COMPUTER_SUFFIX)


def table_picture(
    render_table: Callable[..., Any],
    view: Any,
    names: Sequence[str],
    computer: Sequence[bool],
    timed_out: Sequence[bool],
) -> Picture | None:
    """A game's table from its public view only (so it cannot show a hidden
    card): ``computer`` seats wear a BOT chip, ``timed_out`` ones AUTO-PLAYED."""
    return draw(
        "table",
        render_table,
        view,
        picture_names(names, computer),
        computer=list(computer),
        timed_out=list(timed_out),
    )


def to_file(picture: Picture | None) -> discord.File | None:
    if picture is None:
        return None
    return discord.File(io.BytesIO(picture.data), filename=picture.filename)


def file_kwargs(picture: Picture | None) -> dict[str, Any]:
    f = to_file(picture)
    return {"file": f} if f is not None else {}
