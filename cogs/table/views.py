"""Buttons and selects of the table runtime, for every game.

Every component is a ``DynamicItem``: its custom_id carries what it acts on
(lobby id, or game id plus the stored state version for turn controls), and
the templates are registered with ``bot.add_dynamic_items``. The ids'
parts, alphabet and lengths are declared in :mod:`cogs.table.ids`, which
builds them and derives these templates. A turn control's ``kind`` and
``arg`` mean something only to the table's game: the runtime hands them to
that game's adapter, which parses them strictly. So a button from before a
restart still reaches the cog, which either acts on it or says plainly that
it is stale; nothing depends on in-memory view objects. Views are sent with
``timeout=None`` because a timed-out view would unregister the templates it
carries. A click is answered in the clicking user's language: each callback
reads in ``interaction.locale`` (and remembers it on the player's seat).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

from cogs.errors import handle_error
from locales import _p

from . import ids

if TYPE_CHECKING:
    from .handlers import TableClicks

CONTROL = ids.CONTROL.template
TABLE = ids.TABLE.template
LOBBY = ids.LOBBY.template

AnyItem = discord.ui.Item[Any]


def runtime_of(interaction: discord.Interaction) -> TableClicks:
    """The runtime of the bot that received the click (the composition root
    holds it: no cog is looked up by name)."""
    runtime = getattr(interaction.client, "table_runtime", None)
    if runtime is None:
        raise RuntimeError("the table runtime is not loaded")
    return cast("TableClicks", runtime)


def _values(interaction: discord.Interaction) -> list[str]:
    data = cast(dict[str, Any], interaction.data or {})
    return [str(v) for v in data.get("values", [])]


class ControlItem(discord.ui.DynamicItem[AnyItem], template=CONTROL):
    """A turn control of any game (its adapter says what ``kind`` and ``arg`` mean).

    It gives ``item`` its custom id, built from these parts: an adapter makes
    the button or select without one."""

    def __init__(self, item: AnyItem, game_id: int, version: int, kind: str, arg: str) -> None:
        item.custom_id = ids.control_id(game_id, version, kind, arg)  # type: ignore[attr-defined]
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
            runtime = runtime_of(interaction)
            with runtime.reader(interaction, self.game_id):
                await runtime.on_control(
                    interaction,
                    self.game_id,
                    self.version,
                    self.kind,
                    self.arg,
                    _values(interaction),
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
            runtime = runtime_of(interaction)
            with runtime.reader(interaction, self.game_id):
                await runtime.on_table_button(interaction, self.game_id, self.action)
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
            runtime = runtime_of(interaction)
            with runtime.reader(interaction):
                await runtime.on_lobby_button(interaction, self.lobby_id, self.action)
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


class HintItem(discord.ui.DynamicItem[AnyItem], template=ids.HINT.template):
    """💡 Hint under a player's turn controls (the coach's suggestions, to them only)."""

    def __init__(self, item: AnyItem, game_id: int, version: int) -> None:
        super().__init__(item)
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> HintItem:
        return cls(item, int(match["gid"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            runtime = runtime_of(interaction)
            with runtime.reader(interaction, self.game_id):
                await runtime.coach.hint(interaction, self.game_id, self.version)
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


class ReviewItem(discord.ui.DynamicItem[AnyItem], template=ids.REVIEW.template):
    """Review under the final standings: the asker's own decisions, to them only."""

    def __init__(self, item: AnyItem, game_id: int) -> None:
        super().__init__(item)
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> ReviewItem:
        return cls(item, int(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            runtime = runtime_of(interaction)
            with runtime.reader(interaction, self.game_id):
                await runtime.coach.review(interaction, None, self.game_id)
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


DYNAMIC_ITEMS = (ControlItem, TableItem, LobbyItem, HintItem, ReviewItem)


def hint_button(game_id: int, version: int) -> HintItem:
    """The Hint button added under a player's turn controls when hints are on."""
    cid = ids.HINT.build(game_id, version)
    return HintItem(button(cid, _p("button", "Hint"), emoji="💡"), game_id, version)


def review_button(game_id: int) -> ReviewItem:
    cid = ids.REVIEW.build(game_id)
    return ReviewItem(button(cid, _p("button", "Review my game"), emoji="🎓"), game_id)


def button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    row: int | None = None,
    emoji: str | None = None,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(label=label, custom_id=custom_id, style=style, row=row, emoji=emoji)


def control_button(
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    row: int | None = None,
    emoji: str | None = None,
) -> discord.ui.Button[Any]:
    """A button for a :class:`ControlItem` (which gives it its id)."""
    return discord.ui.Button(label=label, style=style, row=row, emoji=emoji)


def lobby_view(lobby_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    spec = [
        ("join", _p("button", "Join"), discord.ButtonStyle.success),
        ("leave", _p("button", "Leave"), discord.ButtonStyle.secondary),
        ("bot", _p("button", "Add bot"), discord.ButtonStyle.secondary),
        ("start", _p("button", "Start"), discord.ButtonStyle.primary),
        ("cancel", _p("button", "Cancel"), discord.ButtonStyle.danger),
    ]
    for action, label, style in spec:
        cid = ids.LOBBY.build(lobby_id, action)
        view.add_item(LobbyItem(button(cid, label, style, row=0), lobby_id, action))
    # The host's House rules panel (ephemeral): every option before Start.
    rules = button(
        ids.LOBBY.build(lobby_id, "rules"), _p("button", "House rules"), row=1, emoji="📜"
    )
    view.add_item(LobbyItem(rules, lobby_id, "rules"))
    return view


def table_view(game_id: int, *, take_seat: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    spec = [
        ("hand", _p("button", "My hand"), discord.ButtonStyle.primary),
        ("leave", _p("button", "Leave"), discord.ButtonStyle.secondary),
    ]
    if take_seat:  # someone not seated may take over a computer-played seat
        spec.append(("take", _p("button", "Take seat"), discord.ButtonStyle.success))
    for action, label, style in spec:
        cid = ids.TABLE.build(game_id, action)
        view.add_item(TableItem(button(cid, label, style, row=0), game_id, action))
    return view


def back_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    cid = ids.TABLE.build(game_id, "back")
    back = button(cid, _p("button", "I'm back"), discord.ButtonStyle.success)
    view.add_item(TableItem(back, game_id, "back"))
    return view
