"""Components of the server-side features: House rules panel, Rematch, Forget me.

Like :mod:`cogs.president.views`, every component is a ``DynamicItem`` whose
custom_id says what it acts on, so a click after a restart reaches the cog
and gets a plain answer. The callbacks live in :mod:`cogs.president.server`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

from cogs.errors import handle_error
from engine.president import PRESETS, Options

from .settings import OPTION_HELP, OPTION_NAMES, current_value, value_choices

if TYPE_CHECKING:
    from .server import ServerFeatures

HOUSE = r"pres:h:(?P<lid>[0-9]+):(?P<kind>opt|val|tog|preset|reset)(?::(?P<arg>[a-z_]*))?"
REMATCH = r"pres:r:(?P<gid>[0-9]+):(?P<turn>[0-9]+):(?P<level>[a-z_]+)"
FORGET = r"pres:f:(?P<uid>[0-9]+):(?P<action>confirm|cancel)"

#: The toggles on the panel: the on/off house rules players change most.
TOGGLES = ("revolution", "equal_plays", "skip_on_equal", "compulsory", "single_round")
_TOGGLE_LABELS = {
    "revolution": "Revolution",
    "equal_plays": "Equal plays",
    "skip_on_equal": "Skip on equal",
    "compulsory": "Must play",
    "single_round": "One turn each",
}

AnyItem = discord.ui.Item[Any]


def _server(interaction: discord.Interaction) -> ServerFeatures:
    cog = getattr(interaction.client, "get_cog", lambda _name: None)("President")
    if cog is None:
        raise RuntimeError("the President cog is not loaded")
    return cast("ServerFeatures", cog.server)


def _values(interaction: discord.Interaction) -> list[str]:
    data = cast(dict[str, Any], interaction.data or {})
    return [str(v) for v in data.get("values", [])]


class HouseItem(discord.ui.DynamicItem[AnyItem], template=HOUSE):
    """A control of the House rules panel of a lobby."""

    def __init__(self, item: AnyItem, lobby_id: int, kind: str, arg: str) -> None:
        super().__init__(item)
        self.lobby_id = lobby_id
        self.kind = kind
        self.arg = arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> HouseItem:
        return cls(item, int(match["lid"]), match["kind"], match["arg"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _server(interaction).on_house(
                interaction, self.lobby_id, self.kind, self.arg, _values(interaction)
            )
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


class RematchItem(discord.ui.DynamicItem[AnyItem], template=REMATCH):
    """Rematch under the final standings: the game id, turn time and computer level."""

    def __init__(self, item: AnyItem, game_id: int, turn: int, level: str) -> None:
        super().__init__(item)
        self.game_id = game_id
        self.turn = turn
        self.level = level

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> RematchItem:
        return cls(item, int(match["gid"]), int(match["turn"]), match["level"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _server(interaction).rematch(interaction, self.game_id, self.turn, self.level)
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


class ForgetItem(discord.ui.DynamicItem[AnyItem], template=FORGET):
    """Confirm or Cancel of ``/president forget-me`` (only the asker sees it)."""

    def __init__(self, item: AnyItem, user_id: int, action: str) -> None:
        super().__init__(item)
        self.user_id = user_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> ForgetItem:
        return cls(item, int(match["uid"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _server(interaction).on_forget(interaction, self.user_id, self.action)
        except Exception as exc:
            await handle_error(cast(Any, interaction.client), interaction, exc)


SERVER_ITEMS = (HouseItem, RematchItem, ForgetItem)


def house_view(lobby_id: int, options: Options, selected: str | None = None) -> discord.ui.View:
    """The House rules panel: option → value selects, toggles, preset, reset (5 rows)."""
    view = discord.ui.View(timeout=None)
    base = f"pres:h:{lobby_id}"
    pick: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"{base}:opt",
        placeholder="Choose a rule to change",
        row=0,
        options=[
            discord.SelectOption(
                label=name,
                value=name,
                description=f"{current_value(options, name)} · {OPTION_HELP[name]}"[:100],
                default=name == selected,
            )
            for name in OPTION_NAMES
        ],
    )
    view.add_item(HouseItem(pick, lobby_id, "opt", ""))
    if selected in OPTION_NAMES:
        now = current_value(options, selected)
        value: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"{base}:val:{selected}",
            placeholder=f"{selected} = {now}",
            row=1,
            options=[
                discord.SelectOption(label=label, value=v, default=v == now)
                for label, v in value_choices(selected, getattr(options, selected))
            ],
        )
        view.add_item(HouseItem(value, lobby_id, "val", selected))
    for name in TOGGLES:
        on = bool(getattr(options, name))
        button: discord.ui.Button[Any] = discord.ui.Button(
            custom_id=f"{base}:tog:{name}",
            label=f"{_TOGGLE_LABELS[name]}: {'on' if on else 'off'}",
            style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
            row=2,
        )
        view.add_item(HouseItem(button, lobby_id, "tog", name))
    presets: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"{base}:preset",
        placeholder="Start over from a preset",
        row=3,
        options=[
            discord.SelectOption(
                label=name, value=name, description=info.summary[:100], default=False
            )
            for name, info in PRESETS.items()
        ],
    )
    view.add_item(HouseItem(presets, lobby_id, "preset", ""))
    reset: discord.ui.Button[Any] = discord.ui.Button(
        custom_id=f"{base}:reset",
        label=f"Back to the {options.preset} rules",
        style=discord.ButtonStyle.danger,
        row=4,
    )
    view.add_item(HouseItem(reset, lobby_id, "reset", ""))
    return view


def rematch_view(game_id: int, turn_seconds: int, level: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    cid = f"pres:r:{game_id}:{turn_seconds}:{level}"
    button: discord.ui.Button[Any] = discord.ui.Button(
        custom_id=cid, label="Rematch", style=discord.ButtonStyle.primary, emoji="🔁"
    )
    view.add_item(RematchItem(button, game_id, turn_seconds, level))
    return view


def forget_view(user_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action, label, style in (
        ("confirm", "Delete my data", discord.ButtonStyle.danger),
        ("cancel", "Cancel", discord.ButtonStyle.secondary),
    ):
        button: discord.ui.Button[Any] = discord.ui.Button(
            custom_id=f"pres:f:{user_id}:{action}", label=label, style=style
        )
        view.add_item(ForgetItem(button, user_id, action))
    return view
