"""The table runtime on Discord: lobbies, the table message, DMs and clicks,
for every game.

One lobby or one game per channel (a thread is a channel). Each game runs
as two tasks: the *driver* (:meth:`cogs.table.session.TableSession.drive`:
whose turn, computer moves, timers, rounds) and the *table loop* (the only
writer of the channel's table message, at most one edit per
``table_edit_interval``). The game itself is the session's
(:mod:`cogs.table.session`); this cog is its messenger, telling the players
what the session decides, and hands it their clicks.

The runtime knows a game only through its manifest
(:mod:`cogs.table.manifest`): its engine ``GameType`` and its
:class:`~cogs.table.adapter.GameAdapter` (``cogs/<game>/adapter.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib
import json
import logging
import random
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.ext import commands

from cogs.limits import quote
from cogs.replies import UserFacingError, edit_original, followup, respond, send, update
from data import Database, LiveTable, Seat
from engine import GameOutcome, OptionsError, RoundScore, game_types
from render.theme import seat_colours

from .adapter import Aftermath, Decide, GameAdapter
from .commands import build_groups
from .computers import ComputerPool
from .ids import is_control_of
from .images import Picture, file_kwargs, to_file
from .manifest import GameManifest, registered_manifest
from .models import Lobby, Table, TableMeta
from .server import ServerFeatures, takeable_seat
from .server_views import SERVER_ITEMS, rematch_view
from .session import STALE_CONTROLS, Stale, TableSession
from .settings import TURN_TIME_DEFAULT, default_level, parse_turn_time
from .text import countdown, order_by_totals, standings_lines
from .views import DYNAMIC_ITEMS, back_view, lobby_view, table_view

if TYPE_CHECKING:
    from bot import CardTableBot

log = logging.getLogger("president.game")

COMPUTER_NAMES = ("Ada", "Babbage", "Turing", "Hopper", "Lovelace", "Knuth", "Dijkstra")

REQUIRED_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)


ANSWER_GRACE = 1.5
"""Real seconds a click's work may take before its answer is deferred: Discord
drops an interaction that is not answered within three."""

PAUSED = (
    "⏸️ **The game is paused**: I can't save it right now. It goes on by itself as soon "
    "as saving works again, and nothing played is lost."
)
UNPAUSED = "▶️ The game was paused for a moment (saving failed) and goes on."


class Restarting(UserFacingError):
    """A click on a table that is being resumed after a restart; nothing changed."""


def missing_permissions(perms: discord.Permissions, *, thread: bool = False) -> list[str]:
    """Names of the channel permissions the bot lacks to run a table."""
    missing = [label for attr, label in REQUIRED_PERMISSIONS if not getattr(perms, attr)]
    if thread and not perms.send_messages_in_threads:
        missing.append("Send Messages in Threads")
    return missing


def _drawn(colours: list[int] | None, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
    """Call an adapter's drawing function with the players' lobby colours."""
    with seat_colours(colours):
        return fn(*args, **kwargs)


def _round_word(adapter: GameAdapter) -> str:
    """What the game calls a round (``deal`` in Big Two)."""
    return str(getattr(adapter, "round_word", "round"))


def load_manifests() -> dict[str, GameManifest]:
    """Every game the bot hosts, by name: an engine game with a manifest
    (``cogs/<game>/manifest.py`` defining ``MANIFEST``, or one registered by a
    test). A game whose engine exists but whose Discord side does not yet is
    simply not offered; a manifest that does not fit its game stops the start."""
    manifests: dict[str, GameManifest] = {}
    for game in game_types():
        manifest = registered_manifest(game.name)
        if manifest is None:
            try:
                module = importlib.import_module(f"cogs.{game.name}.manifest")
            except ModuleNotFoundError as exc:
                if exc.name in (f"cogs.{game.name}", f"cogs.{game.name}.manifest"):
                    continue
                raise
            manifest = cast(GameManifest | None, getattr(module, "MANIFEST", None))
            if manifest is None:
                continue
        problems = manifest.problems()
        if problems:
            raise RuntimeError("; ".join(problems))
        manifests[game.name] = manifest
    return manifests


def load_adapters() -> dict[str, GameAdapter]:
    """The Discord side of every game the bot hosts, by game name."""
    return {name: m.adapter for name, m in load_manifests().items()}


class TableRuntime(commands.Cog, name="Tables"):
    """Every table of every game; slash commands per game come from
    :func:`cogs.table.commands.build_groups`."""

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot
        self.clock = bot.clock
        self.timings = bot.timings
        self.manifests = load_manifests()
        self.adapters = {name: m.adapter for name, m in self.manifests.items()}
        self.lobbies: dict[int, Lobby] = {}  # by channel id
        self.lobbies_by_id: dict[int, Lobby] = {}
        self.tables: dict[int, Table] = {}  # by channel id
        self.tables_by_game: dict[int, Table] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._shown: dict[int, tuple[int, tuple[str, bytes, str]]] = {}
        """Per game: the table message id and what it shows (to skip no-op edits)."""
        self.server = ServerFeatures(self)  # house rules, rematch, take seat, forget me
        self.computers = ComputerPool()
        self.session = TableSession(
            self.manifests,
            storage=bot.db,
            clock=self.clock,
            messenger=self,
            computers=self.computers,
            timings=self.timings,
        )
        self._drawing = ThreadPoolExecutor(max_workers=2, thread_name_prefix="draw")
        self._groups = build_groups(self)
        self._loaded = asyncio.Event()
        """Set once the live tables stored before a restart are known."""
        self._resuming: dict[int, asyncio.Event] = {}
        """By game id, the stored tables not yet running again; each event is set
        when its table runs (or was given up), so a click can wait for it."""

    def _spawn(self, coro: Any, name: str) -> asyncio.Task[None]:
        """A background task that the cog cancels when it unloads."""
        task: asyncio.Task[None] = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _draw(self, t: Table | None, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        """Run a drawing function of an adapter in the picture threads, with the
        table's players' colours. Two threads: more only contend for the
        interpreter lock with the event loop (at 50 tables six threads made most
        of the click-to-response tail)."""
        loop = asyncio.get_running_loop()
        colours = t.meta.colours if t is not None else None
        call = functools.partial(_drawn, colours, fn, *args, **kwargs)
        return await loop.run_in_executor(self._drawing, call)

    @property
    def db(self) -> Database:
        return self.bot.db

    def now(self) -> float:
        return self.clock.now()

    def adapter(self, kind: str) -> GameAdapter:
        adapter = self.adapters.get(kind)
        if adapter is None:
            raise UserFacingError(f"This bot does not host {kind!r} games.")
        return adapter

    # -- lifecycle ----------------------------------------------------------------

    async def cog_load(self) -> None:
        for group in self._groups:
            self.bot.tree.add_command(group)
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS, *SERVER_ITEMS)
        self._spawn(self._resume_all(), "table-resume")

    async def cog_unload(self) -> None:
        for t in list(self.tables.values()):
            t.closed = True
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.computers.close()
        self._drawing.shutdown(wait=False, cancel_futures=True)
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS, *SERVER_ITEMS)
        for group in self._groups:
            self.bot.tree.remove_command(group.name)

    async def _resume_all(self) -> None:
        """Every live table of the database continues after a restart: from the
        round's snapshot, replaying the decisions stored since."""
        await self.bot.wait_until_ready()
        try:
            lives = await self.session.stored(None, self.bot.db.live_tables)
            self._resuming = {live.game_id: asyncio.Event() for live in lives}
        finally:
            self._loaded.set()
        for live in lives:
            resuming = False
            try:
                resuming = await self._resume_one(live)
            finally:
                if not resuming:  # given up, or running already: clicks need not wait
                    self._resumed(live.game_id)

    def _resumed(self, game_id: int) -> None:
        event = self._resuming.pop(game_id, None)
        if event is not None:
            event.set()

    async def _resume_one(self, live: LiveTable) -> bool:
        """Rebuild one stored table and start resuming it; False if it was not."""
        table = await self.session.restore(live)
        if table is None:
            return False
        channel = await self.channel(table)
        if channel is None:
            log.warning("game %s: channel %s is gone; abandoned", live.game_id, live.channel_id)
            await self.session.abandon_stored(live.game_id)
            return False
        if live.game_id in self.tables_by_game:
            # started since the bot came up (this loop can be slower than the
            # first /<game> new): it already has its table and tasks
            return False
        self._register(table)
        table.repost = True
        table.repost_note = "The bot restarted; the game goes on from where it was."
        self._spawn(self._resume_table(table), f"resume-{table.game_id}")
        log.info("game %s resumed in channel %s", live.game_id, live.channel_id)
        return True

    async def _resume_table(self, t: Table) -> None:
        """Before the game goes on, the turn messages sent before the restart lose
        their buttons (the player to act gets a fresh one), including one sent
        in the moment before the bot stopped, which the stored meta may miss."""
        try:
            for p in t.humans():
                if t.meta.dm_closed[p]:
                    continue
                uid = t.seats[p].user_id
                assert uid is not None
                ids = set(t.meta.hand_dms[p])
                with contextlib.suppress(discord.HTTPException):
                    user = self.bot.get_user(uid) or await self.bot.fetch_user(uid)
                    channel = user.dm_channel or await user.create_dm()
                    async for m in channel.history(limit=10):
                        controls = [
                            c
                            for row in m.components
                            for c in getattr(row, "children", [row])
                            if is_control_of(str(getattr(c, "custom_id", "")), t.game_id)
                        ]
                        if controls:
                            ids.add(m.id)
                t.meta.hand_dms[p] = []
                for message_id in ids:
                    await self._reduce_dm(t, p, message_id)
            self._start_tasks(t)
        finally:
            self._resumed(t.game_id)  # clicks waiting for the table go on

    # -- helpers ------------------------------------------------------------------

    def _register(self, table: Table) -> None:
        self.tables[table.channel_id] = table
        self.tables_by_game[table.game_id] = table

    def _start_tasks(self, table: Table) -> None:
        table.tasks = [
            self._spawn(self.session.drive(table), f"drive-{table.game_id}"),
            self._spawn(self._table_loop(table), f"table-{table.game_id}"),
        ]

    async def channel(self, table: Table | Lobby) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(table.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(table.channel_id)
            except discord.HTTPException:
                return None
        return cast(discord.abc.Messageable, channel)

    async def save_meta(self, t: Table) -> None:
        await self.session.save_meta(t)

    # -- what the session tells the players (its messenger) ---------------------------

    async def paused(self, t: Table) -> None:
        msg = await self._say(t, PAUSED)
        t.pause_message_id = msg.id if msg is not None else None

    def unpaused(self, t: Table) -> None:
        mid, t.pause_message_id = t.pause_message_id, None
        if mid is not None:
            self._spawn(self._unpause_note(t, mid), f"unpause-{t.game_id}")

    async def _unpause_note(self, t: Table, message_id: int) -> None:
        channel = await self.channel(t)
        if channel is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(message_id).edit(content=UNPAUSED)  # type: ignore[attr-defined]

    def _mention(self, t: Table, p: int) -> str:
        uid = t.seats[p].user_id
        return f"<@{uid}>" if uid is not None else t.seats[p].display_name

    def note(self, t: Table, text: str) -> None:
        self.session.note(t, text)

    def _table_for_game(self, game_id: int) -> Table:
        t = self.tables_by_game.get(game_id)
        if t is None or t.closed:
            raise Stale("This game is over; its buttons no longer do anything.")
        return t

    async def _table_for_click(self, game_id: int) -> Table:
        """The table a click acts on. Right after a restart its table may not run
        yet: the click waits for it, as long as its answer can wait, and is then
        told that the table is restarting (never that the game is over)."""
        if game_id not in self.tables_by_game or game_id in self._resuming:
            try:
                async with asyncio.timeout(ANSWER_GRACE):
                    await self._loaded.wait()
                    event = self._resuming.get(game_id)
                    if event is not None:
                        await event.wait()
            except TimeoutError:
                raise Restarting(
                    "The bot just restarted and this game is still starting up again, so "
                    "nothing changed. Try again in a few seconds (your turn message, if it "
                    "is your turn, comes again)."
                ) from None
        return self._table_for_game(game_id)

    def _seat_for(self, t: Table, user: discord.abc.User) -> int:
        p = t.seat_of_user(user.id)
        if p is None:
            raise UserFacingError("You're not playing at this table.")
        return p

    # -- what the slash commands do (declared in commands.py, one group per game) ----

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
        settings = await self.bot.db.effective_settings(interaction.guild_id, channel_id, game.name)
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
            last_activity=self.clock.now(),
        )
        await self.open_lobby(interaction, lobby, note=None)

    async def open_lobby(
        self, interaction: discord.Interaction, lobby: Lobby, note: str | None
    ) -> None:
        """Post a lobby as the answer to a deferred interaction."""
        self.lobbies[lobby.channel_id] = lobby
        self.lobbies_by_id[lobby.lobby_id] = lobby
        embed, picture = await self.lobby_payload(lobby)
        msg = await followup(
            interaction,
            content=note or "",
            embed=embed,
            view=lobby_view(lobby.lobby_id),
            **file_kwargs(picture),
        )
        lobby.message_id = msg.id
        lobby.task = self._spawn(self._lobby_idle(lobby), "lobby-idle")

    def refuse_if_busy(self, channel_id: int) -> None:
        """Refuse a new lobby where a game or a lobby already is."""
        t = self.tables.get(channel_id)
        if t is not None and not t.closed:
            link = ""
            if t.meta.table_message_id:
                link = f" https://discord.com/channels/{t.guild_id}/{channel_id}/"
                link += str(t.meta.table_message_id)
            raise UserFacingError(
                f"A game of {t.adapter.game.title} is already running in this channel:{link}"
            )
        lobby = self.lobbies.get(channel_id)
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

    async def hand_command(self, interaction: discord.Interaction, adapter: GameAdapter) -> None:
        t = self.table_in(interaction, adapter, "hand")
        await self._send_hand(interaction, t)

    async def leave_command(self, interaction: discord.Interaction, adapter: GameAdapter) -> None:
        lobby = self.lobbies.get(interaction.channel_id or 0)
        if lobby is not None and not lobby.closed and lobby.has(interaction.user.id):
            raise UserFacingError("Use the **Leave** button on the lobby.")
        t = self.table_in(interaction, adapter, "leave")
        await self._leave_game(interaction, t)

    async def end_command(self, interaction: discord.Interaction, adapter: GameAdapter) -> None:
        t = self.table_in(interaction, adapter, "end")
        if not self.may_manage(interaction, t.meta.host_id):
            raise UserFacingError("Only the host or someone with Manage Channel can end the game.")
        await respond(interaction, "Ending the game…", ephemeral=True)
        await self._end_game(t, f"{interaction.user.mention} ended the game.")

    def table_in(
        self, interaction: discord.Interaction, adapter: GameAdapter, command: str
    ) -> Table:
        """The running table of this channel, if it is a game of ``adapter``'s kind:
        ``/bigtwo end`` must not end a President game."""
        t = self.tables.get(interaction.channel_id or 0)
        if t is None or t.closed:
            starts = " or ".join(f"/{name} new" for name in self.adapters)
            raise UserFacingError(f"No game is running in this channel. Start one: {starts}")
        if t.kind != adapter.game.name:
            raise UserFacingError(
                f"This channel's table is a {t.adapter.game.title} game: use /{t.kind} {command}."
            )
        return t

    @staticmethod
    def refuse_elsewhere(interaction: discord.Interaction, channel_id: int) -> None:
        """A lobby or table control acts only in its own channel: an id that a
        modified client carries elsewhere changes nothing."""
        if interaction.channel_id != channel_id:
            raise UserFacingError(
                f"That control belongs to <#{channel_id}>, so nothing happened here."
            )

    @staticmethod
    def may_manage(interaction: discord.Interaction, host_id: int) -> bool:
        perms = interaction.permissions
        return interaction.user.id == host_id or perms.manage_channels

    # -- lobby --------------------------------------------------------------------

    async def lobby_payload(self, lobby: Lobby) -> tuple[discord.Embed, Picture | None]:
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
            f"Turn time {lobby.turn_seconds} s · computers play at level {lobby.level}. "
            "Open seats are filled with computer players at Start."
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
        picture = await self._draw(None, adapter.lobby_picture, lobby.options, seats, lobby.seats)
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
                "Open a new one with /<game> new (for example /president new)."
            )
        self.refuse_elsewhere(interaction, lobby.channel_id)
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
                if not lobby.has(user.id) and not self.may_manage(interaction, lobby.host_id):
                    raise UserFacingError("Join the lobby first.")
                if lobby.free <= 0:
                    raise UserFacingError("The table is full.")
                lobby.computers += 1
            elif action in ("start", "cancel"):
                if not self.may_manage(interaction, lobby.host_id):
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
            embed, picture = await self.lobby_payload(lobby)
            f = to_file(picture)
            await edit_original(
                interaction,
                embed=embed,
                attachments=[f] if f else [],
                view=lobby_view(lobby.lobby_id),
            )

    async def _close_lobby(self, lobby: Lobby, reason: str) -> None:
        lobby.closed = True
        self.lobbies.pop(lobby.channel_id, None)
        self.lobbies_by_id.pop(lobby.lobby_id, None)
        if lobby.task is not None and lobby.task is not asyncio.current_task():
            lobby.task.cancel()
        channel = await self.channel(lobby)
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
        # seats are shuffled at Start; each player keeps the colour of their
        # place in the lobby
        order = list(range(len(seats)))
        random.SystemRandom().shuffle(order)
        seats = [seats[i] for i in order]
        seed = secrets.randbits(62)
        manifest = self.manifests[lobby.kind]
        n = len(seats)
        meta = TableMeta(
            lobby.host_id,
            lobby.turn_seconds,
            lobby.level,
            [False] * n,
            [0] * n,
            [False] * n,
            colours=order,
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
        game_id = t.game_id
        names = ", ".join(self._mention(t, p) for p in range(n))
        with contextlib.suppress(discord.HTTPException):  # the game goes on without it
            await edit_original(
                interaction,
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
        self._spawn(self._deal_messages(t), f"deal-{game_id}")

    # -- the table message -----------------------------------------------------------

    async def _table_payload(self, t: Table) -> tuple[discord.Embed, Picture | None]:
        adapter = t.adapter
        state = t.state
        names = t.names
        view = t.snapshot()
        lines = adapter.table_lines(view)
        lines += [f"*{n}*" for n in t.notes]
        turn = state.current_player
        if state.is_terminal():
            status = "**Game over.**"
        elif state.is_round_over():
            status = f"{_round_word(adapter).capitalize()} over — the next one starts shortly."
        elif turn is None:
            status = ""
        elif t.is_computer(turn):
            status = f"🤖 **{names[turn]}** is thinking…"
        else:
            status = f"**Turn:** {self._mention(t, turn)} {adapter.turn_text(view, turn)}"
            if t.deadline is not None:
                status += f" — time runs out {countdown(t.deadline)}"
        embed = discord.Embed(
            title=f"{adapter.game.title} — {state.options.preset} · "
            f"{_round_word(adapter)} {state.round_number}",
            description="\n".join([*lines, "", status]).strip()[:4096],
            colour=adapter.colour,
        )
        embed.set_footer(text=adapter.scores_text(view)[:2048])
        picture = await self._draw(t, adapter.table_picture, view)
        if picture is not None:
            embed.set_image(url=f"attachment://{picture.filename}")
        return embed, picture

    async def _table_loop(self, t: Table) -> None:
        """The only writer of the table message: coalesces updates to one per interval."""
        while not t.closed:
            await t.dirty.wait()
            await self.clock.sleep(self.timings.table_settle)
            t.dirty.clear()
            if t.closed:
                return
            try:
                await self._refresh_table(t)
            except discord.HTTPException as exc:
                log.warning("game %s: table message not updated: %s", t.game_id, exc)
            await self.clock.sleep(self.timings.table_edit_interval)

    async def _refresh_table(self, t: Table) -> None:
        channel = await self.channel(t)
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
            f = to_file(picture)
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
            content=note, embed=embed, view=self._table_view(t), **file_kwargs(picture)
        )
        t.meta.table_message_id = msg.id
        self._shown[t.game_id] = (msg.id, shown)
        t.table_posted_at = self.clock.now()
        t.messages_since_table = 0
        try:
            # under the table lock: a decision being stored holds a copy of the
            # meta and would otherwise write the old message id back over this
            async with t.lock:
                await self.save_meta(t)
        finally:
            # even when the game closes (and cancels this task) right now, the
            # old table must not stay behind looking like the live one: the edit
            # runs as its own task, so a cancel mid-request cannot abort it
            if old is not None:
                retire = self._retire(channel, old, f"The table moved: {msg.jump_url}")
                await asyncio.shield(self._spawn(retire, f"retire-{old}"))

    def _table_view(self, t: Table) -> discord.ui.View:
        # Take seat shows only while a newcomer can take over a computer-played seat.
        return table_view(t.game_id, take_seat=takeable_seat(t) is not None)

    async def _retire(self, channel: discord.abc.Messageable, message_id: int, text: str) -> None:
        """The old table message goes: no stub is left in the channel. Only if it
        cannot be deleted does it become a pointer to the new one."""
        try:
            await channel.get_partial_message(message_id).delete()  # type: ignore[attr-defined]
            return
        except discord.NotFound:
            return  # deleted meanwhile: nothing left to retire
        except discord.HTTPException as exc:
            log.info("old table message %s not deleted (%s); pointing it on", message_id, exc)
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
        me = self.bot.user
        # the bot's own notes and pings do not bury the table: only people's chat
        if me is not None and message.author.id == me.id:
            return
        if t is not None and message.id != t.meta.table_message_id:
            t.messages_since_table += 1

    # -- hands and controls -------------------------------------------------------------

    async def hand_payload(self, t: Table, p: int, *, controls: bool) -> dict[str, Any]:
        """The player's private message (drawn in a thread: it holds a picture)."""
        message = await self._draw(t, t.adapter.hand_message, t.snapshot(), p, controls=controls)
        lines = list(message.lines)
        if controls and t.state.current_player == p and t.deadline is not None:
            lines.append(f"Time runs out {countdown(t.deadline)}.")
        payload: dict[str, Any] = {"content": "\n".join(lines)[:2000]}
        f = to_file(message.picture)
        if f is not None:
            payload["file"] = f
        if message.view is not None:
            payload["view"] = message.view
        return payload

    async def _dm(self, t: Table, p: int, **kwargs: Any) -> discord.Message | None:
        """DM a seated human; None when their DMs are closed (they use My hand)."""
        uid = t.seats[p].user_id
        if uid is None or t.meta.dm_closed[p]:
            return None
        try:
            user = self.bot.get_user(uid) or await self.bot.fetch_user(uid)
            return await send(user, **kwargs)
        except discord.Forbidden as exc:
            if exc.code != 50007:
                log.warning("game %s: DM to seat %s refused: %s", t.game_id, p, exc)
            t.meta.dm_closed[p] = True
            await self.save_meta(t)
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
        channel = await self.channel(t)
        if channel is None:
            return None
        try:
            return await send(channel, content=text, **kwargs)
        except discord.HTTPException as exc:
            log.warning("game %s: channel message failed: %s", t.game_id, exc)
            return None

    async def _ping(self, t: Table, text: str) -> None:
        """A short channel message that notifies someone; the previous ping goes away."""
        await self.clear_ping(t)
        msg = await self._say(t, text)
        t.ping_message_id = msg.id if msg is not None else None

    async def clear_ping(self, t: Table) -> None:
        if t.ping_message_id is None:
            return
        channel = await self.channel(t)
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
            payload = await self.hand_payload(t, p, controls=False)
            await self._hand_dm(t, p, payload, turn=False)

    async def _hand_dm(
        self, t: Table, p: int, payload: dict[str, Any], *, turn: bool = True
    ) -> discord.Message | None:
        """A new hand or turn DM; then the player's earlier live ones of this game
        are reduced to a line, so their DMs show one live hand. The new one goes
        first: a slow edit of an old message must not delay a turn's notice.
        A plain hand (a new deal) that arrives after the player's turn was
        announced is not sent: the turn message has it."""
        async with t.dm_lock:
            if not turn and t.notified is not None and t.notified[1] == p:
                return None
            older = list(t.meta.hand_dms[p])
            msg = await self._dm(t, p, **payload)
            t.meta.hand_dms[p] = [msg.id] if msg is not None else []
            if turn and (msg is not None or older):
                # a restart must find it to take its buttons away
                async with t.lock:
                    await self.save_meta(t)
        if older:
            self._spawn(self._reduce_dms(t, p, older), f"reduce-{t.game_id}-{p}")
        return msg

    async def _reduce_dms(self, t: Table, p: int, message_ids: list[int]) -> None:
        for message_id in message_ids:
            await self._reduce_dm(t, p, message_id)

    async def _reduce_dm(self, t: Table, p: int, message_id: int) -> None:
        uid = t.seats[p].user_id
        if uid is None:
            return
        try:
            user = self.bot.get_user(uid) or await self.bot.fetch_user(uid)
            channel = user.dm_channel or await user.create_dm()
            await channel.get_partial_message(message_id).edit(
                content=f"*An earlier hand of this {t.adapter.game.title} game: "
                "your latest is below.*",
                embed=None,
                attachments=[],
                view=None,
            )
        except discord.HTTPException:
            pass  # deleted by the player, or gone: nothing to reduce

    def acted_on(self, t: Table, p: int, message_id: int | None) -> None:
        """A player answered through this message: it no longer shows a hand."""
        if message_id is not None and message_id in t.meta.hand_dms[p]:
            t.meta.hand_dms[p].remove(message_id)

    async def _send_hand(self, interaction: discord.Interaction, t: Table) -> None:
        """My hand: the hand and, on your turn, the controls, only to you."""
        p = self._seat_for(t, interaction.user)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.session.reclaim(t, p)
        payload = await self.hand_payload(t, p, controls=True)
        await followup(interaction, ephemeral=True, **payload)

    # -- turns, rounds and the end (the session's messenger) -------------------------

    async def turn(self, t: Table, p: int, version: int) -> None:
        payload = await self.hand_payload(t, p, controls=True)
        if t.version != version:
            # played meanwhile (a click on an older message of the same turn, as
            # right after a restart): controls drawn for it would be stale at once
            return
        msg = await self._hand_dm(t, p, payload)
        if msg is None:
            await self._ping(
                t,
                f"{self._mention(t, p)}, it's your turn "
                f"({t.adapter.turn_text(t.snapshot(), p)}): press "
                f"**My hand** on the table. Time runs out "
                f"{countdown(t.deadline or self.clock.now())}.",
            )

    async def warn(self, t: Table, p: int, deadline: float) -> None:
        then = t.adapter.timeout_text(t.snapshot(), p)
        text = f"⏳ Your time runs out {countdown(deadline)}; then {then}"
        if await self._dm(t, p, content=text) is None:
            await self._ping(t, f"{self._mention(t, p)} {text}")

    async def took_over(self, t: Table, p: int) -> None:
        text = (
            "You ran out of time twice in a row, so the computer is playing your seat. "
            "Press **I'm back** (or **My hand** on the table) to take it back."
        )
        if await self._dm(t, p, content=text, view=back_view(t.game_id)) is None:
            await self._say(t, f"{self._mention(t, p)} {text}", view=back_view(t.game_id))

    async def round_over(self, t: Table, result: RoundScore, next_at: float) -> None:
        message = await self._draw(t, t.adapter.round_message, t.snapshot(), result)
        embed = discord.Embed(
            title=message.title,
            description=f"{message.text}\n\nThe next {_round_word(t.adapter)} starts "
            f"{countdown(next_at)}."[-4096:],
            colour=t.adapter.colour,
        )
        if message.picture is not None:
            embed.set_image(url=f"attachment://{message.picture.filename}")
        await self._say(t, "", embed=embed, **file_kwargs(message.picture))

    async def dealt(self, t: Table) -> None:
        t.repost = True  # a fresh table message under the results
        await self._deal_messages(t)

    async def game_over(self, t: Table) -> None:
        outcome = t.state.outcome()
        assert outcome is not None
        await self._final_results(t, outcome)

    async def _final_results(self, t: Table, outcome: GameOutcome) -> None:
        message = await self._draw(t, t.adapter.final_message, t.snapshot(), outcome)
        embed = discord.Embed(
            title=message.title, description=message.text[:4096], colour=t.adapter.colour
        )
        if message.picture is not None:
            embed.set_image(url=f"attachment://{message.picture.filename}")
        await self._close(t)
        rematch = rematch_view(t.game_id, t.meta.turn_seconds, t.meta.level)
        await self._say(t, "", embed=embed, view=rematch, **file_kwargs(message.picture))

    async def _close(self, t: Table) -> None:
        """Stop the table's tasks (but not the caller) and retire its message."""
        t.closed = True
        t.changed.set()
        t.dirty.set()
        if self.tables.get(t.channel_id) is t:
            del self.tables[t.channel_id]
        self.tables_by_game.pop(t.game_id, None)
        self._shown.pop(t.game_id, None)
        self.computers.forget(t.game_id)
        me = asyncio.current_task()
        for task in t.tasks:
            if task is not me:
                task.cancel()
        await self.clear_ping(t)
        channel = await self.channel(t)
        if channel is not None and t.meta.table_message_id is not None:
            embed, picture = await self._table_payload(t)
            f = to_file(picture)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(t.meta.table_message_id).edit(  # type: ignore[attr-defined]
                    embed=embed, attachments=[f] if f else [], view=None
                )

    async def _end_game(self, t: Table, reason: str) -> None:
        """End without a winner; finished rounds stay recorded."""
        if not await self.session.abandon(t):
            return
        await self._close(t)
        results = t.state.round_results()
        lines = [reason, f"Completed rounds are kept ({len(results)})."]
        if results:
            totals = results[-1].totals
            order = order_by_totals(totals, t.adapter.game.lower_is_better)
            lines += ["", "**Standings**"]
            lines += standings_lines(order, totals, (), t.names)
        embed = discord.Embed(
            title="Game ended", description="\n".join(lines)[:4096], colour=t.adapter.colour
        )
        await self._say(t, "", embed=embed)

    async def _leave_game(self, interaction: discord.Interaction, t: Table) -> None:
        p = self._seat_for(t, interaction.user)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.session.leave(t, p, interaction.user.id)
        await followup(
            interaction, content="You left the table; a computer took your seat.", ephemeral=True
        )
        if not t.humans():
            await self._end_game(t, "Every human left, so the game ended.")

    # -- component callbacks ----------------------------------------------------------

    async def on_table_button(
        self, interaction: discord.Interaction, game_id: int, action: str
    ) -> None:
        t = await self._table_for_click(game_id)
        if action != "back":  # I'm back also comes by DM
            self.refuse_elsewhere(interaction, t.channel_id)
        if action == "take":
            await self.server.take_seat(interaction, t)
        elif action == "hand":
            await self._send_hand(interaction, t)
        elif action == "leave":
            await self._leave_game(interaction, t)
        else:  # back
            p = self._seat_for(t, interaction.user)
            if await self.session.reclaim(t, p):
                await update(
                    interaction, content="Welcome back: your seat is yours again.", view=None
                )
            else:
                await respond(interaction, "You're already playing your seat.", ephemeral=True)

    async def on_control(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        kind: str,
        arg: str,
        values: list[str],
    ) -> None:
        t = await self._table_for_click(game_id)
        p = self._seat_for(t, interaction.user)
        if await self.session.reclaim(t, p) and t.version != version:
            raise Stale("Welcome back: your seat is yours again. These controls are old.")
        if t.version != version:
            raise Stale(STALE_CONTROLS)
        if t.state.current_player != p:
            raise Stale("It's not your turn.")
        started = time.thread_time()
        action = t.adapter.on_control(t.snapshot(), p, kind, arg, values)
        cpu = time.thread_time() - started
        if not isinstance(action, Decide):
            extra: dict[str, Any] = {}
            if action.picture is not None:
                extra["attachments"] = [to_file(action.picture)]
            await update(interaction, content=action.content, view=action.view, **extra)
            return
        storing = asyncio.ensure_future(
            self.session.apply(t, p, action.decision, version, by="human")
        )
        # a paused table stores the decision once storage works again: the
        # answer is deferred meanwhile rather than lost
        done, _ = await asyncio.wait({storing}, timeout=ANSWER_GRACE)
        if not done:
            await interaction.response.defer()
        before = await storing
        started = time.thread_time()
        self.acted_on(t, p, interaction.message.id if interaction.message else None)
        after: Aftermath = t.adapter.aftermath(t.snapshot(), p, action.decision, before)
        cpu += time.thread_time() - started + t.loop_cpu
        # read by benchmarks.e2e: the event loop's CPU for this human decision
        log.debug("game %s: human decision loop_cpu_ms=%.3f", game_id, cpu * 1000)
        for other, text in after.private:
            self._spawn(self._dm(t, other, content=text), f"note-{game_id}")
        answer = update if not interaction.response.is_done() else edit_original
        await answer(interaction, content=after.text, view=None, attachments=[])
