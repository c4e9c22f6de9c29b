"""Buttons and selects of the President cog.

Every component is a ``DynamicItem``: its custom_id carries what it acts on
(lobby id, or game id plus the stored state version for turn controls), and
the templates are registered with ``bot.add_dynamic_items``. So a button
from before a restart still reaches the cog, which either acts on it or
says plainly that it is stale; nothing depends on in-memory view objects.
Views are sent with ``timeout=None`` because a timed-out view would
unregister the templates it carries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

from cogs.errors import handle_error

from .text import GiveChoices, PlayChoices, play_label, rank_name, rank_value

if TYPE_CHECKING:
    from .cog import PresidentCog

CONTROL = (
    r"pres:c:(?P<gid>[0-9]+):(?P<ver>[0-9]+):(?P<kind>rank|count|play|pass|give)"
    r"(?::(?P<arg>[0-9A-Za-z~]*))?"
)
TABLE = r"pres:t:(?P<gid>[0-9]+):(?P<action>hand|leave|back|take)"
LOBBY = r"pres:l:(?P<lid>[0-9]+):(?P<action>join|leave|bot|start|cancel|rules)"

AnyItem = discord.ui.Item[Any]


def _cog(interaction: discord.Interaction) -> PresidentCog:
    cog = getattr(interaction.client, "get_cog", lambda _name: None)("President")
    if cog is None:
        raise RuntimeError("the President cog is not loaded")
    return cast("PresidentCog", cog)


def _values(interaction: discord.Interaction) -> list[str]:
    data = cast(dict[str, Any], interaction.data or {})
    return [str(v) for v in data.get("values", [])]


class ControlItem(discord.ui.DynamicItem[AnyItem], template=CONTROL):
    """A turn control: rank select, count select, Play, Pass, give-back select."""

    def __init__(self, item: AnyItem, game_id: int, version: int, kind: str, arg: str) -> None:
        super().__init__(item)
        self.game_id = game_id
        self.version = version
        self.kind = kind
        self.arg = arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> ControlItem:
        return cls(item, int(match["gid"]), int(match["ver"]), match["kind"], match["arg"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _cog(interaction).on_control(
                interaction, self.game_id, self.version, self.kind, self.arg, _values(interaction)
            )
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


class TableItem(discord.ui.DynamicItem[AnyItem], template=TABLE):
    """Buttons under the table message (My hand, Leave) and I'm back."""

    def __init__(self, item: AnyItem, game_id: int, action: str) -> None:
        super().__init__(item)
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> TableItem:
        return cls(item, int(match["gid"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _cog(interaction).on_table_button(interaction, self.game_id, self.action)
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


class LobbyItem(discord.ui.DynamicItem[AnyItem], template=LOBBY):
    def __init__(self, item: AnyItem, lobby_id: int, action: str) -> None:
        super().__init__(item)
        self.lobby_id = lobby_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> LobbyItem:
        return cls(item, int(match["lid"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _cog(interaction).on_lobby_button(interaction, self.lobby_id, self.action)
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


DYNAMIC_ITEMS = (ControlItem, TableItem, LobbyItem)


def _button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    row: int | None = None,
    emoji: str | None = None,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label, custom_id=custom_id, style=style, row=row, emoji=emoji)


def lobby_view(lobby_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    spec = [
        ("join", "Join", discord.ButtonStyle.success),
        ("leave", "Leave", discord.ButtonStyle.secondary),
        ("bot", "Add bot", discord.ButtonStyle.secondary),
        ("start", "Start", discord.ButtonStyle.primary),
        ("cancel", "Cancel", discord.ButtonStyle.danger),
    ]
    for action, label, style in spec:
        cid = f"pres:l:{lobby_id}:{action}"
        view.add_item(LobbyItem(_button(cid, label, style, row=0), lobby_id, action))
    # The host's House rules panel (ephemeral): every option before Start.
    rules = _button(f"pres:l:{lobby_id}:rules", "House rules", row=1, emoji="📜")
    view.add_item(LobbyItem(rules, lobby_id, "rules"))
    return view


def table_view(game_id: int, *, take_seat: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    spec = [
        ("hand", "My hand", discord.ButtonStyle.primary),
        ("leave", "Leave", discord.ButtonStyle.secondary),
    ]
    if take_seat:  # someone not seated may take over a computer-played seat
        spec.append(("take", "Take seat", discord.ButtonStyle.success))
    for action, label, style in spec:
        cid = f"pres:t:{game_id}:{action}"
        view.add_item(TableItem(_button(cid, label, style, row=0), game_id, action))
    return view


def back_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    cid = f"pres:t:{game_id}:back"
    view.add_item(TableItem(_button(cid, "I'm back", discord.ButtonStyle.success), game_id, "back"))
    return view


def play_view(
    game_id: int,
    version: int,
    choices: PlayChoices,
    rank: int | None = None,
    count: int | None = None,
) -> discord.ui.View:
    """Rank select → count select (only when several counts are legal) → Play; Pass."""
    view = discord.ui.View(timeout=None)
    base = f"pres:c:{game_id}:{version}"
    if choices.ranks:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"{base}:rank",
            placeholder="Choose a rank to play",
            min_values=1,
            max_values=1,
            row=0,
            options=[
                discord.SelectOption(
                    label=rank_name(r),
                    value=rank_value(r),
                    description=", ".join(f"{c}×" for c in counts),
                    default=r == rank,
                )
                for r, counts in choices.ranks
            ],
        )
        view.add_item(ControlItem(select, game_id, version, "rank", ""))
    counts = choices.counts(rank) if rank is not None else ()
    if rank is not None and len(counts) > 1:
        count_select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"{base}:count:{rank_value(rank)}",
            placeholder="How many cards?",
            min_values=1,
            max_values=1,
            row=1,
            options=[
                discord.SelectOption(
                    label=f"{c} × {rank_name(rank)}", value=str(c), default=c == count
                )
                for c in counts
            ],
        )
        view.add_item(ControlItem(count_select, game_id, version, "count", rank_value(rank)))
    if rank is not None and count is None and len(counts) == 1:
        count = counts[0]
    if rank is not None and count is not None and count in counts:
        text = rank_value(rank) * count
        play = _button(
            f"{base}:play:{text}", play_label(rank, count), discord.ButtonStyle.success, row=2
        )
        view.add_item(ControlItem(play, game_id, version, "play", text))
    if choices.can_pass:
        pass_button = _button(f"{base}:pass", "Pass", discord.ButtonStyle.secondary, row=2)
        view.add_item(ControlItem(pass_button, game_id, version, "pass", ""))
    return view


def give_view(game_id: int, version: int, choices: GiveChoices) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    mode = "g" if choices.grouped else "c"
    n = choices.count
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"pres:c:{game_id}:{version}:give:{mode}",
        placeholder=f"Choose {n} card{'s' if n != 1 else ''} to give back",
        min_values=n,
        max_values=n,
        options=[discord.SelectOption(label=lbl, value=val) for val, lbl in choices.options],
    )
    view.add_item(ControlItem(select, game_id, version, "give", mode))
    return view
