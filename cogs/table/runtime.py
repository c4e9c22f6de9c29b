"""The table runtime on Discord: one cog that wires the table's parts together
and answers the slash commands and buttons of every game.

One lobby or one game per channel (a thread is a channel). Each game runs
as two tasks: the *driver* (:meth:`cogs.table.session.TableSession.drive`:
whose turn, computer moves, timers, rounds) and the *table loop*
(:meth:`cogs.table.table_message.TableMessages.loop`, the only writer of the
channel's table message). The game itself is the session's
(:mod:`cogs.table.session`); the runtime is its messenger, telling the
players what it decides through the Discord services: lobbies
(:mod:`.lobby`), the table message (:mod:`.table_message`), private
messages (:mod:`.private`), channel notices (:mod:`.notices`) and clicks
(:mod:`.clicks`); the server's features are :mod:`.server`.

The runtime knows a game only through its manifest
(:mod:`cogs.table.manifest`): its engine ``GameType`` and its
:class:`~cogs.table.adapter.GameAdapter` (``cogs/<game>/adapter.py``).
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from contextlib import AbstractContextManager as Reader
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.ext import commands

from cogs.replies import UserFacingError, followup, respond, update
from data import Database, LiveTable
from engine import GameOutcome, RoundScore, game_types
from locales import _, _n, current, format_number, reading

from . import text as words
from .adapter import GameAdapter
from .clicks import Clicks, seat_for
from .coach import Coach
from .commands import build_groups, build_language
from .computers import ComputerPool
from .context import TableContext, by_round, game_title, may_manage, mention, refuse_elsewhere
from .images import Picture, file_kwargs
from .language import Languages
from .lobby import Lobbies
from .lobby import missing_permissions as missing_permissions
from .manifest import GameManifest, registered_manifest
from .models import Lobby, Table
from .notices import PAUSED as PAUSED
from .notices import UNPAUSED as UNPAUSED
from .notices import ChannelNotices
from .private import PrivateMessages
from .replay import Replays
from .server import ServerFeatures
from .server_views import SERVER_ITEMS, rematch_view
from .session import TableSession
from .table_message import TableMessages
from .text import Later, countdown, order_by_totals, standings_lines
from .views import DYNAMIC_ITEMS, back_view, review_button

if TYPE_CHECKING:
    from bot import CardTableBot

log = logging.getLogger("cardtable.game")


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
        self.ctx = ctx = TableContext(bot, self.manifests)
        self.computers = ComputerPool()
        self.session = TableSession(
            self.manifests,
            storage=bot.db,
            clock=self.clock,
            messenger=self,
            computers=self.computers,
            timings=self.timings,
        )
        self.notices = ChannelNotices(ctx)
        self.private = PrivateMessages(ctx, self.notices, self.session.save_meta)
        self.table_messages = TableMessages(ctx, self.session.save_meta)
        self.clicks = Clicks(ctx, self.session, self.private)
        self.server = ServerFeatures(self)  # house rules, rematch, take seat, forget me
        self.coach = Coach(ctx, self.session, self.clicks, self.computers, bot.db)
        self.lobby = Lobbies(
            ctx, self.session, started=self._started, house_rules=self.server.open_house_rules
        )
        self.replays = Replays(bot.db, ctx.adapters, languages=ctx.languages)  # /<game> replay
        self._groups = [*build_groups(self), build_language(self)]

    # -- what the other parts see (cogs.table.handlers) --------------------------------

    @property
    def adapters(self) -> dict[str, GameAdapter]:
        return self.ctx.adapters

    @property
    def languages(self) -> Languages:
        return self.ctx.languages

    @property
    def lobbies(self) -> dict[int, Lobby]:
        return self.ctx.lobbies

    @property
    def lobbies_by_id(self) -> dict[int, Lobby]:
        return self.ctx.lobbies_by_id

    @property
    def tables(self) -> dict[int, Table]:
        return self.ctx.tables

    @property
    def tables_by_game(self) -> dict[int, Table]:
        return self.ctx.tables_by_game

    @property
    def _tasks(self) -> set[asyncio.Task[None]]:
        return self.ctx.tasks

    @property
    def db(self) -> Database:
        return self.bot.db

    def now(self) -> float:
        return self.clock.now()

    refuse_elsewhere = staticmethod(refuse_elsewhere)

    def reader(self, interaction: discord.Interaction, game_id: int | None = None) -> Reader[str]:
        """Compose in the user's language; their seat at the table of ``game_id``
        (default: of the channel) remembers it for the DMs sent without a click."""
        key = game_id if game_id is not None else interaction.channel_id or 0
        t = (self.tables_by_game if game_id is not None else self.tables).get(key)
        return self.ctx.languages.reader(interaction, t)

    may_manage = staticmethod(may_manage)

    def refuse_if_busy(self, channel_id: int) -> None:
        self.lobby.refuse_if_busy(channel_id)

    async def open_lobby(
        self, interaction: discord.Interaction, lobby: Lobby, note: str | None
    ) -> None:
        await self.lobby.open_lobby(interaction, lobby, note)

    async def channel(self, place: Table | Lobby) -> discord.abc.Messageable | None:
        return await self.ctx.channel(place)

    async def lobby_payload(self, lobby: Lobby) -> tuple[discord.Embed, Picture | None]:
        return await self.lobby.payload(lobby)

    async def save_meta(self, t: Table) -> None:
        await self.session.save_meta(t)

    def note(self, t: Table, text: str | Later) -> None:
        self.session.note(t, text)

    async def take_seat(self, t: Table, user_id: int, name: str) -> tuple[int, str] | str:
        return await self.session.take_seat(t, user_id, name)

    async def hand_payload(self, t: Table, p: int, *, controls: bool) -> dict[str, Any]:
        return await self.private.hand_payload(t, p, controls=controls)

    # -- lifecycle ----------------------------------------------------------------

    async def cog_load(self) -> None:
        for group in self._groups:
            self.bot.tree.add_command(group)
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS, *SERVER_ITEMS)
        self.ctx.spawn(self._resume_all(), "table-resume")

    async def cog_unload(self) -> None:
        for t in list(self.tables.values()):
            t.closed = True
        await self.ctx.stop()
        self.replays.close()
        self.computers.close()
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS, *SERVER_ITEMS)
        for group in self._groups:
            self.bot.tree.remove_command(group.name)

    async def _resume_all(self) -> None:
        """Every live table of the database continues after a restart: from the
        round's snapshot, replaying the decisions stored since. The list is read
        before the bot is ready, so no game a command starts is in it."""
        try:
            stored = await self.session.stored(None, self.bot.db.live_tables)
            # in a cluster, the members running the other shards resume theirs
            lives = [live for live in stored if self.bot.owns_guild(live.guild_id)]
            self.clicks.resuming = {live.game_id: asyncio.Event() for live in lives}
        finally:
            self.clicks.loaded.set()
        await self.bot.wait_until_ready()
        for live in lives:
            resuming = False
            try:
                resuming = await self._resume_one(live)
            finally:
                if not resuming:  # given up, or running already: clicks need not wait
                    self.clicks.resumed(live.game_id)

    async def _resume_one(self, live: LiveTable) -> bool:
        """Rebuild one stored table and start resuming it; False if it was not."""
        table = await self.session.restore(live)
        if table is None:
            return False
        channel = await self.ctx.channel(table)
        if channel is None:
            log.warning("game %s: channel %s is gone; abandoned", live.game_id, live.channel_id)
            await self.session.abandon_stored(live.game_id)
            return False
        if live.game_id in self.tables_by_game:
            # started since the bot came up (this loop can be slower than the
            # first /<game> new): it already has its table and tasks
            return False
        self.ctx.register(table)
        table.repost = True
        await self.ctx.languages.load(table.guild_id)
        with reading(self.ctx.public(table)):
            table.repost_note = _("The bot restarted; the game goes on from where it was.")
        self.ctx.spawn(self._resume_table(table), f"resume-{table.game_id}")
        log.info("game %s resumed in channel %s", live.game_id, live.channel_id)
        return True

    async def _resume_table(self, t: Table) -> None:
        """Before the game goes on, the turn messages sent before the restart lose
        their buttons (the player to act gets a fresh one)."""
        try:
            await self.private.after_restart(t)
            self._start_tasks(t)
        finally:
            self.clicks.resumed(t.game_id)  # clicks waiting for the table go on

    def _start_tasks(self, table: Table) -> None:
        table.tasks = [
            self.ctx.spawn(self.session.drive(table), f"drive-{table.game_id}"),
            self.ctx.spawn(self.table_messages.loop(table), f"table-{table.game_id}"),
        ]

    def _started(self, t: Table) -> None:
        """A game was created from a lobby: it runs, and hands go out."""
        self.ctx.register(t)
        t.repost = True
        self._start_tasks(t)
        # A cog task rather than the click's: it is cancelled cleanly on shutdown.
        self.ctx.spawn(self.private.deal_messages(t), f"deal-{t.game_id}")

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        self.table_messages.chat(message)

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
        await self.lobby.new_lobby(interaction, adapter, rules, seats, bots, level, turn_time)

    async def hand_command(self, interaction: discord.Interaction, adapter: GameAdapter) -> None:
        t = self.table_in(interaction, adapter, "hand")
        await self._send_hand(interaction, t)

    async def leave_command(self, interaction: discord.Interaction, adapter: GameAdapter) -> None:
        lobby = self.lobbies.get(interaction.channel_id or 0)
        if lobby is not None and not lobby.closed and lobby.has(interaction.user.id):
            raise UserFacingError(_("Use the **Leave** button on the lobby."))
        t = self.table_in(interaction, adapter, "leave")
        await self._leave_game(interaction, t)

    async def end_command(self, interaction: discord.Interaction, adapter: GameAdapter) -> None:
        t = self.table_in(interaction, adapter, "end")
        if not may_manage(interaction, t.meta.host_id):
            text = _("Only the host or someone with Manage Channel can end the game.")
            raise UserFacingError(text)
        await respond(interaction, _("Ending the game…"), ephemeral=True)
        with reading(self.ctx.public(t)):
            reason = _("{user} ended the game.").format(user=interaction.user.mention)
        await self._end_game(t, reason)

    def table_in(
        self, interaction: discord.Interaction, adapter: GameAdapter, command: str
    ) -> Table:
        """The running table of this channel, if it is a game of ``adapter``'s kind:
        ``/bigtwo end`` must not end a President game."""
        t = self.tables.get(interaction.channel_id or 0)
        if t is None or t.closed:
            starts = words.either([f"/{name} new" for name in self.adapters])
            text = _("No game is running in this channel. Start one: {commands}")
            raise UserFacingError(text.format(commands=starts))
        if t.kind != adapter.game.name:
            raise UserFacingError(
                _("This channel's table is a {game} game: use {command}.").format(
                    game=game_title(t.adapter), command=f"/{t.kind} {command}"
                )
            )
        return t

    async def _send_hand(self, interaction: discord.Interaction, t: Table) -> None:
        """My hand: the hand and, on your turn, the controls, only to you."""
        p = seat_for(t, interaction.user)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.session.reclaim(t, p)
        payload = await self.private.hand_payload(t, p, controls=True)
        await followup(interaction, ephemeral=True, **payload)
        self.private.heard(t, interaction)

    async def _leave_game(self, interaction: discord.Interaction, t: Table) -> None:
        p = seat_for(t, interaction.user)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.session.leave(t, p, interaction.user.id)
        await followup(
            interaction, content=_("You left the table; a computer took your seat."), ephemeral=True
        )
        if not t.humans():
            with reading(self.ctx.public(t)):
                reason = _("Every human left, so the game ended.")
            await self._end_game(t, reason)

    async def _end_game(self, t: Table, reason: str) -> None:
        """End without a winner; finished rounds stay recorded."""
        if not await self.session.abandon(t):
            return
        await self._close(t)
        results = t.state.round_results()
        with reading(self.ctx.public(t)):
            kept = _n(
                "{n} completed round is kept.", "{n} completed rounds are kept.", len(results)
            ).format(n=format_number(current(), len(results)))
            lines = [reason, kept]
            if results:
                totals = results[-1].totals
                order = order_by_totals(totals, t.adapter.game.lower_is_better)
                lines += ["", _("**Standings**")]
                lines += standings_lines(order, totals, (), t.names)
            embed = discord.Embed(
                title=_("Game ended"), description="\n".join(lines)[:4096], colour=t.adapter.colour
            )
        await self.notices.say(t, "", embed=embed)

    async def _close(self, t: Table) -> None:
        """Stop the table's tasks (but not the caller) and retire its message."""
        t.closed = True
        t.changed.set()
        t.dirty.set()
        self.ctx.unregister(t)
        self.computers.forget(t.game_id)
        me = asyncio.current_task()
        for task in t.tasks:
            if task is not me:
                task.cancel()
        await self.notices.clear_ping(t)
        await self.table_messages.final(t)

    # -- buttons ---------------------------------------------------------------------

    async def on_lobby_button(
        self, interaction: discord.Interaction, lobby_id: int, action: str
    ) -> None:
        await self.lobby.on_button(interaction, lobby_id, action)

    async def on_table_button(
        self, interaction: discord.Interaction, game_id: int, action: str
    ) -> None:
        t = await self.clicks.table(game_id)
        if action != "back":  # I'm back also comes by DM
            refuse_elsewhere(interaction, t.channel_id)
        if action == "take":
            await self.server.take_seat(interaction, t)
        elif action == "hand":
            await self._send_hand(interaction, t)
        elif action == "leave":
            await self._leave_game(interaction, t)
        else:  # back
            p = seat_for(t, interaction.user)
            if await self.session.reclaim(t, p):
                await update(
                    interaction, content=_("Welcome back: your seat is yours again."), view=None
                )
                self.private.heard(t, interaction)
            else:
                await respond(interaction, _("You're already playing your seat."), ephemeral=True)

    async def on_control(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        kind: str,
        arg: str,
        values: list[str],
    ) -> None:
        await self.clicks.on_control(interaction, game_id, version, kind, arg, values)

    # -- what the session tells the players (its messenger, cogs.table.ports) ----------

    async def turn(self, t: Table, p: int, version: int) -> None:
        payload = await self.private.hand_payload(t, p, controls=True)
        if t.version != version:
            # played meanwhile (a click on an older message of the same turn, as
            # right after a restart): controls drawn for it would be stale at once
            return
        msg = await self.private.hand_dm(t, p, payload)
        if msg is None or msg.flags.ephemeral:
            # no DM reaches them: a mention in the channel notifies them (a message
            # only they see, through their last click there, does not)
            with reading(self.ctx.public(t)):
                what = t.adapter.turn_text(t.snapshot(), p)
                when = countdown(t.deadline or self.clock.now())
                text = words.turn_ping(mention(t, p), what, when)
            await self.notices.ping(t, text)

    async def warn(self, t: Table, p: int, deadline: float) -> None:
        with reading(self.ctx.private(t, p)):
            text = words.warning(t.adapter.timeout_text(t.snapshot(), p), deadline)
        if await self.private.tell(t, p, content=text, notify=True) is None:
            with reading(self.ctx.public(t)):
                text = words.warning(t.adapter.timeout_text(t.snapshot(), p), deadline)
            await self.notices.ping(t, f"{mention(t, p)} {text}")

    async def clear_ping(self, t: Table) -> None:
        await self.notices.clear_ping(t)

    async def took_over(self, t: Table, p: int) -> None:
        with reading(self.ctx.private(t, p)):
            sent = await self.private.tell(
                t, p, content=_(words.TOOK_OVER), view=back_view(t.game_id), notify=True
            )
        if sent is None:
            with reading(self.ctx.public(t)):
                text, view = f"{mention(t, p)} {_(words.TOOK_OVER)}", back_view(t.game_id)
            await self.notices.say(t, text, view=view)

    async def round_over(self, t: Table, result: RoundScore, next_at: float) -> None:
        with reading(self.ctx.public(t)):
            message = await self.ctx.draw(t, t.adapter.round_message, t.snapshot(), result)
            then = by_round(t.adapter, "next").format(when=countdown(next_at))
        embed = discord.Embed(
            title=message.title,
            description=f"{message.text}\n\n{then}"[-4096:],
            colour=t.adapter.colour,
        )
        if message.picture is not None:
            embed.set_image(url=f"attachment://{message.picture.filename}")
        await self.notices.say(t, "", embed=embed, **file_kwargs(message.picture))

    async def dealt(self, t: Table) -> None:
        t.repost = True  # a fresh table message under the results
        await self.private.deal_messages(t)

    async def game_over(self, t: Table) -> None:
        outcome: GameOutcome | None = t.state.outcome()
        assert outcome is not None
        with reading(self.ctx.public(t)):
            message = await self.ctx.draw(t, t.adapter.final_message, t.snapshot(), outcome)
        embed = discord.Embed(
            title=message.title, description=message.text[:4096], colour=t.adapter.colour
        )
        if message.picture is not None:
            embed.set_image(url=f"attachment://{message.picture.filename}")
        await self._close(t)
        with reading(self.ctx.public(t)):
            rematch = rematch_view(t.game_id, t.meta.turn_seconds, t.meta.level, t.meta.hints)
            if t.humans():
                rematch.add_item(review_button(t.game_id))
        await self.notices.say(t, "", embed=embed, view=rematch, **file_kwargs(message.picture))

    async def paused(self, t: Table) -> None:
        await self.notices.paused(t)

    def unpaused(self, t: Table) -> None:
        self.notices.unpaused(t)
