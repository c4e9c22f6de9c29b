"""Sixty's turn controls: one select listing every answer open to the player
(its effect in the option's label and description), then a confirm button.

Two clicks for any decision; one when a single answer is open (the confirm
button comes at once). Custom ids are the runtime's control ids
``pres:c:<game>:<version>:pick`` (the select) and ``...:go:<code>`` (the
confirm button); the adapter parses both strictly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.table.views import ControlItem, button

from .text import Choice

SELECT_LIMIT = 25


def answer_view(
    game_id: int,
    version: int,
    options: Sequence[Choice],
    *,
    attacking: bool,
    chosen: str | None = None,
) -> discord.ui.View:
    """The select of ``options`` (at most 25: a hand holds five cards, so at
    most six answers exist) and, once one is chosen, its confirm button."""
    view = discord.ui.View(timeout=None)
    base = f"pres:c:{game_id}:{version}"
    shown = list(options)[:SELECT_LIMIT]
    if len(shown) == 1:
        chosen = shown[0].code
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"{base}:pick",
        placeholder="Choose your attack" if attacking else "Choose your answer to the attack",
        min_values=1,
        max_values=1,
        row=0,
        options=[
            discord.SelectOption(
                label=c.label, value=c.code, description=c.description, default=c.code == chosen
            )
            for c in shown
        ],
    )
    view.add_item(ControlItem(select, game_id, version, "pick", ""))
    pick = next((c for c in shown if c.code == chosen), None)
    if pick is not None:
        style = (
            discord.ButtonStyle.danger
            if pick.decision.kind == "take"
            else (discord.ButtonStyle.success)
        )
        label = f"Confirm: {pick.label}"
        if len(label) > 80:
            label = label[:79] + "…"
        go = button(f"{base}:go:{pick.code}", label, style, row=1)
        view.add_item(ControlItem(go, game_id, version, "go", pick.code))
    return view
