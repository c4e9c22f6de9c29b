"""President's turn controls: one select of every legal play (choosing one
plays it), Pass, and the give-back select.

A select holds 25 options; a two-deck hand can have more legal plays (up to
27 on a lead). Then the select offers ranks, a second one the number of cards
where several are legal, and a Play button submits: every play stays
reachable, in three clicks at most.

Their custom ids (``pres:c:<game>:<version>:<kind>[:<arg>]``) are the table
runtime's control ids; the runtime hands a click to President's adapter,
which parses it strictly (:mod:`cogs.president.adapter`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from cogs.table.views import ControlItem, control_button
from engine.president import Play
from locales import N_, _, _n, _p

from .text import (
    GiveChoices,
    PlayChoices,
    number,
    option_label,
    play_label,
    rank_name,
    rank_value,
)

PLAY_PLACEHOLDER = N_("Choose a play: it is played at once")


def play_view(
    game_id: int,
    version: int,
    choices: PlayChoices,
    rank: int | None = None,
    count: int | None = None,
    effects: Mapping[Play, str | None] | None = None,
) -> discord.ui.View:
    """Every legal play in one select (``set``: choosing plays it), or, beyond
    25 plays, rank select → count select (only when several counts are
    legal) → Play; Pass. ``effects``: an option's description by play."""
    view = discord.ui.View(timeout=None)
    if choices.one_click:
        said = effects or {}
        plays: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=_(PLAY_PLACEHOLDER),
            min_values=1,
            max_values=1,
            row=0,
            options=[
                discord.SelectOption(
                    label=option_label(p), value=str(p), description=said.get(p) or None
                )
                for p in choices.plays
            ],
        )
        view.add_item(ControlItem(plays, game_id, version, "set", ""))
    elif choices.ranks:
        select: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=_("Choose a rank to play"),
            min_values=1,
            max_values=1,
            row=0,
            options=[
                discord.SelectOption(
                    label=rank_name(r),
                    value=rank_value(r),
                    # Translators: how many cards of a rank may be played ("1×, 2×")
                    description=", ".join(_("{n}×").format(n=number(c)) for c in counts),
                    default=r == rank,
                )
                for r, counts in choices.ranks
            ],
        )
        view.add_item(ControlItem(select, game_id, version, "rank", ""))
    counts = choices.counts(rank) if rank is not None else ()
    if rank is not None and len(counts) > 1:
        count_select: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=_("How many cards?"),
            min_values=1,
            max_values=1,
            row=1,
            options=[
                discord.SelectOption(
                    label=_("{n} × {rank}").format(n=number(c), rank=rank_name(rank)),
                    value=str(c),
                    default=c == count,
                )
                for c in counts
            ],
        )
        view.add_item(ControlItem(count_select, game_id, version, "count", rank_value(rank)))
    if rank is not None and count is None and len(counts) == 1:
        count = counts[0]
    if rank is not None and count is not None and count in counts:
        text = rank_value(rank) * count
        play = control_button(play_label(rank, count), discord.ButtonStyle.success, row=2)
        view.add_item(ControlItem(play, game_id, version, "play", text))
    if choices.can_pass:
        pass_button = control_button(_p("button", "Pass"), discord.ButtonStyle.secondary, row=2)
        view.add_item(ControlItem(pass_button, game_id, version, "pass", ""))
    return view


def give_view(
    game_id: int, version: int, choices: GiveChoices, chosen: Sequence[str] = ()
) -> discord.ui.View:
    """The give-back select; once cards are chosen, a button to confirm them
    (choosing again in the select changes the choice: nothing is given until
    the confirm)."""
    view = discord.ui.View(timeout=None)
    mode = "g" if choices.grouped else "c"
    n = choices.count
    select: discord.ui.Select[Any] = discord.ui.Select(
        placeholder=_n("Choose {n} card to give back", "Choose {n} cards to give back", n).format(
            n=number(n)
        ),
        min_values=n,
        max_values=n,
        options=[
            discord.SelectOption(label=lbl, value=val, default=val in chosen)
            for val, lbl in choices.options
        ],
    )
    view.add_item(ControlItem(select, game_id, version, "give", mode))
    if chosen:
        arg = ".".join([mode, *chosen])
        labels = dict(choices.options)
        shown = ", ".join(labels.get(v, v) for v in chosen)
        confirm = control_button(
            _("Give back {cards}").format(cards=shown)[:80],
            discord.ButtonStyle.success,
            row=1,
        )
        view.add_item(ControlItem(confirm, game_id, version, "gok", arg))
    return view
