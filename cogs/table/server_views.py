"""Components of the server-side features: House rules panel, Rematch, Forget me.

Like :mod:`cogs.table.views`, every component is a ``DynamicItem`` whose
custom_id says what it acts on, so a click after a restart reaches the cog
and gets a plain answer. The callbacks live in :mod:`cogs.table.server`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

from cogs.errors import handle_error
from locales import _

from . import ids
from .settings import current_value, value_choices
from .views import runtime_of

if TYPE_CHECKING:
    from .handlers import ServerClicks
    from .models import Lobby

HOUSE = ids.HOUSE.template
REMATCH = ids.REMATCH.template
FORGET = ids.FORGET.template

AnyItem = discord.ui.Item[Any]


def _server(interaction: discord.Interaction) -> ServerClicks:
    return runtime_of(interaction).server


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

    def __init__(self, item: AnyItem, game_id: int, turn: int, level: str, hints: bool) -> None:
        super().__init__(item)
        self.game_id = game_id
        self.turn = turn
        self.level = level
        self.hints = hints

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: AnyItem, match: Any
    ) -> RematchItem:
        hints = match["hints"] != "off"
        return cls(item, int(match["gid"]), int(match["turn"]), match["level"], hints)

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await _server(interaction).rematch(
                interaction, self.game_id, self.turn, self.level, hints=self.hints
            )
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


def _declared(text: str) -> str:
    """A text the game declares, in the reader's words where the game marked it
    (gettext of "" would be the catalog's header)."""
    return _(text) if text else text


def house_view(lobby: Lobby, selected: str | None = None) -> discord.ui.View:
    """The House rules panel, from the game's option schema: option → value
    selects, the game's toggles, preset, reset (5 rows, 25 options a menu)."""
    view = discord.ui.View(timeout=None)
    game = lobby.adapter.game
    options = lobby.options
    lobby_id = lobby.lobby_id

    def cid(kind: str, arg: str = "") -> str:
        return ids.HOUSE.build(lobby_id, kind, arg)

    specs = {spec.name: spec for spec in game.option_schema}
    pick: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=cid("opt"),
        placeholder=_("Choose a rule to change"),
        row=0,
        options=[
            discord.SelectOption(
                label=name,
                value=name,
                # the rule's help is the game's own text, in the reader's words where
                # the game marked it
                description=f"{current_value(game, options, name)} · {_declared(spec.help)}"[:100],
                default=name == selected,
            )
            for name, spec in list(specs.items())[:25]
        ],
    )
    view.add_item(HouseItem(pick, lobby_id, "opt", ""))
    if selected in specs:
        now = current_value(game, options, selected)
        value: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=cid("val", selected),
            placeholder=f"{selected} = {now}"[:150],
            row=1,
            options=[
                discord.SelectOption(label=label[:100], value=v, default=v == now)
                for label, v in value_choices(game, selected, getattr(options, selected))
            ],
        )
        view.add_item(HouseItem(value, lobby_id, "val", selected))
    for name, label in list(lobby.adapter.toggles)[:5]:
        on = bool(getattr(options, name))
        button: discord.ui.Button[Any] = discord.ui.Button(
            custom_id=cid("tog", name),
            label=(_("{rule}: on") if on else _("{rule}: off")).format(rule=_(label)),
            style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
            row=2,
        )
        view.add_item(HouseItem(button, lobby_id, "tog", name))
    presets: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=cid("preset"),
        placeholder=_("Start over from a preset"),
        row=3,
        options=[
            discord.SelectOption(
                label=name, value=name, description=_declared(info.summary)[:100], default=False
            )
            for name, info in list(game.presets.items())[:25]
        ],
    )
    view.add_item(HouseItem(presets, lobby_id, "preset", ""))
    reset: discord.ui.Button[Any] = discord.ui.Button(
        custom_id=cid("reset"),
        label=_("Back to the {preset} rules").format(preset=options.preset)[:80],
        style=discord.ButtonStyle.danger,
        row=4,
    )
    view.add_item(HouseItem(reset, lobby_id, "reset", ""))
    hints: discord.ui.Button[Any] = discord.ui.Button(
        custom_id=cid("hints"),
        label=_("Hints: on") if lobby.hints else _("Hints: off"),
        style=discord.ButtonStyle.success if lobby.hints else discord.ButtonStyle.secondary,
        emoji="💡",
        row=4,
    )
    view.add_item(HouseItem(hints, lobby_id, "hints", ""))
    return view


def rematch_view(
    game_id: int, turn_seconds: int, level: str, hints: bool = True
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    cid = ids.REMATCH.build(game_id, turn_seconds, level, "" if hints else "off")
    button: discord.ui.Button[Any] = discord.ui.Button(
        custom_id=cid, label=_("Rematch"), style=discord.ButtonStyle.primary, emoji="🔁"
    )
    view.add_item(RematchItem(button, game_id, turn_seconds, level, hints))
    return view


def forget_view(user_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action, label, style in (
        ("confirm", _("Delete my data"), discord.ButtonStyle.danger),
        ("cancel", _("Cancel"), discord.ButtonStyle.secondary),
    ):
        button: discord.ui.Button[Any] = discord.ui.Button(
            custom_id=ids.FORGET.build(user_id, action), label=label, style=style
        )
        view.add_item(ForgetItem(button, user_id, action))
    return view
