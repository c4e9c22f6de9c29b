"""Lobbies: ``/<game> new`` opens one in a channel, players join and leave,
the host adds computers, changes the house rules and starts the game.

Lobbies are not stored: a lobby that dies with a restart costs a click.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections.abc import Awaitable, Callable

import discord

from cogs.limits import quote
from cogs.replies import UserFacingError, edit_original, followup
from data import Seat
from engine import OptionsError

from .adapter import GameAdapter
from .context import TableContext, may_manage, mention, refuse_elsewhere
from .images import Picture, file_kwargs, to_file
from .models import Lobby, Table, TableMeta
from .session import Stale, TableSession
from .settings import TURN_TIME_DEFAULT, default_level, hints_text, parse_turn_time
from .views import lobby_view

COMPUTER_NAMES = ("Ada", "Babbage", "Turing", "Hopper", "Lovelace", "Knuth", "Dijkstra")

REQUIRED_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)


def missing_permissions(perms: discord.Permissions, *, thread: bool = False) -> list[str]:
    """Names of the channel permissions the bot lacks to run a table."""
    missing = [label for attr, label in REQUIRED_PERMISSIONS if not getattr(perms, attr)]
    if thread and not perms.send_messages_in_threads:
        missing.append("Send Messages in Threads")
    return missing


class Lobbies:
    def __init__(
        self,
        ctx: TableContext,
        session: TableSession,
        *,
        started: Callable[[Table], None],
        house_rules: Callable[[discord.Interaction, Lobby], Awaitable[None]],
    ) -> None:
        self.ctx = ctx
        self.session = session
        self.started = started
        """Runs a game that was just created from a lobby."""
        self.house_rules = house_rules
        """The host's House rules panel (the server features)."""

    async def new_lobby(
        self,
        interaction: discord.Interaction,
        adapter: GameAdapter,
        rules: str | None,
        seats: int | None,
        bots: int,
        level: str | None,
        turn_time: int | None,
    ) -> None:
        """``/<game> new``: open a lobby. Every option is checked here again with
        the limits the command declares (a modified client can send anything):
        refused, never clamped."""
        game = adapter.game
        channel_id = interaction.channel_id
        if interaction.guild_id is None or channel_id is None:
            raise UserFacingError("Start a game in a server channel.")
        thread = isinstance(interaction.channel, discord.Thread)
        missing = missing_permissions(interaction.app_permissions, thread=thread)
        if missing:
            raise UserFacingError(
                "I can't run a table here: I'm missing the "
                + ", ".join(f"**{m}**" for m in missing)
                + " permission(s) in this channel. Ask a moderator to grant them."
            )
        self.refuse_if_busy(channel_id)
        settings = await self.ctx.bot.db.effective_settings(
            interaction.guild_id, channel_id, game.name
        )
        name = (rules or settings.preset or game.default_preset).strip().lower()
        info = game.presets.get(name)
        if info is None:
            raise UserFacingError(
                f"There is no {game.title} preset {quote(name)}; choose {', '.join(game.presets)}."
            )
        overrides = {k: v for k, v in settings.options.items() if k not in ("players", "preset")}
        saved_size = settings.options.get("players") if settings.preset in (None, name) else None
        size = seats if seats is not None else int(saved_size or info.default_players)
        if not info.min_players <= size <= info.max_players:
            raise UserFacingError(
                f"The {name} preset plays with {info.min_players}–{info.max_players} seats."
            )
        try:
            options = game.make_options(name, {**overrides, "players": size})
        except OptionsError as exc:
            raise UserFacingError(f"These rules don't work together: {exc}") from exc
        if not 0 <= bots <= size - 1:
            raise UserFacingError(f"From 0 to {size - 1} computer players fit at {size} seats.")
        chosen_level = (level or settings.computer_level or default_level(game)).strip().lower()
        if chosen_level not in game.levels():
            raise UserFacingError(f"Computer level: choose one of {', '.join(game.levels())}.")
        if turn_time is not None:
            try:
                turn_seconds = parse_turn_time(turn_time)
            except OptionsError as exc:
                raise UserFacingError(str(exc)) from exc
        else:
            turn_seconds = settings.turn_seconds or TURN_TIME_DEFAULT
        self.refuse_if_busy(channel_id)  # checked again: the settings lookup awaited
        # Errors above are ephemeral replies; from here on drawing may take a moment.
        await interaction.response.defer(thinking=True)
        user = interaction.user
        lobby = Lobby(
            lobby_id=secrets.randbits(48),
            guild_id=interaction.guild_id,
            channel_id=channel_id,
            adapter=adapter,
            host_id=user.id,
            preset=name,
            options=options,
            seats=size,
            level=chosen_level,
            turn_seconds=turn_seconds,
            players=[(user.id, user.display_name)],
            computers=bots,
            last_activity=self.ctx.clock.now(),
        )
        await self.open_lobby(interaction, lobby, note=None)

    async def open_lobby(
        self, interaction: discord.Interaction, lobby: Lobby, note: str | None
    ) -> None:
        """Post a lobby as the answer to a deferred interaction."""
        self.ctx.lobbies[lobby.channel_id] = lobby
        self.ctx.lobbies_by_id[lobby.lobby_id] = lobby
        embed, picture = await self.payload(lobby)
        msg = await followup(
            interaction,
            content=note or "",
            embed=embed,
            view=lobby_view(lobby.lobby_id),
            **file_kwargs(picture),
        )
        lobby.message_id = msg.id
        lobby.task = self.ctx.spawn(self._idle(lobby), "lobby-idle")

    def refuse_if_busy(self, channel_id: int) -> None:
        """Refuse a new lobby where a game or a lobby already is."""
        t = self.ctx.tables.get(channel_id)
        if t is not None and not t.closed:
            link = ""
            if t.meta.table_message_id:
                link = f" https://discord.com/channels/{t.guild_id}/{channel_id}/"
                link += str(t.meta.table_message_id)
            raise UserFacingError(
                f"A game of {t.adapter.game.title} is already running in this channel:{link}"
            )
        lobby = self.ctx.lobbies.get(channel_id)
        if lobby is not None and not lobby.closed:
            raise UserFacingError(
                f"A {lobby.adapter.game.title} lobby is already open in this channel: "
                "press **Join** on it"
                + (
                    f" (https://discord.com/channels/{lobby.guild_id}/{channel_id}/"
                    f"{lobby.message_id})."
                    if lobby.message_id
                    else "."
                )
            )

    async def payload(self, lobby: Lobby) -> tuple[discord.Embed, Picture | None]:
        adapter = lobby.adapter
        names = [name for _, name in lobby.players]
        lines = [adapter.describe_options(lobby.options), ""]
        for uid, _ in lobby.players:
            lines.append(f"• <@{uid}>" + (" (host)" if uid == lobby.host_id else ""))
        for i in range(lobby.computers):
            lines.append(f"• 🤖 {COMPUTER_NAMES[i % len(COMPUTER_NAMES)]} ({lobby.level})")
        lines += ["• *open seat*" for _ in range(lobby.free)]
        lines.append("")
        lines.append(
            f"Turn time {lobby.turn_seconds} s · computers play at level {lobby.level} · "
            f"{hints_text(lobby.hints)}. Open seats are filled with computer players at Start."
        )
        embed = discord.Embed(
            title=f"{adapter.game.title} — {lobby.preset} · "
            f"{len(lobby.players) + lobby.computers}/{lobby.seats} seats",
            description="\n".join(lines)[:4096],
            colour=adapter.colour,
        )
        embed.set_footer(text="Start and Cancel: the host or anyone with Manage Channel.")
        seats = [(name, False) for name in names] + [
            (COMPUTER_NAMES[i % len(COMPUTER_NAMES)], True) for i in range(lobby.computers)
        ]
        picture = await self.ctx.draw(
            None, adapter.lobby_picture, lobby.options, seats, lobby.seats
        )
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        return embed, picture

    async def on_button(self, interaction: discord.Interaction, lobby_id: int, action: str) -> None:
        lobby = self.ctx.lobbies_by_id.get(lobby_id)
        if lobby is None or lobby.closed:
            raise Stale(
                "This lobby is closed (started, cancelled, idle too long or the bot restarted). "
                "Open a new one with /<game> new (for example /president new)."
            )
        refuse_elsewhere(interaction, lobby.channel_id)
        user = interaction.user
        if action == "rules":
            await self.house_rules(interaction, lobby)
            return
        async with lobby.lock:
            if lobby.closed:
                raise Stale("This lobby just closed.")
            if action == "join":
                if lobby.has(user.id):
                    raise UserFacingError("You're already seated in this lobby.")
                if lobby.free <= 0:
                    raise UserFacingError("The table is full.")
                lobby.players.append((user.id, user.display_name))
            elif action == "leave":
                if not lobby.has(user.id):
                    raise UserFacingError("You're not in this lobby.")
                lobby.players = [(u, n) for u, n in lobby.players if u != user.id]
                if not lobby.players:
                    await interaction.response.defer()
                    await self.close(lobby, "Everyone left, so the lobby closed.")
                    return
                if lobby.host_id == user.id:
                    lobby.host_id = lobby.players[0][0]  # the next player becomes host
            elif action == "bot":
                if not lobby.has(user.id) and not may_manage(interaction, lobby.host_id):
                    raise UserFacingError("Join the lobby first.")
                if lobby.free <= 0:
                    raise UserFacingError("The table is full.")
                lobby.computers += 1
            elif action in ("start", "cancel"):
                if not may_manage(interaction, lobby.host_id):
                    raise UserFacingError(
                        f"Only the host (<@{lobby.host_id}>) or someone with Manage Channel "
                        f"can {action} the game."
                    )
                await interaction.response.defer()
                if action == "cancel":
                    await self.close(lobby, f"{user.mention} cancelled the lobby.")
                else:
                    await self._start(lobby, interaction)
                return
            lobby.last_activity = self.ctx.clock.now()
            await interaction.response.defer()
            embed, picture = await self.payload(lobby)
            f = to_file(picture)
            await edit_original(
                interaction,
                embed=embed,
                attachments=[f] if f else [],
                view=lobby_view(lobby.lobby_id),
            )

    async def close(self, lobby: Lobby, reason: str) -> None:
        lobby.closed = True
        self.ctx.lobbies.pop(lobby.channel_id, None)
        self.ctx.lobbies_by_id.pop(lobby.lobby_id, None)
        if lobby.task is not None and lobby.task is not asyncio.current_task():
            lobby.task.cancel()
        channel = await self.ctx.channel(lobby)
        if channel is not None and lobby.message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(lobby.message_id).edit(  # type: ignore[attr-defined]
                    content=reason, embed=None, attachments=[], view=None
                )

    async def _idle(self, lobby: Lobby) -> None:
        while not lobby.closed:
            left = lobby.last_activity + self.ctx.timings.lobby_idle - self.ctx.clock.now()
            if left <= 0:
                minutes = round(self.ctx.timings.lobby_idle / 60)
                await self.close(
                    lobby, f"This lobby closed after {minutes} minutes without activity."
                )
                return
            await self.ctx.clock.sleep(left)

    async def _start(self, lobby: Lobby, interaction: discord.Interaction) -> None:
        lobby.closed = True
        self.ctx.lobbies.pop(lobby.channel_id, None)
        self.ctx.lobbies_by_id.pop(lobby.lobby_id, None)
        if lobby.task is not None:
            lobby.task.cancel()
        seats = [Seat.human(uid, name) for uid, name in lobby.players]
        free = lobby.seats - len(seats)
        seats += [
            Seat.computer(lobby.level, f"{COMPUTER_NAMES[i % len(COMPUTER_NAMES)]} (computer)")
            for i in range(free)
        ]
        # seats are shuffled at Start; each player keeps the colour of their
        # place in the lobby
        order = list(range(len(seats)))
        random.SystemRandom().shuffle(order)
        seats = [seats[i] for i in order]
        seed = secrets.randbits(62)
        manifest = self.ctx.manifests[lobby.kind]
        n = len(seats)
        meta = TableMeta(
            lobby.host_id,
            lobby.turn_seconds,
            lobby.level,
            [False] * n,
            [0] * n,
            [False] * n,
            colours=order,
            hints=lobby.hints,
        )
        t = await self.session.create(
            manifest,
            guild_id=lobby.guild_id,
            channel_id=lobby.channel_id,
            preset=lobby.preset,
            options=lobby.options,
            seats=seats,
            meta=meta,
            seed=seed,
        )
        names = ", ".join(mention(t, p) for p in range(n))
        with contextlib.suppress(discord.HTTPException):  # the game goes on without it
            await edit_original(
                interaction,
                content=f"The game has started: {names}. Hands are in your DMs "
                "(or press **My hand** on the table).",
                embed=None,
                attachments=[],
                view=None,
            )
        self.started(t)
