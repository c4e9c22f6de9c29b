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
from cogs.options import options_refusal
from cogs.replies import UserFacingError, edit_original, followup
from data import Seat
from engine import OptionsError
from locales import N_, _, _n, current, format_list, reading

from .adapter import GameAdapter
from .context import TableContext, game_title, may_manage, mention, refuse_elsewhere
from .images import Picture, file_kwargs, to_file
from .language import locale_of
from .models import Lobby, Table, TableMeta
from .session import Stale, TableSession
from .settings import TURN_TIME_DEFAULT, default_level, hints_text, parse_turn_time
from .views import lobby_view

COMPUTER_NAMES = ("Ada", "Babbage", "Turing", "Hopper", "Lovelace", "Knuth", "Dijkstra")

# Translators: Discord's own names of channel permissions (as its settings show them).
REQUIRED_PERMISSIONS: tuple[tuple[str, str], ...] = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
    ("read_message_history", N_("Read Message History")),
)
THREAD_PERMISSION = N_("Send Messages in Threads")


def missing_permissions(perms: discord.Permissions, *, thread: bool = False) -> list[str]:
    """Names of the channel permissions the bot lacks to run a table (English:
    translate them with ``_()`` where shown)."""
    missing = [label for attr, label in REQUIRED_PERMISSIONS if not getattr(perms, attr)]
    if thread and not perms.send_messages_in_threads:
        missing.append(THREAD_PERMISSION)
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
            raise UserFacingError(_("Start a game in a server channel."))
        thread = isinstance(interaction.channel, discord.Thread)
        missing = missing_permissions(interaction.app_permissions, thread=thread)
        if missing:
            raise UserFacingError(
                _(
                    "I can't run a table here: I'm missing these permissions in this channel: "
                    "{permissions}. Ask a moderator to grant them."
                ).format(permissions=format_list(current(), [f"**{_(m)}**" for m in missing]))
            )
        self.refuse_if_busy(channel_id)
        settings = await self.ctx.bot.db.effective_settings(
            interaction.guild_id, channel_id, game.name
        )
        name = (rules or settings.preset or game.default_preset).strip().lower()
        info = game.presets.get(name)
        if info is None:
            raise UserFacingError(
                _("There is no {game} preset {name}; choose {presets}.").format(
                    game=game_title(adapter), name=quote(name), presets=", ".join(game.presets)
                )
            )
        overrides = {k: v for k, v in settings.options.items() if k not in ("players", "preset")}
        saved_size = settings.options.get("players") if settings.preset in (None, name) else None
        size = seats if seats is not None else int(saved_size or info.default_players)
        if not info.min_players <= size <= info.max_players:
            raise UserFacingError(
                _("The {preset} preset plays with {min}–{max} seats.").format(
                    preset=name, min=info.min_players, max=info.max_players
                )
            )
        try:
            options = game.make_options(name, {**overrides, "players": size})
        except OptionsError as exc:
            raise UserFacingError(
                _("These rules don't work together: {problem}").format(problem=options_refusal(exc))
            ) from exc
        if not 0 <= bots <= size - 1:
            raise UserFacingError(
                _n(
                    "From 0 to {most} computer players fit at {n} seat.",
                    "From 0 to {most} computer players fit at {n} seats.",
                    size,
                ).format(most=size - 1, n=size)
            )
        chosen_level = (level or settings.computer_level or default_level(game)).strip().lower()
        if chosen_level not in game.levels():
            raise UserFacingError(
                _("Computer level: choose one of {levels}.").format(levels=", ".join(game.levels()))
            )
        if turn_time is not None:
            try:
                turn_seconds = parse_turn_time(turn_time)
            except OptionsError as exc:
                raise UserFacingError(options_refusal(exc)) from exc
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
            guild_locale=locale_of(interaction.guild_locale),
        )
        await self.open_lobby(interaction, lobby, note=None)

    async def open_lobby(
        self, interaction: discord.Interaction, lobby: Lobby, note: str | None
    ) -> None:
        """Post a lobby as the answer to a deferred interaction."""
        if lobby.guild_locale is None:
            lobby.guild_locale = locale_of(interaction.guild_locale)
        await self.ctx.languages.load(lobby.guild_id)
        self.ctx.lobbies[lobby.channel_id] = lobby
        self.ctx.lobbies_by_id[lobby.lobby_id] = lobby
        embed, picture = await self.payload(lobby)
        with reading(self.ctx.public(lobby)):
            view = lobby_view(lobby.lobby_id)
        msg = await followup(
            interaction, content=note or "", embed=embed, view=view, **file_kwargs(picture)
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
                _("A game of {game} is already running in this channel:{link}").format(
                    game=game_title(t.adapter), link=link
                )
            )
        lobby = self.ctx.lobbies.get(channel_id)
        if lobby is not None and not lobby.closed:
            game = game_title(lobby.adapter)
            if lobby.message_id:
                where = f"https://discord.com/channels/{lobby.guild_id}/{channel_id}/"
                raise UserFacingError(
                    _(
                        "A {game} lobby is already open in this channel: press **Join** on it "
                        "({link})."
                    ).format(game=game, link=where + str(lobby.message_id))
                )
            raise UserFacingError(
                _("A {game} lobby is already open in this channel: press **Join** on it.").format(
                    game=game
                )
            )

    async def payload(self, lobby: Lobby) -> tuple[discord.Embed, Picture | None]:
        """The lobby as the server reads it (its language, :mod:`.language`)."""
        with reading(self.ctx.public(lobby)):
            return await self._payload(lobby)

    async def _payload(self, lobby: Lobby) -> tuple[discord.Embed, Picture | None]:
        adapter = lobby.adapter
        names = [name for _uid, name in lobby.players]
        lines = [adapter.describe_options(lobby.options), ""]
        for uid, _name in lobby.players:
            if uid == lobby.host_id:
                lines.append(_("• {player} (host)").format(player=f"<@{uid}>"))
            else:
                lines.append(f"• <@{uid}>")
        for i in range(lobby.computers):
            lines.append(
                "• 🤖 "
                + _("{name} ({level})").format(
                    name=COMPUTER_NAMES[i % len(COMPUTER_NAMES)], level=lobby.level
                )
            )
        lines += [_("• *open seat*") for _i in range(lobby.free)]
        lines.append("")
        lines.append(
            _(
                "Turn time {seconds} s · computers play at level {level} · {hints}. "
                "Open seats are filled with computer players at Start."
            ).format(seconds=lobby.turn_seconds, level=lobby.level, hints=hints_text(lobby.hints))
        )
        seated = len(lobby.players) + lobby.computers
        embed = discord.Embed(
            title=_("{game} — {preset} · {seated}/{seats} seats").format(
                game=game_title(adapter), preset=lobby.preset, seated=seated, seats=lobby.seats
            ),
            description="\n".join(lines)[:4096],
            colour=adapter.colour,
        )
        embed.set_footer(text=_("Start and Cancel: the host or anyone with Manage Channel."))
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
                _(
                    "This lobby is closed (started, cancelled, idle too long or the bot "
                    "restarted). Open a new one with {command}."
                ).format(command="/<game> new (for example /president new)")
            )
        refuse_elsewhere(interaction, lobby.channel_id)
        user = interaction.user
        if action == "rules":
            await self.house_rules(interaction, lobby)
            return
        async with lobby.lock:
            if lobby.closed:
                raise Stale(_("This lobby just closed."))
            if action == "join":
                if lobby.has(user.id):
                    raise UserFacingError(_("You're already seated in this lobby."))
                if lobby.free <= 0:
                    raise UserFacingError(_("The table is full."))
                lobby.players.append((user.id, user.display_name))
            elif action == "leave":
                if not lobby.has(user.id):
                    raise UserFacingError(_("You're not in this lobby."))
                lobby.players = [(u, n) for u, n in lobby.players if u != user.id]
                if not lobby.players:
                    await interaction.response.defer()
                    await self.close(lobby, N_("Everyone left, so the lobby closed."))
                    return
                if lobby.host_id == user.id:
                    lobby.host_id = lobby.players[0][0]  # the next player becomes host
            elif action == "bot":
                if not lobby.has(user.id) and not may_manage(interaction, lobby.host_id):
                    raise UserFacingError(_("Join the lobby first."))
                if lobby.free <= 0:
                    raise UserFacingError(_("The table is full."))
                lobby.computers += 1
            elif action in ("start", "cancel"):
                if not may_manage(interaction, lobby.host_id):
                    refusal = (
                        _(
                            "Only the host ({host}) or someone with Manage Channel can start "
                            "the game."
                        )
                        if action == "start"
                        else _(
                            "Only the host ({host}) or someone with Manage Channel can cancel "
                            "the game."
                        )
                    )
                    raise UserFacingError(refusal.format(host=f"<@{lobby.host_id}>"))
                await interaction.response.defer()
                if action == "cancel":
                    await self.close(lobby, N_("{user} cancelled the lobby."), user=user.mention)
                else:
                    await self._start(lobby, interaction)
                return
            lobby.last_activity = self.ctx.clock.now()
            await interaction.response.defer()
            embed, picture = await self.payload(lobby)
            f = to_file(picture)
            with reading(self.ctx.public(lobby)):
                view = lobby_view(lobby.lobby_id)
            await edit_original(interaction, embed=embed, attachments=[f] if f else [], view=view)

    async def close(self, lobby: Lobby, reason: str, **values: object) -> None:
        """Close the lobby; its message says why (``reason``, marked with ``N_``
        and formatted with ``values``, in the server's language)."""
        lobby.closed = True
        self.ctx.lobbies.pop(lobby.channel_id, None)
        self.ctx.lobbies_by_id.pop(lobby.lobby_id, None)
        if lobby.task is not None and lobby.task is not asyncio.current_task():
            lobby.task.cancel()
        channel = await self.ctx.channel(lobby)
        if channel is not None and lobby.message_id is not None:
            with reading(self.ctx.public(lobby)):
                text = _(reason).format(**values)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(lobby.message_id).edit(  # type: ignore[attr-defined]
                    content=text, embed=None, attachments=[], view=None
                )

    async def _idle(self, lobby: Lobby) -> None:
        while not lobby.closed:
            left = lobby.last_activity + self.ctx.timings.lobby_idle - self.ctx.clock.now()
            if left <= 0:
                minutes = round(self.ctx.timings.lobby_idle / 60)
                await self.close(
                    lobby,
                    N_("This lobby closed after {minutes} minutes without activity."),
                    minutes=minutes,
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
            guild_locale=lobby.guild_locale,
            locales=[
                self.ctx.languages.last(s.user_id) if s.user_id is not None else None for s in seats
            ],
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
        with reading(self.ctx.public(t)):
            names = format_list(current(), [mention(t, p) for p in range(n)])
            started = _(
                "The game has started: {players}. Hands are in your DMs "
                "(or press **My hand** on the table)."
            ).format(players=names)
        with contextlib.suppress(discord.HTTPException):  # the game goes on without it
            await edit_original(
                interaction,
                content=started,
                embed=None,
                attachments=[],
                view=None,
            )
        self.started(t)
