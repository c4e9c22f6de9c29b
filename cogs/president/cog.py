"""President on Discord: lobbies, tables, turns, timers, computer seats, restarts.

One lobby or one game per channel (a thread is a channel). Each game runs
as two tasks: the *driver* (whose turn, computer moves, timers, rounds) and
the *table loop* (the only writer of the channel's table message, at most one
edit per ``table_edit_interval``). Decisions from clicks, timers and
computers all go through :meth:`PresidentCog._apply`, under the table's
lock, and are stored before anyone is told about them.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import random
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from cogs.clock import wait_event
from cogs.replies import UserFacingError
from data import GameNotLive, NewGame, Seat, SeatResult, StaleVersion
from data import RoundResult as StoredRound
from engine.president import (
    EXCHANGE,
    GAME_OVER,
    PASS,
    PLAY,
    PRESETS,
    ROUND_OVER,
    Decision,
    EngineError,
    OptionsError,
    Play,
    President,
    preset,
)
from engine.president.ai import levels

from . import images
from .models import Lobby, Table, TableMeta
from .rules_text import differences_text
from .server import Scope, ServerFeatures, takeable_seat
from .server_views import SERVER_ITEMS, rematch_view
from .settings import TURN_TIME_DEFAULT, TURN_TIME_RANGE, option_matches, value_matches
from .text import (
    cards_text,
    countdown,
    exchange_private_lines,
    exchange_public_lines,
    give_choices,
    parse_rank_value,
    play_choices,
    plural,
    recent_log,
    resolve_give,
    round_lines,
    standings_lines,
)
from .views import DYNAMIC_ITEMS, back_view, give_view, lobby_view, play_view, table_view

if TYPE_CHECKING:
    from bot import PresidentBot

log = logging.getLogger("president.game")

COMPUTER_NAMES = ("Ada", "Babbage", "Turing", "Hopper", "Lovelace", "Knuth", "Dijkstra")
COLOUR = discord.Colour(0x2F8A58)
# module-level names: discord.py evaluates the Range annotation in this module
_TURN_MIN, _TURN_MAX = TURN_TIME_RANGE

REQUIRED_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)


class Stale(UserFacingError):
    """A click on controls that no longer apply; nothing changed."""


def missing_permissions(perms: discord.Permissions, *, thread: bool = False) -> list[str]:
    """Names of the channel permissions the bot lacks to run a table."""
    missing = [label for attr, label in REQUIRED_PERMISSIONS if not getattr(perms, attr)]
    if thread and not perms.send_messages_in_threads:
        missing.append("Send Messages in Threads")
    return missing


def _file(picture: images.Picture | None) -> discord.File | None:
    if picture is None:
        return None
    return discord.File(io.BytesIO(picture.data), filename=picture.filename)


def _kwargs_files(picture: images.Picture | None) -> dict[str, Any]:
    f = _file(picture)
    return {"file": f} if f is not None else {}


def _stored_round(state: President, names: Sequence[str]) -> StoredRound:
    result = state.results[-1]
    return StoredRound(
        number=result.round_number,
        seats=[
            SeatResult(
                seat=p,
                position=result.position_of(p),
                title=result.titles[p],
                points=result.points[p],
                total=result.totals[p],
                promotion=result.promotions[p],
                display_name=names[p],
            )
            for p in range(state.n)
        ],
    )


class PresidentCog(commands.Cog, name="President"):
    president = app_commands.Group(
        name="president", description="Play President, the card game", guild_only=True
    )

    def __init__(self, bot: PresidentBot) -> None:
        self.bot = bot
        self.clock = bot.clock
        self.timings = bot.timings
        self.lobbies: dict[int, Lobby] = {}  # by channel id
        self.lobbies_by_id: dict[int, Lobby] = {}
        self.tables: dict[int, Table] = {}  # by channel id
        self.tables_by_game: dict[int, Table] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._shown: dict[int, tuple[int, tuple[str, bytes, str]]] = {}
        """Per game: the table message id and what it shows (to skip no-op edits)."""
        self.server = ServerFeatures(self)  # house rules, rematch, take seat, forget me

    def _spawn(self, coro: Any, name: str) -> asyncio.Task[None]:
        """A background task that the cog cancels when it unloads."""
        task: asyncio.Task[None] = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- lifecycle ----------------------------------------------------------------

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS, *SERVER_ITEMS)
        self._spawn(asyncio.to_thread(images.warm_up), "president-warm-up")
        self._spawn(self._resume_all(), "president-resume")

    async def cog_unload(self) -> None:
        for t in list(self.tables.values()):
            t.closed = True
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS, *SERVER_ITEMS)

    async def _resume_all(self) -> None:
        """Every live table of the database continues after a restart."""
        await self.bot.wait_until_ready()
        for live in await self.bot.db.live_tables():
            if live.kind != "president":
                continue
            try:
                state = President.from_json(live.state_json)
            except EngineError:
                log.warning("game %s: stored state unreadable; abandoned", live.game_id)
                await self.bot.db.abandon_game(live.game_id)
                continue
            table = Table(
                game_id=live.game_id,
                guild_id=live.guild_id,
                channel_id=live.channel_id,
                state=state,
                version=live.version,
                seats=list(live.seats),
                meta=TableMeta.from_json(live.meta_json, state.n),
                seed=live.game_id,
            )
            channel = await self._channel(table)
            if channel is None:
                log.warning("game %s: channel %s is gone; abandoned", live.game_id, live.channel_id)
                with contextlib.suppress(GameNotLive):
                    await self.bot.db.abandon_game(live.game_id)
                continue
            if live.game_id in self.tables_by_game:
                # started since the bot came up (this loop can be slower than the
                # first /president new): it already has its table and tasks
                continue
            self._register(table)
            table.repost = True
            table.repost_note = "The bot restarted; the game goes on from where it was."
            self._start_tasks(table)
            log.info("game %s resumed in channel %s", live.game_id, live.channel_id)

    # -- helpers ------------------------------------------------------------------

    def _register(self, table: Table) -> None:
        self.tables[table.channel_id] = table
        self.tables_by_game[table.game_id] = table

    def _start_tasks(self, table: Table) -> None:
        table.tasks = [
            self._spawn(self._drive(table), f"president-drive-{table.game_id}"),
            self._spawn(self._table_loop(table), f"president-table-{table.game_id}"),
        ]

    async def _channel(self, table: Table | Lobby) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(table.channel_id)
            except discord.HTTPException:
                return None
        return cast(discord.abc.Messageable, channel)

    async def _save_meta(self, t: Table) -> None:
        with contextlib.suppress(GameNotLive):
            await self.bot.db.set_meta(t.game_id, t.meta.to_json())

    def _mention(self, t: Table, p: int) -> str:
        uid = t.seats[p].user_id
        return f"<@{uid}>" if uid is not None else t.seats[p].display_name

    def _note(self, t: Table, text: str) -> None:
        t.notes.append(text)
        del t.notes[:-3]

    def _table_for_game(self, game_id: int) -> Table:
        t = self.tables_by_game.get(game_id)
        if t is None or t.closed:
            raise Stale("This game is over; its buttons no longer do anything.")
        return t

    def _seat_for(self, t: Table, user: discord.abc.User) -> int:
        p = t.seat_of_user(user.id)
        if p is None:
            raise UserFacingError("You're not playing at this table.")
        return p

    # -- /president commands ------------------------------------------------------

    @president.command(name="new", description="Open a President table in this channel")
    @app_commands.describe(
        rules="Rule preset (default: this channel's or server's saved choice, else classic)",
        seats="Number of seats (within the preset's limits)",
        bots="Computer players to seat now",
        level="Computer player level",
        turn_time=f"Seconds per turn ({_TURN_MIN}–{_TURN_MAX}, default {TURN_TIME_DEFAULT})",
    )
    async def new(
        self,
        interaction: discord.Interaction,
        rules: str | None = None,
        seats: app_commands.Range[int, 3, 8] | None = None,
        bots: app_commands.Range[int, 0, 7] = 0,
        level: str | None = None,
        turn_time: app_commands.Range[int, _TURN_MIN, _TURN_MAX] | None = None,
    ) -> None:
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
        self._refuse_if_busy(channel_id)
        settings = await self.bot.db.effective_settings(interaction.guild_id, channel_id)
        name = (rules or settings.preset or "classic").strip().lower()
        info = PRESETS.get(name)
        if info is None:
            raise UserFacingError(f"There is no preset {name!r}; choose {', '.join(PRESETS)}.")
        overrides = {k: v for k, v in settings.options.items() if k not in ("players", "preset")}
        size = seats or int(settings.options.get("players", max(info.min_players, 4)))
        if not info.min_players <= size <= info.max_players:
            raise UserFacingError(
                f"The {name} preset plays with {info.min_players}–{info.max_players} seats."
            )
        try:
            options = preset(name, **overrides, players=size)
        except OptionsError as exc:
            raise UserFacingError(f"These rules don't work together: {exc}") from exc
        if bots > size - 1:
            raise UserFacingError(f"At most {size - 1} computer players fit at {size} seats.")
        chosen_level = level or settings.computer_level or "normal"
        if chosen_level not in levels():
            raise UserFacingError(f"Computer level: choose one of {', '.join(levels())}.")
        self._refuse_if_busy(channel_id)  # checked again: the settings lookup awaited
        # Errors above are ephemeral replies; from here on drawing may take a moment.
        await interaction.response.defer(thinking=True)
        user = interaction.user
        lobby = Lobby(
            lobby_id=secrets.randbits(48),
            guild_id=interaction.guild_id,
            channel_id=channel_id,
            host_id=user.id,
            preset=name,
            options=options,
            seats=size,
            level=chosen_level,
            turn_seconds=turn_time or settings.turn_seconds or TURN_TIME_DEFAULT,
            players=[(user.id, user.display_name)],
            computers=bots,
            last_activity=self.clock.now(),
        )
        self.lobbies[channel_id] = lobby
        self.lobbies_by_id[lobby.lobby_id] = lobby
        embed, picture = await self._lobby_payload(lobby)
        msg = await interaction.followup.send(
            embed=embed, view=lobby_view(lobby.lobby_id), wait=True, **_kwargs_files(picture)
        )
        lobby.message_id = msg.id
        lobby.task = self._spawn(self._lobby_idle(lobby), "president-lobby-idle")

    def _refuse_if_busy(self, channel_id: int) -> None:
        t = self.tables.get(channel_id)
        if t is not None and not t.closed:
            link = ""
            if t.meta.table_message_id:
                link = f" https://discord.com/channels/{t.guild_id}/{channel_id}/"
                link += str(t.meta.table_message_id)
            raise UserFacingError(f"A game is already running in this channel:{link}")
        lobby = self.lobbies.get(channel_id)
        if lobby is not None and not lobby.closed:
            raise UserFacingError(
                "A lobby is already open in this channel: press **Join** on it"
                + (
                    f" (https://discord.com/channels/{lobby.guild_id}/{channel_id}/"
                    f"{lobby.message_id})."
                    if lobby.message_id
                    else "."
                )
            )

    @new.autocomplete("rules")
    async def _rules_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        cur = current.lower()
        return [
            app_commands.Choice(name=f"{n} — {info.summary}"[:100], value=n)
            for n, info in PRESETS.items()
            if cur in n
        ]

    @new.autocomplete("level")
    async def _level_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in levels() if current.lower() in n]

    @president.command(name="hand", description="Show your hand and controls (only to you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        t = self._table_in(interaction)
        await self._send_hand(interaction, t)

    @president.command(name="leave", description="Leave the game here; a computer takes your seat")
    async def leave(self, interaction: discord.Interaction) -> None:
        lobby = self.lobbies.get(interaction.channel_id or 0)
        if lobby is not None and not lobby.closed and lobby.has(interaction.user.id):
            raise UserFacingError("Use the **Leave** button on the lobby.")
        t = self._table_in(interaction)
        await self._leave_game(interaction, t)

    @president.command(name="end", description="End the game here (host or Manage Channel)")
    async def end(self, interaction: discord.Interaction) -> None:
        t = self._table_in(interaction)
        if not self._may_manage(interaction, t.meta.host_id):
            raise UserFacingError("Only the host or someone with Manage Channel can end the game.")
        await interaction.response.send_message("Ending the game…", ephemeral=True)
        await self._end_game(t, f"{interaction.user.mention} ended the game.")

    # The server's side (house rules, defaults, rules text, forget me) lives in
    # server.py; these are only the command declarations.

    @president.command(
        name="set", description="Change a house rule, the turn time or the computer level (host)"
    )
    @app_commands.describe(
        option="The rule or setting to change", value="Its new value (on/off, a number…)"
    )
    async def set_option(self, interaction: discord.Interaction, option: str, value: str) -> None:
        await self.server.set_option(interaction, option, value)

    @set_option.autocomplete("option")
    async def _option_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in option_matches(current)]

    @set_option.autocomplete("value")
    async def _value_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        name = str(getattr(interaction.namespace, "option", "") or "").strip().lower()
        lobby = self.lobbies.get(interaction.channel_id or 0)
        opts = lobby.options if lobby is not None else None
        return [app_commands.Choice(name=v, value=v) for v in value_matches(name, current, opts)]

    @president.command(
        name="defaults", description="Save this lobby's rules as the default (Manage Server)"
    )
    @app_commands.describe(scope="For this channel only, or for the whole server")
    async def defaults(self, interaction: discord.Interaction, scope: Scope = "channel") -> None:
        await self.server.save_defaults(interaction, scope)

    @president.command(name="rules", description="The rules of a preset, or of the game here")
    @app_commands.describe(preset="A preset (default: the lobby or game here, else the default)")
    @app_commands.choices(preset=[app_commands.Choice(name=n, value=n) for n in PRESETS])
    async def rules(self, interaction: discord.Interaction, preset: str | None = None) -> None:
        await self.server.show_rules(interaction, preset)

    @president.command(name="forget-me", description="Delete your statistics in this server")
    async def forget_me(self, interaction: discord.Interaction) -> None:
        await self.server.forget_me(interaction)

    def _table_in(self, interaction: discord.Interaction) -> Table:
        t = self.tables.get(interaction.channel_id or 0)
        if t is None or t.closed:
            raise UserFacingError("No game is running in this channel. Start one: /president new")
        return t

    @staticmethod
    def _may_manage(interaction: discord.Interaction, host_id: int) -> bool:
        perms = interaction.permissions
        return interaction.user.id == host_id or perms.manage_channels

    # -- lobby --------------------------------------------------------------------

    async def _lobby_payload(self, lobby: Lobby) -> tuple[discord.Embed, images.Picture | None]:
        info = PRESETS[lobby.preset]
        names = [name for _, name in lobby.players]
        lines = [info.summary]
        diffs = lobby.options.differences()
        if diffs:
            lines.append("**House rules:** " + differences_text(lobby.options))
        lines.append("")
        for uid, _ in lobby.players:
            lines.append(f"• <@{uid}>" + (" (host)" if uid == lobby.host_id else ""))
        for i in range(lobby.computers):
            lines.append(f"• 🤖 {COMPUTER_NAMES[i % len(COMPUTER_NAMES)]} ({lobby.level})")
        lines += ["• *open seat*" for _ in range(lobby.free)]
        lines.append("")
        lines.append(
            f"Turn time {lobby.turn_seconds} s · computers play at level {lobby.level}. "
            "Open seats are filled with computer players at Start."
        )
        embed = discord.Embed(
            title=f"President — {lobby.preset} · {len(lobby.players) + lobby.computers}/"
            f"{lobby.seats} seats",
            description="\n".join(lines),
            colour=COLOUR,
        )
        embed.set_footer(text="Start and Cancel: the host or anyone with Manage Channel.")
        seats = [(name, False) for name in names] + [
            (COMPUTER_NAMES[i % len(COMPUTER_NAMES)], True) for i in range(lobby.computers)
        ]
        picture = await asyncio.to_thread(
            images.lobby_picture, lobby.preset, lobby.options, seats, lobby.seats
        )
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        return embed, picture

    async def on_lobby_button(
        self, interaction: discord.Interaction, lobby_id: int, action: str
    ) -> None:
        lobby = self.lobbies_by_id.get(lobby_id)
        if lobby is None or lobby.closed:
            raise Stale(
                "This lobby is closed (started, cancelled, idle too long or the bot restarted). "
                "Open a new one with /president new."
            )
        user = interaction.user
        if action == "rules":
            await self.server.open_house_rules(interaction, lobby)
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
                    await self._close_lobby(lobby, "Everyone left, so the lobby closed.")
                    return
                if lobby.host_id == user.id:
                    lobby.host_id = lobby.players[0][0]  # the next player becomes host
            elif action == "bot":
                if not lobby.has(user.id) and not self._may_manage(interaction, lobby.host_id):
                    raise UserFacingError("Join the lobby first.")
                if lobby.free <= 0:
                    raise UserFacingError("The table is full.")
                lobby.computers += 1
            elif action in ("start", "cancel"):
                if not self._may_manage(interaction, lobby.host_id):
                    raise UserFacingError(
                        f"Only the host (<@{lobby.host_id}>) or someone with Manage Channel "
                        f"can {action} the game."
                    )
                await interaction.response.defer()
                if action == "cancel":
                    await self._close_lobby(lobby, f"{user.mention} cancelled the lobby.")
                else:
                    await self._start_game(lobby, interaction)
                return
            lobby.last_activity = self.clock.now()
            await interaction.response.defer()
            embed, picture = await self._lobby_payload(lobby)
            f = _file(picture)
            await interaction.edit_original_response(
                embed=embed, attachments=[f] if f else [], view=lobby_view(lobby.lobby_id)
            )

    async def _close_lobby(self, lobby: Lobby, reason: str) -> None:
        lobby.closed = True
        self.lobbies.pop(lobby.channel_id, None)
        self.lobbies_by_id.pop(lobby.lobby_id, None)
        if lobby.task is not None and lobby.task is not asyncio.current_task():
            lobby.task.cancel()
        channel = await self._channel(lobby)
        if channel is not None and lobby.message_id is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(lobby.message_id).edit(  # type: ignore[attr-defined]
                    content=reason, embed=None, attachments=[], view=None
                )

    async def _lobby_idle(self, lobby: Lobby) -> None:
        while not lobby.closed:
            left = lobby.last_activity + self.timings.lobby_idle - self.clock.now()
            if left <= 0:
                minutes = round(self.timings.lobby_idle / 60)
                await self._close_lobby(
                    lobby, f"This lobby closed after {minutes} minutes without activity."
                )
                return
            await self.clock.sleep(left)

    async def _start_game(self, lobby: Lobby, interaction: discord.Interaction) -> None:
        lobby.closed = True
        self.lobbies.pop(lobby.channel_id, None)
        self.lobbies_by_id.pop(lobby.lobby_id, None)
        if lobby.task is not None:
            lobby.task.cancel()
        seats = [Seat.human(uid, name) for uid, name in lobby.players]
        free = lobby.seats - len(seats)
        seats += [
            Seat.computer(lobby.level, f"{COMPUTER_NAMES[i % len(COMPUTER_NAMES)]} (computer)")
            for i in range(free)
        ]
        random.SystemRandom().shuffle(seats)  # seats are shuffled at Start
        seed = secrets.randbits(62)
        state = President.new_game(lobby.options, seed)
        n = state.n
        meta = TableMeta(
            lobby.host_id, lobby.turn_seconds, lobby.level, [False] * n, [0] * n, [False] * n
        )
        game_id = await self.bot.db.create_game(
            NewGame(
                guild_id=lobby.guild_id,
                channel_id=lobby.channel_id,
                preset=lobby.preset,
                options_json=json.dumps(lobby.options.to_dict()),
                scoring=lobby.options.scoring,
                seats=seats,
                state_json=state.to_json(),
                record_json=state.record().to_json(),
                meta_json=meta.to_json(),
            )
        )
        t = Table(game_id, lobby.guild_id, lobby.channel_id, state, 0, seats, meta, seed)
        names = ", ".join(self._mention(t, p) for p in range(n))
        with contextlib.suppress(discord.HTTPException):  # the game goes on without it
            await interaction.edit_original_response(
                content=f"The game has started: {names}. Hands are in your DMs "
                "(or press **My hand** on the table).",
                embed=None,
                attachments=[],
                view=None,
            )
        self._register(t)
        t.repost = True
        self._start_tasks(t)
        # A cog task rather than the click's: it is cancelled cleanly on shutdown.
        self._spawn(self._deal_messages(t), f"president-deal-{game_id}")

    # -- the table message -----------------------------------------------------------

    async def _table_payload(self, t: Table) -> tuple[discord.Embed, images.Picture | None]:
        view = t.state.public_view()
        names = t.names
        lines = recent_log(view.history, names, limit=5)
        if view.exchange:
            lines = exchange_public_lines(view.exchange, names) + lines
        lines += [f"*{n}*" for n in t.notes]
        turn = view.turn
        if view.is_over:
            status = "**Game over.**"
        elif view.phase == ROUND_OVER:
            status = "Round over — the next one starts shortly."
        elif turn is None:
            status = ""
        elif t.is_computer(turn):
            status = f"🤖 **{names[turn]}** is thinking…"
        else:
            what = "gives back cards" if view.phase == EXCHANGE else "to play"
            status = f"**Turn:** {self._mention(t, turn)} {what}"
            if t.deadline is not None:
                status += f" — time runs out {countdown(t.deadline)}"
        scores = " · ".join(f"{names[s.player]} {s.score}" for s in view.seats)
        embed = discord.Embed(
            title=f"President — {view.options.preset} · round {view.round_number}",
            description="\n".join([*lines, "", status]).strip(),
            colour=COLOUR,
        )
        embed.set_footer(text=f"Scores: {scores}")
        computer = [s.user_id is None for s in t.seats]
        picture = await asyncio.to_thread(
            images.table_picture, view, names, computer, list(t.meta.auto)
        )
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        return embed, picture

    async def _table_loop(self, t: Table) -> None:
        """The only writer of the table message: coalesces updates to one per interval."""
        while not t.closed:
            await t.dirty.wait()
            t.dirty.clear()
            if t.closed:
                return
            try:
                await self._refresh_table(t)
            except discord.HTTPException as exc:
                log.warning("game %s: table message not updated: %s", t.game_id, exc)
            await self.clock.sleep(self.timings.table_edit_interval)

    async def _refresh_table(self, t: Table) -> None:
        channel = await self._channel(t)
        if channel is None:
            return
        embed, picture = await self._table_payload(t)
        old = t.meta.table_message_id
        stale = (
            old is None
            or t.repost
            or self.clock.now() - t.table_posted_at > self.timings.table_max_age
            or t.messages_since_table >= self.timings.bury_limit
        )
        # Several changes often mark the table dirty for one state (a decision, then
        # the next turn): an edit that would change nothing is not sent.
        shown = (
            json.dumps(embed.to_dict(), sort_keys=True, default=str),
            picture.data if picture is not None else b"",
            json.dumps(self._table_view(t).to_components(), sort_keys=True),
        )
        if not stale and old is not None and self._shown.get(t.game_id) == (old, shown):
            return
        if not stale and old is not None:
            f = _file(picture)
            try:
                await channel.get_partial_message(old).edit(  # type: ignore[attr-defined]
                    embed=embed, attachments=[f] if f else [], view=self._table_view(t)
                )
                self._shown[t.game_id] = (old, shown)
                return
            except discord.NotFound:
                pass  # deleted by someone: post a fresh one
        note = t.repost_note
        t.repost = False
        t.repost_note = None
        msg = await channel.send(
            content=note, embed=embed, view=self._table_view(t), **_kwargs_files(picture)
        )
        t.meta.table_message_id = msg.id
        self._shown[t.game_id] = (msg.id, shown)
        t.table_posted_at = self.clock.now()
        t.messages_since_table = 0
        try:
            # under the table lock: a decision being stored holds a copy of the
            # meta and would otherwise write the old message id back over this
            async with t.lock:
                await self._save_meta(t)
        finally:
            # even when the game closes (and cancels this task) right now, the
            # old table must not stay behind looking like the live one: the edit
            # runs as its own task, so a cancel mid-request cannot abort it
            if old is not None:
                retire = self._retire(channel, old, f"The table moved: {msg.jump_url}")
                await asyncio.shield(self._spawn(retire, f"president-retire-{old}"))

    def _table_view(self, t: Table) -> discord.ui.View:
        # Take seat shows only while a newcomer can take over a computer-played seat.
        return table_view(t.game_id, take_seat=takeable_seat(t) is not None)

    async def _retire(self, channel: discord.abc.Messageable, message_id: int, text: str) -> None:
        try:
            await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                content=text, embed=None, attachments=[], view=None
            )
        except discord.NotFound:
            pass  # deleted meanwhile: nothing left to retire
        except discord.HTTPException as exc:
            # the old table keeps its (now dead) buttons; they answer "stale" when pressed
            log.warning("old table message %s not retired: %s", message_id, exc)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        t = self.tables.get(message.channel.id)
        if t is not None and message.id != t.meta.table_message_id:
            t.messages_since_table += 1

    # -- hands and controls -------------------------------------------------------------

    async def _hand_payload(self, t: Table, p: int, *, controls: bool) -> dict[str, Any]:
        st = t.state
        obs = st.observation(p)
        names = t.names
        lines = [f"**President — round {st.round_number}** in <#{t.channel_id}>"]
        lines += exchange_private_lines(obs.exchange, p, names)
        lines.append(f"Your hand ({len(obs.hand)}): {cards_text(obs.hand)}")
        view: discord.ui.View | None = None
        my_turn = st.current_player == p
        if my_turn and controls:
            if st.phase == EXCHANGE:
                _giver, receiver, count = st.pending[0]
                choices = give_choices(obs.hand, count)
                due = plural(choices.count, "card")
                lines.append(f"**Your turn:** give {due} back to {names[receiver]}.")
                view = give_view(t.game_id, t.version, choices)
            else:
                top = st.top
                if top is None:
                    lines.append("**Your turn:** you lead — play any set.")
                else:
                    by = names[st.top_player] if st.top_player is not None else "?"
                    lines.append(f"**Your turn:** beat {top.pretty()} by {by}, or pass.")
                view = play_view(t.game_id, t.version, play_choices(obs.legal))
            if t.deadline is not None:
                lines.append(f"Time runs out {countdown(t.deadline)}.")
        elif st.current_player is not None:
            lines.append(f"Waiting for {names[st.current_player]}.")
        picture = await asyncio.to_thread(
            images.hand_picture,
            obs.hand,
            obs.legal if my_turn else (),
            st.options,
            st.revolution,
        )
        payload: dict[str, Any] = {"content": "\n".join(lines)[:2000]}
        f = _file(picture)
        if f is not None:
            payload["file"] = f
        if view is not None:
            payload["view"] = view
        return payload

    async def _dm(self, t: Table, p: int, **kwargs: Any) -> discord.Message | None:
        """DM a seated human; None when their DMs are closed (they use My hand)."""
        uid = t.seats[p].user_id
        if uid is None or t.meta.dm_closed[p]:
            return None
        try:
            user = self.bot.get_user(uid) or await self.bot.fetch_user(uid)
            return await user.send(**kwargs)
        except discord.Forbidden as exc:
            if exc.code != 50007:
                log.warning("game %s: DM to seat %s refused: %s", t.game_id, p, exc)
            t.meta.dm_closed[p] = True
            await self._save_meta(t)
            await self._say(
                t,
                f"<@{uid}>, I can't send you direct messages, so press **My hand** on the table "
                "to see your cards and play.",
            )
            return None
        except discord.HTTPException as exc:
            log.warning("game %s: DM to seat %s failed: %s", t.game_id, p, exc)
            return None

    async def _say(self, t: Table, text: str, **kwargs: Any) -> discord.Message | None:
        channel = await self._channel(t)
        if channel is None:
            return None
        try:
            return await channel.send(text, **kwargs)
        except discord.HTTPException as exc:
            log.warning("game %s: channel message failed: %s", t.game_id, exc)
            return None

    async def _ping(self, t: Table, text: str) -> None:
        """A short channel message that notifies someone; the previous ping goes away."""
        await self._clear_ping(t)
        msg = await self._say(t, text)
        t.ping_message_id = msg.id if msg is not None else None

    async def _clear_ping(self, t: Table) -> None:
        if t.ping_message_id is None:
            return
        channel = await self._channel(t)
        mid, t.ping_message_id = t.ping_message_id, None
        if channel is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(mid).delete()  # type: ignore[attr-defined]

    async def _deal_messages(self, t: Table) -> None:
        """Each human gets their new hand (and what the exchange moved) privately."""
        st = t.state
        for p in t.humans():
            if st.current_player == p and not t.is_computer(p):
                continue  # their turn message follows at once
            payload = await self._hand_payload(t, p, controls=False)
            await self._dm(t, p, **payload)

    async def _send_hand(self, interaction: discord.Interaction, t: Table) -> None:
        """My hand: the hand and, on your turn, the controls, only to you."""
        p = self._seat_for(t, interaction.user)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._reclaim(t, p)
        payload = await self._hand_payload(t, p, controls=True)
        await interaction.followup.send(ephemeral=True, **payload)

    # -- the driver ------------------------------------------------------------------

    async def _drive(self, t: Table) -> None:
        try:
            while not t.closed:
                st = t.state
                if st.is_over:
                    await self._game_over(t)
                    return
                if st.phase == ROUND_OVER:
                    await self._next_round(t)
                    continue
                p = st.current_player
                assert p is not None
                version = t.version
                if t.is_computer(p):
                    await self._computer_turn(t, p, version)
                else:
                    await self._human_turn(t, p, version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the game loop stopped", t.game_id)

    async def _computer_turn(self, t: Table, p: int, version: int) -> None:
        if t.deadline is not None or t.notified is not None:
            t.deadline = None
            t.notified = None
            await self._clear_ping(t)
        t.dirty.set()
        await self.clock.sleep(self.timings.computer_pause)  # so people can follow
        if t.closed or t.version != version or not t.is_computer(p):
            return
        obs = t.state.observation(p)
        decision = await asyncio.to_thread(t.computer(p).decide, obs)
        with contextlib.suppress(Stale):
            await self._apply(t, p, decision, version, by="computer")

    async def _human_turn(self, t: Table, p: int, version: int) -> None:
        turn = float(t.meta.turn_seconds)
        if t.notified != (version, p):
            t.notified = (version, p)
            t.warned = False
            t.deadline = self.clock.now() + turn
            t.dirty.set()
            await self._announce_turn(t, p)
        deadline = t.deadline or self.clock.now()
        t.changed.clear()
        if t.closed or t.version != version or t.is_computer(p):
            return
        warn_at = deadline - min(self.timings.warn_before, turn / 4)
        if not t.warned and warn_at > self.clock.now():
            if await self._wait(t, warn_at - self.clock.now()):
                return
            t.warned = True
            await self._warn(t, p, deadline)
            t.changed.clear()
            if t.closed or t.version != version or t.is_computer(p):
                return
        left = deadline - self.clock.now()
        if left > 0 and await self._wait(t, left):
            return
        if t.closed or t.version != version or t.is_computer(p):
            return
        decision = t.state.default_decision()
        with contextlib.suppress(Stale):
            await self._apply(t, p, decision, version, by="timeout")

    async def _wait(self, t: Table, seconds: float) -> bool:
        return await wait_event(self.clock, t.changed, seconds)

    async def _announce_turn(self, t: Table, p: int) -> None:
        payload = await self._hand_payload(t, p, controls=True)
        msg = await self._dm(t, p, **payload)
        if msg is None:
            what = "give back cards" if t.state.phase == EXCHANGE else "play"
            await self._ping(
                t,
                f"{self._mention(t, p)}, it's your turn to {what}: press **My hand** on the table."
                f" Time runs out {countdown(t.deadline or self.clock.now())}.",
            )

    async def _warn(self, t: Table, p: int, deadline: float) -> None:
        text = f"⏳ Your time runs out {countdown(deadline)}; then I'll " + (
            "give back your lowest cards." if t.state.phase == EXCHANGE else "decide for you."
        )
        if await self._dm(t, p, content=text) is None:
            await self._ping(t, f"{self._mention(t, p)} {text}")

    async def _apply(self, t: Table, p: int, decision: Decision, version: int, *, by: str) -> None:
        """Validate, store, then publish one decision (raises Stale or EngineError)."""
        took_over = False
        async with t.lock:
            if t.closed:
                raise Stale("This game is over.")
            if t.version != version:
                raise Stale(
                    "Those controls are from an earlier turn, so nothing changed. "
                    "Use your latest message or **My hand**."
                )
            if t.state.current_player != p:
                raise Stale("It's not your turn.")
            before = t.state
            new = before.copy()
            new.apply(decision, p)
            meta = TableMeta.from_json(t.meta.to_json(), new.n)
            if by == "human":
                meta.timeouts[p] = 0
                meta.auto[p] = False
            elif by == "timeout":
                meta.timeouts[p] += 1
                if meta.timeouts[p] >= 2 and not meta.auto[p]:
                    meta.auto[p] = True
                    took_over = True
            ended_round = before.phase in (PLAY, EXCHANGE) and new.phase in (ROUND_OVER, GAME_OVER)
            stored = _stored_round(new, t.names) if ended_round else None
            record_json = new.record().to_json()
            try:
                if new.is_over:
                    outcome = new.outcome()
                    assert outcome is not None
                    await self.bot.db.finish_game(
                        t.game_id,
                        outcome.winners,
                        record_json=record_json,
                        last_round=stored,
                        expected_version=version,
                    )
                    t.version = version + 1
                else:
                    t.version = await self.bot.db.save_decision(
                        t.game_id,
                        version,
                        new.to_json(),
                        record_json,
                        meta_json=meta.to_json(),
                        round_result=stored,
                    )
            except (StaleVersion, GameNotLive) as exc:
                raise Stale("Someone else acted first; nothing changed.") from exc
            t.state = new
            # only the fields a decision owns: the table loop may have moved the
            # table message while this was being stored
            t.meta.timeouts = meta.timeouts
            t.meta.auto = meta.auto
            if by == "timeout":
                self._note(t, f"{t.names[p]} ran out of time")
        t.changed.set()
        t.dirty.set()
        if by != "computer" and t.ping_message_id is not None:
            await self._clear_ping(t)
        if took_over:
            self._note(t, f"{t.names[p]} timed out twice: the computer plays for them")
            text = (
                "You ran out of time twice in a row, so the computer is playing your seat. "
                "Press **I'm back** (or **My hand** on the table) to take it back."
            )
            if await self._dm(t, p, content=text, view=back_view(t.game_id)) is None:
                await self._say(t, f"{self._mention(t, p)} {text}", view=back_view(t.game_id))

    async def _reclaim(self, t: Table, p: int) -> bool:
        """A human who acts again takes their seat back from the computer."""
        if not t.meta.auto[p]:
            return False
        async with t.lock:
            t.meta.auto[p] = False
            t.meta.timeouts[p] = 0
            await self._save_meta(t)
        self._note(t, f"{t.names[p]} is back")
        t.changed.set()
        t.dirty.set()
        return True

    async def _next_round(self, t: Table) -> None:
        view = t.state.public_view()
        names = t.names
        result = view.results[-1]
        pause = self.timings.round_pause
        text = "\n".join(round_lines(result, names))
        embed = discord.Embed(
            title=f"Round {result.round_number} results",
            description=f"{text}\n\nThe next round starts {countdown(self.clock.now() + pause)}.",
            colour=COLOUR,
        )
        computer = [s.user_id is None for s in t.seats]
        picture = await asyncio.to_thread(
            images.round_picture, result, names, view.options, computer
        )
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        t.deadline = None
        t.notified = None
        await self._clear_ping(t)
        await self._say(t, "", embed=embed, **_kwargs_files(picture))
        await self.clock.sleep(pause)
        async with t.lock:
            if t.closed or t.state.phase != ROUND_OVER:
                return
            new = t.state.copy()
            new.start_round()
            try:
                t.version = await self.bot.db.save_decision(
                    t.game_id,
                    t.version,
                    new.to_json(),
                    new.record().to_json(),
                    meta_json=t.meta.to_json(),
                )
            except (StaleVersion, GameNotLive):
                log.warning("game %s: the next deal was not stored; stopping", t.game_id)
                t.closed = True
                return
            t.state = new
            t.notes.clear()
        t.repost = True  # a fresh table message under the results
        t.dirty.set()
        await self._deal_messages(t)

    async def _game_over(self, t: Table) -> None:
        view = t.state.public_view()
        outcome = t.state.outcome()
        assert outcome is not None
        names = t.names
        last = view.results[-1]
        winners = " and ".join(names[w] for w in outcome.winners)
        lines = ["**Last round**", *round_lines(last, names), "", "**Final standings**"]
        lines += standings_lines(outcome.standings, outcome.totals, outcome.winners, names)
        embed = discord.Embed(
            title=f"Game over — {winners} win{'s' if len(outcome.winners) == 1 else ''}!",
            description="\n".join(lines),
            colour=COLOUR,
        )
        computer = [s.user_id is None for s in t.seats]
        picture = await asyncio.to_thread(
            images.standings_picture, outcome, view.results, names, view.options, computer
        )
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        await self._close(t)
        rematch = rematch_view(t.game_id, t.meta.turn_seconds, t.meta.level)
        await self._say(t, "", embed=embed, view=rematch, **_kwargs_files(picture))

    async def _close(self, t: Table) -> None:
        """Stop the table's tasks (but not the caller) and retire its message."""
        t.closed = True
        t.changed.set()
        t.dirty.set()
        if self.tables.get(t.channel_id) is t:
            del self.tables[t.channel_id]
        self.tables_by_game.pop(t.game_id, None)
        self._shown.pop(t.game_id, None)
        me = asyncio.current_task()
        for task in t.tasks:
            if task is not me:
                task.cancel()
        await self._clear_ping(t)
        channel = await self._channel(t)
        if channel is not None and t.meta.table_message_id is not None:
            embed, picture = await self._table_payload(t)
            f = _file(picture)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(t.meta.table_message_id).edit(  # type: ignore[attr-defined]
                    embed=embed, attachments=[f] if f else [], view=None
                )

    async def _end_game(self, t: Table, reason: str) -> None:
        """End without a winner; finished rounds stay recorded."""
        async with t.lock:
            if t.closed:
                return
            with contextlib.suppress(GameNotLive):
                await self.bot.db.abandon_game(t.game_id, record_json=t.state.record().to_json())
            t.closed = True
        await self._close(t)
        view = t.state.public_view()
        rounds = len(view.results)
        lines = [reason, f"Completed rounds are kept ({rounds})."]
        if rounds:
            order = sorted(range(t.state.n), key=lambda p: -view.scores[p])
            lines += ["", "**Standings**"]
            lines += standings_lines(order, view.scores, (), t.names)
        embed = discord.Embed(title="Game ended", description="\n".join(lines), colour=COLOUR)
        await self._say(t, "", embed=embed)

    async def _leave_game(self, interaction: discord.Interaction, t: Table) -> None:
        p = self._seat_for(t, interaction.user)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with t.lock:
            if t.closed:
                raise Stale("This game is over.")
            name = t.seats[p].display_name
            seat = Seat.computer(t.meta.level, f"{name} (computer)")
            await self.bot.db.set_seat(t.game_id, p, seat)
            t.seats[p] = seat
            t.meta.auto[p] = False
            t.meta.timeouts[p] = 0
            humans = t.humans()
            if t.meta.host_id == interaction.user.id and humans:
                t.meta.host_id = t.seats[humans[0]].user_id or 0  # the next human hosts
            await self._save_meta(t)
        self._note(t, f"{name} left; a computer plays their seat")
        t.changed.set()
        t.dirty.set()
        await interaction.followup.send(
            "You left the table; a computer took your seat.", ephemeral=True
        )
        if not t.humans():
            await self._end_game(t, "Every human left, so the game ended.")

    # -- component callbacks ----------------------------------------------------------

    async def on_table_button(
        self, interaction: discord.Interaction, game_id: int, action: str
    ) -> None:
        t = self._table_for_game(game_id)
        if action == "take":
            await self.server.take_seat(interaction, t)
        elif action == "hand":
            await self._send_hand(interaction, t)
        elif action == "leave":
            await self._leave_game(interaction, t)
        else:  # back
            p = self._seat_for(t, interaction.user)
            if await self._reclaim(t, p):
                await interaction.response.edit_message(
                    content="Welcome back: your seat is yours again.", view=None
                )
            else:
                await interaction.response.send_message(
                    "You're already playing your seat.", ephemeral=True
                )

    async def on_control(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        kind: str,
        arg: str,
        values: list[str],
    ) -> None:
        t = self._table_for_game(game_id)
        p = self._seat_for(t, interaction.user)
        if await self._reclaim(t, p) and t.version != version:
            raise Stale("Welcome back: your seat is yours again. These controls are old.")
        if t.version != version:
            raise Stale(
                "Those controls are from an earlier turn, so nothing changed. "
                "Use your latest message or **My hand**."
            )
        if t.state.current_player != p:
            raise Stale("It's not your turn.")
        if kind in ("rank", "count"):
            obs = t.state.observation(p)
            choices = play_choices(obs.legal)
            if kind == "rank":
                rank, count = parse_rank_value(values[0]), None
            else:
                rank, count = parse_rank_value(arg), int(values[0])
            await interaction.response.edit_message(
                view=play_view(game_id, version, choices, rank=rank, count=count)
            )
            return
        decision: Decision
        if kind == "play":
            decision = Play.parse(arg)
        elif kind == "pass":
            decision = PASS
        else:
            hand = t.state.hand(p)
            offer = give_choices(hand, t.state.pending[0][2] if t.state.pending else 0)
            try:
                decision = resolve_give(hand, values, offer.count, offer.grouped)
            except ValueError as exc:
                raise UserFacingError(str(exc)) from exc
        receiver = t.state.pending[0][1] if t.state.phase == EXCHANGE and t.state.pending else None
        await self._apply(t, p, decision, version, by="human")
        if isinstance(decision, Play):
            done = "You passed." if decision.is_pass else f"You played {decision.pretty()}."
        else:
            # Keep what the exchange moved in this message: it replaces the turn message.
            mine = exchange_private_lines(t.state.observation(p).exchange, p, t.names)
            done = "\n".join(mine) + "\n"
            if receiver is not None:
                got = f"{t.names[p]} gave you back {cards_text(decision.cards)}."
                self._spawn(self._dm(t, receiver, content=got), f"president-give-{game_id}")
        left = t.state.hand(p) if not t.state.is_over else ()
        await interaction.response.edit_message(
            content=f"{done} Cards left: {cards_text(left)}"[:2000], view=None, attachments=[]
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PresidentCog(cast("PresidentBot", bot)))
