"""Sixty's turn controls: one button per answer open to the player, its
effect in its label (``Fight back with 10 ×2 = 20 > 16``, ``Take the 3
cards: +16 penalty``), so every decision is one click; a hand holds five
cards, so there are at most six answers (five when attacking).

Jokers the player holds but may not play now are shown as disabled buttons
whose label gives the reason (``Hocus-pocus needs a 4 on the
discard pile``). Custom ids are the runtime's control ids
``pres:c:<game>:<version>:go:<code>`` (an answer) and ``...:no:<code>`` (a
refused joker, answered with its reason); the adapter parses both strictly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import discord

from cogs.table.views import ControlItem, control_button

from .text import Choice

PER_ROW: Final = 2
"""Answers per row: labels are long, two a row keeps them whole on phones."""
LABEL_LIMIT: Final = 80

_STYLES: Final = {
    "attack": discord.ButtonStyle.primary,
    "pass": discord.ButtonStyle.primary,
    "fight": discord.ButtonStyle.success,
    "joker": discord.ButtonStyle.secondary,
    "take": discord.ButtonStyle.danger,
}


def _label(text: str) -> str:
    return text if len(text) <= LABEL_LIMIT else text[: LABEL_LIMIT - 1] + "…"


def answer_view(
    game_id: int,
    version: int,
    options: Sequence[Choice],
    refused: Sequence[tuple[str, str]] = (),
) -> discord.ui.View:
    """A button per answer (``options``), two a row, then the refused jokers
    (``(code, reason)``) disabled on a row of their own."""
    view = discord.ui.View(timeout=None)
    shown = list(options)[: PER_ROW * 4]
    for i, c in enumerate(shown):
        item = control_button(_label(c.label), _STYLES[c.decision.kind], row=i // PER_ROW)
        view.add_item(ControlItem(item, game_id, version, "go", c.code))
    row = (len(shown) + PER_ROW - 1) // PER_ROW
    for code, reason in list(refused)[:5]:
        item = control_button(_label(reason), discord.ButtonStyle.secondary, row=row)
        item.disabled = True
        view.add_item(ControlItem(item, game_id, version, "no", code))
    return view
