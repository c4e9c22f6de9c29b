"""What the table's Discord pieces need of the runtime, as protocols.

Slash commands (:mod:`cogs.table.commands`), components
(:mod:`cogs.table.views`, :mod:`cogs.table.server_views`) and the server
features (:mod:`cogs.table.server`) call the runtime through these, never
by importing it: the runtime imports them, so they must not import it back
(``tests/cogs/table/test_import_cycles.py`` checks every import, type-only
ones included).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Literal, Protocol

import discord

if TYPE_CHECKING:
    from data import Database

    from .adapter import GameAdapter
    from .images import Picture
    from .language import Languages
    from .models import Lobby, Table
    from .replay import Replays
    from .text import Later

Scope = Literal["channel", "server"]


class ServerClicks(Protocol):
    """Components of the house rules panel, Rematch and Forget me."""

    async def on_house(
        self,
        interaction: discord.Interaction,
        lobby_id: int,
        kind: str,
        arg: str,
        values: list[str],
    ) -> None: ...

    async def rematch(
        self,
        interaction: discord.Interaction,
        game_id: int,
        turn: int,
        level: str,
        *,
        hints: bool = True,
    ) -> None: ...

    async def on_forget(
        self, interaction: discord.Interaction, user_id: int, action: str
    ) -> None: ...


class ServerCommands(ServerClicks, Protocol):
    """The slash commands the server features answer."""

    async def set_option(
        self, interaction: discord.Interaction, adapter: GameAdapter, option: str, value: str
    ) -> None: ...

    async def save_defaults(
        self, interaction: discord.Interaction, adapter: GameAdapter, scope: Scope
    ) -> None: ...

    async def show_rules(
        self, interaction: discord.Interaction, adapter: GameAdapter, preset: str | None
    ) -> None: ...

    async def send_record(
        self, interaction: discord.Interaction, adapter: GameAdapter, game_id: int | None
    ) -> None: ...

    async def forget_me(self, interaction: discord.Interaction) -> None: ...


class CoachClicks(Protocol):
    """💡 Hint, Review and ``/<game> review`` (:mod:`cogs.table.coach`)."""

    async def hint(self, interaction: discord.Interaction, game_id: int, version: int) -> None: ...

    async def review(
        self, interaction: discord.Interaction, adapter: GameAdapter | None, game_id: int | None
    ) -> None: ...


class TableClicks(Protocol):
    """Components of lobbies, tables and turns (``bot.table_runtime``)."""

    @property
    def server(self) -> ServerCommands: ...

    @property
    def coach(self) -> CoachClicks: ...

    def reader(
        self, interaction: discord.Interaction, game_id: int | None = None
    ) -> AbstractContextManager[str]:
        """A block that reads in the user's language (remembered on their seat
        at the table of ``game_id``, for the DMs sent without a click)."""
        ...

    async def on_control(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        kind: str,
        arg: str,
        values: list[str],
    ) -> None: ...

    async def on_table_button(
        self, interaction: discord.Interaction, game_id: int, action: str
    ) -> None: ...

    async def on_lobby_button(
        self, interaction: discord.Interaction, lobby_id: int, action: str
    ) -> None: ...


class TableCommands(TableClicks, Protocol):
    """What one game's slash command group calls."""

    @property
    def adapters(self) -> Mapping[str, GameAdapter]: ...

    @property
    def lobbies(self) -> Mapping[int, Lobby]: ...

    async def new_lobby(
        self,
        interaction: discord.Interaction,
        adapter: GameAdapter,
        rules: str | None,
        seats: int | None,
        bots: int,
        level: str | None,
        turn_time: int | None,
    ) -> None: ...

    async def hand_command(
        self, interaction: discord.Interaction, adapter: GameAdapter
    ) -> None: ...

    async def leave_command(
        self, interaction: discord.Interaction, adapter: GameAdapter
    ) -> None: ...

    async def end_command(self, interaction: discord.Interaction, adapter: GameAdapter) -> None: ...

    @property
    def replays(self) -> Replays: ...

    @property
    def languages(self) -> Languages: ...


class TableHost(Protocol):
    """What the server features (house rules, rematch, take seat, forget me) use
    of the runtime: its lobbies and tables, and a few public services."""

    @property
    def db(self) -> Database: ...

    @property
    def adapters(self) -> Mapping[str, GameAdapter]: ...

    @property
    def lobbies(self) -> Mapping[int, Lobby]: ...

    @property
    def lobbies_by_id(self) -> Mapping[int, Lobby]: ...

    @property
    def tables(self) -> Mapping[int, Table]: ...

    def now(self) -> float: ...

    def refuse_if_busy(self, channel_id: int) -> None: ...

    def refuse_elsewhere(self, interaction: discord.Interaction, channel_id: int) -> None: ...

    def may_manage(self, interaction: discord.Interaction, host_id: int) -> bool: ...

    async def open_lobby(
        self, interaction: discord.Interaction, lobby: Lobby, note: str | None
    ) -> None: ...

    async def channel(self, place: Table | Lobby) -> discord.abc.Messageable | None: ...

    async def lobby_payload(self, lobby: Lobby) -> tuple[discord.Embed, Picture | None]: ...

    async def save_meta(self, t: Table) -> None: ...

    def note(self, t: Table, text: str | Later) -> None: ...

    async def take_seat(self, t: Table, user_id: int, name: str) -> tuple[int, str] | str: ...

    async def hand_payload(self, t: Table, p: int, *, controls: bool) -> dict[str, Any]: ...
